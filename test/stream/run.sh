#!/bin/sh
# sirc -O1/-O2 -c streams the module (cmd/sirc.c, lib/opt/stream.c):
# its objects, messages and exit status must be those of the
# whole-module path (SIRC_WHOLE_MODULE=1), at -j1 and -j2, on
#   - generated modules of small functions calling each other backwards
#     and forwards (the inliner copies a callee before the caller after
#     its own inlining, one after it before), with internal functions
#     (called once, twice, never, from data) late in the module;
#   - the test and example programs;
#   - broken copies of generated modules (lines dropped, doubled).
#
#   sh test/stream/run.sh BINDIR
bindir=${1:?usage: run.sh BINDIR}
bindir=$(cd "$bindir" && pwd)
sirc=$bindir/sirc
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirstream.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
here=$(pwd)
pass=0 fail=0

# same FILE ARGS...: streamed and whole-module runs agree
same() {
    f=$1; shift
    "$sirc" "$@" -c "$f" -o "$tmp/s.o" >"$tmp/s.err" 2>&1; rs=$?
    SIRC_WHOLE_MODULE=1 "$sirc" "$@" -c "$f" -o "$tmp/w.o" \
        >"$tmp/w.err" 2>&1; rw=$?
    sed -i "s#$tmp/[sw].o#OUT#g" "$tmp/s.err" "$tmp/w.err"
    if [ $rs != $rw ] || ! cmp -s "$tmp/s.err" "$tmp/w.err" ||
       { [ -e "$tmp/w.o" ] && ! cmp -s "$tmp/s.o" "$tmp/w.o"; } ||
       { [ -e "$tmp/s.o" ] && [ ! -e "$tmp/w.o" ]; }; then
        echo "FAIL: $f $* (exit $rs, whole-module $rw)"
        diff "$tmp/s.err" "$tmp/w.err" | head -5
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
    rm -f "$tmp/s.o" "$tmp/w.o"
}

# gen N SEED INTERNAL: N functions; function i calls i-1, i+1 and i+3
# (when they exist), some of them in loops, so that callers grow and
# callees of every size are met in both directions; with INTERNAL, the
# last third is internal (some called once, some twice, some only from
# a global, some by nobody).
gen() {
    awk -v n="$1" -v seed="$2" -v internal="$3" 'BEGIN {
        srand(seed);
        for (i = 0; i < n; i++) {
            intl = internal && i >= 2 * n / 3;
            if (intl && i % 5 == 0)
                printf "@fp%d = global ptr @f%d\n", i, i;
            printf "%sfn i64 @f%d(i64) {\nentry(i64 %%a):\n", intl ? "internal " : "", i;
            printf "  %%k = iconst i64 %d\n  %%x0 = iadd i64 %%a, %%k\n", int(rand() * 100);
            m = int(rand() * (i % 7 == 0 ? 60 : 8));
            for (k = 1; k <= m; k++)
                printf "  %%x%d = %s i64 %%x%d, %%a\n", k, (k % 3 ? "imul" : "xor"), k - 1;
            last = "%x" m;
            nc = 0;
            for (d = -1; d <= 3; d += 2) {
                j = i + (d == 1 ? 1 : d);
                if (j < 0 || j >= n || j == i) continue;
                if (internal && j >= 2 * n / 3 && j % 4 == 1 && j != i + 1) continue;
                if (internal && j >= 2 * n / 3 && j % 5 == 0) continue;
                if (rand() < 0.3 && i > j) continue;
                printf "  %%c%d = call i64 @f%d(i64 %s)\n", nc, j, last;
                last = "%c" nc; nc++;
            }
            printf "  ret i64 %s\n}\n", last;
        }
    }'
}

for seed in 1 2 3; do
    gen 60 $seed 0 > "$tmp/plain$seed.sir"
    gen 90 $seed 1 > "$tmp/intl$seed.sir"
    for f in "$tmp/plain$seed.sir" "$tmp/intl$seed.sir"; do
        for o in -O1 -O2; do
            for j in -j1 -j2; do same "$f" $o $j; done
        done
    done
done
# the generated modules must really inline and drop functions
gen 90 1 1 > "$tmp/g.sir"
"$sirc" -O2 -c "$tmp/g.sir" -o "$tmp/g.o" && "$sirc" -O0 -c "$tmp/g.sir" -o "$tmp/g0.o"
if [ "$(wc -c < "$tmp/g.o")" = "$(wc -c < "$tmp/g0.o")" ]; then
    echo "FAIL: the generated module is not changed by -O2"; fail=$((fail + 1))
fi

# the test and example programs (a sample: every 7th, all targets' -c
# are checked by tools/cmpout-style runs in review)
cd "$here" || exit 1
k=0
for f in $(find test/sir examples -name '*.sir' 2>/dev/null | sort); do
    k=$((k + 1))
    [ $((k % 7)) = 0 ] || continue
    same "$f" -O2 -j1
    same "$f" -O2 -j2 -mtriple=aarch64-linux-gnu
done

# broken modules: the messages of the whole-module run, in its order
gen 40 7 1 > "$tmp/src.sir"
lines=$(wc -l < "$tmp/src.sir")
for r in $(awk -v l="$lines" 'BEGIN { srand(11); for (i = 0; i < 40; i++) print int(rand() * l) + 1 }'); do
    awk -v r="$r" 'NR != r' "$tmp/src.sir" > "$tmp/bad.sir"
    same "$tmp/bad.sir" -O2 -j1
    awk -v r="$r" '{ print } NR == r { print }' "$tmp/src.sir" > "$tmp/bad.sir"
    same "$tmp/bad.sir" -O2 -j2
done

echo "stream: $pass passed, $fail failed"
[ $fail = 0 ]
