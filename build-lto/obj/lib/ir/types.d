build-lto/obj/lib/ir/types.o: lib/ir/types.c lib/ir/ir_int.h lib/ir/ir.h \
 lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
