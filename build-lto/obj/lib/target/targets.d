build-lto/obj/lib/target/targets.o: lib/target/targets.c \
 lib/target/target.h lib/codegen/cg.h lib/ir/ir.h lib/ir/ops.def
lib/target/target.h:
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
