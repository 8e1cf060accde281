/*
 * instcombine.c - local algebraic simplification.
 *
 * Each instruction, with its operands seen through the replacements
 * made so far, is matched against rules that either name an existing
 * value (x + 0 -> x), fold it to a constant, rewrite it in place
 * (operand order, predicate) or build a cheaper sequence before it
 * (x * 8 -> x << 3, signed division by 2^k).  Rules:
 *
 *   - all operands constant: fold (fold.c; never undefined behaviour);
 *   - commutative operations and icmp put the constant on the right;
 *   - identities and annihilators of iadd isub imul and or xor shifts
 *     udiv sdiv urem srem, x - x, x ^ x, x & x, x | x;
 *   - reassociation of constants: (x op c1) op c2 -> x op (c1 op c2)
 *     for iadd imul and or xor; isub x, c -> iadd x, -c;
 *   - strength reduction: imul by 2^k -> shl, udiv by 2^k -> lshr,
 *     urem by 2^k -> and, sdiv/srem by 2^k -> shifts and an add;
 *     udiv/urem/sdiv/srem of up to 32 bits by other constants ->
 *     multiplication by a magic number in a wider type;
 *   - lshr (ashr x, j), N-1 -> lshr x, N-1 (the sign bit);
 *   - (x << k) | y -> (x << k) + y for k <= 3 when no bit is set in
 *     both (known bits): an lea on x86-64;
 *   - fneg (fneg x) -> x (fneg only flips the sign bit); fneg moved
 *     out of products and quotients into additions (simplify_float);
 *     no float identity like x * 1.0 -> x: it holds for no signalling
 *     NaN, whose results must be quiet;
 *   - a range test, lo <= x && x <= hi, as one compare (x - lo <=u
 *     hi - lo);
 *   - icmp x, x; unsigned compares against 0; bool compares against
 *     constants; xor of a comparison with true inverts the predicate;
 *   - sel with a constant condition or equal arms, bool sels; integer
 *     sels of 0 and 1 -> btoi; sel k, y+1, y -> y + btoi k (and y-1);
 *     btoi of a one-bit test -> the bit, shifted down;
 *   - extract of an insert chain: the inserted member, or an extract
 *     from below the chain; of undef: undef;
 *   - cast pairs: trunc of an extension back to the source type,
 *     zext/sext chains, itob (btoi b), ftrunc (fext x), ptoi (itop x).
 *
 * Sweeps repeat (at most MAXSWEEPS) while something changes.
 */
#include "optutil.h"

#include <string.h>

enum { MAXSWEEPS = 4 };

typedef struct {
    IrFunc *f;
    VEC(uint32_t) repl;
    uint32_t nchanged;
    IrBuilder b;
    /* Use counts from the start of the sweep, for values below nvals0;
     * gained[v]: v replaced something since, so it has more uses. */
    const IrUses *us;
    uint32_t nvals0;
    VEC(uint8_t) gained;
} IC;

static void
fit(IC *c)
{
    VEC_RESERVE(c->repl, ir_num_values(c->f) + 1);
}

static IrValue
get(IC *c, IrValue v)
{
    fit(c);
    return opt_repl_get(c->repl.data, v);
}

static IrValue
op_arg(IC *c, IrInst i, uint32_t k)
{
    return get(c, ir_inst_arg(c->f, i, k));
}

static bool
cbits(IC *c, IrValue v, uint64_t *bits)
{
    return opt_const_bits(c->f, v, bits);
}

static int
log2_exact(uint64_t x)
{
    if (!x || (x & (x - 1)))
        return -1;
    int k = 0;
    while (!(x & 1))
        x >>= 1, k++;
    return k;
}

static IrValue
k_int(IC *c, IrType t, uint64_t bits)
{
    return ir_build_iconst(&c->b, t, bits & opt_mask(ir_type_bits(t)));
}

static IrValue
bin(IC *c, IrOpcode op, IrType t, IrValue x, IrValue y)
{
    return ir_build_binary(&c->b, op, t, x, y);
}

/* Logical negation of a float predicate (ordered <-> unordered). */
static IrPred
invert_fcmp(IrPred p)
{
    switch (p) {
    case IR_PRED_ORD: return IR_PRED_UNO;
    case IR_PRED_UNO: return IR_PRED_ORD;
    case IR_PRED_OEQ: return IR_PRED_UNE;
    case IR_PRED_UNE: return IR_PRED_OEQ;
    case IR_PRED_ONE: return IR_PRED_UEQ;
    case IR_PRED_UEQ: return IR_PRED_ONE;
    case IR_PRED_OGT: return IR_PRED_ULE;
    case IR_PRED_ULE: return IR_PRED_OGT;
    case IR_PRED_OGE: return IR_PRED_ULT;
    case IR_PRED_ULT: return IR_PRED_OGE;
    case IR_PRED_OLT: return IR_PRED_UGE;
    case IR_PRED_UGE: return IR_PRED_OLT;
    case IR_PRED_OLE: return IR_PRED_UGT;
    case IR_PRED_UGT: return IR_PRED_OLE;
    default: return p;
    }
}

static void
set_args2(IC *c, IrInst i, IrValue x, IrValue y)
{
    IrValue a[2] = {x, y};
    ir_inst_set_args(c->f, i, a, 2);
}

/* The defining instruction of v if it has opcode op. */
static IrInst
def_op(IC *c, IrValue v, IrOpcode op)
{
    IrInst d = opt_def_inst(c->f, v);
    if (d.id && ir_layout_inst_block(c->f, d).id && ir_inst_op(c->f, d) == op)
        return d;
    return (IrInst){0};
}

/*
 * Unsigned division by a constant d that is not a power of two, for
 * widths up to 32 (Granlund and Montgomery, "Division by invariant
 * integers using multiplication", figure 4.1): with l = ceil(log2 d)
 * and m = floor(2^N (2^l - d) / d) + 1 < 2^N + 1,
 *   t = (x * m) >> N  (in 64 bits: x * m < 2^64),
 *   q = (t + ((x - t) >> 1)) >> (l - 1).
 */
static IrValue
udiv_magic(IC *c, IrType t, IrValue x, uint64_t d)
{
    unsigned w = ir_type_bits(t), l = 0;
    while ((UINT64_C(1) << l) < d)
        l++;
    uint64_t m = (((UINT64_C(1) << l) - d) << w) / d + 1;
    IrValue xe = ir_build_cast(&c->b, IR_OP_ZEXT, IR_T_I64, x);
    IrValue p = bin(c, IR_OP_IMUL, IR_T_I64, xe, k_int(c, IR_T_I64, m));
    IrValue hi = bin(c, IR_OP_LSHR, IR_T_I64, p, k_int(c, IR_T_I64, w));
    IrValue t1 = ir_build_cast(&c->b, IR_OP_TRUNC, t, hi);
    IrValue df = bin(c, IR_OP_ISUB, t, x, t1);
    IrValue half = bin(c, IR_OP_LSHR, t, df, k_int(c, t, 1));
    IrValue sum = bin(c, IR_OP_IADD, t, t1, half);
    return bin(c, IR_OP_LSHR, t, sum, k_int(c, t, l - 1));
}

/*
 * Signed division by a constant d other than 0, 1 and -1, for widths
 * N up to 32 (Granlund and Montgomery, figure 5.1): with
 * l = max(ceil(log2 |d|), 1) and m = floor(2^(N+l-1) / |d|) + 1
 * (2^(N-1) < m <= 2^N), the product x * m of the sign-extended
 * dividend is exact in the wide type (|x * m| <= 2^(2N-1)), and
 *   q0 = (x * m) >> (N + l - 1)  (arithmetic),
 *   q  = q0 - (x >> (N - 1))     (plus 1 for negative x),
 * is x / |d| truncated; negative d negate it.  i8 and i16 multiply in
 * i32, i32 in i64.
 */
static IrValue
sdiv_magic(IC *c, IrType t, IrValue x, uint64_t d)
{
    unsigned w = ir_type_bits(t), l = 1;
    bool neg = (d >> (w - 1)) & 1;
    uint64_t ad = neg ? (0 - d) & opt_mask(w) : d;
    while ((UINT64_C(1) << l) < ad)
        l++;
    uint64_t m = (UINT64_C(1) << (w + l - 1)) / ad + 1;
    IrType wt = w <= 16 ? IR_T_I32 : IR_T_I64;
    IrValue xe = ir_build_cast(&c->b, IR_OP_SEXT, wt, x);
    IrValue p = bin(c, IR_OP_IMUL, wt, xe, k_int(c, wt, m));
    IrValue hi = bin(c, IR_OP_ASHR, wt, p, k_int(c, wt, w + l - 1));
    IrValue q0 = ir_build_cast(&c->b, IR_OP_TRUNC, t, hi);
    IrValue sign = bin(c, IR_OP_ASHR, t, x, k_int(c, t, w - 1));
    IrValue q = bin(c, IR_OP_ISUB, t, q0, sign);
    return neg ? bin(c, IR_OP_ISUB, t, k_int(c, t, 0), q) : q;
}

/* A bound of v: `icmp P x, K` with K constant and P one of s/u ge, gt,
 * le, lt, as lo <= x (lower) or x <= hi (upper), inclusive. */
typedef struct {
    IrValue x;
    uint64_t k;         /* the bound, in x's width */
    bool upper, sgn;
} Bound;

static bool
bound_of(IC *c, IrValue v, Bound *b)
{
    IrInst d = def_op(c, v, IR_OP_ICMP);
    uint64_t k;
    if (!d.id || !cbits(c, get(c, ir_inst_arg(c->f, d, 1)), &k))
        return false;
    IrType t = ir_inst(c->f, d)->ty;
    if (!ir_type_is_int(t))
        return false;
    unsigned w = ir_type_bits(t);
    uint64_t m = opt_mask(w), smin = UINT64_C(1) << (w - 1), smax = smin - 1;
    b->x = get(c, ir_inst_arg(c->f, d, 0));
    switch ((IrPred)ir_inst(c->f, d)->pred) {
    case IR_PRED_SGE: b->upper = false, b->sgn = true, b->k = k; break;
    case IR_PRED_UGE: b->upper = false, b->sgn = false, b->k = k; break;
    case IR_PRED_SLE: b->upper = true, b->sgn = true, b->k = k; break;
    case IR_PRED_ULE: b->upper = true, b->sgn = false, b->k = k; break;
    case IR_PRED_SGT:       /* x > k: k + 1 <= x, none when k = max */
        if (k == smax)
            return false;
        b->upper = false, b->sgn = true, b->k = (k + 1) & m;
        break;
    case IR_PRED_UGT:
        if (k == m)
            return false;
        b->upper = false, b->sgn = false, b->k = k + 1;
        break;
    case IR_PRED_SLT:
        if (k == smin)
            return false;
        b->upper = true, b->sgn = true, b->k = (k - 1) & m;
        break;
    case IR_PRED_ULT:
        if (k == 0)
            return false;
        b->upper = true, b->sgn = false, b->k = k - 1;
        break;
    default:
        return false;
    }
    return true;
}

/* lo <= x && x <= hi (both signed or both unsigned, lo <= hi) is one
 * unsigned compare: x - lo <=u hi - lo. */
static IrValue
range_test(IC *c, IrValue x, IrValue y)
{
    Bound a, b;
    if (!bound_of(c, x, &a) || !bound_of(c, y, &b) || a.x.id != b.x.id ||
        a.sgn != b.sgn || a.upper == b.upper)
        return (IrValue){0};
    if (a.upper) {
        Bound t = a;
        a = b;
        b = t;
    }
    IrType t = ir_value_type(c->f, a.x);
    unsigned w = ir_type_bits(t);
    uint64_t m = opt_mask(w), flip = a.sgn ? UINT64_C(1) << (w - 1) : 0;
    if (((a.k ^ flip) & m) > ((b.k ^ flip) & m))
        return (IrValue){0};        /* empty: left to other rules */
    IrValue lo = k_int(c, t, a.k);
    IrValue off = bin(c, IR_OP_ISUB, t, a.x, lo);
    IrValue n = k_int(c, t, (b.k - a.k) & m);
    return ir_build_icmp(&c->b, IR_PRED_ULE, t, off, n);
}

/*
 * x | y where no bit is set in both and one side is a shift left by 1
 * to 3 is x + y: x86-64 selects that as one lea (y + z * 2^k), where
 * the `or` takes a shift and an or in sequence.  A bit-packing loop,
 * r = (r << 1) | (v & 1), then carries r through one instruction a
 * trip instead of two.  Other disjoint ors stay: an `or` is the easier
 * form for the rules on bits.
 */
static bool
or_is_add(IC *c, IrValue x, IrValue y, unsigned w)
{
    IrInst s = def_op(c, x, IR_OP_SHL);
    if (!s.id)
        s = def_op(c, y, IR_OP_SHL);
    uint64_t k;
    if (!s.id || !cbits(c, get(c, ir_inst_arg(c->f, s, 1)), &k) || k < 1 ||
        k > 3)
        return false;
    OptKnown a = opt_known_value(c->f, x, 2);
    OptKnown b = opt_known_value(c->f, y, 2);
    return (~a.zero & ~b.zero & opt_mask(w)) == 0;
}

static IrValue
simplify_int(IC *c, IrInst i, IrOpcode op, IrType t, IrValue x, IrValue y)
{
    unsigned w = ir_type_bits(t);
    uint64_t m = opt_mask(w), cy = 0, cx = 0;    /* read only when known */
    bool ky = cbits(c, y, &cy), kx = cbits(c, x, &cx);
    uint64_t ones = m;
    switch (op) {
    case IR_OP_IADD:
        if (ky && cy == 0)
            return x;
        break;
    case IR_OP_ISUB:
        if (ky && cy == 0)
            return x;
        if (x.id == y.id)
            return k_int(c, t, 0);
        if (ky) {
            /* Canonical form: add the negated constant. */
            ir_inst(c->f, i)->op = IR_OP_IADD;
            set_args2(c, i, x, k_int(c, t, (0 - cy) & m));
            c->nchanged++;
            return (IrValue){0};
        }
        break;
    case IR_OP_IMUL:
        if (ky && cy == 0)
            return y;
        if (ky && cy == 1)
            return x;
        if (ky && cy == ones)
            return bin(c, IR_OP_ISUB, t, k_int(c, t, 0), x);
        if (ky && log2_exact(cy) > 0)
            return bin(c, IR_OP_SHL, t, x, k_int(c, t, log2_exact(cy)));
        break;
    case IR_OP_UDIV:
        if (ky && cy == 1)
            return x;
        if (ky && log2_exact(cy) > 0)
            return bin(c, IR_OP_LSHR, t, x, k_int(c, t, log2_exact(cy)));
        if (ky && cy > 1 && w <= 32)
            return udiv_magic(c, t, x, cy);
        break;
    case IR_OP_UREM:
        if (ky && cy == 1)
            return k_int(c, t, 0);
        if (ky && log2_exact(cy) > 0)
            return bin(c, IR_OP_AND, t, x, k_int(c, t, cy - 1));
        if (ky && cy > 1 && w <= 32) {
            IrValue q = udiv_magic(c, t, x, cy);
            return bin(c, IR_OP_ISUB, t, x, bin(c, IR_OP_IMUL, t, q, y));
        }
        break;
    case IR_OP_SDIV:
    case IR_OP_SREM: {
        if (!ky)
            break;
        if (cy == 1)
            return op == IR_OP_SDIV ? x : k_int(c, t, 0);
        /* MIN / -1 is undefined, so x / -1 == 0 - x and x % -1 == 0. */
        if (cy == ones)
            return op == IR_OP_SDIV ? bin(c, IR_OP_ISUB, t, k_int(c, t, 0), x)
                                    : k_int(c, t, 0);
        /* The remainder takes the dividend's sign: x % -2^k == x % 2^k. */
        uint64_t ncy = (0 - cy) & m;
        if (op == IR_OP_SREM && ((cy >> (w - 1)) & 1) &&
            log2_exact(ncy) > 0 && !((ncy >> (w - 1)) & 1))
            cy = ncy;
        int k = log2_exact(cy);
        if (k <= 0 || ((cy >> (w - 1)) & 1)) {
            /* Not 2^k (0 stays: division by zero is undefined). */
            if (cy == 0 || w > 32)
                break;
            IrValue q = sdiv_magic(c, t, x, cy);
            if (op == IR_OP_SDIV)
                return q;
            return bin(c, IR_OP_ISUB, t, x, bin(c, IR_OP_IMUL, t, q, y));
        }
        /* Round toward zero: add 2^k - 1 to negative dividends (for
         * k = 1 that is the sign bit itself). */
        IrValue sign = x;
        if (k > 1)
            sign = bin(c, IR_OP_ASHR, t, x, k_int(c, t, w - 1));
        IrValue bias = bin(c, IR_OP_LSHR, t, sign, k_int(c, t, w - k));
        IrValue sum = bin(c, IR_OP_IADD, t, x, bias);
        if (op == IR_OP_SDIV)
            return bin(c, IR_OP_ASHR, t, sum, k_int(c, t, k));
        IrValue low = bin(c, IR_OP_AND, t, sum, k_int(c, t, (0 - cy) & m));
        return bin(c, IR_OP_ISUB, t, x, low);
    }
    case IR_OP_AND:
        if (ky && cy == 0)
            return y;
        if (ky && (cy & m) == ones)
            return x;
        if (x.id == y.id)
            return x;
        if (t.id == IR_TY_BOOL)
            return range_test(c, x, y);
        break;
    case IR_OP_OR:
        if (ky && cy == 0)
            return x;
        if (ky && (cy & m) == ones)
            return y;
        if (x.id == y.id)
            return x;
        if (t.id != IR_TY_BOOL && or_is_add(c, x, y, w)) {
            ir_inst(c->f, i)->op = IR_OP_IADD;
            c->nchanged++;
            return (IrValue){0};
        }
        break;
    case IR_OP_XOR:
        if (ky && cy == 0)
            return x;
        if (x.id == y.id)
            return t.id == IR_TY_BOOL ? ir_build_bconst(&c->b, false)
                                      : k_int(c, t, 0);
        if (t.id == IR_TY_BOOL && ky && cy == 1) {
            IrInst d = def_op(c, x, IR_OP_ICMP);
            if (!d.id)
                d = def_op(c, x, IR_OP_FCMP);
            if (d.id) {
                IrInstData dd = *ir_inst(c->f, d);
                IrValue a0 = get(c, ir_inst_arg(c->f, d, 0));
                IrValue a1 = get(c, ir_inst_arg(c->f, d, 1));
                IrPred np = dd.op == IR_OP_ICMP ? opt_pred_invert_icmp(dd.pred)
                                                : invert_fcmp(dd.pred);
                return dd.op == IR_OP_ICMP
                    ? ir_build_icmp(&c->b, np, dd.ty, a0, a1)
                    : ir_build_fcmp(&c->b, np, dd.ty, a0, a1);
            }
        }
        break;
    case IR_OP_SHL:
    case IR_OP_LSHR:
    case IR_OP_ASHR:
        if (ky && cy == 0)
            return x;
        if (kx && cx == 0)
            return x;
        if (op == IR_OP_LSHR && ky && cy == (uint64_t)w - 1) {
            /* the top bit of ashr z, j is z's sign bit */
            IrInst d = def_op(c, x, IR_OP_ASHR);
            if (d.id)
                return bin(c, IR_OP_LSHR, t, get(c, ir_inst_arg(c->f, d, 0)),
                           y);
        }
        break;
    default:
        break;
    }
    /* Reassociation of constants. */
    if (ky && (op == IR_OP_IADD || op == IR_OP_IMUL || op == IR_OP_AND ||
               op == IR_OP_OR || op == IR_OP_XOR)) {
        IrInst d = def_op(c, x, op);
        uint64_t c1;
        if (d.id && cbits(c, get(c, ir_inst_arg(c->f, d, 1)), &c1)) {
            uint64_t r;
            switch (op) {
            case IR_OP_IADD: r = c1 + cy; break;
            case IR_OP_IMUL: r = c1 * cy; break;
            case IR_OP_AND: r = c1 & cy; break;
            case IR_OP_OR: r = c1 | cy; break;
            default: r = c1 ^ cy; break;
            }
            IrValue inner = get(c, ir_inst_arg(c->f, d, 0));
            IrValue kc = t.id == IR_TY_BOOL
                ? ir_build_bconst(&c->b, r & 1) : k_int(c, t, r);
            return bin(c, op, t, inner, kc);
        }
    }
    return (IrValue){0};
}

