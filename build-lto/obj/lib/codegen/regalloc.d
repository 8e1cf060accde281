build-lto/obj/lib/codegen/regalloc.o: lib/codegen/regalloc.c \
 lib/codegen/cg.h lib/ir/ir.h lib/ir/ops.def
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
