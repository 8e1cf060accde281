build-lto/obj/gen/lex.yy.o: build-lto/gen/lex.yy.c lib/ir/parse_int.h \
 lib/ir/ir_int.h lib/ir/ir.h lib/ir/ops.def build-lto/gen/sir.tab.h
lib/ir/parse_int.h:
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
build-lto/gen/sir.tab.h:
