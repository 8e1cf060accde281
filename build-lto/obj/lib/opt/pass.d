build-lto/obj/lib/opt/pass.o: lib/opt/pass.c lib/opt/opt.h lib/ir/ir.h \
 lib/ir/ops.def lib/opt/passes.def lib/opt/pipelines.def
lib/opt/opt.h:
lib/ir/ir.h:
lib/ir/ops.def:
lib/opt/passes.def:
lib/opt/pipelines.def:
