#!/bin/sh
# Mach-O execution tests: programs compiled for x86_64-apple-macos run
# on Linux by the test-only loader test/macho/loader.c (x86-64 Mach-O
# code follows the System V ABI).
#
#   sh test/macho/run.sh BINDIR [TESTDIR...]    (default: test/run/x64)
#
# Programs with a C driver (TESTDIR/NAME.sir and NAME.c, as run by
# test/run/run.sh), through the lanes
#         obj  sirc -c -mtriple=x86_64-apple-macos    at -O0 and -O2
#         asm  sirc -S, then llvm-mc -filetype=obj     at -O2 (and at
#              -O0 where the obj lane fails there)
# For each object X.o, "sirld stubs X.o" prints ELF stubs: a buffer per
# section and each external symbol _s as an alias s into its buffer.
# The unmodified driver, the stubs and the loader link into a program
# whose constructor loads X.o ($SIRLD_OBJECT) into those buffers before
# main; it must exit 0 and, if NAME.out exists, print it.  Each sirc
# object must also link with ld64.lld into a dylib, and llvm-objdump
# --macho --unwind-info must read it cleanly.  A sirc -c object that
# fails where the llvm-mc object of the same assembly passes is reported
# as "SIRC OBJECT BUG".  With the default TESTDIR, programs with their
# own @main (examples/, test/sir/) also run from sirc -c objects at -O0
# and -O2 and must behave as their ELF objects do.  Last, the loader's
# own tests: relocs.s, and damaged objects it must refuse (status 2).
# MACHO_JOBS programs run at once (default: nproc); CC: the C compiler.
#
# Then the same for arm64-apple-macos (MACHO_ARCH=arm64; unset: both),
# when aarch64-linux-gnu-gcc and qemu-aarch64 are there: the loader and
# the drivers are built with aarch64-linux-gnu-gcc and run under
# qemu-aarch64, the objects link with ld64.lld -arch arm64.  Apple's
# arm64 convention differs from the Linux drivers' for variadic calls,
# so the programs with their own @main (which call printf) and the
# drivers in MACHO_A64_SKIP do not run there; the loader's own tests are
# x86-64's.
here=$(dirname "$0")
if [ -z "$MACHO_ARCH" ] && [ "$1" != --job ]; then
    MACHO_ARCH=x86_64 sh "$0" "$@"
    st=$?
    if command -v "${A64_CC:-aarch64-linux-gnu-gcc}" >/dev/null 2>&1 &&
       command -v qemu-aarch64 >/dev/null 2>&1 &&
       [ -d "${A64_SYSROOT:-/usr/aarch64-linux-gnu}" ]; then
        MACHO_ARCH=arm64 sh "$0" "$@" || st=1
    else
        echo "macho tests (arm64): skipped (aarch64-linux-gnu-gcc," \
             "qemu-aarch64 or its sysroot missing)"
    fi
    exit $st
fi
# calls: variadic calls both ways; abi_mixed, byval: byval parameters
MACHO_A64_SKIP=${MACHO_A64_SKIP:-"calls abi_mixed byval"}
if [ "$MACHO_ARCH" = arm64 ]; then
    triple=arm64-apple-macos ldarch=arm64 elft=-mtriple=aarch64-linux-gnu
    runner="qemu-aarch64 -L ${A64_SYSROOT:-/usr/aarch64-linux-gnu}"
    [ "$1" = --job ] || CC=${A64_CC:-aarch64-linux-gnu-gcc}
else
    triple=x86_64-apple-macos ldarch=x86_64 elft= runner=
fi
to=
command -v timeout >/dev/null 2>&1 && to="timeout 20"

# loadrun O DRV OUT: links DRV (a C driver's object, or nothing) with
# the stubs for the Mach-O object O and the loader, runs it with its
# output in OUT; sets why on a failure to link, st to the exit status.
loadrun() {
    why="" st=""
    if ! "$tmp/sirld" stubs "$1" >"$d/stubs.s" 2>"$d/err"; then
        why="sirld stubs failed"
    elif ! $CC -g -rdynamic -o "$d/exe" $2 "$d/stubs.s" "$tmp/loader.o" \
            -ldl -lm 2>"$d/err"; then
        why="cc failed"
    else
        (cd "$d" && SIRLD_OBJECT="$1" exec $to $runner ./exe >"$3" \
            2>"$d/err")
        st=$?
    fi
}

