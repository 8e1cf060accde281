build-lto/obj/lib/ir/diag.o: lib/ir/diag.c lib/ir/ir.h lib/ir/ops.def
lib/ir/ir.h:
lib/ir/ops.def:
