build-lto/obj/lib/opt/sccp.o: lib/opt/sccp.c lib/opt/optutil.h \
 lib/opt/opt.h lib/ir/ir.h lib/ir/ops.def lib/opt/passes.def
lib/opt/optutil.h:
lib/opt/opt.h:
lib/ir/ir.h:
lib/ir/ops.def:
lib/opt/passes.def:
