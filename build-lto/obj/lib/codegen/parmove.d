build-lto/obj/lib/codegen/parmove.o: lib/codegen/parmove.c \
 lib/codegen/cg.h lib/ir/ir.h lib/ir/ops.def
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
