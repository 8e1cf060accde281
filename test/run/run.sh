#!/bin/sh
# Execution tests for the code generators.
#
#   sh test/run/run.sh BINDIR [TESTDIR...]    (default: test/run/x64)
#
# Each test is NAME.sir with a C driver NAME.c.  The SIR is compiled with
# BINDIR/sirc at -O0 and at -O2, and at -O0 after each siropt pass alone
# with --verify-each, linked with the driver and run; the driver computes
# its expected values with C code and exits non-zero (printing what
# differs) on a mismatch.  If NAME.out exists, standard output must equal
# it.  Linker warnings fail the test.
#
# Two lanes:
#   x86-64   (on an x86-64 host): sirc -c (an object of sirc's own
#            making: no assembler is run), linked by cc as a PIE;
#   aarch64  sirc -mtriple=aarch64-linux-gnu -c (sirc's own ELF object;
#            the -S text is checked against it by test/obj), linked by
#            aarch64-linux-gnu-gcc, run by qemu-aarch64 -L
#            /usr/aarch64-linux-gnu; skipped (with a message) when those
#            tools are missing.  The drivers are the same portable C;
#            tests listed in A64_REJECT use what only x86-64 has
#            (byval): there sirc must refuse them, for aarch64-linux-gnu
#            and arm64-apple-macos, with a located error and no output.
#            The aarch64 lane also runs examples/*.sir that have a @main
#            or a NAME_main.c driver, against siri's output.
# SIRC_FLAGS adds options; CC picks the C compiler of the x86-64 lane;
# RUN_EACH_PASS=0 skips the configurations of single passes; RUN_X64=0 /
# RUN_A64=0 skip a lane.
bindir=${1:-build/bin}
shift 2>/dev/null
[ $# -eq 0 ] && set -- test/run/x64
CC=${CC:-cc}
A64_CC=${A64_CC:-aarch64-linux-gnu-gcc}
A64_SYSROOT=${A64_SYSROOT:-/usr/aarch64-linux-gnu}
# byval passes byval(N) pointers, the System V x86-64 form that AAPCS64
# and Apple arm64 reject (spec 4.3)
A64_REJECT="byval"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirrun.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# the passes siropt offers, without the printing ones
configs="-O0 -O2"
if [ "${RUN_EACH_PASS:-1}" = 1 ]; then
    for p in $("$bindir/siropt" --list-passes 2>/dev/null |
               awk '/^passes:/ {p = 1; next} /^pipelines/ {p = 0}
                    p {print $1}' | grep -v '^print-' | grep -v '^dot-'); do
        configs="$configs pass:$p"
    done
fi
total_fail=0

# lane NAME: runs every test of "$@" dirs; uses $compile (sirc flags
# making $s from $src), $link (C compiler) and $runner (prefix)
lane() {
    name_=$1
    shift
    pass=0 fail=0
    for dir in "$@"; do
        for sir in "$dir"/*.sir; do
            [ -f "$sir" ] || continue
            name=$(basename "$sir" .sir)
            drv="$dir/$name.c"
            [ -f "$drv" ] || continue
            case " $reject " in *" $name "*)
                rejected "$sir"
                continue;;
            esac
            for opt in $configs; do
                s="$tmp/$name$opt.$ext" exe="$tmp/$name$opt"
                why=
                case $opt in
                pass:*)
                    if ! "$bindir/siropt" --verify-each -p "${opt#pass:}" \
                            "$sir" -o "$tmp/p.sir" 2>"$tmp/err"; then
                        why="siropt failed"
                    fi
                    src="$tmp/p.sir" lvl=-O0 ;;
                *)  src="$sir" lvl=$opt ;;
                esac
                if [ -n "$why" ]; then
                    :
                elif ! "$bindir/sirc" $lvl $SIRC_FLAGS $compile "$src" \
                        -o "$s" 2>"$tmp/err"; then
                    why="sirc failed"
                elif ! $link -g -o "$exe" "$drv" "$s" -lm 2>"$tmp/err"; then
                    why="cc failed"
                elif [ -s "$tmp/err" ]; then
                    why="linker warnings"
                elif ! (cd "$tmp" && $runner ./"$name$opt" >"$tmp/out" \
                        2>"$tmp/err"); then
                    why="run failed"
                elif [ -f "$dir/$name.out" ] && \
                        ! cmp -s "$tmp/out" "$dir/$name.out"; then
                    why="output differs"
                fi
                if [ -n "$why" ]; then
                    echo "FAIL ($name_): $sir ($opt): $why"
                    sed 's/^/    /' "$tmp/err" | head -20
                    fail=$((fail + 1))
                else
                    pass=$((pass + 1))
                fi
            done
        done
    done
    echo "run tests ($name_): $pass passed, $fail failed"
    total_fail=$((total_fail + fail))
}

# rejected SIR: every AArch64 triple refuses it with "file:line:col:
# error: byval ..." and writes nothing
rejected() {
    for t in aarch64-linux-gnu arm64-apple-macos; do
        rm -f "$tmp/rej.s"
        "$bindir/sirc" -mtriple=$t -S "$1" -o "$tmp/rej.s" 2>"$tmp/err"
        st=$?
        if [ "$st" = 1 ] && [ ! -e "$tmp/rej.s" ] &&
           grep -q "^$1:[0-9]*:[0-9]*: error: byval" "$tmp/err"; then
            pass=$((pass + 1))
        else
            echo "FAIL ($name_): $1 ($t): exit $st; expected a located" \
                 "byval error and no output"
            sed 's/^/    /' "$tmp/err" | head -10
            fail=$((fail + 1))
        fi
    done
}

# The examples under qemu: programs with @main against siri's output,
# the others with their NAME_main.c driver.
a64_examples() {
    pass=0 fail=0
    for src in examples/*.sir; do
        [ -f "$src" ] || continue
        name=$(basename "$src" .sir)
        drv=
        [ -f "examples/${name}_main.c" ] && drv="examples/${name}_main.c"
        [ -z "$drv" ] && ! grep -q '@main(' "$src" && continue
        for opt in -O0 -O2; do
            why=
            if ! "$bindir/sirc" $opt $compile "$src" -o "$tmp/ex.$ext" \
                    2>"$tmp/err"; then
                why="sirc failed"
            elif ! $link -o "$tmp/ex" $drv "$tmp/ex.$ext" -lm 2>"$tmp/err"; then
                why="cc failed"
            elif ! (cd "$tmp" && $runner ./ex >"$tmp/out" 2>"$tmp/err"); then
                why="run failed"
            elif [ -z "$drv" ] && { "$bindir/siri" "$src" >"$tmp/siri.out" \
                    2>/dev/null; ! cmp -s "$tmp/out" "$tmp/siri.out"; }; then
                why="output differs from siri"
            fi
            if [ -n "$why" ]; then
                echo "FAIL (aarch64): $src ($opt): $why"
                sed 's/^/    /' "$tmp/err" | head -10
                fail=$((fail + 1))
            else
                pass=$((pass + 1))
            fi
        done
    done
    echo "run tests (aarch64 examples): $pass passed, $fail failed"
    total_fail=$((total_fail + fail))
}

if [ "${RUN_X64:-1}" = 1 ]; then
    case $(uname -m) in
    x86_64)
        compile=-c ext=o link=$CC runner= reject=
        lane x86-64 "$@" ;;
    *)  echo "run tests (x86-64): skipped (not an x86-64 host)" ;;
    esac
fi
if [ "${RUN_A64:-1}" = 1 ]; then
    if ! command -v "$A64_CC" >/dev/null 2>&1 ||
       ! command -v qemu-aarch64 >/dev/null 2>&1 ||
       [ ! -d "$A64_SYSROOT" ]; then
        echo "run tests (aarch64): skipped ($A64_CC, qemu-aarch64 or" \
             "$A64_SYSROOT missing)"
    else
        compile="-mtriple=aarch64-linux-gnu -c" ext=o link=$A64_CC
        runner="qemu-aarch64 -L $A64_SYSROOT" reject=$A64_REJECT
        lane aarch64 "$@"
        a64_examples
    fi
fi
[ "$total_fail" -eq 0 ]
