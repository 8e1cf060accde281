/*
 * interp_exec.c - the execution loop: one switch over decoded
 * instructions (interp_int.h), with the checks for undefined behaviour
 * of spec section 8 made inline where they are cheap.
 *
 * Integers are kept zero-extended to 64 bits and masked after each
 * operation; signed readings sign-extend with a shift pair ('sh' is
 * 64 - width).  f32 arithmetic is done in float, f64 in double, one
 * operation per C statement, so nothing is contracted or kept in excess
 * precision.  Operations whose C counterpart is undefined (division by
 * zero, INT_MIN / -1, oversized shifts, out-of-range float to integer
 * conversions) are always guarded, so that with --no-check-ub the
 * interpreter still never traps on them: it then yields some value.
 *
 * A SIR call pushes a frame record and continues in the same loop; a
 * return pops it.  itp_exec returns when the frame at depth 'stop'
 * returns, leaving the result in ip->retbuf.
 */
#include "interp_int.h"

#include <math.h>
#include <string.h>

static inline uint64_t
get(const uint8_t *fp, uint32_t o)
{
    uint64_t v;
    memcpy(&v, fp + o, 8);
    return v;
}

static inline void
set(uint8_t *fp, uint32_t o, uint64_t v)
{
    memcpy(fp + o, &v, 8);
}

static inline float
getf(const uint8_t *fp, uint32_t o)
{
    float x;
    memcpy(&x, fp + o, 4);
    return x;
}

static inline void
setf(uint8_t *fp, uint32_t o, float x)
{
    uint32_t b;
    memcpy(&b, &x, 4);
    set(fp, o, b);
}

static inline double
getd(const uint8_t *fp, uint32_t o)
{
    double x;
    memcpy(&x, fp + o, 8);
    return x;
}

static inline void
setd(uint8_t *fp, uint32_t o, double x)
{
    memcpy(fp + o, &x, 8);
}

static inline int64_t
sx(uint64_t v, unsigned sh)
{
    return (int64_t)(v << sh) >> sh;
}

static bool
icmp(unsigned p, uint64_t a, uint64_t b, unsigned sh)
{
    int64_t x = sx(a, sh), y = sx(b, sh);
    switch ((IrPred)p) {
    case IR_PRED_EQ: return a == b;
    case IR_PRED_NE: return a != b;
    case IR_PRED_UGT: return a > b;
    case IR_PRED_UGE: return a >= b;
    case IR_PRED_ULT: return a < b;
    case IR_PRED_ULE: return a <= b;
    case IR_PRED_SGT: return x > y;
    case IR_PRED_SGE: return x >= y;
    case IR_PRED_SLT: return x < y;
    case IR_PRED_SLE: return x <= y;
    default: return false;
    }
}

/* f32 operands are widened first: exact, and NaNs stay NaNs. */
static bool
fcmp(unsigned p, double a, double b)
{
    switch ((IrPred)p) {
    case IR_PRED_ORD: return !isnan(a) && !isnan(b);
    case IR_PRED_UNO: return isnan(a) || isnan(b);
    case IR_PRED_OEQ: return a == b;
    case IR_PRED_ONE: return a < b || a > b;
    case IR_PRED_OGT: return a > b;
    case IR_PRED_OGE: return a >= b;
    case IR_PRED_OLT: return a < b;
    case IR_PRED_OLE: return a <= b;
    case IR_PRED_UEQ: return !(a < b || a > b);
    case IR_PRED_UNE: return !(a == b);
    case IR_PRED_UGT: return !(a <= b);
    case IR_PRED_UGE: return !(a < b);
    case IR_PRED_ULT: return !(a >= b);
    case IR_PRED_ULE: return !(a > b);
    default: return false;
    }
}

/* Reads a scalar of 'size' bytes from memory, zero-extended. */
static inline uint64_t
rd(const void *p, uint64_t size)
{
    uint64_t v = 0;
    switch (size) {
    case 1: { uint8_t x; memcpy(&x, p, 1); v = x; break; }
    case 2: { uint16_t x; memcpy(&x, p, 2); v = x; break; }
    case 4: { uint32_t x; memcpy(&x, p, 4); v = x; break; }
    case 8: memcpy(&v, p, 8); break;
    }
    return v;
}

static inline void
wr(void *p, uint64_t v, uint64_t size)
{
    switch (size) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    case 8: memcpy(p, &v, 8); break;
    }
}

static const char *
opname(const DInst *in)
{
    switch (in->op) {
    case D_SDIV: return "sdiv";
    case D_UDIV: return "udiv";
    case D_SREM: return "srem";
    case D_UREM: return "urem";
    case D_SHL: return "shl";
    case D_LSHR: return "lshr";
    case D_ASHR: return "ashr";
    case D_FTOSI: return "ftosi";
    default: return "ftoui";
    }
}

/* Float to integer: the truncated value, or UB. */
static uint64_t
ftoi(Interp *ip, const DInst *in, double d)
{
    unsigned w = 64 - in->sh;
    bool is_signed = in->op == D_FTOSI;
    double t = trunc(d);
    double lo = is_signed ? -ldexp(1.0, (int)w - 1) : 0.0;
    double hi = ldexp(1.0, is_signed ? (int)w - 1 : (int)w);
    if (!(t >= lo && t < hi)) {     /* NaN fails too */
        if (ip->opt.check_ub) {
            const char *why = isnan(d) ? "NaN"
                              : isinf(d) ? "an infinity" : "out of range";
            itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s of "
                        "%s (%.17g to i%u)", opname(in), why, d, w);
        }
        t = isnan(d) || t >= hi || t < lo ? lo : t;
    }
    uint64_t v = is_signed ? (uint64_t)(int64_t)t : (uint64_t)t;
    return v & in->imm;
}

static void
moves(Interp *ip, uint8_t *fp, uint8_t *tmp, const DEdge *e)
{
    const DMove *mv = ip->moves.data + e->moves;
    uint32_t n = e->nmoves;
    if (!e->via_tmp) {
        for (uint32_t k = 0; k < n; k++)
            memcpy(fp + mv[k].dst, fp + mv[k].src, mv[k].size);
        return;
    }
    uint8_t *t = tmp;
    for (uint32_t k = 0; k < n; k++, t += mv[k - 1].size)
        memcpy(t, fp + mv[k].src, mv[k].size);
    t = tmp;
    for (uint32_t k = 0; k < n; k++, t += mv[k - 1].size)
        memcpy(fp + mv[k].dst, t, mv[k].size);
}

/* ---------------------------------------------------------- the loop */

static void
ub(Interp *ip, const DInst *in, const char *msg)
{
    if (ip->opt.check_ub)
        itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s", msg);
}

static void
shift_ub(Interp *ip, const DInst *in, uint64_t amount)
{
    if (ip->opt.check_ub)
        itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s by %llu,"
                    " not below the width %u", opname(in),
                    (unsigned long long)amount, 64 - in->sh);
}

static void
load_agg(Interp *ip, const DInst *in, uint8_t *dst, const uint8_t *src)
{
    uint32_t n;
    const Run *r = itp_runs(ip, (IrType){in->aux}, &n);
    for (uint32_t k = 0; k < n; k++) {
        if (r[k].is_bool && src[r[k].off] > 1 && ip->opt.check_ub)
            itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: load "
                        "of a bool member from a byte holding 0x%02x",
                        src[r[k].off]);
        memcpy(dst + r[k].off, src + r[k].off, r[k].size);
    }
}

static void
store_agg(Interp *ip, const DInst *in, uint8_t *dst, const uint8_t *src)
{
    uint32_t n;
    const Run *r = itp_runs(ip, (IrType){in->aux}, &n);
    for (uint32_t k = 0; k < n; k++)
        memcpy(dst + r[k].off, src + r[k].off, r[k].size);
}

/* The promises of parameter attributes, after the callee's frame is
 * pushed: nonnull pointers are not null; a byval(N) parameter gets the
 * address of a copy of the N bytes, made in the callee's activation. */
static void
enter_params(Interp *ip, const DInst *call, DFunc *cf, uint8_t *nfp)
{
    for (uint32_t k = 0; k < cf->nparams; k++) {
        uint64_t p = get(nfp, cf->param_off[k]);
        if (cf->nonnull[k] && p == 0 && ip->opt.check_ub)
            itp_fail(ip, call, IR_INTERP_UB, "undefined behaviour: null "
                        "passed for nonnull parameter %u of @%s", k + 1,
                        ir_str(ip->m, ir_sym_c(ip->m, cf->sym)->name));
        uint64_t n = cf->byval[k];
        if (!n)
            continue;
        if (ip->opt.check_ub)
            itp_check_access(ip, call, p, n, 1, false);
        uintptr_t copy = itp_stack_alloc(ip, call, n, 8);
        memcpy((void *)copy, (const void *)p, n);
        set(nfp, cf->param_off[k], copy);
    }
}

void
itp_exec(Interp *ip, uint32_t stop)
{
    Frame *fr = &ip->frames[ip->depth - 1];
    uint8_t *fp = fr->fp;
    DInst *pc = fr->fn->code;
    const bool chk = ip->opt.check_ub;
    const bool lint = ip->opt.lint_undef;

    for (;;) {
        DInst *in = pc++;
        if (lint)
            itp_lint_step(ip, in, fp, fr->fn);
        switch ((DOp)in->op) {
        case D_CONST:
            set(fp, in->dst, in->imm);
            break;
        case D_ZERO:
            memset(fp + in->dst, 0, in->size);
            break;
        case D_STACKSLOT:
            set(fp, in->dst, fr->slots + in->imm);
            break;
        case D_GLOBALADDR:
            if (!in->imm)
                itp_fail(ip, in, IR_INTERP_ERROR, "external symbol @%s "
                            "not found in the host process",
                            ir_str(ip->m, ir_sym_c(ip->m,
                                   (IrSym){in->aux})->name));
            set(fp, in->dst, in->imm);
            break;

        case D_AND:
            set(fp, in->dst, get(fp, in->a) & get(fp, in->b));
            break;
        case D_OR:
            set(fp, in->dst, get(fp, in->a) | get(fp, in->b));
            break;
        case D_XOR:
            set(fp, in->dst, get(fp, in->a) ^ get(fp, in->b));
            break;
        case D_SHL: case D_LSHR: case D_ASHR: {
            uint64_t a = get(fp, in->a), b = get(fp, in->b), r;
            unsigned w = 64 - in->sh;
            if (b >= w) {
                shift_ub(ip, in, b);
                b &= w - 1;
            }
            if (in->op == D_SHL)
                r = a << b;
            else if (in->op == D_LSHR)
                r = a >> b;
            else
                r = (uint64_t)(sx(a, in->sh) >> b);
            set(fp, in->dst, r & in->imm);
            break;
        }
        case D_IADD:
            set(fp, in->dst, (get(fp, in->a) + get(fp, in->b)) & in->imm);
            break;
        case D_ISUB:
            set(fp, in->dst, (get(fp, in->a) - get(fp, in->b)) & in->imm);
            break;
        case D_IMUL:
            set(fp, in->dst, (get(fp, in->a) * get(fp, in->b)) & in->imm);
            break;
        case D_UDIV: case D_UREM: {
            uint64_t a = get(fp, in->a), b = get(fp, in->b), r = 0;
            if (b == 0)
                ub(ip, in, "division by zero");
            else
                r = in->op == D_UDIV ? a / b : a % b;
            set(fp, in->dst, r);
            break;
        }
        case D_SDIV: case D_SREM: {
            int64_t a = sx(get(fp, in->a), in->sh);
            int64_t b = sx(get(fp, in->b), in->sh);
            int64_t min = (int64_t)((uint64_t)1 << 63) >> in->sh;
            uint64_t r = 0;
            if (b == 0) {
                ub(ip, in, "division by zero");
            } else if (b == -1) {
                if (a == min && chk)
                    itp_fail(ip, in, IR_INTERP_UB, "undefined "
                                "behaviour: %s overflow (minimum / -1)",
                                opname(in));
                r = in->op == D_SDIV ? 0 - (uint64_t)a : 0;
            } else {
                r = (uint64_t)(in->op == D_SDIV ? a / b : a % b);
            }
            set(fp, in->dst, r & in->imm);
            break;
        }

        case D_FNEG32:
            set(fp, in->dst, get(fp, in->a) ^ 0x80000000u);
            break;
        case D_FADD32:
            setf(fp, in->dst, getf(fp, in->a) + getf(fp, in->b));
            break;
        case D_FSUB32:
            setf(fp, in->dst, getf(fp, in->a) - getf(fp, in->b));
            break;
        case D_FMUL32:
            setf(fp, in->dst, getf(fp, in->a) * getf(fp, in->b));
            break;
        case D_FDIV32:
            setf(fp, in->dst, getf(fp, in->a) / getf(fp, in->b));
            break;
        case D_FREM32:
            setf(fp, in->dst, fmodf(getf(fp, in->a), getf(fp, in->b)));
            break;
        case D_FNEG64:
            set(fp, in->dst, get(fp, in->a) ^ ((uint64_t)1 << 63));
            break;
        case D_FADD64:
            setd(fp, in->dst, getd(fp, in->a) + getd(fp, in->b));
            break;
        case D_FSUB64:
            setd(fp, in->dst, getd(fp, in->a) - getd(fp, in->b));
            break;
        case D_FMUL64:
            setd(fp, in->dst, getd(fp, in->a) * getd(fp, in->b));
            break;
        case D_FDIV64:
            setd(fp, in->dst, getd(fp, in->a) / getd(fp, in->b));
            break;
        case D_FREM64:
            setd(fp, in->dst, fmod(getd(fp, in->a), getd(fp, in->b)));
            break;

        case D_ICMP:
            set(fp, in->dst, icmp(in->pred, get(fp, in->a), get(fp, in->b),
                                  in->sh));
            break;
        case D_FCMP32:
            set(fp, in->dst, fcmp(in->pred, getf(fp, in->a),
                                  getf(fp, in->b)));
            break;
        case D_FCMP64:
            set(fp, in->dst, fcmp(in->pred, getd(fp, in->a),
                                  getd(fp, in->b)));
            break;
        case D_SEL8:
            set(fp, in->dst, get(fp, in->a) & 1 ? get(fp, in->b)
                                                : get(fp, in->c));
            break;
        case D_SEL:
            memcpy(fp + in->dst, fp + (get(fp, in->a) & 1 ? in->b : in->c),
                   in->size);
            break;

        case D_ALLOCA:
            set(fp, in->dst, itp_stack_alloc(ip, in, in->size,
                                                (uint32_t)in->imm));
            break;
        case D_LOAD: {
            uintptr_t p = get(fp, in->a);
            if (chk)
                itp_check_access(ip, in, p, in->size, (uint32_t)in->imm,
                                    false);
            uint64_t v = rd((const void *)p, in->size);
            if (in->kind == IR_TY_BOOL && v > 1) {
                if (chk)
                    itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour:"
                                " load of a bool from a byte holding 0x%02x",
                                (unsigned)v);
                v &= 1;
            }
            set(fp, in->dst, v);
            break;
        }
        case D_STORE: {
            uintptr_t p = get(fp, in->a);
            if (chk)
                itp_check_access(ip, in, p, in->size, (uint32_t)in->imm,
                                    true);
            wr((void *)p, get(fp, in->b), in->size);
            break;
        }
        case D_LOADAGG: {
            uintptr_t p = get(fp, in->a);
            if (!in->size)
                break;
            if (chk)
                itp_check_access(ip, in, p, in->size, (uint32_t)in->imm,
                                    false);
            load_agg(ip, in, fp + in->dst, (const uint8_t *)p);
            break;
        }
        case D_STOREAGG: {
            uintptr_t p = get(fp, in->a);
            if (!in->size)
                break;
            if (chk)
                itp_check_access(ip, in, p, in->size, (uint32_t)in->imm,
                                    true);
            store_agg(ip, in, (uint8_t *)p, fp + in->b);
            break;
        }
        case D_OFFSET:
            set(fp, in->dst, get(fp, in->a) +
                (uint64_t)sx(get(fp, in->b), in->sh2) * in->imm);
            break;
        case D_ELEMPTR:
            set(fp, in->dst, get(fp, in->a) + in->imm);
            break;
        case D_EXTRACT:
            set(fp, in->dst, rd(fp + in->a + in->imm, in->size));
            break;
        case D_EXTRACTAGG:
            memcpy(fp + in->dst, fp + in->a + in->imm, in->size);
            break;
        case D_INSERT:
            memcpy(fp + in->dst, fp + in->a, in->size);
            wr(fp + in->dst + in->imm, get(fp, in->b), in->aux);
            break;
        case D_INSERTAGG:
            memcpy(fp + in->dst, fp + in->a, in->size);
            memcpy(fp + in->dst + in->imm, fp + in->b, in->aux);
            break;

        case D_SEXT:
            set(fp, in->dst, (uint64_t)sx(get(fp, in->a), in->sh2) & in->imm);
            break;
        case D_MASK:
            set(fp, in->dst, get(fp, in->a) & in->imm);
            break;
        case D_MOV:
            set(fp, in->dst, get(fp, in->a));
            break;
        case D_ITOB:
            set(fp, in->dst, get(fp, in->a) != 0);
            break;
        case D_SITOF32:
            setf(fp, in->dst, (float)sx(get(fp, in->a), in->sh2));
            break;
        case D_SITOF64:
            setd(fp, in->dst, (double)sx(get(fp, in->a), in->sh2));
            break;
        case D_UITOF32:
            setf(fp, in->dst, (float)get(fp, in->a));
            break;
        case D_UITOF64:
            setd(fp, in->dst, (double)get(fp, in->a));
            break;
        case D_FTOSI: case D_FTOUI: {
            double d = in->kind2 == IR_TY_F32 ? (double)getf(fp, in->a)
                                              : getd(fp, in->a);
            set(fp, in->dst, ftoi(ip, in, d));
            break;
        }
        case D_FEXT:
            setd(fp, in->dst, (double)getf(fp, in->a));
            break;
        case D_FTRUNC:
            setf(fp, in->dst, (float)getd(fp, in->a));
            break;

        case D_CALL: case D_ICALL: {
            DCall *c = &ip->calls.data[in->aux];
            DFunc *cf = c->fn;
            void *addr = c->ext;
            if (in->op == D_ICALL) {
                uintptr_t p = get(fp, in->a);
                IrSym s;
                cf = itp_addr_func(ip, p, &s);
                if (cf && !ir_sig_same_types(ip->m, c->sig,
                                             ir_sym_c(ip->m, cf->sym)->sig))
                    itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: "
                                "indirectcall of @%s with another signature",
                                ir_str(ip->m,
                                       ir_sym_c(ip->m, cf->sym)->name));
                if (!cf && s.id)
                    itp_fail(ip, in, IR_INTERP_ERROR, "call of the "
                                "external function @%s, which is not found "
                                "in the host process",
                                ir_str(ip->m, ir_sym_c(ip->m, s)->name));
                if (!cf && (p < 65536 || itp_owns_addr(ip, p)))
                    itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: "
                                "indirectcall of address 0x%llx, which is "
                                "not a function", (unsigned long long)p);
                addr = (void *)p;
            }
            if (cf) {
                uint8_t *nfp = fp + fr->fn->frame_size;
                if (nfp + cf->frame_size > ip->vlimit)
                    itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: "
                                "stack exhausted (call depth %u)", ip->depth);
                const uint32_t *ao = ip->argoffs.data + c->args;
                uint32_t n = c->nargs < cf->nparams ? c->nargs : cf->nparams;
                for (uint32_t k = 0; k < n; k++) {
                    IrType t = cf->param_ty[k];
                    if (ir_type_is_scalar(t))
                        set(nfp, cf->param_off[k], get(fp, ao[k]));
                    else
                        memcpy(nfp + cf->param_off[k], fp + ao[k],
                               (ir_type_size(ip->m, t) + 7) & ~(uint64_t)7);
                }
                itp_push_frame(ip, cf, nfp, pc, in);
                if (cf->checks_params)
                    enter_params(ip, in, cf, nfp);
                fr = &ip->frames[ip->depth - 1];
                fp = nfp;
                pc = cf->code;
                break;
            }
            if (in->op == D_CALL && !addr)
                itp_fail(ip, in, IR_INTERP_ERROR, "call of the external "
                            "function @%s, which is not found in the host "
                            "process",
                            ir_str(ip->m, ir_sym_c(ip->m, c->sym)->name));
            if (!c->ffi)
                c->ffi = itp_ffi_sig(ip, c->sig, c->nargs,
                                        ip->argtys.data + c->args, false);
            itp_ffi_call(ip, in, addr, c->ffi, c, fp);
            break;
        }

        case D_BR:
            moves(ip, fp, fp + fr->fn->tmp_off, &ip->edges.data[in->aux]);
            pc = fr->fn->code + ip->edges.data[in->aux].pc;
            break;
        case D_CONDBR: {
            const DEdge *e = &ip->edges.data[in->aux];
            if (!(get(fp, in->a) & 1))
                e++;
            moves(ip, fp, fp + fr->fn->tmp_off, e);
            pc = fr->fn->code + e->pc;
            break;
        }
        case D_RET: {
            if (fr->fn->ret_nonnull && chk && get(fp, in->a) == 0)
                itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: "
                            "null returned by a nonnull function");
            ip->msp = fr->msp;
            ip->nlive = fr->nlive;
            ip->depth--;
            if (ip->depth == stop) {
                memcpy(ip->retbuf, fp + in->a, in->size);
                return;
            }
            DInst *call = fr->call;
            pc = fr->ret_pc;
            fr = &ip->frames[ip->depth - 1];
            memcpy(fr->fp + call->dst, fp + in->a, in->size);
            fp = fr->fp;
            break;
        }
        case D_UNREACHABLE:
            itp_fail(ip, in, IR_INTERP_UB,
                        "undefined behaviour: unreachable executed");
        case D_TOOLARGE:
            itp_fail(ip, NULL, IR_INTERP_ERROR, "function @%s is too "
                        "large to interpret",
                        ir_str(ip->m, ir_sym_c(ip->m, fr->fn->sym)->name));
        case D_NUM_OPS:
            itp_fail(ip, in, IR_INTERP_ERROR, "bad instruction");
        }
    }
}