static IrValue
not_bool(IC *c, IrValue k)
{
    return bin(c, IR_OP_XOR, IR_T_BOOL, k, ir_build_bconst(&c->b, true));
}

static IrValue
simplify_icmp(IC *c, IrInst i, IrPred p, IrType t, IrValue x, IrValue y)
{
    uint64_t cy = 0;
    if (x.id == y.id) {
        bool r = p == IR_PRED_EQ || p == IR_PRED_UGE || p == IR_PRED_ULE ||
                 p == IR_PRED_SGE || p == IR_PRED_SLE;
        return ir_build_bconst(&c->b, r);
    }
    if (!cbits(c, y, &cy))
        return (IrValue){0};
    if (ir_type_is_int(t) && cy == 0) {
        if (p == IR_PRED_ULT)
            return ir_build_bconst(&c->b, false);
        if (p == IR_PRED_UGE)
            return ir_build_bconst(&c->b, true);
        if (p == IR_PRED_UGT) {
            ir_inst(c->f, i)->pred = IR_PRED_NE;
            c->nchanged++;
        } else if (p == IR_PRED_ULE) {
            ir_inst(c->f, i)->pred = IR_PRED_EQ;
            c->nchanged++;
        }
    }
    /* zext z against a constant z's type holds: compare z itself (a
     * byte tested in place, cmpb $0, (p)); the zero-extended value is
     * nonnegative, so signed order is unsigned order */
    IrInst zx = def_op(c, x, IR_OP_ZEXT);
    if (zx.id && ir_type_is_int(t)) {
        IrValue z = op_arg(c, zx, 0);
        IrType zt = ir_value_type(c->f, z);
        IrPred q = p == IR_PRED_SLT ? IR_PRED_ULT : p == IR_PRED_SLE
                 ? IR_PRED_ULE : p == IR_PRED_SGT ? IR_PRED_UGT
                 : p == IR_PRED_SGE ? IR_PRED_UGE : p;
        bool ok = q == IR_PRED_EQ || q == IR_PRED_NE || q == IR_PRED_ULT ||
                  q == IR_PRED_ULE || q == IR_PRED_UGT || q == IR_PRED_UGE;
        /* (a constant that fits z's narrower type is below t's sign
         * bit: signed and unsigned agree on it) */
        if (ok && ir_type_is_int(zt) && cy <= opt_mask(ir_type_bits(zt)))
            return ir_build_icmp(&c->b, q, zt, z, k_int(c, zt, cy));
    }
    if (t.id == IR_TY_BOOL) {
        bool v = cy & 1;
        if ((p == IR_PRED_EQ && v) || (p == IR_PRED_NE && !v))
            return x;
        if ((p == IR_PRED_EQ && !v) || (p == IR_PRED_NE && v))
            return not_bool(c, x);
    }
    return (IrValue){0};
}

/* If v is `iadd y, 1` or `iadd y, -1` (isub by a constant is already
 * an iadd), y and the constant's sign; else 0. */
static int
add_one(IC *c, IrType t, IrValue v, IrValue *y)
{
    IrInst d = def_op(c, v, IR_OP_IADD);
    uint64_t k;
    if (!d.id || !cbits(c, get(c, ir_inst_arg(c->f, d, 1)), &k))
        return 0;
    *y = get(c, ir_inst_arg(c->f, d, 0));
    if (k == 1)
        return 1;
    return k == opt_mask(ir_type_bits(t)) ? -1 : 0;
}

static IrValue
simplify_sel(IC *c, IrType t, IrValue k, IrValue x, IrValue y)
{
    uint64_t ck = 0, cx = 0, cy = 0;
    if (cbits(c, k, &ck))
        return ck & 1 ? x : y;
    if (x.id == y.id)
        return x;
    bool kx = cbits(c, x, &cx), ky = cbits(c, y, &cy);
    if (t.id == IR_TY_BOOL && kx && ky) {
        if ((cx & 1) && !(cy & 1))
            return k;
        if (!(cx & 1) && (cy & 1))
            return not_bool(c, k);
    }
    if (!ir_type_is_int(t))
        return (IrValue){0};
    /* A 0/1 choice is the condition as a number: sel k, 1, 0 ->
     * btoi k; sel k, 0, 1 -> btoi !k. */
    if (kx && ky && ((cx == 1 && cy == 0) || (cx == 0 && cy == 1)))
        return ir_build_cast(&c->b, IR_OP_BTOI, t, cx ? k : not_bool(c, k));
    /* A conditional increment is an add of the condition:
     * sel k, y+1, y -> y + btoi k (y-1: y - btoi k), and with the arms
     * swapped, of !k.  No cmov; the counter of a loop whose body was
     * if-converted (count += c ? 1 : 0) becomes a plain add. */
    IrValue base;
    int s = add_one(c, t, x, &base);
    if (s && base.id == y.id)
        return bin(c, s > 0 ? IR_OP_IADD : IR_OP_ISUB, t, y,
                   ir_build_cast(&c->b, IR_OP_BTOI, t, k));
    s = add_one(c, t, y, &base);
    if (s && base.id == x.id)
        return bin(c, s > 0 ? IR_OP_IADD : IR_OP_ISUB, t, x,
                   ir_build_cast(&c->b, IR_OP_BTOI, t, not_bool(c, k)));
    return (IrValue){0};
}

/* btoi of a test of one bit is that bit: btoi (icmp ne (x & 2^j), 0)
 * -> (x >> j) & 1, converted to the result type (eq: that, xor 1). */
static IrValue
btoi_bit(IC *c, IrType to, IrValue b)
{
    IrFunc *f = c->f;
    IrInst cmp = def_op(c, b, IR_OP_ICMP);
    uint64_t zero, m;
    IrPred p = cmp.id ? (IrPred)ir_inst(f, cmp)->pred : IR_PRED_NE;
    if (!cmp.id || (p != IR_PRED_NE && p != IR_PRED_EQ) ||
        !cbits(c, get(c, ir_inst_arg(f, cmp, 1)), &zero) || zero)
        return (IrValue){0};
    IrValue a = get(c, ir_inst_arg(f, cmp, 0));
    IrInst and = def_op(c, a, IR_OP_AND);
    int j;
    /* (bool tests are left to the bool rules: a bool is no number) */
    if (!and.id || !ir_type_is_int(ir_value_type(f, a)) ||
        !cbits(c, get(c, ir_inst_arg(f, and, 1)), &m) ||
        (j = log2_exact(m)) < 0)
        return (IrValue){0};
    IrType t = ir_value_type(f, a);
    IrValue x = get(c, ir_inst_arg(f, and, 0));
    IrValue r = a;
    if (j) {
        /* Built one at a time: the order of arguments' evaluation is
         * unspecified, the order of new instructions must not be. */
        IrValue sh = bin(c, IR_OP_LSHR, t, x, k_int(c, t, (uint64_t)j));
        r = bin(c, IR_OP_AND, t, sh, k_int(c, t, 1));
    }
    if (p == IR_PRED_EQ)
        r = bin(c, IR_OP_XOR, t, r, k_int(c, t, 1));
    unsigned wt = ir_type_bits(t), wo = ir_type_bits(to);
    if (wt == wo)
        return r;
    return ir_build_cast(&c->b, wt < wo ? IR_OP_ZEXT : IR_OP_TRUNC, to, r);
}

static IrValue
simplify_cast(IC *c, IrOpcode op, IrType to, IrValue x)
{
    IrFunc *f = c->f;
    IrInst d = opt_def_inst(f, x);
    if (!d.id || !ir_layout_inst_block(f, d).id)
        return (IrValue){0};
    IrOpcode dop = ir_inst_op(f, d);
    /* Only a cast of a cast folds; others (undef, a call without
     * arguments) may have no operand 0 to read. */
    if (op == IR_OP_BTOI && dop == IR_OP_ICMP)
        return btoi_bit(c, to, x);
    if (ir_op_info[dop].format != IR_FMT_CAST)
        return (IrValue){0};
    IrValue src = get(c, ir_inst_arg(f, d, 0));
    IrType st = ir_value_type(f, src);
    if (op == IR_OP_TRUNC && (dop == IR_OP_ZEXT || dop == IR_OP_SEXT) &&
        ir_type_eq(st, to))
        return src;
    if (op == IR_OP_TRUNC && (dop == IR_OP_ZEXT || dop == IR_OP_SEXT) &&
        ir_type_bits(st) < ir_type_bits(to))
        return ir_build_cast(&c->b, dop, to, src);
    if ((op == IR_OP_ZEXT || op == IR_OP_SEXT) && dop == op)
        return ir_build_cast(&c->b, op, to, src);
    if (op == IR_OP_SEXT && dop == IR_OP_ZEXT)
        return ir_build_cast(&c->b, IR_OP_ZEXT, to, src);
    if (op == IR_OP_ITOB && dop == IR_OP_BTOI)
        return src;
    if (op == IR_OP_FTRUNC && dop == IR_OP_FEXT)
        return src;
    if (op == IR_OP_PTOI && dop == IR_OP_ITOP && ir_type_eq(st, to) &&
        to.id == IR_TY_I64)
        return src;
    return (IrValue){0};
}

