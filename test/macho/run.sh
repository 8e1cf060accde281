#!/bin/sh
# Mach-O execution tests: the code generators' execution programs
# (test/run/x64: NAME.sir with a C driver NAME.c) compiled for
# x86_64-apple-macos and run on Linux by the test-only loader
# test/macho/loader.c (x86-64 Mach-O code follows the System V ABI).
#
#   sh test/macho/run.sh BINDIR [TESTDIR...]    (default: test/run/x64)
#
# Lanes:  obj  sirc -c -mtriple=x86_64-apple-macos    at -O0 and -O2
#         asm  sirc -S, then llvm-mc -filetype=obj     at -O2 (and at
#              -O0 where the obj lane fails there)
# For each object X.o, "sirld stubs X.o" prints ELF stubs: a buffer per
# section and each external symbol _s as an alias s into its buffer.
# The unmodified driver, the stubs and the loader link into a program
# whose constructor loads X.o ($SIRLD_OBJECT) into those buffers before
# main; it must exit 0 and, if NAME.out exists, print it (as in
# test/run/run.sh).  Each sirc object must also link with ld64.lld into
# a dylib, and llvm-objdump --macho --unwind-info must read it cleanly.
# A sirc -c object that fails where the llvm-mc object of the same
# assembly passes is reported as "SIRC OBJECT BUG".  Last, damaged
# objects must make the loader fail cleanly (status 2, no crash).
# MACHO_JOBS tests run at once (default: nproc); CC picks the C compiler.
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
here=$(dirname "$0")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirmacho.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
triple=x86_64-apple-macos
lflags="-std=c11 -D_GNU_SOURCE -Wall -Wextra -Wpedantic -Werror -O1 -g"
if ! $CC $lflags -DSIRLD_TOOL -o "$tmp/sirld" "$here/loader.c" -ldl \
        2>"$tmp/err" ||
   ! $CC $lflags -c -o "$tmp/loader.o" "$here/loader.c" 2>>"$tmp/err"; then
    echo "FAIL: cannot build the loader"
    sed 's/^/    /' "$tmp/err"
    exit 1
fi
# lane DIR NAME KIND OPT: one program through one lane (KIND obj: sirc
# -c; asm: sirc -S and llvm-mc); appends "pass KIND:OPT" or
# "fail KIND:OPT: why" to $d.res, details to $d.log.  The structural
# checks (ld64.lld, llvm-objdump) are for sirc's objects.
lane() {
    dir=$1 name=$2 kind=$3 opt=$4 o=$d/$3$4.o
    why=
    if [ "$kind" = obj ]; then
        "$bindir/sirc" $opt -mtriple=$triple -c "$dir/$name.sir" \
            -o "$o" 2>"$d/err" || why="sirc -c failed"
    elif ! "$bindir/sirc" $opt -mtriple=$triple -S "$dir/$name.sir" \
            -o "$d/$kind$opt.s" 2>"$d/err"; then
        why="sirc -S failed"
    elif ! llvm-mc -triple=$triple -filetype=obj "$d/$kind$opt.s" \
            -o "$o" 2>"$d/err" || [ -s "$d/err" ]; then
        why="llvm-mc failed"
    fi
    if [ -n "$why" ]; then
        :
    elif ! "$tmp/sirld" stubs "$o" >"$d/stubs.s" 2>"$d/err"; then
        why="sirld stubs failed"
    elif ! $CC -g -rdynamic -o "$d/exe" "$d/drv.o" "$d/stubs.s" \
            "$tmp/loader.o" -ldl -lm 2>"$d/err"; then
        why="cc failed"
    elif (cd "$d" && SIRLD_OBJECT="$o" exec ./exe >"$d/out" 2>"$d/err")
         st=$?; [ $st -ne 0 ]; then
        why="run failed (status $st)"
    elif [ -f "$dir/$name.out" ] && ! cmp -s "$d/out" "$dir/$name.out"
    then
        why="output differs"
    elif [ "$kind" = obj ] && [ -n "$ld64" ] &&
         ! "$ld64" -arch x86_64 -platform_version macos 11.0 11.0 -dylib \
             -undefined dynamic_lookup -o "$d/x.dylib" "$o" 2>"$d/err"
    then
        why="ld64.lld failed"
    elif [ "$kind" = obj ] &&
         { ! llvm-objdump --macho --unwind-info "$o" >/dev/null \
                2>"$d/err" || [ -s "$d/err" ]; }; then
        why="llvm-objdump --unwind-info failed"
    fi
    if [ -n "$why" ]; then
        echo "fail $kind:$opt: $why" >>"$d.res"
        { echo "  $name ($kind:$opt): $why"; cat "$d/out" 2>/dev/null
          sed 's/^/    /' "$d/err" | head -20; } >>"$d.log"
    else
        echo "pass $kind:$opt" >>"$d.res"
    fi
    rm -f "$d/out"
}

# one DIR NAME: every lane of one program.  sirc -c at -O0 and -O2;
# the text path at -O2, and at -O0 too when sirc -c failed there (to
# tell sirc's object path from the code).
one() {
    d=$tmp/$2
    mkdir -p "$d"
    : >"$d.res"
    if ! $CC -g -c -o "$d/drv.o" "$1/$2.c" 2>"$d/err"; then
        echo "fail all: cc failed on the driver" >>"$d.res"
        sed 's/^/    /' "$d/err" >>"$d.log"
        return
    fi
    lane "$1" "$2" obj -O0
    lane "$1" "$2" obj -O2
    lane "$1" "$2" asm -O2
    if grep -q "^fail obj:-O0" "$d.res"; then
        lane "$1" "$2" asm -O0
    fi
}

jobs=${MACHO_JOBS:-$(nproc 2>/dev/null || echo 2)} n=0 names=
for dir in "$@"; do
    for sir in "$dir"/*.sir; do
        [ -f "$sir" ] || continue
        name=$(basename "$sir" .sir)
        [ -f "$dir/$name.c" ] || continue
        names="$names $dir:$name"
        one "$dir" "$name" &
        n=$((n + 1))
        [ $((n % jobs)) -eq 0 ] && wait
    done
done
wait

pass=0 fail=0 bugs=0
for dn in $names; do
    dir=${dn%:*} name=${dn##*:}
    while read -r st lane rest; do
        lane=${lane%:}
        if [ "$st" = pass ]; then
            pass=$((pass + 1))
            continue
        fi
        fail=$((fail + 1))
        echo "FAIL: $dir/$name.sir ($lane) $rest"
        # The same code through llvm-mc passes: sirc's object path.
        case $lane in obj:*)
            if grep -qx "pass asm:${lane#obj:}" "$tmp/$name.res"; then
                bugs=$((bugs + 1))
                opt=${lane#obj:}
                echo "SIRC OBJECT BUG: $dir/$name.sir at $opt:" \
                     "sirc -c fails where sirc -S | llvm-mc passes;" \
                     "first differences (< sirc -c, > llvm-mc):"
                for k in obj asm; do
                    llvm-objdump --macho -d -r --no-show-raw-insn \
                        "$tmp/$name/$k$opt.o" | tail -n +2 >"$tmp/$k.dis"
                done
                diff "$tmp/obj.dis" "$tmp/asm.dis" | grep '^[<>]' |
                    head -12 | sed 's/^/    /'
            fi ;;
        esac
    done <"$tmp/$name.res"
    [ -f "$tmp/$name.log" ] && cat "$tmp/$name.log"
done

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
if "$bindir/sirc" -O2 -mtriple=$triple -S "$here/../run/x64/memory.sir" \
        -o "$tmp/strict.s" 2>/dev/null &&
   llvm-mc -triple=$triple -filetype=obj "$tmp/strict.s" -o "$o"; then
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
    patch 4 '\014\000\000\001'
    check_bad "not x86_64" "cputype"
else
    echo "FAIL: cannot build the object for the loader's strictness tests"
    strict=1
fi

echo "macho tests: $pass passed, $fail failed ($bugs sirc object bugs)," \
     "loader tests: $((5 - strict)) of 5"
[ "$fail" -eq 0 ] && [ "$strict" -eq 0 ]
