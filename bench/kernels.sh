#!/bin/sh
# kernels.sh BINDIR - the stack-slot kernels of `make bench` (issue 5).
#
# Each bench/kernels/K.sir is a small compute kernel written as a naive C
# front end emits it: every local variable in a `stack` slot, every use a
# load, every assignment a store (spec example 12.2).  For each kernel:
#   - `siropt -O2` must leave no stack slot, hence no load or store of
#     one (the loads and stores that remain go to the caller's arrays);
#   - `sirc -O0` and `sirc -O2` objects are linked with driver.c, run
#     BENCH_RUNS times (default 3), and must print the checksum that
#     driver.c linked with ref.c (the kernels in C) prints;
#   - the best time of the repetition loop (driver.c times it itself) is
#     reported for both, with the speedup.
# Goal: 0 slots left and speedup >= 3.  Exit status 1 if a tool fails, a
# slot survives or a checksum differs; a low speedup is only reported.
set -eu
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}/kernels
runs=${BENCH_RUNS:-3}
CC=${CC:-cc}
kernels="sum dot matmul collatz"
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=199309L -O2 -ffp-contract=off"

for t in siropt sirc; do
    if [ ! -x "$bindir/$t" ]; then
        echo "kernels: $bindir/$t not found; run make first" >&2
        exit 1
    fi
done
mkdir -p "$out"
o0=""
o2=""
for k in $kernels; do
    "$bindir/sirc" -O0 "$here/kernels/$k.sir" -o "$out/$k.O0.o"
    "$bindir/sirc" -O2 "$here/kernels/$k.sir" -o "$out/$k.O2.o"
    "$bindir/siropt" -O2 "$here/kernels/$k.sir" -o "$out/$k.O2.sir"
    o0="$o0 $out/$k.O0.o"
    o2="$o2 $out/$k.O2.o"
done
$CC $CFLAGS -o "$out/ref" "$here/kernels/driver.c" "$here/kernels/ref.c"
$CC $CFLAGS -o "$out/run.O0" "$here/kernels/driver.c" $o0
$CC $CFLAGS -o "$out/run.O2" "$here/kernels/driver.c" $o2

# best KERNEL BINARY: "CHECKSUM BEST-SECONDS", or "FAILED 0".
best() {
    i=0
    sum=""
    t=""
    while [ "$i" -lt "$runs" ]; do
        if ! r=$("$2" "$1"); then echo "FAILED 0"; return; fi
        set -- "$1" "$2" $r
        if [ -n "$sum" ] && [ "$sum" != "$4" ]; then
            echo "UNSTABLE 0"; return
        fi
        sum=$4
        t=$(awk -v a="$t" -v b="$5" \
            'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        i=$((i + 1))
    done
    echo "$sum $t"
}

status=0
sum0=0 sum2=0 logs=0
printf '%-8s %8s %8s %8s %7s %7s %7s %6s  %s\n' kernel O0-s O2-s speedup \
    ld/st-O0 ld/st-O2 slots-O2 C-s checksum
for k in $kernels; do
    src="$here/kernels/$k.sir"
    ls0=$(grep -Ec '^ *(%[^ ]+ = )?(load|store) ' "$src" || true)
    ls2=$(grep -Ec '^ *(%[^ ]+ = )?(load|store) ' "$out/$k.O2.sir" || true)
    slots=$(grep -Ec '= (stack|stackslot) ' "$out/$k.O2.sir" || true)
    set -- $(best "$k" "$out/ref")
    ref=$1 tref=$2
    set -- $(best "$k" "$out/run.O0")
    c0=$1 t0=$2
    set -- $(best "$k" "$out/run.O2")
    c2=$1 t2=$2
    if [ "$c0" = "$ref" ] && [ "$c2" = "$ref" ]; then ok=same
    else ok="DIFFERS(ref $ref O0 $c0 O2 $c2)"; status=1; fi
    [ "$slots" -eq 0 ] || status=1
    awk -v k="$k" -v a="$t0" -v b="$t2" -v l0="$ls0" -v l2="$ls2" \
        -v s="$slots" -v c="$tref" -v ok="$ok" 'BEGIN {
        printf "%-8s %8.3f %8.3f %7.2fx %7d %7d %7d %6.3f  %s\n",
            k, a, b, (b > 0 ? a / b : 0), l0, l2, s, c, ok }'
    set -- $(awk -v a="$sum0" -v b="$sum2" -v l="$logs" -v x="$t0" -v y="$t2" \
        'BEGIN { print a + x, b + y, l + (y > 0 ? log(x / y) : 0) }')
    sum0=$1 sum2=$2 logs=$3
done
# the four together: total time, and the geometric mean of the speedups
awk -v a="$sum0" -v b="$sum2" -v l="$logs" -v n="$(echo $kernels | wc -w)" \
    'BEGIN { printf "%-8s %8.3f %8.3f %7.2fx  (geometric mean of the" \
        " speedups %.2fx)\n", "all", a, b, (b > 0 ? a / b : 0), exp(l / n) }'
echo "ld/st: load and store instructions in the source and after siropt -O2;"
echo "those left at -O2 access the driver's arrays.  slots-O2: stack slots"
echo "left (goal 0).  Times: best of $runs, the kernel loop only; C-s is the"
echo "kernels in C (cc -O2) for scale; all: the four kernels' times summed."
echo "Goal: speedup >= 3 for each kernel.  Files: $out/."
exit $status
