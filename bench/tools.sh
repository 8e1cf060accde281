#!/bin/sh
# tools.sh BINDIR - sirc against the tools a user would pick instead, on
# one generated program (bench/tri.c) written as SIR, LLVM IR and C
# (issue 18).  For BENCH_FUNCS functions (default 10000; the issue's
# second size is 100000), rows: sirc -O0/-O2 -c at -j 1 and -j 2 (code
# generation and the optimizer's function passes on threads), siropt
# -O2, llc -O0/-O2 -filetype=obj, tcc -c (installed with apt-get when
# missing, if possible); wall and CPU time (best of BENCH_RUNS, default
# 3), SIR instructions per CPU second, peak RSS and bytes per instruction, and
# the CPU-time ratio of llc's matching row to sirc's.  Then the scaling
# rows: one function of 10k, 100k and 1M instructions (bench/gen.c func)
# at -O0 and -O2, time per instruction.  A measurement, not a test.
set -eu
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}
funcs=${BENCH_FUNCS:-10000}
runs=${BENCH_RUNS:-3}
CC=${CC:-cc}
mkdir -p "$out"
$CC -std=c11 -O2 -o "$out/tri" "$here/tri.c"
$CC -std=c11 -O2 -o "$out/gen" "$here/gen.c"
$CC -std=c11 -O2 -o "$out/measure" "$here/measure.c"
LLC=$(command -v llc || command -v llc-14 || true)
if ! command -v tcc >/dev/null 2>&1; then
    s=""; [ "$(id -u)" = 0 ] || s=sudo
    $s apt-get install -y -qq tcc >/dev/null 2>&1 || true
fi
TCC=$(command -v tcc || true)

best() {    # best COMMAND...: sets wall, cpu (best) and rss (largest);
            # scratch: r w c k i (the one-func rows keep their count in m)
    wall="" cpu="" rss=0 i=0
    while [ "$i" -lt "$runs" ]; do
        r=$("$out/measure" /dev/null "$@") || { echo "bench: $* failed" >&2
                                                 exit 1; }
        w=${r%% *}; r=${r#* }; c=${r%% *}; k=${r#* }
        wall=$(awk -v a="$wall" -v b="$w" \
               'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        cpu=$(awk -v a="$cpu" -v b="$c" \
              'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        [ "$k" -gt "$rss" ] && rss=$k
        i=$((i + 1))
    done
}

"$out/tri" sir "$funcs" >"$out/tri.sir" 2>"$out/tri.count"
"$out/tri" ll "$funcs" >"$out/tri.ll" 2>/dev/null
"$out/tri" c "$funcs" >"$out/tri.c" 2>/dev/null
n=$(sed -n 's/^instructions: //p' "$out/tri.count")
echo "tools: $funcs functions, $n SIR instructions ($(date +%F), $(nproc) CPUs)"
printf '%-26s %8s %8s %12s %8s %7s %9s\n' tool wall-s cpu-s insts/s-cpu \
    peak-MB B/inst llc/this
row() {     # row NAME LLCCPU COMMAND...
    name=$1 ref=$2
    shift 2
    best "$@"
    awk -v t="$name" -v n="$n" -v w="$wall" -v c="$cpu" -v m="$rss" \
        -v r="$ref" 'BEGIN {
        printf "%-26s %8.3f %8.3f %12.0f %8.1f %7.1f %9s\n", t, w, c,
            (c > 0 ? n / c : 0), m / 1024, m * 1024 / n,
            (r == "" || c <= 0 ? "-" : sprintf("%.1fx", r / c)) }'
}
l0="" l2=""
if [ -n "$LLC" ]; then
    row "llc -O0 -filetype=obj" "" "$LLC" -O0 -filetype=obj "$out/tri.ll" \
        -o "$out/tri-llc.o"
    l0=$cpu
    row "llc -O2 -filetype=obj" "" "$LLC" -O2 -filetype=obj "$out/tri.ll" \
        -o "$out/tri-llc.o"
    l2=$cpu
fi
for j in 1 2; do
    row "sirc -O0 -c -j $j" "$l0" "$bindir/sirc" -O0 -j $j -c "$out/tri.sir" \
        -o "$out/tri.o"
done
for j in 1 2; do
    row "sirc -O2 -c -j $j" "$l2" "$bindir/sirc" -O2 -j $j -c "$out/tri.sir" \
        -o "$out/tri.o"
done
row "siropt -O2" "" "$bindir/siropt" -O2 "$out/tri.sir" -o "$out/tri-o2.sir"
[ -n "$TCC" ] && row "tcc -c (the C version)" "$l0" "$TCC" -c "$out/tri.c" \
    -o "$out/tri-tcc.o"
echo "llc/this: llc's CPU time at the same level over this row's"
echo "(tcc against llc -O0).  Goals (issue 18): sirc -O0 -c >= 5x, -O2 -c"
echo ">= 10x faster than llc at the same level."

echo
printf '%-10s %9s %8s %8s %10s\n' "one func" insts cpu-s peak-MB ns/inst
for size in 10000 100000 1000000; do
    "$out/gen" func "$size" >"$out/one.sir" 2>"$out/one.count"
    m=$(sed -n 's/^instructions: //p' "$out/one.count")
    for lvl in -O0 -O2; do
        best "$bindir/sirc" $lvl -c "$out/one.sir" -o "$out/one.o"
        awk -v l="$lvl" -v n="$m" -v c="$cpu" -v r="$rss" 'BEGIN {
            printf "%-10s %9d %8.3f %8.1f %10.0f\n", "sirc " l, n, c,
                r / 1024, c * 1e9 / n }'
    done
done
echo "goal: ns/inst at 1M within 2x of that at 10k."
