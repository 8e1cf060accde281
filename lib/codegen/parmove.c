/*
 * parmove.c - SSA destruction: block arguments become parallel copies.
 *
 * A branch binds all of its target's parameters at once (spec 6.4), so
 * the copies on an edge form a parallel move.  It is sequentialised in
 * linear time (as in Boissinot et al., "Revisiting out-of-SSA
 * translation", 2009, algorithm 1): each copy counts the pending copies
 * that still read its destination; a copy whose count is zero is ready
 * and is emitted, which may make the copy that writes its source ready.
 * When nothing is ready the pending copies form disjoint cycles; one
 * destination per cycle is saved in a fresh vreg and its one pending
 * reader reads the vreg instead, which unrolls the whole cycle.  The
 * copies run in the predecessor just before its jump; the driver splits
 * critical edges (conditional branches with arguments get an edge
 * block), so they never run on another path (the "lost copy problem").
 *
 * While its cost stays within a few times the number of copies, the
 * order is that of the quadratic algorithm this replaced (passes in
 * array order), so code generated before did not change.
 *
 * A constant argument is set with an immediate (op_movi), so it needs
 * no register of its own up to the branch.
 */
#include "cg.h"

#include <string.h>

/* A copy being sequentialised: the copy writing its source register
 * (owner, 0 for none: indices are 1-based), how many pending copies read
 * its destination, and the list of copies that read it (first reader,
 * next reader of the same register). */
typedef struct {
    CgMove m;
    uint32_t owner, readers, first, next;
    bool done;
} Copy;

static void
emit_copy(MirFunc *f, const CgMove *m)
{
    MirOpnd s = m->src;
    s.size = 8;
    mir_emit2(f, s.kind == MO_IMM ? f->target->op_movi
                                  : f->target->op_move[m->cls],
              8, s, mir_reg(m->dst, 8));
}

/* Emits copy k, and every copy that becomes ready in turn (a chain of
 * copies each waiting for the next). */
static void
take(MirFunc *f, Copy *p, uint32_t k, uint32_t *stack)
{
    uint32_t sp = 0;
    stack[sp++] = k;
    while (sp) {
        Copy *c = &p[stack[--sp]];
        emit_copy(f, &c->m);
        c->done = true;
        if (c->owner && --p[c->owner].readers == 0 && !p[c->owner].done)
            stack[sp++] = c->owner;
    }
}

/* Copy k is on a cycle: its destination is saved in a fresh vreg, which
 * its one pending reader reads instead, so k is ready. */
static void
park(MirFunc *f, Copy *p, uint32_t k)
{
    uint32_t tmp = mir_vreg_new(f, p[k].m.cls);
    mir_emit2(f, f->target->op_move[p[k].m.cls], 8, mir_reg(p[k].m.dst, 8),
              mir_reg(tmp, 8));
    for (uint32_t r = p[k].first; r; r = p[r].next) {
        if (p[r].done)
            continue;
        p[r].m.src.reg = tmp;
        p[r].owner = 0;
    }
    p[k].readers = 0;
}

/* Room on the stack for the usual edge of a few copies: the five
 * allocations per edge were a tenth of -O0's instruction selection. */
enum { SMALL = 8, SMALLCAP = 16 };

void
cg_parallel_move(MirFunc *f, const CgMove *moves, uint32_t n)
{
    Copy pbuf[SMALL + 1];
    uint32_t slotbuf[SMALLCAP], stackbuf[SMALL + 1], orderbuf[SMALL + 1];
    bool small = n <= SMALL;
    Copy *p = small ? memset(pbuf, 0, (n + 1) * sizeof *p)
                    : xcalloc(n + 1, sizeof *p);
    uint32_t np = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!(moves[i].src.kind == MO_REG && moves[i].src.reg == moves[i].dst))
            p[++np].m = moves[i];
    /* destination register -> copy, open addressing (destinations are
     * distinct) */
    uint32_t cap = 16;
    while (cap < 2 * np)
        cap *= 2;
    uint32_t *slot = small ? memset(slotbuf, 0, cap * sizeof *slot)
                           : xcalloc(cap, sizeof *slot);
    for (uint32_t k = 1; k <= np; k++) {
        uint32_t h = (p[k].m.dst * 2654435761u) & (cap - 1);
        while (slot[h])
            h = (h + 1) & (cap - 1);
        slot[h] = k;
    }
    for (uint32_t k = 1; k <= np; k++) {
        if (p[k].m.src.kind != MO_REG)
            continue;
        uint32_t r = p[k].m.src.reg, h = (r * 2654435761u) & (cap - 1);
        while (slot[h] && p[slot[h]].m.dst != r)
            h = (h + 1) & (cap - 1);
        uint32_t o = slot[h];
        if (!o)
            continue;
        p[k].owner = o;
        p[o].readers++;
        p[k].next = p[o].first;
        p[o].first = k;
    }
    if (!small)
        free(slot);
    uint32_t *stack = small ? stackbuf : xmalloc((np + 1) * sizeof *stack);
    /* The order of the quadratic algorithm, while it stays cheap: passes
     * over the copies in array order, each taken copy replaced by the
     * last pending one, and when a pass takes nothing the first pending
     * copy's destination parked. */
    uint32_t *order = small ? orderbuf
                            : xmalloc((np + 1) * sizeof *order), len = np;
    for (uint32_t k = 0; k < np; k++)
        order[k] = k + 1;
    uint64_t budget = 4 * (uint64_t)np + 64;
    while (len && budget >= len) {
        budget -= len;
        bool progress = false;
        for (uint32_t i = 0; i < len; i++) {
            Copy *c = &p[order[i]];
            if (c->readers)
                continue;
            emit_copy(f, &c->m);
            c->done = true;
            if (c->owner)
                p[c->owner].readers--;
            order[i--] = order[--len];
            progress = true;
        }
        if (!progress && len)
            park(f, p, order[0]);
    }
    /* Then the chains that became ready, and the cycles. */
    for (uint32_t k = 1; k <= np; k++)
        if (!p[k].done && !p[k].readers)
            take(f, p, k, stack);
    for (uint32_t k = 1; k <= np; k++) {
        if (p[k].done)
            continue;
        park(f, p, k);
        take(f, p, k, stack);
    }
    if (!small)
        free(order), free(stack), free(p);
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

/* mv (buf at first) holding 'held' moves, with room for 'more'. */
static CgMove *
room(CgMove *mv, CgMove *buf, uint32_t *cap, uint32_t held, uint32_t more)
{
    if (held + more <= *cap)
        return mv;
    *cap = 2 * (held + more);
    CgMove *big = xmalloc(*cap * sizeof *big);
    memcpy(big, mv, held * sizeof *mv);
    if (mv != buf)
        free(mv);
    return big;
}

void
cg_edge_moves(CgCtx *c, IrInst br, uint32_t k)
{
    IrFunc *f = c->irf;
    IrTarget *t = ir_target(f, br, k);
    IrBlock tb = t->block;
    uint32_t nargs = t->nargs;
    CgMove buf[SMALL], *mv = buf;
    uint32_t nmv = 0, cap = SMALL;
    for (uint32_t a = 0; a < nargs; a++) {
        IrValue src = ir_target_arg(f, br, k, a);
        IrValue dst = ir_block_param(f, tb, a);
        uint32_t ns = 1, nd;
        int64_t k;
        /* A constant's register is not asked for when the move takes
         * it as an immediate (cg_def_lazy then never makes it). */
        bool imm = int_const(f, src, &k) && c->mf->target->op_movi;
        const uint32_t *sr = !imm || !c->vfirst[src.id]
                                 ? cg_value_regs(c, src, &ns) : NULL;
        const uint32_t *dr = cg_value_regs(c, dst, &nd);
        if (imm && nd == 1 && mir_vreg(c->mf, dr[0])->cls == MIR_GP) {
            mv = room(mv, buf, &cap, nmv, 1);
            mv[nmv++] = (CgMove){.dst = dr[0], .src = mir_imm(k),
                                 .cls = MIR_GP};
            continue;
        }
        if (!sr)
            sr = cg_value_regs(c, src, &ns);
        mv = room(mv, buf, &cap, nmv, ns < nd ? ns : nd);
        for (uint32_t q = 0; q < ns && q < nd; q++) {
            mv[nmv++] = (CgMove){.dst = dr[q], .src = mir_reg(sr[q], 8),
                                 .cls = mir_vreg(c->mf, dr[q])->cls};
        }
    }
    if (nmv)
        cg_parallel_move(c->mf, mv, nmv);
    if (mv != buf)
        free(mv);
}
