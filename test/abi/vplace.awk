# vplace.awk - where each probe qK_C of an AArch64 assembly file (clang's
# or sirc's) puts its parameters for the call it makes: "qK_C rN aJ"
# (parameter J in x/w register N), "vN aJ" (s/d register N), "sN aJ"
# (the outgoing stack at offset N).  C tells the parameters' classes
# ('i' GP, 'f' FP), so the entry state is known: GP parameters in x0..,
# FP ones in v0...  Register copies and extensions carry a parameter,
# stores and pairs to [sp, #N] place it, any other write of a register
# forgets what it held; the frame record (x29, x30) is ignored.
function reg(o) {
    gsub(/[ \t]/, "", o)
    if (o ~ /^[xw]([0-9]|[12][0-9]|30)$/) return "r" substr(o, 2)
    if (o ~ /^[sdhbqv]([0-9]|[12][0-9]|3[01])$/) return "v" substr(o, 2)
    return ""
}
function wide(o) { gsub(/[ \t]/, "", o); return o ~ /^[xdq]/ ? 8 : 4 }
/^[_.A-Za-z0-9]+:/ {
    name = $1; sub(/:.*/, "", name); sub(/^_/, "", name)
    if (name ~ /^q[0-9]+_[if]+$/) {
        cur = name; done = 0; split("", at)
        cls = name; sub(/^q[0-9]+_/, "", cls)
        ni = 0; nf = 0
        for (j = 1; j <= length(cls); j++) {
            if (substr(cls, j, 1) == "i") at["r" ni++] = "a" (j - 1)
            else at["v" nf++] = "a" (j - 1)
        }
    }
    next
}
cur == "" || done { next }
{
    line = $0; sub(/\/\/.*/, "", line); sub(/;.*/, "", line)
    if (line ~ /^[ \t]*(\.|$)/) next
    op = line; sub(/^[ \t]*/, "", op); sub(/[ \t].*/, "", op)
    rest = line; sub(/^[ \t]*[a-z0-9.]+[ \t]*/, "", rest)
    if (rest ~ /x29|x30/) next
    if (op == "bl" || op == "b") {
        for (k in at) {
            if (k ~ /^[rv][0-7]$/ || k ~ /^s/) print cur, k, at[k]
        }
        done = 1; next
    }
    n = split(rest, a, ",")
    if ((op == "str" || op == "stp" || op ~ /^stu?r[bh]?$/) &&
        match(rest, /\[sp(, *#[0-9]+)?\]/)) {
        m = substr(rest, RSTART + 1, RLENGTH - 2); off = 0
        if (m ~ /#/) { off = m; sub(/.*#/, "", off); off += 0 }
        r = reg(a[1]); at["s" off] = (r in at) ? at[r] : "?"
        if (op == "stp") {
            r2 = reg(a[2])
            at["s" (off + wide(a[1]))] = (r2 in at) ? at[r2] : "?"
        }
        next
    }
    d = reg(a[1])
    if (d == "") next
    s = n >= 2 ? reg(a[2]) : ""
    if ((op == "mov" || op == "fmov" || op ~ /^[su]xt[bhw]$/ ||
         (op == "and" && n == 3 && a[3] ~ /#(0x)?(1|ff|ffff|255|65535)$/)) &&
        s != "" && (s in at)) {
        at[d] = at[s]
    } else {
        delete at[d]
    }
}