/* extract k of a chain of inserts: the member inserted last at k, or
 * an extract from what lies below the inserts at other indices; of
 * undef: undef. */
static IrValue
simplify_extract(IC *c, IrInst i, IrValue v)
{
    IrFunc *f = c->f;
    uint64_t k = ir_inst(f, i)->imm;
    IrValue v0 = v;
    for (;;) {
        IrInst d = def_op(c, v, IR_OP_INSERT);
        if (!d.id)
            break;
        if (ir_inst(f, d)->imm == k)
            return get(c, ir_inst_arg(f, d, 1));
        v = get(c, ir_inst_arg(f, d, 0));
    }
    if (def_op(c, v, IR_OP_UNDEF).id)
        return ir_build_undef(&c->b, ir_inst(f, i)->ty);
    if (v.id != v0.id) {
        ir_inst_set_args(f, i, &v, 1);
        c->nchanged++;
    }
    return (IrValue){0};
}

/* Whether v is used once only. */
static bool
one_use(IC *c, IrValue v)
{
    return v.id < c->nvals0 && ir_uses_count(c->us, v) == 1 &&
           !(v.id < c->gained.len && c->gained.data[v.id]);
}

/* fneg's operand if v is an fneg, else 0. */
static IrValue
negated(IC *c, IrValue v)
{
    IrInst d = def_op(c, v, IR_OP_FNEG);
    return d.id ? get(c, ir_inst_arg(c->f, d, 0)) : (IrValue){0};
}

/* Float rules: signs move out of operations toward an addition that
 * absorbs them, each rewrite exact in IEEE arithmetic (x - y is
 * x + (-y); negating an operand of a product or quotient negates it,
 * rounding to nearest being symmetric) up to the sign and payload of a
 * NaN result, which are unspecified (spec 7.5):
 *   x + (-y), (-y) + x -> x - y       x - (-y) -> x + y
 *   x - K -> x + -K
 *   (-x) * (-y) -> x * y              (-x) / (-y) -> x / y
 *   (-x) * K -> x * -K    (-x) / K, K / (-x) -> x / -K, -K / x
 *   (-x) * y, x * (-y) -> -(x * y)    and the same for /
 * where the moved fneg had no other use, so the count never grows.
 * Not (-x) - y -> -(x + y): with x = +0 and y = -0 the left is +0 and
 * the right -0 (an exact zero sum is +0 either way). */
static IrValue
simplify_float(IC *c, IrOpcode op, IrType t, IrValue x, IrValue y)
{
    IrValue nx = negated(c, x), ny = negated(c, y);
    uint64_t k, sign = t.id == IR_TY_F32 ? UINT64_C(1) << 31
                                         : UINT64_C(1) << 63;
    switch (op) {
    case IR_OP_FADD:
        if (ny.id)
            return bin(c, IR_OP_FSUB, t, x, ny);
        if (nx.id)
            return bin(c, IR_OP_FSUB, t, y, nx);
        break;
    case IR_OP_FSUB:
        if (ny.id)
            return bin(c, IR_OP_FADD, t, x, ny);
        if (cbits(c, y, &k))
            return bin(c, IR_OP_FADD, t, x, ir_build_fconst(&c->b, t, k ^ sign));
        break;
    case IR_OP_FMUL:
    case IR_OP_FDIV:
        if (nx.id && ny.id)
            return bin(c, op, t, nx, ny);
        if (nx.id && cbits(c, y, &k))
            return bin(c, op, t, nx, ir_build_fconst(&c->b, t, k ^ sign));
        if (ny.id && cbits(c, x, &k))
            return bin(c, op, t, ir_build_fconst(&c->b, t, k ^ sign), ny);
        if (nx.id && one_use(c, x))
            return ir_build_fneg(&c->b, t, bin(c, op, t, nx, y));
        if (ny.id && one_use(c, y))
            return ir_build_fneg(&c->b, t, bin(c, op, t, x, ny));
        break;
    default:
        break;
    }
    return (IrValue){0};
}