# lane KEY SIR KIND OPT: the program SIR with its driver through one
# lane (KIND obj: sirc -c; asm: sirc -S and llvm-mc); appends
# "pass KIND:OPT" or "fail KIND:OPT: why" to $d.res, details to $d.log.
# The structural checks (ld64.lld, llvm-objdump) are for sirc's objects.
lane() {
    sir=$2 kind=$3 opt=$4 o=$d/$3$4.o
    why=
    if [ "$kind" = obj ]; then
        "$bindir/sirc" $opt -mtriple=$triple -c "$sir" -o "$o" 2>"$d/err" ||
            why="sirc -c failed"
    elif ! "$bindir/sirc" $opt -mtriple=$triple -S "$sir" \
            -o "$d/$kind$opt.s" 2>"$d/err"; then
        why="sirc -S failed"
    elif ! llvm-mc -triple=$triple -filetype=obj "$d/$kind$opt.s" \
            -o "$o" 2>"$d/err" || [ -s "$d/err" ]; then
        why="llvm-mc failed"
    fi
    [ -n "$why" ] || loadrun "$o" "$d/drv.o" "$d/out"
    if [ -n "$why" ]; then
        :
    elif [ "$st" -ne 0 ]; then
        why="run failed (status $st)"
    elif [ -f "${sir%.sir}.out" ] && ! cmp -s "$d/out" "${sir%.sir}.out"
    then
        why="output differs"
    elif [ "$kind" = obj ] && [ -n "$ld64" ] &&
         ! "$ld64" -arch $ldarch -platform_version macos 11.0 11.0 -dylib \
             -undefined dynamic_lookup -o "$d/x.dylib" "$o" 2>"$d/err"
    then
        why="ld64.lld failed"
    elif [ "$kind" = obj ] &&
         { ! llvm-objdump --macho --unwind-info "$o" >/dev/null \
                2>"$d/err" || [ -s "$d/err" ]; }; then
        why="llvm-objdump --unwind-info failed"
    fi
    result "$kind:$opt" "$sir"
}

# result LANE SIR: records $why (empty: passed) for LANE.
result() {
    if [ -n "$why" ]; then
        echo "fail $1: $why" >>"$d.res"
        { echo "  $2 ($1): $why"; cat "$d/out" 2>/dev/null
          sed 's/^/    /' "$d/err" | head -20; } >>"$d.log"
    else
        echo "pass $1" >>"$d.res"
    fi
    rm -f "$d/out"
}

# driven KEY SIR: a program with a C driver.  sirc -c at -O0 and -O2;
# the text path at -O2, and at -O0 too when sirc -c failed there (to
# tell sirc's object path from the code).
driven() {
    d=$tmp/$1
    mkdir -p "$d"
    if ! $CC -g -c -o "$d/drv.o" "${2%.sir}.c" 2>"$d/err"; then
        why="cc failed on the driver"
        result all "$2"
        return
    fi
    lane "$1" "$2" obj -O0
    lane "$1" "$2" obj -O2
    lane "$1" "$2" asm -O2
    if grep -q "^fail obj:-O0" "$d.res"; then
        lane "$1" "$2" asm -O0
    fi
}

# standalone KEY SIR: a program with its own @main: its Mach-O objects
# from sirc -c at -O0 and -O2, loaded under no driver (the stubs give
# main), must print what its ELF object (sirc -c -O2, linked by cc)
# prints, and exit with the same status.  A program whose ELF object
# does not link alone has no reference and is skipped.
standalone() {
    d=$tmp/$1
    mkdir -p "$d"
    if ! "$bindir/sirc" -O2 $elft -c "$2" -o "$d/elf.o" 2>/dev/null ||
       ! $CC -o "$d/ref" "$d/elf.o" -lm 2>/dev/null; then
        echo "skip main" >>"$d.res"
        return
    fi
    (cd "$d" && exec $to $runner ./ref >"$d/ref.out" 2>/dev/null)
    want=$?
    for opt in -O0 -O2; do
        o=$d/obj$opt.o why=
        if ! "$bindir/sirc" $opt -mtriple=$triple -c "$2" -o "$o" \
                2>"$d/err"; then
            why="sirc -c failed"
        else
            loadrun "$o" "" "$d/out"
        fi
        if [ -n "$why" ]; then
            :
        elif [ "$st" -ne "$want" ]; then
            why="exit status $st, $want as an ELF program"
        elif ! cmp -s "$d/out" "$d/ref.out"; then
            why="output differs from the ELF program's"
        fi
        result "main:$opt" "$2"
    done
}

