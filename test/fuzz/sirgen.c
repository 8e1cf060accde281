/*
 * sirgen - a generator of random SIR programs that are well defined by
 * construction, for differential testing (test/difftest.sh).
 *
 *   sirgen [-seed N] [-funcs N] [-stmts N] [-depth N] [-naive]
 *
 * The same options and seed always print the same module.  Its @main
 * calls every generated function with constant arguments (edge values:
 * 0, -1, minimum, maximum, NaN, infinities, -0.0, subnormals ...), folds
 * each result into a hash and prints one line per call with printf, so
 * any difference in any computed value shows in the output.
 *
 * Functions are generated in order and call only earlier ones, or
 * themselves with a depth that drops on each call (below MAXREC), so every
 * program terminates; loops have constant trip counts and functions that
 * call others are called only outside loops.  Each function body is a
 * tree of regions: straight-line statements, diamonds and multi-way
 * branch chains that join with block parameters, and counted loops whose
 * back edges pass the carried values permuted (swaps, rotations) or
 * repeated.  Values are used only where their definition dominates the
 * use: a region's values go out of scope when it ends.
 *
 * Undefined behaviour is avoided by construction: divisors equal to 0 or
 * -1 are replaced with 7 (sel), shift amounts are masked to the width,
 * float-to-integer conversions take their operand through a range test
 * (NaN fails it), memory is accessed only inside stack slots (all
 * initialized in the entry block) and globals, at indices masked to the
 * object, with the object's element type.  Float results are hashed with
 * every NaN replaced by 0 (NaN signs and payloads are unspecified).
 * With -naive, every scalar value is also written to and read back from
 * stack slots as a simple C front end would do (work for mem2reg).
 * Most new scalar values are folded into the global @sink (or stored to
 * @fsink), which main hashes at the end, so that they are not dead code.
 *
 * This file generates the functions; sirgen_module.c the module around
 * them (globals, helpers, @main) and the options; sirgen.h what they
 * share.
 */
#include "sirgen.h"

#include <string.h>

/* ------------------------------------------------------------ random */

uint64_t rng_state;

uint64_t
rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

unsigned
rn(unsigned n)
{
    return n ? (unsigned)(rnd() % n) : 0;
}

bool
chance(unsigned pct)
{
    return rn(100) < pct;
}

/* ------------------------------------------------------------- types */

const char *const tname[T_NTYPES] = {
    "bool", "i8", "i16", "i32", "i64", "f32", "f64", "ptr",
    "{ i32, i64 }", "{ f64, i8 }", "[i16 x 3]", "{ f32, f32 }",
    "{ i64, i64, i64 }",
};
/* members of the aggregates */
const int amem[NAGG][4] = {
    {T_I32, T_I64, -1}, {T_F64, T_I8, -1}, {T_I16, T_I16, T_I16, -1},
    {T_F32, T_F32, -1}, {T_I64, T_I64, T_I64, -1},
};
static const unsigned bits[] = {1, 8, 16, 32, 64, 32, 64, 64};

int
nmembers(int t)
{
    int n = 0;
    while (n < 4 && amem[t - T_A0][n] >= 0)
        n++;
    return n;
}

static int
rand_scalar(void)
{
    /* integers more often than floats and bools */
    static const int pick[] = {T_BOOL, T_I8, T_I16, T_I32, T_I32, T_I64,
                               T_I64, T_F32, T_F64, T_F64};
    return pick[rn(sizeof pick / sizeof pick[0])];
}

int
rand_type(void)
{
    return chance(15) ? T_A0 + (int)rn(NAGG) : rand_scalar();
}

/* ----------------------------------------------------------- output */

void
out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------- functions */

typedef struct {
    unsigned id;        /* printed %vID */
    int type;
} Val;

#define MAXVALS 4096
#define MAXSLOTS 16

typedef struct {
    Val vals[MAXVALS];
    unsigned nvals;
    unsigned next_id, next_block;
    int loop_depth;
    int depth;
    int self;           /* index of the function being generated */
    int slot_type[MAXSLOTS];
    unsigned slot_ptr[MAXSLOTS];    /* value ids of the slot addresses */
    int nslots;
    double mult;        /* product of the enclosing loops' trip counts */
    double cost;        /* estimated instructions executed per call */
} Gen;

Func funcs[64];
#define MAXREC 15               /* depth mask of recursive functions */
static double cost[64];         /* of each generated function */
#define BUDGET 2e5
int nfuncs = 6;
int nstmts = 12;
int maxdepth = 3;
bool naive;

const SgGlobal globals[NGLOBALS] = {
    {"g0", T_I64, 8, true}, {"g1", T_I32, 16, true}, {"g2", T_F64, 4, true},
    {"k0", T_I16, 8, false}, {"sink", T_I64, 16, true},
    {"fsink", T_F64, 4, true},
};

static unsigned
fresh(Gen *g, int type)
{
    unsigned id = g->next_id++;
    if (g->nvals < MAXVALS) {
        g->vals[g->nvals].id = id;
        g->vals[g->nvals].type = type;
        g->nvals++;
    }
    return id;
}

static unsigned
label(Gen *g)
{
    return g->next_block++;
}

int64_t
int_edge(int t)
{
    unsigned w = bits[t];
    uint64_t m = w == 64 ? ~(uint64_t)0 : (UINT64_C(1) << w) - 1;
    uint64_t v;
    switch (rn(9)) {
    case 0: v = 0; break;
    case 1: v = 1; break;
    case 2: v = m; break;                           /* -1 */
    case 3: v = UINT64_C(1) << (w - 1); break;      /* minimum */
    case 4: v = (UINT64_C(1) << (w - 1)) - 1; break; /* maximum */
    case 5: v = rn(16); break;
    case 6: v = (uint64_t)0 - rn(16); break;
    default: v = rnd(); break;
    }
    v &= m;
    /* as a signed decimal */
    if (w < 64 && (v >> (w - 1)))
        return (int64_t)(v | ~m);
    return (int64_t)v;
}

void
float_lit(int t, char *buf)
{
    static const uint64_t e64[] = {
        0, UINT64_C(0x8000000000000000), UINT64_C(0x3FF0000000000000),
        UINT64_C(0xBFF8000000000000), UINT64_C(0x7FF0000000000000),
        UINT64_C(0xFFF0000000000000), UINT64_C(0x7FF8000000000000),
        1, UINT64_C(0x7FEFFFFFFFFFFFFF), UINT64_C(0x4059000000000000),
        UINT64_C(0x3FB999999999999A), UINT64_C(0xC1E0000000000000),
    };
    static const uint32_t e32[] = {
        0, 0x80000000u, 0x3F800000u, 0xBFC00000u, 0x7F800000u, 0xFF800000u,
        0x7FC00000u, 1, 0x7F7FFFFFu, 0x42C80000u, 0x3DCCCCCDu, 0xCF000000u,
    };
    if (chance(50)) {
        /* a small decimal */
        int v = (int)rn(2001) - 1000;
        sprintf(buf, "%d.%d", v / 4, (v < 0 ? -v : v) % 4 * 25);
        if (v < 0 && v / 4 == 0)
            sprintf(buf, "-0.%d", (-v) % 4 * 25);
        return;
    }
    if (t == T_F32) {
        uint32_t b = chance(70) ? e32[rn(12)] : (uint32_t)rnd();
        sprintf(buf, "0f%08" PRIX32, b);
    } else {
        uint64_t b = chance(70) ? e64[rn(12)] : rnd();
        sprintf(buf, "0f%016" PRIX64, b);
    }
}

void
print_const(char p, unsigned id, int t)
{
    char buf[64];
    if (t == T_BOOL)
        out("  %%%c%u = bconst bool %s\n", p, id,
            chance(50) ? "true" : "false");
    else if (is_float(t)) {
        float_lit(t, buf);
        out("  %%%c%u = fconst %s %s\n", p, id, tname[t], buf);
    } else
        out("  %%%c%u = iconst %s %" PRId64 "\n", p, id, tname[t],
            int_edge(t));
}

/* Emits a constant of scalar type t. */
static unsigned
constant(Gen *g, int t)
{
    unsigned id = fresh(g, t);
    print_const('v', id, t);
    return id;
}

static unsigned operand(Gen *g, int t);

/* An aggregate built from operands. */
static unsigned
build_agg(Gen *g, int t)
{
    /* Members not inserted keep the null value: an undef start is only
     * used when every member is overwritten, since a program whose
     * output depends on undef would differ between implementations. */
    int n = nmembers(t);
    bool skip[4] = {false};
    bool all = true;
    for (int k = 1; k < n; k++)
        if (chance(20))
            skip[k] = true, all = false;
    unsigned cur = g->next_id++;
    out("  %%v%u = %s %s\n", cur, all && chance(50) ? "undef" : "null",
        tname[t]);
    for (int k = 0; k < n; k++) {
        if (skip[k])
            continue;
        unsigned m = operand(g, amem[t - T_A0][k]);
        unsigned nx = g->next_id++;
        out("  %%v%u = insert %s %%v%u, %s %%v%u, %d\n", nx, tname[t], cur,
            tname[amem[t - T_A0][k]], m, k);
        cur = nx;
    }
    /* make it visible */
    if (g->nvals < MAXVALS) {
        g->vals[g->nvals].id = cur;
        g->vals[g->nvals].type = t;
        g->nvals++;
    }
    return cur;
}

/* A value of type t in scope, or a new one. */
static unsigned
operand(Gen *g, int t)
{
    if (g->nvals && chance(85)) {
        /* prefer recent values */
        for (int tries = 0; tries < 6; tries++) {
            unsigned k = g->nvals - 1 - rn(g->nvals < 24 ? g->nvals : 24);
            if (tries >= 3)
                k = rn(g->nvals);
            if (g->vals[k].type == t)
                return g->vals[k].id;
        }
    }
    if (is_agg(t))
        return build_agg(g, t);
    if (t == T_PTR) {
        unsigned id = fresh(g, T_PTR);
        out("  %%v%u = null ptr\n", id);
        return id;
    }
    return constant(g, t);
}

static int
rand_int(void)
{
    return T_I8 + (int)rn(4);
}

/* ------------------------------------------------------- statements */

static void
gen_int_binary(Gen *g)
{
    static const char *const ops[] = {"iadd", "isub", "imul", "and", "or",
                                      "xor", "shl", "lshr", "ashr", "sdiv",
                                      "udiv", "srem", "urem"};
    int t = rand_int();
    const char *op = ops[rn(13)];
    unsigned a = operand(g, t), b = operand(g, t);
    if (!strcmp(op, "shl") || !strcmp(op, "lshr") || !strcmp(op, "ashr")) {
        unsigned m = g->next_id++, bm = g->next_id++;
        out("  %%v%u = iconst %s %u\n", m, tname[t], bits[t] - 1);
        out("  %%v%u = and %s %%v%u, %%v%u\n", bm, tname[t], b, m);
        b = bm;
    } else if (op[1] == 'd' || op[1] == 'r') {
        /* divisor 0 or -1 becomes 7 */
        unsigned z = g->next_id++, m1 = g->next_id++, c0 = g->next_id++,
                 c1 = g->next_id++, bad = g->next_id++, sev = g->next_id++,
                 d = g->next_id++;
        out("  %%v%u = iconst %s 0\n", z, tname[t]);
        out("  %%v%u = iconst %s -1\n", m1, tname[t]);
        out("  %%v%u = icmp eq %s %%v%u, %%v%u\n", c0, tname[t], b, z);
        out("  %%v%u = icmp eq %s %%v%u, %%v%u\n", c1, tname[t], b, m1);
        out("  %%v%u = or bool %%v%u, %%v%u\n", bad, c0, c1);
        out("  %%v%u = iconst %s 7\n", sev, tname[t]);
        out("  %%v%u = sel %s, bool %%v%u, %%v%u, %%v%u\n", d, tname[t], bad,
            sev, b);
        b = d;
    }
    unsigned r = fresh(g, t);
    out("  %%v%u = %s %s %%v%u, %%v%u\n", r, op, tname[t], a, b);
}

static void
gen_float(Gen *g)
{
    static const char *const ops[] = {"fadd", "fsub", "fmul", "fdiv", "frem",
                                      "fneg"};
    int t = chance(50) ? T_F32 : T_F64;
    const char *op = ops[rn(6)];
    unsigned a = operand(g, t);
    if (!strcmp(op, "fneg")) {
        unsigned r = fresh(g, t);
        out("  %%v%u = fneg %s %%v%u\n", r, tname[t], a);
        return;
    }
    unsigned b = operand(g, t);
    unsigned r = fresh(g, t);
    out("  %%v%u = %s %s %%v%u, %%v%u\n", r, op, tname[t], a, b);
}

static void
gen_cmp_sel(Gen *g)
{
    static const char *const ip[] = {"eq", "ne", "ugt", "uge", "ult", "ule",
                                     "sgt", "sge", "slt", "sle"};
    static const char *const fp[] = {"ord", "uno", "oeq", "one", "ogt", "oge",
                                     "olt", "ole", "ueq", "une", "ugt", "uge",
                                     "ult", "ule"};
    unsigned c;
    if (chance(70)) {
        int t = chance(85) ? rand_int() : T_BOOL;
        unsigned a = operand(g, t), b = operand(g, t);
        c = fresh(g, T_BOOL);
        out("  %%v%u = icmp %s %s %%v%u, %%v%u\n", c, ip[rn(10)], tname[t], a,
            b);
    } else {
        int t = chance(50) ? T_F32 : T_F64;
        unsigned a = operand(g, t), b = operand(g, t);
        c = fresh(g, T_BOOL);
        out("  %%v%u = fcmp %s %s %%v%u, %%v%u\n", c, fp[rn(14)], tname[t], a,
            b);
    }
    if (chance(60)) {
        int t = rand_type();
        unsigned a = operand(g, t), b = operand(g, t);
        unsigned r = fresh(g, t);
        out("  %%v%u = sel %s, bool %%v%u, %%v%u, %%v%u\n", r, tname[t], c, a,
            b);
    }
    if (chance(30)) {
        static const char *const bo[] = {"and", "or", "xor"};
        unsigned d = operand(g, T_BOOL);
        unsigned r = fresh(g, T_BOOL);
        out("  %%v%u = %s bool %%v%u, %%v%u\n", r, bo[rn(3)], c, d);
    }
}

/* ftosi/ftoui through a range test: out-of-range values and NaN become
 * 0.0 first. */
static void
gen_ftoi(Gen *g, int ft, int it, bool is_signed)
{
    unsigned w = bits[it];
    char lo[64], hi[64];
    /* powers of two are exact in both formats */
    if (is_signed) {
        snprintf(lo, sizeof lo, "-%.1f", (double)(UINT64_C(1) << (w - 1)));
        snprintf(hi, sizeof hi, "%.1f", (double)(UINT64_C(1) << (w - 1)));
    } else {
        snprintf(lo, sizeof lo, "-1.0");
        snprintf(hi, sizeof hi, "%.1f", w == 64 ? 18446744073709551616.0
                                                : (double)(UINT64_C(1) << w));
    }
    unsigned x = operand(g, ft);
    unsigned l = g->next_id++, h = g->next_id++, c1 = g->next_id++,
             c2 = g->next_id++, ok = g->next_id++, z = g->next_id++,
             s = g->next_id++;
    out("  %%v%u = fconst %s %s\n", l, tname[ft], lo);
    out("  %%v%u = fconst %s %s\n", h, tname[ft], hi);
    out("  %%v%u = fcmp %s %s %%v%u, %%v%u\n", c1, is_signed ? "oge" : "ogt",
        tname[ft], x, l);
    out("  %%v%u = fcmp olt %s %%v%u, %%v%u\n", c2, tname[ft], x, h);
    out("  %%v%u = and bool %%v%u, %%v%u\n", ok, c1, c2);
    out("  %%v%u = fconst %s 0.0\n", z, tname[ft]);
    out("  %%v%u = sel %s, bool %%v%u, %%v%u, %%v%u\n", s, tname[ft], ok, x,
        z);
    unsigned r = fresh(g, it);
    out("  %%v%u = %s %s, %s %%v%u\n", r, is_signed ? "ftosi" : "ftoui",
        tname[it], tname[ft], s);
}

static void
gen_cast(Gen *g)
{
    switch (rn(8)) {
    case 0: case 1: {       /* sext / zext / trunc */
        int a = rand_int(), b = rand_int();
        if (a == b)
            b = a == T_I64 ? T_I8 : T_I64;
        unsigned v = operand(g, a);
        unsigned r = fresh(g, b);
        const char *op = bits[b] > bits[a] ? (chance(50) ? "sext" : "zext")
                                           : "trunc";
        out("  %%v%u = %s %s, %s %%v%u\n", r, op, tname[b], tname[a], v);
        break;
    }
    case 2: {               /* itob / btoi */
        int t = rand_int();
        if (chance(50)) {
            unsigned v = operand(g, t);
            unsigned r = fresh(g, T_BOOL);
            out("  %%v%u = itob bool, %s %%v%u\n", r, tname[t], v);
        } else {
            unsigned v = operand(g, T_BOOL);
            unsigned r = fresh(g, t);
            out("  %%v%u = btoi %s, bool %%v%u\n", r, tname[t], v);
        }
        break;
    }
    case 3: case 4: {       /* sitof / uitof */
        int t = rand_int(), f = chance(50) ? T_F32 : T_F64;
        unsigned v = operand(g, t);
        unsigned r = fresh(g, f);
        out("  %%v%u = %s %s, %s %%v%u\n", r, chance(50) ? "sitof" : "uitof",
            tname[f], tname[t], v);
        break;
    }
    case 5: case 6:
        gen_ftoi(g, chance(50) ? T_F32 : T_F64, rand_int(), chance(50));
        break;
    default:
        if (chance(50)) {
            unsigned v = operand(g, T_F32);
            unsigned r = fresh(g, T_F64);
            out("  %%v%u = fext f64, f32 %%v%u\n", r, v);
        } else {
            unsigned v = operand(g, T_F64);
            unsigned r = fresh(g, T_F32);
            out("  %%v%u = ftrunc f32, f64 %%v%u\n", r, v);
        }
    }
}

static void
gen_agg(Gen *g)
{
    int t = T_A0 + (int)rn(NAGG);
    unsigned a = operand(g, t);
    int n = nmembers(t);
    int k = (int)rn((unsigned)n);
    int mt = amem[t - T_A0][k];
    if (chance(60)) {
        unsigned r = fresh(g, mt);
        out("  %%v%u = extract %s, %s %%v%u, %d\n", r, tname[mt], tname[t], a,
            k);
    } else {
        unsigned e = operand(g, mt);
        unsigned r = fresh(g, t);
        out("  %%v%u = insert %s %%v%u, %s %%v%u, %d\n", r, tname[t], a,
            tname[mt], e, k);
    }
}

/* A member of an aggregate in a slot: elemptr, or offset with an index
 * reduced by urem for the array. */
static void
gen_slot_member(Gen *g, int s)
{
    int t = g->slot_type[s];
    int n = nmembers(t);
    int k = (int)rn((unsigned)n);
    int mt = amem[t - T_A0][k];
    unsigned p = g->next_id++;
    if (t == T_A2) {
        int it = rand_int();
        unsigned raw = operand(g, it), len = g->next_id++, ix = g->next_id++;
        out("  %%v%u = iconst %s %d\n", len, tname[it], n);
        out("  %%v%u = urem %s %%v%u, %%v%u\n", ix, tname[it], raw, len);
        out("  %%v%u = offset %s, ptr %%v%u, %s %%v%u\n", p, tname[mt],
            g->slot_ptr[s], tname[it], ix);
    } else {
        out("  %%v%u = elemptr %s, ptr %%v%u, %d\n", p, tname[t],
            g->slot_ptr[s], k);
    }
    if (chance(50)) {
        unsigned v = operand(g, mt);
        out("  store %s %%v%u, ptr %%v%u\n", tname[mt], v, p);
    } else {
        unsigned r = fresh(g, mt);
        out("  %%v%u = load %s, ptr %%v%u\n", r, tname[mt], p);
    }
}

static void
gen_slot(Gen *g)
{
    if (!g->nslots)
        return;
    int s = (int)rn((unsigned)g->nslots);
    int t = g->slot_type[s];
    if (is_agg(t) && chance(50)) {
        gen_slot_member(g, s);
        return;
    }
    if (chance(50)) {
        unsigned v = operand(g, t);
        out("  store %s%s %%v%u, ptr %%v%u\n", chance(10) ? "volatile " : "",
            tname[t], v, g->slot_ptr[s]);
    } else {
        unsigned r = fresh(g, t);
        out("  %%v%u = load %s%s, ptr %%v%u\n", r,
            chance(10) ? "volatile " : "", tname[t], g->slot_ptr[s]);
    }
}

static void
gen_global(Gen *g)
{
    int k = (int)rn(NGLOBALS);
    int t = globals[k].elem;
    unsigned base = g->next_id++, idx = g->next_id++;
    out("  %%v%u = globaladdr @%s\n", base, globals[k].name);
    int it = rand_int();
    unsigned raw = operand(g, it);
    unsigned m = g->next_id++;
    out("  %%v%u = iconst %s %u\n", m, tname[it], globals[k].len - 1);
    out("  %%v%u = and %s %%v%u, %%v%u\n", idx, tname[it], raw, m);
    unsigned p = g->next_id++;
    out("  %%v%u = offset %s, ptr %%v%u, %s %%v%u\n", p, tname[t], base,
        tname[it], idx);
    if (globals[k].writable && chance(50)) {
        unsigned v = operand(g, t);
        out("  store %s %%v%u, ptr %%v%u\n", tname[t], v, p);
    } else {
        unsigned r = fresh(g, t);
        out("  %%v%u = load %s, ptr %%v%u\n", r, tname[t], p);
    }
}

/* A load of a global feeding an arithmetic chain or a compare directly,
 * the shapes of issue 15 (a load folded into an instruction as its
 * memory operand was lost when another fusion absorbed the instruction
 * into a lea or a test):
 *
 *   l = load T, ptr P;  t = op1(l, x) or op1(x, l);
 *   r = op2(t, c) or op2(c, t), or icmp/fcmp p T t, c (then btoi or sel)
 *
 * P is the global, an element at a constant or masked index, or an
 * element through a pointer loaded from @gptr.  c is often 0 or 1.
 * Single-use: l and t get ids no later statement picks; multi-use: they
 * join the scope, so later statements may use them again. */
static void
gen_load_chain(Gen *g)
{
    static const char *const iops[] = {"iadd", "isub", "imul", "and", "or",
                                       "xor", "shl", "lshr", "ashr"};
    static const char *const fops[] = {"fadd", "fsub", "fmul", "fdiv"};
    static const char *const ip[] = {"eq", "ne", "ugt", "uge", "ult", "ule",
                                     "sgt", "sge", "slt", "sle"};
    static const char *const fp[] = {"oeq", "one", "ogt", "oge", "olt",
                                     "ole", "ueq", "une", "ord", "uno"};
    int k = (int)rn(4);             /* g0, g1, g2, k0: @gptr's order */
    int t = globals[k].elem;
    bool multi = chance(40), flt = is_float(t);
    unsigned len = globals[k].len, p = g->next_id++;
    switch (rn(4)) {
    case 0:
        out("  %%v%u = globaladdr @%s\n", p, globals[k].name);
        break;
    case 1: {                       /* a constant index */
        unsigned base = g->next_id++, ix = g->next_id++;
        out("  %%v%u = globaladdr @%s\n", base, globals[k].name);
        out("  %%v%u = iconst i64 %u\n", ix, rn(len));
        out("  %%v%u = offset %s, ptr %%v%u, i64 %%v%u\n", p, tname[t], base,
            ix);
        break;
    }
    case 2: {                       /* a run-time index, masked */
        int it = rand_int();
        unsigned base = g->next_id++, raw = operand(g, it),
                 m = g->next_id++, ix = g->next_id++;
        out("  %%v%u = globaladdr @%s\n", base, globals[k].name);
        out("  %%v%u = iconst %s %u\n", m, tname[it], len - 1);
        out("  %%v%u = and %s %%v%u, %%v%u\n", ix, tname[it], raw, m);
        out("  %%v%u = offset %s, ptr %%v%u, %s %%v%u\n", p, tname[t], base,
            tname[it], ix);
        break;
    }
    default: {                      /* through a pointer in memory */
        unsigned tab = g->next_id++, kk = g->next_id++, s = g->next_id++,
                 base = g->next_id++, ix = g->next_id++;
        out("  %%v%u = globaladdr @gptr\n", tab);
        out("  %%v%u = iconst i64 %d\n", kk, k);
        out("  %%v%u = offset ptr, ptr %%v%u, i64 %%v%u\n", s, tab, kk);
        out("  %%v%u = load ptr, ptr %%v%u\n", base, s);
        out("  %%v%u = iconst i32 %u\n", ix, rn(len));
        out("  %%v%u = offset %s, ptr %%v%u, i32 %%v%u\n", p, tname[t], base,
            ix);
    }
    }
    unsigned l = multi ? fresh(g, t) : g->next_id++;
    out("  %%v%u = load %s, ptr %%v%u\n", l, tname[t], p);
    const char *op = flt ? fops[rn(4)] : iops[rn(9)];
    bool shift = !flt && (op[1] == 'h' || op[1] == 's');
    unsigned x;
    if (shift) {
        x = g->next_id++;
        out("  %%v%u = iconst %s %u\n", x, tname[t], rn(bits[t]));
    } else
        x = operand(g, t);
    unsigned v = multi ? fresh(g, t) : g->next_id++;
    bool left = shift || chance(50);
    out("  %%v%u = %s %s %%v%u, %%v%u\n", v, op, tname[t], left ? l : x,
        left ? x : l);
    /* the second operation's other operand: 0 and 1 often */
    unsigned c = g->next_id++;
    if (flt)
        out("  %%v%u = fconst %s %s\n", c, tname[t],
            chance(50) ? "0.0" : "1.0");
    else
        out("  %%v%u = iconst %s %" PRId64 "\n", c, tname[t],
            chance(60) ? (int64_t)rn(2) : int_edge(t));
    if (chance(50)) {
        const char *op2 = flt ? fops[rn(4)] : iops[rn(9)];
        bool shift2 = !flt && (op2[1] == 'h' || op2[1] == 's');
        if (shift2) {
            c = g->next_id++;
            out("  %%v%u = iconst %s %u\n", c, tname[t], rn(bits[t]));
        }
        bool left2 = shift2 || chance(50);
        unsigned r = fresh(g, t);
        out("  %%v%u = %s %s %%v%u, %%v%u\n", r, op2, tname[t],
            left2 ? v : c, left2 ? c : v);
        return;
    }
    unsigned b = chance(30) ? fresh(g, T_BOOL) : g->next_id++;
    unsigned y = chance(70) ? c : operand(g, t);
    if (flt)
        out("  %%v%u = fcmp %s %s %%v%u, %%v%u\n", b, fp[rn(10)], tname[t],
            v, y);
    else
        out("  %%v%u = icmp %s %s %%v%u, %%v%u\n", b, ip[rn(10)], tname[t],
            v, y);
    if (g->nvals && g->vals[g->nvals - 1].id == b)
        return;                     /* the bool itself, for later users */
    if (chance(50)) {
        int it = rand_int();
        unsigned r = fresh(g, it);
        out("  %%v%u = btoi %s, bool %%v%u\n", r, tname[it], b);
    } else {
        int st = rand_scalar();
        unsigned a = operand(g, st), a2 = operand(g, st);
        unsigned r = fresh(g, st);
        out("  %%v%u = sel %s, bool %%v%u, %%v%u, %%v%u\n", r, tname[st], b,
            a, a2);
    }
}

static void
gen_call(Gen *g)
{
    if (g->self == 0)
        return;
    int callee = (int)rn((unsigned)g->self);
    if (g->loop_depth > 0 && funcs[callee].calls)
        return;
    /* keep the whole program cheap: calls multiply */
    if (g->cost + cost[callee] * g->mult > BUDGET)
        return;
    g->cost += cost[callee] * g->mult;
    Func *f = &funcs[callee];
    unsigned args[8];
    for (int k = 0; k < f->nparams; k++)
        args[k] = operand(g, f->params[k]);
    unsigned r = fresh(g, f->ret);
    if (chance(30)) {
        unsigned p = g->next_id++;
        out("  %%v%u = globaladdr @f%d\n", p, callee);
        out("  %%v%u = indirectcall %s (", r, tname[f->ret]);
        for (int k = 0; k < f->nparams; k++)
            out("%s%s", k ? ", " : "", tname[f->params[k]]);
        out("), ptr %%v%u(", p);
    } else {
        out("  %%v%u = call %s @f%d(", r, tname[f->ret], callee);
    }
    for (int k = 0; k < f->nparams; k++)
        out("%s%s %%v%u", k ? ", " : "", tname[f->params[k]], args[k]);
    out(")\n");
}

static void gen_region(Gen *g, int n);
static void gen_stmt1(Gen *g);

/* Branch arguments of the given types from the current scope. */
static void
branch_args(Gen *g, const int *types, int n, unsigned *ids)
{
    for (int k = 0; k < n; k++)
        ids[k] = operand(g, types[k]);
}

static void
print_target(unsigned blk, const int *types, const unsigned *ids, int n)
{
    out("b%u", blk);
    if (!n)
        return;
    out("(");
    for (int k = 0; k < n; k++)
        out("%s%s %%v%u", k ? ", " : "", tname[types[k]], ids[k]);
    out(")");
}

/* Opens block 'blk' with fresh parameters of the given types. */
static void
open_block(Gen *g, unsigned blk, const int *types, int n)
{
    out("\nb%u", blk);
    if (n) {
        out("(");
        for (int k = 0; k < n; k++)
            out("%s%s %%v%u", k ? ", " : "", tname[types[k]],
                fresh(g, types[k]));
        out(")");
    }
    out(":\n");
}

static void
gen_diamond(Gen *g)
{
    int jt[4], nj = (int)rn(4);
    unsigned ids[4];
    for (int k = 0; k < nj; k++)
        jt[k] = rand_type();
    unsigned c = operand(g, T_BOOL);
    unsigned bt = label(g), bf = label(g), bj = label(g);
    out("  condbr bool %%v%u, b%u, b%u\n", c, bt, bf);
    unsigned mark = g->nvals;
    g->depth++;
    open_block(g, bt, NULL, 0);
    gen_region(g, nstmts / 3 + 1);
    branch_args(g, jt, nj, ids);
    out("  br ");
    print_target(bj, jt, ids, nj);
    out("\n");
    g->nvals = mark;
    open_block(g, bf, NULL, 0);
    gen_region(g, nstmts / 3 + 1);
    branch_args(g, jt, nj, ids);
    out("  br ");
    print_target(bj, jt, ids, nj);
    out("\n");
    g->nvals = mark;
    g->depth--;
    open_block(g, bj, jt, nj);
}

/* if x == c0 ... else if x == c1 ... else ..., joining with parameters */
static void
gen_switch(Gen *g)
{
    int t = rand_int();
    unsigned x = operand(g, t);
    int ncases = 2 + (int)rn(3);
    int jt[3], nj = (int)rn(3);
    unsigned ids[3];
    for (int k = 0; k < nj; k++)
        jt[k] = rand_scalar();
    unsigned bj = label(g);
    unsigned mark = g->nvals;
    g->depth++;
    for (int k = 0; k < ncases; k++) {
        unsigned kc = g->next_id++, e = g->next_id++;
        out("  %%v%u = iconst %s %" PRId64 "\n", kc, tname[t],
            chance(50) ? (int64_t)rn(4) : int_edge(t));
        out("  %%v%u = icmp eq %s %%v%u, %%v%u\n", e, tname[t], x, kc);
        unsigned bc = label(g), bn = label(g);
        out("  condbr bool %%v%u, b%u, b%u\n", e, bc, bn);
        unsigned m2 = g->nvals;
        open_block(g, bc, NULL, 0);
        gen_region(g, nstmts / 4 + 1);
        branch_args(g, jt, nj, ids);
        out("  br ");
        print_target(bj, jt, ids, nj);
        out("\n");
        g->nvals = m2;
        open_block(g, bn, NULL, 0);
    }
    gen_region(g, nstmts / 4 + 1);
    branch_args(g, jt, nj, ids);
    out("  br ");
    print_target(bj, jt, ids, nj);
    out("\n");
    g->nvals = mark;
    g->depth--;
    open_block(g, bj, jt, nj);
}

