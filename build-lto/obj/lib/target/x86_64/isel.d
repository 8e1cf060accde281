build-lto/obj/lib/target/x86_64/isel.o: lib/target/x86_64/isel.c \
 lib/target/x86_64/x64.h lib/codegen/cg.h lib/ir/ir.h lib/ir/ops.def \
 lib/target/target.h lib/target/x86_64/insts.def
lib/target/x86_64/x64.h:
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
lib/target/target.h:
lib/target/x86_64/insts.def:
