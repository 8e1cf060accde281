#!/bin/sh
# a64count.sh BINDIR - the AArch64 column of the kernel and comparison
# programs (bench/kernels, bench/compare): code quality measured as the
# number of instructions the kernel executes, since time under qemu
# means little.
#
# For each program, the sirc -O2 object for aarch64-linux-gnu and
# `clang -O2 --target=aarch64-linux-gnu -fno-vectorize -fno-slp-vectorize`
# on the C version (ref.c; sirc does not vectorize) are linked statically
# with the same driver and run once (REPS=1) under qemu-aarch64 with its
# translation log (-d in_asm,exec,nochain): every executed translation
# block whose address lies in a function of the kernel objects adds its
# instruction count.  The driver, libc and setup code are not counted.
# The count weights each loop by how often it runs, so it is the hot
# loops' length that decides it.  Rows more than 20% above clang's are
# marked; the checksums must agree.  Exit status 1 when a tool fails or a
# checksum differs.
set -eu
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}/a64count
CLANG=${CLANG:-clang}
CC=aarch64-linux-gnu-gcc
QEMU=${QEMU:-qemu-aarch64}
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=199309L -O2 -ffp-contract=off"
T=aarch64-linux-gnu

for t in "$CC" "$QEMU" "$CLANG"; do
    if ! command -v "$t" >/dev/null 2>&1; then
        echo "a64count: skipped ($t not installed; make check installs" \
             "the AArch64 tools)"
        exit 0
    fi
done
mkdir -p "$out"

# sir_obj K.sir K.o: sirc's own object, or its assembly through the
# cross assembler while objects for the target are not available.
sir_obj() {
    "$bindir/sirc" -O2 -mtriple=$T -c "$1" -o "$2" 2>/dev/null ||
    { "$bindir/sirc" -O2 -mtriple=$T -S "$1" -o "$2.s" &&
      aarch64-linux-gnu-as "$2.s" -o "$2"; }
}

# ranges BINARY OBJ...: "start end" of every function the objects define.
ranges() {
    bin=$1; shift
    aarch64-linux-gnu-nm --defined-only "$@" |
        awk 'NF == 3 && ($2 == "T" || $2 == "t") { print $3 }' | sort -u \
        >"$out/names"
    aarch64-linux-gnu-nm -S --defined-only "$bin" | awk -v f="$out/names" '
        function hex(s,  i, v) {
            v = 0; s = tolower(s); sub(/^0x/, "", s)
            for (i = 1; i <= length(s); i++)
                v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return v
        }
        BEGIN { while ((getline n < f) > 0) want[n] = 1 }
        NF == 4 && ($3 == "T" || $3 == "t") && ($4 in want) {
            printf "%d %d\n", hex($1), hex($1) + hex($2)
        }'
}

# count RANGES BINARY ARGS...: prints "CHECKSUM COUNT".
count() {
    r=$1; shift
    res=$("$QEMU" -L /usr/aarch64-linux-gnu -d in_asm,exec,nochain \
        -D "$out/log" "$@") || return 1
    awk -v rf="$r" -v res="$res" '
        function hex(s,  i, v) {
            v = 0; s = tolower(s); sub(/^0x/, "", s)
            for (i = 1; i <= length(s); i++)
                v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return v
        }
        BEGIN { while ((getline l < rf) > 0) { split(l, a, " ");
                    lo[++n] = a[1]; hi[n] = a[2] } }
        function inside(pc,  i) {
            for (i = 1; i <= n; i++) if (pc >= lo[i] && pc < hi[i]) return 1
            return 0
        }
        /^IN:/ { tb = ""; next }
        /^0x[0-9a-f]+:/ {
            pc = hex(substr($1, 1, length($1) - 1))
            if (tb == "") { tb = pc; len[tb] = 0 }
            len[tb]++
            next
        }
        /^Trace / {
            s = $0; sub(/^[^\/]*\//, "", s); sub(/\/.*/, "", s)
            pc = hex(s)
            if (!(pc in hot)) hot[pc] = inside(pc)
            if (hot[pc]) total += len[pc]
        }
        END { split(res, w, " "); print w[2], total + 0 }' "$out/log"
    rm -f "$out/log"
}

status=0
printf '%-9s %11s %11s %7s %s\n' kernel sir clang sir/cl note
for set in kernels compare; do
    src=$here/$set
    case $set in
    kernels) list="sum dot matmul collatz" ;;
    compare) list="bodies adler blur isort tree classify sieve fib crc vm
        qsort hash edit bsearch list parse mat scan bits soa" ;;
    esac
    objs=""
    for k in $list; do
        sir_obj "$src/$k.sir" "$out/$set.$k.o"
        objs="$objs $out/$set.$k.o"
    done
    $CC $CFLAGS -c "$src/driver.c" -o "$out/$set.driver.o"
    $CLANG --target=$T $CFLAGS -fno-vectorize -fno-slp-vectorize \
        -c "$src/ref.c" -o "$out/$set.ref.o"
    $CC -static -o "$out/$set.sir" "$out/$set.driver.o" $objs
    $CC -static -o "$out/$set.clang" "$out/$set.driver.o" "$out/$set.ref.o"
    ranges "$out/$set.sir" $objs >"$out/$set.sir.ranges"
    ranges "$out/$set.clang" "$out/$set.ref.o" >"$out/$set.clang.ranges"
    for k in $list; do
        set -- $(count "$out/$set.sir.ranges" "$out/$set.sir" "$k" 1)
        cs=$1 ns=$2
        set -- $(count "$out/$set.clang.ranges" "$out/$set.clang" "$k" 1)
        cc=$1 nc=$2
        ratio=$(awk -v a="$ns" -v b="$nc" 'BEGIN { printf "%.2f", a / b }')
        note=""
        if awk -v r="$ratio" 'BEGIN { exit !(r > 1.20) }'; then
            note=">20% longer"
        fi
        if [ "$cs" != "$cc" ]; then
            note="CHECKSUM DIFFERS: $cs $cc"
            status=1
        fi
        printf '%-9s %11d %11d %7s %s\n' "$k" "$ns" "$nc" "$ratio" "$note"
    done
done
echo "Instructions executed by the kernel (one repetition, under qemu);"
echo "clang: -O2 -fno-vectorize -fno-slp-vectorize --target=$T."
exit $status
