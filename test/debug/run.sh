#!/bin/sh
# Source-level debugging of SIR, sirc -g (sh test/debug/run.sh BINDIR):
#   - gdb on executables linked from sirc -g -c objects and from
#     sirc -g -S assembly (dbg.sir + main.c): a breakpoint on a SIR line
#     stops there, bt names dbg.sir:LINE, list shows the SIR text, next
#     walks the loop's lines in order, info locals / print show the
#     stack slots at -O0 (ints, a float, a pointer, a struct), finish
#     returns the value; at -O2 a breakpoint on a line still hits,
#     nothing is shown with a wrong value, the parameters of a loop's
#     block show each iteration's values, and values live across a
#     call show from callee-saved registers and spill slots;
#   - the same sessions on AArch64: sirc -mtriple=aarch64-linux-gnu,
#     linked by aarch64-linux-gnu-gcc, run by qemu-aarch64 -g SOCKET
#     with gdb-multiarch attached (skipped, with a message, when those
#     tools are missing);
#   - objdump -dl and addr2line map addresses to the known lines
#     (lines.sir: every line it names), for both ISAs;
#   - sirc -g -c and sirc -g -S | as (ELF) or | llvm-mc (Mach-O) give
#     the same line table rows and the same DIEs (DWARF 5 and 4);
#   - llvm-dwarfdump --verify is clean on the objects of the run and
#     link tests and the examples, -O0 and -O2, ELF and Mach-O, x86-64
#     and AArch64 (from sirc -S and the assembler where sirc -c does
#     not yet write objects for the target);
#   - ld -r of -g objects from three directories (sirc -c and the
#     assembler's, ELF, both ISAs, DWARF 5 and 4): each unit's line
#     table names its own file and is where its DW_AT_stmt_list points
#     (link.sh);
#   - -g output is deterministic; optimized SIR printed by siropt debugs
#     as its own text; without -g the output is what it was.
bindir=${1:?usage: run.sh BINDIR}
sirc=$bindir/sirc
siropt=$bindir/siropt
d=test/debug
CC=${CC:-cc}
A64_CC=${A64_CC:-aarch64-linux-gnu-gcc}
A64_SYSROOT=${A64_SYSROOT:-/usr/aarch64-linux-gnu}
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

# The lanes: x64 (native, on an x86-64 host) and a64 (under qemu).
lanes=""
[ "$(uname -m)" = x86_64 ] && lanes=x64
if have $A64_CC && have qemu-aarch64 && [ -d "$A64_SYSROOT" ]; then
    lanes="$lanes a64"
else
    echo "debug tests: aarch64 skipped ($A64_CC, qemu-aarch64 or" \
         "$A64_SYSROOT missing)"
fi
# lane settings: triple, C compiler, assembler of sirc -S output
setlane() {
    case $1 in
    x64) triple=x86_64-linux-gnu cc=$CC dbg=gdb;;
    a64) triple=aarch64-linux-gnu cc=$A64_CC dbg=gdb-multiarch;;
    esac
}
# objs TRIPLE: whether sirc -c writes objects for TRIPLE (AArch64
# objects are being written; until then the text path is tested)
objs() { "$sirc" -mtriple=$1 -c $d/lines.sir -o "$tmp/probe.o" 2>/dev/null; }

# build LANE MODE OPT SIR DRIVER EXE: sirc OPT -g MODE (-c or -S), then
# the lane's C compiler links the driver with it; $G replaces -g
build() {
    setlane $1
    e=o; [ $2 = -S ] && e=s
    "$sirc" $3 ${G:--g} -mtriple=$triple $2 "$4" -o "$6.$e" 2>"$tmp/err" &&
        $cc -o "$6" "$5" "$6.$e" 2>>"$tmp/err"
}

# session LANE EXE OUT CMD...: gdb -batch on EXE running the commands
# (one per argument; "run" starts the program), its output in OUT.  On
# a64 the program runs under qemu-aarch64, which waits on a socket for
# gdb-multiarch (no TCP port to collide with another run).
session() {
    l=$1 exe=$2 out=$3
    shift 3
    : > "$tmp/cmds"
    if [ $l = a64 ]; then
        rm -f "$tmp/sock"
        qemu-aarch64 -g "$tmp/sock" -L "$A64_SYSROOT" "$exe" \
            >/dev/null 2>&1 &
        qpid=$!
        n=0
        while [ ! -S "$tmp/sock" ] && [ $n -lt 100 ]; do
            sleep 0.1
            n=$((n + 1))
        done
        printf 'set sysroot %s\ntarget remote %s\n' "$A64_SYSROOT" \
            "$tmp/sock" >> "$tmp/cmds"
    fi
    for c in "$@"; do
        if [ "$c" = run ] && [ $l = a64 ]; then c=continue; fi
        printf '%s\n' "$c" >> "$tmp/cmds"
    done
    setlane $l
    timeout 120 $dbg -batch -nx -x "$tmp/cmds" "$exe" > "$out" 2>&1
    if [ $l = a64 ]; then
        kill $qpid 2>/dev/null
        wait $qpid 2>/dev/null
    fi
}

# dbg.sir's lines: 27 loads acc in the loop body, 31 calls @mark, 54
# returns; the loop runs 27..35 then 22, 24.
gdb_tests() {
    l=$1
    setlane $l
    modes=-S one=-S
    [ $l = x64 ] || objs $triple && modes="-c -S" one=-c
    for how in $modes; do
        if build $l $how -O0 $d/dbg.sir $d/main.c "$tmp/dbg"; then
            session $l "$tmp/dbg" "$tmp/gdb.out" 'break dbg.sir:27' run \
                bt 'info locals' 'list 27,28' next next next next next \
                next next next next 'print i' delete 'break dbg.sir:54' \
                continue 'info locals' 'print pt.f0' 'print avg' \
                'print *(long *)p' finish
            # the loop in SIR line order (next steps over @mark), after
            # the list of lines 27 and 28
            awk '/^[0-9]+\t/ { printf "%s ", $1 }' "$tmp/gdb.out" \
                > "$tmp/lines"
            expect "$tmp/gdb.out" "gdb $l -O0 $how" \
                'Breakpoint 1, sum \(n=5\) at .*dbg\.sir:27' \
                '#0  sum \(n=5\) at .*dbg\.sir:27' \
                '^i = 0$' '^acc = 0$' '^pt = \{f0 = ' \
                '^27	  %a = load i64, ptr %acc$' \
                '^28	  %iv64 = sext i64, i32 %iv$' \
                '^\$1 = 1$' \
                'Breakpoint 2, sum \(.*\) at .*dbg\.sir:54' \
                '^i = 5$' '^acc = 10$' '^avg = 5$' \
                '^pt = \{f0 = 5, f1 = 5\}$' '^p = 0x[0-9a-f]{6}' \
                '^\$2 = 5$' '^\$3 = 5$' '^\$4 = 10$' \
                'Value returned is \$5 = 10'
            expect "$tmp/lines" "gdb $l -O0 $how: next walks the loop" \
                '^27 27 28 28 29 30 31 33 34 35 22 24 54 '
        else
            bad "$l: dbg.sir -O0 -g $how did not build"
            sed 's/^/    /' "$tmp/err" | head -5
        fi
    done
    # step into a SIR callee; a parameter whose register a call or an
    # instruction overwrote is <optimized out> in a caller's frame,
    # never the callee's value (bt.sir: outer(20) calls inner(40))
    for o in -O0 -O2; do
        if build $l $one $o test/link/bt.sir test/link/bt.c "$tmp/bt"; then
            session $l "$tmp/bt" "$tmp/gdb4.out" 'break bt.sir:21' run \
                step bt 'break stop' continue bt
            if [ $o = -O0 ]; then
                expect "$tmp/gdb4.out" "gdb $l step into a SIR function" \
                    '^inner \(x=40\) at .*bt\.sir:10$' \
                    '^#1  .* in outer \(x=(20|<optimized out>)\) at .*bt\.sir:21'
            fi
            right='inner \(x=(40|<optimized out>)\)'
            right="$right|outer \\(x=(20|<optimized out>)\\)"
            if grep -E ' (inner|outer) \(x=' "$tmp/gdb4.out" |
               grep -Ev "$right" > "$tmp/wrong"; then
                bad "gdb $l $o shows a wrong parameter value"
                sed 's/^/    /' "$tmp/wrong"
            else
                ok
            fi
        else
            bad "$l: bt.sir $o -g did not build"
        fi
    done
    # -O2: the slots are gone; named values in registers are locals
    # where the allocator keeps them, named constants everywhere, lines
    # still hit
    if build $l $one -O2 $d/dbg.sir $d/main.c "$tmp/o2"; then
        session $l "$tmp/o2" "$tmp/gdb2.out" 'break dbg.sir:31' run bt \
            'info locals' next delete finish
        expect "$tmp/gdb2.out" "gdb $l -O2" \
            'Breakpoint 1, sum \(n=5\) at .*dbg\.sir:31' \
            '^a2 = 0$' '^one = 1$' '^zero64 = 0$' '^33	' \
            'Value returned is \$1 = 10'
    else
        bad "$l: dbg.sir -O2 -g did not build"
    fi
    # -O2: parameters of a loop's block are locals from the block's
    # start, each iteration's values (lines.sir's @inv(3, 5): the loop
    # adds k * k = 25 to acc)
    if build $l $one -O2 $d/lines.sir $d/lines.c "$tmp/lines"; then
        session $l "$tmp/lines" "$tmp/gdb5.out" 'break lines.sir:23' run \
            'info locals' continue 'info locals'
        expect "$tmp/gdb5.out" "gdb $l -O2: block parameters" \
            '^i = 0$' '^acc = 0$' '^acc2 = 25$' \
            '^i = 1$' '^acc = 25$' '^acc2 = 50$'
    else
        bad "$l: lines.sir -O2 -g did not build"
    fi
    # -O2: values live across a call, in callee-saved registers or
    # spill slots, in the caller's frame during the call and after it
    # (spill.sir: vN = 2 * (12 + N)); none wrong, and on x86-64, where
    # seven are spilled, all but v4 shown (instcombine makes it a shl
    # and the new value has no name); AArch64 multiplies after the call
    min=0; [ $l = x64 ] && min=22
    if build $l $one -O2 $d/spill.sir $d/spill.c "$tmp/spill"; then
        session $l "$tmp/spill" "$tmp/gdb6.out" 'break g' run up \
            'info locals' 'break spill.sir:35' continue 'info locals'
        awk -v min=$min '
             /^v[0-9]+ = / && $3 != "<optimized" { n = substr($1, 2) + 0
                 if ($3 != 2 * (12 + n)) print "wrong: " $0; else ok++ }
             /^Breakpoint 2, / { stops++ }
             END { if (ok < min || !stops) print "shown: " ok + 0 }' \
            "$tmp/gdb6.out" > "$tmp/wrong"
        if [ -s "$tmp/wrong" ]; then
            bad "gdb $l -O2: values across a call"
            sed 's/^/    /' "$tmp/wrong" "$tmp/gdb6.out" | head -40
        else
            ok
        fi
    else
        bad "$l: spill.sir -O2 -g did not build"
    fi
    # -O2, instruction by instruction through @pressure (nexti over
    # the call): every value gdb shows is right (vN = 2 * (12 + N),
    # sN = 3 + v0 + ... + vN, a = 2, the constants kN = 12 + N); DWARF 5
    # and 4 location lists
    for G in -g -gdwarf-4; do
    if build $l $one -O2 $d/spill.sir $d/spill.c "$tmp/spill"; then
        session $l "$tmp/spill" "$tmp/gdb7.out" 'break pressure' run \
            'set $n = 0' 'while $n < 150' 'info locals' 'info args' \
            nexti 'set $n = $n + 1' end
        awk '$2 != "=" || $3 == "<optimized" { next }
             /^v[0-9]+ = / { w = 2 * (12 + substr($1, 2)) }
             /^s[0-9]+ = / { w = 3
                 for (k = 0; k <= substr($1, 2) + 0; k++) w += 2 * (12 + k) }
             /^a = / { w = 2 }
             /^k[0-9]+ = / { w = 12 + substr($1, 2) }
             /^[vsak][0-9]* = / { if ($3 != w) print "wrong: " $0; else ok++ }
             END { if (ok < 40) print "shown: " ok + 0 }' \
            "$tmp/gdb7.out" > "$tmp/wrong"
        if [ -s "$tmp/wrong" ]; then
            bad "gdb $l -O2 $G: nexti through @pressure"
            sed 's/^/    /' "$tmp/wrong" | head -20
        else
            ok
        fi
    else
        bad "$l: spill.sir -O2 $G did not build"
    fi
    done
    G=
    # the same through the loop of lines.sir's @inv (inv.awk)
    if [ -x "$tmp/lines" ]; then
        session $l "$tmp/lines" "$tmp/gdb8.out" 'break inv' run \
            'set $n = 0' 'while $n < 80' 'info locals' 'info args' \
            nexti 'set $n = $n + 1' end
        awk -f $d/inv.awk "$tmp/gdb8.out" > "$tmp/wrong"
        if [ -s "$tmp/wrong" ]; then
            bad "gdb $l -O2: nexti through @inv's loop"
            sed 's/^/    /' "$tmp/wrong" | head -20
        else
            ok
        fi
    fi
    # optimized SIR printed by siropt: debugged as its own text
    if "$siropt" -O2 -o "$tmp/opt.sir" $d/dbg.sir &&
       line=$(grep -n 'call void @mark(i32 %0)' "$tmp/opt.sir" |
              cut -d: -f1) &&
       [ -n "$line" ] &&
       build $l $one -O0 "$tmp/opt.sir" $d/main.c "$tmp/opt"; then
        session $l "$tmp/opt" "$tmp/gdb3.out" "break opt.sir:$line" run bt
        expect "$tmp/gdb3.out" "gdb $l on siropt -O2 output" \
            "at .*opt\\.sir:$line" "^$line	  call void @mark"
    else
        bad "$l: siropt -O2 output did not build"
    fi
}

