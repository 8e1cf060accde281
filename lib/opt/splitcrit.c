/*
 * splitcrit.c - splits critical edges: an edge from a block with two
 * successors (a condbr) to a block with several incoming edges gets a
 * new block of its own holding `br S(args)`, and the condbr targets the
 * new block without arguments.  Afterwards every edge carrying
 * arguments into a join block leaves a block with one successor, so a
 * backend can put the parallel copies for block parameters at the end
 * of the predecessor.  Linear.
 */
#include "optutil.h"

static uint32_t
split_func(OptCtx *ctx, IrFunc *f)
{
    const OptPreds p = *opt_am_preds(opt_am(ctx, f));
    uint32_t n = 0;
    IrBlock next;
    for (IrBlock b = ir_layout_entry(f); b.id; b = next) {
        next = ir_layout_next_block(f, b);
        IrInst t = ir_layout_terminator(f, b);
        if (!t.id || ir_inst(f, t)->ntargets < 2)
            continue;
        IrBlock after = b;
        for (uint32_t k = 0; k < ir_inst(f, t)->ntargets; k++) {
            IrTarget tg = *ir_target(f, t, k);
            if (tg.block.id >= p.nblocks || opt_npreds(&p, tg.block) < 2)
                continue;
            IrBlock nb = ir_block_create(f, NULL);
            ir_layout_insert_block_after(f, nb, after);
            after = nb;
            IrValue *args = xmalloc((tg.nargs + 1) * sizeof *args);
            for (uint32_t j = 0; j < tg.nargs; j++)
                args[j] = f->vpool.data[tg.args + j];
            IrBuilder bl;
            ir_builder_at_end(&bl, f, nb);
            bl.loc = ir_inst(f, t)->loc;
            ir_build_br(&bl, tg.block, args, tg.nargs);
            free(args);
            ir_target_set_args(f, t, k, NULL, 0);
            ir_target(f, t, k)->block = nb;
            n++;
        }
    }
    if (!n)
        opt_unchanged(ctx, f);
    return n;
}

bool
opt_split_crit_edges(OptCtx *ctx, IrModule *m)
{
    uint64_t n = 0;
    OPT_FOR_FUNCS(m, f)
        n += split_func(ctx, f);
    opt_count(ctx, "edges split", n);
    return true;
}
