#!/bin/sh
# Source-level debugging of SIR, sirc -g (sh test/debug/run.sh BINDIR):
#   - gdb on executables linked from sirc -g -c objects and from
#     sirc -g -S assembly (dbg.sir + main.c): a breakpoint on a SIR line
#     stops there, bt names dbg.sir:LINE, list shows the SIR text, next
#     walks the loop's lines in order, info locals / print show the
#     stack slots at -O0 (ints, a float, a pointer, a struct), finish
#     returns the value; at -O2 a breakpoint on a line still hits and
#     nothing is shown with a wrong value;
#   - objdump -dl and addr2line map addresses to the known lines;
#   - sirc -g -c and sirc -g -S | as (ELF) or | llvm-mc (Mach-O) give
#     the same line table rows and the same DIEs (DWARF 5 and 4);
#   - llvm-dwarfdump --verify is clean on the objects of the run and
#     link tests and the examples, -O0 and -O2, ELF and Mach-O;
#   - -g output is deterministic; optimized SIR printed by siropt debugs
#     as its own text.
bindir=${1:?usage: run.sh BINDIR}
sirc=$bindir/sirc
siropt=$bindir/siropt
d=test/debug
CC=${CC:-cc}
case $(uname -m) in x86_64) ;; *) echo "debug tests: skipped (not x86-64)"; exit 0;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirdbg.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
have() { command -v "$1" >/dev/null 2>&1; }

# expect FILE WHAT PATTERN...: every (grep -E) pattern is in FILE
expect() {
    f=$1 what=$2
    shift 2
    for p in "$@"; do
        if ! grep -Eq -- "$p" "$f"; then
            bad "$what: no '$p' in"
            sed 's/^/    /' "$f" | head -40
            return
        fi
    done
    ok
}

# dbg.sir's lines: 27 loads acc in the loop body, 31 calls @mark, 54
# returns; the loop runs 27..35 then 22, 24.
if have gdb; then
    for how in -c -S; do
        ext=o; [ $how = -S ] && ext=s
        if "$sirc" -O0 -g $how $d/dbg.sir -o "$tmp/dbg.$ext" &&
           $CC -o "$tmp/dbg" $d/main.c "$tmp/dbg.$ext" 2>"$tmp/err" &&
           "$tmp/dbg" >/dev/null; then
            gdb -batch -nx -ex 'break dbg.sir:27' -ex run -ex bt \
                -ex 'info locals' -ex 'list 27,28' \
                -ex next -ex next -ex next -ex next -ex next -ex next \
                -ex next -ex next -ex next -ex 'print i' \
                -ex 'delete' -ex 'break dbg.sir:54' -ex continue \
                -ex 'info locals' -ex 'print pt.f0' -ex 'print avg' \
                -ex 'print *(long *)p' -ex finish \
                "$tmp/dbg" > "$tmp/gdb.out" 2>&1
            # the loop in SIR line order (next steps over @mark), after
            # the list of lines 27 and 28
            awk '/^[0-9]+\t/ { printf "%s ", $1 }' "$tmp/gdb.out" \
                > "$tmp/lines"
            expect "$tmp/gdb.out" "gdb -O0 $how" \
                'Breakpoint 1, sum \(n=5\) at .*dbg\.sir:27' \
                '#0  sum \(n=5\) at .*dbg\.sir:27' \
                '^i = 0$' '^acc = 0$' '^pt = \{f0 = 0, f1 = 0\}' \
                '^27	  %a = load i64, ptr %acc$' \
                '^28	  %iv64 = sext i64, i32 %iv$' \
                '^\$1 = 1$' \
                'Breakpoint 2, sum \(.*\) at .*dbg\.sir:54' \
                '^i = 5$' '^acc = 10$' '^avg = 5$' \
                '^pt = \{f0 = 5, f1 = 5\}$' '^p = 0x[0-9a-f]{6}' \
                '^\$2 = 5$' '^\$3 = 5$' '^\$4 = 10$' \
                'Value returned is \$5 = 10'
            expect "$tmp/lines" "gdb -O0 $how: next walks the loop" \
                '^27 27 28 28 29 30 31 33 34 35 22 24 54 '
        else
            bad "dbg.sir -O0 -g $how did not build or run"
            sed 's/^/    /' "$tmp/err" | head -5
        fi
    done
    # step into a SIR callee; a parameter whose register a call or an
    # instruction overwrote is <optimized out> in a caller's frame,
    # never the callee's value (bt.sir: outer(20) calls inner(40))
    for o in -O0 -O2; do
        if "$sirc" $o -g -c test/link/bt.sir -o "$tmp/bt.o" &&
           $CC -o "$tmp/bt" test/link/bt.c "$tmp/bt.o"; then
            gdb -batch -nx -ex 'break bt.sir:21' -ex run -ex step -ex bt \
                -ex 'break stop' -ex continue -ex bt "$tmp/bt" \
                > "$tmp/gdb4.out" 2>&1
            if [ $o = -O0 ]; then
                expect "$tmp/gdb4.out" "gdb step into a SIR function" \
                    '^inner \(x=40\) at .*bt\.sir:10$' \
                    '^#1  .* in outer \(x=(20|<optimized out>)\) at .*bt\.sir:21'
            fi
            if grep -E ' (inner|outer) \(x=' "$tmp/gdb4.out" |
               grep -Ev 'inner \(x=(40|<optimized out>)\)|outer \(x=(20|<optimized out>)\)' \
               > "$tmp/wrong"; then
                bad "gdb $o shows a wrong parameter value"
                sed 's/^/    /' "$tmp/wrong"
            else
                ok
            fi
        else
            bad "bt.sir $o -g did not build"
        fi
    done
    # -O2: the slots are gone; named values in registers are locals
    # where the allocator keeps them, lines still hit
    if "$sirc" -O2 -g -c $d/dbg.sir -o "$tmp/o2.o" &&
       $CC -o "$tmp/o2" $d/main.c "$tmp/o2.o" && "$tmp/o2" >/dev/null; then
        gdb -batch -nx -ex 'break dbg.sir:31' -ex run -ex bt \
            -ex 'info locals' -ex next -ex delete -ex finish "$tmp/o2" \
            > "$tmp/gdb2.out" 2>&1
        expect "$tmp/gdb2.out" "gdb -O2" \
            'Breakpoint 1, sum \(n=5\) at .*dbg\.sir:31' \
            '^a2 = 0$' '^33	' 'Value returned is \$1 = 10'
    else
        bad "dbg.sir -O2 -g did not build or run"
    fi
    # optimized SIR printed by siropt: debugged as its own text
    if "$siropt" -O2 -o "$tmp/opt.sir" $d/dbg.sir &&
       line=$(grep -n 'call void @mark(i32 %0)' "$tmp/opt.sir" | cut -d: -f1) &&
       [ -n "$line" ] &&
       "$sirc" -O0 -g -c "$tmp/opt.sir" -o "$tmp/opt.o" &&
       $CC -o "$tmp/opt" $d/main.c "$tmp/opt.o"; then
        gdb -batch -nx -ex "break opt.sir:$line" -ex run -ex bt \
            "$tmp/opt" > "$tmp/gdb3.out" 2>&1
        expect "$tmp/gdb3.out" "gdb on siropt -O2 output" \
            "at .*opt\\.sir:$line" "^$line	  call void @mark"
    else
        bad "siropt -O2 output did not build"
    fi
else
    echo "debug tests: gdb missing, gdb sessions skipped"
fi

# objdump -dl and addr2line: the call to @mark is on line 31
if "$sirc" -O0 -g -c $d/dbg.sir -o "$tmp/dl.o"; then
    objdump -dl "$tmp/dl.o" > "$tmp/dl.out" 2>&1
    # the line heading that precedes the first call
    l=$(awk '/dbg\.sir:[0-9]+/ { sub(/.*dbg\.sir:/, ""); n = $1 }
             /call/ { print n; exit }' "$tmp/dl.out")
    [ "$l" = 31 ] && ok || bad "objdump -dl puts the first call on line '$l'"
    a=$(awk '/call/ { sub(/:.*/, "", $1); print $1; exit }' "$tmp/dl.out")
    l=$(addr2line -e "$tmp/dl.o" "0x$a" | sed 's/.*://')
    [ "$l" = 31 ] && ok || bad "addr2line 0x$a gives line '$l'"
fi

# sirc -g -c and sirc -g -S | as: the same line rows and DIEs.  The
# line table headers differ legitimately (GNU as writes a DWARF 3 table
# for -gdwarf-4 text and .debug_line_str names): rows are compared.
rows() { llvm-dwarfdump --debug-line "$1" | sed -n '/^Address/,$p'; }
dies() { llvm-dwarfdump --debug-info "$1" | sed 1d; }
if have llvm-dwarfdump; then
    for f in $d/dbg.sir test/link/bt.sir examples/structs.sir \
             examples/factorial.sir; do
        for g in -g -gdwarf-4; do
            for o in -O0 -O2; do
              for t in x86_64-linux-gnu x86_64-apple-macos; do
                if [ $t = x86_64-linux-gnu ]; then asm="as"
                elif have llvm-mc; then
                    asm="llvm-mc -filetype=obj -triple=x86_64-apple-macos11"
                else continue; fi
                if "$sirc" $o $g -mtriple=$t -c "$f" -o "$tmp/c.o" &&
                   "$sirc" $o $g -mtriple=$t -S "$f" -o "$tmp/s.s" &&
                   $asm "$tmp/s.s" -o "$tmp/s.o" &&
                   llvm-dwarfdump --verify "$tmp/s.o" >/dev/null &&
                   rows "$tmp/c.o" > "$tmp/rc" && rows "$tmp/s.o" > "$tmp/rs" &&
                   cmp -s "$tmp/rc" "$tmp/rs" &&
                   dies "$tmp/c.o" > "$tmp/dc" && dies "$tmp/s.o" > "$tmp/ds" &&
                   cmp -s "$tmp/dc" "$tmp/ds"; then
                    ok
                else
                    bad "$f $o $g $t: -c and -S | $asm differ"
                    diff "$tmp/rc" "$tmp/rs" | head -5
                    diff "$tmp/dc" "$tmp/ds" | head -5
                fi
              done
            done
        done
    done
    # --verify on every program of the run and link tests and examples
    n=0
    for f in test/run/x64/*.sir test/link/bt.sir test/link/lib.sir \
             examples/*.sir $d/*.sir; do
        for t in x86_64-linux-gnu x86_64-apple-macos; do
            for o in -O0 -O2; do
                "$sirc" $o -g -mtriple=$t -c "$f" -o "$tmp/v.o" 2>/dev/null ||
                    continue
                n=$((n + 1))
                if ! llvm-dwarfdump --verify "$tmp/v.o" > "$tmp/v.out" 2>&1
                then
                    bad "llvm-dwarfdump --verify: $f $t $o"
                    grep -i error "$tmp/v.out" | head -5
                fi
            done
        done
    done
    [ $n -gt 100 ] && ok || bad "only $n objects verified"
else
    echo "debug tests: llvm-dwarfdump missing, DWARF checks skipped"
fi

# deterministic
for k in -c -S; do
    "$sirc" -g $k $d/dbg.sir -o "$tmp/d1" && "$sirc" -g $k $d/dbg.sir -o "$tmp/d2" &&
        cmp -s "$tmp/d1" "$tmp/d2" && ok || bad "sirc -g $k is not deterministic"
done

echo "debug tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
