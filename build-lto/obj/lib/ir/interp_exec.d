build-lto/obj/lib/ir/interp_exec.o: lib/ir/interp_exec.c \
 lib/ir/interp_int.h lib/ir/ir_int.h lib/ir/ir.h lib/ir/ops.def
lib/ir/interp_int.h:
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
