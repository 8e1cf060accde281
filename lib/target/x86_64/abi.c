/*
 * abi.c - System V AMD64 classification (psABI 3.2.3) of SIR types.
 *
 * SIR has no vectors, long double or unaligned members, so the rules
 * reduce to: size 0 takes nothing; larger than 16 bytes is MEMORY;
 * otherwise each eightbyte is SSE when every scalar in it is a float,
 * INTEGER otherwise.  Arrays classify like the struct that wraps them
 * (spec 4.3).
 *
 * Then the placement of a signature for the shared lowering
 * (lib/codegen/callconv.c), with the instructions it asks for:
 * aggregates in registers are packed into and unpacked from eightbyte
 * registers with shifts (through a frame temporary only when an SSE
 * eightbyte holds two f32); MEMORY-class aggregates go in the argument
 * area; a MEMORY result uses a caller buffer passed in rdi and returned
 * in rax; byval(N) pointers are copied into the argument area.
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

/* Places argument k of size n (or its byval copy) in the area at *stack,
 * or reports that the area would exceed ARGAREA_MAX. */
static bool
area_arg(CgCtx *c, IrLoc loc, bool incoming, uint32_t k, uint64_t *stack,
         uint64_t n, CgArgLoc *l)
{
    if (area_add(stack, n, &l->off))
        return true;
    if (incoming)
        cg_error(c, loc, "the incoming stack argument area exceeds %u "
                 "bytes (at parameter %u, counting from 0)",
                 (unsigned)ARGAREA_MAX, k);
    else
        cg_error(c, loc, "the outgoing stack argument area exceeds %u "
                 "bytes (at argument %u, counting from 0)",
                 (unsigned)ARGAREA_MAX, k);
    return false;
}

/* CgAbi.classify: psABI 3.2.3's register assignment, in argument order:
 * an argument whose eightbytes do not all fit in the registers left
 * goes on the stack, and later ones may still take registers. */
static bool
classify_sig(CgCtx *c, IrLoc loc, bool incoming, IrSig sig, const IrType *ty,
             uint32_t n, CgCallConv *cc)
{
    IrModule *m = c->m;
    const IrSigData *sd = ir_sig(m, sig);
    unsigned ni = 0, ns = 0;
    uint64_t stack = 0;
    if (sd->conv == IR_CONV_WIN64) {
        cg_error(c, loc, "the win64 calling convention is not supported "
                 "by this backend");
        return false;
    }
    if (sd->ret.id != IR_TY_VOID) {
        X64Class rc = x64_classify(m, sd->ret);
        if (rc.memory) {
            cc->ret.kind = CG_LOC_REF;
            cc->sret_in = RDI;
            cc->sret_out = RAX;
            ni = 1;
        } else if (rc.n) {
            unsigned ri = 0, rs = 0;
            cc->ret.kind = CG_LOC_REGS;
            cc->ret.n = rc.n;
            for (unsigned e = 0; e < rc.n; e++) {
                cc->ret.reg[e] = rc.cls[e] == X64_INT ? (ri++ ? RDX : RAX)
                                                      : XMM0 + rs++;
                cc->ret.roff[e] = (uint8_t)(8 * e);
            }
        }
    }
    for (uint32_t k = 0; k < n; k++) {
        CgArgLoc *l = &cc->args[k];
        if (k < sd->nparams) {
            const IrParam *pa = ir_sig_param(m, sig, k);
            if (pa->attrs & IR_ATTR_BYVAL) {
                l->kind = CG_LOC_BYVAL;
                l->byval = pa->byval;
                if (!area_arg(c, loc, incoming, k, &stack, pa->byval, l))
                    return false;
                continue;
            }
        }
        X64Class cl = x64_classify(m, ty[k]);
        unsigned wi = 0, ws = 0;
        for (unsigned e = 0; e < cl.n; e++)
            *(cl.cls[e] == X64_INT ? &wi : &ws) += 1;
        if (cl.memory || ni + wi > 6 || ns + ws > 8) {
            l->kind = CG_LOC_STACK;
            if (!area_arg(c, loc, incoming, k, &stack,
                          ir_type_size(m, ty[k]), l))
                return false;
            continue;
        }
        if (cl.n == 0)
            continue;
        l->kind = CG_LOC_REGS;
        l->n = cl.n;
        for (unsigned e = 0; e < cl.n; e++) {
            l->reg[e] = cl.cls[e] == X64_INT ? int_args[ni++] : XMM0 + ns++;
            l->roff[e] = (uint8_t)(8 * e);
        }
    }
    cc->nfp = ns;
    cc->stack = (uint32_t)stack;
    return true;
}

/* CgAbi.extend: a narrow argument or result as spec 4.3 requires. */
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

static void
load_part(CgCtx *c, MirClass cls, MirOpnd m, uint32_t r)
{
    x64_emit2(c, cls == MIR_FP ? X64_MOVS : X64_MOV, 8, m, x64_reg(r));
}

static void
store_part(CgCtx *c, MirClass cls, uint32_t r, MirOpnd m)
{
    x64_emit2(c, cls == MIR_FP ? X64_MOVS : X64_MOV, 8, x64_reg(r), m);
}

static void
lea(CgCtx *c, MirOpnd m, uint32_t r)
{
    x64_emit2(c, X64_LEAR, 8, m, x64_reg(r));
}

static uint32_t
call(CgCtx *c, MirOpnd callee)
{
    return mir_emit1(c->mf, X64_CALL, 8, callee);
}

/*
 * Aggregates in registers without a trip through memory.  An eightbyte
 * is built from its leaves (each zero-extended, shifted to its offset
 * and or-ed in) and taken apart the same way (shifted down and
 * zero-extended, as a load of the leaf would leave it).
 */
static uint32_t
pack(CgCtx *c, IrType t, uint32_t r, unsigned sh, uint32_t acc)
{
    if (!r) {
        acc = x64_newv(c, MIR_GP);
        x64_emit2(c, X64_MOVI, 4, mir_imm(0), x64_reg(acc));
        return acc;
    }
    unsigned sz = cg_tsize(t);
    uint32_t x = x64_newv(c, MIR_GP);
    if (ir_type_is_float(t))
        x64_emit2(c, X64_MOVXG, 4, x64_reg(r), mir_reg(x, 4));
    else if (sz == 8)
        x64_emit2(c, X64_MOV, 8, x64_reg(r), x64_reg(x));
    else
        x64_emitx(c, X64_MOVZX, sz == 4 ? 8 : 4, sz, mir_reg(r, sz),
                  mir_reg(x, sz == 4 ? 8 : 4));
    if (sh)
        x64_emit2(c, X64_SHL, 8, mir_imm(sh), x64_reg(x));
    if (!acc)
        return x;
    x64_emit2(c, X64_OR, 8, x64_reg(x), x64_reg(acc));
    return acc;
}

static void
unpack(CgCtx *c, IrType t, uint32_t r, unsigned sh, uint32_t d)
{
    unsigned sz = cg_tsize(t);
    uint32_t x = r;
    if (sh) {
        x = x64_newv(c, MIR_GP);
        x64_emit2(c, X64_MOV, 8, x64_reg(r), x64_reg(x));
        x64_emit2(c, X64_SHR, 8, mir_imm(sh), x64_reg(x));
    }
    if (ir_type_is_float(t))
        x64_emit2(c, X64_MOVGX, 4, mir_reg(x, 4), x64_reg(d));
    else if (sz == 8)
        x64_emit2(c, X64_MOV, 8, x64_reg(x), x64_reg(d));
    else
        x64_emitx(c, X64_MOVZX, sz == 4 ? 8 : 4, sz, mir_reg(x, sz),
                  mir_reg(d, sz == 4 ? 8 : 4));
}

/* Copies of up to this many bytes are unrolled; longer ones are one
 * `rep movsb`, so the compiler's memory does not grow with the size. */
enum { COPY_UNROLL_MAX = 128 };

/* CgAbi.copy_bytes: n bytes from the address in register p to the
 * outgoing argument area at dst. */
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

/* CgAbi.pre_call: a variadic callee learns from %al how many vector
 * registers hold arguments (psABI 3.5.7). */
static void
pre_call(CgCtx *c, IrSig sig, const CgCallConv *cc, uint32_t *pregs,
         uint32_t *np)
{
    if (!ir_sig(c->m, sig)->variadic)
        return;
    x64_emit2(c, X64_MOVI, 4, mir_imm(cc->nfp), x64_reg(RAX));
    pregs[(*np)++] = RAX;
}

const CgAbi x64_abi = {
    .classify = classify_sig,
    .extend = extend_abi,
    .load_part = load_part,
    .store_part = store_part,
    .lea = lea,
    .load_leaf = x64_load_leaf,
    .store_leaf = x64_store_leaf,
    .call = call,
    .pack = pack,
    .unpack = unpack,
    .copy_bytes = copy_bytes,
    .pre_call = pre_call,
};
