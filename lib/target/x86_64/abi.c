/*
 * abi.c - System V AMD64 classification (psABI 3.2.3) of SIR types.
 *
 * SIR has no vectors, long double or unaligned members, so the rules
 * reduce to: size 0 takes nothing; larger than 16 bytes is MEMORY;
 * otherwise each eightbyte is SSE when every scalar in it is a float,
 * INTEGER otherwise.  Arrays classify like the struct that wraps them
 * (spec 4.3).
 *
 * Then the lowering of parameters, returns and calls: register arguments
 * are copied into their physregs immediately before the call and results
 * out of them immediately after it, so physreg live ranges stay short;
 * aggregates in registers are packed into and unpacked from eightbyte
 * registers with shifts (through a frame temporary only when an SSE
 * eightbyte holds two f32); MEMORY-class
 * aggregates are stored to or loaded from the argument area; a MEMORY
 * result uses a caller buffer passed in rdi and returned in rax.
 */
#include "x64.h"

#include <string.h>

X64Class
x64_classify(IrModule *m, IrType t)
{
    X64Class c = {0};
    if (ir_type_is_scalar(t)) {
        c.n = 1;
        c.cls[0] = ir_type_is_float(t) ? X64_SSE : X64_INT;
        return c;
    }
    uint64_t size = ir_type_size(m, t);
    if (size == 0)
        return c;
    if (size > 16) {
        c.memory = true;
        return c;
    }
    c.n = size > 8 ? 2 : 1;
    c.cls[0] = c.cls[1] = X64_SSE;
    CgLeaf *lv;
    uint32_t nl = cg_leaves(m, t, &lv);
    for (uint32_t k = 0; k < nl; k++)
        if (!ir_type_is_float(lv[k].ty))
            c.cls[lv[k].off / 8] = X64_INT;
    free(lv);
    return c;
}

static const uint8_t int_args[6] = {RDI, RSI, RDX, RCX, R8, R9};

/* ---------------------------------------------------------------- ABI */

X64Fn *
x64_fn(CgCtx *c)
{
    return cg_tpriv(c, sizeof(X64Fn));
}

/* Argument areas are addressed with 32-bit displacements: larger ones
 * are refused (lower.c bounds the frame the same way). */
enum { ARGAREA_MAX = INT32_MAX / 2 };

static uint64_t
round8(uint64_t x)
{
    return (x + 7) / 8 * 8;
}

/* Places an argument of n bytes at the end of the area *stack, setting
 * *off; false when the area would exceed ARGAREA_MAX. */
static bool
area_add(uint64_t *stack, uint64_t n, uint32_t *off)
{
    if (n > ARGAREA_MAX || *stack + round8(n) > ARGAREA_MAX)
        return false;
    *off = (uint32_t)*stack;
    *stack += round8(n);
    return true;
}

/* Extends a narrow argument or result as spec 4.3 requires. */
static uint32_t
extend_abi(CgCtx *c, IrType t, uint32_t r)
{
    if (t.id == IR_TY_BOOL) {
        uint32_t d = x64_newv(c, MIR_GP);
        x64_emitx(c, X64_MOVZX, 4, 1, mir_reg(r, 1), mir_reg(d, 4));
        return d;
    }
    if (t.id == IR_TY_I8 || t.id == IR_TY_I16) {
        uint32_t d = x64_newv(c, MIR_GP);
        x64_emitx(c, X64_MOVSX, 4, cg_tsize(t), mir_reg(r, cg_tsize(t)),
                  mir_reg(d, 4));
        return d;
    }
    return r;
}

/*
 * Aggregates in registers without a trip through memory.  Eightbyte e of
 * a value is built from its leaves (each zero-extended, shifted to its
 * offset and or-ed in) and taken apart the same way (shifted down and
 * zero-extended, as a load of the leaf would leave it).  An SSE
 * eightbyte must hold exactly one float (two f32 would need shuffles);
 * for any other shape direct() fails and the value goes through a frame
 * temporary.
 */
static bool
direct(IrModule *m, IrType t, X64Class cl)
{
    CgLeaf *lv;
    uint32_t nl = cg_leaves(m, t, &lv);
    unsigned cnt[2] = {0, 0};
    for (uint32_t k = 0; k < nl; k++)
        cnt[lv[k].off / 8 & 1]++;
    free(lv);
    for (unsigned e = 0; e < cl.n; e++)
        if (cl.cls[e] == X64_SSE && cnt[e] != 1)
            return false;
    return true;
}

/* A new vreg holding eightbyte e (of class cls) of v. */
static uint32_t
pack8(CgCtx *c, IrValue v, IrType t, unsigned e, unsigned cls)
{
    CgLeaf *lv;
    uint32_t nl = cg_leaves(c->m, t, &lv), n;
    const uint32_t *regs = cg_value_regs(c, v, &n);
    uint32_t acc = 0;
    for (uint32_t k = 0; k < nl && k < n; k++) {
        if (lv[k].off / 8 != e)
            continue;
        uint32_t r = regs[k];
        unsigned sz = cg_tsize(lv[k].ty), sh = 8 * (lv[k].off % 8);
        if (cls == X64_SSE) {
            acc = x64_newv(c, MIR_FP);
            x64_move(c, MIR_FP, r, acc);
            continue;
        }
        uint32_t x = x64_newv(c, MIR_GP);
        if (ir_type_is_float(lv[k].ty))
            x64_emit2(c, X64_MOVXG, 4, x64_reg(r), mir_reg(x, 4));
        else if (sz == 8)
            x64_emit2(c, X64_MOV, 8, x64_reg(r), x64_reg(x));
        else
            x64_emitx(c, X64_MOVZX, sz == 4 ? 8 : 4, sz, mir_reg(r, sz),
                      mir_reg(x, sz == 4 ? 8 : 4));
        if (sh)
            x64_emit2(c, X64_SHL, 8, mir_imm(sh), x64_reg(x));
        if (acc)
            x64_emit2(c, X64_OR, 8, x64_reg(x), x64_reg(acc));
        else
            acc = x;
    }
    free(lv);
    if (!acc) {     /* only padding (direct() wants SSE ones full) */
        acc = x64_newv(c, MIR_GP);
        x64_emit2(c, X64_MOVI, 4, mir_imm(0), x64_reg(acc));
    }
    return acc;
}

/* Defines the leaves of v from its eightbytes, in vregs r[0 .. cl.n). */
static void
unpack8(CgCtx *c, IrValue v, IrType t, X64Class cl, const uint32_t *r)
{
    CgLeaf *lv;
    uint32_t nl = cg_leaves(c->m, t, &lv), n;
    const uint32_t *regs = cg_define(c, v, &n);
    uint32_t *rr = xmalloc((n + 1) * sizeof *rr);
    memcpy(rr, regs, n * sizeof *rr);
    for (uint32_t k = 0; k < nl && k < n; k++) {
        unsigned e = (unsigned)(lv[k].off / 8);
        unsigned sz = cg_tsize(lv[k].ty), sh = 8 * (lv[k].off % 8);
        if (cl.cls[e] == X64_SSE) {
            x64_move(c, MIR_FP, r[e], rr[k]);
            continue;
        }
        uint32_t x = r[e];
        if (sh) {
            x = x64_newv(c, MIR_GP);
            x64_emit2(c, X64_MOV, 8, x64_reg(r[e]), x64_reg(x));
            x64_emit2(c, X64_SHR, 8, mir_imm(sh), x64_reg(x));
        }
        if (ir_type_is_float(lv[k].ty))
            x64_emit2(c, X64_MOVGX, 4, mir_reg(x, 4), x64_reg(rr[k]));
        else if (sz == 8)
            x64_emit2(c, X64_MOV, 8, x64_reg(x), x64_reg(rr[k]));
        else
            x64_emitx(c, X64_MOVZX, sz == 4 ? 8 : 4, sz, mir_reg(x, sz),
                      mir_reg(rr[k], sz == 4 ? 8 : 4));
    }
    free(rr);
    free(lv);
}

void
x64_isel_entry(CgCtx *c)
{
    IrFunc *f = c->irf;
    IrModule *m = c->m;
    MirFunc *mf = c->mf;
    const IrSigData *sd = ir_func_sig(f);
    IrBlock entry = ir_layout_entry(f);
    X64Fn *st = x64_fn(c);
    unsigned ni = 0, ns = 0;
    uint64_t stack = 0;
    if (sd->conv == IR_CONV_WIN64) {
        cg_error(c, f->loc, "the win64 calling convention is not supported "
                 "by this backend");
        return;
    }
    if (sd->ret.id != IR_TY_VOID && x64_classify(m, sd->ret).memory) {
        st->sret = x64_newv(c, MIR_GP);
        x64_move(c, MIR_GP, RDI, st->sret);
        ni = 1;
    }
    uint32_t np = ir_block(f, entry)->nparams;
    /* placement: 0 = regs (temp obj for aggregates), 1 = stack,
     * 3 = an aggregate in eightbyte vregs eb[k] */
    uint32_t *where = xcalloc(np + 1, sizeof *where);
    uint32_t *obj = xcalloc(np + 1, sizeof *obj);
    uint32_t *off = xcalloc(np + 1, sizeof *off);
    uint32_t (*eb)[2] = xcalloc(np + 1, sizeof *eb);   /* where 3 */
    uint32_t big = 0;       /* 1 + the parameter the area cannot hold */
    /* pass 1: copy every register argument out of its physreg */
    for (uint32_t k = 0; k < np; k++) {
        IrValue v = ir_block_param(f, entry, k);
        IrType t = ir_value_type(f, v);
        const IrParam *pa = k < sd->nparams ?
            ir_sig_param(m, ir_sym_c(m, f->sym)->sig, k) : NULL;
        if (pa && (pa->attrs & IR_ATTR_BYVAL)) {
            where[k] = 1;
            if (!area_add(&stack, pa->byval, &off[k])) {
                big = k + 1;
                break;
            }
            continue;
        }
        X64Class cl = x64_classify(m, t);
        unsigned wi = 0, ws = 0;
        for (unsigned e = 0; e < cl.n; e++)
            *(cl.cls[e] == X64_INT ? &wi : &ws) += 1;
        if (cl.memory || ni + wi > 6 || ns + ws > 8) {
            where[k] = 1;
            if (!area_add(&stack, ir_type_size(m, t), &off[k])) {
                big = k + 1;
                break;
            }
            continue;
        }
        if (cl.n == 0)
            continue;
        if (ir_type_is_scalar(t)) {
            uint32_t n;
            const uint32_t *r = cg_define(c, v, &n);
            if (cl.cls[0] == X64_INT)
                x64_move(c, MIR_GP, int_args[ni++], r[0]);
            else
                x64_move(c, MIR_FP, XMM0 + ns++, r[0]);
            where[k] = 2;
            continue;
        }
        if (direct(m, t, cl)) {
            where[k] = 3;
            for (unsigned e = 0; e < cl.n; e++) {
                bool gp = cl.cls[e] == X64_INT;
                eb[k][e] = x64_newv(c, gp ? MIR_GP : MIR_FP);
                x64_move(c, gp ? MIR_GP : MIR_FP,
                         gp ? int_args[ni++] : XMM0 + ns++, eb[k][e]);
            }
            continue;
        }
        obj[k] = mir_frame_new(mf, MF_TEMP, 16, 8);
        for (unsigned e = 0; e < cl.n; e++) {
            MirOpnd dst = mir_mem(MB_FRAME, obj[k], 8 * e, 8);
            if (cl.cls[e] == X64_INT)
                x64_emit2(c, X64_MOV, 8, x64_reg(int_args[ni++]), dst);
            else
                x64_emit2(c, X64_MOVS, 8, x64_reg(XMM0 + ns++), dst);
        }
    }
    if (big) {
        cg_error(c, f->loc, "the incoming stack argument area exceeds %u "
                 "bytes (at parameter %u, counting from 0)",
                 (unsigned)ARGAREA_MAX, big - 1);
        free(where), free(obj), free(off), free(eb);
        return;
    }
    /* pass 2: loads from the stack and from the temporaries */
    for (uint32_t k = 0; k < np; k++) {
        IrValue v = ir_block_param(f, entry, k);
        IrType t = ir_value_type(f, v);
        const IrParam *pa = k < sd->nparams ?
            ir_sig_param(m, ir_sym_c(m, f->sym)->sig, k) : NULL;
        if (where[k] == 2)
            continue;
        if (pa && (pa->attrs & IR_ATTR_BYVAL)) {
            uint32_t n;
            const uint32_t *r = cg_define(c, v, &n);
            x64_emit2(c, X64_LEAR, 8, mir_mem(MB_INARG, 0, off[k], 8),
                      x64_reg(r[0]));
            continue;
        }
        if (where[k] == 3)
            unpack8(c, v, t, x64_classify(m, t), eb[k]);
        else if (where[k] == 1)
            x64_load_value(c, v, t, mir_mem(MB_INARG, 0, off[k], 8), false);
        else if (obj[k])
            x64_load_value(c, v, t, mir_mem(MB_FRAME, obj[k], 0, 8), false);
        else {
            uint32_t n;
            cg_define(c, v, &n);    /* zero-sized */
        }
    }
    mf->inarg_size = stack;
    free(where), free(obj), free(off), free(eb);
}

