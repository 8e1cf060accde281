#!/bin/sh
# Namespaced exports (sh test/exports/run.sh BINDIR): every external
# symbol defined by libsir.a and libsir-interp.a starts with one of the
# library's prefixes, so a front end linking them meets no xmalloc or
# target_find of ours.  The prefixes, one per module (README, Library):
#   ir_ (lib/ir)  opt_ (lib/opt)  cg_ mir_ (lib/codegen)  tgt_ x64_ a64_
#   (lib/target)  obj_ (lib/obj)  itp_ (lib/interp, internal)  sir_yy
#   (the generated parser and lexer)
bindir=${1:?usage: run.sh BINDIR}
lib=$(dirname "$bindir")/lib
fail=0
# check FILE NM-FLAGS: the defined external names lacking a prefix
check() {
    bad=$(nm $2 --defined-only "$1" | awk 'NF == 3 { print $3 }' |
          grep -v -E '^(ir|opt|cg|mir|tgt|x64|a64|obj|itp)_|^sir_yy' |
          grep -v -E '^(_init|_fini|_edata|_end|__bss_start)$' |
          grep -v -E '^__(odr_asan|asan|ubsan|sancov)' | sort -u)
    if [ -n "$bad" ]; then
        echo "FAIL: $(basename "$1") exports names without a prefix:"
        echo "$bad" | sed 's/^/    /'
        fail=1
    fi
}
for a in "$lib/libsir.a" "$lib/libsir-interp.a"; do
    if [ -f "$a" ]; then check "$a" -g; else echo "FAIL: no $a"; fail=1; fi
done
# The shared libraries export the same names (and the linker's; a
# sanitizer build adds the sanitizers' own).
for so in "$lib/libsir.so" "$lib/libsir-interp.so"; do
    [ -f "$so" ] && check "$so" -D
done
[ $fail -eq 0 ] && echo "exports: every symbol has a library prefix"
exit $fail
