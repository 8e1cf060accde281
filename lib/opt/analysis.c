/*
 * analysis.c - the analysis manager: per function, each analysis is
 * computed on its first request and cached until it may be stale.
 *
 *   cfg ----+---- domtree ---+--- domfrontier      preds     alias
 *           |                +--- loops                          uses
 *           +---- liveness
 *
 * An analysis is computed from the ones it hangs from (the manager asks
 * for those first), so dropping one drops everything below it.  After a
 * pass, opt_am_end_pass keeps, per function, what the pass declares in
 * passes.def plus what it reported at run time for that function
 * (opt_preserve, opt_unchanged), and drops the rest.  A pass that
 * changes a function and then wants fresh analyses in the same run
 * calls opt_am_changed first.
 *
 * Catching wrong declarations (--verify-analyses, implied by
 * --verify-each): every reuse of a cached analysis and, after every
 * pass, every analysis still cached is compared with one recomputed from
 * scratch; a difference is reported as an internal error naming the
 * analysis, the function and the pass, and the run fails.  The stale
 * result is kept aside (a pass may still hold it) and the fresh one
 * takes its place.
 *
 * --debug-analyses logs each computation, reuse and drop on the print
 * stream; with --stats the passes count "analyses computed" and
 * "analyses reused".
 */
#include "optutil.h"

#include <string.h>

typedef union {
    IrCfg cfg;
    OptPreds preds;
    IrDomTree dom;
    OptDomFrontier df;
    OptLoops loops;
    OptLiveness live;
    OptAlias alias;
    IrUses uses;
} Result;

/* A result that turned out stale, kept until the manager is freed. */
typedef struct {
    OptAnalysis k;
    Result r;
    Arena a;
} Dropped;

struct OptAM {
    IrFunc *f;
    OptCtx *ctx;        /* NULL for a scratch manager (checks) */
    unsigned valid;     /* mask of cached analyses */
    unsigned kept;      /* reported by the running pass (kept_run) */
    uint32_t kept_run;
    uint32_t uses_run;  /* the pass run that last asked for the uses */
    Result r[OPT_AN_COUNT];
    Arena arena[OPT_AN_COUNT];
    VEC(Dropped) dropped;
};

/* The managers of a context, by symbol id. */
typedef struct {
    VEC(OptAM *) by_sym;
    const char *pass;   /* the running pass, or NULL */
    uint32_t run;       /* numbers pass runs, for opt_preserve */
} Table;

#define BIT(k) (1u << (k))

enum { CHUNK = 256 };

static const struct {
    const char *name;
    unsigned deps;      /* computed from these */
} kinds[OPT_AN_COUNT] = {
    [OPT_AN_CFG] = {"cfg", 0},
    [OPT_AN_PREDS] = {"preds", 0},
    [OPT_AN_DOMTREE] = {"domtree", BIT(OPT_AN_CFG)},
    [OPT_AN_DOMFRONTIER] = {"domfrontier",
                            BIT(OPT_AN_CFG) | BIT(OPT_AN_DOMTREE)},
    [OPT_AN_LOOPS] = {"loops", BIT(OPT_AN_CFG) | BIT(OPT_AN_DOMTREE)},
    [OPT_AN_LIVENESS] = {"liveness", BIT(OPT_AN_CFG)},
    [OPT_AN_ALIAS] = {"alias", 0},
    [OPT_AN_USES] = {"uses", 0},
};

const char *
opt_analysis_name(OptAnalysis k)
{
    return k < OPT_AN_COUNT ? kinds[k].name : "?";
}

/* What survives of the analyses in 'kept': an analysis goes when
 * anything it is computed from goes. */
static unsigned
closure_kept(unsigned kept)
{
    for (bool again = true; again;) {
        again = false;
        for (unsigned k = 0; k < OPT_AN_COUNT; k++)
            if ((kept & BIT(k)) && (kinds[k].deps & ~kept)) {
                kept &= ~BIT(k);
                again = true;
            }
    }
    return kept;
}

static Table *
table(OptCtx *ctx)
{
    if (!ctx->ams)
        ctx->ams = xcalloc(1, sizeof(Table));
    return ctx->ams;
}

static void
say(OptAM *am, const char *what, OptAnalysis k)
{
    OptCtx *ctx = am->ctx;
    if (!ctx || !ctx->debug_analyses)
        return;
    Table *t = table(ctx);
    FILE *out = ctx->print_out ? ctx->print_out : stderr;
    IrModule *m = am->f->mod;
    fprintf(out, "[am] %s @%s: %s %s\n", t->pass ? t->pass : "-",
            ir_str(m, ir_sym(m, am->f->sym)->name), what, kinds[k].name);
}

static void
release(OptAnalysis k, Result *r, Arena *a)
{
    if (k == OPT_AN_CFG)
        ir_cfg_free(&r->cfg);
    else if (k == OPT_AN_DOMTREE)
        ir_dom_free(&r->dom);
    else if (k == OPT_AN_USES && r->uses.start)
        ir_uses_free(&r->uses);
    arena_free(a);
    memset(r, 0, sizeof *r);
}

static void drop(OptAM *am, unsigned mask, const char *why);
static Result *get(OptAM *am, OptAnalysis k, bool asked);

/* Computes analysis k of am into its slot (dependencies first). */
static void
compute(OptAM *am, OptAnalysis k)
{
    IrFunc *f = am->f;
    Result *r = &am->r[k];
    Arena *a = &am->arena[k];
    /* Cached for every function at once: small blocks, not 64 KiB. */
    a->chunk = CHUNK;
    const IrCfg *c = kinds[k].deps & BIT(OPT_AN_CFG)
        ? &get(am, OPT_AN_CFG, false)->cfg : NULL;
    const IrDomTree *d = kinds[k].deps & BIT(OPT_AN_DOMTREE)
        ? &get(am, OPT_AN_DOMTREE, false)->dom : NULL;
    switch (k) {
    case OPT_AN_CFG:
        ir_cfg_compute(f, &r->cfg);
        break;
    case OPT_AN_PREDS:
        opt_preds_compute(f, &r->preds, a);
        break;
    case OPT_AN_DOMTREE:
        ir_dom_compute(f, c, &r->dom);
        break;
    case OPT_AN_DOMFRONTIER:
        opt_domfrontier_compute(f, c, d, &r->df, a);
        break;
    case OPT_AN_LOOPS:
        opt_loops_compute(f, c, d, &r->loops, a);
        break;
    case OPT_AN_LIVENESS:
        opt_liveness_compute(f, c, &r->live, a);
        break;
    case OPT_AN_ALIAS:
        opt_alias_compute(f, &r->alias, a);
        break;
    case OPT_AN_USES:
        ir_uses_compute(f, &r->uses);
        break;
    default:
        IR_ASSERT(0);
    }
    am->valid |= BIT(k);
}

/* ------------------------------------------------------------ compare */

static bool
same_u32(const uint32_t *x, const uint32_t *y, size_t n)
{
    return !n || memcmp(x, y, n * sizeof *x) == 0;
}

static bool
same_blocks(const IrBlock *x, const IrBlock *y, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (x[k].id != y[k].id)
            return false;
    return true;
}

static bool
same_values(const IrValue *x, const IrValue *y, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (x[k].id != y[k].id)
            return false;
    return true;
}

static bool
same_cfg(const IrCfg *x, const IrCfg *y)
{
    uint32_t nb = x->nblocks;
    if (nb != y->nblocks || x->nrpo != y->nrpo ||
        !same_u32(x->succ_start, y->succ_start, nb + 1) ||
        !same_u32(x->pred_start, y->pred_start, nb + 1) ||
        !same_u32(x->rpo_index, y->rpo_index, nb))
        return false;
    return same_blocks(x->succs, y->succs, x->succ_start[nb]) &&
           same_blocks(x->preds, y->preds, x->pred_start[nb]) &&
           same_blocks(x->rpo, y->rpo, x->nrpo);
}

static bool
same_preds(const OptPreds *x, const OptPreds *y)
{
    uint32_t nb = x->nblocks;
    if (nb != y->nblocks || !same_u32(x->start, y->start, nb + 2))
        return false;
    for (uint32_t e = 0; e < x->start[nb + 1]; e++)
        if (x->e[e].inst.id != y->e[e].inst.id ||
            x->e[e].tidx != y->e[e].tidx)
            return false;
    return true;
}

static bool
same_dom(const IrDomTree *x, const IrDomTree *y)
{
    uint32_t nb = x->nblocks;
    return nb == y->nblocks && same_blocks(x->idom, y->idom, nb) &&
           same_u32(x->pre, y->pre, nb) && same_u32(x->post, y->post, nb) &&
           same_u32(x->child_start, y->child_start, nb + 1) &&
           same_blocks(x->children, y->children, x->child_start[nb]);
}

static bool
same_df(const OptDomFrontier *x, const OptDomFrontier *y)
{
    uint32_t nb = x->nblocks;
    return nb == y->nblocks && same_u32(x->start, y->start, nb + 2) &&
           same_blocks(x->blocks, y->blocks, x->start[nb + 1]);
}

static bool
same_loops(const OptLoops *x, const OptLoops *y)
{
    if (x->n != y->n || x->nblocks != y->nblocks ||
        !same_u32(x->innermost, y->innermost, x->nblocks))
        return false;
    uint32_t nblk = 0;
    for (uint32_t k = 0; k < x->n; k++) {
        const OptLoop *a = &x->loops[k], *b = &y->loops[k];
        if (a->header.id != b->header.id || a->first != b->first ||
            a->nblocks != b->nblocks || a->parent != b->parent ||
            a->depth != b->depth || a->preheader.id != b->preheader.id)
            return false;
        if (a->first + a->nblocks > nblk)
            nblk = a->first + a->nblocks;
    }
    return same_blocks(x->blocks, y->blocks, nblk);
}

static bool
same_live(const OptLiveness *x, const OptLiveness *y)
{
    uint32_t nb = x->nblocks;
    return nb == y->nblocks && x->nvalues == y->nvalues &&
           same_u32(x->in_start, y->in_start, nb + 2) &&
           same_u32(x->out_start, y->out_start, nb + 2) &&
           same_values(x->in, y->in, x->in_start[nb + 1]) &&
           same_values(x->out, y->out, x->out_start[nb + 1]);
}

/* Bases are memoized on demand, so compare what a query answers. */
static bool
same_alias(IrFunc *f, OptAlias *x, OptAlias *y)
{
    if (x->nvalues != y->nvalues || x->nslots != y->nslots ||
        x->nobjects != y->nobjects ||
        memcmp(x->escaped, y->escaped, x->nobjects * sizeof *x->escaped) ||
        memcmp(x->compared, y->compared, x->nobjects * sizeof *x->compared))
        return false;
    for (uint32_t v = 1; v < x->nvalues; v++) {
        const OptPtrInfo *a = opt_alias_base(f, x, (IrValue){v});
        const OptPtrInfo *b = opt_alias_base(f, y, (IrValue){v});
        if (a->kind != b->kind || a->id != b->id ||
            a->known_off != b->known_off || (a->known_off && a->off != b->off))
            return false;
    }
    return true;
}

static bool
same_uses(const IrUses *x, const IrUses *y)
{
    uint32_t nv = x->nvalues;
    if (nv != y->nvalues || !same_u32(x->start, y->start, nv + 2))
        return false;
    for (uint32_t k = 0; k < x->start[nv]; k++)
        if (x->uses[k].inst.id != y->uses[k].inst.id ||
            x->uses[k].slot != y->uses[k].slot)
            return false;
    return true;
}

static bool
same(IrFunc *f, OptAnalysis k, Result *x, Result *y)
{
    switch (k) {
    case OPT_AN_CFG: return same_cfg(&x->cfg, &y->cfg);
    case OPT_AN_PREDS: return same_preds(&x->preds, &y->preds);
    case OPT_AN_DOMTREE: return same_dom(&x->dom, &y->dom);
    case OPT_AN_DOMFRONTIER: return same_df(&x->df, &y->df);
    case OPT_AN_LOOPS: return same_loops(&x->loops, &y->loops);
    case OPT_AN_LIVENESS: return same_live(&x->live, &y->live);
    case OPT_AN_ALIAS: return same_alias(f, &x->alias, &y->alias);
    case OPT_AN_USES: return same_uses(&x->uses, &y->uses);
    default: return false;
    }
}

/* Recomputes k from scratch and compares with the cached result; on a
 * difference reports it, keeps the stale result aside and caches the
 * fresh one.  'when' says where the check runs. */
static bool
check_one(OptAM *am, OptAnalysis k, const char *when)
{
    OptAM fresh = {.f = am->f};
    get(&fresh, k, false);
    bool ok = same(am->f, k, &am->r[k], &fresh.r[k]);
    if (!ok) {
        OptCtx *ctx = am->ctx;
        Table *t = table(ctx);
        IrModule *m = am->f->mod;
        if (ctx->diag)
            ir_diag_error(ctx->diag, (IrLoc){0},
                          "internal error: stale analysis '%s' of @%s %s "
                          "'%s' (a wrong preserves declaration or a "
                          "missing opt_am_changed)", kinds[k].name,
                          ir_str(m, ir_sym(m, am->f->sym)->name), when,
                          t->pass ? t->pass : "?");
        Dropped dr = {k, am->r[k], am->arena[k]};
        VEC_PUSH(am->dropped, dr);
        am->r[k] = fresh.r[k];
        am->arena[k] = fresh.arena[k];
        fresh.r[k] = (Result){0};
        fresh.arena[k] = (Arena){0};
    }
    for (unsigned j = 0; j < OPT_AN_COUNT; j++)
        release((OptAnalysis)j, &fresh.r[j], &fresh.arena[j]);
    return ok;
}

/* ------------------------------------------------------------ access */

/* Analysis k of am, computed if needed.  asked: a pass asked for it
 * (rather than an analysis computed from it), so a reuse is logged and
 * counted. */
static Result *
get(OptAM *am, OptAnalysis k, bool asked)
{
    if (am->valid & BIT(k)) {
        if (am->ctx && asked) {
            say(am, "reuse", k);
            opt_stat(am->ctx, "analyses reused", 1);
        }
        if (am->ctx && am->ctx->verify_analyses)
            check_one(am, k, "reused in");
        return &am->r[k];
    }
    compute(am, k);
    say(am, "compute", k);
    if (am->ctx)
        opt_stat(am->ctx, "analyses computed", 1);
    return &am->r[k];
}

/* Drops the cached analyses in 'mask' and those computed from them. */
static void
drop(OptAM *am, unsigned mask, const char *why)
{
    unsigned gone = am->valid & ~closure_kept(am->valid & ~mask);
    for (unsigned k = 0; k < OPT_AN_COUNT; k++) {
        if (!(gone & BIT(k)))
            continue;
        say(am, why, (OptAnalysis)k);
        release((OptAnalysis)k, &am->r[k], &am->arena[k]);
    }
    am->valid &= ~gone;
}

OptAM *
opt_am(OptCtx *ctx, IrFunc *f)
{
    Table *t = table(ctx);
    uint32_t s = f->sym.id;
    while (t->by_sym.len <= s)
        VEC_PUSH(t->by_sym, NULL);
    OptAM *am = t->by_sym.data[s];
    if (am && am->f != f) {
        /* The symbol got a new body: nothing cached is about it. */
        drop(am, OPT_PRESERVE_ALL, "invalidate");
        am->f = f;
    }
    if (!am) {
        am = xcalloc(1, sizeof *am);
        am->f = f;
        am->ctx = ctx;
        t->by_sym.data[s] = am;
    }
    return am;
}

IrFunc *
opt_am_func(const OptAM *am)
{
    return am->f;
}

unsigned
opt_am_cached(const OptAM *am)
{
    return am->valid;
}

void
opt_am_changed(OptAM *am, unsigned kept)
{
    drop(am, ~kept & OPT_PRESERVE_ALL, "invalidate");
}

void
opt_preserve(OptCtx *ctx, IrFunc *f, unsigned mask)
{
    Table *t = table(ctx);
    OptAM *am = f->sym.id < t->by_sym.len ? t->by_sym.data[f->sym.id]
                                          : NULL;
    if (!am || am->f != f)
        return;
    if (am->kept_run != t->run) {
        am->kept_run = t->run;
        am->kept = 0;
    }
    am->kept |= mask;
}

const IrCfg *
opt_am_cfg(OptAM *am)
{
    return &get(am, OPT_AN_CFG, true)->cfg;
}

const IrBlock *
opt_am_rpo(OptAM *am, uint32_t *n)
{
    const IrCfg *c = opt_am_cfg(am);
    *n = c->nrpo;
    return c->rpo;
}

const OptPreds *
opt_am_preds(OptAM *am)
{
    return &get(am, OPT_AN_PREDS, true)->preds;
}

const IrDomTree *
opt_am_domtree(OptAM *am)
{
    return &get(am, OPT_AN_DOMTREE, true)->dom;
}

const OptDomFrontier *
opt_am_domfrontier(OptAM *am)
{
    return &get(am, OPT_AN_DOMFRONTIER, true)->df;
}

const OptLoops *
opt_am_loops(OptAM *am)
{
    return &get(am, OPT_AN_LOOPS, true)->loops;
}

const OptLiveness *
opt_am_liveness(OptAM *am)
{
    return &get(am, OPT_AN_LIVENESS, true)->live;
}

OptAlias *
opt_am_alias(OptAM *am)
{
    return &get(am, OPT_AN_ALIAS, true)->alias;
}

/* Reused only from an earlier pass that left the function as it was: a
 * pass changes operands without telling the manager (only block changes
 * go through opt_am_changed), so when it asks again it gets them anew,
 * and a pass that changed the function keeps no uses (passes.def). */
const IrUses *
opt_am_uses(OptAM *am)
{
    uint32_t run = am->ctx ? table(am->ctx)->run : 0;
    if ((am->valid & BIT(OPT_AN_USES)) && am->uses_run == run)
        drop(am, BIT(OPT_AN_USES), "invalidate");
    am->uses_run = run;
    return &get(am, OPT_AN_USES, true)->uses;
}

/* ------------------------------------------------------------ passes */

void
opt_am_begin_pass(OptCtx *ctx, const OptPass *p)
{
    Table *t = table(ctx);
    t->pass = p->name;
    t->run++;
}

void
opt_am_end_pass(OptCtx *ctx, const OptPass *p)
{
    Table *t = table(ctx);
    uint32_t s0 = opt_focus_sym, s1 = s0 ? s0 + 1 : t->by_sym.len;
    if (s1 > t->by_sym.len)
        s1 = t->by_sym.len;
    for (uint32_t s = s0; s < s1; s++) {    /* the focus holds the only AM */
        OptAM *am = t->by_sym.data[s];
        if (!am || !am->valid)
            continue;
        const IrSymData *sd = ir_sym_c(ctx->m, (IrSym){s});
        unsigned kept = p->preserves;
        if (am->kept_run == t->run)
            kept |= am->kept;
        if (sd->dead || sd->func != am->f)
            kept = 0;
        drop(am, ~kept & OPT_PRESERVE_ALL, "invalidate");
    }
    t->pass = NULL;
}

bool
opt_am_check(OptCtx *ctx, const char *after)
{
    Table *t = table(ctx);
    bool ok = true;
    t->pass = after;
    for (uint32_t s = 0; s < t->by_sym.len; s++) {
        OptAM *am = t->by_sym.data[s];
        if (!am)
            continue;
        for (unsigned k = 0; k < OPT_AN_COUNT; k++)
            if (am->valid & BIT(k))
                ok &= check_one(am, (OptAnalysis)k, "kept after");
    }
    t->pass = NULL;
    return ok;
}

static void
am_free(OptAM *am)
{
    for (unsigned k = 0; k < OPT_AN_COUNT; k++)
        release((OptAnalysis)k, &am->r[k], &am->arena[k]);
    for (uint32_t k = 0; k < am->dropped.len; k++) {
        Dropped *d = &am->dropped.data[k];
        release(d->k, &d->r, &d->a);
    }
    VEC_FREE(am->dropped);
    free(am);
}

void
opt_am_release(OptCtx *ctx, IrSym s)
{
    Table *t = ctx->ams;
    if (!t || s.id >= t->by_sym.len || !t->by_sym.data[s.id])
        return;
    am_free(t->by_sym.data[s.id]);
    t->by_sym.data[s.id] = NULL;
}

void
opt_am_free_all(OptCtx *ctx)
{
    Table *t = ctx->ams;
    if (!t)
        return;
    for (uint32_t s = 0; s < t->by_sym.len; s++)
        if (t->by_sym.data[s])
            am_free(t->by_sym.data[s]);
    VEC_FREE(t->by_sym);
    free(t);
    ctx->ams = NULL;
}
