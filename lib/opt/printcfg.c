/*
 * printcfg.c - print-cfg and print-domtree: write each function's
 * control-flow graph or dominator tree as a Graphviz digraph to the
 * context's graph stream (dot_out; siropt gives standard output), one
 * `digraph "name"` per definition; dot-cfg writes each CFG to its own
 * file, cfg.NAME.dot, as opt -dot-cfg does.  The module is not changed.
 * A CFG node shows its block as the canonical printer writes it: the
 * label with its parameters, then every instruction.  Unreachable
 * blocks appear in the CFG (dashed) but not in the tree.
 */
#include "optutil.h"

#include <string.h>

static FILE *
out_of(OptCtx *ctx)
{
    if (ctx->dot_out)
        return ctx->dot_out;
    return ctx->print_out ? ctx->print_out : stderr;
}

/* Writes s[0..n) inside a dot string, as one left-justified line. */
static void
dot_line(const char *s, size_t n, FILE *out)
{
    for (size_t k = 0; k < n; k++) {
        if (s[k] == '"' || s[k] == '\\')
            fputc('\\', out);
        fputc(s[k], out);
    }
    fputs("\\l", out);
}

/* One box per block holding its text: f printed in canonical form,
 * then cut at the block labels (lines that do not start with a space;
 * the first is the fn line, the last the closing brace). */
static void
block_nodes(IrFunc *f, const IrCfg *c, FILE *out)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    if (!mf)
        return;
    ir_print_func(f, mf);
    fclose(mf);
    const char *p = buf, *end = buf + len;
    p = memchr(p, '\n', (size_t)(end - p));  /* skip the fn line */
    p = p ? p + 1 : end;
    bool open = false;
    IrBlock b = ir_layout_entry(f);
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (n > 0 && p[0] != ' ' && p[0] != '}' && b.id) {
            if (open)
                fputs("\"];\n", out);
            fprintf(out, "  \"%s\" [shape=box, fontname=monospace%s, "
                    "label=\"", ir_str(f->mod, ir_block(f, b)->name),
                    ir_cfg_reachable(c, b) ? "" : ", style=dashed");
            open = true;
            b = ir_layout_next_block(f, b);
            dot_line(p, n, out);
        } else if (n > 0 && p[0] == ' ' && open) {
            dot_line(p, n, out);
        }
        p += n + 1;
    }
    if (open)
        fputs("\"];\n", out);
    free(buf);
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

/* f's CFG as one digraph. */
static void
write_cfg(OptCtx *ctx, IrModule *m, IrFunc *f, FILE *out)
{
    const IrCfg *c = opt_am_cfg(opt_am(ctx, f));
    fprintf(out, "digraph \"cfg.%s\" {\n",
            ir_str(m, ir_sym(m, f->sym)->name));
    block_nodes(f, c, out);
    IR_FOR_BLOCKS(f, b) {
        IrInst t = ir_layout_terminator(f, b);
        if (!t.id)
            continue;
        uint32_t nt = ir_inst(f, t)->ntargets;
        for (uint32_t k = 0; k < nt; k++)
            fprintf(out, "  \"%s\" -> \"%s\"%s;\n",
                    ir_str(m, ir_block(f, b)->name),
                    ir_str(m, ir_block(f, ir_target(f, t, k)->block)->name),
                    nt == 2 ? (k == 0 ? " [label=T]" : " [label=F]") : "");
    }
    fprintf(out, "}\n");
}

bool
opt_print_cfg(OptCtx *ctx, IrModule *m)
{
    FILE *out = out_of(ctx);
    OPT_FOR_FUNCS(m, f)
        write_cfg(ctx, m, f, out);
    fflush(out);
    return true;
}

bool
opt_dot_cfg(OptCtx *ctx, IrModule *m)
{
    bool ok = true;
    OPT_FOR_FUNCS(m, f) {
        const char *name = ir_str(m, ir_sym(m, f->sym)->name);
        size_t n = strlen(name) + 9;
        char *path = xmalloc(n);
        snprintf(path, n, "cfg.%s.dot", name);
        FILE *out = fopen(path, "w");
        if (!out || (write_cfg(ctx, m, f, out), fclose(out) != 0)) {
            ir_diag_error(ctx->diag, (IrLoc){0}, "cannot write '%s'", path);
            ok = false;
        } else if (ctx->print_out) {
            fprintf(ctx->print_out, "Writing '%s'...\n", path);
        }
        free(path);
    }
    return ok;
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
