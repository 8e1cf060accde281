/*
 * fold.c - constant folding of every foldable opcode, exactly as spec
 * section 7 defines it.  Shared by sccp and instcombine.
 *
 * Constants are bit patterns in a uint64_t, zero-extended from the
 * type's width (bool is 0 or 1, floats are their IEEE encoding, the only
 * pointer constant is null).  f32 arithmetic is done in float and f64 in
 * double: C11 on the supported hosts evaluates them in their own format
 * (FLT_EVAL_METHOD 0), round to nearest, so results are bit-exact except
 * for NaN payloads, which the spec leaves unspecified.  An operation
 * that is undefined behaviour for its operands (division by zero, an
 * oversized shift, an out-of-range ftosi) is never folded: it must stay
 * and misbehave at run time, not at compile time.
 */
#include "optutil.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if FLT_EVAL_METHOD != 0
#error "fold.c needs FLT_EVAL_METHOD == 0 (no excess precision)"
#endif

/* Signed reading of a w-bit pattern. */
static int64_t
sx(uint64_t x, unsigned w)
{
    if (w >= 64)
        return (int64_t)x;
    uint64_t sign = UINT64_C(1) << (w - 1);
    x &= opt_mask(w);
    return (int64_t)((x ^ sign) - sign);
}

static float
tof(uint64_t b)
{
    uint32_t u = (uint32_t)b;
    float x;
    memcpy(&x, &u, 4);
    return x;
}

static double
tod(uint64_t b)
{
    double x;
    memcpy(&x, &b, 8);
    return x;
}

static uint64_t
fromf(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}

static uint64_t
fromd(double x)
{
    uint64_t u;
    memcpy(&u, &x, 8);
    return u;
}

static bool
fold_int(IrOpcode op, unsigned w, uint64_t a, uint64_t b, uint64_t *out)
{
    uint64_t m = opt_mask(w), r;
    int64_t sa = sx(a, w), sb = sx(b, w);
    int64_t min = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
    switch (op) {
    case IR_OP_AND: r = a & b; break;
    case IR_OP_OR: r = a | b; break;
    case IR_OP_XOR: r = a ^ b; break;
    case IR_OP_IADD: r = a + b; break;
    case IR_OP_ISUB: r = a - b; break;
    case IR_OP_IMUL: r = a * b; break;
    case IR_OP_SHL:
        if (b >= w)
            return false;
        r = a << b;
        break;
    case IR_OP_LSHR:
        if (b >= w)
            return false;
        r = (a & m) >> b;
        break;
    case IR_OP_ASHR:
        if (b >= w)
            return false;
        /* Arithmetic shift of a negative value, without relying on
         * implementation-defined >> of negative numbers. */
        r = sa < 0 ? ~(~(uint64_t)sa >> b) : (uint64_t)sa >> b;
        break;
    case IR_OP_UDIV:
        if (!b)
            return false;
        r = a / b;
        break;
    case IR_OP_UREM:
        if (!b)
            return false;
        r = a % b;
        break;
    case IR_OP_SDIV:
        if (!sb || (sa == min && sb == -1))
            return false;
        r = (uint64_t)(sa / sb);
        break;
    case IR_OP_SREM:
        if (!sb || (sa == min && sb == -1))
            return false;
        r = (uint64_t)(sa % sb);
        break;
    default:
        return false;
    }
    *out = r & m;
    return true;
}

static bool
fold_float(IrOpcode op, bool f32, uint64_t a, uint64_t b, uint64_t *out)
{
    if (f32) {
        float x = tof(a), y = tof(b), r;
        switch (op) {
        case IR_OP_FADD: r = x + y; break;
        case IR_OP_FSUB: r = x - y; break;
        case IR_OP_FMUL: r = x * y; break;
        case IR_OP_FDIV: r = x / y; break;
        case IR_OP_FREM: r = fmodf(x, y); break;
        default: return false;
        }
        *out = fromf(r);
        return true;
    }
    double x = tod(a), y = tod(b), r;
    switch (op) {
    case IR_OP_FADD: r = x + y; break;
    case IR_OP_FSUB: r = x - y; break;
    case IR_OP_FMUL: r = x * y; break;
    case IR_OP_FDIV: r = x / y; break;
    case IR_OP_FREM: r = fmod(x, y); break;
    default: return false;
    }
    *out = fromd(r);
    return true;
}

bool
opt_fold_icmp(IrPred p, IrType t, uint64_t a, uint64_t b)
{
    unsigned w = ir_type_bits(t);
    /* bool reads as 0 or 1 under signed predicates too. */
    int64_t sa = w == 1 ? (int64_t)(a & 1) : sx(a, w);
    int64_t sb = w == 1 ? (int64_t)(b & 1) : sx(b, w);
    a &= opt_mask(w);
    b &= opt_mask(w);
    switch (p) {
    case IR_PRED_EQ: return a == b;
    case IR_PRED_NE: return a != b;
    case IR_PRED_UGT: return a > b;
    case IR_PRED_UGE: return a >= b;
    case IR_PRED_ULT: return a < b;
    case IR_PRED_ULE: return a <= b;
    case IR_PRED_SGT: return sa > sb;
    case IR_PRED_SGE: return sa >= sb;
    case IR_PRED_SLT: return sa < sb;
    case IR_PRED_SLE: return sa <= sb;
    default: return false;
    }
}

bool
opt_fold_fcmp(IrPred p, IrType t, uint64_t a, uint64_t b)
{
    double x, y;
    if (t.id == IR_TY_F32)
        x = tof(a), y = tof(b);
    else
        x = tod(a), y = tod(b);
    bool uno = isnan(x) || isnan(y);
    switch (p) {
    case IR_PRED_ORD: return !uno;
    case IR_PRED_UNO: return uno;
    case IR_PRED_OEQ: return !uno && x == y;
    case IR_PRED_ONE: return !uno && x != y;
    case IR_PRED_OGT: return !uno && x > y;
    case IR_PRED_OGE: return !uno && x >= y;
    case IR_PRED_OLT: return !uno && x < y;
    case IR_PRED_OLE: return !uno && x <= y;
    case IR_PRED_UEQ: return uno || x == y;
    case IR_PRED_UNE: return uno || x != y;
    case IR_PRED_UGT: return uno || x > y;
    case IR_PRED_UGE: return uno || x >= y;
    case IR_PRED_ULT: return uno || x < y;
    case IR_PRED_ULE: return uno || x <= y;
    default: return false;
    }
}

/* The truncated value of a float for ftosi/ftoui, or false when the
 * conversion is undefined. */
static bool
fold_ftoi(bool sign, unsigned w, double x, uint64_t *out)
{
    if (isnan(x) || isinf(x))
        return false;
    double t = trunc(x);
    if (sign) {
        double lim = ldexp(1.0, (int)w - 1);
        if (!(t >= -lim && t < lim))
            return false;
        *out = (uint64_t)(int64_t)t & opt_mask(w);
    } else {
        double lim = ldexp(1.0, (int)w);
        if (!(t > -1.0 && t < lim))
            return false;
        *out = (uint64_t)t & opt_mask(w);
    }
    return true;
}

static bool
fold_cast(IrOpcode op, IrType to, IrType from, uint64_t a, uint64_t *out)
{
    unsigned tw = ir_type_bits(to), fw = ir_type_bits(from);
    bool tf32 = to.id == IR_TY_F32, ff32 = from.id == IR_TY_F32;
    switch (op) {
    case IR_OP_SEXT:
        *out = (uint64_t)sx(a, fw) & opt_mask(tw);
        return true;
    case IR_OP_ZEXT:
        *out = a & opt_mask(fw);
        return true;
    case IR_OP_TRUNC:
        *out = a & opt_mask(tw);
        return true;
    case IR_OP_ITOB:
        *out = (a & opt_mask(fw)) != 0;
        return true;
    case IR_OP_BTOI:
        *out = a & 1;
        return true;
    case IR_OP_SITOF: {
        int64_t v = sx(a, fw);
        *out = tf32 ? fromf((float)v) : fromd((double)v);
        return true;
    }
    case IR_OP_UITOF: {
        uint64_t v = a & opt_mask(fw);
        *out = tf32 ? fromf((float)v) : fromd((double)v);
        return true;
    }
    case IR_OP_FTOSI:
    case IR_OP_FTOUI:
        return fold_ftoi(op == IR_OP_FTOSI, tw,
                         ff32 ? (double)tof(a) : tod(a), out);
    case IR_OP_FEXT:
        *out = fromd((double)tof(a));
        return true;
    case IR_OP_FTRUNC:
        *out = fromf((float)tod(a));
        return true;
    case IR_OP_ITOP:
        /* Only null is a pointer constant. */
        if (a & opt_mask(fw))
            return false;
        *out = 0;
        return true;
    case IR_OP_PTOI:
        *out = a & opt_mask(tw);
        return true;
    default:
        return false;
    }
}

bool
opt_fold(IrFunc *f, IrInst i, const uint64_t *args, uint64_t *out)
{
    IrInstData *d = ir_inst(f, i);
    IrOpcode op = (IrOpcode)d->op;
    switch (ir_op_info[op].format) {
    case IR_FMT_BINARY:
        if (ir_type_is_float(d->ty))
            return fold_float(op, d->ty.id == IR_TY_F32, args[0], args[1],
                              out);
        if (!ir_type_is_int(d->ty) && d->ty.id != IR_TY_BOOL)
            return false;
        return fold_int(op, ir_type_bits(d->ty), args[0], args[1], out);
    case IR_FMT_UNARY:      /* fneg: flip the sign bit only */
        *out = args[0] ^ (d->ty.id == IR_TY_F32 ? UINT64_C(1) << 31
                                                 : UINT64_C(1) << 63);
        return true;
    case IR_FMT_ICMP:
        if (!ir_type_is_scalar(d->ty))
            return false;
        *out = opt_fold_icmp((IrPred)d->pred, d->ty, args[0], args[1]);
        return true;
    case IR_FMT_FCMP:
        *out = opt_fold_fcmp((IrPred)d->pred, d->ty, args[0], args[1]);
        return true;
    case IR_FMT_SEL:
        *out = args[0] & 1 ? args[1] : args[2];
        return true;
    case IR_FMT_CAST:
        return fold_cast(op, d->ty, d->ty2, args[0], out);
    default:
        return false;
    }
}
