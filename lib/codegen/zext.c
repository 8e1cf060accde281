/*
 * zext.c - zero extensions of values already zero-extended become
 * copies (Target.post_isel of both targets, above -O0).
 *
 * Writing a 32-bit register clears bits 32..63 on x86-64 and AArch64, and
 * narrow loads and extensions clear what is above them, so an extension
 * of such a value only copies.  The target says, per instruction, how
 * many low bytes of its GP destination may be non-zero (1, 2, 4 or 8);
 * each vreg gets the widest over its definitions, widths flow along
 * 64-bit vreg copies, and a zero extension (op_zext, from size2 bytes)
 * of a vreg no wider becomes a 64-bit copy (op_move), which the
 * register allocator can coalesce away.  Linear in the function.
 */
#include "cg.h"

#include <string.h>

/* A 64-bit copy between vregs (block arguments become these): its
 * destination is as wide as its source. */
static bool
vreg_copy(MirFunc *f, uint32_t i, uint32_t nr)
{
    const MirInst *in = mir_inst(f, i);
    if (in->op != f->target->op_move[MIR_GP] || in->size != 8 ||
        in->nopnds != 2)
        return false;
    const MirOpnd *s = mir_opnd(f, i, 0), *d = mir_opnd(f, i, 1);
    return s->kind == MO_REG && d->kind == MO_REG && mir_is_vreg(s->reg) &&
           mir_is_vreg(d->reg) && s->reg < nr && d->reg < nr;
}

void
cg_zext_elide(MirFunc *f, CgZextWidth zext_width, uint16_t op_zext)
{
    uint32_t nr = mir_num_regs(f);
    /* per vreg: the widest zext_width of its definitions (0: none);
     * copies pass their source's width on, below */
    uint8_t *w = xcalloc(nr + 1, 1);
    uint32_t ncopy = 0;
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        if (vreg_copy(f, i, nr)) {
            ncopy++;
            continue;
        }
        unsigned z = zext_width(f, i);
        for (uint32_t k = 0; k < in->nopnds; k++) {
            MirOpnd *o = mir_opnd(f, i, k);
            if (o->kind != MO_REG || !mir_is_vreg(o->reg) || o->reg >= nr)
                continue;
            if ((o->role == MIR_R_DEF || o->role == MIR_R_USEDEF ||
                 o->role == MIR_R_EDEF || o->role == MIR_R_SCRATCH) &&
                z > w[o->reg])
                w[o->reg] = (uint8_t)z;
        }
    }
    /* Widths flow along copies (a loop counter's parameter is a copy of
     * its start and of its 32-bit increment): a worklist over the copy
     * graph, each vreg's width growing at most three times (1, 2, 4, 8),
     * so this is linear.  Copies by source, CSR. */
    uint32_t *cstart = xcalloc(nr + 2, sizeof *cstart);
    uint32_t *cdst = xmalloc((ncopy + 1) * sizeof *cdst);
    for (uint32_t i = 1; i < f->insts.len; i++)
        if (vreg_copy(f, i, nr))
            cstart[mir_opnd(f, i, 0)->reg + 1]++;
    csr_counted(cstart, nr);
    for (uint32_t i = 1; i < f->insts.len; i++)
        if (vreg_copy(f, i, nr))
            cdst[cstart[mir_opnd(f, i, 0)->reg]++] = mir_opnd(f, i, 1)->reg;
    csr_filled(cstart, nr);
    uint32_t *wl = xmalloc((nr + 1) * 4 * sizeof *wl), nwl = 0;
    for (uint32_t v = 0; v < nr; v++)
        if (w[v])
            wl[nwl++] = v;
    while (nwl) {
        uint32_t v = wl[--nwl];
        for (uint32_t k = cstart[v]; k < cstart[v + 1]; k++)
            if (w[cdst[k]] < w[v]) {
                w[cdst[k]] = w[v];
                wl[nwl++] = cdst[k];
            }
    }
    free(cstart), free(cdst), free(wl);
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        if (in->op != op_zext || in->nopnds != 2)
            continue;
        MirOpnd *src = mir_opnd(f, i, 0);
        if (src->kind != MO_REG || !mir_is_vreg(src->reg) ||
            src->reg >= nr || !w[src->reg] || w[src->reg] > in->size2)
            continue;
        in->op = f->target->op_move[MIR_GP];
        in->size = 8;
        in->size2 = 0;
        src->size = 8;
        mir_opnd(f, i, 1)->size = 8;
    }
    free(w);
}
