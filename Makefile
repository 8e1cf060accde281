# sir - an ahead-of-time compiler toolchain for SIR.
#
#   make            build everything into build/
#   make check      install missing tools, build, run every test
#   make demo       build, compile examples/ with sirc, link with cc, run
#   make bench      benchmarks (bench/)
#   make fuzz       libFuzzer harnesses (clang)
#   make install    PREFIX=/usr/local DESTDIR=  (make uninstall: the same)
#   make check SAN=1  the same tests with ASan+UBSan tools (build-san/)
#
# Sources are found by wildcard: a new .c file in lib/<dir>/ joins
# libsir.a, a new cmd/<tool>.c becomes build/bin/<tool>, a new
# test/unit/check_<x>.c becomes a Check suite.

CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=

ifeq ($(SAN),1)
B       ?= build-san
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
           -fno-sanitize-recover=undefined
OPTFLAGS = -O1 -g
else
B       ?= build
SANFLAGS =
# Release: -O3 and, where the compiler has it (probed), link-time
# optimization, so the tools are optimized whole across files (sirc
# -O0 -c 8% faster than -O2 alone on bench/tools.sh's program).  Fat
# objects also hold ordinary code: libsir.a and libsir.so link without
# LTO, and so do the unit tests (NOLTO; an LTO link each costs minutes).
LTOFLAGS := $(shell $(CC) -flto=auto -ffat-lto-objects -Werror -x c \
    -c -o /dev/null /dev/null 2>/dev/null && echo -flto=auto -ffat-lto-objects)
OPTFLAGS = -O3 -g $(LTOFLAGS)
NOLTO    := $(if $(LTOFLAGS),-fno-lto)
endif

WARN     = -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
CFLAGS  ?= $(OPTFLAGS)
# Library objects are position-independent: the same ones make libsir.a
# and libsir.so.  SIR_SHORT_NAMES lets the sources say xmalloc for the
# exported ir_xmalloc (ir.h).
ALLCFLAGS = -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -DSIR_SHORT_NAMES \
            $(WARN) $(CFLAGS) $(SANFLAGS) -fPIC -Ilib/ir -Ilib/opt \
            -Ilib/codegen -Ilib/target -Ilib/obj -Ilib/interp -I$(B)/gen \
            -MMD -MP
LDLIBS  = -lm -pthread
FFI_LIBS := $(shell pkg-config --libs libffi 2>/dev/null || echo -lffi)
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lpthread)

LIB_SRC  := $(sort $(wildcard lib/ir/*.c lib/opt/*.c lib/codegen/*.c \
                              lib/obj/*.c lib/target/*.c lib/target/*/*.c))
ifneq ($(wildcard grammar/sir.y),)
# sir.tab.c includes lex.yy.c (grammar/sir.y): one object, so that the
# compiler can inline the scanner into the parser's loop.
GEN_SRC  := $(B)/gen/sir.tab.c
GEN_OBJ  := $(B)/obj/gen/sir.tab.o
endif
LIB_OBJ  := $(LIB_SRC:%.c=$(B)/obj/%.o) $(GEN_OBJ)
INTERP_SRC := $(sort $(wildcard lib/interp/*.c))
INTERP_OBJ := $(INTERP_SRC:%.c=$(B)/obj/%.o)
CMD_SRC  := $(sort $(wildcard cmd/*.c))
TOOLS    := $(CMD_SRC:cmd/%.c=$(B)/bin/%)
UNIT_SRC := $(sort $(wildcard test/unit/check_*.c))
UNIT_BIN := $(UNIT_SRC:test/unit/%.c=$(B)/test/%)
LIBSIR   := $(B)/lib/libsir.a
LIBINTERP := $(B)/lib/libsir-interp.a
# Shared libraries: libsir.so.$(VERSION), soname libsir.so.$(SOMAJOR).
VERSION  := 0.1.0
SOMAJOR  := 0
SO_SIR   := $(B)/lib/libsir.so.$(VERSION)
SO_INTERP := $(B)/lib/libsir-interp.so.$(VERSION)
# The public headers, installed as <sir/...>; $(B)/include holds the same
# layout for in-tree users of the installed form (examples/api).
PUB_HDR  := lib/ir/ir.h lib/ir/ops.def lib/opt/opt.h lib/opt/passes.def \
            lib/codegen/cg.h lib/codegen/mc.h lib/target/target.h \
            lib/interp/interp.h
STAGED_HDR := $(addprefix $(B)/include/sir/,$(notdir $(PUB_HDR)))

.PHONY: all check check-unit check-file check-scripts a64-siri check-run check-abi \
        demo bench fuzz install uninstall clean deps 80 difftest

all: $(LIBSIR) $(LIBINTERP) $(SO_SIR) $(SO_INTERP) $(TOOLS) $(STAGED_HDR)

# ---------------------------------------------------------------- build
# Grouped targets (&:): one bison/flex run makes both files; with plain
# multi-target rules make -j would run it twice, racing the compiler.
$(B)/gen/sir.tab.c $(B)/gen/sir.tab.h &: grammar/sir.y
	@mkdir -p $(B)/gen
	bison -Wall --defines=$(B)/gen/sir.tab.h -o $(B)/gen/sir.tab.c $<

$(B)/gen/lex.yy.c $(B)/gen/lex.yy.h &: grammar/sir.l $(B)/gen/sir.tab.h
	@mkdir -p $(B)/gen
	flex --header-file=$(B)/gen/lex.yy.h -o $(B)/gen/lex.yy.c $<

$(B)/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(GEN_CFLAGS) -Wno-unused-function -Wno-sign-compare \
	    -c -o $@ $<

# GCC's scalar replacement of aggregates splits the parser's semantic
# value (yyval) into bytes, stores them back one by one after each action
# and reloads the value whole to push it: a store-forwarding stall on
# every reduction, a fifth of sir_yyparse's time.  A compiler without
# the flag goes without it.
$(B)/obj/gen/sir.tab.o: GEN_CFLAGS := $(shell $(CC) -fno-tree-sra \
    -Werror -x c -c -o /dev/null /dev/null 2>/dev/null && echo -fno-tree-sra)

$(B)/obj/gen/sir.tab.o $(B)/fuzz/obj/gen/sir.tab.o: $(B)/gen/lex.yy.c

# parse.c and parse_error.c include the generated headers.
$(B)/obj/lib/ir/parse.o: $(B)/gen/sir.tab.h $(B)/gen/lex.yy.h
$(B)/obj/lib/ir/parse_error.o: $(B)/gen/sir.tab.h

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -c -o $@ $<

$(LIBSIR): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(LIBINTERP): $(INTERP_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(SO_SIR): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(SANFLAGS) -shared -Wl,-soname,libsir.so.$(SOMAJOR) -o $@ \
	    $^ -lm
	ln -sf $(notdir $@) $(B)/lib/libsir.so.$(SOMAJOR)
	ln -sf $(notdir $@) $(B)/lib/libsir.so

$(SO_INTERP): $(INTERP_OBJ) $(SO_SIR)
	$(CC) $(SANFLAGS) -shared -Wl,-soname,libsir-interp.so.$(SOMAJOR) \
	    -o $@ $(INTERP_OBJ) -L$(B)/lib -lsir $(FFI_LIBS) -lm
	ln -sf $(notdir $@) $(B)/lib/libsir-interp.so.$(SOMAJOR)
	ln -sf $(notdir $@) $(B)/lib/libsir-interp.so

define stage_header
$(B)/include/sir/$(notdir $(1)): $(1)
	@mkdir -p $$(dir $$@)
	cp $$< $$@
endef
$(foreach h,$(PUB_HDR),$(eval $(call stage_header,$(h))))

# Tools link the static libraries (they run from the build tree).
$(B)/bin/siri: $(LIBINTERP)
$(B)/bin/siri: LDLIBS := $(LIBINTERP) $(LDLIBS) $(FFI_LIBS)
$(B)/bin/%: $(B)/obj/cmd/%.o $(LIBSIR)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -o $@ $< $(filter %.a,$(LDLIBS)) $(LIBSIR) \
	    $(filter-out %.a,$(LDLIBS))

$(B)/test/check_%: test/unit/check_%.c $(LIBSIR) $(LIBINTERP)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(NOLTO) $(CHECK_CFLAGS) -o $@ $< $(LIBINTERP) $(LIBSIR) $(CHECK_LIBS) $(LDLIBS) $(FFI_LIBS)

-include $(shell find $(B) -name '*.d' 2>/dev/null)

# Keep object files of cmd/ (make would delete them as intermediate).
.SECONDARY:

# ---------------------------------------------------------------- tools
# Installs bison, flex, check, ... when missing (apt-get, sudo if needed).
deps:
	@sh test/install-deps.sh

# ---------------------------------------------------------------- tests
# make check runs every suite, even after one fails, and fails if any
# did:
#   check-unit     test/unit/check_*.c, Check suites (CK_FORK=yes)
#   check-file     test/sir/**/*.sir through build/bin/filetest
#   check-scripts  every test/<suite>/run.sh, run as
#                  "sh test/<suite>/run.sh BINDIR" from the top directory
#                  (exit 0 = pass): the hook for execution and difftest
#                  suites.
# BLESS=1 rewrites MATCH-ENTIRE expectations from the actual output.
# FT_JOBS sets how many file tests run at once (2).
FT_JOBS ?= 2
FT_FLAGS = -j$(FT_JOBS) $(if $(filter 1,$(BLESS)),--bless)
SCRIPTS := $(sort $(wildcard test/*/run.sh))

ifeq ($(SAN),1)
# Sanitizer reports must never look like an expected exit status 1; a
# leak is a report too (LeakSanitizer, for every tool).
export ASAN_OPTIONS = exitcode=86:detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS = exitcode=87:print_stacktrace=1
endif

check: deps
	@$(MAKE) --no-print-directory all
	@fail=""; \
	$(MAKE) --no-print-directory check-unit || fail="$$fail unit"; \
	$(MAKE) --no-print-directory check-file || fail="$$fail file"; \
	$(MAKE) --no-print-directory check-scripts || fail="$$fail scripts"; \
	if [ -n "$$fail" ]; then echo "make check: FAILED:$$fail"; exit 1; fi; \
	echo "make check: all tests passed ($(B))"

check-unit: $(UNIT_BIN)
	@fail=0; for t in $(UNIT_BIN); do \
	    CK_FORK=yes $$t || fail=1; done; exit $$fail

check-file: all
	@$(B)/bin/filetest --bindir $(B)/bin $(FT_FLAGS) test/sir

check-scripts: all $(B)/bin/iselcombo $(B)/bin/abigen a64-siri
	@fail=0; a64=$(CURDIR)/$(B)-a64/bin/siri; \
	[ -x "$$a64" ] && export SIRI_A64="$$a64"; \
	for s in $(SCRIPTS); do \
	    echo "== $$s"; sh $$s $(B)/bin || { echo "FAILED: $$s"; fail=1; }; \
	done; exit $$fail

# test/interp's aarch64 lane runs an AArch64 build of siri under qemu
# (in $(B)-a64, without the sanitizers).  It needs the cross compiler and
# libffi for arm64, which test/install-deps.sh tries to install; without
# them the lane only builds its driver libraries.
A64_FFI = /usr/lib/aarch64-linux-gnu/libffi.a
a64-siri: all
	@if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && \
	    [ -f $(A64_FFI) ]; then \
	    $(MAKE) --no-print-directory B=$(B)-a64 SAN= \
	        CC=aarch64-linux-gnu-gcc FFI_LIBS=$(A64_FFI) \
	        CFLAGS="-O2 -isystem /usr/include/aarch64-linux-gnu" \
	        $(B)-a64/bin/siri >/dev/null; fi

# The generator of test/isel/run.sh's functions (issue 15).
$(B)/bin/iselcombo: test/isel/combo.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -o $@ $<

# The generator of test/abi/run.sh's signatures (issue 17).
$(B)/bin/abigen: test/abi/gen.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -o $@ $<

# The ABI matrix alone (also run by check-scripts).
check-abi: all $(B)/bin/abigen
	@sh test/abi/run.sh $(B)/bin

# The code generators' execution tests alone (also run by check-scripts).
check-run: all
	@sh test/run/run.sh $(B)/bin

demo: deps
	@$(MAKE) --no-print-directory all
	@sh examples/run-demo.sh $(B)/bin

bench: all
	@sh bench/run.sh $(B)/bin
	@sh bench/kernels.sh $(B)/bin
	@sh bench/compare.sh $(B)/bin
	@sh bench/icount.sh $(B)/bin
	@sh bench/tools.sh $(B)/bin
	@sh bench/scale.sh $(B)/bin

# UBSan reports stop the fuzzer (and leave a crash- file) like ASan's.
# fuzz_parse: the reader alone; fuzz_pipeline: parse, verify, -O2 and
# x86-64 code generation.  Objects are instrumented for coverage and the
# sanitizers in $(B)/fuzz/obj; libFuzzer's main comes in at link time.
# test/fuzz/seed-pipeline.sh fills $(B)/fuzz/seeds (README: Fuzzing).
FUZZ_CFLAGS = -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -DSIR_SHORT_NAMES \
              -g -O1 \
              -fsanitize=fuzzer-no-link,address,undefined \
              -fno-sanitize-recover=undefined -Ilib/ir -Ilib/opt \
              -Ilib/codegen -Ilib/target -Ilib/obj -Ilib/interp -I$(B)/gen \
              -MMD -MP
FUZZ_LINK = -fsanitize=fuzzer,address,undefined
FUZZ_OBJ  = $(LIB_SRC:%.c=$(B)/fuzz/obj/%.o) \
            $(GEN_SRC:$(B)/gen/%.c=$(B)/fuzz/obj/gen/%.o)
FUZZ_IR   = $(filter $(B)/fuzz/obj/lib/ir/% $(B)/fuzz/obj/gen/%,$(FUZZ_OBJ))

$(B)/fuzz/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -c -o $@ $<

$(B)/fuzz/obj/lib/ir/parse.o: $(B)/gen/sir.tab.h $(B)/gen/lex.yy.h
$(B)/fuzz/obj/lib/ir/parse_error.o: $(B)/gen/sir.tab.h

$(B)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -c -o $@ $<

$(B)/fuzz/fuzz_parse: $(B)/fuzz/obj/test/fuzz/fuzz_parse.o $(FUZZ_IR)
	clang $(FUZZ_LINK) -o $@ $^ -lm -pthread $(FFI_LIBS)

$(B)/fuzz/fuzz_pipeline: $(B)/fuzz/obj/test/fuzz/fuzz_pipeline.o $(FUZZ_OBJ)
	clang $(FUZZ_LINK) -o $@ $^ -lm -pthread $(FFI_LIBS)

fuzz: $(B)/fuzz/fuzz_parse $(B)/fuzz/fuzz_pipeline $(B)/bin/sirgen
	@sh test/fuzz/seed-pipeline.sh $(B)/bin/sirgen $(B)/fuzz/seeds
	@echo "built $(B)/fuzz/fuzz_parse, $(B)/fuzz/fuzz_pipeline (README: Fuzzing)"

# ---------------------------------------------------------------- difftest
# make difftest N=200 FIRST=1: programs from test/fuzz/sirgen.c run by
# siri, compared with siropt passes + siri and with sirc native code
# (test/difftest.sh, two jobs unless DIFFTEST_JOBS says otherwise;
# mismatches are kept in build/difftest).
N ?= 200
FIRST ?= 1
$(B)/bin/sirgen: test/fuzz/sirgen.c test/fuzz/sirgen_module.c \
		test/fuzz/sirgen.h
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -o $@ $(filter %.c,$^)

difftest: all $(B)/bin/sirgen
	@DIFFTEST_JOBS=$${DIFFTEST_JOBS:-2} sh test/difftest.sh $(B)/bin $(N) $(FIRST)

# ---------------------------------------------------------------- install
# filetest is installed as sir-filetest, a name that says whose it is.
# uninstall removes exactly what install wrote.
BINDIR  = $(DESTDIR)$(PREFIX)/bin
LIBDIR  = $(DESTDIR)$(PREFIX)/lib
INCDIR  = $(DESTDIR)$(PREFIX)/include/sir
PCDIR   = $(LIBDIR)/pkgconfig
MANDIR  = $(DESTDIR)$(PREFIX)/share/man
INST_TOOLS = $(filter-out filetest,$(notdir $(TOOLS)))
MAN1    = $(notdir $(wildcard man/*.1))
MAN7    = $(notdir $(wildcard man/*.7))
DOCDIR  = $(DESTDIR)$(PREFIX)/share/doc/sir
DOCS    = $(notdir $(wildcard doc/*.md))
PC_SED  = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
              -e 's|@FFI_LIBS@|$(FFI_LIBS)|g'

install: all
	install -d $(BINDIR) $(LIBDIR) $(INCDIR) $(PCDIR) $(MANDIR)/man1 \
	    $(MANDIR)/man7
	install -m 755 $(addprefix $(B)/bin/,$(INST_TOOLS)) $(BINDIR)/
	install -m 755 $(B)/bin/filetest $(BINDIR)/sir-filetest
	install -m 644 $(LIBSIR) $(LIBINTERP) $(LIBDIR)/
	install -m 755 $(SO_SIR) $(SO_INTERP) $(LIBDIR)/
	for l in libsir libsir-interp; do \
	    ln -sf $$l.so.$(VERSION) $(LIBDIR)/$$l.so.$(SOMAJOR) && \
	    ln -sf $$l.so.$(SOMAJOR) $(LIBDIR)/$$l.so || exit 1; done
	install -m 644 $(PUB_HDR) $(INCDIR)/
	$(PC_SED) sir.pc.in > $(PCDIR)/sir.pc
	$(PC_SED) sir-interp.pc.in > $(PCDIR)/sir-interp.pc
	install -m 644 $(addprefix man/,$(MAN1)) $(MANDIR)/man1/
	install -m 644 $(addprefix man/,$(MAN7)) $(MANDIR)/man7/
	install -d $(DOCDIR)
	install -m 644 $(addprefix doc/,$(DOCS)) LICENSE $(DOCDIR)/

uninstall:
	rm -f $(addprefix $(BINDIR)/,$(INST_TOOLS) sir-filetest)
	for l in libsir libsir-interp; do \
	    rm -f $(LIBDIR)/$$l.a $(LIBDIR)/$$l.so $(LIBDIR)/$$l.so.$(SOMAJOR) \
	          $(LIBDIR)/$$l.so.$(VERSION); done
	rm -f $(addprefix $(INCDIR)/,$(notdir $(PUB_HDR)))
	-rmdir $(INCDIR) 2>/dev/null
	rm -f $(PCDIR)/sir.pc $(PCDIR)/sir-interp.pc
	rm -f $(addprefix $(MANDIR)/man1/,$(MAN1))
	rm -f $(addprefix $(MANDIR)/man7/,$(MAN7))
	rm -f $(addprefix $(DOCDIR)/,$(DOCS) LICENSE)
	-rmdir $(DOCDIR) 2>/dev/null

clean:
	rm -rf build build-san

# Lines longer than 80 columns.
80:
	@grep -n '.\{81,\}' $(LIB_SRC) $(CMD_SRC) lib/*/*.h grammar/* || true