static void
gen_loop(Gen *g)
{
    int nc = 1 + (int)rn(4);
    int ct[6];
    unsigned init[6], ids[6];
    ct[0] = T_I32;      /* the counter */
    for (int k = 1; k <= nc; k++)
        ct[k] = chance(60) && k > 1 ? ct[k - 1] : rand_type();
    unsigned zero = g->next_id++, trip = g->next_id++, one = g->next_id++;
    unsigned ntrip = rn(g->loop_depth ? 4 : 9);
    out("  %%v%u = iconst i32 0\n", zero);
    out("  %%v%u = iconst i32 %u\n", trip, ntrip);
    out("  %%v%u = iconst i32 1\n", one);
    init[0] = zero;
    for (int k = 1; k <= nc; k++)
        init[k] = operand(g, ct[k]);
    unsigned bh = label(g), bb = label(g), bx = label(g);
    out("  br ");
    print_target(bh, ct, init, nc + 1);
    out("\n");
    unsigned first = g->next_id;
    open_block(g, bh, ct, nc + 1);
    unsigned counter = first;
    unsigned mark = g->nvals;       /* header parameters stay in scope */
    unsigned c = g->next_id++;
    out("  %%v%u = icmp slt i32 %%v%u, %%v%u\n", c, counter, trip);
    out("  condbr bool %%v%u, b%u, b%u\n", c, bb, bx);
    double saved_mult = g->mult;
    g->mult *= ntrip ? ntrip : 1;
    g->loop_depth++;
    g->depth++;
    open_block(g, bb, NULL, 0);
    gen_region(g, nstmts / 2 + 1);
    unsigned next = g->next_id++;
    out("  %%v%u = iadd i32 %%v%u, %%v%u\n", next, counter, one);
    ids[0] = next;
    for (int k = 1; k <= nc; k++) {
        /* a permutation of same-typed parameters (swaps, rotations,
         * repeats) or any value of the type */
        unsigned pick = rn(3);
        if (pick == 0) {
            int j = 1 + (int)rn((unsigned)nc);
            ids[k] = ct[j] == ct[k] ? first + (unsigned)j : operand(g, ct[k]);
        } else {
            ids[k] = operand(g, ct[k]);
        }
    }
    out("  br ");
    print_target(bh, ct, ids, nc + 1);
    out("\n");
    g->nvals = mark;
    g->loop_depth--;
    g->depth--;
    g->mult = saved_mult;
    open_block(g, bx, NULL, 0);
}

/* A walk: a loop of two blocks (header, body) stepping an index e of
 * its own by a stride each iteration, the shape lver versions.  Half
 * the walks load a data global at e (start and stride chosen so that
 * every index is inside the array; the start comes from a run-time
 * value), the other half sum ptoi(offset T, base, e) - ptoi(base),
 * which is size(T) * sext(e) whatever e is: start and stride are any
 * values, so e may wrap and lver's check fails at run time. */
static void
gen_walk(Gen *g)
{
    bool addr = chance(50);
    int k = (int)rn(addr ? NGLOBALS : 4);
    int et = globals[k].elem, it = chance(50) ? T_I32 : rand_int();
    unsigned len = globals[k].len;
    unsigned ntrip = addr ? rn(9) : rn(len / 4 + 1);
    int at = addr ? T_I64 : et;
    unsigned base = g->next_id++, zero = g->next_id++, trip = g->next_id++,
             one = g->next_id++, st = g->next_id++, e0;
    out("  %%v%u = globaladdr @%s\n", base, globals[k].name);
    out("  %%v%u = iconst i32 0\n", zero);
    out("  %%v%u = iconst i32 %u\n", trip, ntrip);
    out("  %%v%u = iconst i32 1\n", one);
    if (addr) {
        e0 = operand(g, it);
        unsigned s = operand(g, it);
        out("  %%v%u = or %s %%v%u, %%v%u\n", st, tname[it], s, s);
    } else {
        /* stride -1: start in the upper half; else 0..2 from the
         * lower half; trip <= len/4 keeps every index in [0, len) */
        int stride = (int)rn(4) - 1;
        unsigned raw = operand(g, it), m = g->next_id++, lo = g->next_id++;
        out("  %%v%u = iconst %s %u\n", m, tname[it], len / 2 - 1);
        out("  %%v%u = and %s %%v%u, %%v%u\n", lo, tname[it], raw, m);
        e0 = lo;
        if (stride < 0) {
            unsigned h = g->next_id++;
            e0 = g->next_id++;
            out("  %%v%u = iconst %s %u\n", h, tname[it], len / 2);
            out("  %%v%u = iadd %s %%v%u, %%v%u\n", e0, tname[it], lo, h);
        }
        out("  %%v%u = iconst %s %d\n", st, tname[it], stride);
    }
    unsigned a0 = operand(g, at);
    int ct[3] = {T_I32, it, at};
    unsigned init[3] = {zero, e0, a0}, ids[3];
    unsigned bh = label(g), bb = label(g), bx = label(g);
    out("  br ");
    print_target(bh, ct, init, 3);
    out("\n");
    unsigned i = g->next_id, e = i + 1, acc = i + 2;
    open_block(g, bh, ct, 3);
    unsigned c = g->next_id++;
    out("  %%v%u = icmp slt i32 %%v%u, %%v%u\n", c, i, trip);
    out("  condbr bool %%v%u, b%u, b%u\n", c, bb, bx);
    open_block(g, bb, NULL, 0);
    unsigned p = g->next_id++, v = g->next_id++, a1 = g->next_id++;
    out("  %%v%u = offset %s, ptr %%v%u, %s %%v%u\n", p, tname[et], base,
        tname[it], e);
    if (addr) {
        unsigned pi = g->next_id++, bi = g->next_id++;
        out("  %%v%u = ptoi i64, ptr %%v%u\n", pi, p);
        out("  %%v%u = ptoi i64, ptr %%v%u\n", bi, base);
        out("  %%v%u = isub i64 %%v%u, %%v%u\n", v, pi, bi);
    } else {
        out("  %%v%u = load %s, ptr %%v%u\n", v, tname[et], p);
    }
    out("  %%v%u = %s %s %%v%u, %%v%u\n", a1,
        is_float(at) ? "fadd" : chance(50) ? "iadd" : "xor", tname[at], acc,
        v);
    unsigned i2 = g->next_id++, e2 = g->next_id++;
    out("  %%v%u = iadd i32 %%v%u, %%v%u\n", i2, i, one);
    out("  %%v%u = iadd %s %%v%u, %%v%u\n", e2, tname[it], e, st);
    ids[0] = i2;
    ids[1] = e2;
    ids[2] = a1;
    out("  br ");
    print_target(bh, ct, ids, 3);
    out("\n");
    g->cost += 6.0 * ntrip * g->mult;
    open_block(g, bx, NULL, 0);
}

/* A fill: a loop of two blocks storing one value over the elements
 * [lo, hi) of a writable data global, lo and hi run-time values masked
 * into the array (so the run may be empty or backwards), counted in i32
 * or i64 with a signed or unsigned compare, the index used directly or
 * through sext/zext.  With a value whose bytes are all equal (0, -1,
 * +0.0) and consecutive addresses it is the loop idiom turns into
 * memset; the other forms must stay loops; unroll copies all of them. */
static void
gen_fill(Gen *g)
{
    int k = (int)rn(3);             /* g0, g1, g2 */
    int et = globals[k].elem, it = chance(50) ? T_I32 : T_I64;
    unsigned len = globals[k].len;
    bool uns = chance(30);
    int form = it == T_I32 ? (int)rn(3) : 0;    /* direct, sext, zext */
    unsigned base = g->next_id++, m = g->next_id++, lo = g->next_id++,
             hi = g->next_id++, one = g->next_id++, v;
    out("  %%v%u = globaladdr @%s\n", base, globals[k].name);
    out("  %%v%u = iconst %s %u\n", m, tname[it], len - 1);
    unsigned a = operand(g, it), b = operand(g, it);
    out("  %%v%u = and %s %%v%u, %%v%u\n", lo, tname[it], a, m);
    out("  %%v%u = and %s %%v%u, %%v%u\n", hi, tname[it], b, m);
    out("  %%v%u = iconst %s 1\n", one, tname[it]);
    if (chance(60)) {
        v = g->next_id++;
        if (is_float(et))
            out("  %%v%u = fconst %s %s\n", v, tname[et],
                chance(70) ? "0.0" : "-0.0");
        else
            out("  %%v%u = iconst %s %d\n", v, tname[et],
                chance(60) ? 0 : chance(50) ? -1 : 257);
    } else {
        v = operand(g, et);
    }
    unsigned bh = label(g), bb = label(g), bx = label(g);
    int ct[1] = {it};
    unsigned init[1] = {lo};
    out("  br ");
    print_target(bh, ct, init, 1);
    out("\n");
    unsigned i = g->next_id;
    open_block(g, bh, ct, 1);
    unsigned c = g->next_id++;
    out("  %%v%u = icmp %s %s %%v%u, %%v%u\n", c, uns ? "ult" : "slt",
        tname[it], i, hi);
    out("  condbr bool %%v%u, b%u, b%u\n", c, bb, bx);
    open_block(g, bb, NULL, 0);
    unsigned x = i, p = g->next_id++, i2 = g->next_id++;
    if (form) {
        x = g->next_id++;
        out("  %%v%u = %s i64, i32 %%v%u\n", x, form == 1 ? "sext" : "zext",
            i);
    }
    out("  %%v%u = offset %s, ptr %%v%u, %s %%v%u\n", p, tname[et], base,
        form ? "i64" : tname[it], x);
    out("  store %s %%v%u, ptr %%v%u\n", tname[et], v, p);
    out("  %%v%u = iadd %s %%v%u, %%v%u\n", i2, tname[it], i, one);
    out("  br ");
    print_target(bh, ct, &i2, 1);
    out("\n");
    g->cost += 4.0 * len * g->mult;
    open_block(g, bx, NULL, 0);
}

/* Makes value 'v' observable: folds an integer or bool into @sink[k]
 * (sink = sink * 31 ^ v), stores a float to @fsink[k].  Without this
 * most generated values would be dead code, and a pass that computes
 * them wrongly would go unnoticed. */
static void
observe(Gen *g, unsigned v, int t)
{
    if (is_agg(t) || t == T_PTR)
        return;
    unsigned p = g->next_id++, k = g->next_id++, q = g->next_id++;
    if (is_float(t)) {
        out("  %%v%u = globaladdr @fsink\n", p);
        out("  %%v%u = iconst i64 %u\n", k, rn(4));
        out("  %%v%u = offset f64, ptr %%v%u, i64 %%v%u\n", q, p, k);
        if (t == T_F32) {
            unsigned x = g->next_id++;
            out("  %%v%u = fext f64, f32 %%v%u\n", x, v);
            v = x;
        }
        out("  store f64 %%v%u, ptr %%v%u\n", v, q);
        return;
    }
    unsigned old = g->next_id++, x = g->next_id++, m = g->next_id++,
             a = g->next_id++, n = g->next_id++;
    out("  %%v%u = globaladdr @sink\n", p);
    out("  %%v%u = iconst i64 %u\n", k, rn(16));
    out("  %%v%u = offset i64, ptr %%v%u, i64 %%v%u\n", q, p, k);
    out("  %%v%u = load i64, ptr %%v%u\n", old, q);
    if (t == T_BOOL)
        out("  %%v%u = btoi i64, bool %%v%u\n", x, v);
    else if (t == T_I64)
        out("  %%v%u = or i64 %%v%u, %%v%u\n", x, v, v);
    else
        out("  %%v%u = %s i64, %s %%v%u\n", x, chance(50) ? "zext" : "sext",
            tname[t], v);
    out("  %%v%u = iconst i64 31\n", m);
    out("  %%v%u = imul i64 %%v%u, %%v%u\n", a, old, m);
    out("  %%v%u = xor i64 %%v%u, %%v%u\n", n, a, x);
    out("  store i64 %%v%u, ptr %%v%u\n", n, q);
}

static void
gen_stmt(Gen *g)
{
    unsigned before = g->nvals;
    gen_stmt1(g);
    if (g->nvals > before && chance(60))
        observe(g, g->vals[g->nvals - 1].id, g->vals[g->nvals - 1].type);
}

