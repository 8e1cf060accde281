build-lto/obj/lib/opt/printcfg.o: lib/opt/printcfg.c lib/opt/optutil.h \
 lib/opt/opt.h lib/ir/ir.h lib/ir/ops.def lib/opt/passes.def
lib/opt/optutil.h:
lib/opt/opt.h:
lib/ir/ir.h:
lib/ir/ops.def:
lib/opt/passes.def:
