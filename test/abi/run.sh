#!/bin/sh
# The ABI matrix (issue 17): random signatures from abigen (gen.c) as SIR
# and C, SIR calling C and C calling SIR, every argument and result
# checked by the C driver:
#   - x86-64, natively (sirc -c, linked by cc), at -O0 and -O2;
#   - aarch64-linux-gnu under qemu-aarch64 (sirc -S, linked by
#     aarch64-linux-gnu-gcc), at -O0 and -O2;
#   - arm64-apple-macos, which cannot run here: where each parameter of
#     scalar signatures is found (register or stack offset), and where
#     the arguments of variadic calls are put, by clang -target
#     arm64-apple-macos -O2 and by sirc -O2, must agree (stack arguments
#     are packed there, narrow ones at their own size, variadic ones all
#     on the stack); the same comparisons for aarch64-linux-gnu; and x18,
#     Apple's platform register, appears nowhere in its code.
# Fixed seeds, ABI_BATCHES batches of ABI_N signatures (default 5 x 60),
# one compilation per batch and configuration.
#
#   sh test/abi/run.sh BINDIR
bindir=${1:-build/bin}
gen=${ABIGEN:-$bindir/abigen}
n=${ABI_N:-60}
batches=${ABI_BATCHES:-5}
CC=${CC:-cc}
A64_CC=${A64_CC:-aarch64-linux-gnu-gcc}
A64_SYSROOT=${A64_SYSROOT:-/usr/aarch64-linux-gnu}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirabi.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
here=$(dirname "$0")
pass=0 fail=0

x64=0 a64=0
[ "$(uname -m)" = x86_64 ] && x64=1
if command -v "$A64_CC" >/dev/null 2>&1 &&
   command -v qemu-aarch64 >/dev/null 2>&1 && [ -d "$A64_SYSROOT" ]; then
    a64=1
else
    echo "abi matrix (aarch64): skipped ($A64_CC, qemu-aarch64 or" \
         "$A64_SYSROOT missing)"
fi

# check NAME COMMAND...: runs a configuration, counting and reporting
check() {
    what=$1
    shift
    if "$@" >"$tmp/out" 2>"$tmp/err"; then
        pass=$((pass + 1))
    else
        echo "FAIL: abi matrix $what"
        sed 's/^/    /' "$tmp/err" | head -10
        sed 's/^/    out: /' "$tmp/out" | head -10
        fail=$((fail + 1))
    fi
}

b=1
while [ "$b" -le "$batches" ]; do
    "$gen" -seed "$b" -n "$n" -sir "$tmp/b.sir" -c "$tmp/b.c" || exit 1
    # the driver once per machine
    [ $x64 = 1 ] && { $CC -c -o "$tmp/dx.o" "$tmp/b.c" || exit 1; }
    [ $a64 = 1 ] && { $A64_CC -c -o "$tmp/da.o" "$tmp/b.c" || exit 1; }
    for opt in -O0 -O2; do
        if [ $x64 = 1 ]; then
            check "batch $b x86-64 $opt" sh -c "
                '$bindir/sirc' $opt -c '$tmp/b.sir' -o '$tmp/b.o' &&
                $CC -o '$tmp/bx' '$tmp/dx.o' '$tmp/b.o' && '$tmp/bx'"
        fi
        if [ $a64 = 1 ]; then
            check "batch $b aarch64-linux-gnu $opt" sh -c "
                '$bindir/sirc' $opt -mtriple=aarch64-linux-gnu -S \
                    '$tmp/b.sir' -o '$tmp/b.s' &&
                $A64_CC -o '$tmp/ba' '$tmp/da.o' '$tmp/b.s' &&
                qemu-aarch64 -L '$A64_SYSROOT' '$tmp/ba'"
        fi
    done
    # Apple's platform register: never allocated (the batch has calls
    # with every register live)
    check "batch $b arm64-apple-macos: no x18" sh -c "
        '$bindir/sirc' -O2 -mtriple=arm64-apple-macos -S '$tmp/b.sir' \
            -o '$tmp/b.apple.s' && ! grep -nE '\\b[xw]18\\b' '$tmp/b.apple.s'"
    b=$((b + 1))
done

# placement: clang against sirc, parameter by parameter (place.awk) and
# the arguments of variadic calls (vplace.awk)
if command -v clang >/dev/null 2>&1; then
    for probe in place vplace; do
        "$gen" -seed 1 -n 40 -$probe "$tmp/p.sir" -c "$tmp/p.c" || exit 1
        for t in arm64-apple-macos aarch64-linux-gnu; do
            if ! clang -target $t -O2 -S "$tmp/p.c" -o "$tmp/pc.s" \
                    2>"$tmp/err" ||
               ! "$bindir/sirc" -O2 -mtriple=$t -S "$tmp/p.sir" \
                    -o "$tmp/ps.s" 2>>"$tmp/err"; then
                echo "FAIL: abi $probe $t: compilation"
                sed 's/^/    /' "$tmp/err" | head -10
                fail=$((fail + 1))
                continue
            fi
            awk -f "$here/$probe.awk" "$tmp/pc.s" | sort > "$tmp/pc.txt"
            awk -f "$here/$probe.awk" "$tmp/ps.s" | sort > "$tmp/ps.txt"
            if [ -s "$tmp/pc.txt" ] && cmp -s "$tmp/pc.txt" "$tmp/ps.txt"
            then
                pass=$((pass + 1))
            else
                echo "FAIL: abi $probe $t (clang <, sirc >):"
                diff "$tmp/pc.txt" "$tmp/ps.txt" | head -20 |
                    sed 's/^/    /'
                fail=$((fail + 1))
            fi
        done
    done
else
    echo "abi placement: skipped (no clang)"
fi
echo "abi matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
