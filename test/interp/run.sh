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
#
# The aarch64 lane builds the same driver libraries with
# aarch64-linux-gnu-gcc and siri --driver-stubs=aarch64 ("adrp x16 / ldr
# x16 / br x16" stubs) and, when SIRI_A64 names an AArch64 build of siri
# (it needs libffi for arm64), runs them under qemu-aarch64; without one
# it checks that every library builds (the stubs assemble and link).
bindir=${1:-build/bin}
shift 2>/dev/null
[ $# -eq 0 ] && set -- test/run/x64
CC=${CC:-cc}
A64_CC=${A64_CC:-aarch64-linux-gnu-gcc}
A64_SYSROOT=${A64_SYSROOT:-/usr/aarch64-linux-gnu}
case $(uname -m) in x86_64) ;; *) echo "siri run tests: skipped (not x86-64)"; exit 0;; esac
bindir=$(cd "$bindir" && pwd) || exit 1
top=$PWD
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siririn.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# tally WHAT: counts the test just run, reporting $why when it failed
tally() {
    if [ -n "$why" ]; then
        echo "FAIL: $1: $why"
        sed 's/^/    /' "$tmp/err" | head -20
        [ -s "$tmp/out" ] && head -20 "$tmp/out" | sed 's/^/    out: /'
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

a64=
if ! command -v "$A64_CC" >/dev/null 2>&1 ||
   ! command -v qemu-aarch64 >/dev/null 2>&1 || [ ! -d "$A64_SYSROOT" ]; then
    echo "siri run tests (aarch64): skipped ($A64_CC, qemu-aarch64 or" \
         "$A64_SYSROOT missing)"
else
    a64=1
    [ -z "${SIRI_A64:-}" ] &&
        echo "siri run tests (aarch64): libraries only (no SIRI_A64)"
fi

# drive LANE ARCH CC [RUNNER SIRI]: test $sir with driver $drv in one
# lane: the library from ARCH's stubs, built by CC, run by SIRI (under
# RUNNER) when given
drive() {
    lane=$1 arch=$2 cc=$3 runner=$4 siri=$5
    why=
    rm -f "$tmp/out"
    if ! "$bindir/siri" --driver-stubs=$arch "$sir" > "$tmp/stubs.s" \
            2>"$tmp/err"; then
        why="stubs"
    elif ! $cc -g -shared -fPIC -Wl,-Bsymbolic -o "$tmp/$name.so" "$drv" \
            "$tmp/stubs.s" -lm 2>"$tmp/err"; then
        why="$cc failed"
    elif [ -n "$siri" ]; then
        case $sir in /*) abs=$sir ;; *) abs=$top/$sir ;; esac
        (cd "$tmp" && $runner "$siri" --driver="./$name.so" "$abs" \
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
    tally "$sir ($lane)"
}

for dir in "$@"; do
    for sir in "$dir"/*.sir; do
        [ -f "$sir" ] || continue
        name=$(basename "$sir" .sir)
        drv="$dir/$name.c"
        [ -f "$drv" ] || continue
        known=
        grep -qx "$name" "$(dirname "$0")/known-ub" 2>/dev/null && known=1
        drive siri x86_64 "$CC" "" "$bindir/siri"
        [ -n "$a64" ] && drive "siri, aarch64" aarch64 "$A64_CC" \
            "qemu-aarch64 -L $A64_SYSROOT" "${SIRI_A64:-}"
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
    rm -f "$tmp/out"
    tally "$sir (siri)"
done

echo "siri run tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
