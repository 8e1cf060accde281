#!/bin/sh
# seed-pipeline.sh SIRGEN OUTDIR [N] - the seed corpus of fuzz_pipeline.
#
# Writes into OUTDIR (made afresh, under build/: nothing here is
# committed) every file test, example and committed parser seed of at
# most MAXLEN bytes (default 16384, the -max_len to fuzz with; longer
# ones would be cut and no longer parse), and N (default 300) small
# programs from sirgen.  Those keep a few KB so that each run of the
# pipeline is fast: sirgen's @main (the calls with edge values and the
# checksum, most of a program's text) is dropped and the functions it
# called are made external so that the optimizer keeps them; every
# tenth program keeps its @main.
set -eu
gen=$1
out=$2
n=${3:-300}
max=${MAXLEN:-16384}
cd "$(dirname "$0")/../.."
rm -rf "$out"
mkdir -p "$out"

find test/sir examples test/fuzz/corpus -name '*.sir' -size -"$((max + 1))"c \
    2>/dev/null | sort | while read -r f; do
    h=$(sha1sum "$f" | cut -c1-16)
    cp "$f" "$out/$(basename "$f" .sir)-$h.sir"
done

# Sizes by seed: one function or two, a few statements, shallow nesting.
s=1
while [ "$s" -le "$n" ]; do
    case $((s % 6)) in
    0) args="-funcs 1 -stmts 3 -depth 1" ;;
    1) args="-funcs 1 -stmts 6 -depth 2" ;;
    2) args="-funcs 2 -stmts 4 -depth 2" ;;
    3) args="-funcs 1 -stmts 5 -depth 2 -naive" ;;
    4) args="-funcs 2 -stmts 3 -depth 1 -naive" ;;
    5) args="-funcs 1 -stmts 4 -depth 3" ;;
    esac
    if [ $((s % 10)) -eq 0 ]; then
        "$gen" -seed "$s" -funcs 1 -stmts 3 -depth 1 > "$out/gen-$s.sir"
    else
        "$gen" -seed "$s" $args |
            awk '/^fn i32 @main\(/ { skip = 1 } !skip' |
            sed 's/^internal fn/fn/' > "$out/gen-$s.sir"
    fi
    s=$((s + 1))
done
echo "seed-pipeline.sh: $(ls "$out" | wc -l) seeds in $out"
