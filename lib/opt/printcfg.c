/*
 * printcfg.c - print-cfg and print-domtree: write each function's
 * control-flow graph or dominator tree as a Graphviz digraph to the
 * context's print stream (stderr unless the driver sets one), one
 * `digraph "name"` per definition.  The module is not changed.
 * Unreachable blocks appear in the CFG (dashed) but not in the tree.
 */
#include "optutil.h"

static FILE *
out_of(OptCtx *ctx)
{
    return ctx->print_out ? ctx->print_out : stderr;
}

/* Labels and names are [A-Za-z0-9._] (spec 2.2): no quoting needed
 * inside a dot string. */
static void
node(IrFunc *f, IrBlock b, bool dashed, FILE *out)
{
    fprintf(out, "  \"%s\" [shape=box%s];\n",
            ir_str(f->mod, ir_block(f, b)->name),
            dashed ? ", style=dashed" : "");
}

bool
opt_print_cfg(OptCtx *ctx, IrModule *m)
{
    FILE *out = out_of(ctx);
    OPT_FOR_FUNCS(m, f) {
        const IrCfg *c = opt_am_cfg(opt_am(ctx, f));
        fprintf(out, "digraph \"cfg.%s\" {\n",
                ir_str(m, ir_sym(m, f->sym)->name));
        IR_FOR_BLOCKS(f, b)
            node(f, b, !ir_cfg_reachable(c, b), out);
        IR_FOR_BLOCKS(f, b) {
            IrInst t = ir_layout_terminator(f, b);
            if (!t.id)
                continue;
            uint32_t nt = ir_inst(f, t)->ntargets;
            for (uint32_t k = 0; k < nt; k++)
                fprintf(out, "  \"%s\" -> \"%s\"%s;\n",
                        ir_str(m, ir_block(f, b)->name),
                        ir_str(m, ir_block(f, ir_target(f, t, k)->block)->name),
                        nt == 2 ? (k == 0 ? " [label=T]" : " [label=F]")
                                : "");
        }
        fprintf(out, "}\n");
    }
    return true;
}

bool
opt_print_domtree(OptCtx *ctx, IrModule *m)
{
    FILE *out = out_of(ctx);
    OPT_FOR_FUNCS(m, f) {
        OptAM *am = opt_am(ctx, f);
        const IrCfg *c = opt_am_cfg(am);
        const IrDomTree *d = opt_am_domtree(am);
        fprintf(out, "digraph \"domtree.%s\" {\n",
                ir_str(m, ir_sym(m, f->sym)->name));
        for (uint32_t r = 0; r < c->nrpo; r++)
            node(f, c->rpo[r], false, out);
        for (uint32_t r = 1; r < c->nrpo; r++) {
            IrBlock b = c->rpo[r];
            fprintf(out, "  \"%s\" -> \"%s\";\n",
                    ir_str(m, ir_block(f, d->idom[b.id])->name),
                    ir_str(m, ir_block(f, b)->name));
        }
        fprintf(out, "}\n");
    }
    return true;
}
