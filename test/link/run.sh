#!/bin/sh
# Linking sirc's own objects the ways users do (sh test/link/run.sh BINDIR):
#   - gdb backtraces through SIR functions of an executable (bt.sir),
#     from the unwind information of sirc's object;
#   - a shared library from objects made at -relocation-model=pic, with
#     exported data and functions, called from C (lib.sir);
#   - the same module at -relocation-model=static in a non-PIE program;
#   - threads (-j3) give the output and diagnostics of one thread;
#   - bad cases of the object path: an unwritable output, a section over
#     4 GiB: an error, exit status 1, and no output file.
bindir=${1:?usage: run.sh BINDIR}
sirc=$bindir/sirc
d=test/link
CC=${CC:-cc}
case $(uname -m) in x86_64) ;; *) echo "link tests: skipped (not x86-64)"; exit 0;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirlink.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# gdb: break in the C callee, the backtrace names both SIR functions
if command -v gdb >/dev/null 2>&1; then
    for o in -O0 -O1; do
        if "$sirc" $o -c $d/bt.sir -o "$tmp/bt.o" &&
           $CC -g -o "$tmp/bt" $d/bt.c "$tmp/bt.o" &&
           "$tmp/bt" >/dev/null; then
            gdb -batch -nx -ex 'break stop' -ex run -ex bt "$tmp/bt" \
                > "$tmp/gdb.out" 2>&1
            if grep -q ' inner ' "$tmp/gdb.out" &&
               grep -q ' outer ' "$tmp/gdb.out" &&
               grep -q ' main ' "$tmp/gdb.out"; then
                ok
            else
                bad "gdb backtrace through sirc's object ($o)"
                sed 's/^/    /' "$tmp/gdb.out" | tail -8
            fi
        else
            bad "bt.sir ($o) did not build or run"
        fi
    done
else
    echo "link tests: gdb missing, backtrace test skipped"
fi

# a shared library from -relocation-model=pic objects
for o in -O0 -O2; do
    if "$sirc" $o -relocation-model=pic -c $d/lib.sir -o "$tmp/lib.o" &&
       $CC -shared -o "$tmp/libsirt.so" "$tmp/lib.o" 2>"$tmp/err" &&
       $CC -o "$tmp/libmain" $d/libmain.c -L"$tmp" -lsirt 2>>"$tmp/err" &&
       LD_LIBRARY_PATH=$tmp "$tmp/libmain" > "$tmp/out" &&
       [ "$(cat "$tmp/out")" = "11 71 71" ]; then
        ok
    else
        bad "shared library from -relocation-model=pic objects ($o)"
        sed 's/^/    /' "$tmp/err" | head -5
    fi
    # the text path agrees
    if "$sirc" $o -relocation-model=pic -S $d/lib.sir -o "$tmp/lib.s" &&
       $CC -shared -o "$tmp/libsirt.so" "$tmp/lib.s" 2>"$tmp/err" &&
       LD_LIBRARY_PATH=$tmp "$tmp/libmain" > /dev/null; then
        ok
    else
        bad "shared library from -relocation-model=pic assembly ($o)"
    fi
done

# static code in a non-PIE executable
if "$sirc" -relocation-model=static -c $d/lib.sir -o "$tmp/st.o" &&
   $CC -no-pie -o "$tmp/st" $d/libmain.c "$tmp/st.o" 2>"$tmp/err" &&
   "$tmp/st" > /dev/null; then
    ok
else
    bad "-relocation-model=static in a non-PIE executable"
    sed 's/^/    /' "$tmp/err" | head -5
fi

# the same input and options give byte-identical objects
for t in x86_64-linux-gnu x86_64-apple-macos; do
    if "$sirc" -mtriple=$t -c $d/lib.sir -o "$tmp/d1.o" &&
       "$sirc" -mtriple=$t -c $d/lib.sir -o "$tmp/d2.o" &&
       cmp -s "$tmp/d1.o" "$tmp/d2.o"; then
        ok
    else
        bad "objects for $t are not deterministic"
    fi
done

# functions compiled on threads (-j): the same output as one thread,
# and the same diagnostics from the first failing function
for f in test/run/x64/*.sir examples/*.sir; do
    for o in -O0 -O2; do
        "$sirc" $o -j1 -c "$f" -o "$tmp/j1.o" 2>/dev/null || continue
        "$sirc" $o -j3 -c "$f" -o "$tmp/j3.o" &&
        "$sirc" $o -j1 -S "$f" -o "$tmp/j1.s" &&
        "$sirc" $o -j3 -S "$f" -o "$tmp/j3.s" &&
        cmp -s "$tmp/j1.o" "$tmp/j3.o" && cmp -s "$tmp/j1.s" "$tmp/j3.s" ||
            { bad "-j3 output differs from -j1: $f $o"; continue; }
    done
done
ok
# -O2's function passes run on the threads too (opt/parpass.c): many
# functions that call each other (inlined first), and loops that become
# memset (the first declares it while other threads intern block names)
if ${CC:-cc} -std=c11 -O1 -o "$tmp/tri" bench/tri.c 2>/dev/null; then
    "$tmp/tri" sir 400 7 > "$tmp/many.sir" 2>/dev/null
    for k in $(seq 1 80); do
        printf 'fn void @m%d(ptr, i32, i8) {\nentry(ptr %%a, i32 %%n, i8 %%v):\n' $k
        printf '  %%z = iconst i32 0\n  %%one = iconst i32 1\n  br loop(i32 %%z)\n'
        printf 'loop(i32 %%i):\n  %%more = icmp slt i32 %%i, %%n\n'
        printf '  condbr bool %%more, body, exit\nbody:\n'
        printf '  %%p = offset i8, ptr %%a, i32 %%i\n  store i8 %%v, ptr %%p\n'
        printf '  %%i2 = iadd i32 %%i, %%one\n  br loop(i32 %%i2)\n'
        printf 'exit:\n  ret void\n}\n'
    done >> "$tmp/many.sir"
    "$sirc" -O2 -j1 -c "$tmp/many.sir" -o "$tmp/m1.o" &&
        "$sirc" -O2 -j1 -S "$tmp/many.sir" -o "$tmp/m1.s" &&
        grep -q "call.*memset" "$tmp/m1.s" || bad "-O2 -j1 on many functions"
    for j in 2 3; do
        "$sirc" -O2 -j$j -c "$tmp/many.sir" -o "$tmp/mj.o" &&
        "$sirc" -O2 -j$j -S "$tmp/many.sir" -o "$tmp/mj.s" &&
        cmp -s "$tmp/m1.o" "$tmp/mj.o" && cmp -s "$tmp/m1.s" "$tmp/mj.s" ||
            bad "-O2 -j$j output differs from -j1 on many functions"
    done
    ok
fi
"$sirc" -O0 -j1 -c $d/frames.sir -o "$tmp/f1.o" 2>"$tmp/e1"
s1=$?
"$sirc" -O0 -j3 -c $d/frames.sir -o "$tmp/f3.o" 2>"$tmp/e3"
s3=$?
if [ $s1 -eq 1 ] && [ $s3 -eq 1 ] && cmp -s "$tmp/e1" "$tmp/e3" &&
   [ ! -e "$tmp/f3.o" ]; then ok; else bad "-j3 diagnostics differ"; fi

# bad cases: error, status 1, no output
"$sirc" -c $d/bt.sir -o "$tmp/nodir/x.o" 2>"$tmp/err"
st=$?
if [ $st -eq 1 ] && grep -q "cannot write" "$tmp/err" &&
   [ ! -e "$tmp/nodir" ]; then ok; else bad "output in a missing directory: status $st"; fi
mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then
    "$sirc" -c $d/bt.sir -o "$tmp/ro/x.o" 2>"$tmp/err"
    st=$?
    if [ $st -eq 1 ] && grep -q error "$tmp/err" && [ ! -e "$tmp/ro/x.o" ]
    then ok; else bad "unwritable output: status $st"; fi
fi
"$sirc" -c $d/big.sir -o "$tmp/big.o" 2>"$tmp/err"
st=$?
if [ $st -eq 1 ] && grep -q '4 GiB' "$tmp/err" && [ ! -e "$tmp/big.o" ] &&
   [ -z "$(ls "$tmp" | grep '^big\.o\.')" ]; then
    ok
else
    bad "a section over 4 GiB: status $st, $(head -1 "$tmp/err")"
fi
echo "link tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
