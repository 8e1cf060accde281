#!/bin/sh
# difftest.sh - differential testing of the optimizer and the native
# backend against the interpreter, on programs from sirgen.
#
#   sh test/difftest.sh BINDIR [N] [FIRST-SEED]
#
# For each seed, sirgen makes a program (sizes and the naive-slots style
# vary with the seed); siri's output and exit status on it are the
# reference (run with --lint-undef, which also rejects a generated program
# that branches on or addresses memory with undef values).  Every configuration must reproduce both exactly:
#   - each siropt pass alone, run in siri -p PASS     (opt:PASS)
#   - the -O1 pipeline in siri -O1, and siropt -O2 | siri (opt:-O1,
#     opt:-O2; the latter also goes through the printer and parser;
#     DIFFTEST_SIROPT_FLAGS sends every configuration through siropt)
#   - sirc -O0 and -O2 native x86-64, linked with cc and run
#     (native:-O0, native:-O2), when the host is x86-64 and sirc exists;
#     DIFFTEST_NATIVE=0 turns this off
#   - sirc -O0 and -O2 -mtriple=aarch64-linux-gnu -S, linked with
#     aarch64-linux-gnu-gcc and run under qemu-aarch64 (a64:-O0,
#     a64:-O2), when those tools exist; DIFFTEST_A64=0 turns this off
# A configuration that crashes, rejects the program or prints something
# else is a mismatch; the program and the outputs are kept in
# $DIFFTEST_DIR (default build/difftest) as seed-S.sir, seed-S.CONFIG.*.
# Reduce one with: sirgen -seed S ... (the exact command is saved too).
# DIFFTEST_JOBS=J runs J interleaved shares of the seeds at once.
# DIFFTEST_ONLY=PATTERN keeps the configurations whose name matches
# the grep pattern (DIFFTEST_ONLY=a64: runs only the AArch64 lanes).
# DIFFTEST_SIROPT_FLAGS adds options to every siropt run (for example
# --verify-each, which also checks the analysis cache).
# Exit status 1 when there was any mismatch.

bin=${1:?usage: difftest.sh BINDIR [N] [FIRST-SEED]}
n=${2:-200}
first=${3:-1}
dir=${DIFFTEST_DIR:-build/difftest}
native=${DIFFTEST_NATIVE:-1}
tmo=${DIFFTEST_TIMEOUT:-20}
gen=${SIRGEN:-$bin/sirgen}
jobs=${DIFFTEST_JOBS:-1}
stride=${DIFFTEST_STRIDE:-1}
sflags=${DIFFTEST_SIROPT_FLAGS:-}

