build-lto/obj/lib/opt/splitcrit.o: lib/opt/splitcrit.c lib/opt/optutil.h \
 lib/opt/opt.h lib/ir/ir.h lib/ir/ops.def lib/opt/passes.def
lib/opt/optutil.h:
lib/opt/opt.h:
lib/ir/ir.h:
lib/ir/ops.def:
lib/opt/passes.def:
