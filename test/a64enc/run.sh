#!/bin/sh
# The golden AArch64 encodings of test/unit/check_a64enc.c, re-derived
# from their text by llvm-mc --show-encoding, so that the table in the
# unit test cannot rot.  Fixup bits (branch offsets, :lo12: and page
# immediates llvm-mc leaves to relocations) count as zero, as the
# encoder leaves them.
#
#   sh test/a64enc/run.sh BINDIR
#
# Reads `check_a64enc --dump` (BINDIR/../test/): "word TAB text" per
# entry.  Skipped when llvm-mc or the unit test binary is missing.
# BLESS=1 first rewrites the words and texts of test/unit/a64enc.inc
# from `check_a64enc --actual` (new entries can be added with
# 0x00000000, ""); the comparison then runs on the next build.
name=a64enc
. test/unit/golden.sh
inc=test/unit/a64enc.inc
if [ "${BLESS:-0}" = 1 ]; then
    "$ck" --actual >"$tmp/actual" || exit 1
    awk -F'\t' -v act="$tmp/actual" '
    /^     0x[0-9a-f]+, ".*"},$/ {
        if ((getline a < act) <= 0) { print "a64enc: too few" > "/dev/stderr"; exit 1 }
        split(a, f, "\t")
        printf "     0x%s, \"%s\"},\n", f[1], f[2]
        next
    }
    { print }' "$inc" >"$tmp/blessed" && cp "$tmp/blessed" "$inc" || exit 1
    echo "a64enc: blessed $inc; rebuild and rerun to compare"
    exit 0
fi
"$ck" --dump >"$tmp/dump" || { echo "a64enc: $ck --dump failed"; exit 1; }
cut -f2 "$tmp/dump" >"$tmp/all.s"
"$mc" -triple=aarch64 --show-encoding "$tmp/all.s" >"$tmp/mc.out" 2>&1 ||
    { echo "a64enc: llvm-mc failed:"; head -20 "$tmp/mc.out"; exit 1; }
# each encoding [b0,b1,b2,b3] (0xNN, A for a whole fixup byte, 0b... with
# letters for fixup bits) as a word with the fixup bits zero
awk '/encoding: \[/ {
    s = $0; sub(/.*encoding: \[/, "", s); sub(/\].*/, "", s)
    k = split(s, b, ","); w = ""
    for (j = k; j >= 1; j--) {
        v = 0
        sub(/\047.*/, "", b[j])     # 0x09 then the fixup letters
        if (b[j] ~ /^0x/) {
            h = tolower(substr(b[j], 3))
            for (q = 1; q <= length(h); q++)
                v = v * 16 + index("0123456789abcdef", substr(h, q, 1)) - 1
        } else if (b[j] ~ /^0b/) {
            for (q = 3; q <= length(b[j]); q++)
                v = v * 2 + (substr(b[j], q, 1) == "1")
        }
        w = w sprintf("%02x", v)
    }
    print w
}' "$tmp/mc.out" >"$tmp/mc.words"
cut -f1 "$tmp/dump" >"$tmp/words"
n=$(wc -l <"$tmp/words")
if [ "$(wc -l <"$tmp/mc.words")" -ne "$n" ]; then
    echo "a64enc: llvm-mc gave $(wc -l <"$tmp/mc.words") encodings for $n entries"
    exit 1
fi
bad=$(paste "$tmp/words" "$tmp/mc.words" "$tmp/all.s" |
      awk -F'\t' '$1 != $2 { printf "    table %s, llvm-mc %s: %s\n", $1, $2, $3; n++ }
                  END { exit n > 0 }') || {
    echo "a64enc: golden words differ from llvm-mc:"
    echo "$bad" | head -20
    exit 1
}
echo "a64enc: $n golden words agree with llvm-mc"
