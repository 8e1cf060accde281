#!/bin/sh
# icount.sh BINDIR - code quality of the kernel and comparison programs
# (bench/kernels, bench/compare) measured as the number of instructions
# the kernel executes, on x86-64 and AArch64: a count does not depend on
# the machine's load, and time under qemu means little.
#
# For each ISA and program, the sirc -O2 object and
# `clang -O2 -fno-vectorize -fno-slp-vectorize` on the C version (ref.c;
# sirc does not vectorize) are linked statically with the same driver
# and run once (REPS=1) under qemu-user with its translation log
# (-d in_asm,exec,nochain): every executed translation block whose
# address lies in a function of the kernel objects adds its instruction
# count.  The driver, libc and setup code are not counted.  The count
# weights each loop by how often it runs, so it is the hot loops' length
# that decides it.  Rows more than 20% above clang's are marked; the
# checksums must agree.  ICOUNT_ISAS picks the lanes (default
# "x86_64 aarch64"; a lane whose tools are missing is skipped).  Exit
# status 1 when a tool fails or a checksum differs.
set -eu
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}/icount
HOSTCC=${CC:-cc}
CLANG=${CLANG:-clang}
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=199309L -O2 -ffp-contract=off"
mkdir -p "$out"

# lane ISA: the triple, C compiler, qemu, binutils prefix and sysroot.
lane() {
    case $1 in
    x86_64) T=x86_64-linux-gnu CC=$HOSTCC QEMU=qemu-x86_64 BU= SYSROOT=/ ;;
    aarch64) T=aarch64-linux-gnu CC=aarch64-linux-gnu-gcc QEMU=qemu-aarch64
             BU=aarch64-linux-gnu- SYSROOT=/usr/aarch64-linux-gnu ;;
    esac
    for t in "$CC" "$QEMU" "$CLANG" "${BU}nm"; do
        command -v "$t" >/dev/null 2>&1 || return 1
    done
}

# sir_obj K.sir K.o: sirc's own object, or its assembly through the
# cross assembler while objects for the target are not available.
sir_obj() {
    "$bindir/sirc" -O2 -mtriple=$T -c "$1" -o "$2" 2>/dev/null ||
    { "$bindir/sirc" -O2 -mtriple=$T -S "$1" -o "$2.s" &&
      "${BU}as" "$2.s" -o "$2"; }
}

# ranges BINARY OBJ...: "start end" of every function the objects define.
ranges() {
    bin=$1; shift
    "${BU}nm" --defined-only "$@" |
        awk 'NF == 3 && ($2 == "T" || $2 == "t") { print $3 }' | sort -u \
        >"$out/names"
    "${BU}nm" -S --defined-only "$bin" | awk -v f="$out/names" '
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
    res=$("$QEMU" -L "$SYSROOT" -d in_asm,exec,nochain \
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
for isa in ${ICOUNT_ISAS:-x86_64 aarch64}; do
if ! lane "$isa"; then
    echo "icount ($isa): skipped (tools missing; make check installs the" \
         "AArch64 ones)"
    continue
fi
echo "$isa:"
printf '%-9s %11s %11s %7s %s\n' kernel sir clang sir/cl note
for set in kernels compare; do
    src=$here/$set
    case $set in
    kernels) list="sum dot matmul collatz" ;;
    compare) list="bodies adler blur isort tree classify sieve fib crc vm
        qsort hash edit bsearch list parse mat scan bits soa" ;;
    esac
    objs=""
    pre=$out/$isa.$set
    for k in $list; do
        sir_obj "$src/$k.sir" "$pre.$k.o"
        objs="$objs $pre.$k.o"
    done
    $CC $CFLAGS -c "$src/driver.c" -o "$pre.driver.o"
    $CLANG --target=$T $CFLAGS -fno-vectorize -fno-slp-vectorize \
        -c "$src/ref.c" -o "$pre.ref.o"
    $CC -static -o "$pre.sir" "$pre.driver.o" $objs
    $CC -static -o "$pre.clang" "$pre.driver.o" "$pre.ref.o"
    ranges "$pre.sir" $objs >"$pre.sir.ranges"
    ranges "$pre.clang" "$pre.ref.o" >"$pre.clang.ranges"
    for k in $list; do
        set -- $(count "$pre.sir.ranges" "$pre.sir" "$k" 1)
        cs=$1 ns=$2
        set -- $(count "$pre.clang.ranges" "$pre.clang" "$k" 1)
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
done
echo "Instructions executed by the kernel (one repetition, under qemu);"
echo "clang: -O2 -fno-vectorize -fno-slp-vectorize for the same triple."
exit $status