for l in $lanes; do
    setlane $l
    if have $dbg; then
        gdb_tests $l
    else
        echo "debug tests: $dbg missing, $l gdb sessions skipped"
    fi
done

# objdump -dl and addr2line: lines.sir marks the lines its calls are on
# ("; call at LINE"); each call instruction maps to its line.
. $d/lines.sh

# sirc -g -c and sirc -g -S | as: the same line rows and DIEs.  The
# line table headers differ legitimately (GNU as writes a DWARF 3 table
# for -gdwarf-4 text and .debug_line_str names): rows are compared.
rows() { llvm-dwarfdump --debug-line "$1" | sed -n '/^Address/,$p'; }
dies() { llvm-dwarfdump --debug-info "$1" | sed 1d; }
# asm_of TRIPLE: the assembler of sirc -S output for TRIPLE, or nothing
asm_of() {
    mc="llvm-mc -filetype=obj -triple"
    case $1 in
    x86_64-linux-gnu) have as && echo as;;
    aarch64-linux-gnu) have aarch64-linux-gnu-as && echo aarch64-linux-gnu-as;;
    x86_64-apple-macos) have llvm-mc && echo "$mc=x86_64-apple-macos11";;
    arm64-apple-macos) have llvm-mc && echo "$mc=arm64-apple-macos11";;
    esac
}
triples="x86_64-linux-gnu x86_64-apple-macos"
triples="$triples aarch64-linux-gnu arm64-apple-macos"
if have llvm-dwarfdump; then
    for t in $triples; do
        asm=$(asm_of $t)
        [ -n "$asm" ] && objs $t || continue
        for f in $d/dbg.sir test/link/bt.sir examples/structs.sir \
                 examples/factorial.sir; do
            for g in -g -gdwarf-4; do
                for o in -O0 -O2; do
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
    # --verify on every program of the run and link tests and examples,
    # from sirc -c, or from sirc -S and the assembler
    for t in $triples; do
        asm=$(asm_of $t)
        how=-c
        objs $t || how=-S
        [ $how = -c ] || [ -n "$asm" ] || continue
        n=0
        for f in test/run/x64/*.sir test/link/bt.sir test/link/lib.sir \
                 examples/*.sir $d/*.sir; do
            for g in -g -gdwarf-4; do
            for o in -O0 -O2; do
                if [ $how = -c ]; then
                    "$sirc" $o $g -mtriple=$t -c "$f" -o "$tmp/v.o" \
                        2>/dev/null || continue
                else
                    "$sirc" $o $g -mtriple=$t -S "$f" -o "$tmp/v.s" \
                        2>/dev/null || continue
                    if ! $asm "$tmp/v.s" -o "$tmp/v.o" 2>"$tmp/v.out"; then
                        bad "$asm: $f $t $o $g"
                        head -5 "$tmp/v.out"
                        continue
                    fi
                fi
                n=$((n + 1))
                if ! llvm-dwarfdump --verify "$tmp/v.o" > "$tmp/v.out" 2>&1
                then
                    bad "llvm-dwarfdump --verify: $f $t $o $g ($how)"
                    grep -i error "$tmp/v.out" | head -5
                fi
            done
            done
        done
        [ $n -gt 100 ] && ok || bad "$t: only $n objects verified"
    done
    # and on the file tests' programs, one configuration per ISA
    n=0
    for f in test/sir/*/*.sir; do
        case $f in *.fail.sir) continue;; esac
        for t in x86_64-linux-gnu aarch64-linux-gnu; do
            asm=$(asm_of $t)
            o=-O0; [ $t = x86_64-linux-gnu ] || o=-O2
            "$sirc" $o -g -mtriple=$t -S "$f" -o "$tmp/v.s" 2>/dev/null &&
                [ -n "$asm" ] && $asm "$tmp/v.s" -o "$tmp/v.o" 2>/dev/null ||
                continue
            n=$((n + 1))
            llvm-dwarfdump --verify "$tmp/v.o" > "$tmp/v.out" 2>&1 ||
                bad "llvm-dwarfdump --verify: $f $t $o"
        done
    done
    [ $n -gt 200 ] && ok || bad "only $n file-test programs verified"
else
    echo "debug tests: llvm-dwarfdump missing, DWARF checks skipped"
fi

# several -g objects in one relocatable link
. $d/link.sh

# deterministic
for t in $triples; do
    for k in -c -S; do
        [ $k = -S ] || objs $t || continue
        "$sirc" -g -mtriple=$t $k $d/dbg.sir -o "$tmp/d1" &&
            "$sirc" -g -mtriple=$t $k $d/dbg.sir -o "$tmp/d2" &&
            cmp -s "$tmp/d1" "$tmp/d2" && ok ||
            bad "sirc -g -mtriple=$t $k is not deterministic"
    done
done

echo "debug tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