static void
gen_stmt1(Gen *g)
{
    unsigned r = rn(100);
    bool nest = g->depth < maxdepth;
    if (r < 25)
        gen_int_binary(g);
    else if (r < 30)
        gen_load_chain(g);
    else if (r < 42)
        gen_float(g);
    else if (r < 52)
        gen_cmp_sel(g);
    else if (r < 62)
        gen_cast(g);
    else if (r < 68)
        gen_agg(g);
    else if (r < 75)
        gen_slot(g);
    else if (r < 78)
        gen_global(g);
    else if (r < 80)
        gen_walk(g);
    else if (r < 82)
        gen_fill(g);
    else if (r < 86)
        gen_call(g);
    else if (r < 91 && nest)
        gen_diamond(g);
    else if (r < 96 && nest)
        gen_loop(g);
    else if (nest)
        gen_switch(g);
    else
        gen_int_binary(g);
}

static void
gen_region(Gen *g, int n)
{
    for (int k = 0; k < n; k++) {
        g->cost += 4 * g->mult;
        gen_stmt(g);
        if (naive && g->nslots && chance(20))
            gen_slot(g);
    }
}

/* Ends a block of a recursive function: returns v, directly or through
 * the shared return block rb (0: none). */
static void
rec_return(int t, unsigned v, unsigned rb)
{
    if (rb)
        out("  br b%u(%s %%v%u)\n", rb, tname[t], v);
    else
        out("  ret %s %%v%u\n", tname[t], v);
}

/*
 * The body of a recursive function (tail recursion elimination's work):
 *
 *   d = depth & MAXREC; if (d <= 0) { ...; return v; }
 *   ...; r = self(d - 1, ...); return r  or  x OP r  or  r OP x
 *
 * (OP an integer operation, isub too), returning directly or through a
 * shared return block.  The mask keeps any caller's depth small.
 */
static void
gen_recursion(Gen *g, int idx)
{
    Func *f = &funcs[idx];
    static const char *const ops[] = {"iadd", "imul", "and", "or", "xor",
                                      "isub"};
    unsigned depth = g->vals[0].id;
    unsigned km = g->next_id++, d = fresh(g, T_I64), z = g->next_id++;
    unsigned c = g->next_id++;
    out("  %%v%u = iconst i64 %d\n", km, MAXREC);
    out("  %%v%u = and i64 %%v%u, %%v%u\n", d, depth, km);
    out("  %%v%u = iconst i64 0\n", z);
    out("  %%v%u = icmp sle i64 %%v%u, %%v%u\n", c, d, z);
    unsigned bb = label(g), br = label(g), rb = chance(40) ? label(g) : 0;
    out("  condbr bool %%v%u, b%u, b%u\n", c, bb, br);
    unsigned mark = g->nvals;
    g->depth++;
    open_block(g, bb, NULL, 0);
    gen_region(g, nstmts / 3 + 1);
    rec_return(f->ret, operand(g, f->ret), rb);
    g->nvals = mark;
    open_block(g, br, NULL, 0);
    gen_region(g, nstmts / 2 + 1);
    unsigned one = g->next_id++, d1 = g->next_id++;
    out("  %%v%u = iconst i64 1\n", one);
    out("  %%v%u = isub i64 %%v%u, %%v%u\n", d1, d, one);
    unsigned args[8];
    args[0] = d1;
    for (int k = 1; k < f->nparams; k++)
        args[k] = operand(g, f->params[k]);
    unsigned r = fresh(g, f->ret);
    out("  %%v%u = call %s @f%d(", r, tname[f->ret], idx);
    for (int k = 0; k < f->nparams; k++)
        out("%s%s %%v%u", k ? ", " : "", tname[f->params[k]], args[k]);
    out(")\n");
    bool is_int = f->ret >= T_I8 && f->ret <= T_I64;
    if (is_int && chance(70)) {
        unsigned x = operand(g, f->ret), s = fresh(g, f->ret);
        bool left = chance(50);
        out("  %%v%u = %s %s %%v%u, %%v%u\n", s,
            ops[rn(sizeof ops / sizeof ops[0])], tname[f->ret],
            left ? x : r, left ? r : x);
        r = s;
    }
    rec_return(f->ret, r, rb);
    g->nvals = mark;
    g->depth--;
    if (rb) {
        int t = f->ret;
        open_block(g, rb, &t, 1);
        out("  ret %s %%v%u\n", tname[t], g->next_id - 1);
    }
    out("}\n");
}

void
gen_func(int idx)
{
    static Gen gen;
    Gen *g = &gen;
    memset(g, 0, sizeof *g);
    g->self = idx;
    Func *f = &funcs[idx];
    g->mult = f->rec ? MAXREC + 1 : 1;
    out("\n%sfn %s @f%d(", chance(50) ? "internal " : "", tname[f->ret],
        idx);
    for (int k = 0; k < f->nparams; k++)
        out("%s%s", k ? ", " : "", tname[f->params[k]]);
    out(") {\n");
    g->nslots = naive ? 4 + (int)rn(6) : (int)rn(4);
    bool is_alloca[MAXSLOTS];
    int declared = 0;
    for (int s = 0; s < g->nslots; s++) {
        g->slot_type[s] = chance(75) ? rand_scalar() : T_A0 + (int)rn(NAGG);
        is_alloca[s] = chance(25);
        if (!is_alloca[s]) {
            out("  $s%d = stack %s\n", s, tname[g->slot_type[s]]);
            declared++;
        }
    }
    if (declared)
        out("\n");
    out("b%u", label(g));
    if (f->nparams) {
        out("(");
        for (int k = 0; k < f->nparams; k++)
            out("%s%s %%v%u", k ? ", " : "", tname[f->params[k]],
                fresh(g, f->params[k]));
        out(")");
    }
    out(":\n");
    /* every slot initialized before any load */
    for (int s = 0; s < g->nslots; s++) {
        g->slot_ptr[s] = g->next_id++;
        if (is_alloca[s])
            out("  %%v%u = alloca %s\n", g->slot_ptr[s],
                tname[g->slot_type[s]]);
        else
            out("  %%v%u = stackslot $s%d\n", g->slot_ptr[s], s);
        unsigned v = operand(g, g->slot_type[s]);
        out("  store %s %%v%u, ptr %%v%u\n", tname[g->slot_type[s]], v,
            g->slot_ptr[s]);
    }
    if (f->rec) {
        gen_recursion(g, idx);
        cost[idx] = g->cost + 10 * (MAXREC + 1);
        return;
    }
    gen_region(g, nstmts);
    unsigned r = operand(g, f->ret);
    out("  ret %s %%v%u\n}\n", tname[f->ret], r);
    cost[idx] = g->cost + 10;
}
