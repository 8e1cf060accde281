/*
 * printan.c - print-domfrontier, print-loops, print-liveness: text dumps
 * of the cached analyses of each function, for tests and debugging,
 * written to the context's print stream (stderr unless the driver sets
 * one).  Blocks appear in layout order; the module is not changed.
 *
 *   domfrontier @f:          loops @f:
 *     entry:                   loop: depth 1, parent -, preheader entry,
 *     body: loop                 blocks loop body
 *
 *   liveness @f:
 *     loop: in [%n] out [%n %i]
 */
#include "optutil.h"

static FILE *
out_of(OptCtx *ctx)
{
    return ctx->print_out ? ctx->print_out : stderr;
}

static const char *
label(IrFunc *f, IrBlock b)
{
    return b.id ? ir_str(f->mod, ir_block(f, b)->name) : "-";
}

static void
header(IrFunc *f, const char *what, FILE *out)
{
    IrModule *m = f->mod;
    fprintf(out, "%s @%s:\n", what, ir_str(m, ir_sym(m, f->sym)->name));
}

bool
opt_print_domfrontier(OptCtx *ctx, IrModule *m)
{
    FILE *out = out_of(ctx);
    OPT_FOR_FUNCS(m, f) {
        const OptDomFrontier *df = opt_am_domfrontier(opt_am(ctx, f));
        header(f, "domfrontier", out);
        IR_FOR_BLOCKS(f, b) {
            fprintf(out, "  %s:", label(f, b));
            for (uint32_t k = df->start[b.id]; k < df->start[b.id + 1]; k++)
                fprintf(out, " %s", label(f, df->blocks[k]));
            fputc('\n', out);
        }
    }
    return true;
}

bool
opt_print_loops(OptCtx *ctx, IrModule *m)
{
    FILE *out = out_of(ctx);
    OPT_FOR_FUNCS(m, f) {
        const OptLoops *ls = opt_am_loops(opt_am(ctx, f));
        header(f, "loops", out);
        /* A header's innermost loop is its own. */
        IR_FOR_BLOCKS(f, b) {
            uint32_t k = ls->innermost[b.id];
            if (!k || ls->loops[k - 1].header.id != b.id)
                continue;
            const OptLoop *lp = &ls->loops[k - 1];
            IrBlock parent = lp->parent ? ls->loops[lp->parent - 1].header
                                        : (IrBlock){0};
            fprintf(out, "  %s: depth %u, parent %s, preheader %s, blocks",
                    label(f, b), lp->depth, label(f, parent),
                    label(f, lp->preheader));
            for (uint32_t j = 0; j < lp->nblocks; j++)
                fprintf(out, " %s", label(f, ls->blocks[lp->first + j]));
            fputc('\n', out);
        }
    }
    return true;
}

static void
value_set(IrFunc *f, const char *what, const IrValue *v, uint32_t n,
          FILE *out)
{
    fprintf(out, " %s [", what);
    ir_print_values(f, v, n, out);
    fputc(']', out);
}

bool
opt_print_liveness(OptCtx *ctx, IrModule *m)
{
    FILE *out = out_of(ctx);
    OPT_FOR_FUNCS(m, f) {
        const OptLiveness *l = opt_am_liveness(opt_am(ctx, f));
        header(f, "liveness", out);
        IR_FOR_BLOCKS(f, b) {
            uint32_t i0 = l->in_start[b.id], i1 = l->in_start[b.id + 1];
            uint32_t o0 = l->out_start[b.id], o1 = l->out_start[b.id + 1];
            fprintf(out, "  %s:", label(f, b));
            value_set(f, "in", l->in + i0, i1 - i0, out);
            value_set(f, "out", l->out + o0, o1 - o0, out);
            fputc('\n', out);
        }
    }
    return true;
}
