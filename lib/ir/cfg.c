/*
 * cfg.c - the control-flow graph of a function: successors and
 * predecessors in CSR arrays indexed by block id, and the reverse
 * post-order of the blocks reachable from the entry block.
 *
 * The edges of a block are the targets of its terminator (the last
 * instruction of the block, when it is a br or condbr), one entry per
 * edge, so a condbr with two equal targets gives two.  Edges to blocks
 * that are not laid out (invalid IR the verifier reports) are dropped,
 * so every consumer sees a graph over laid-out blocks only.
 *
 * The DFS is iterative with an explicit stack: a function may have
 * millions of blocks.  Everything is linear in blocks + edges.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

/* Writes the valid targets of b's terminator to out; returns how many. */
static uint32_t
out_edges(IrFunc *f, IrBlock b, IrBlock *out)
{
    /* Not ir_layout_terminator: the verifier runs this on IR whose
     * opcodes and target lists are not trusted yet. */
    IrInst t = ir_layout_last_inst(f, b);
    if (!t.id)
        return 0;
    IrInstData *d = ir_inst(f, t);
    if ((d->op != IR_OP_BR && d->op != IR_OP_CONDBR) ||
        d->targets + d->ntargets > f->targets.len)
        return 0;
    uint32_t n = 0;
    for (uint32_t k = 0; k < d->ntargets && k < 2; k++) {
        IrBlock s = f->targets.data[d->targets + k].block;
        if (s.id && s.id < f->blocks.len && ir_layout_block_inserted(f, s))
            out[n++] = s;
    }
    return n;
}

void
ir_cfg_compute(IrFunc *f, IrCfg *c)
{
    uint32_t nb = ir_num_blocks(f);
    memset(c, 0, sizeof *c);
    c->nblocks = nb;
    c->succ_start = xcalloc(nb + 1, sizeof *c->succ_start);
    c->pred_start = xcalloc(nb + 2, sizeof *c->pred_start);
    c->rpo_index = xmalloc((size_t)(nb ? nb : 1) * sizeof *c->rpo_index);
    for (uint32_t b = 0; b < nb; b++)
        c->rpo_index[b] = UINT32_MAX;

    /* Count edges, then fill successors in block-id order. */
    IrBlock e[2];
    uint32_t nedges = 0;
    IR_FOR_BLOCKS(f, b) {
        uint32_t n = out_edges(f, b, e);
        c->succ_start[b.id + 1] = n;
        nedges += n;
        for (uint32_t k = 0; k < n; k++)
            c->pred_start[e[k].id + 2]++;
    }
    for (uint32_t b = 1; b <= nb; b++)
        c->succ_start[b] += c->succ_start[b - 1];
    for (uint32_t b = 2; b < nb + 2; b++)
        c->pred_start[b] += c->pred_start[b - 1];
    c->succs = xmalloc((size_t)(nedges ? nedges : 1) * sizeof *c->succs);
    c->preds = xmalloc((size_t)(nedges ? nedges : 1) * sizeof *c->preds);
    /* pred_start[s + 1] is the fill cursor of s; once filled it is the
     * end of s's run, which is where s + 1 starts. */
    IR_FOR_BLOCKS(f, b) {
        uint32_t n = out_edges(f, b, e);
        for (uint32_t k = 0; k < n; k++) {
            c->succs[c->succ_start[b.id] + k] = e[k];
            c->preds[c->pred_start[e[k].id + 1]++] = b;
        }
    }

    /* Iterative DFS from the entry block; post-order into rpo from the
     * back, so rpo ends up in reverse post-order. */
    c->rpo = xmalloc((size_t)(nb ? nb : 1) * sizeof *c->rpo);
    IrBlock entry = ir_layout_entry(f);
    if (!entry.id || entry.id >= nb) {
        c->nrpo = 0;
        return;
    }
    uint32_t *stack = xmalloc((size_t)nb * sizeof *stack);
    uint32_t *next = xcalloc(nb, sizeof *next);    /* next succ to visit */
    bool *seen = xcalloc(nb, sizeof *seen);
    uint32_t sp = 0, npost = 0;
    uint32_t *post = xmalloc((size_t)nb * sizeof *post);
    stack[sp++] = entry.id;
    seen[entry.id] = true;
    while (sp) {
        uint32_t b = stack[sp - 1];
        uint32_t first = c->succ_start[b], end = c->succ_start[b + 1];
        if (first + next[b] < end) {
            uint32_t s = c->succs[first + next[b]++].id;
            if (!seen[s]) {
                seen[s] = true;
                stack[sp++] = s;
            }
            continue;
        }
        post[npost++] = b;
        sp--;
    }
    c->nrpo = npost;
    for (uint32_t k = 0; k < npost; k++) {
        uint32_t b = post[npost - 1 - k];
        c->rpo[k] = (IrBlock){b};
        c->rpo_index[b] = k;
    }
    free(post);
    free(seen);
    free(next);
    free(stack);
}

void
ir_cfg_free(IrCfg *c)
{
    free(c->succ_start);
    free(c->succs);
    free(c->pred_start);
    free(c->preds);
    free(c->rpo);
    free(c->rpo_index);
    memset(c, 0, sizeof *c);
}
