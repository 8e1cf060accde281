/*
 * idiom.c - a counted loop that only fills an array with one byte
 * becomes a call of memset (LLVM's loop idiom recognition).  libc's
 * memset stores 32 or 64 bytes at a time where the loop stores one
 * element; a C front end's `for (i = lo; i < n; i++) a[i] = 0;` is the
 * common case, and sieve's fill loop of bytes the measured one.
 *
 * The loop (counted.c): H(i) tests i < n, B is
 *
 *   [x = sext|zext i]  p = offset T, ptr base, x|i  store T v, p
 *   br H(iadd i, 1)
 *
 * with base and v defined outside the loop (or constants), i the only
 * parameter.  T is one byte wide (v's byte is stored), or v is a
 * constant whose bytes are all equal (0, -1, 0.0).  The addresses
 * base + x*size(T) for i = i0 .. n-1 must be consecutive:
 *   - i < n signed, with the index i itself (offset sign-extends it)
 *     or sext i;
 *   - i < n unsigned, with zext i, or i itself when it has 64 bits.
 * (zext of a signed i, or an i32 i compared unsigned, jumps at 0 or at
 * 2^31: the stores are not one run of bytes.)
 *
 * B becomes `memset(p, v, (n - i) * size(T))` (the difference taken in
 * 64 bits, extended as the compare reads i and n) and `br H(n)`: B runs
 * once, H then leaves with i = n, as the loop did.  No CFG change.
 *
 * Left as they are: loops whose bounds are both constants and fill at
 * most SMALL bytes (a call costs more; unroll copies them instead), and
 * modules where the name memset is taken by anything but a declaration
 * with memset's types (a module defining memset itself must not have
 * its loop turned into a call of itself).
 */
#include "optutil.h"

enum { SMALL = 128 };

typedef struct {
    IrFunc *f;
    IrSym memset;       /* 0 when the name is taken */
    bool looked;        /* memset has been looked up */
    uint32_t nfills;
} Idiom;

IrSym
opt_memset_sym(IrModule *m)
{
    IrParam ps[3] = {{IR_T_PTR, 0, 0}, {IR_T_I32, 0, 0}, {IR_T_I64, 0, 0}};
    IrSig sig = ir_sig_intern(m, IR_T_PTR, 0, IR_CONV_CCC, false, ps, 3);
    IrSym s = ir_sym_lookup(m, ir_intern(m, "memset", 6));
    if (!s.id)
        return ir_func_declare(m, "memset", sig);
    const IrSymData *sd = ir_sym_c(m, s);
    if (sd->kind == IR_SYM_FUNC && !sd->func && !sd->dead &&
        ir_sig_same_types(m, sd->sig, sig))
        return s;
    return (IrSym){0};
}

/* memset's symbol, looked up once per function. */
static IrSym
memset_sym(Idiom *d)
{
    if (!d->looked)
        d->memset = opt_memset_sym(d->f->mod);
    d->looked = true;
    return d->memset;
}

/* The byte that storing v of type t repeats, or -1. */
static int
fill_byte(IrFunc *f, IrType t, uint64_t size, IrValue v, bool *var)
{
    uint64_t bits;
    *var = false;
    if (!opt_const_bits(f, v, &bits)) {
        *var = size == 1 && (ir_type_is_int(t) || t.id == IR_TY_BOOL);
        return *var ? 0 : -1;
    }
    uint8_t b = bits & 0xff;
    for (uint64_t k = 1; k < size; k++)
        if ((bits >> (8 * k) & 0xff) != b)
            return -1;
    return b;
}

static void
try_loop(void *user, OptCountedWalk *w)
{
    Idiom *d = user;
    IrFunc *f = d->f;
    const OptCounted *c = &w->s;
    if (c->np != 1 || c->step != 1)
        return;
    IrValue iv = ir_block_param(f, c->h, c->iv);
    IrType it = ir_value_type(f, iv);
    IrInst st = {0}, off = {0}, ext = {0};
    IrInst inc = opt_def_inst(f, f->vpool.data[ir_target(f, c->bbr, 0)->args]);
    IR_FOR_INSTS(f, c->b, i) {
        if (i.id == c->bbr.id || i.id == inc.id || opt_is_const_inst(f, i))
            continue;
        IrOpcode op = ir_inst_op(f, i);
        IrInst *slot = op == IR_OP_STORE ? &st : op == IR_OP_OFFSET ? &off
            : op == IR_OP_SEXT || op == IR_OP_ZEXT ? &ext : NULL;
        if (!slot || slot->id)
            return;
        *slot = i;
    }
    if (!st.id || !off.id ||
        (ir_inst(f, st)->flags & IR_INSTF_VOLATILE))
        return;
    /* store T v, p with p = offset T, ptr base, x */
    IrType t = ir_inst(f, st)->ty;
    IrValue v = ir_inst_arg(f, st, 0), p = ir_inst_arg(f, st, 1);
    if (p.id != ir_inst_result(f, off).id || v.id == p.id ||
        ir_inst(f, off)->ty.id != t.id)
        return;
    IrValue base = ir_inst_arg(f, off, 0), x = ir_inst_arg(f, off, 1);
    if (!opt_counted_outside(f, c, base))
        return;
    IrInst vd = opt_def_inst(f, v);
    if (!opt_counted_outside(f, c, v) && !(vd.id && opt_is_const_inst(f, vd)))
        return;
    /* consecutive addresses */
    IrOpcode xop = ext.id ? ir_inst_op(f, ext) : IR_OP_ICONST;
    if (ext.id && (x.id != ir_inst_result(f, ext).id ||
                   ir_inst_arg(f, ext, 0).id != iv.id))
        return;
    if (!ext.id && x.id != iv.id)
        return;
    if (c->sgn ? xop == IR_OP_ZEXT
               : !(xop == IR_OP_ZEXT || (!ext.id && ir_type_bits(it) == 64)))
        return;
    uint64_t size = ir_type_size(f->mod, t);
    bool var;
    int byte = size ? fill_byte(f, t, size, v, &var) : -1;
    if (byte < 0)
        return;
    /* a short fill of constant bounds stays a loop */
    IrValue start = f->vpool.data[ir_target(f, c->pre, 0)->args + c->iv];
    uint64_t lo, hi;
    if (opt_const_bits(f, start, &lo) && opt_const_bits(f, c->n, &hi)) {
        unsigned sh = 64 - ir_type_bits(it);
        int64_t n = c->sgn ? (int64_t)(hi << sh) >> sh : (int64_t)hi;
        int64_t l = c->sgn ? (int64_t)(lo << sh) >> sh : (int64_t)lo;
        if (n <= l || (uint64_t)n - (uint64_t)l <= SMALL / size)
            return;
    }
    IrSym ms = memset_sym(d);
    if (!ms.id)
        return;
    /* B: memset(p, v, (n - i) * size); br H(n) */
    IrBuilder b;
    ir_builder_before(&b, f, st);
    b.loc = ir_inst(f, st)->loc;
    IrOpcode wide = c->sgn ? IR_OP_SEXT : IR_OP_ZEXT;
    IrValue n64 = c->n, i64 = iv;
    if (ir_type_bits(it) < 64) {
        n64 = ir_build_cast(&b, wide, IR_T_I64, c->n);
        i64 = ir_build_cast(&b, wide, IR_T_I64, iv);
    }
    IrValue len = ir_build_binary(&b, IR_OP_ISUB, IR_T_I64, n64, i64);
    if (size > 1)
        len = ir_build_binary(&b, IR_OP_IMUL, IR_T_I64, len,
                              ir_build_iconst(&b, IR_T_I64, size));
    IrValue val = !var ? ir_build_iconst(&b, IR_T_I32, (uint64_t)byte)
        : ir_build_cast(&b, t.id == IR_TY_BOOL ? IR_OP_BTOI : IR_OP_ZEXT,
                        IR_T_I32, v);
    IrValue args[3] = {p, val, len};
    ir_build_call(&b, ms, args, 3);
    ir_layout_remove_inst(f, st);
    ir_target_set_args(f, c->bbr, 0, &c->n, 1);
    d->nfills++;
}

bool
opt_idiom(OptCtx *ctx, IrModule *m)
{
    Idiom d = {0};      /* memset's symbol, looked up once per module */
    OPT_FOR_FUNCS(m, f) {
        d.f = f;
        d.nfills = 0;
        uint32_t made = opt_counted_loops(ctx, f, try_loop, &d);
        if (!made && !d.nfills)
            opt_unchanged(ctx, f);
        opt_count(ctx, "preheaders created", made);
        opt_count(ctx, "loops made memset", d.nfills);
    }
    return true;
}
