#!/bin/sh
# Runs the execution tests of the code generators (test/run/x64: NAME.sir
# with a C driver NAME.c) in the interpreter instead: the driver is built
# as a shared library whose references to the SIR functions go through
# stubs "NAME: jmp *__sir_ptr_NAME(%rip)" and storage for the exported
# globals (printed by siri --driver-stubs), and siri --driver points the
# stubs at the interpreted functions (libffi closures), keeps the globals
# in that storage and runs the driver's main.  So siri must agree with C on every call in both directions.
#
#   sh test/interp/run.sh BINDIR [TESTDIR...]    (default: test/run/x64)
bindir=${1:-build/bin}
shift 2>/dev/null
[ $# -eq 0 ] && set -- test/run/x64
CC=${CC:-cc}
case $(uname -m) in x86_64) ;; *) echo "siri run tests: skipped (not x86-64)"; exit 0;; esac
bindir=$(cd "$bindir" && pwd) || exit 1
top=$PWD
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siririn.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for dir in "$@"; do
    for sir in "$dir"/*.sir; do
        [ -f "$sir" ] || continue
        name=$(basename "$sir" .sir)
        drv="$dir/$name.c"
        [ -f "$drv" ] || continue
        "$bindir/siri" --driver-stubs "$sir" > "$tmp/stubs.s" 2>"$tmp/err" ||
            { echo "FAIL: $sir (siri): stubs"; fail=$((fail + 1)); continue; }
        known=
        grep -qx "$name" "$(dirname "$0")/known-ub" 2>/dev/null && known=1
        why=
        if ! $CC -g -shared -fPIC -Wl,-Bsymbolic -o "$tmp/$name.so" "$drv" \
                "$tmp/stubs.s" -lm 2>"$tmp/err"; then
            why="cc failed"
        else
            case $sir in /*) abs=$sir ;; *) abs=$top/$sir ;; esac
            (cd "$tmp" && "$bindir/siri" --driver="./$name.so" "$abs" \
                >"$tmp/out" 2>"$tmp/err")
            st=$?
            if [ -n "$known" ]; then
                if [ "$st" = 70 ]; then
                    echo "ok: $sir: undefined behaviour detected (known-ub)"
                elif [ "$st" = 0 ]; then
                    echo "note: $sir runs cleanly now: remove it from known-ub"
                else
                    why="exit status $st"
                fi
            elif [ "$st" != 0 ]; then
                why="exit status $st"
            elif [ -f "$dir/$name.out" ] && ! cmp -s "$tmp/out" "$dir/$name.out"; then
                why="output differs"
            fi
        fi
        if [ -n "$why" ]; then
            echo "FAIL: $sir (siri): $why"
            sed 's/^/    /' "$tmp/err" | head -20
            head -20 "$tmp/out" | sed 's/^/    out: /'
            fail=$((fail + 1))
        else
            pass=$((pass + 1))
        fi
    done
done

# Signatures libffi cannot express (test/interp/refuse): a C library calls
# a SIR function, or SIR calls C, with one.  The native program runs; siri
# must stop with a located error and status 1, never jump into data.
for sir in test/interp/refuse/*.sir; do
    name=$(basename "$sir" .sir)
    why=
    if ! $CC -shared -fPIC -o "$tmp/$name.so" "${sir%.sir}.c" 2>"$tmp/err"
    then
        why="cc failed"
    else
        "$bindir/siri" --load="$tmp/$name.so" "$sir" >"$tmp/out" 2>"$tmp/err"
        st=$?
        if [ "$st" != 1 ]; then
            why="exit status $st, expected 1"
        elif ! grep -q "^$sir:[0-9]*:[0-9]*: error: .*byval(N)" "$tmp/err"
        then
            why="no located error"
        fi
    fi
    if [ -n "$why" ]; then
        echo "FAIL: $sir (siri): $why"
        sed 's/^/    /' "$tmp/err" | head -20
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
echo "siri run tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
