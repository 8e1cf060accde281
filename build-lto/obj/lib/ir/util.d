build-lto/obj/lib/ir/util.o: lib/ir/util.c lib/ir/ir.h lib/ir/ops.def
lib/ir/ir.h:
lib/ir/ops.def:
