build-lto/obj/cmd/siropt.o: cmd/siropt.c lib/ir/ir.h lib/ir/ops.def \
 lib/opt/opt.h lib/opt/passes.def cmd/cli.h
lib/ir/ir.h:
lib/ir/ops.def:
lib/opt/opt.h:
lib/opt/passes.def:
cmd/cli.h:
