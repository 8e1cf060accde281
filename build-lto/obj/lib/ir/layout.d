build-lto/obj/lib/ir/layout.o: lib/ir/layout.c lib/ir/ir_int.h \
 lib/ir/ir.h lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
