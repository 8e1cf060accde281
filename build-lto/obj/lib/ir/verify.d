build-lto/obj/lib/ir/verify.o: lib/ir/verify.c lib/ir/ir_int.h \
 lib/ir/ir.h lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
