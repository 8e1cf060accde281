#!/bin/sh
# Branches out of reach on AArch64 (lib/codegen/branchrange.c): a
# generated program (gen.awk) whose conditional branches (cbz, b.cond,
# tbnz) have more than 1 MiB (tbnz: 32 KiB)
# between them and their block.  At -O0 and -O2:
#   - sirc -c's object is linked with the driver far.c and run under
#     qemu-aarch64: every branch goes where it should;
#   - sirc -S holds the rewritten forms (`.+8` over a `b`), and
#     assembled by aarch64-linux-gnu-as gives the same .text and
#     relocations as sirc -c.
#
#   sh test/farbranch/run.sh BINDIR
bindir=${1:-build/bin}
here=$(dirname "$0")
A64_CC=${A64_CC:-aarch64-linux-gnu-gcc}
A64_AS=${A64_AS:-aarch64-linux-gnu-as}
A64_SYSROOT=${A64_SYSROOT:-/usr/aarch64-linux-gnu}
for t in "$A64_CC" "$A64_AS" qemu-aarch64 readelf; do
    command -v "$t" >/dev/null 2>&1 || {
        echo "farbranch: skipped ($t missing)"; exit 0; }
done
oc=objcopy
command -v aarch64-linux-gnu-objcopy >/dev/null 2>&1 &&
    oc=aarch64-linux-gnu-objcopy
tmp=$(mktemp -d "${TMPDIR:-/tmp}/farbranch.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
# 262,144 instructions are 1 MiB, 8,192 are 32 KiB
big=263000 small=8300
awk -v big=$big -v small=$small -f "$here/gen.awk" >"$tmp/far.sir" || exit 1
fail=0 pass=0
for o in -O0 -O2; do
    want=3
    why=
    sirc="$bindir/sirc $o -mtriple=aarch64-linux-gnu"
    if ! $sirc -c "$tmp/far.sir" -o "$tmp/far.o" 2>"$tmp/err"; then
        why="sirc -c failed"
    elif ! $A64_CC -o "$tmp/far" "$here/far.c" "$tmp/far.o" 2>"$tmp/err"; then
        why="link failed"
    elif ! qemu-aarch64 -L "$A64_SYSROOT" "$tmp/far" $big $small \
            >"$tmp/err" 2>&1; then
        why="run failed"
    elif ! $sirc -S "$tmp/far.sir" -o "$tmp/far.s" 2>"$tmp/err"; then
        why="sirc -S failed"
    elif [ "$(grep -c '\.+8$' "$tmp/far.s")" -lt $want ]; then
        why="fewer than $want branches rewritten in sirc -S"
    elif ! $A64_AS "$tmp/far.s" -o "$tmp/ref.o" 2>"$tmp/err"; then
        why="as rejected sirc -S"
    else
        for f in far ref; do
            $oc -O binary --only-section=.text "$tmp/$f.o" "$tmp/$f.text"
            readelf -rW "$tmp/$f.o" |
                awk '/R_AARCH64/ {print $1, $3, $5, $6, $7}' >"$tmp/$f.rel"
        done
        cmp -s "$tmp/far.text" "$tmp/ref.text" &&
            cmp -s "$tmp/far.rel" "$tmp/ref.rel" ||
            why="sirc -c differs from as on sirc -S"
    fi
    if [ -n "$why" ]; then
        echo "FAIL: farbranch ($o): $why"
        head -10 "$tmp/err" | sed 's/^/    /'
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
echo "farbranch: $pass passed, $fail failed"
[ $fail -eq 0 ]
