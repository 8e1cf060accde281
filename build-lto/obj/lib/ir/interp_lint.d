build-lto/obj/lib/ir/interp_lint.o: lib/ir/interp_lint.c \
 lib/ir/interp_int.h lib/ir/ir_int.h lib/ir/ir.h lib/ir/ops.def
lib/ir/interp_int.h:
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
