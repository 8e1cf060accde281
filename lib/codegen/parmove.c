/*
 * parmove.c - SSA destruction: block arguments become parallel copies.
 *
 * A branch binds all of its target's parameters at once (spec 6.4), so
 * the copies on an edge form a parallel move.  It is sequentialised by
 * repeatedly emitting a copy whose destination no pending copy still
 * reads; when none exists the remaining copies are cycles, and one of
 * them is broken by saving a destination into a fresh vreg and
 * redirecting its readers (the "swap problem").  The copies run in the
 * predecessor just before its jump; the driver splits critical edges
 * (conditional branches with arguments get an edge block), so they
 * never run on another path (the "lost copy problem").
 *
 * A constant argument is set with an immediate (op_movi), so it needs
 * no register of its own up to the branch.
 *
 * The algorithm is quadratic in the number of copies of one edge,
 * which is the number of block parameters: small in practice.
 */
#include "cg.h"

#include <string.h>

void
cg_parallel_move(MirFunc *f, const CgMove *moves, uint32_t n)
{
    CgMove *p = xmalloc((n + 1) * sizeof *p);
    uint32_t np = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!(moves[i].src.kind == MO_REG && moves[i].src.reg == moves[i].dst))
            p[np++] = moves[i];
    while (np) {
        bool progress = false;
        for (uint32_t i = 0; i < np; i++) {
            bool read = false;
            for (uint32_t j = 0; j < np && !read; j++)
                read = j != i && p[j].src.kind == MO_REG &&
                       p[j].src.reg == p[i].dst;
            if (read)
                continue;
            MirOpnd s = p[i].src;
            s.size = 8;
            mir_emit2(f, s.kind == MO_IMM ? f->target->op_movi
                                          : f->target->op_move[p[i].cls],
                      8, s, mir_reg(p[i].dst, 8));
            p[i] = p[--np];
            progress = true;
            i--;
        }
        if (progress || !np)
            continue;
        /* Only cycles remain: park p[0]'s destination in a temporary. */
        uint32_t d = p[0].dst, tmp = mir_vreg_new(f, p[0].cls);
        mir_emit2(f, f->target->op_move[p[0].cls], 8, mir_reg(d, 8),
                  mir_reg(tmp, 8));
        for (uint32_t j = 0; j < np; j++)
            if (p[j].src.kind == MO_REG && p[j].src.reg == d)
                p[j].src.reg = tmp;
    }
    free(p);
}

/* The value of an integer or bool constant (sign-extended), for an
 * edge to set its parameter with an immediate: the constant then need
 * not live in a register until the branch. */
static bool
int_const(IrFunc *f, IrValue v, int64_t *k)
{
    IrValueData *vd = ir_value(f, v);
    if (vd->kind != IR_VAL_INST)
        return false;
    IrInstData *d = ir_inst(f, (IrInst){vd->def});
    if (d->op == IR_OP_BCONST) {
        *k = d->imm ? 1 : 0;
        return true;
    }
    if (d->op != IR_OP_ICONST)
        return false;
    unsigned w = ir_type_bits(d->ty);
    uint64_t h = w >= 64 ? 0 : UINT64_C(1) << (w - 1);
    uint64_t x = w >= 64 ? d->imm : d->imm & ((h << 1) - 1);
    *k = (int64_t)((x ^ h) - h);
    return true;
}

void
cg_edge_moves(CgCtx *c, IrInst br, uint32_t k)
{
    IrFunc *f = c->irf;
    IrTarget *t = ir_target(f, br, k);
    IrBlock tb = t->block;
    uint32_t nargs = t->nargs;
    VEC(CgMove) mv = {0};
    for (uint32_t a = 0; a < nargs; a++) {
        IrValue src = ir_target_arg(f, br, k, a);
        IrValue dst = ir_block_param(f, tb, a);
        uint32_t ns, nd;
        const uint32_t *sr = cg_value_regs(c, src, &ns);
        const uint32_t *dr = cg_value_regs(c, dst, &nd);
        int64_t k;
        for (uint32_t q = 0; q < ns && q < nd; q++) {
            CgMove m = {.dst = dr[q], .src = mir_reg(sr[q], 8),
                        .cls = mir_vreg(c->mf, dr[q])->cls};
            if (nd == 1 && m.cls == MIR_GP && int_const(f, src, &k) &&
                c->mf->target->op_movi)
                m.src = mir_imm(k);
            VEC_PUSH(mv, m);
        }
    }
    cg_parallel_move(c->mf, mv.data, mv.len);
    VEC_FREE(mv);
}
