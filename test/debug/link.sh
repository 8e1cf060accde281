# Several -g objects linked into one (sourced by test/debug/run.sh, with
# its ok, bad, have, objs and asm_of): a relocatable link (ld -r)
# concatenates each debug section of its inputs, so every offset one
# debug section holds into another (.debug_info into .debug_abbrev,
# .debug_line and .debug_loclists; a .debug_line header into
# .debug_line_str) must be relocated, or all but the first object name
# the wrong strings.  Three compile units from three directories: one.o
# and two.o from sirc -g -c, between them three.o from sirc -g -S and
# the assembler (whose line table names its files through
# .debug_line_str); each unit's line table must name its own file, be
# the one its DW_AT_stmt_list points at and start at its DW_AT_low_pc,
# and llvm-dwarfdump --verify must be clean.  ELF only: Mach-O DWARF has
# no relocations (ld64 reads the objects' debug maps, not linked DWARF).

# units FILE: a line per compile unit ("cu NAME COMP_DIR STMT_LIST
# LOW_PC") and per line table ("lt OFFSET PATH FIRST_ADDR", PATH the
# full name of its file 1: its directory entry, under the unit's
# directory when relative; DWARF 4 counts directories from 1, 0 being
# the unit's directory)
units() {
    llvm-dwarfdump --debug-info --debug-line "$1" | awk '
        function val(s) { sub(/^[^(]*\(/, "", s); sub(/\)$/, "", s)
                          gsub(/"/, "", s); return s }
        function hex(s) { sub(/^0x0*/, "", s); return s == "" ? "0" : s }
        function full(d, n) { return n ~ /^\// ? n : d "/" n }
        function row() {
            if (!inrow) return
            inrow = 0
            dir = dirs[di]
            if (ver < 5 && di == 0) dir = comp[t]
            else if (dir !~ /^\//) dir = full(comp[t], dir)
            print "lt", off, full(dir, name), addr
        }
        /DW_TAG_compile_unit/ { cu++; need = 1 }
        need && /DW_AT_name/ { cname[cu] = val($0) }
        need && /DW_AT_comp_dir/ { comp[cu] = val($0) }
        need && /DW_AT_stmt_list/ { stmt[cu] = val($0) }
        need && /DW_AT_low_pc/ { low[cu] = val($0) }
        need && /^$/ {
            print "cu", cname[cu], comp[cu], hex(stmt[cu]), hex(low[cu])
            need = 0
        }
        /^debug_line\[/ { row(); t++; split("", dirs); addr = "none"
                          off = $0; sub(/^debug_line\[/, "", off)
                          sub(/\].*/, "", off); off = hex(off) }
        /^ *version: / { ver = $2 + 0 }
        /^include_directories\[/ { i = $0; sub(/^[^[]*\[ */, "", i)
                                   sub(/\].*/, "", i)
                                   d = $0; sub(/^[^=]*= /, "", d)
                                   gsub(/"/, "", d); dirs[i + 0] = d }
        /^file_names\[ *1\]/ { infile = 1 }
        infile && /^ *name:/ { name = $2; gsub(/"/, "", name) }
        infile && /^ *dir_index:/ { di = $2 + 0; infile = 0; inrow = 1 }
        /^0x[0-9a-f]+ +[0-9]+ / && addr == "none" { addr = hex($1) }
        END { row() }'
}

# check_units FILE WANT...: the units of FILE are WANT (full paths, in
# link order), each with its table
check_units() {
    f=$1
    shift
    units "$f" > "$tmp/lk.units" || { bad "$what: llvm-dwarfdump"; return; }
    got=$(awk '$1 == "lt" { printf "%s ", $3 }' "$tmp/lk.units")
    want="$* "
    if [ "$got" != "$want" ]; then
        bad "$what: line tables name '$got', want '$want'"
        return
    fi
    # unit k: its DW_AT_name under its directory is table k's file, its
    # DW_AT_stmt_list is table k's offset, its low_pc the first row's
    if ! awk '$1 == "cu" { n = $2 ~ /^\// ? $2 : $3 "/" $2
                           cu[++c] = n " " $4 " " $5 }
              $1 == "lt" { lt[++l] = $3 " " $2 " " $4 }
              END { for (k = 1; k <= c; k++)
                        if (cu[k] != lt[k]) {
                            print "unit " cu[k] ", table " lt[k]; bad = 1
                        }
                    exit (bad || c != l) }' "$tmp/lk.units"; then
        bad "$what: units and line tables disagree"
        sed 's/^/    /' "$tmp/lk.units"
        return
    fi
    if ! llvm-dwarfdump --verify "$f" > "$tmp/lk.v" 2>&1; then
        bad "$what: llvm-dwarfdump --verify"
        grep -i error "$tmp/lk.v" | head -5
        return
    fi
    ok
}

if have llvm-dwarfdump; then
    lk=$(cd "$tmp" && pwd -P)/lk
    mkdir -p "$lk/a" "$lk/b" "$lk/c"
    cp $d/dbg.sir "$lk/a/one.sir"
    cp $d/lines.sir "$lk/b/two.sir"
    cp $d/spill.sir "$lk/c/three.sir"
    sirc_abs=$(cd "$(dirname "$sirc")" && pwd -P)/$(basename "$sirc")
    for t in x86_64-linux-gnu aarch64-linux-gnu; do
        asm=$(asm_of $t)
        case $t in
        x86_64-linux-gnu) ld=ld;;
        aarch64-linux-gnu) ld=aarch64-linux-gnu-ld;;
        esac
        have $ld || ld=ld.lld
        if [ -z "$asm" ] || ! have $ld || ! objs $t; then
            echo "debug tests: $t link checks skipped (assembler or $ld)"
            continue
        fi
        for g in -g -gdwarf-4; do
            what="ld -r of three $g objects for $t"
            # one.sir names no directory (sirc runs in a/), two.sir and
            # three.sir a subdirectory of the compilation directory
            if (cd "$lk/a" && "$sirc_abs" -O2 $g -mtriple=$t -c one.sir \
                    -o ../one.o) &&
               (cd "$lk" && "$sirc_abs" -O2 $g -mtriple=$t -S c/three.sir \
                    -o three.s && $asm three.s -o three.o &&
                "$sirc_abs" -O2 $g -mtriple=$t -c b/two.sir -o two.o &&
                $ld -r one.o three.o two.o -o all.o); then
                check_units "$lk/all.o" "$lk/a/one.sir" "$lk/c/three.sir" \
                    "$lk/b/two.sir"
            else
                bad "$what: did not build"
            fi
        done
    done
fi
