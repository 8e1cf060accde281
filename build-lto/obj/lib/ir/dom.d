build-lto/obj/lib/ir/dom.o: lib/ir/dom.c lib/ir/ir_int.h lib/ir/ir.h \
 lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
