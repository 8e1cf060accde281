#!/bin/sh
# Runs the execution tests of the code generators (test/run/x64: NAME.sir
# with a C driver NAME.c) in the interpreter instead: the driver is built
# as a shared library whose references to the SIR functions go through
# stubs "NAME: jmp *__sir_ptr_NAME(%rip)", and siri --driver points those
# at the interpreted functions (libffi closures) and runs the driver's
# main.  So siri must agree with C on every call in both directions.
#
#   sh test/interp/run.sh BINDIR [TESTDIR...]    (default: test/run/x64)
bindir=${1:-build/bin}
shift 2>/dev/null
[ $# -eq 0 ] && set -- test/run/x64
CC=${CC:-cc}
case $(uname -m) in x86_64) ;; *) echo "siri run tests: skipped (not x86-64)"; exit 0;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siririn.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for dir in "$@"; do
    for sir in "$dir"/*.sir; do
        [ -f "$sir" ] || continue
        name=$(basename "$sir" .sir)
        drv="$dir/$name.c"
        [ -f "$drv" ] || continue
        # exported definitions: "fn RET @NAME(...) ... {"
        sed -n 's/^fn .*@\([A-Za-z0-9._]*\)(.*{[ 	]*$/\1/p' "$sir" |
        awk '{ printf "\t.text\n\t.globl %s\n\t.type %s,@function\n%s:\n\tjmp *__sir_ptr_%s(%%rip)\n\t.data\n\t.balign 8\n\t.globl __sir_ptr_%s\n__sir_ptr_%s:\n\t.quad 0\n", $1, $1, $1, $1, $1, $1 }
             END { print "\t.section .note.GNU-stack,\"\",@progbits" }' \
            > "$tmp/stubs.s"
        why=
        if ! $CC -g -shared -fPIC -Wl,-Bsymbolic -o "$tmp/$name.so" "$drv" \
                "$tmp/stubs.s" -lm 2>"$tmp/err"; then
            why="cc failed"
        elif ! (cd "$tmp" && "$OLDPWD/$bindir/siri" --driver="./$name.so" \
                "$OLDPWD/$sir" >"$tmp/out" 2>"$tmp/err"); then
            why="run failed"
        elif [ -f "$dir/$name.out" ] && ! cmp -s "$tmp/out" "$dir/$name.out"; then
            why="output differs"
        fi
        if [ -n "$why" ]; then
            echo "FAIL: $sir (siri): $why"
            sed 's/^/    /' "$tmp/err" | head -20
            head -20 "$tmp/out" | sed 's/^/    out: /'
            fail=$((fail + 1))
        else
            pass=$((pass + 1))
        fi
    done
done
echo "siri run tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
