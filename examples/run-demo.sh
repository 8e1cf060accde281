#!/bin/sh
# run-demo.sh BINDIR - the demo behind `make demo`.
#
# For each examples/*.sir: print it in canonical form through siropt
# (parse, verify, print); then, when sirc can compile it, link the object
# with cc (and examples/<name>_main.c when there is one), run it and show
# its output.  A program with its own @main is also run by the
# interpreter siri when it exists, and the two outputs must agree.  When
# sirc cannot compile an example (no backend for this host yet), siri
# alone runs it, or the demo says why it was not run.  Any other sirc
# error on an example (they all verify) is a failure of the demo.
#
# Exit status: 0 when every example verified, every program that ran
# exited with status 0 within the time limit, and compiled and
# interpreted runs agreed.
set -u
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sir-demo.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT HUP INT TERM PIPE
status=0
CC=${CC:-cc}
limit=${DEMO_TIMEOUT:-10}

if [ ! -x "$bindir/siropt" ]; then
    echo "run-demo: $bindir/siropt not found; run make first" >&2
    exit 1
fi

# run OUTFILE COMMAND...: runs COMMAND with a time limit, output to
# OUTFILE; prints the first lines of it and sets rc.
run() {
    out=$1
    shift
    # A runaway program is stopped by the time limit, and by a 4 MB limit
    # on the file it writes (SIGXFSZ).
    (
        ulimit -f 8192 2>/dev/null
        if command -v timeout >/dev/null 2>&1; then
            exec timeout "$limit" "$@" >"$out" 2>&1
        else
            exec "$@" >"$out" 2>&1
        fi
    )
    rc=$?
    head -n 30 "$out"
    lines=$(wc -l <"$out")
    [ "$lines" -gt 30 ] && echo "... ($lines lines in all)"
    [ "$rc" -eq 124 ] && echo "run-demo: stopped after ${limit}s" >&2
    [ "$rc" -eq 153 ] && echo "run-demo: stopped: too much output" >&2
    return 0
}

for src in "$here"/*.sir; do
    name=$(basename "$src" .sir)
    driver=""
    : >"$tmp/sirc.err"
    [ -f "$here/${name}_main.c" ] && driver="$here/${name}_main.c"

    echo "==== examples/$name.sir  (siropt: parse, verify, print)"
    if ! "$bindir/siropt" "$src"; then
        echo "run-demo: siropt rejected examples/$name.sir" >&2
        status=1
        continue
    fi

    rc=0
    if [ -x "$bindir/sirc" ] &&
       "$bindir/sirc" "$src" -o "$tmp/$name.o" 2>"$tmp/sirc.err"; then
        echo "---- sirc $name.sir -o $name.o && cc $name.o${driver:+ ${name}_main.c} && ./$name"
        # The driver is compiled without FP contraction: the SIR kernels
        # round each fmul and fadd separately, and so must the reference.
        if ! $CC -ffp-contract=off -o "$tmp/$name" "$tmp/$name.o" \
                $driver -lm; then
            echo "run-demo: linking $name failed" >&2
            status=1
            continue
        fi
        run "$tmp/native.out" "$tmp/$name"
        if [ "$rc" -eq 0 ] && [ -z "$driver" ] && [ -x "$bindir/siri" ]; then
            "$bindir/siri" "$src" >"$tmp/siri.out" 2>&1
            if cmp -s "$tmp/native.out" "$tmp/siri.out"; then
                echo "---- (siri $name.sir prints the same)"
            else
                echo "run-demo: $name: compiled output differs from siri:" >&2
                diff "$tmp/siri.out" "$tmp/native.out" | head -n 10 >&2
                status=1
            fi
        fi
    elif [ -s "$tmp/sirc.err" ] &&
         ! grep -q 'not available' "$tmp/sirc.err"; then
        # The module verified, so this is a compiler bug, not a missing
        # backend.
        echo "---- sirc $name.sir FAILED:"
        head -n 5 "$tmp/sirc.err"
        status=1
        if [ -z "$driver" ] && [ -x "$bindir/siri" ]; then
            echo "---- siri $name.sir"
            run "$tmp/siri.out" "$bindir/siri" "$src"
        fi
    elif [ -z "$driver" ] && [ -x "$bindir/siri" ]; then
        why=$(head -n 1 "$tmp/sirc.err")
        echo "---- siri $name.sir  (${why:-sirc not built})"
        run "$tmp/siri.out" "$bindir/siri" "$src"
    else
        why=$(head -n 1 "$tmp/sirc.err")
        echo "---- not run: ${why:-sirc not built}"
    fi
    if [ "$rc" -ne 0 ]; then
        echo "run-demo: $name exited with status $rc" >&2
        status=1
    fi
    echo
done
[ "$status" -eq 0 ] || echo "run-demo: some examples FAILED (see above)" >&2
exit $status
