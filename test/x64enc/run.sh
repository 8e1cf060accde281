#!/bin/sh
# The golden x86-64 encodings of test/unit/check_x64enc.c, re-derived
# from their text by llvm-mc --show-encoding (bytes, fixup offsets and
# pc-relative ends) and by GNU as (bytes outside fixups; short branches
# left out, as gas relaxes them by distance), so that the table in the
# unit test cannot rot.
#
#   sh test/x64enc/run.sh BINDIR
#
# Reads `check_x64enc --dump` (BINDIR/../test/): one entry a line,
# "short-branch TAB bytes TAB off:pcend,... TAB text" with "xx" for fixup
# bytes.  Skipped when llvm-mc or the unit test binary is missing.
#
# BLESS=1 first rewrites the bytes and texts of the table from
# `check_x64enc --actual` (new entries can be added with "", ""); the
# comparison then runs on the next build.
name=x64enc
. test/unit/golden.sh
if [ "${BLESS:-0}" = 1 ]; then
    "$ck" --actual >"$tmp/actual" || exit 1
    # The table's entries, in check_x64enc.c's include order; each file
    # is rewritten with its share of --actual's lines.
    for src in test/unit/x64enc_move.inc test/unit/x64enc_alu.inc \
               test/unit/x64enc_misc.inc; do
        n=$(grep -c '^     "[^"]*", ".*"},$' "$src")
        awk -F'\t' -v act="$tmp/actual" -v skip="${seen:-0}" '
        BEGIN { for (i = 0; i < skip; i++) getline a < act }
        /^     "[^"]*", ".*"},$/ {
            if ((getline a < act) <= 0) { print "x64enc: too few" > "/dev/stderr"; exit 1 }
            split(a, f, "\t")
            printf "     \"%s\", \"%s\"},\n", f[2], f[4]
            next
        }
        { print }' "$src" >"$tmp/blessed" && cp "$tmp/blessed" "$src" || exit 1
        seen=$(( ${seen:-0} + n ))
        echo "x64enc: blessed $src"
    done
    echo "x64enc: rebuild and rerun to compare"
    exit $?
fi
"$ck" --dump >"$tmp/dump" || { echo "x64enc: $ck --dump failed"; exit 1; }

# The texts, each followed by int3 as a separator; near branches get
# {disp32} (llvm-mc would pick rel8 for a label it does not know).
awk -F'\t' '{
    t = $4
    if ($1 == 0 && t ~ /\.LBB/) t = "{disp32} " t
    gsub(/\\n/, "\n", t)
    gsub(/(^|\n)\.cfi[^\n]*/, "", t)   # directives: no bytes
    print t; print "int3"
}' "$tmp/dump" >"$tmp/all.s"
"$mc" -triple=x86_64 --show-encoding "$tmp/all.s" >"$tmp/mc.out" 2>&1 ||
    { echo "x64enc: llvm-mc failed:"; head -20 "$tmp/mc.out"; exit 1; }

# Per entry: bytes (letters of fixups as xx; fixups on local labels of
# the text itself, frem's 1b, as ??) and "off:pcend" of symbol fixups.
awk '
function flush() { print hex "\t" fx; hex = ""; fx = ""; n = 0 }
/encoding: \[/ {
    if ($1 == "int3") { flush(); next }
    s = $0; sub(/.*encoding: \[/, "", s); sub(/\].*/, "", s)
    start = n; k = split(s, b, ",")
    for (j = 1; j <= k; j++) {
        x = "xx"
        if (b[j] ~ /^0x/) {
            x = tolower(substr(b[j], 3))
            if (length(x) == 1) x = "0" x
        }
        hex = hex (n ? " " : "") x; n++
    }
    next
}
/fixup [A-Z] - offset:/ {
    off = $0; sub(/.*offset: /, "", off); sub(/,.*/, "", off)
    val = $0; sub(/.*value: /, "", val); sub(/, kind.*/, "", val)
    pc = val; sub(/.*-/, "", pc)
    if (val ~ /^\.Ltmp/) {
        p = 3 * (start + off) + 1
        hex = substr(hex, 1, p - 1) "??" substr(hex, p + 2)
        next
    }
    fx = fx (fx == "" ? "" : ",") (start + off) ":" pc
}' "$tmp/mc.out" >"$tmp/mc"

# GNU as: the same texts without the short branches, as flat bytes.
awk -F'\t' '$1 == 0 {
    t = $4; gsub(/\\n/, "\n", t); gsub(/(^|\n)\.cfi[^\n]*/, "", t)
    print t; print "int3"
}' "$tmp/dump" >"$tmp/gas.s"
if as --64 -o "$tmp/gas.o" "$tmp/gas.s" 2>"$tmp/gas.err" &&
   objcopy -O binary -j .text "$tmp/gas.o" "$tmp/gas.bin"; then
    od -An -tx1 -v "$tmp/gas.bin" | tr -s ' \n' '\n\n' | grep . \
        >"$tmp/gas.bytes"
else
    echo "x64enc: as failed:"; head -20 "$tmp/gas.err"; exit 1
fi

paste "$tmp/dump" "$tmp/mc" | awk -F'\t' -v gasf="$tmp/gas.bytes" '
function wild(a, b,    i) {     # b may have ?? where a has anything
    if (length(a) != length(b)) return 0
    for (i = 1; i <= length(a); i += 3)
        if (substr(b, i, 2) != "??" && substr(a, i, 2) != substr(b, i, 2))
            return 0
    return 1
}
{
    e = NR - 1; ok = 1
    if (!wild($2, $5)) {
        printf "x64enc: entry %d \"%s\": table [%s], llvm-mc [%s]\n", e, $4, $2, $5
        ok = 0
    }
    if ($3 != $6) {
        printf "x64enc: entry %d \"%s\": fixups %s, llvm-mc %s\n", e, $4, $3, $6
        ok = 0
    }
    if ($1 == 0) {              # the same bytes from gas, then int3
        k = split($2, b, " "); got = ""
        for (j = 1; j <= k; j++) {
            if ((getline g < gasf) <= 0) g = "EOF"
            got = got (j > 1 ? " " : "") (b[j] == "xx" ? "xx" : g)
        }
        if ((getline g < gasf) <= 0) g = "EOF"
        if (got != $2 || g != "cc") {
            printf "x64enc: entry %d \"%s\": table [%s], as [%s] then %s\n", e, $4, $2, got, g
            ok = 0
            gasbad = 1
        }
    }
    if (ok) pass++; else fail++
    if (gasbad) exit 1          # out of step with the gas bytes
}
END {
    printf "x64enc: %d entries match llvm-mc and as, %d differ\n", pass, fail
    exit fail != 0
}'
