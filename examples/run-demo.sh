#!/bin/sh
# run-demo.sh BINDIR - the demo behind `make demo`.
#
# For each examples/*.sir: print it in canonical form through siropt
# (parse, verify, print); then, when sirc can compile it, link the object
# with cc (and examples/<name>_main.c when there is one), run it and show
# its output.  When sirc cannot compile it yet (no backend for this host),
# the program is run by the interpreter siri instead if siri exists and the
# example has its own @main; otherwise the demo says why it was not run.
#
# Exit status: 0 when every example verified and every program that ran
# exited with status 0.
set -u
bindir=${1:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sir-demo.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0
CC=${CC:-cc}

if [ ! -x "$bindir/siropt" ]; then
    echo "run-demo: $bindir/siropt not found; run make first" >&2
    exit 1
fi

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
        "$tmp/$name"
        rc=$?
    elif [ -z "$driver" ] && [ -x "$bindir/siri" ]; then
        why=$(head -n 1 "$tmp/sirc.err" 2>/dev/null)
        echo "---- siri $name.sir  (${why:-sirc not built})"
        "$bindir/siri" "$src"
        rc=$?
    else
        why=$(head -n 1 "$tmp/sirc.err" 2>/dev/null)
        echo "---- not run: ${why:-sirc not built}"
        rc=0
    fi
    if [ "$rc" -ne 0 ]; then
        echo "run-demo: $name exited with status $rc" >&2
        status=1
    fi
    echo
done
exit $status
