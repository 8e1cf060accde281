build-lto/obj/lib/codegen/lower.o: lib/codegen/lower.c lib/codegen/cg.h \
 lib/ir/ir.h lib/ir/ops.def
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
