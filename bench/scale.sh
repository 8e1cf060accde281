#!/bin/sh
# scale.sh BINDIR [SHAPE...] - the scaling benchmark of `make bench`
# (issue 21).  For each shape of bench/shape.sh, generates the module at
# size N and 2N and runs `siropt -O2`, `sirc -O0 -c` and `sirc -O2 -c`
# on both, printing CPU seconds (user + system) and peak RSS at each
# size and their ratios.  Linear work doubles (x2); every ratio should
# be at most 2.5.  Times under SCALE_MIN_CPU seconds (default 0.05) are
# too short to compare and print their ratio as "-"; memory ratios are
# taken above the tool's empty-input footprint.  SCALE=k multiplies
# every N by k.  A measurement, not a test: the exit status is 0 unless
# a tool fails; ratios above 2.5 are marked with '!'.
set -eu
bindir=${1:-build/bin}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}
mult=${SCALE:-1}
min=${SCALE_MIN_CPU:-0.05}
CC=${CC:-cc}
mkdir -p "$out"
$CC -std=c11 -O2 -o "$out/measure" "$here/measure.c"

# shape and N (2N is run too), chosen so that N takes about a second or
# less at -O2 when the passes are linear
sizes="blocks:200000 insts:200000 domfwd:100000 domrev:100000
livecall:50000 switch:50000 slots:50000 funcs:50000 params:50000
rotate:50000 loops:25000 diamonds:40000 irreducible:50000 aggswap:8192
inline:2000 insert:40000 ptrchain:100000"
# (the `if` keeps set -e from ending the script on a shape that is not
# the last one listed)
[ $# -gt 0 ] && sizes=$(for s in "$@"; do
    for x in $sizes; do if [ "${x%%:*}" = "$s" ]; then echo "$x"; fi; done
done)

# CPU and RSS (KB) of one run: "CPU RSS"
run() {
    "$out/measure" /dev/null "$@" 2>"$out/scale.err" | awk '{print $2, $3}'
}
# the empty module's footprint, subtracted from RSS before the ratio
printf '' > "$out/empty.sir"
base_opt=$(run "$bindir/siropt" -O2 "$out/empty.sir" -o /dev/null | cut -d' ' -f2)
base_c=$(run "$bindir/sirc" -O0 -c "$out/empty.sir" -o "$out/scale.o" | cut -d' ' -f2)

printf '%-12s %-9s %7s %9s %9s %6s %9s %9s %6s\n' shape tool N \
    cpu_N cpu_2N ratio rss_N rss_2N ratio
for x in $sizes; do
    s=${x%%:*} n=$((${x#*:} * mult))
    sh "$here/shape.sh" "$s" "$n" > "$out/scale1.sir"
    sh "$here/shape.sh" "$s" $((2 * n)) > "$out/scale2.sir"
    for tool in "siropt -O2" "sirc -O0" "sirc -O2"; do
        set -- $tool
        if [ "$1" = siropt ]; then
            a=$(run "$bindir/siropt" -O2 "$out/scale1.sir" -o /dev/null)
            b=$(run "$bindir/siropt" -O2 "$out/scale2.sir" -o /dev/null)
            base=$base_opt
        else
            a=$(run "$bindir/sirc" "$2" -c "$out/scale1.sir" -o "$out/scale.o")
            b=$(run "$bindir/sirc" "$2" -c "$out/scale2.sir" -o "$out/scale.o")
            base=$base_c
        fi
        echo "$s $tool $n $a $b $base" | awk -v min="$min" '{
            t = $5 + 0 >= min + 0 ? sprintf("%.2f", $7 / $5) : "-"
            m1 = $6 - $9; m2 = $8 - $9
            m = m1 > 1024 ? sprintf("%.2f", m2 / m1) : "-"
            if (t != "-" && t + 0 > 2.5) t = t "!"
            if (m != "-" && m + 0 > 2.5) m = m "!"
            printf "%-12s %-9s %7d %9.2f %9.2f %6s %8dK %8dK %6s\n",
                   $1, $2 $3, $4, $5, $7, t, $6, $8, m }'
    done
done
