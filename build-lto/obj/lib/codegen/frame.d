build-lto/obj/lib/codegen/frame.o: lib/codegen/frame.c lib/codegen/cg.h \
 lib/ir/ir.h lib/ir/ops.def
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
