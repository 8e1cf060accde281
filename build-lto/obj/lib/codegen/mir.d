build-lto/obj/lib/codegen/mir.o: lib/codegen/mir.c lib/codegen/cg.h \
 lib/ir/ir.h lib/ir/ops.def
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