# As a job of the run below: sh run.sh --job HOW SIR, with bindir, CC,
# tmp and ld64 in the environment.
if [ "$1" = --job ]; then
    key=$(echo "$3" | tr / _)
    : >"$tmp/$key.res"
    "$2" "$key" "$3"
    exit 0
fi

bindir=${1:-build/bin}
shift 2>/dev/null
[ $# -eq 0 ] && set -- test/run/x64
CC=${CC:-cc}
case $(uname -m) in x86_64) ;; *) echo "macho tests: skipped (not x86-64)"; exit 0;; esac
if ! command -v llvm-mc >/dev/null 2>&1 ||
   ! command -v llvm-objdump >/dev/null 2>&1; then
    echo "macho tests: skipped (llvm-mc or llvm-objdump missing)"
    exit 0
fi
ld64=
for l in ld64.lld /usr/lib/llvm-18/bin/ld64.lld /usr/lib/llvm-17/bin/ld64.lld \
         /usr/lib/llvm-16/bin/ld64.lld /usr/lib/llvm-15/bin/ld64.lld \
         /usr/lib/llvm-14/bin/ld64.lld; do
    command -v "$l" >/dev/null 2>&1 && { ld64=$l; break; }
done
[ -n "$ld64" ] || echo "macho tests: ld64.lld not found, link checks skipped"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirmacho.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
lflags="-std=c11 -D_GNU_SOURCE -Wall -Wextra -Wpedantic -Werror -O1 -g"
# sirld stubs runs here; the loader linked into the programs on the target
if ! ${HOSTCC:-cc} $lflags -DSIRLD_TOOL -o "$tmp/sirld" "$here/loader.c" -ldl \
        2>"$tmp/err" ||
   ! $CC $lflags -c -o "$tmp/loader.o" "$here/loader.c" 2>>"$tmp/err"; then
    echo "FAIL: cannot build the loader"
    sed 's/^/    /' "$tmp/err"
    exit 1
fi
# The programs: test/run/x64 (or the arguments) with drivers, and
# every program with its own @main in examples/ and test/sir/ (not the
# .fail ones, which stop on purpose).
list=$tmp/list
for dir in "$@"; do
    for sir in "$dir"/*.sir; do
        [ -f "$sir" ] && [ -f "${sir%.sir}.c" ] || continue
        case " $MACHO_A64_SKIP " in
        *" $(basename "$sir" .sir) "*) [ $ldarch = arm64 ] && continue ;;
        esac
        echo "driven $sir"
    done
done >"$list"
if [ "$*" = test/run/x64 ] && [ $ldarch = x86_64 ]; then
    grep -l '^fn .*@main(' examples/*.sir test/sir/*/*.sir 2>/dev/null |
        grep -v '\.fail\.sir$' | sed 's/^/standalone /' >>"$list"
fi
export bindir CC tmp ld64 MACHO_ARCH
xargs -n 2 -P "${MACHO_JOBS:-$(nproc 2>/dev/null || echo 2)}" \
    sh "$0" --job <"$list"

