build-lto/obj/gen/sir.tab.o: build-lto/gen/sir.tab.c \
 build-lto/gen/sir.tab.h lib/ir/parse_int.h lib/ir/ir_int.h lib/ir/ir.h \
 lib/ir/ops.def
build-lto/gen/sir.tab.h:
lib/ir/parse_int.h:
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
