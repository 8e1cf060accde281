#!/bin/sh
# run.sh BINDIR - the benchmark behind `make bench`.
#
# Generates two valid SIR modules with gen.c (BENCH_INSTS instructions,
# default 1000000): "module", spread over many ~160-instruction functions,
# and "func", one function with every opcode, ~90k blocks, block
# parameters, loops and calls.  For each, runs `siropt FILE` (parse,
# verify, print the canonical form) BENCH_RUNS times (default 3) and
# reports the best wall time, instructions per second and peak resident
# memory per instruction.  Goal (issue 2): >= 1M instructions/s and
# < 250 bytes/instruction.  A measurement, not a test: the exit status is
# 0 unless a tool fails.
set -eu
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}
insts=${BENCH_INSTS:-1000000}
runs=${BENCH_RUNS:-3}
CC=${CC:-cc}

if [ ! -x "$bindir/siropt" ]; then
    echo "bench: $bindir/siropt not found; run make first" >&2
    exit 1
fi
mkdir -p "$out"
$CC -std=c11 -O2 -o "$out/gen" "$here/gen.c"
$CC -std=c11 -O2 -o "$out/measure" "$here/measure.c"

printf '%-7s %9s %9s %8s %12s %10s %9s  %s\n' input insts MB seconds \
    insts/s peak-MB B/inst round-trip
for kind in module func; do
    "$out/gen" "$kind" "$insts" >"$out/$kind.sir" 2>"$out/$kind.count"
    n=$(sed -n 's/^instructions: //p' "$out/$kind.count")
    size=$(wc -c <"$out/$kind.sir")
    best=""
    rss=0
    i=0
    while [ "$i" -lt "$runs" ]; do
        if ! r=$("$out/measure" "$out/$kind.out" "$bindir/siropt" \
                 "$out/$kind.sir"); then
            echo "bench: siropt failed on $out/$kind.sir" >&2
            exit 1
        fi
        t=${r% *}
        m=${r#* }
        best=$(awk -v a="$best" -v b="$t" \
               'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        [ "$m" -gt "$rss" ] && rss=$m
        i=$((i + 1))
    done
    # gen.c writes canonical text, so the output must equal the input.
    if cmp -s "$out/$kind.sir" "$out/$kind.out"; then rt=identical
    else rt=DIFFERS; fi
    awk -v k="$kind" -v n="$n" -v sz="$size" -v t="$best" -v m="$rss" \
        -v rt="$rt" 'BEGIN {
        printf "%-7s %9d %9.1f %8.3f %12.0f %10.1f %9.1f  %s\n",
            k, n, sz / 1048576, t, (t > 0 ? n / t : 0), m / 1024,
            m * 1024 / n, rt }'
done
echo "goal: >= 1000000 insts/s and < 250 B/inst (peak RSS, which includes"
echo "the source text held in memory); files in $out/"
