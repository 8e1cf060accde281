#!/bin/sh
# The differential object test: sirc's own objects against the reference
# assemblers on the same program.
#
#   sh test/obj/run.sh BINDIR [FILE.sir...]
#
# For every .sir under test/ and examples/ that sirc compiles, at -O0 and
# -O2:
#   ELF:    sirc -c            against  sirc -S | as --64
#   Mach-O: sirc -c -mtriple=x86_64-apple-macos
#                              against  sirc -S ... | llvm-mc -filetype=obj
#                                       -triple=x86_64-apple-macos11 (the
#                                       version sirc's objects record)
# must have the same bytes in every section, unwind information included
# (.eh_frame; __eh_frame and __compact_unwind), and the same relocations,
# normalised to (section, offset, type, symbol, addend).  No exception
# is needed today: where the reference assemblers choose differently
# (GNU as fills .p2align 4, 0x90 with 0x90 bytes and pads with no-ops of
# up to 11 bytes, llvm-mc uses no-ops of up to 10), sirc follows each.
# OBJ_JOBS (default 2) programs are checked at once.
bindir=${1:?usage: run.sh BINDIR [FILE.sir...]}
shift
sirc=$bindir/sirc
jobs=${OBJ_JOBS:-2}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirobj.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

have() { command -v "$1" >/dev/null 2>&1; }
AS=${AS:-as}
have "$AS" && have readelf && have objcopy || {
    echo "obj tests: skipped (binutils missing)"; exit 0; }
macho=1
have llvm-mc && have llvm-objdump || macho=0
if [ $macho = 0 ]; then
    for v in 14 15 16 17 18 19; do
        if [ -x /usr/lib/llvm-$v/bin/llvm-mc ]; then
            PATH=/usr/lib/llvm-$v/bin:$PATH; macho=1; break
        fi
    done
fi

[ $# -eq 0 ] && set -- $(find test examples -name '*.sir' | sort)

# ELF: every allocated section's bytes, and the relocations.
elf_dump() {  # obj out
    for s in $(readelf -SW "$1" | awk '$2 ~ /^\./ && $2 !~ /^\.rela/ &&
               $2 !~ /^\.(symtab|strtab|shstrtab|note\.GNU-stack)$/ {print $2}'); do
        echo "== $s"
        objcopy -O binary --only-section="$s" "$1" "$2.bin" 2>/dev/null &&
            od -An -tx1 -v "$2.bin"
    done > "$2"
    readelf -rW "$1" | awk '/^Relocation section/ {sec = $3; next}
        /^ *[0-9a-f]+ +[0-9a-f]+ +R_/ {
            sym = $5; add = "";
            for (i = 6; i <= NF; i++) add = add $i;
            print sec, $1, $3, sym, add }' >> "$2"
}

# Mach-O: section bytes and relocations as llvm-objdump prints them.
macho_dump() {  # obj out
    llvm-objdump -s "$1" | sed 1,2d > "$2"
    llvm-objdump --macho -r "$1" | sed 1d >> "$2"
}

check_one() {  # file -> prints FAIL lines; status 1 on failure
    f=$1 b=$tmp/$(echo "$1" | tr / _)
    st=0
    grep -q NO-OBJ-DIFF "$f" && return 0
    for o in -O0 -O2; do
        "$sirc" $o -S "$f" -o "$b.s" 2>/dev/null || continue
        if ! "$sirc" $o -c "$f" -o "$b.o" 2>"$b.err"; then
            echo "FAIL: $f ($o): sirc -c failed: $(head -1 "$b.err")"
            st=1; continue
        fi
        "$AS" --64 "$b.s" -o "$b.ref.o" 2>"$b.err" || {
            echo "FAIL: $f ($o): as rejected sirc -S output"; st=1; continue; }
        elf_dump "$b.o" "$b.d1"; elf_dump "$b.ref.o" "$b.d2"
        if ! cmp -s "$b.d1" "$b.d2"; then
            echo "FAIL: $f ($o): ELF object differs from as"
            diff "$b.d2" "$b.d1" | head -8 | sed 's/^/    /'
            st=1
        fi
        [ $macho = 1 ] || continue
        t=-mtriple=x86_64-apple-macos
        "$sirc" $o $t -S "$f" -o "$b.m.s" 2>/dev/null || continue
        if ! "$sirc" $o $t -c "$f" -o "$b.m.o" 2>"$b.err"; then
            echo "FAIL: $f ($o): sirc -c $t failed: $(head -1 "$b.err")"
            st=1; continue
        fi
        llvm-mc -triple=x86_64-apple-macos11 -filetype=obj "$b.m.s" \
            -o "$b.m.ref.o" 2>"$b.err" || {
            echo "FAIL: $f ($o): llvm-mc rejected sirc -S $t output"
            st=1; continue; }
        macho_dump "$b.m.o" "$b.m1"; macho_dump "$b.m.ref.o" "$b.m2"
        if ! cmp -s "$b.m1" "$b.m2"; then
            echo "FAIL: $f ($o): Mach-O object differs from llvm-mc"
            diff "$b.m2" "$b.m1" | head -8 | sed 's/^/    /'
            st=1
        fi
    done
    rm -f "$b".*
    return $st
}

# share k of the files in job k
n=0
for f in "$@"; do
    echo "$f" >> "$tmp/list.$((n % jobs))"
    n=$((n + 1))
done
j=0
while [ $j -lt $jobs ]; do
    if [ -f "$tmp/list.$j" ]; then
        ( fail=0
          while read -r f; do check_one "$f" || fail=$((fail + 1)); done \
              < "$tmp/list.$j"
          echo "$fail" > "$tmp/fail.$j" ) > "$tmp/out.$j" &
    fi
    j=$((j + 1))
done
wait
cat "$tmp"/out.* 2>/dev/null
fail=$(cat "$tmp"/fail.* 2>/dev/null | awk '{s += $1} END {print s + 0}')
echo "obj tests: $n programs at -O0 and -O2 (ELF$( [ $macho = 1 ] &&
    echo ' and Mach-O')), $fail failed"
[ "$fail" -eq 0 ]
