# Checks the locals gdb shows at each instruction of lines.sir's
# @inv(3, 5) (test/debug/run.sh): every value shown must be what the
# program computes there.  A stop starts at a line naming the pc, the
# breakpoint or a source line; the values of one stop are of one
# iteration (a block parameter from its block's start, a value from
# its definition, until overwritten).
function check() {
    if ("n" in v && v["n"] != 3) bad("n")
    if ("k" in v && v["k"] != 5) bad("k")
    if ("kk" in v && v["kk"] != 25) bad("kk")
    if ("zero" in v && v["zero"] != 0) bad("zero")
    if ("one" in v && v["one"] != 1) bad("one")
    if ("i" in v && (v["i"] < 0 || v["i"] > 2)) bad("i")
    if ("i" in v && "acc" in v && v["acc"] != 25 * v["i"]) bad("acc")
    if ("acc" in v && "acc2" in v && v["acc2"] != v["acc"] + 25) bad("acc2")
    if ("i" in v && "i2" in v && v["i2"] != v["i"] + 1) bad("i2")
    if ("acc2" in v && (v["acc2"] % 25 || v["acc2"] < 25 || v["acc2"] > 75))
        bad("acc2")
    if ("i2" in v && (v["i2"] < 1 || v["i2"] > 3)) bad("i2")
    for (x in v) { shown++; delete v[x] }
}
function bad(x) { print "wrong " x " at " where; wrong++ }
/^0x|^Breakpoint|^[0-9]+\t/ { check(); where = $0 }
$2 == "=" && $3 != "<optimized" && $1 ~ /^[a-z0-9]+$/ { v[$1] = $3 }
END { check(); if (shown < 20) print "shown: " shown + 0 }