void
x64_sel_ret(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    IrInstData *id = ir_inst(f, i);
    if (id->ty.id == IR_TY_VOID || !id->nargs) {
        mir_emit(mf, X64_RET, 0, NULL, 0);
        return;
    }
    IrValue v = ir_inst_arg(f, i, 0);
    IrType t = id->ty;
    X64Class cl = x64_classify(c->m, t);
    uint32_t uses[4], nu = 0;
    if (cl.memory) {
        uint32_t p = x64_fn(c)->sret;
        x64_store_value(c, v, t, mir_mem(MB_REG, p, 0, 8));
        x64_move(c, MIR_GP, p, RAX);
        uses[nu++] = RAX;
    } else if (ir_type_is_scalar(t)) {
        uint32_t r = x64_R(c, v);
        if (cl.cls[0] == X64_SSE) {
            x64_move(c, MIR_FP, r, XMM0);
            uses[nu++] = XMM0;
        } else {
            r = extend_abi(c, t, r);
            x64_move(c, MIR_GP, r, RAX);
            uses[nu++] = RAX;
        }
    } else if (cl.n && direct(c->m, t, cl)) {
        uint32_t x[2];
        for (unsigned e = 0; e < cl.n; e++)
            x[e] = pack8(c, v, t, e, cl.cls[e]);
        unsigned ni = 0, ns = 0;
        for (unsigned e = 0; e < cl.n; e++) {
            bool gp = cl.cls[e] == X64_INT;
            uint32_t r = gp ? (ni++ ? RDX : RAX) : XMM0 + ns++;
            x64_move(c, gp ? MIR_GP : MIR_FP, x[e], r);
            uses[nu++] = r;
        }
    } else if (cl.n) {
        uint32_t tmp = mir_frame_new(mf, MF_TEMP, 16, 8);
        x64_store_value(c, v, t, mir_mem(MB_FRAME, tmp, 0, 8));
        unsigned ni = 0, ns = 0;
        for (unsigned e = 0; e < cl.n; e++) {
            MirOpnd src = mir_mem(MB_FRAME, tmp, 8 * e, 8);
            if (cl.cls[e] == X64_INT) {
                uint32_t r = ni++ ? RDX : RAX;
                x64_emit2(c, X64_MOV, 8, src, x64_reg(r));
                uses[nu++] = r;
            } else {
                uint32_t r = XMM0 + ns++;
                x64_emit2(c, X64_MOVS, 8, src, x64_reg(r));
                uses[nu++] = r;
            }
        }
    }
    uint32_t ri = mir_emit(mf, X64_RET, 0, NULL, 0);
    for (uint32_t k = 0; k < nu; k++)
        mir_add_opnd(mf, ri, x64_reg(uses[k]), MIR_R_USE);
}

typedef struct {
    IrValue v;
    IrType t;
    uint64_t byval;     /* byval(N) pointer argument */
    X64Class cl;
    bool stack;
    uint32_t off;
} Arg;

/* Copies of up to this many bytes are unrolled; longer ones are one
 * `rep movsb`, so the compiler's memory does not grow with the size. */
enum { COPY_UNROLL_MAX = 128 };

/* Copies n bytes from the address in register p to the outgoing
 * argument area at dst. */
static void
copy_bytes(CgCtx *c, uint32_t p, MirOpnd dst, uint64_t n)
{
    MirOpnd src = mir_mem(MB_REG, p, 0, 8);
    if (n > COPY_UNROLL_MAX) {
        x64_move(c, MIR_GP, p, RSI);
        x64_emit2(c, X64_LEA, 8, dst, x64_reg(RDI));
        x64_emit2(c, X64_MOVI, 8, mir_imm((int64_t)n), x64_reg(RCX));
        mir_emit(c->mf, X64_REPMOVSB, 8, NULL, 0);
        return;
    }
    uint64_t o = 0;
    while (o < n) {
        uint8_t w = n - o >= 8 ? 8 : n - o >= 4 ? 4 : n - o >= 2 ? 2 : 1;
        uint32_t t = x64_newv(c, MIR_GP);
        if (w < 4)
            x64_emitx(c, X64_MOVZX, 4, w, x64_mem_at(src, (int64_t)o, w),
                      x64_reg(t));
        else
            x64_emit2(c, X64_MOV, w, x64_mem_at(src, (int64_t)o, w),
                      mir_reg(t, w));
        x64_emit2(c, X64_MOV, w, mir_reg(t, w), x64_mem_at(dst, (int64_t)o, w));
        o += w;
    }
}

/* A call to 'callee' (a symbol operand or a register) with signature
 * sig and the IR arguments args[0..n). */
