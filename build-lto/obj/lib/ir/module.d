build-lto/obj/lib/ir/module.o: lib/ir/module.c lib/ir/ir_int.h \
 lib/ir/ir.h lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
