build-lto/obj/lib/ir/print.o: lib/ir/print.c lib/ir/ir_int.h lib/ir/ir.h \
 lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
