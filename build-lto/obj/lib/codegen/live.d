build-lto/obj/lib/codegen/live.o: lib/codegen/live.c lib/codegen/cg.h \
 lib/ir/ir.h lib/ir/ops.def
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
