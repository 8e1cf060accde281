#!/bin/sh
# run.sh BINDIR - the benchmark behind `make bench`.
#
# Generates two valid SIR modules with gen.c (BENCH_INSTS instructions,
# default 1000000): "module", spread over many ~160-instruction functions,
# and "func", one function with every opcode, ~90k blocks, block
# parameters, loops and calls.  For each, runs `siropt FILE` (parse,
# verify, print the canonical form) BENCH_RUNS times (default 3) and
# reports the best wall and CPU (user + system) times, instructions per
# second for each, and peak resident memory per instruction.  Goal
# (issue 2): >= 1M instructions/s and < 250 bytes/instruction.  Then
# times `siropt -O2` on the one-function input at a quarter and at the
# full size: with linear passes the ratio is about 4 (issue 5).  This is
# a measurement, not a test: the exit status is 0 unless a tool fails.
set -eu
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
out=${BENCH_OUT:-$(dirname "$bindir")/bench}
insts=${BENCH_INSTS:-1000000}
runs=${BENCH_RUNS:-3}
CC=${CC:-cc}

if [ ! -x "$bindir/siropt" ]; then
    echo "bench: $bindir/siropt not found; run make first" >&2
    exit 1
fi
mkdir -p "$out"
$CC -std=c11 -O2 -o "$out/gen" "$here/gen.c"
$CC -std=c11 -O2 -o "$out/measure" "$here/measure.c"

# best OUTFILE COMMAND...: runs COMMAND $runs times through measure and
# sets wall and cpu to the best times, rss to the largest peak.
best() {
    bout=$1
    shift
    wall=""
    cpu=""
    rss=0
    i=0
    while [ "$i" -lt "$runs" ]; do
        if ! r=$("$out/measure" "$bout" "$@"); then
            echo "bench: $* failed" >&2
            exit 1
        fi
        read -r w c m <<EOF
$r
EOF
        wall=$(awk -v a="$wall" -v b="$w" \
               'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        cpu=$(awk -v a="$cpu" -v b="$c" \
               'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
        [ "$m" -gt "$rss" ] && rss=$m
        i=$((i + 1))
    done
}

printf '%-7s %8s %6s %7s %7s %12s %11s %8s %7s  %s\n' input insts MB \
    wall-s cpu-s insts/s-wall insts/s-cpu peak-MB B/inst round-trip
for kind in module func; do
    "$out/gen" "$kind" "$insts" >"$out/$kind.sir" 2>"$out/$kind.count"
    n=$(sed -n 's/^instructions: //p' "$out/$kind.count")
    size=$(wc -c <"$out/$kind.sir")
    best "$out/$kind.out" "$bindir/siropt" "$out/$kind.sir"
    # gen.c writes canonical text, so the output must equal the input.
    if cmp -s "$out/$kind.sir" "$out/$kind.out"; then rt=identical
    else rt=DIFFERS; fi
    awk -v k="$kind" -v n="$n" -v sz="$size" -v w="$wall" -v c="$cpu" \
        -v m="$rss" -v rt="$rt" 'BEGIN {
        printf "%-7s %8d %6.1f %7.3f %7.3f %12.0f %11.0f %8.1f %7.1f  %s\n",
            k, n, sz / 1048576, w, c, (w > 0 ? n / w : 0),
            (c > 0 ? n / c : 0), m / 1024, m * 1024 / n, rt }'
done
echo "goal: >= 1000000 insts/s and < 250 B/inst.  Peak RSS includes the"
echo "source text held in memory; wall time suffers when the machine is"
echo "busy, CPU time less so.  Files are in $out/."

# -O2 on one large function at a quarter and at the full size (issue 5:
# every pass linear or near-linear).  Linear passes make the full size
# take about 4x the quarter; a quadratic one would make it 16x.
echo
printf '%-9s %8s %7s %7s %8s %7s\n' "-O2 func" insts wall-s cpu-s peak-MB ratio
qcpu=""
for size in $((insts / 4)) "$insts"; do
    "$out/gen" func "$size" >"$out/o2.sir" 2>"$out/o2.count"
    n=$(sed -n 's/^instructions: //p' "$out/o2.count")
    best /dev/null "$bindir/siropt" -O2 "$out/o2.sir"
    awk -v n="$n" -v w="$wall" -v c="$cpu" -v m="$rss" -v q="$qcpu" 'BEGIN {
        printf "%-9s %8d %7.3f %7.3f %8.1f %7s\n", "", n, w, c, m / 1024,
            (q == "" ? "-" : sprintf("%.1fx", c / q)) }'
    qcpu=$cpu
done
echo "goal: the full size within about 4x (linear) of the quarter size."

# Objects (issue 16): sirc's integrated object path against the previous
# route, sirc -S then the system assembler, on the "module" input.
# Goal: the integrated path at least 1.5x faster at -O0.
echo
printf '%-22s %8s %7s %7s %8s %7s\n' "objects (module)" insts wall-s cpu-s \
    peak-MB speedup
"$out/gen" module "$insts" >"$out/cg.sir" 2>"$out/cg.count"
n=$(sed -n 's/^instructions: //p' "$out/cg.count")
cat >"$out/viaas.sh" <<EOS
#!/bin/sh
"$bindir/sirc" "\$1" -S "$out/cg.sir" -o "$out/cg.s" &&
    as --64 -o "$out/cg-as.o" "$out/cg.s"
EOS
chmod +x "$out/viaas.sh"
for lvl in -O0 -O2; do
    best /dev/null "$bindir/sirc" $lvl -c "$out/cg.sir" -o "$out/cg.o"
    iw=$wall ic=$cpu im=$rss
    best /dev/null "$out/viaas.sh" $lvl
    awk -v l="$lvl" -v n="$n" -v w="$wall" -v c="$cpu" -v m="$rss" \
        -v iw="$iw" -v ic="$ic" -v im="$im" 'BEGIN {
        printf "%-22s %8d %7.3f %7.3f %8.1f %7s\n", "sirc " l " -c", n, iw,
            ic, im / 1024, sprintf("%.2fx", w / iw)
        printf "%-22s %8d %7.3f %7.3f %8.1f %7s\n", "sirc " l " -S + as", n,
            w, c, m / 1024, "-" }'
done
echo "speedup: wall time of -S + as over -c.  goal: >= 1.5x at -O0."
