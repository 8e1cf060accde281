build-lto/obj/lib/ir/builder.o: lib/ir/builder.c lib/ir/ir_int.h \
 lib/ir/ir.h lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
