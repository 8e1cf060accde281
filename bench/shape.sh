#!/bin/sh
# shape.sh SHAPE N: prints a SIR module of the given shape and size N on
# standard output, for the scaling benchmark (bench/scale.sh) and the
# limit tests (test/limits/run.sh).  Every module is valid; the ones with
# an @main run under siri.  Shapes (N is the number of the repeated
# thing):
#   blocks      a chain of N blocks
#   insts       one block of N instructions
#   domfwd      a dominator chain N deep, blocks laid out in order
#   domrev      the same chain laid out in reverse
#   livecall    N values live across a call
#   switch      N condbr comparing one value in a chain
#   slots       N stack slots, each stored and loaded
#   funcs       N small functions
#   params      a loop carrying N block parameters
#   loops       N perfectly nested counted loops
#   diamonds    N diamonds in a chain, each storing to one stack slot
#   irreducible a cycle of N blocks, each also entered from the entry
#   aggswap     a loop swapping two [i64 x N] block parameters
#   rotate      a loop rotating N scalar block parameters
#   inline      @f_k calling @f_(k-1), k = 1..N
#   insert      N inserts into a [i64 x 4096] aggregate (INSERT_MEMBERS
#               sets the size)
#   ptrchain    a pointer chain of N offsets, blocks in reverse order
#   nest        a global of a type and initializer nested N deep
shape=${1:?usage: shape.sh SHAPE N}
n=${2:?usage: shape.sh SHAPE N}
awk -v shape="$shape" -v n="$n" -v members="${INSERT_MEMBERS:-4096}" '
function p(s) { print s }
BEGIN {
    if (shape == "blocks") {
        p("fn i64 @f(i64) {"); p("entry(i64 %x):"); p("  br b1")
        for (k = 1; k <= n; k++) {
            printf "b%d:\n  %%v%d = iadd i64 %s, %s\n", k, k,
                   k == 1 ? "%x" : "%v" k-1, "%x"
            if (k < n) printf "  br b%d\n", k+1
            else printf "  ret i64 %%v%d\n", k
        }
        p("}")
    } else if (shape == "insts") {
        p("fn i64 @f(i64) {"); p("entry(i64 %x):")
        p("  %v0 = iadd i64 %x, %x")
        for (k = 1; k <= n; k++)
            printf "  %%v%d = %s i64 %%v%d, %%x\n", k,
                   k % 3 == 0 ? "xor" : k % 3 == 1 ? "iadd" : "imul", k-1
        printf "  ret i64 %%v%d\n}\n", n
    } else if (shape == "domfwd" || shape == "domrev") {
        # b_k branches to b_(k+1) or to the exit: every b_k dominates
        # b_(k+1), a chain n deep
        p("fn i64 @f(i64) {"); p("entry(i64 %x):"); p("  br b1")
        for (j = 1; j <= n; j++) {
            k = shape == "domfwd" ? j : n + 1 - j
            printf "b%d:\n  %%k%d = iconst i64 %d\n  %%c%d = icmp eq i64 %%x, %%k%d\n", k, k, k, k, k
            if (k < n) printf "  condbr bool %%c%d, out, b%d\n", k, k+1
            else printf "  br out\n"
        }
        p("out:"); p("  ret i64 %x"); p("}")
    } else if (shape == "livecall") {
        p("fn void @g()"); p("fn i64 @f(i64) {"); p("entry(i64 %x):")
        for (k = 1; k <= n; k++)
            printf "  %%k%d = iconst i64 %d\n  %%v%d = iadd i64 %%x, %%k%d\n", k, k, k, k
        p("  call void @g()")
        p("  %s0 = iadd i64 %x, %x")
        for (k = 1; k <= n; k++)
            printf "  %%s%d = xor i64 %%s%d, %%v%d\n", k, k-1, k
        printf "  ret i64 %%s%d\n}\n", n
    } else if (shape == "switch") {
        p("fn i64 @f(i64) {"); p("entry(i64 %x):"); p("  br t1")
        for (k = 1; k <= n; k++) {
            printf "t%d:\n  %%k%d = iconst i64 %d\n", k, k, k
            printf "  %%c%d = icmp eq i64 %%x, %%k%d\n", k, k
            printf "  condbr bool %%c%d, out(i64 %%k%d), %s\n", k, k,
                   k < n ? "t" k+1 : "dflt"
        }
        p("dflt:"); p("  br out(i64 %x)")
        p("out(i64 %r):"); p("  ret i64 %r"); p("}")
    } else if (shape == "slots") {
        p("fn i64 @f(i64) {")
        for (k = 1; k <= n; k++) printf "  $s%d = stack i64\n", k
        p(""); p("entry(i64 %x):")
        for (k = 1; k <= n; k++) {
            printf "  %%a%d = stackslot $s%d\n", k, k
            printf "  store i64 %%x, ptr %%a%d\n", k
        }
        p("  %l0 = iadd i64 %x, %x")
        for (k = 1; k <= n; k++) {
            printf "  %%u%d = load i64, ptr %%a%d\n", k, k
            printf "  %%l%d = iadd i64 %%l%d, %%u%d\n", k, k-1, k
        }
        printf "  ret i64 %%l%d\n}\n", n
    } else if (shape == "funcs") {
        for (k = 1; k <= n; k++) {
            printf "fn i64 @f%d(i64) {\nentry(i64 %%x):\n", k
            printf "  %%k = iconst i64 %d\n  %%y = iadd i64 %%x, %%k\n  ret i64 %%y\n}\n", k
        }
    } else if (shape == "params" || shape == "rotate") {
        # a loop carrying n parameters: params adds one to each (sccp
        # sees n values), rotate passes each to its neighbour (a cycle
        # of n parallel copies)
        p("fn i64 @f(i64) {"); p("entry(i64 %x):")
        p("  %z = iconst i64 0"); p("  %one = iconst i64 1")
        s = "i64 %z"
        for (k = 1; k <= n; k++) {
            if (shape == "rotate") {
                printf "  %%k%d = iconst i64 %d\n", k, k
                s = s ", i64 %k" k
            } else {
                s = s ", i64 %x"
            }
        }
        printf "  br loop(%s)\n", s
        s = "i64 %i"
        for (k = 1; k <= n; k++) s = s ", i64 %p" k
        printf "loop(%s):\n", s
        p("  %i1 = iadd i64 %i, %one")
        s = "i64 %i1"
        for (k = 1; k <= n; k++) {
            if (shape == "params") {
                printf "  %%q%d = iadd i64 %%p%d, %%one\n", k, k
                s = s ", i64 %q" k
            } else {
                s = s ", i64 %p" (k % n) + 1
            }
        }
        p("  %c = icmp ult i64 %i1, %x")
        printf "  condbr bool %%c, loop(%s), out\n", s
        p("out:"); p("  ret i64 %p1"); p("}")
    } else if (shape == "loops") {
        p("fn i64 @f(i64) {"); p("entry(i64 %x):")
        p("  %z = iconst i64 0"); p("  %one = iconst i64 1")
        p("  br h1(i64 %z)")
        for (k = 1; k <= n; k++) {
            printf "h%d(i64 %%i%d):\n", k, k
            printf "  %%c%d = icmp ult i64 %%i%d, %%x\n", k, k
            printf "  condbr bool %%c%d, %s, x%d\n", k,
                   k < n ? "h" k+1 "(i64 %z)" : "body", k
        }
        p("body:"); printf "  br l%d\n", n
        for (k = n; k >= 1; k--) {
            printf "l%d:\n  %%j%d = iadd i64 %%i%d, %%one\n", k, k, k
            printf "  br h%d(i64 %%j%d)\n", k, k
            printf "x%d:\n", k
            if (k > 1) printf "  br l%d\n", k-1
            else p("  ret i64 %x")
        }
        p("}")
    } else if (shape == "diamonds") {
        p("fn i64 @f(i64) {"); p("  $s = stack i64"); p("")
        p("entry(i64 %x):"); p("  %a = stackslot $s")
        p("  store i64 %x, ptr %a"); p("  br d1")
        for (k = 1; k <= n; k++) {
            printf "d%d:\n  %%v%d = load i64, ptr %%a\n", k, k
            printf "  %%k%d = iconst i64 %d\n", k, k
            printf "  %%c%d = icmp ult i64 %%v%d, %%k%d\n", k, k, k
            printf "  condbr bool %%c%d, y%d, m%d\n", k, k, k
            printf "y%d:\n  %%w%d = iadd i64 %%v%d, %%k%d\n", k, k, k, k
            printf "  store i64 %%w%d, ptr %%a\n  br m%d\n", k, k
            printf "m%d:\n  br %s\n", k, k < n ? "d" k+1 : "out"
        }
        p("out:"); p("  %r = load i64, ptr %a"); p("  ret i64 %r"); p("}")
    } else if (shape == "irreducible") {
        p("fn i64 @f(i64) {"); p("entry(i64 %x):"); p("  %one = iconst i64 1")
        p("  br s1")
        for (k = 1; k <= n; k++) {
            printf "s%d:\n  %%k%d = iconst i64 %d\n", k, k, k
            printf "  %%c%d = icmp eq i64 %%x, %%k%d\n", k, k
            printf "  condbr bool %%c%d, c%d(i64 %%k%d), %s\n", k, k, k,
                   k < n ? "s" k+1 : "out(i64 %x)"
        }
        # each c_k is entered from s_k and from c_(k-1): n entries
        for (k = 1; k <= n; k++) {
            printf "c%d(i64 %%p%d):\n", k, k
            printf "  %%q%d = iadd i64 %%p%d, %%one\n", k, k
            printf "  %%e%d = icmp ugt i64 %%q%d, %%x\n", k, k
            printf "  condbr bool %%e%d, out(i64 %%q%d), c%d(i64 %%q%d)\n",
                   k, k, k < n ? k+1 : 1, k
        }
        p("out(i64 %r):"); p("  ret i64 %r"); p("}")
    } else if (shape == "aggswap") {
        printf "fn i64 @f(i64) {\nentry(i64 %%x):\n"
        printf "  %%a = null [i64 x %d]\n", n
        printf "  %%b = insert [i64 x %d] %%a, i64 %%x, 0\n", n
        p("  %z = iconst i64 0"); p("  %one = iconst i64 1")
        printf "  br loop(i64 %%z, [i64 x %d] %%a, [i64 x %d] %%b)\n", n, n
        printf "loop(i64 %%i, [i64 x %d] %%u, [i64 x %d] %%v):\n", n, n
        p("  %i1 = iadd i64 %i, %one")
        p("  %c = icmp ult i64 %i1, %x")
        printf "  condbr bool %%c, loop(i64 %%i1, [i64 x %d] %%v, [i64 x %d] %%u), out\n", n, n
        printf "out:\n  %%r = extract i64, [i64 x %d] %%u, 0\n  ret i64 %%r\n}\n", n
    } else if (shape == "inline") {
        p("internal fn i64 @f0(i64) {"); p("entry(i64 %x):")
        p("  %y = iadd i64 %x, %x"); p("  ret i64 %y"); p("}")
        for (k = 1; k <= n; k++) {
            printf "internal fn i64 @f%d(i64) {\nentry(i64 %%x):\n", k
            printf "  %%y = call i64 @f%d(i64 %%x)\n", k-1
            printf "  %%k = iconst i64 %d\n  %%z = xor i64 %%y, %%k\n  ret i64 %%z\n}\n", k
        }
        printf "fn i64 @f(i64) {\nentry(i64 %%x):\n"
        printf "  %%y = call i64 @f%d(i64 %%x)\n  ret i64 %%y\n}\n", n
    } else if (shape == "insert") {
        w = members
        p("fn i64 @f(i64) {"); p("entry(i64 %x):")
        printf "  %%a0 = null [i64 x %d]\n", w
        for (k = 1; k <= n; k++)
            printf "  %%a%d = insert [i64 x %d] %%a%d, i64 %%x, %d\n",
                   k, w, k-1, k % w
        printf "  %%r = extract i64, [i64 x %d] %%a%d, 7\n  ret i64 %%r\n}\n", w, n
    } else if (shape == "ptrchain") {
        p("fn i64 @f(ptr) {"); p("entry(ptr %q0):")
        p("  %one = iconst i64 1"); p("  br b1")
        for (k = n; k >= 1; k--) {
            printf "b%d:\n  %%q%d = offset i64, ptr %%q%d, i64 %%one\n",
                   k, k, k-1
            if (k < n) printf "  br b%d\n", k+1
            else {
                printf "  %%v = load i64, ptr %%q%d\n", k
                p("  store i64 %v, ptr %q0"); p("  ret i64 %v")
            }
        }
        p("}")
    } else if (shape == "nest") {
        t = "i64"; i = "7"
        for (k = 0; k < n; k++) { t = "[" t " x 1]"; i = "[" i "]" }
        printf "@x = global %s %s\n", t, i
        p("fn i64 @f() {"); p("entry:"); p("  %p = globaladdr @x")
        p("  %v = load i64, ptr %p"); p("  ret i64 %v"); p("}")
    } else {
        print "shape.sh: unknown shape " shape > "/dev/stderr"
        exit 2
    }
}'
