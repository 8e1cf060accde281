build-lto/obj/lib/target/gas.o: lib/target/gas.c lib/target/target.h \
 lib/codegen/cg.h lib/ir/ir.h lib/ir/ops.def
lib/target/target.h:
lib/codegen/cg.h:
lib/ir/ir.h:
lib/ir/ops.def:
