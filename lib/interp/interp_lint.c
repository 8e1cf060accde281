/*
 * interp_lint.c - --lint-undef: tracking which values depend on undef.
 *
 * Using undef is well defined (spec section 8), but a branch on it, or a
 * memory access or call through an address computed from it, is nearly
 * always a front-end bug, and a program whose behaviour depends on undef
 * may behave differently when compiled.  With the lint, every byte of
 * every value in the value stack has a shadow bit: set when the byte was
 * computed from undef.  Scalar results of arithmetic are tainted as a
 * whole when any operand is; insert, extract, sel, block and call
 * arguments and returns copy the bits of the bytes they move, so an
 * aggregate built from undef and then filled member by member is clean.
 * Memory is not tracked: loads give clean values.  itp_lint_step runs
 * before each instruction executes and stops on a tainted condition or
 * address.
 */
#include "interp_int.h"

#include <string.h>

static inline size_t
pos(Interp *ip, const uint8_t *p)
{
    return (size_t)(p - ip->vstack);
}

static inline bool
bit(Interp *ip, const uint8_t *p)
{
    size_t o = pos(ip, p);
    return ip->shadow[o / 8] >> (o % 8) & 1;
}

static inline void
setbit(Interp *ip, const uint8_t *p, bool v)
{
    size_t o = pos(ip, p);
    if (v)
        ip->shadow[o / 8] |= (uint8_t)(1u << (o % 8));
    else
        ip->shadow[o / 8] &= (uint8_t)~(1u << (o % 8));
}

static bool
any(Interp *ip, const uint8_t *p, uint64_t n)
{
    for (uint64_t k = 0; k < n; k++)
        if (bit(ip, p + k))
            return true;
    return false;
}

static void
fill(Interp *ip, const uint8_t *p, uint64_t n, bool v)
{
    for (uint64_t k = 0; k < n; k++)
        setbit(ip, p + k, v);
}

/* Copies n bits; the ranges may overlap. */
static void
copy(Interp *ip, const uint8_t *dst, const uint8_t *src, uint64_t n)
{
    VEC_RESERVE(ip->lintbuf, n ? (uint32_t)n : 1);
    for (uint64_t k = 0; k < n; k++)
        ip->lintbuf.data[k] = bit(ip, src + k);
    for (uint64_t k = 0; k < n; k++)
        setbit(ip, dst + k, ip->lintbuf.data[k]);
}

static uint64_t
get(const uint8_t *fp, uint32_t o)
{
    uint64_t v;
    memcpy(&v, fp + o, 8);
    return v;
}

static _Noreturn void
lint_fail(Interp *ip, const DInst *in, const char *what)
{
    itp_fail(ip, in, IR_INTERP_UB, "lint: %s a value computed from "
                "undef", what);
}

/* The bytes a value of the instruction's result occupies. */
static uint64_t
scalar_or(const DInst *in)
{
    return in->size ? in->size : 8;
}

void
itp_lint_step(Interp *ip, const DInst *in, uint8_t *fp, DFunc *fn)
{
    bool ta = any(ip, fp + in->a, 8), tb = any(ip, fp + in->b, 8);
    bool tc = any(ip, fp + in->c, 8);
    uint8_t *d = fp + in->dst;
    switch ((DOp)in->op) {
    case D_CONST: case D_STACKSLOT: case D_GLOBALADDR: case D_ALLOCA:
        fill(ip, d, 8, false);
        break;
    case D_ZERO:
        fill(ip, d, in->size, in->pred);    /* pred: 1 for undef */
        break;
    case D_LOAD: case D_LOADAGG:
        if (ta)
            lint_fail(ip, in, "load through");
        fill(ip, d, in->op == D_LOAD ? 8 : (in->size + 7) & ~(uint64_t)7,
             false);
        break;
    case D_STORE: case D_STOREAGG:
        if (ta)
            lint_fail(ip, in, "store through");
        break;
    case D_SEL: case D_SEL8: {
        uint32_t src = get(fp, in->a) & 1 ? in->b : in->c;
        uint64_t n = in->op == D_SEL8 ? 8 : in->size;
        copy(ip, d, fp + src, n);
        if (ta)
            fill(ip, d, n, true);
        break;
    }
    case D_EXTRACT:
        fill(ip, d, 8, any(ip, fp + in->a + in->imm, in->size));
        break;
    case D_EXTRACTAGG:
        copy(ip, d, fp + in->a + in->imm, in->size);
        break;
    case D_INSERT:
        copy(ip, d, fp + in->a, in->size);
        fill(ip, d + in->imm, in->aux, tb);
        break;
    case D_INSERTAGG:
        copy(ip, d, fp + in->a, in->size);
        copy(ip, d + in->imm, fp + in->b, in->aux);
        break;
    case D_CONDBR:
        if (ta)
            lint_fail(ip, in, "branch on");
        /* fall through */
    case D_BR: {
        const DEdge *e = &ip->edges.data[in->aux];
        if (in->op == D_CONDBR && !(get(fp, in->a) & 1))
            e++;
        const DMove *mv = ip->moves.data + e->moves;
        /* parallel: gather every source first */
        uint64_t total = 0;
        for (uint32_t k = 0; k < e->nmoves; k++)
            total += mv[k].size;
        VEC_RESERVE(ip->lintbuf, total ? (uint32_t)total : 1);
        uint64_t at = 0;
        for (uint32_t k = 0; k < e->nmoves; k++)
            for (uint32_t b = 0; b < mv[k].size; b++)
                ip->lintbuf.data[at++] = bit(ip, fp + mv[k].src + b);
        at = 0;
        for (uint32_t k = 0; k < e->nmoves; k++)
            for (uint32_t b = 0; b < mv[k].size; b++)
                setbit(ip, fp + mv[k].dst + b, ip->lintbuf.data[at++]);
        break;
    }
    case D_CALL: case D_ICALL: {
        const DCall *c = &ip->calls.data[in->aux];
        DFunc *cf = c->fn;
        if (in->op == D_ICALL) {
            IrSym s;
            if (ta)
                lint_fail(ip, in, "indirect call through");
            cf = itp_addr_func(ip, get(fp, in->a), &s);
        }
        fill(ip, d, scalar_or(in), false);
        if (!cf)
            break;
        uint8_t *nfp = fp + fn->frame_size;
        if (nfp + cf->frame_size > ip->vlimit)
            break;
        uint32_t n = c->nargs < cf->nparams ? c->nargs : cf->nparams;
        for (uint32_t k = 0; k < n; k++) {
            IrType t = cf->param_ty[k];
            uint64_t sz = ir_type_is_scalar(t) ? 8
                          : (ir_type_size(ip->m, t) + 7) & ~(uint64_t)7;
            copy(ip, nfp + cf->param_off[k],
                 fp + ip->argoffs.data[c->args + k], sz);
        }
        fill(ip, nfp, 8, false);
        break;
    }
    case D_RET:
        if (ip->depth >= 2) {
            Frame *fr = &ip->frames[ip->depth - 1];
            Frame *caller = fr - 1;
            if (fr->call)
                copy(ip, caller->fp + fr->call->dst, fp + in->a, in->size);
        }
        break;
    case D_UNREACHABLE:
    case D_TOOLARGE:
    case D_NUM_OPS:
        break;
    default:
        fill(ip, d, 8, ta || tb || tc);
        break;
    }
}