/* Returns the value replacing i's result, or 0. */
static IrValue
combine(IC *c, IrInst i)
{
    IrFunc *f = c->f;
    IrInstData *d = ir_inst(f, i);
    IrOpcode op = (IrOpcode)d->op;
    uint32_t fl = ir_op_info[op].flags;
    if (!(fl & IR_OPF_PURE) || (fl & IR_OPF_CONST) || !d->result.id ||
        d->nargs == 0 || d->nargs > 3)
        return (IrValue){0};
    IrValue a[3] = {{0}, {0}, {0}};
    uint64_t bits[3];
    bool allk = true;
    for (uint32_t k = 0; k < d->nargs; k++) {
        a[k] = op_arg(c, i, k);
        allk = allk && cbits(c, a[k], &bits[k]);
    }
    d = ir_inst(f, i);
    IrType rt = ir_value_type(f, d->result);
    uint64_t r;
    if (allk && ir_type_is_scalar(rt) && opt_fold(f, i, bits, &r)) {
        opt_make_const(f, i, r);
        c->nchanged++;
        return (IrValue){0};
    }
    ir_builder_before(&c->b, f, i);
    c->b.loc = d->loc;
    uint64_t tmp;
    switch (ir_op_info[op].format) {
    case IR_FMT_BINARY:
        if ((fl & IR_OPF_COMMUTES) && cbits(c, a[0], &tmp) &&
            !cbits(c, a[1], &tmp)) {
            IrValue t = a[0];
            a[0] = a[1];
            a[1] = t;
            set_args2(c, i, a[0], a[1]);
            c->nchanged++;
        }
        /* No float identities: x * 1.0 must turn a signalling NaN
         * into a quiet one (spec 7.5), x itself would not. */
        if (ir_type_is_float(d->ty))
            return simplify_float(c, op, d->ty, a[0], a[1]);
        return simplify_int(c, i, op, d->ty, a[0], a[1]);
    case IR_FMT_UNARY: {
        IrInst n = def_op(c, a[0], IR_OP_FNEG);
        return n.id ? get(c, ir_inst_arg(f, n, 0)) : (IrValue){0};
    }
    case IR_FMT_ICMP:
        if (cbits(c, a[0], &tmp) && !cbits(c, a[1], &tmp)) {
            IrValue t = a[0];
            a[0] = a[1];
            a[1] = t;
            set_args2(c, i, a[0], a[1]);
            d = ir_inst(f, i);
            d->pred = opt_pred_swap((IrPred)d->pred);
            c->nchanged++;
        }
        return simplify_icmp(c, i, (IrPred)ir_inst(f, i)->pred, d->ty, a[0],
                             a[1]);
    case IR_FMT_SEL:
        return simplify_sel(c, d->ty, a[0], a[1], a[2]);
    case IR_FMT_CAST:
        return simplify_cast(c, op, d->ty, a[0]);
    case IR_FMT_EXTRACT:
        return simplify_extract(c, i, a[0]);
    default:
        return (IrValue){0};
    }
}

static void
ic_func(OptCtx *ctx, IrFunc *f)
{
    if (!ir_layout_entry(f).id)
        return;
    IC c = {.f = f};
    uint64_t total = 0;
    Arena a = {0};
    uint32_t nrpo, ninsts = ir_num_insts(f);
    OptAM *am = opt_am(ctx, f);
    const IrBlock *rpo = opt_am_rpo(am, &nrpo);
    for (int sweep = 0; sweep < MAXSWEEPS; sweep++) {
        c.nchanged = 0;
        c.us = opt_am_uses(am);     /* anew after the first sweep */
        c.nvals0 = ir_num_values(f);
        c.gained.len = 0;
        /* Reverse post-order: definitions are seen before uses (except
         * through block parameters). */
        for (uint32_t r = 0; r < nrpo; r++) {
            IrBlock b = rpo[r];
            IrInst next;
            for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
                next = ir_layout_next_inst(f, i);
                IrValue v = combine(&c, i);
                if (!v.id)
                    continue;
                fit(&c);
                c.repl.data[ir_inst_result(f, i).id] = v.id;
                while (c.gained.len <= v.id)
                    VEC_PUSH(c.gained, 0);
                c.gained.data[v.id] = 1;
                ir_layout_remove_inst(f, i);
                c.nchanged++;
            }
        }
        fit(&c);
        opt_repl_apply(f, c.repl.data);
        memset(c.repl.data, 0, c.repl.cap * sizeof *c.repl.data);
        total += c.nchanged;
        if (!c.nchanged)
            break;
    }
    VEC_FREE(c.repl);
    VEC_FREE(c.gained);
    arena_free(&a);
    /* Rewrites are counted; a rule that built something and gave up
     * left new instructions, which count as a change too. */
    if (!total && ir_num_insts(f) == ninsts)
        opt_unchanged(ctx, f);
    opt_count(ctx, "instructions combined", total);
}

bool
opt_instcombine(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        ic_func(ctx, f);
    return true;
}
