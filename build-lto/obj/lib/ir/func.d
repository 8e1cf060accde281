build-lto/obj/lib/ir/func.o: lib/ir/func.c lib/ir/ir_int.h lib/ir/ir.h \
 lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
