#!/bin/sh
# Execution tests for the code generators.
#
#   sh test/run/run.sh BINDIR [TESTDIR...]    (default: test/run/x64)
#
# Each test is NAME.sir with a C driver NAME.c.  The SIR is compiled with
# BINDIR/sirc into an object of its own making (sirc -c: no assembler is
# run), at -O0 and at -O2, and at -O0 after each siropt pass alone with
# --verify-each, linked with the driver by cc as a PIE, and run; the
# driver computes its expected values with C code and exits non-zero
# (printing what differs) on a mismatch.  If NAME.out exists, standard
# output must equal it.  Linker warnings fail the test.
# SIRC_FLAGS adds options; CC picks the C compiler; RUN_EACH_PASS=0 skips
# the configurations of single passes.
bindir=${1:-build/bin}
shift 2>/dev/null
[ $# -eq 0 ] && set -- test/run/x64
CC=${CC:-cc}
case $(uname -m) in x86_64) ;; *) echo "run tests: skipped (not x86-64)"; exit 0;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirrun.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# the passes siropt offers, without the printing ones
configs="-O0 -O2"
if [ "${RUN_EACH_PASS:-1}" = 1 ]; then
    for p in $("$bindir/siropt" --list-passes 2>/dev/null |
               awk '/^passes:/ {p = 1; next} /^pipelines/ {p = 0}
                    p {print $1}' | grep -v '^print-'); do
        configs="$configs pass:$p"
    done
fi
pass=0 fail=0
for dir in "$@"; do
    for sir in "$dir"/*.sir; do
        [ -f "$sir" ] || continue
        name=$(basename "$sir" .sir)
        drv="$dir/$name.c"
        [ -f "$drv" ] || continue
        for opt in $configs; do
            s="$tmp/$name$opt.o" exe="$tmp/$name$opt"
            why=
            case $opt in
            pass:*)
                if ! "$bindir/siropt" --verify-each -p "${opt#pass:}" "$sir" \
                        -o "$tmp/p.sir" 2>"$tmp/err"; then
                    why="siropt failed"
                fi
                src="$tmp/p.sir" lvl=-O0 ;;
            *)  src="$sir" lvl=$opt ;;
            esac
            if [ -n "$why" ]; then
                :
            elif ! "$bindir/sirc" $lvl $SIRC_FLAGS -c "$src" -o "$s" \
                    2>"$tmp/err"; then
                why="sirc failed"
            elif ! $CC -g -o "$exe" "$drv" "$s" -lm 2>"$tmp/err"; then
                why="cc failed"
            elif [ -s "$tmp/err" ]; then
                why="linker warnings"
            elif ! (cd "$tmp" && ./"$name$opt" >"$tmp/out" 2>"$tmp/err"); then
                why="run failed"
            elif [ -f "$dir/$name.out" ] && \
                    ! cmp -s "$tmp/out" "$dir/$name.out"; then
                why="output differs"
            fi
            if [ -n "$why" ]; then
                echo "FAIL: $sir ($opt): $why"
                sed 's/^/    /' "$tmp/err" | head -20
                fail=$((fail + 1))
            else
                pass=$((pass + 1))
            fi
        done
    done
done
echo "run tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
