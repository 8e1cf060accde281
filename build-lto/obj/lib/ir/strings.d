build-lto/obj/lib/ir/strings.o: lib/ir/strings.c lib/ir/ir_int.h \
 lib/ir/ir.h lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
