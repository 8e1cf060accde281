build-lto/obj/lib/ir/cfg.o: lib/ir/cfg.c lib/ir/ir_int.h lib/ir/ir.h \
 lib/ir/ops.def
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
