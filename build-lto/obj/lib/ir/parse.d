build-lto/obj/lib/ir/parse.o: lib/ir/parse.c lib/ir/parse_int.h \
 lib/ir/ir_int.h lib/ir/ir.h lib/ir/ops.def build-lto/gen/sir.tab.h \
 lib/ir/parse_int.h build-lto/gen/lex.yy.h
lib/ir/parse_int.h:
lib/ir/ir_int.h:
lib/ir/ir.h:
lib/ir/ops.def:
build-lto/gen/sir.tab.h:
lib/ir/parse_int.h:
build-lto/gen/lex.yy.h:
