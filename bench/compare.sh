#!/bin/sh
# compare.sh BINDIR - sirc -O2 against the system's C compilers on twenty
# small programs (bench/compare/): struct-heavy vector math (bodies), a
# byte loop (adler), a 2D stencil with int indices (blur), insertion sort
# (isort), tree lookups (tree), an if/else chain (classify), a sieve of
# Eratosthenes (sieve), doubly recursive Fibonacci (fib), table-driven
# CRC-32 (crc), a bytecode interpreter with a switch (vm), quicksort
# through a swap helper (qsort), an open-addressing hash table of u64
# keys (hash), edit distance by 2D dynamic programming (edit), binary
# search (bsearch), building, reversing and walking a linked list (list),
# counting words and parsing numbers in a byte buffer (parse), a double
# matrix transpose with row sums through a[i][j] (mat), prefix sums with
# a running maximum (scan), bit loops and xorshift mixing (bits) and a
# float struct-of-arrays particle update (soa).  Each K.sir is the C
# function of ref.c written as a naive C front end emits SIR, every
# variable in a stack slot.  Every binary must print the checksum of the
# C version; the best time of BENCH_RUNS (default 3) runs, interleaved
# so that background load hits all alike, is reported for sirc -O2,
# clang -O2 (when installed) and clang -O2 without vectorization (sirc
# does not vectorize), with the ratios.  Exit status 1 when a tool fails
# or a checksum differs; the times are only reported.
set -eu
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}/compare
runs=${BENCH_RUNS:-3}
CC=${CC:-cc}
CLANG=${CLANG:-clang}
kernels="bodies adler blur isort tree classify sieve fib crc vm qsort hash
edit bsearch list parse mat scan bits soa"
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=199309L -O2 -ffp-contract=off"
mkdir -p "$out"
objs=""
for k in $kernels; do
    "$bindir/sirc" -O2 "$here/compare/$k.sir" -o "$out/$k.o"
    objs="$objs $out/$k.o"
done
$CC $CFLAGS -c "$here/compare/driver.c" -o "$out/driver.o"
$CC -o "$out/run.sir" "$out/driver.o" $objs
if command -v "$CLANG" >/dev/null 2>&1; then
    $CLANG $CFLAGS -c "$here/compare/ref.c" -o "$out/ref.clang.o"
    $CLANG $CFLAGS -fno-vectorize -fno-slp-vectorize \
        -c "$here/compare/ref.c" -o "$out/ref.novec.o"
    refs="clang -O2 and clang -O2 -fno-vectorize"
else
    $CC $CFLAGS -c "$here/compare/ref.c" -o "$out/ref.clang.o"
    $CC $CFLAGS -c "$here/compare/ref.c" -o "$out/ref.novec.o"
    refs="$CC -O2 (twice)"
    echo "compare: $CLANG not found; the C columns are $CC -O2"
fi
$CC -o "$out/run.clang" "$out/driver.o" "$out/ref.clang.o"
$CC -o "$out/run.novec" "$out/driver.o" "$out/ref.novec.o"

min() { echo "$@" | tr ' ' '\n' | sort -g | head -1; }
status=0
printf '%-9s %8s %8s %8s %7s %7s %s\n' kernel sir clang novec sir/cl \
    sir/nv check
for k in $kernels; do
    i=0 ts="" tc="" tn=""
    while [ "$i" -lt "$runs" ]; do
        set -- $("$out/run.sir" "$k"); cs=$2 ts="$ts $3"
        set -- $("$out/run.clang" "$k"); cc=$2 tc="$tc $3"
        set -- $("$out/run.novec" "$k"); cn=$2 tn="$tn $3"
        i=$((i + 1))
    done
    ts=$(min $ts) tc=$(min $tc) tn=$(min $tn)
    ok=same
    if [ "$cs" != "$cc" ] || [ "$cs" != "$cn" ]; then
        ok="DIFFERS: $cs $cc $cn"
        status=1
    fi
    printf '%-9s %8.4f %8.4f %8.4f %7.2f %7.2f %s\n' "$k" "$ts" "$tc" "$tn" \
        "$(awk -v a="$ts" -v b="$tc" 'BEGIN { print a / b }')" \
        "$(awk -v a="$ts" -v b="$tn" 'BEGIN { print a / b }')" "$ok"
done
echo "Times: best of $runs, the kernel loop only (seconds); sir/cl and"
echo "sir/nv: the sirc -O2 time over $refs."
echo "Files: $out/."
exit $status