if [ "$jobs" -gt 1 ]; then
    # seeds first, first+J, ... in job 0; first+1, first+1+J, ... in job 1
    sums=$(mktemp -d "${TMPDIR:-/tmp}/difftest.XXXXXX") || exit 1
    trap 'rm -rf "$sums"' EXIT
    j=0
    while [ "$j" -lt "$jobs" ]; do
        cnt=$(( (n - j + jobs - 1) / jobs ))
        [ "$cnt" -gt 0 ] &&
        DIFFTEST_JOBS=1 DIFFTEST_STRIDE=$jobs \
            sh "$0" "$bin" "$cnt" $((first + j)) > "$sums/$j" 2>&1 &
        j=$((j + 1))
    done
    wait
    cat "$sums"/* | grep -v '^difftest: [0-9]* seeds'
    cat "$sums"/* | awk '/^difftest: [0-9]+ seeds/ {
        s += $2; r += $4; c = $7; b += $9; g += $11 }
        END { printf "difftest: %d seeds, %d runs over %d configurations, " \
              "%d mismatches, %d bad generated programs\n", s, r, c, b, g;
              exit (b + g > 0) }'
    exit $?
fi

mkdir -p "$dir" || exit 1
work=$(mktemp -d "${TMPDIR:-/tmp}/difftest.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# the passes siropt offers, without the printing ones
passes=$("$bin/siropt" --list-passes 2>/dev/null |
    awk '/^passes:/ {p = 1; next} /^pipelines/ {p = 0} p {print $1}' |
    grep -v '^print-' | grep -v '^dot-')
configs=""
for p in $passes; do configs="$configs opt:$p"; done
configs="$configs opt:-O1 opt:-O2"
if [ "$native" = 1 ] && [ -x "$bin/sirc" ] && [ "$(uname -m)" = x86_64 ]; then
    configs="$configs native:-O0 native:-O2"
fi
a64sys=${A64_SYSROOT:-/usr/aarch64-linux-gnu}
if [ "${DIFFTEST_A64:-1}" = 1 ] && [ -x "$bin/sirc" ] &&
   command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 &&
   command -v qemu-aarch64 >/dev/null 2>&1 && [ -d "$a64sys" ]; then
    configs="$configs a64:-O0 a64:-O2"
fi
if [ -n "${DIFFTEST_ONLY:-}" ]; then
    configs=$(for cf in $configs; do echo "$cf"; done |
              grep -e "$DIFFTEST_ONLY" | tr '\n' ' ')
fi

seeds=0 runs=0 bad=0 genbad=0
failed=""
last=$((first + (n - 1) * stride))
s=$first
while [ "$s" -le "$last" ]; do
    # sizes vary with the seed
    case $((s % 4)) in
    0) args="-funcs 3 -stmts 8 -depth 2" ;;
    1) args="-funcs 6 -stmts 12 -depth 3" ;;
    2) args="-funcs 8 -stmts 16 -depth 3 -naive" ;;
    3) args="-funcs 4 -stmts 24 -depth 4 -naive" ;;
    esac
    src=$work/p.sir
    "$gen" -seed "$s" $args > "$src"
    # --lint-undef: the output must not depend on undef values
    timeout "$tmo" "$bin/siri" --lint-undef "$src" > "$work/ref.out" \
        2> "$work/ref.err"
    ref=$?
    seeds=$((seeds + 1))
    if [ "$ref" != 0 ]; then
        # the generator made an invalid or undefined program
        genbad=$((genbad + 1))
        cp "$src" "$dir/seed-$s.sir"
        cp "$work/ref.err" "$dir/seed-$s.siri.err"
        echo "sirgen -seed $s $args" > "$dir/seed-$s.cmd"
        failed="$failed $s:sirgen"
        echo "difftest: seed $s: siri exits $ref on the generated program"
        s=$((s + stride))
        continue
    fi
    for c in $configs; do
        kind=${c%%:*}
        opt=${c#*:}
        runs=$((runs + 1))
        ok=1
        why=""
        if [ "$kind" = opt ]; then
            case $opt in
            -O*) set -- "$opt" ;;
            *) set -- -p "$opt" ;;
            esac
            if [ "$opt" = -O2 ] || [ -n "$sflags" ]; then
                # through siropt, the printer and the parser
                if ! timeout "$tmo" "$bin/siropt" $sflags "$@" "$src" \
                        > "$work/o.sir" 2> "$work/o.err"; then
                    ok=0 why="siropt failed"
                else
                    timeout "$tmo" "$bin/siri" "$work/o.sir" \
                        > "$work/o.out" 2>> "$work/o.err"
                    rc=$?
                fi
            else
                # the passes run inside siri (verified after each): one
                # process and one parse fewer
                timeout "$tmo" "$bin/siri" "$@" "$src" > "$work/o.out" \
                    2> "$work/o.err"
                rc=$?
            fi
            if [ $ok = 1 ]; then
                if [ "$rc" != "$ref" ]; then
                    ok=0 why="exit $rc, expected $ref"
                elif ! cmp -s "$work/o.out" "$work/ref.out"; then
                    ok=0 why="output differs"
                fi
                # keep the optimized program of a mismatch
                [ $ok = 0 ] && [ ! -f "$work/o.sir" ] &&
                    timeout "$tmo" "$bin/siropt" "$@" "$src" \
                        > "$work/o.sir" 2>> "$work/o.err"
            fi
        else
            rm -f "$work/n.o" "$work/n.s" "$work/n"
            if [ "$kind" = a64 ]; then
                out=$work/n.s
                set -- -mtriple=aarch64-linux-gnu -S
                ld=aarch64-linux-gnu-gcc run="qemu-aarch64 -L $a64sys"
            else
                out=$work/n.o
                set -- -c
                ld=cc run=
            fi
            if ! timeout "$tmo" "$bin/sirc" "$opt" "$@" -o "$out" "$src" \
                    2> "$work/o.err" ||
               ! $ld -o "$work/n" "$out" -lm 2>> "$work/o.err"; then
                ok=0 why="sirc or link failed"
            else
                timeout "$tmo" $run "$work/n" > "$work/o.out" \
                    2>> "$work/o.err"
                rc=$?
                if [ "$rc" != "$ref" ]; then
                    ok=0 why="exit $rc, expected $ref"
                elif ! cmp -s "$work/o.out" "$work/ref.out"; then
                    ok=0 why="output differs"
                fi
            fi
        fi
        if [ $ok = 0 ]; then
            bad=$((bad + 1))
            tag=$(echo "$c" | tr ':' '.')
            cp "$src" "$dir/seed-$s.sir"
            echo "sirgen -seed $s $args" > "$dir/seed-$s.cmd"
            cp "$work/ref.out" "$dir/seed-$s.ref.out"
            cp "$work/o.err" "$dir/seed-$s.$tag.err"
            [ -f "$work/o.out" ] && cp "$work/o.out" "$dir/seed-$s.$tag.out"
            [ "$kind" = opt ] && [ -f "$work/o.sir" ] &&
                cp "$work/o.sir" "$dir/seed-$s.$tag.sir"
            failed="$failed $s:$c"
            echo "difftest: seed $s: $c: $why"
        fi
        rm -f "$work/o.out" "$work/o.sir"
    done
    s=$((s + stride))
done

echo "difftest: $seeds seeds, $runs runs over" \
     "$(echo $configs | wc -w) configurations, $bad mismatches," \
     "$genbad bad generated programs"
[ -n "$failed" ] && echo "difftest: failed:$failed (kept in $dir)"
[ "$bad" = 0 ] && [ "$genbad" = 0 ]
