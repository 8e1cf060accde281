# objdump -dl and addr2line on lines.sir (sourced by test/debug/run.sh,
# with its lanes, ok, bad and objs): the calls to @mark map to the lines
# they are on (in order at -O0; the same set at -O2), and the multiply
# of @inv to its line in the loop, also once licm has hoisted it (-O2).
calls=$(grep -n 'call void @mark' $d/lines.sir | cut -d: -f1 | tr '\n' ' ')
mulline=$(grep -n '= imul' $d/lines.sir | cut -d: -f1)
for l in $lanes; do
    setlane $l
    case $l in
    x64) bin="" call='\tcall ' mul='\timul';;
    a64) bin=aarch64-linux-gnu- call='\tbl\t' mul='\tmul\t';;
    esac
    if ! have ${bin}objdump || ! have ${bin}addr2line; then
        echo "debug tests: ${bin}objdump missing, $l line checks skipped"
        continue
    fi
    for o in -O0 -O2; do
        if objs $triple; then
            "$sirc" $o -g -mtriple=$triple -c $d/lines.sir -o "$tmp/l.o"
        else
            "$sirc" $o -g -mtriple=$triple -S $d/lines.sir -o "$tmp/l.s" &&
                ${bin}as "$tmp/l.s" -o "$tmp/l.o"
        fi || { bad "$l: lines.sir $o did not build"; continue; }
        ${bin}objdump -dl "$tmp/l.o" > "$tmp/dl.out" 2>&1
        # "ADDR LINE" for each call and multiply, LINE from the heading
        # objdump -l writes before the instructions of a line
        awk -v call="$call" -v mul="$mul" '
            /lines\.sir:[0-9]+/ { sub(/.*lines\.sir:/, ""); n = $1 + 0 }
            $0 ~ call || $0 ~ mul {
                a = $1; sub(/:$/, "", a)
                print ($0 ~ call ? "call" : "mul"), a, n
            }' "$tmp/dl.out" > "$tmp/dl.rows"
        got=$(awk '$1 == "call" { printf "%s ", $3 }' "$tmp/dl.rows")
        m=$(awk '$1 == "mul" { print $3 }' "$tmp/dl.rows" | sort -u |
            tr '\n' ' ')
        if [ $o = -O2 ]; then
            got=$(echo $got | tr ' ' '\n' | sort -nu | tr '\n' ' ')
            want=$(echo $calls | tr ' ' '\n' | sort -nu | tr '\n' ' ')
        else
            want=$calls
        fi
        [ "$got" = "$want" ] && ok ||
            bad "$l $o: objdump -dl puts the calls on lines '$got'," \
                "not '$want'"
        [ "$m" = "$mulline " ] && ok ||
            bad "$l $o: objdump -dl puts the multiply on line '$m'," \
                "not $mulline"
        # addr2line: the same lines from the addresses
        a2l=$(awk '{ print "0x" $2 }' "$tmp/dl.rows" |
              ${bin}addr2line -e "$tmp/l.o" | sed 's/.*://' | tr '\n' ' ')
        rows=$(awk '{ printf "%s ", $3 }' "$tmp/dl.rows")
        [ -n "$rows" ] && [ "$a2l" = "$rows" ] && ok ||
            bad "$l $o: addr2line gives '$a2l' where objdump -dl has '$rows'"
    done
done
