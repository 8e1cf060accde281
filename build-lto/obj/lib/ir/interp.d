build-lto/obj/lib/ir/interp.o: lib/ir/interp.c lib/ir/interp_int.h \
 lib/ir/ir_int.h lib/ir/ir.h lib/ir/ops.def
lib/ir/interp_int.h:
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