void
x64_lower_call(CgCtx *c, IrInst i, MirOpnd callee, IrSig sig,
           const IrValue *args0, uint32_t n)
{
    IrModule *m = c->m;
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    const IrSigData *sd = ir_sig(m, sig);
    IrValue *args = xmalloc((n + 1) * sizeof *args);
    if (n)
        memcpy(args, args0, n * sizeof *args);
    Arg *a = xcalloc(n + 1, sizeof *a);
    unsigned ni = 0, ns = 0;
    uint64_t stack = 0;
    uint32_t retobj = 0, bad = 0;   /* 1 + the argument that does not fit */
    X64Class rc = {0};
    if (sd->ret.id != IR_TY_VOID) {
        rc = x64_classify(m, sd->ret);
        if (rc.memory) {
            uint64_t sz = ir_type_size(m, sd->ret);
            retobj = mir_frame_new(mf, MF_TEMP, (uint32_t)sz,
                                   ir_type_align(m, sd->ret));
            ni = 1;
        }
    }
    for (uint32_t k = 0; k < n; k++) {
        a[k].v = args[k];
        a[k].t = ir_value_type(f, args[k]);
        if (k < sd->nparams) {
            const IrParam *pa = ir_sig_param(m, sig, k);
            if (pa->attrs & IR_ATTR_BYVAL)
                a[k].byval = pa->byval;
        }
        if (a[k].byval) {
            a[k].stack = true;
            if (!area_add(&stack, a[k].byval, &a[k].off)) {
                bad = k + 1;
                break;
            }
            continue;
        }
        X64Class cl = x64_classify(m, a[k].t);
        a[k].cl = cl;
        unsigned wi = 0, ws = 0;
        for (unsigned e = 0; e < cl.n; e++)
            *(cl.cls[e] == X64_INT ? &wi : &ws) += 1;
        if (cl.memory || ni + wi > 6 || ns + ws > 8) {
            a[k].stack = true;
            if (!area_add(&stack, ir_type_size(m, a[k].t), &a[k].off)) {
                bad = k + 1;
                break;
            }
            continue;
        }
        ni += wi;
        ns += ws;
    }
    if (bad) {
        cg_error(c, ir_inst(f, i)->loc, "the outgoing stack argument area "
                 "exceeds %u bytes (at argument %u, counting from 0)",
                 (unsigned)ARGAREA_MAX, bad - 1);
        free(a), free(args);
        return;
    }
    if (stack > mf->outarg_size)
        mf->outarg_size = (uint32_t)stack;
    /* stack arguments first, then register values, then the copies
     * into physregs right before the call */
    uint32_t pregs[16], vals[16], np = 0;
    ni = rc.memory ? 1 : 0;
    ns = 0;
    for (uint32_t k = 0; k < n; k++) {
        MirOpnd out = mir_mem(MB_OUTARG, 0, a[k].off, 8);
        if (a[k].byval) {
            uint32_t p = x64_R(c, a[k].v);
            copy_bytes(c, p, out, a[k].byval);
            continue;
        }
        if (a[k].stack) {
            if (ir_type_is_scalar(a[k].t)) {
                uint32_t r = x64_R(c, a[k].v);
                if (ir_type_is_float(a[k].t)) {
                    x64_emit2(c, X64_MOVS, 8, x64_reg(r), out);
                } else {
                    r = extend_abi(c, a[k].t, r);
                    x64_emit2(c, X64_MOV, 8, x64_reg(r), out);
                }
            } else {
                x64_store_value(c, a[k].v, a[k].t, out);
            }
            continue;
        }
        X64Class cl = a[k].cl;
        if (cl.n == 0)
            continue;
        if (ir_type_is_scalar(a[k].t)) {
            uint32_t r = x64_R(c, a[k].v);
            if (cl.cls[0] == X64_INT) {
                vals[np] = extend_abi(c, a[k].t, r);
                pregs[np++] = int_args[ni++];
            } else {
                vals[np] = r;
                pregs[np++] = XMM0 + ns++;
            }
            continue;
        }
        if (direct(c->m, a[k].t, cl)) {
            for (unsigned e = 0; e < cl.n; e++) {
                vals[np] = pack8(c, a[k].v, a[k].t, e, cl.cls[e]);
                pregs[np++] = cl.cls[e] == X64_INT ? int_args[ni++]
                                                   : XMM0 + ns++;
            }
            continue;
        }
        uint32_t tmp = mir_frame_new(mf, MF_TEMP, 16, 8);
        x64_store_value(c, a[k].v, a[k].t, mir_mem(MB_FRAME, tmp, 0, 8));
        for (unsigned e = 0; e < cl.n; e++) {
            MirOpnd src = mir_mem(MB_FRAME, tmp, 8 * e, 8);
            uint32_t r;
            if (cl.cls[e] == X64_INT) {
                r = x64_newv(c, MIR_GP);
                x64_emit2(c, X64_MOV, 8, src, x64_reg(r));
                pregs[np] = int_args[ni++];
            } else {
                r = x64_newv(c, MIR_FP);
                x64_emit2(c, X64_MOVS, 8, src, x64_reg(r));
                pregs[np] = XMM0 + ns++;
            }
            vals[np++] = r;
        }
    }
    if (rc.memory) {
        uint32_t r = x64_newv(c, MIR_GP);
        x64_emit2(c, X64_LEAR, 8, mir_mem(MB_FRAME, retobj, 0, 8), x64_reg(r));
        vals[np] = r;
        pregs[np++] = RDI;
    }
    for (uint32_t k = 0; k < np; k++)
        x64_move(c, pregs[k] >= XMM0 ? MIR_FP : MIR_GP, vals[k], pregs[k]);
    if (sd->variadic) {
        x64_emit2(c, X64_MOVI, 4, mir_imm(ns), x64_reg(RAX));
        pregs[np++] = RAX;
    }
    uint32_t ci = mir_emit1(mf, X64_CALL, 8, callee);
    for (uint32_t k = 0; k < np; k++)
        mir_add_opnd(mf, ci, x64_reg(pregs[k]), MIR_R_USE);
    mf->has_calls = true;
    IrValue res = ir_inst_result(f, i);
    if (sd->ret.id == IR_TY_VOID) {
        free(a), free(args);
        return;
    }
    if (rc.memory) {
        mir_add_opnd(mf, ci, x64_reg(RAX), MIR_R_DEF);
        if (res.id)
            x64_load_value(c, res, sd->ret, mir_mem(MB_FRAME, retobj, 0, 8),
                       false);
    } else if (ir_type_is_scalar(sd->ret)) {
        uint32_t pr = rc.cls[0] == X64_INT ? RAX : XMM0;
        mir_add_opnd(mf, ci, x64_reg(pr), MIR_R_DEF);
        if (res.id)
            x64_move(c, pr == RAX ? MIR_GP : MIR_FP, pr, cg_def1(c, i));
    } else if (rc.n) {
        unsigned ri = 0, rs = 0;
        uint32_t rr[2];
        for (unsigned e = 0; e < rc.n; e++) {
            rr[e] = rc.cls[e] == X64_INT ? (ri++ ? RDX : RAX)
                                         : (uint32_t)(XMM0 + rs++);
            mir_add_opnd(mf, ci, x64_reg(rr[e]), MIR_R_DEF);
        }
        if (direct(c->m, sd->ret, rc)) {
            /* out of the physregs at once, as for scalars */
            uint32_t x[2];
            for (unsigned e = 0; e < rc.n; e++) {
                MirClass k = rr[e] >= XMM0 ? MIR_FP : MIR_GP;
                x[e] = x64_newv(c, k);
                x64_move(c, k, rr[e], x[e]);
            }
            if (res.id)
                unpack8(c, res, sd->ret, rc, x);
        } else {
            uint32_t tmp = mir_frame_new(mf, MF_TEMP, 16, 8);
            for (unsigned e = 0; e < rc.n; e++)
                x64_emit2(c, rr[e] >= XMM0 ? X64_MOVS : X64_MOV, 8,
                          x64_reg(rr[e]), mir_mem(MB_FRAME, tmp, 8 * e, 8));
            if (res.id)
                x64_load_value(c, res, sd->ret, mir_mem(MB_FRAME, tmp, 0, 8),
                               false);
        }
    } else if (res.id) {
        uint32_t nn;
        cg_define(c, res, &nn);
    }
    free(a), free(args);
}

void
x64_sel_call(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    const IrValue *args = ir_inst_args(f, i);
    if (id->op == IR_OP_CALL) {
        const IrSymData *sd = ir_sym_c(c->m, (IrSym){(uint32_t)id->imm});
        if (sd->sig.id && ir_sig(c->m, sd->sig)->conv == IR_CONV_WIN64) {
            cg_error(c, id->loc, "the win64 calling convention is not "
                     "supported by this backend");
            return;
        }
        x64_lower_call(c, i, cg_callee_sym(c, (uint32_t)id->imm), sd->sig, args,
                   id->nargs);
    } else {
        IrSig sig = {(uint32_t)id->imm};
        if (ir_sig(c->m, sig)->conv == IR_CONV_WIN64) {
            cg_error(c, id->loc, "the win64 calling convention is not "
                     "supported by this backend");
            return;
        }
        uint32_t r = x64_R(c, args[0]);
        x64_lower_call(c, i, x64_reg(r), sig, args + 1, id->nargs - 1);
    }
}

