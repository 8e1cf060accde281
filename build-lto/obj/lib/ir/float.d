build-lto/obj/lib/ir/float.o: lib/ir/float.c lib/ir/ir.h lib/ir/ops.def
lib/ir/ir.h:
lib/ir/ops.def:
