# gen.awk: the SIR of test/farbranch/run.sh.  Each function takes
# (i64 %x, i64 %k) and holds a conditional branch whose block is more
# than its reach away, over (or back across) a straight-line body of n
# instructions, v0 = k + x, then v = v + x / v ^ x alternately; the C
# driver computes the same values.
#   far_eq:   x == 0 goes to the end (cbz), n = big
#   far_lt:   x < k goes to the end (b.cond), n = big
#   far_bit:  (bool b, x, k): b goes to the end (tbnz), n = small
function body(pre, first, n,    i) {
    printf "  %%%s0 = iadd i64 %s, %%x\n", pre, first
    for (i = 1; i <= n; i++)
        printf "  %%%s%d = %s i64 %%%s%d, %%x\n", pre, i,
               (i % 2 ? "iadd" : "xor"), pre, i - 1
}
function skip(name, cond, n) {
    if (cond == "")     # the bool argument: tbnz w, #0
        printf "fn i64 @%s(bool, i64, i64) {\nentry(bool %%c, i64 %%x, " \
               "i64 %%k):\n", name
    else
        printf "fn i64 @%s(i64, i64) {\nentry(i64 %%x, i64 %%k):\n", name
    print "  %zero = iconst i64 0"
    if (cond != "")
        print cond
    print "  condbr bool %c, done(i64 %k), body"
    print "body:"
    body("v", "%k", n)
    printf "  br done(i64 %%v%d)\n", n
    print "done(i64 %r):\n  ret i64 %r\n}\n"
}
BEGIN {
    skip("far_eq", "  %c = icmp eq i64 %x, %zero", big)
    skip("far_lt", "  %c = icmp slt i64 %x, %k", big)
    skip("far_bit", "", small)
}
