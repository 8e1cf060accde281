# place.awk - where each probe function pK_J_C of an AArch64 assembly
# file (clang's or sirc's, GNU or Apple dialect) finds its parameter:
# "pK_J_C rN" (x/w register N), "vN" (s/d register N) or "sN" (the
# incoming stack at offset N).  The first instruction after the frame
# setup that reads an argument register or the incoming stack tells;
# none before ret means the parameter is already in x0 / v0.  A load
# from [x29, #N] after `stp x29, x30, [sp, #-16]!` reads offset N - 16.
function reg(o,   r) {
    gsub(/[ \t]/, "", o)
    if (o ~ /^[xw][0-7]$/) return "r" substr(o, 2)
    if (o ~ /^[sdhbqv][0-7](\.[0-9a-z]+)?$/) {
        r = substr(o, 2); sub(/\..*/, "", r); return "v" r
    }
    return ""
}
/^[_.A-Za-z0-9]+:/ {
    name = $1; sub(/:.*/, "", name); sub(/^_/, "", name)
    if (name ~ /^p[0-9]+_[0-9]+_[fi]$/) { cur = name; done = 0 }
    next
}
cur == "" || done { next }
{
    line = $0; sub(/\/\/.*/, "", line); sub(/;.*/, "", line)
    if (line ~ /^[ \t]*(\.|$)/) next
    n = split(line, w, /[ \t]+/); op = w[1] == "" ? w[2] : w[1]
    rest = line; sub(/^[ \t]*[a-z0-9.]+[ \t]*/, "", rest)
    if (op == "stp" && rest ~ /x29, *x30/) next
    if (op == "mov" && rest ~ /x29, *sp/) next
    if (op == "ret") {
        print cur, (cur ~ /_f$/ ? "v0" : "r0"); done = 1; next
    }
    if (op ~ /^ldu?r/ && match(rest, /\[(sp|x29)(, *#-?[0-9]+)?\]/)) {
        m = substr(rest, RSTART + 1, RLENGTH - 2)
        base = m; sub(/,.*/, "", base)
        off = 0
        if (m ~ /#/) { off = m; sub(/.*#/, "", off); off += 0 }
        if (base == "x29") off -= 16
        print cur, "s" off; done = 1; next
    }
    k = split(rest, a, ",")
    for (i = 2; i <= k; i++) {
        r = reg(a[i])
        if (r != "") { print cur, r; done = 1; next }
    }
}
