#!/bin/sh
# Combinatorial instruction-selection test (issue 15): the functions of
# test/isel/combo.c, small expression DAGs over every operation x86-64
# isel fuses with every kind of leaf, run by siri (the reference) and
# compiled by sirc at -O0 and -O2, linked with cc and run natively.  On a
# mismatch the differing functions are printed with both outputs.
#
#   sh test/isel/run.sh BINDIR
#
# BINDIR/iselcombo is the generator (built by make check).  The module is
# split in ISEL_COMBO_JOBS shares (2) that run at once; ISEL_COMBO_KEEP=DIR
# keeps the modules, assembly and outputs there.
bin=${1:?usage: run.sh BINDIR}
gen=$bin/iselcombo
jobs=${ISEL_COMBO_JOBS:-2}
# Under the sanitizers (make check SAN=1 exports ASAN_OPTIONS) every
# tool is several times slower: the shares then cover the first eighth
# of the functions (the plain build runs them all).
of=$jobs
[ -n "${ASAN_OPTIONS:-}" ] && of=$((jobs * 8))
CC=${CC:-cc}
case $(uname -m) in
x86_64) ;;
*) echo "isel combo: skipped (not x86-64)"; exit 0 ;;
esac
if [ -n "$ISEL_COMBO_KEEP" ]; then
    tmp=$ISEL_COMBO_KEEP
    rm -rf "$tmp" && mkdir -p "$tmp" || exit 1
else
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/iselcombo.XXXXXX") || exit 1
    trap 'rm -rf "$tmp"' EXIT
fi
start=$(date +%s)

# one share: the reference, then each optimization level
share() {
    j=$1 d=$tmp/$1
    mkdir -p "$d"
    "$gen" -part "$j" -of "$of" > "$d/m.sir" ||
        { echo "the generator failed" > "$d/fail"; return; }
    "$bin/siri" "$d/m.sir" > "$d/ref.out" 2> "$d/ref.err" ||
        { echo "siri exits $?" > "$d/fail"; return; }
    for o in -O0 -O2; do
        if ! "$bin/sirc" $o -S "$d/m.sir" -o "$d/m$o.s" 2> "$d/err$o" ||
           ! $CC -o "$d/m$o" "$d/m$o.s" 2>> "$d/err$o"; then
            echo "sirc $o or cc failed" >> "$d/fail"
        elif ! "$d/m$o" > "$d/out$o" 2>> "$d/err$o"; then
            echo "the $o program exits $?" >> "$d/fail"
        fi
    done
}

j=0
while [ "$j" -lt "$jobs" ]; do
    share "$j" &
    j=$((j + 1))
done
wait

fail=0 nbad=0
j=0
while [ "$j" -lt "$jobs" ]; do
    d=$tmp/$j
    if [ -f "$d/fail" ]; then
        sed "s/^/isel combo: share $j: /" "$d/fail"
        cat "$d"/*.err "$d"/err* 2>/dev/null | head -20
        fail=1
    fi
    for o in -O0 -O2; do
        [ -f "$d/out$o" ] || continue
        # lines are "index r0 s0 r1 s1 ...", one per function
        bad=$(diff "$d/ref.out" "$d/out$o" | sed -n 's/^> \([0-9]*\) .*/\1/p')
        for i in $bad; do
            nbad=$((nbad + 1))
            fail=1
            [ "$nbad" -gt 10 ] && continue
            echo "isel combo: @c$i differs at $o"
            grep "^$i " "$d/ref.out" | sed 's/^/  siri: /'
            grep "^$i " "$d/out$o" | sed "s/^/  $o:  /"
            awk -v f="@c$i(" 'index($0, "fn i64 " f) { p = 1; print prev }
                p { print } /^}/ { p = 0 } { prev = $0 }' "$d/m.sir" |
                sed 's/^/    /'
        done
    done
    j=$((j + 1))
done
echo "isel combo: $("$gen" -count)"
echo "isel combo: x 4 inputs at -O0 and -O2: $nbad mismatches," \
     "$(( $(date +%s) - start ))s"
exit $fail
