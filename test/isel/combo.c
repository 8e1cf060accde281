/*
 * combo - enumerates small expression DAGs over every operation that
 * x86-64 instruction selection fuses, as one SIR module per share, for
 * test/isel/run.sh (siri is the reference, sirc -O0 and -O2 the subjects).
 *
 *   combo -count                 how many functions, of each shape
 *   combo [-part I -of N]        share I (0-based) of N, with its @main
 *
 * Issue 15 was a load folded into an add as its memory operand and then
 * lost when a fusion absorbed the add into a lea (or an and into a test):
 * each fusion was right alone, their combination was not.  So the shapes
 * here are combinations, each a function
 *
 *   fn i64 @cN(i64 %a, i64 %b, f64 %x, f64 %y, f32 %u, f32 %v,
 *              ptr %q, ptr %qd, ptr %qs)
 *
 * whose leaves are parameters, constants (0, 1, small, large, negative)
 * and loads from a stack slot, a global and through %q/%qd/%qs:
 *   chain:  t = op1(leaves); r = op2(.., t, ..) with t in every operand
 *           position of op2 that takes it, for every pair (op1, op2); t
 *           has one user, or also a second one that writes @sink;
 *   cmp:    the same with op2 a compare, for every predicate;
 *   tree:   r = op3(op1(l, l), op2(l, l)), pairwise over the op triples;
 *   reuse:  one load used twice, in op1 and again in op2.
 * Each leaf position takes a class (register, immediate, memory): all
 * class combinations per op pair up to three positions, pairwise (an
 * orthogonal array) beyond; the member of the class rotates, so every
 * leaf kind appears at every position.  The result is returned
 * (widened; a float through its bits with NaN as 0, since NaN payloads
 * are unspecified) or, for a bool, through btoi, sel or condbr.
 *
 * Undefined behaviour is avoided by construction: shift amounts and
 * indices are masked, divisors are constants other than 0 and -1 or
 * (x & 15) | 1, float-to-integer operands go through a range test.
 * @main calls every function of its share through a table with four
 * input sets (the parameters, the globals and the cells behind %q) and
 * prints "index result sink" for each.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- types */

enum { I8, I16, I32, I64, F32, F64, B, P, NTY };
static const char *const tn[NTY] = {"i8", "i16", "i32", "i64",
                                    "f32", "f64", "bool", "ptr"};
static const unsigned width[NTY] = {8, 16, 32, 64, 32, 64, 1, 64};

static bool is_int(int t) { return t <= I64; }
static bool is_flt(int t) { return t == F32 || t == F64; }

/* Leaf kinds.  Bools use PARAM (a compare of two parameters), C0, C1
 * and LGLOBAL; pointers PARAM (%q..), LSTACK (a slot's address),
 * LGLOBAL (globaladdr) and LPTR (a pointer loaded from a global). */
enum { K_PARAM, K_C0, K_C1, K_CSMALL, K_CLARGE, K_CNEG,
       K_LSTACK, K_LGLOBAL, K_LPTR, NKIND, K_REUSE };
enum { CL_REG, CL_IMM, CL_MEM, NCLASS };
#define MAXPOS 5                /* leaf positions of a shape */

static const int class_kinds[3][NCLASS][6] = {
    /* numbers */
    {{K_PARAM, -1}, {K_C0, K_C1, K_CSMALL, K_CLARGE, K_CNEG, -1},
     {K_LSTACK, K_LGLOBAL, K_LPTR, -1}},
    /* bool */
    {{K_PARAM, -1}, {K_C0, K_C1, -1}, {K_LGLOBAL, -1}},
    /* ptr */
    {{K_PARAM, -1}, {K_LSTACK, K_LGLOBAL, -1}, {K_LPTR, -1}},
};

/* How an operand is kept defined. */
enum { S_NONE, S_SHIFT, S_DIV, S_INDEX, S_FTOSI, S_FTOUI };

/* -------------------------------------------------------- operations */

enum { FM_BIN, FM_ICMP, FM_FCMP, FM_CONV, FM_FNEG, FM_SEL, FM_OFFSET,
       FM_ELEM };

typedef struct {
    const char *mn;
    int form;
    int n;              /* operands */
    int ty[3];
    int san[3];
    int res;
} Op;

static Op ops[256];
static int nops;

static const char *const ipred[] = {"eq", "ne", "ugt", "uge", "ult",
                                    "ule", "sgt", "sge", "slt", "sle"};
static const char *const fpred[] = {"ord", "uno", "oeq", "one", "ogt",
                                    "oge", "olt", "ole", "ueq", "une",
                                    "ugt", "uge", "ult", "ule"};

static void
add_op(const char *mn, int form, int res, int n, int t0, int s0, int t1,
       int s1, int t2)
{
    Op *o = &ops[nops++];
    o->mn = mn, o->form = form, o->res = res, o->n = n;
    o->ty[0] = t0, o->ty[1] = t1, o->ty[2] = t2;
    o->san[0] = s0, o->san[1] = s1, o->san[2] = S_NONE;
}

static void
build_ops(void)
{
    static const char *const ibin[] = {"iadd", "isub", "imul", "and", "or",
                                       "xor", "shl", "lshr", "ashr", "udiv",
                                       "sdiv", "urem", "srem"};
    static const char *const fbin[] = {"fadd", "fsub", "fmul", "fdiv"};
    for (int t = I8; t <= I64; t++) {
        for (int k = 0; k < 13; k++)
            add_op(ibin[k], FM_BIN, t, 2, t, S_NONE, t,
                   k >= 9 ? S_DIV : k >= 6 ? S_SHIFT : S_NONE, 0);
        add_op("icmp", FM_ICMP, B, 2, t, S_NONE, t, S_NONE, 0);
        for (int u = I8; u <= I64; u++)
            if (width[u] > width[t]) {
                add_op("sext", FM_CONV, u, 1, t, S_NONE, 0, 0, 0);
                add_op("zext", FM_CONV, u, 1, t, S_NONE, 0, 0, 0);
            } else if (width[u] < width[t])
                add_op("trunc", FM_CONV, u, 1, t, S_NONE, 0, 0, 0);
        for (int f = F32; f <= F64; f++) {
            add_op("sitof", FM_CONV, f, 1, t, S_NONE, 0, 0, 0);
            add_op("uitof", FM_CONV, f, 1, t, S_NONE, 0, 0, 0);
            add_op("ftosi", FM_CONV, t, 1, f, S_FTOSI, 0, 0, 0);
            add_op("ftoui", FM_CONV, t, 1, f, S_FTOUI, 0, 0, 0);
        }
        add_op("itob", FM_CONV, B, 1, t, S_NONE, 0, 0, 0);
        add_op("btoi", FM_CONV, t, 1, B, S_NONE, 0, 0, 0);
    }
    for (int f = F32; f <= F64; f++) {
        for (int k = 0; k < 4; k++)
            add_op(fbin[k], FM_BIN, f, 2, f, S_NONE, f, S_NONE, 0);
        add_op("fneg", FM_FNEG, f, 1, f, S_NONE, 0, 0, 0);
        add_op("fcmp", FM_FCMP, B, 2, f, S_NONE, f, S_NONE, 0);
    }
    add_op("fext", FM_CONV, F64, 1, F32, S_NONE, 0, 0, 0);
    add_op("ftrunc", FM_CONV, F32, 1, F64, S_NONE, 0, 0, 0);
    for (int t = I8; t <= F64; t++) {
        /* sel, and address arithmetic feeding a load */
        add_op("sel", FM_SEL, t, 3, B, S_NONE, t, S_NONE, t);
        add_op("offset", FM_OFFSET, t, 2, P, S_NONE, I64, S_INDEX, 0);
        add_op("elemptr", FM_ELEM, t, 1, P, S_NONE, 0, 0, 0);
    }
    static const char *const blog[] = {"and", "or", "xor"};
    for (int k = 0; k < 3; k++)
        add_op(blog[k], FM_BIN, B, 2, B, S_NONE, B, S_NONE, 0);
}

/* ------------------------------------------------------------ output */

typedef struct {
    char *s;
    size_t len, cap;
} Buf;

static void
bput(Buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt,
                          ap);
        va_end(ap);
        if (n >= 0 && b->s && (size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        b->cap = (b->cap + (size_t)(n > 0 ? n : 0) + 64) * 2;
        b->s = realloc(b->s, b->cap);
        if (!b->s)
            exit(2);
    }
}

/* ------------------------------------------------------ one function */

typedef struct {
    Buf body;
    unsigned next;          /* %vN */
    unsigned uses[NTY][NKIND];  /* how many leaves of a kind so far */
    bool slot[NTY];         /* the stack array of this element type */
    bool fres;              /* the float result slot */
    char first[32];         /* the first leaf, for K_REUSE */
    int variant;            /* rotates predicates and consumers */
} Fn;

static Fn fn;

/* the array a pointer leaf of element type t points into */
static int
region(int t)
{
    return is_int(t) ? I64 : t;
}

static const char *
rname(int t)
{
    return region(t) == I64 ? "i" : region(t) == F64 ? "d" : "s";
}

static unsigned
val(void)
{
    return fn.next++;
}

static int64_t
int_const(int t, int kind)
{
    static const int64_t large[4] = {100, 0x1234, 0x12345678,
                                     INT64_C(0x123456789)};
    switch (kind) {
    case K_C0: return 0;
    case K_C1: return 1;
    case K_CSMALL: return 8;
    case K_CLARGE: return large[t];
    default: return -3;
    }
}

static const char *
flt_const(int t, int kind)
{
    static const char *const d[] = {"0f0000000000000000", "0f3FF0000000000000",
                                    "0f4004000000000000", "0f441158E460913D00",
                                    "0fC00C000000000000"};
    static const char *const s[] = {"0f00000000", "0f3F800000", "0f40200000",
                                    "0f60AD78EC", "0fC0600000"};
    /* a kind that is not a constant (a load or a parameter standing in
     * for one) takes the last constant: the index stays in bounds */
    int k = kind >= K_C0 && kind <= K_CNEG ? kind - K_C0 : K_CNEG - K_C0;
    return (t == F64 ? d : s)[k];
}

/* The address of element k of the stack array of region t. */
static unsigned
slot_addr(int t, unsigned k)
{
    int r = region(t);
    fn.slot[r] = true;
    unsigned p = val();
    bput(&fn.body, "  %%v%u = stackslot $%s\n", p, rname(r));
    if (k) {
        unsigned q = val(), one = val();
        bput(&fn.body, "  %%v%u = iconst i64 1\n", one);
        bput(&fn.body, "  %%v%u = offset %s, ptr %%v%u, i64 %%v%u\n", q, tn[r],
             p, one);
        p = q;
    }
    return p;
}

/* Element k of array p of region t (p a value name). */
static void
elem(char *out, const char *p, int t, unsigned k)
{
    if (!k) {
        if (out != p)       /* callers may pass the same buffer */
            memmove(out, p, strlen(p) + 1);
        return;
    }
    unsigned one = val(), q = val();
    bput(&fn.body, "  %%v%u = iconst i64 1\n", one);
    bput(&fn.body, "  %%v%u = offset %s, ptr %s, i64 %%v%u\n", q,
         tn[region(t)], p, one);
    sprintf(out, "%%v%u", q);
}

/* Emits leaf 'kind' of type t; its name goes to out.  A pointer leaf
 * points to the array of elements of type 'res' (region). */
static void
leaf(char *out, int t, int kind, int san, int res)
{
    if (kind == K_REUSE) {
        strcpy(out, fn.first);
        return;
    }
    unsigned n = fn.uses[t][kind]++;
    char a[32];
    if (kind >= K_C0 && kind <= K_CNEG && t != P) {
        unsigned v = val();
        if (t == B)
            bput(&fn.body, "  %%v%u = bconst bool %s\n", v,
                 kind == K_C0 ? "false" : "true");
        else if (is_flt(t))
            bput(&fn.body, "  %%v%u = fconst %s %s\n", v, tn[t],
                 flt_const(t, kind));
        else {
            int64_t c = int_const(t, kind);
            if (san == S_SHIFT)
                c &= width[t] - 1;
            else if (san == S_INDEX)
                c &= 1;
            else if (san == S_DIV && c == 0)
                c = 7;
            bput(&fn.body, "  %%v%u = iconst %s %" PRId64 "\n", v, tn[t], c);
        }
        sprintf(out, "%%v%u", v);
        return;
    }
    switch (kind) {
    case K_PARAM:
        if (t == P)
            sprintf(out, "%%q%s", region(res) == I64 ? "" : rname(res));
        else if (t == B) {
            unsigned v = val();
            bput(&fn.body, "  %%v%u = icmp %s i64 %%%s, %%%s\n", v,
                 n & 1 ? "ult" : "slt", n & 1 ? "b" : "a", n & 1 ? "a" : "b");
            sprintf(out, "%%v%u", v);
        } else if (is_flt(t))
            sprintf(out, "%%%s", t == F64 ? (n & 1 ? "y" : "x")
                                          : (n & 1 ? "v" : "u"));
        else if (t == I64)
            sprintf(out, "%%%s", n & 1 ? "b" : "a");
        else {
            unsigned v = val();
            bput(&fn.body, "  %%v%u = trunc %s, i64 %%%s\n", v, tn[t],
                 n & 1 ? "b" : "a");
            sprintf(out, "%%v%u", v);
        }
        return;
    case K_LSTACK:
        sprintf(a, "%%v%u", slot_addr(t == P ? res : t, t == P ? 0 : n & 1));
        if (t == P) {
            strcpy(out, a);
            return;
        }
        break;
    case K_LGLOBAL: {
        unsigned g = val();
        if (t == B) {
            bput(&fn.body, "  %%v%u = globaladdr @gb%u\n", g, n & 1);
            sprintf(a, "%%v%u", g);
            break;
        }
        bput(&fn.body, "  %%v%u = globaladdr @G%s\n", g,
             rname(t == P ? res : t));
        sprintf(a, "%%v%u", g);
        if (t == P) {
            strcpy(out, a);
            return;
        }
        elem(a, a, t, n & 1);
        break;
    }
    default: /* K_LPTR */
        if (t == P) {
            unsigned g = val(), v = val();
            bput(&fn.body, "  %%v%u = globaladdr @P%s\n", g, rname(res));
            bput(&fn.body, "  %%v%u = load ptr, ptr %%v%u\n", v, g);
            sprintf(out, "%%v%u", v);
            return;
        }
        elem(a, region(t) == I64 ? "%q" : region(t) == F64 ? "%qd" : "%qs",
             t, n & 1);
        break;
    }
    unsigned v = val();
    bput(&fn.body, "  %%v%u = load %s, ptr %s\n", v, tn[t], a);
    sprintf(out, "%%v%u", v);
}

/* Keeps a non-constant operand x of type t defined for its position. */
static void
sanitize(char *x, int t, int san, int res)
{
    unsigned m = val(), r = val();
    switch (san) {
    case S_SHIFT:
    case S_INDEX:
        bput(&fn.body, "  %%v%u = iconst %s %u\n", m, tn[t],
             san == S_INDEX ? 1 : width[t] - 1);
        bput(&fn.body, "  %%v%u = and %s %s, %%v%u\n", r, tn[t], x, m);
        break;
    case S_DIV: {
        unsigned o = val(), r2 = val();
        bput(&fn.body, "  %%v%u = iconst %s 15\n", m, tn[t]);
        bput(&fn.body, "  %%v%u = and %s %s, %%v%u\n", r, tn[t], x, m);
        bput(&fn.body, "  %%v%u = iconst %s 1\n", o, tn[t]);
        bput(&fn.body, "  %%v%u = or %s %%v%u, %%v%u\n", r2, tn[t], r, o);
        r = r2;
        break;
    }
    default: {
        /* lo <= x < hi, or 0.0; powers of two are exact in both formats */
        unsigned w = width[res];
        double lo = san == S_FTOSI ? -(double)(UINT64_C(1) << (w - 1)) : -1.0;
        double hi = san == S_FTOSI ? (double)(UINT64_C(1) << (w - 1))
                    : w == 64      ? 18446744073709551616.0
                                   : (double)(UINT64_C(1) << w);
        unsigned h = val(), c1 = val(), c2 = val(), ok = val(), z = val();
        bput(&fn.body, "  %%v%u = fconst %s %.1f\n", m, tn[t], lo);
        bput(&fn.body, "  %%v%u = fconst %s %.1f\n", h, tn[t], hi);
        bput(&fn.body, "  %%v%u = fcmp %s %s %s, %%v%u\n", c1,
             san == S_FTOSI ? "oge" : "ogt", tn[t], x, m);
        bput(&fn.body, "  %%v%u = fcmp olt %s %s, %%v%u\n", c2, tn[t], x, h);
        bput(&fn.body, "  %%v%u = and bool %%v%u, %%v%u\n", ok, c1, c2);
        bput(&fn.body, "  %%v%u = fconst %s 0.0\n", z, tn[t]);
        bput(&fn.body, "  %%v%u = sel %s, bool %%v%u, %s, %%v%u\n", r, tn[t],
             ok, x, z);
    }
    }
    sprintf(x, "%%v%u", r);
}

/* Emits op o on operands x[] (pred: predicate index); the result's name
 * goes to out. */
static void
apply(char *out, const Op *o, char x[][32], int pred)
{
    unsigned r = val();
    int t = o->ty[0];
    switch (o->form) {
    case FM_BIN:
        bput(&fn.body, "  %%v%u = %s %s %s, %s\n", r, o->mn, tn[t], x[0],
             x[1]);
        break;
    case FM_ICMP:
    case FM_FCMP:
        bput(&fn.body, "  %%v%u = %s %s %s %s, %s\n", r, o->mn,
             o->form == FM_ICMP ? ipred[pred % 10] : fpred[pred % 14], tn[t],
             x[0], x[1]);
        break;
    case FM_CONV:
        bput(&fn.body, "  %%v%u = %s %s, %s %s\n", r, o->mn, tn[o->res], tn[t],
             x[0]);
        break;
    case FM_FNEG:
        bput(&fn.body, "  %%v%u = fneg %s %s\n", r, tn[t], x[0]);
        break;
    case FM_SEL:
        bput(&fn.body, "  %%v%u = sel %s, bool %s, %s, %s\n", r, tn[o->res],
             x[0], x[1], x[2]);
        break;
    case FM_OFFSET:
        bput(&fn.body, "  %%v%u = offset %s, ptr %s, i64 %s\n", r, tn[o->res],
             x[0], x[1]);
        break;
    default: /* FM_ELEM: element 1 of the region array */
        bput(&fn.body, "  %%v%u = elemptr [%s x 2], ptr %s, 1\n", r,
             tn[region(o->res)], x[0]);
        break;
    }
    if (o->form == FM_OFFSET || o->form == FM_ELEM) {
        unsigned l = val();
        bput(&fn.body, "  %%v%u = load %s, ptr %%v%u\n", l, tn[o->res], r);
        r = l;
    }
    sprintf(out, "%%v%u", r);
}

static bool
is_const_kind(int t, int kind)
{
    return t != P && kind >= K_C0 && kind <= K_CNEG;
}

/* Operand k of o: a leaf of the given kind, kept defined. */
static void
operand(char *out, const Op *o, int k, int kind)
{
    int t = o->ty[k];
    leaf(out, t, kind, o->san[k], o->res);
    if (!fn.first[0])
        strcpy(fn.first, out);
    if (o->san[k] != S_NONE &&
        !(is_const_kind(t, kind) && o->san[k] <= S_INDEX))
        sanitize(out, t, o->san[k], o->res);
}

/* A second user of t: it also goes to @sink (a float through a compare,
 * since NaN bits are unspecified). */
static void
second_use(const char *t, int ty)
{
    unsigned g = val();
    bput(&fn.body, "  %%v%u = globaladdr @sink\n", g);
    if (is_flt(ty)) {
        unsigned c = val();
        bput(&fn.body, "  %%v%u = fcmp oeq %s %s, %s\n", c, tn[ty], t, t);
        bput(&fn.body, "  store bool %%v%u, ptr %%v%u\n", c, g);
    } else
        bput(&fn.body, "  store %s %s, ptr %%v%u\n", tn[ty], t, g);
}

/* Returns r as an i64. */
static void
consume(const char *r, int t)
{
    unsigned v = val();
    if (t == I64) {
        bput(&fn.body, "  ret i64 %s\n", r);
    } else if (is_int(t)) {
        bput(&fn.body, "  %%v%u = %s i64, %s %s\n", v,
             fn.variant & 1 ? "sext" : "zext", tn[t], r);
        bput(&fn.body, "  ret i64 %%v%u\n", v);
    } else if (is_flt(t)) {
        unsigned z = val(), c = val(), p = val(), bits = val(), w = val();
        fn.fres = true;
        bput(&fn.body, "  %%v%u = fcmp uno %s %s, %s\n", v, tn[t], r, r);
        bput(&fn.body, "  %%v%u = fconst %s 0.0\n", z, tn[t]);
        bput(&fn.body, "  %%v%u = sel %s, bool %%v%u, %%v%u, %s\n", c, tn[t],
             v, z, r);
        bput(&fn.body, "  %%v%u = stackslot $r\n", p);
        bput(&fn.body, "  store %s %%v%u, ptr %%v%u\n", tn[t], c, p);
        if (t == F64) {
            bput(&fn.body, "  %%v%u = load i64, ptr %%v%u\n", bits, p);
            bput(&fn.body, "  ret i64 %%v%u\n", bits);
        } else {
            bput(&fn.body, "  %%v%u = load i32, ptr %%v%u\n", bits, p);
            bput(&fn.body, "  %%v%u = zext i64, i32 %%v%u\n", w, bits);
            bput(&fn.body, "  ret i64 %%v%u\n", w);
        }
    } else if (fn.variant % 3 == 0) {
        bput(&fn.body, "  %%v%u = btoi i64, bool %s\n", v, r);
        bput(&fn.body, "  ret i64 %%v%u\n", v);
    } else if (fn.variant % 3 == 1) {
        bput(&fn.body, "  %%v%u = iconst i64 -9\n", v);
        unsigned s = val();
        bput(&fn.body, "  %%v%u = sel i64, bool %s, %%a, %%v%u\n", s, r, v);
        bput(&fn.body, "  ret i64 %%v%u\n", s);
    } else {
        bput(&fn.body, "  condbr bool %s, yes, no\nyes:\n", r);
        bput(&fn.body, "  %%v%u = iconst i64 11\n  ret i64 %%v%u\nno:\n", v, v);
        v = val();
        bput(&fn.body, "  %%v%u = iconst i64 22\n  ret i64 %%v%u\n", v, v);
    }
}

/* ---------------------------------------------------------- printing */

static long nfunc;              /* functions enumerated so far */
static long lo, hi = -1;        /* the share printed: [lo, hi) */

static void
begin(int variant)
{
    free(fn.body.s);
    memset(&fn, 0, sizeof fn);
    fn.variant = variant;
}

static void
finish(const char *what)
{
    long idx = nfunc++;
    if (idx < lo || idx >= hi)
        return;
    printf("\n; %s\ninternal fn i64 @c%ld(i64, i64, f64, f64, f32, f32, ptr, "
           "ptr, ptr) {\n", what, idx);
    static const char *const init[3][2] = {{"b", "a"}, {"v", "u"},
                                           {"y", "x"}};
    bool any = fn.fres;
    for (int r = I64; r <= F64; r++)
        if (fn.slot[r]) {
            printf("  $%s = stack [%s x 2]\n", rname(r), tn[r]);
            any = true;
        }
    if (fn.fres)
        printf("  $r = stack i64\n");
    if (any)
        printf("\n");
    printf("entry(i64 %%a, i64 %%b, f64 %%x, f64 %%y, f32 %%u, f32 %%v, "
           "ptr %%q, ptr %%qd, ptr %%qs):\n");
    /* every stack array is filled from the parameters before any load */
    for (int r = I64; r <= F64; r++) {
        if (!fn.slot[r])
            continue;
        const char *const *in = init[r - I64];
        printf("  %%s%s = stackslot $%s\n  store %s %%%s, ptr %%s%s\n"
               "  %%s%s.k = iconst i64 1\n"
               "  %%s%s.1 = offset %s, ptr %%s%s, i64 %%s%s.k\n"
               "  store %s %%%s, ptr %%s%s.1\n",
               rname(r), rname(r), tn[r], in[0], rname(r), rname(r), rname(r),
               tn[r], rname(r), rname(r), tn[r], in[1], rname(r));
    }
    fwrite(fn.body.s, 1, fn.body.len, stdout);
    printf("}\n");
}

/* ----------------------------------------------------------- shapes */

/* Leaf classes for up to five positions: every combination when there
 * are at most three, else an orthogonal array of strength 2 (every pair
 * of positions sees every pair of classes): L9 for four, L27 for five
 * (columns a, b, c, a+b+c, a+2b over GF(3)). */
static int
class_rows(int npos, int rows[][MAXPOS])
{
    int n = 0;
    if (npos == 4) {
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++, n++) {
                rows[n][0] = a, rows[n][1] = b;
                rows[n][2] = (a + b) % 3, rows[n][3] = (a + 2 * b) % 3;
            }
        return n;
    }
    if (npos == 5) {
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                for (int c = 0; c < 3; c++, n++) {
                    rows[n][0] = a, rows[n][1] = b, rows[n][2] = c;
                    rows[n][3] = (a + b + c) % 3, rows[n][4] = (a + 2 * b) % 3;
                }
        return n;
    }
    int total = 1;
    for (int k = 0; k < npos; k++)
        total *= 3;
    for (n = 0; n < total; n++)
        for (int k = 0, v = n; k < npos; k++, v /= 3)
            rows[n][k] = v % 3;
    return n;
}

/* The member of class c used next at position pos for type t: rotating,
 * so that every kind shows up at every position. */
static unsigned rot[MAXPOS][3][NCLASS];

static int
pick_kind(int pos, int t, int c)
{
    int g = t == B ? 1 : t == P ? 2 : 0;
    const int *ks = class_kinds[g][c];
    int n = 0;
    while (n < 6 && ks[n] >= 0)
        n++;
    return ks[rot[pos][g][c]++ % (unsigned)n];
}

static const char *
opname(const Op *o, int pred)
{
    static char s[4][48];
    static int k;
    k = (k + 1) % 4;
    if (o->form == FM_ICMP || o->form == FM_FCMP)
        snprintf(s[k], sizeof s[k], "%s %s %s", o->mn,
                 o->form == FM_ICMP ? ipred[pred % 10] : fpred[pred % 14],
                 tn[o->ty[0]]);
    else
        snprintf(s[k], sizeof s[k], "%s %s", o->mn, tn[o->res]);
    return s[k];
}

/* t = op1(..); r = op2(.., t at position pos, ..); kinds: op1's leaves,
 * then op2's other operands in order; p2: op2's predicate. */
static void
chain(const Op *o1, const Op *o2, int pos, const int *kinds, bool multi,
      int variant, int p2)
{
    char x[3][32], y[3][32], t[32], r[32];
    begin(variant);
    int p1 = variant;
    int k = 0;
    for (int j = 0; j < o1->n; j++)
        operand(x[j], o1, j, kinds[k++]);
    apply(t, o1, x, p1);
    if (multi)
        second_use(t, o1->res);
    for (int j = 0; j < o2->n; j++) {
        if (j == pos) {
            strcpy(y[j], t);
            if (o2->san[j] != S_NONE)
                sanitize(y[j], o2->ty[j], o2->san[j], o2->res);
        } else
            operand(y[j], o2, j, kinds[k++]);
    }
    apply(r, o2, y, p2);
    consume(r, o2->res);
    char what[160];
    snprintf(what, sizeof what, "chain: %s -> %s (operand %d)%s",
             opname(o1, p1), opname(o2, p2), pos, multi ? ", multi-use" : "");
    finish(what);
}

static void
enum_chains(void)
{
    long pair = 0;
    for (int i = 0; i < nops; i++)
        for (int j = 0; j < nops; j++)
            for (int pos = 0; pos < ops[j].n; pos++) {
                const Op *o1 = &ops[i], *o2 = &ops[j];
                if (o2->ty[pos] != o1->res)
                    continue;
                int npos = o1->n + o2->n - 1, rows[27][MAXPOS];
                int types[MAXPOS], k = 0;
                for (int a = 0; a < o1->n; a++)
                    types[k++] = o1->ty[a];
                for (int a = 0; a < o2->n; a++)
                    if (a != pos)
                        types[k++] = o2->ty[a];
                int n = class_rows(npos, rows);
                for (int row = 0; row < n; row++) {
                    int kinds[MAXPOS];
                    for (int p = 0; p < npos; p++)
                        kinds[p] = pick_kind(p, types[p], rows[row][p]);
                    int v = (int)((row + pair) % 42);
                    chain(o1, o2, pos, kinds, (row + pair) % 2, v, v / 3 + 1);
                }
                pair++;
            }
}

/* One load used twice: op1(ld, ld), then op2(t, ld) and op2(ld, t). */
static void
enum_reuse(void)
{
    int v = 0;
    for (int i = 0; i < nops; i++) {
        const Op *o1 = &ops[i];
        if (o1->form != FM_BIN || o1->ty[0] != o1->res || o1->res == B)
            continue;
        for (int j = 0; j < nops; j++) {
            const Op *o2 = &ops[j];
            if ((o2->form != FM_BIN && o2->form != FM_ICMP &&
                 o2->form != FM_FCMP) || o2->ty[0] != o1->res)
                continue;
            for (int m = K_LSTACK; m <= K_LPTR; m++) {
                int both[3] = {m, K_REUSE, K_C1};
                chain(o1, o2, 0, both, false, v, v / 3 + 1);
                v++;
                int once[3] = {m, K_PARAM, K_REUSE};
                chain(o1, o2, v % 2, once, v % 3 == 0, v, v / 3 + 1);
                v++;
            }
        }
    }
}

/* Every predicate after every binary operation: t = op1(l, l); r = cmp p
 * (t, l) and (l, t), the leaves' classes from the L9 array (pairwise),
 * the bool consumed by btoi, sel and condbr in turn. */
static void
enum_compares(void)
{
    int v = 0;
    for (int i = 0; i < nops; i++) {
        const Op *o1 = &ops[i];
        if (o1->form != FM_BIN || o1->res == B)
            continue;
        const Op *o2 = NULL;
        for (int j = 0; j < nops; j++)
            if ((ops[j].form == FM_ICMP || ops[j].form == FM_FCMP) &&
                ops[j].ty[0] == o1->res)
                o2 = &ops[j];
        int np = o2->form == FM_ICMP ? 10 : 14, rows[9][MAXPOS], types[3];
        types[0] = types[1] = types[2] = o1->res;
        class_rows(4, rows);
        for (int p = 0; p < np; p++)
            for (int pos = 0; pos < 2; pos++)
                for (int row = 0; row < 9; row++) {
                    int kinds[3];
                    for (int k = 0; k < 3; k++)
                        kinds[k] = pick_kind(k, types[k], rows[row][k]);
                    chain(o1, o2, pos, kinds, (row + p) % 2, v, p);
                    v++;
                }
    }
}

/* r = op3(op1(l, l), op2(l, l)) over binary operations of one type,
 * op2 = (op1 + d) for each difference d, so every pair of the three
 * positions sees every pair of operations. */
static void
enum_trees(void)
{
    static const int red[NCLASS][2] = {{K_PARAM, K_PARAM},
                                       {K_C0, K_CLARGE},
                                       {K_LGLOBAL, K_LPTR}};
    int v = 0;
    for (int t = I8; t <= F64; t++) {
        const Op *bin[16];
        int nb = 0;
        for (int i = 0; i < nops; i++)
            if (ops[i].form == FM_BIN && ops[i].ty[0] == t)
                bin[nb++] = &ops[i];
        for (int i3 = 0; i3 < nops; i3++) {
            const Op *o3 = &ops[i3];
            if (o3->n != 2 || o3->ty[0] != t || o3->ty[1] != t ||
                o3->form == FM_OFFSET)
                continue;
            for (int i1 = 0; i1 < nb; i1++) {
                const Op *o1 = bin[i1], *o2 = bin[(i1 + i3) % nb];
                int rows[9][MAXPOS];
                class_rows(4, rows);
                int row = (i1 + i3) % 9;
                for (int rep = 0; rep < 2; rep++, row = (row + 4) % 9) {
                    char x[3][32], y[3][32], z[3][32], r[32];
                    begin(v++);
                    for (int j = 0; j < 2; j++)
                        operand(x[j], o1, j, red[rows[row][j]][v & 1]);
                    for (int j = 0; j < 2; j++)
                        operand(y[j], o2, j, red[rows[row][2 + j]][v & 1]);
                    apply(z[0], o1, x, v);
                    apply(z[1], o2, y, v);
                    if (o3->san[1] != S_NONE)
                        sanitize(z[1], t, o3->san[1], o3->res);
                    apply(r, o3, z, v);
                    consume(r, o3->res);
                    char what[160];
                    snprintf(what, sizeof what, "tree: %s(%s, %s)",
                             opname(o3, v), opname(o1, v), opname(o2, v));
                    finish(what);
                }
            }
        }
    }
}

/* -------------------------------------------------------------- main */

/* The four input sets: parameters, then the memory behind the leaves. */
#define NIN 4
static const int64_t in_a[NIN] = {5, -1, INT64_MIN,
                                  INT64_C(0x0123456789ABCDEF)};
static const int64_t in_b[NIN] = {3, INT64_MAX, -7,
                                  (int64_t)UINT64_C(0xFEDCBA9876543210)};
static const char *const in_x[NIN] = {"1.5", "-0.0", "0f7FF8000000000000",
                                      "10000000000.0"};
static const char *const in_y[NIN] = {"2.25", "0.0", "-3.0",
                                      "0fFFF0000000000000"};
static const char *const in_u[NIN] = {"-0.5", "0f00000001", "0f7F800000",
                                      "100.25"};
static const char *const in_v[NIN] = {"3.0", "-2.0", "0f7FC00000", "-7.75"};
static const int64_t mem_i[NIN][4] = {
    {0, 1, 255, -128},
    {-1, 0x7FFFFFFF, INT64_C(0x100000000), 65535},
    {INT64_C(0x00000000FFFFFFFF), 17, INT64_MIN, 0x7F},
    {INT64_C(0x5555555555555555), -2, 0x8000, 1000000},
};
static const char *const mem_d[NIN][4] = {
    {"3.5", "-1.25", "0.0", "100.0"},
    {"0f7FF0000000000000", "0.5", "-0.0", "1.0"},
    {"-0.0", "0f7FF8000000000000", "1e-300", "-65536.5"},
    {"700000.0", "-2.0", "0f0000000000000001", "0fFFF0000000000000"},
};
static const char *const mem_s[NIN][4] = {
    {"1.0", "-3.0", "0f7F800000", "0.25"},
    {"0.0", "-0.0", "70000.5", "0f7FC00000"},
    {"-129.0", "255.5", "3.0", "-1.0"},
    {"0f00000001", "1e-3", "42.0", "-42.0"},
};

static void
gen_main(long first, long count)
{
    printf("fn i32 @printf(ptr, ...)\n");
    /* "%ld" and NIN times " %lx %lx", "\n\0" */
    char fmt[128] = "%ld";
    for (int k = 0; k < NIN; k++)
        strcat(fmt, " %lx %lx");
    printf("internal @fmt = const [i8 x %zu] c\"%s\\0A\\00\"\n",
           strlen(fmt) + 2, fmt);
    printf("@Gi = global [i64 x 2] zeroinit\n@Gd = global [f64 x 2] zeroinit\n"
           "@Gs = global [f32 x 2] zeroinit\n@Qi = global [i64 x 2] zeroinit\n"
           "@Qd = global [f64 x 2] zeroinit\n@Qs = global [f32 x 2] zeroinit\n"
           "@gb0 = global bool false\n@gb1 = global bool false\n"
           "@Pi = global ptr @Qi\n@Pd = global ptr @Qd\n@Ps = global ptr @Qs\n"
           "@sink = global i64 0\n");
    printf("internal @fns = const [ptr x %ld] [", count);
    for (long i = 0; i < count; i++)
        printf("%s@c%ld", i ? ", " : "", first + i);
    printf("]\n\nfn i32 @main() {\nentry:\n  %%zero = iconst i64 0\n"
           "  br loop(i64 %%zero)\n"
           "loop(i64 %%i):\n  %%n = iconst i64 %ld\n"
           "  %%more = icmp ult i64 %%i, %%n\n"
           "  condbr bool %%more, body, done\n"
           "body:\n  %%tab = globaladdr @fns\n"
           "  %%fp = offset ptr, ptr %%tab, i64 %%i\n"
           "  %%f = load ptr, ptr %%fp\n  %%one = iconst i64 1\n"
           "  %%sink = globaladdr @sink\n"
           "  %%Qi = globaladdr @Qi\n  %%Qd = globaladdr @Qd\n"
           "  %%Qs = globaladdr @Qs\n  %%gb0 = globaladdr @gb0\n"
           "  %%gb1 = globaladdr @gb1\n", count);
    static const char *const arr[6][2] = {
        {"Gi", "i64"}, {"Qi", "i64"}, {"Gd", "f64"},
        {"Qd", "f64"}, {"Gs", "f32"}, {"Qs", "f32"}};
    for (int a = 0; a < 6; a++)
        printf("  %%%s.0 = globaladdr @%s\n"
               "  %%%s.1 = offset %s, ptr %%%s.0, i64 %%one\n",
               arr[a][0], arr[a][0], arr[a][0], arr[a][1], arr[a][0]);
    for (int k = 0; k < NIN; k++) {
        /* memory: the global's and %q's elements differ */
        for (int a = 0; a < 6; a++)
            for (int e = 0; e < 2; e++) {
                int m = (a & 1) * 2 + e;
                if (a < 2)
                    printf("  %%m%d.%d.%d = iconst i64 %" PRId64 "\n", k, a, e,
                           mem_i[k][m]);
                else
                    printf("  %%m%d.%d.%d = fconst %s %s\n", k, a, e,
                           arr[a][1], a < 4 ? mem_d[k][m] : mem_s[k][m]);
                printf("  store %s %%m%d.%d.%d, ptr %%%s.%d\n", arr[a][1], k,
                       a, e, arr[a][0], e);
            }
        printf("  %%b%d.0 = bconst bool %s\n  store bool %%b%d.0, ptr %%gb0\n"
               "  %%b%d.1 = bconst bool %s\n  store bool %%b%d.1, ptr %%gb1\n",
               k, k & 1 ? "true" : "false", k, k, k & 2 ? "false" : "true", k);
        printf("  store i64 %%zero, ptr %%sink\n");
        printf("  %%a%d = iconst i64 %" PRId64 "\n  %%b%d = iconst i64 %" PRId64
               "\n  %%x%d = fconst f64 %s\n  %%y%d = fconst f64 %s\n"
               "  %%u%d = fconst f32 %s\n  %%v%d = fconst f32 %s\n",
               k, in_a[k], k, in_b[k], k, in_x[k], k, in_y[k], k, in_u[k], k,
               in_v[k]);
        printf("  %%r%d = indirectcall i64 (i64, i64, f64, f64, f32, f32, ptr,"
               " ptr, ptr), ptr %%f(i64 %%a%d, i64 %%b%d, f64 %%x%d, f64 "
               "%%y%d, f32 %%u%d, f32 %%v%d, ptr %%Qi.0, ptr %%Qd.0, "
               "ptr %%Qs.0)\n", k, k, k, k, k, k, k);
        printf("  %%s%d = load i64, ptr %%sink\n", k);
    }
    printf("  %%base = iconst i64 %ld\n  %%idx = iadd i64 %%i, %%base\n"
           "  %%fmt = globaladdr @fmt\n"
           "  %%pr = call i32 @printf(ptr %%fmt, i64 %%idx", first);
    for (int k = 0; k < NIN; k++)
        printf(", i64 %%r%d, i64 %%s%d", k, k);
    printf(")\n  %%next = iadd i64 %%i, %%one\n  br loop(i64 %%next)\n"
           "done:\n  %%ok = iconst i32 0\n  ret i32 %%ok\n}\n");
}

static long nchain, ncmp, nreuse, ntree;

static void
enumerate(void)
{
    nfunc = 0;
    memset(rot, 0, sizeof rot);
    enum_chains();
    nchain = nfunc;
    enum_compares();
    ncmp = nfunc - nchain;
    enum_reuse();
    nreuse = nfunc - nchain - ncmp;
    enum_trees();
    ntree = nfunc - nchain - ncmp - nreuse;
}

int
main(int argc, char **argv)
{
    long part = 0, of = 1;
    bool count = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-count"))
            count = true;
        else if (!strcmp(argv[i], "-part") && i + 1 < argc)
            part = atol(argv[++i]);
        else if (!strcmp(argv[i], "-of") && i + 1 < argc)
            of = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: combo [-count] [-part I -of N]\n");
            return 1;
        }
    }
    build_ops();
    /* a first pass counts, a second prints the share */
    enumerate();
    long total = nfunc;
    if (count) {
        printf("%ld functions (%ld chains, %ld compares, %ld with one load "
               "used twice, %ld trees) over %d operations\n", total, nchain,
               ncmp, nreuse, ntree, nops);
        return 0;
    }
    if (of < 1 || part < 0 || part >= of)
        return 1;
    lo = total * part / of;
    hi = total * (part + 1) / of;
    printf("; generated by test/isel/combo.c: functions %ld..%ld of %ld\n", lo,
           hi - 1, total);
    gen_main(lo, hi - lo);
    enumerate();
    return 0;
}
