#!/bin/sh
# The differential object test: sirc's own objects against the reference
# assemblers on the same program.
#
#   sh test/obj/run.sh BINDIR [FILE.sir...]
#
# For every .sir under test/ and examples/ that sirc compiles, at -O0 and
# -O2, for x86-64 and (when aarch64-linux-gnu-as is there) AArch64:
#   ELF:    sirc -c            against  sirc -S | as --64
#                                       (aarch64-linux-gnu-as)
#   Mach-O: sirc -c -mtriple=x86_64-apple-macos (arm64-apple-macos)
#                              against  sirc -S ... | llvm-mc -filetype=obj
#                                       -triple=x86_64-apple-macos11 (the
#                                       version sirc's objects record);
#           arm64 objects must also link with ld64.lld -arch arm64
#           -dylib -undefined dynamic_lookup (test/macho links x86-64's)
# must have the same bytes in every section, unwind information included
# (.eh_frame; __eh_frame and __compact_unwind), and the same relocations,
# normalised to (section, offset, type, symbol, addend).  No exception
# is needed today: where the reference assemblers choose differently
# (GNU as fills .p2align 4, 0x90 with 0x90 bytes and pads with no-ops of
# up to 11 bytes, llvm-mc uses no-ops of up to 10), sirc follows each.
# OBJ_JOBS (default 2) programs are checked at once; OBJ_LANES selects
# machines (x86_64, aarch64).
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
    # the sections with bytes (GNU as makes .data and .bss always), by
    # name (not their order in the table); the name follows "[ N]", two
    # fields below section 10 and one above
    for s in $(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
               awk '$1 ~ /^\./ && $1 !~ /^\.rela/ && $5 !~ /^0+$/ &&
                    $1 !~ /^\.(symtab|strtab|shstrtab|note\.GNU-stack)$/ {
                        print $1 }' | sort); do
        echo "== $s"
        $OBJCOPY -O binary --only-section="$s" "$1" "$2.bin" 2>/dev/null &&
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

# The lanes, one per machine: NAME ELF-TRIPLE AS OBJCOPY MACHO-TRIPLE
# (sirc's) MC-TRIPLE (llvm-mc's, with the version sirc records) LD64
# (the -arch with which ld64.lld links sirc's Mach-O object into a
# dylib; "-": not here, test/macho does it for x86-64).
LANES="x86_64 x86_64-linux-gnu $AS|--64 objcopy x86_64-apple-macos x86_64-apple-macos11 -"
A64AS=${A64AS:-aarch64-linux-gnu-as}
if have "$A64AS"; then
    a64oc=objcopy
    have aarch64-linux-gnu-objcopy && a64oc=aarch64-linux-gnu-objcopy
    LANES="$LANES
aarch64 aarch64-linux-gnu $A64AS $a64oc arm64-apple-macos arm64-apple-macos11 arm64"
else
    echo "obj tests: the AArch64 lane is skipped ($A64AS missing)"
fi

# OBJ_LANES=aarch64 (a regular expression) checks only those lanes.
[ -n "$OBJ_LANES" ] && LANES=$(echo "$LANES" | grep -E "^($OBJ_LANES) ")

ld64=
for l in ld64.lld /usr/lib/llvm-19/bin/ld64.lld /usr/lib/llvm-18/bin/ld64.lld \
         /usr/lib/llvm-17/bin/ld64.lld /usr/lib/llvm-16/bin/ld64.lld \
         /usr/lib/llvm-15/bin/ld64.lld /usr/lib/llvm-14/bin/ld64.lld; do
    have "$l" && { ld64=$l; break; }
done

# check_lane FILE BASE OPT NAME ELF AS OBJCOPY MACHO MC LD64: one machine.
check_lane() {
    f=$1 b=$2.$4 o=$3 name=$4 t=-mtriple=$5 asm=$(echo "$6" | tr '|' ' ')
    OBJCOPY=$7 mt=-mtriple=$8 mc=$9 arch=${10}
    st=0
    "$sirc" $o $t -S "$f" -o "$b.s" 2>/dev/null || return 0
    if ! "$sirc" $o $t -c "$f" -o "$b.o" 2>"$b.err"; then
        echo "FAIL: $f ($o $name): sirc -c failed: $(head -1 "$b.err")"
        return 1
    fi
    $asm "$b.s" -o "$b.ref.o" 2>"$b.err" || {
        echo "FAIL: $f ($o $name): as rejected sirc -S output"; return 1; }
    elf_dump "$b.o" "$b.d1"; elf_dump "$b.ref.o" "$b.d2"
    if ! cmp -s "$b.d1" "$b.d2"; then
        echo "FAIL: $f ($o $name): ELF object differs from as"
        diff "$b.d2" "$b.d1" | head -8 | sed 's/^/    /'
        st=1
    fi
    [ $macho = 1 ] || return $st
    "$sirc" $o $mt -S "$f" -o "$b.m.s" 2>/dev/null || return $st
    if ! "$sirc" $o $mt -c "$f" -o "$b.m.o" 2>"$b.err"; then
        echo "FAIL: $f ($o $name): sirc -c $mt failed: $(head -1 "$b.err")"
        return 1
    fi
    llvm-mc -triple=$mc -filetype=obj "$b.m.s" -o "$b.m.ref.o" 2>"$b.err" || {
        echo "FAIL: $f ($o $name): llvm-mc rejected sirc -S $mt output"
        return 1; }
    macho_dump "$b.m.o" "$b.m1"; macho_dump "$b.m.ref.o" "$b.m2"
    if ! cmp -s "$b.m1" "$b.m2"; then
        echo "FAIL: $f ($o $name): Mach-O object differs from llvm-mc"
        diff "$b.m2" "$b.m1" | head -8 | sed 's/^/    /'
        st=1
    fi
    if [ -n "$ld64" ] && [ "$arch" != - ] &&
       ! "$ld64" -arch "$arch" -platform_version macos 11.0 11.0 -dylib \
            -undefined dynamic_lookup -o "$b.dylib" "$b.m.o" 2>"$b.err"; then
        echo "FAIL: $f ($o $name): ld64.lld -arch $arch rejected sirc -c"
        head -4 "$b.err" | sed 's/^/    /'
        st=1
    fi
    return $st
}

check_one() {  # file -> prints FAIL lines; status 1 on failure
    f=$1 b1=$tmp/$(echo "$1" | tr / _)
    st=0
    grep -q NO-OBJ-DIFF "$f" && return 0
    for o in -O0 -O2; do
        while read -r lane; do
            [ -n "$lane" ] || continue
            check_lane "$f" "$b1" $o $lane || st=1
        done <<EOF
$LANES
EOF
    done
    rm -f "$b1".*
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
echo "obj tests: $n programs at -O0 and -O2, $(echo "$LANES" | awk '{printf "%s%s", (NR > 1 ? " and " : ""), $1}') (ELF$( [ $macho = 1 ] &&
    echo ' and Mach-O')), $fail failed"
[ "$fail" -eq 0 ]