pass=0 fail=0 bugs=0 skip=0 ndriven=0 nmain=0
while read -r how sir; do
    key=$(echo "$sir" | tr / _)
    if [ "$how" = driven ]; then
        ndriven=$((ndriven + 1))
    elif ! grep -q "^skip" "$tmp/$key.res"; then
        nmain=$((nmain + 1))
    fi
    # A job that stopped early left too few lines.
    [ "$how" = driven ] && want=3 || want=2
    if ! grep -q "^skip" "$tmp/$key.res" &&
       [ "$(grep -c . "$tmp/$key.res")" -lt $want ]; then
        echo "fail all: the job did not finish" >>"$tmp/$key.res"
    fi
    while read -r st lane rest; do
        lane=${lane%:}
        case $st in
        pass) pass=$((pass + 1)); continue ;;
        skip) skip=$((skip + 1)); continue ;;
        esac
        fail=$((fail + 1))
        echo "FAIL: $sir ($lane) $rest"
        # The same code through llvm-mc passes: sirc's object path.
        case $lane in obj:*)
            opt=${lane#obj:}
            if grep -qx "pass asm:$opt" "$tmp/$key.res"; then
                bugs=$((bugs + 1))
                echo "SIRC OBJECT BUG: $sir at $opt:" \
                     "sirc -c fails where sirc -S | llvm-mc passes;" \
                     "first differences (< sirc -c, > llvm-mc):"
                for k in obj asm; do
                    llvm-objdump --macho -d -r --no-show-raw-insn \
                        "$tmp/$key/$k$opt.o" | tail -n +2 >"$tmp/$k.dis"
                done
                diff "$tmp/obj.dis" "$tmp/asm.dis" | grep '^[<>]' |
                    head -12 | sed 's/^/    /'
            fi ;;
        esac
    done <"$tmp/$key.res"
    [ -f "$tmp/$key.log" ] && cat "$tmp/$key.log"
done <"$list"

if [ $ldarch = arm64 ]; then
    echo "macho tests (arm64): $ndriven programs with drivers; $pass runs" \
         "passed, $fail failed ($bugs sirc object bugs); the loader's own" \
         "tests are x86-64's"
    [ "$fail" -eq 0 ]
    exit
fi

# The loader's own test: relocs.s has every relocation type it applies
# (llvm-mc chooses the types; relocs.c checks the results), run both
# from buffers in the program and from the loader's own mapping.
strict=0
r=$tmp/relocs
if ! llvm-mc -triple=$triple -filetype=obj "$here/relocs.s" -o "$r.o" \
        2>"$tmp/err" ||
   ! "$tmp/sirld" stubs "$r.o" >"$r.stubs.s" 2>>"$tmp/err" ||
   ! $CC -g -rdynamic -o "$r" "$here/relocs.c" "$r.stubs.s" \
        "$tmp/loader.o" -ldl 2>>"$tmp/err" ||
   ! SIRLD_OBJECT="$r.o" "$r" >>"$tmp/err" 2>&1 ||
   [ "$("$tmp/sirld" call "$r.o" call_host -5 2>>"$tmp/err")" != 4 ]; then
    echo "FAIL: the loader's relocation test (test/macho/relocs.s)"
    sed 's/^/    /' "$tmp/err"
    strict=$((strict + 1))
fi

# Damaged objects: the loader must refuse them with status 2.
o=$tmp/strict.o
if "$bindir/sirc" -O2 -mtriple=$triple -c "$here/../run/x64/memory.sir" \
        -o "$o"; then
    reloff=$(llvm-objdump --macho --private-headers "$o" |
             awk '/sectname __text/ {t = 1} t && $1 == "reloff" {print $2; exit}')
    # patch OFFSET BYTES...: a copy of the object with bytes replaced
    patch() {
        cp "$o" "$tmp/bad.o"
        at=$1
        shift
        printf "$*" | dd of="$tmp/bad.o" bs=1 seek="$at" conv=notrunc \
            2>/dev/null
    }
    check_bad() {
        "$tmp/sirld" load "$tmp/bad.o" >/dev/null 2>"$tmp/err"
        st=$?
        if [ $st -ne 2 ] || ! grep -q "^sirld: .*$1" "$tmp/err"; then
            echo "FAIL: loader on a damaged object ($2): status $st," \
                 "wanted 2 and '$1'"
            sed 's/^/    /' "$tmp/err"
            strict=$((strict + 1))
        fi
    }
    head -c 100 "$o" >"$tmp/bad.o"
    check_bad "outside" "truncated"
    patch "$reloff" '\377\377\000\000'
    check_bad "outside the section" "relocation offset"
    patch $((reloff + 7)) '\375'
    check_bad "type 15 (?) is not supported" "relocation type"
    patch 4 '\022\000\000\001'     # ppc64
    check_bad "not x86_64" "cputype"
else
    echo "FAIL: cannot build the object for the loader's strictness tests"
    strict=1
fi

echo "macho tests: $ndriven programs with drivers, $nmain with their own" \
     "main; $pass runs passed, $fail failed ($bugs sirc object bugs)," \
     "$skip skipped (no ELF reference); loader tests: $((5 - strict)) of 5"
[ "$fail" -eq 0 ] && [ "$strict" -eq 0 ]
