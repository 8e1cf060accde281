/*
 * peep.c - rewrites of a selected x86-64 function that need all of it.
 *
 * Zero extension of a value already zero-extended: an instruction that
 * writes a 32-bit register clears bits 32..63 (Intel SDM vol. 1, 3.4.1.1),
 * so `movl %eax, %eax` after `addl`, `leal`, `movl` (a load), `movzbl`,
 * ... only copies; so does `movzbl %al, %eax` after `movzbl (mem), %eax`.
 * When every definition of the source vreg leaves the bytes above the
 * extension's source width clear, the zero extension becomes a plain
 * 64-bit MOV, which the register allocator can coalesce away.  It shows
 * wherever a narrow value is widened: `zext i64, i32` of an i32 result
 * (an unsigned index), `zext i32, i8` of a loaded byte, and aggregates
 * packed into an eightbyte.
 */
#include "x64.h"

#include <string.h>

/* How many low bytes of the GP register instruction i defines may be
 * non-zero: 1 or 2 after movzb/movzw, 4 after any 32-bit write, else 8. */
static unsigned
zext_width(MirFunc *f, uint32_t i)
{
    const MirInst *in = mir_inst(f, i);
    switch (in->op) {
    case X64_MOVZX:
        return in->size2;       /* movzb/movzw/movl */
    case X64_MOVI: {
        /* a constant: the bytes its value needs */
        uint64_t v = (uint64_t)mir_opnd(f, i, 0)->imm;
        if (in->size == 4)
            v &= 0xffffffffu;
        return v < 0x100 ? 1 : v < 0x10000 ? 2 : v >> 32 == 0 ? 4 : 8;
    }
    case X64_MOV: case X64_LEA: case X64_MOVSX:
    case X64_ADD: case X64_SUB: case X64_AND: case X64_OR: case X64_XOR:
    case X64_IMUL: case X64_NEG: case X64_NOT: case X64_CMOV:
    case X64_MOVXG:
        return in->size == 4 ? 4 : 8;
    case X64_SHL: case X64_SHR: case X64_SAR: case X64_ROL:
        /* by a non-zero constant: whether a shift by %cl = 0 writes its
         * destination is best not relied on */
        return in->size == 4 && in->nopnds &&
               mir_opnd(f, i, 0)->kind == MO_IMM &&
               (mir_opnd(f, i, 0)->imm & 31) ? 4 : 8;
    default:
        return 8;
    }
}

/* A 64-bit copy between vregs (block arguments become these): its
 * destination is as wide as its source. */
static bool
vreg_copy(MirFunc *f, uint32_t i, uint32_t nr)
{
    const MirInst *in = mir_inst(f, i);
    if (in->op != X64_MOV || in->size != 8 || in->nopnds != 2)
        return false;
    const MirOpnd *s = mir_opnd(f, i, 0), *d = mir_opnd(f, i, 1);
    return s->kind == MO_REG && d->kind == MO_REG && mir_is_vreg(s->reg) &&
           mir_is_vreg(d->reg) && s->reg < nr && d->reg < nr;
}

void
x64_post_isel(CgCtx *c, MirFunc *f)
{
    (void)c;
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
        if (in->op != X64_MOVZX || in->nopnds != 2)
            continue;
        MirOpnd *src = mir_opnd(f, i, 0);
        if (src->kind != MO_REG || !mir_is_vreg(src->reg) ||
            src->reg >= nr || !w[src->reg] || w[src->reg] > in->size2)
            continue;
        in->op = X64_MOV;
        in->size = 8;
        in->size2 = 0;
        src->size = 8;
        mir_opnd(f, i, 1)->size = 8;
    }
    free(w);
}
