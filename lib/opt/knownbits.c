/*
 * knownbits.c - which bits of an instruction's result are known, given
 * which bits of its operands are (LLVM's computeKnownBits, one step).
 *
 * A fact is a pair of masks over the type's width: 'zero' holds the
 * bits known to be 0, 'one' those known to be 1; a bit in neither is
 * unknown.  Each rule below is sound for every operand value the
 * operand facts allow: a result bit is claimed only when it is the same
 * for all of them.  Opcodes without a rule give "nothing known".
 *
 * Integers are modelled bit for bit; bool is a 1-bit integer; ptr is
 * 64 bits wide (only null is a pointer constant).  Floats and
 * aggregates are never known.
 */
#include "optutil.h"

/* Width in bits of scalar t, 0 for what is not modelled. */
static unsigned
width(IrType t)
{
    if (t.id == IR_TY_BOOL || ir_type_is_int(t) || t.id == IR_TY_PTR)
        return ir_type_bits(t);
    return 0;
}

OptKnown
opt_known_const(IrType t, uint64_t bits)
{
    uint64_t m = opt_mask(width(t));
    if (!width(t))
        return (OptKnown){0, 0};
    return (OptKnown){~bits & m, bits & m};
}

bool
opt_known_full(IrType t, OptKnown k, uint64_t *bits)
{
    uint64_t m = opt_mask(width(t));
    if (!width(t) || ((k.zero | k.one) & m) != m || (k.zero & k.one))
        return false;
    *bits = k.one & m;
    return true;
}

/* Number of low bits known in both a and b. */
static unsigned
low_known(OptKnown a, OptKnown b, unsigned w)
{
    uint64_t both = (a.zero | a.one) & (b.zero | b.one);
    unsigned n = 0;
    while (n < w && (both >> n & 1))
        n++;
    return n;
}

/* Number of low bits known to be 0. */
static unsigned
low_zeros(OptKnown a, unsigned w)
{
    unsigned n = 0;
    while (n < w && (a.zero >> n & 1))
        n++;
    return n;
}

/* Addition, subtraction, multiplication: bit k of the result depends
 * only on bits 0..k of the operands, so the low bits known in both
 * operands are known in the result.  A product also has at least as
 * many low zeros as the operands' together. */
static OptKnown
arith(IrOpcode op, OptKnown a, OptKnown b, unsigned w)
{
    unsigned n = low_known(a, b, w);
    uint64_t r;
    switch (op) {
    case IR_OP_IADD: r = a.one + b.one; break;
    case IR_OP_ISUB: r = a.one - b.one; break;
    default: r = a.one * b.one; break;
    }
    uint64_t m = opt_mask(n);
    OptKnown k = {~r & m, r & m};
    if (op == IR_OP_IMUL) {
        unsigned z = low_zeros(a, w) + low_zeros(b, w);
        k.zero |= opt_mask(z < w ? z : w);
        k.one &= ~k.zero;
    }
    return k;
}

/* Shifts by a known amount c < w (larger amounts are undefined
 * behaviour: nothing is claimed). */
static OptKnown
shift(IrOpcode op, OptKnown a, OptKnown b, unsigned w)
{
    uint64_t m = opt_mask(w), c;
    if ((b.zero | b.one) != m || (c = b.one) >= w)
        return (OptKnown){0, 0};
    switch (op) {
    case IR_OP_SHL:
        return (OptKnown){((a.zero << c) | opt_mask((unsigned)c)) & m,
                          (a.one << c) & m};
    case IR_OP_LSHR:
        return (OptKnown){(a.zero >> c) | (m & ~(m >> c)), a.one >> c};
    default: {
        uint64_t sign = UINT64_C(1) << (w - 1);
        uint64_t top = m & ~(m >> c);
        OptKnown k = {a.zero >> c, a.one >> c};
        if (a.zero & sign)
            k.zero |= top;
        else if (a.one & sign)
            k.one |= top;
        return k;
    }
    }
}

/* An integer comparison decided by the known bits, or -1. */
static int
compare(IrPred p, IrType t, OptKnown a, OptKnown b)
{
    uint64_t av, bv;
    if (opt_known_full(t, a, &av) && opt_known_full(t, b, &bv))
        return opt_fold_icmp(p, t, av, bv);
    unsigned w = width(t);
    uint64_t m = opt_mask(w);
    bool differ = (a.one & b.zero) | (a.zero & b.one);
    /* The unsigned ranges the facts allow. */
    uint64_t amin = a.one & m, amax = ~a.zero & m;
    uint64_t bmin = b.one & m, bmax = ~b.zero & m;
    switch (p) {
    case IR_PRED_EQ: return differ ? 0 : -1;
    case IR_PRED_NE: return differ ? 1 : -1;
    case IR_PRED_ULT: return amax < bmin ? 1 : amin >= bmax ? 0 : -1;
    case IR_PRED_ULE: return amax <= bmin ? 1 : amin > bmax ? 0 : -1;
    case IR_PRED_UGT: return amin > bmax ? 1 : amax <= bmin ? 0 : -1;
    case IR_PRED_UGE: return amin >= bmax ? 1 : amax < bmin ? 0 : -1;
    default: return -1;
    }
}

OptKnown
opt_known_op(IrFunc *f, IrInst i, const OptKnown *args)
{
    IrInstData *d = ir_inst(f, i);
    const OptKnown none = {0, 0};
    IrType rt = d->result.id ? ir_value_type(f, d->result) : IR_T_VOID;
    unsigned w = width(rt);
    uint64_t m = opt_mask(w);
    if (!w)
        return none;
    switch ((IrOpcode)d->op) {
    case IR_OP_ICONST:
    case IR_OP_BCONST:
        return opt_known_const(rt, d->imm);
    case IR_OP_NULL:
        return opt_known_const(rt, 0);
    case IR_OP_AND:
        return (OptKnown){args[0].zero | args[1].zero,
                          args[0].one & args[1].one};
    case IR_OP_OR:
        return (OptKnown){args[0].zero & args[1].zero,
                          args[0].one | args[1].one};
    case IR_OP_XOR:
        return (OptKnown){(args[0].zero & args[1].zero) |
                              (args[0].one & args[1].one),
                          (args[0].zero & args[1].one) |
                              (args[0].one & args[1].zero)};
    case IR_OP_SHL: case IR_OP_LSHR: case IR_OP_ASHR:
        return shift((IrOpcode)d->op, args[0], args[1], w);
    case IR_OP_IADD: case IR_OP_ISUB: case IR_OP_IMUL:
        return arith((IrOpcode)d->op, args[0], args[1], w);
    case IR_OP_ICMP: {
        int r = compare((IrPred)d->pred, d->ty, args[0], args[1]);
        return r < 0 ? none : opt_known_const(IR_T_BOOL, (uint64_t)r);
    }
    case IR_OP_SEL:
        if (args[0].one & 1)
            return args[1];
        if (args[0].zero & 1)
            return args[2];
        return (OptKnown){args[1].zero & args[2].zero,
                          args[1].one & args[2].one};
    case IR_OP_ZEXT: {
        uint64_t from = opt_mask(width(d->ty2));
        return (OptKnown){(args[0].zero & from) | (m & ~from),
                          args[0].one & from};
    }
    case IR_OP_SEXT: {
        unsigned fw = width(d->ty2);
        uint64_t from = opt_mask(fw), sign = UINT64_C(1) << (fw - 1);
        OptKnown k = {args[0].zero & from, args[0].one & from};
        if (k.zero & sign)
            k.zero |= m & ~from;
        else if (k.one & sign)
            k.one |= m & ~from;
        return k;
    }
    case IR_OP_TRUNC:
        return (OptKnown){args[0].zero & m, args[0].one & m};
    case IR_OP_BTOI:
        return (OptKnown){(args[0].zero & 1) | (m & ~UINT64_C(1)),
                          args[0].one & 1};
    case IR_OP_ITOB:
        if (args[0].one & opt_mask(width(d->ty2)))
            return opt_known_const(IR_T_BOOL, 1);
        if ((args[0].zero & opt_mask(width(d->ty2))) == opt_mask(width(d->ty2)))
            return opt_known_const(IR_T_BOOL, 0);
        return none;
    default:
        return none;
    }
}

/* The condition `c == truth` as a fact about v: c is v itself, `icmp
 * eq/ne v, K`, or `icmp eq/ne (and v, M), K` with K a constant. */
OptKnown
opt_known_from_cond(IrFunc *f, IrValue c, bool truth, IrValue v)
{
    const OptKnown none = {0, 0};
    IrType t = ir_value_type(f, v);
    if (c.id == v.id)
        return opt_known_const(t, truth);
    IrInst ci = opt_def_inst(f, c);
    if (!ci.id || ir_inst_op(f, ci) != IR_OP_ICMP || !width(t))
        return none;
    IrInstData *d = ir_inst(f, ci);
    if (d->pred != IR_PRED_EQ && d->pred != IR_PRED_NE)
        return none;
    bool eq = (d->pred == IR_PRED_EQ) == truth;
    IrValue a = ir_inst_arg(f, ci, 0), b = ir_inst_arg(f, ci, 1);
    uint64_t kb;
    if (!opt_const_bits(f, b, &kb)) {
        IrValue x = a;
        a = b, b = x;
        if (!opt_const_bits(f, b, &kb))
            return none;
    }
    uint64_t m = opt_mask(width(t)), mb = m;
    if (a.id != v.id) {
        IrInst ai = opt_def_inst(f, a);
        if (!ai.id || ir_inst_op(f, ai) != IR_OP_AND)
            return none;
        IrValue x = ir_inst_arg(f, ai, 0), y = ir_inst_arg(f, ai, 1);
        if (x.id != v.id) {
            IrValue z = x;
            x = y, y = z;
        }
        if (x.id != v.id || !opt_const_bits(f, y, &mb))
            return none;
        mb &= m;
    }
    kb &= m;
    if (eq)
        return (OptKnown){mb & ~kb, mb & kb};
    /* Not equal tells something only about a single masked bit. */
    if (mb && !(mb & (mb - 1)) && !(kb & ~mb))
        return kb ? (OptKnown){mb, 0} : (OptKnown){0, mb};
    return none;
}

OptKnown
opt_known_value(IrFunc *f, IrValue v, unsigned depth)
{
    const OptKnown none = {0, 0};
    IrInst i = opt_def_inst(f, v);
    if (!i.id || !ir_layout_inst_block(f, i).id)
        return none;
    IrInstData *d = ir_inst(f, i);
    if (d->nargs > 3 || (ir_op_info[d->op].flags & IR_OPF_CALL))
        return none;
    OptKnown args[3] = {none, none, none};
    for (uint32_t n = 0; depth && n < d->nargs; n++)
        args[n] = opt_known_value(f, ir_inst_arg(f, i, n), depth - 1);
    return opt_known_op(f, i, args);
}
