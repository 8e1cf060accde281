/*
 * parpass.c - the -O pipeline function by function, on threads
 * (sirc -j N).
 *
 * A function pass changes only the function it is given, and reads of
 * the module only what no function pass changes (the interned tables
 * grow, entries never change), so running passes P, Q, R on every
 * function pass by pass and running P, Q, R on one function, then on
 * the next, give the same module.  The pipeline is cut at the module
 * passes (the inliner, which copies bodies across functions); each run
 * of function passes between two cuts is applied function by function,
 * in module order on one thread and in any order on several, each
 * function with a fresh analysis cache of its own (so the caches, too,
 * do not depend on the order).  While threads run, the module is shared
 * (ir/share.c): the calls that intern names or declare memset take its
 * lock.  Threads take functions from a counter; as every function's
 * result depends on that function alone, the output is byte-identical
 * for every -j.
 */
#include "opt.h"
#include "optutil.h"

#include <pthread.h>
#include <string.h>

_Thread_local uint32_t opt_focus_sym;

/* Passes that read or change more than the function they are given. */
static bool
module_pass(const OptPass *p)
{
    return p->run == opt_passes[0].run /* verify */ ||
           !strcmp(p->name, "inline");
}

typedef struct {
    IrModule *m;
    const OptPass **seg;
    uint32_t nseg;
    const uint32_t *syms;   /* the functions, by symbol id */
    uint32_t n, next;
    bool shrink;            /* fit the bodies' arrays after the passes */
    bool failed;            /* a pass returned false */
    pthread_mutex_t mu;
} Work;

/* Every pass of the segment on the function of symbol s, with the
 * thread's context c; what c cached about the function goes after. */
static void
run_one(Work *w, OptCtx *c, uint32_t s)
{
    opt_focus_sym = s;
    bool ok = true;
    for (uint32_t k = 0; k < w->nseg && ok; k++)
        ok = opt_run_pass(c, w->seg[k]);
    opt_focus_sym = 0;
    opt_am_release(c, (IrSym){s});
    if (w->shrink)
        ir_func_shrink(ir_sym(w->m, (IrSym){s})->func);
    if (!ok) {
        pthread_mutex_lock(&w->mu);
        w->failed = true;
        pthread_mutex_unlock(&w->mu);
    }
}

/* A thread's context: kept by the caller across runs, or its own. */
typedef struct {
    Work *w;
    OptCtx *c;
} Thread;

static void *
worker(void *arg)
{
    Thread *t = arg;
    Work *w = t->w;
    OptCtx own, *cp = t->c ? t->c : &own;
    if (!t->c)
        opt_ctx_init(&own, w->m, NULL);
    OptCtx c = *cp;
    for (;;) {
        pthread_mutex_lock(&w->mu);
        uint32_t k = w->next < w->n ? w->next++ : UINT32_MAX;
        pthread_mutex_unlock(&w->mu);
        if (k == UINT32_MAX)
            break;
        run_one(w, &c, w->syms[k]);
    }
    *cp = c;
    if (!t->c)
        opt_ctx_free(&own);
    return NULL;
}

bool
opt_run_funcs(OptCtx *ctx, const OptPass *const *seg, uint32_t nseg,
              const uint32_t *syms, uint32_t n, int jobs, OptCtx *ctxs,
              bool shrink)
{
    IrModule *m = ctx->m;
    /* what the caller's cache holds is stale after the segment */
    opt_am_free_all(ctx);
    Work w = {m, (const OptPass **)seg, nseg, syms, n, 0, shrink, false,
              PTHREAD_MUTEX_INITIALIZER};
    uint32_t nt = jobs > 1 ? (uint32_t)jobs : 1;
    if (nt > n)
        nt = n;
    pthread_t th[64];
    Thread tw[65];
    for (uint32_t k = 0; k <= nt && k < 65; k++)
        tw[k] = (Thread){&w, ctxs ? &ctxs[k] : NULL};
    uint32_t started = 0;
    if (nt > 1) {
        ir_module_share_begin(m);
        for (; started + 1 < nt && started < 64; started++)
            if (pthread_create(&th[started], NULL, worker, &tw[started + 1]))
                break;
    }
    worker(&tw[0]);         /* this thread works too */
    for (uint32_t t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    if (nt > 1)
        ir_module_share_end(m);
    return !w.failed;
}

static bool
run_segment(OptCtx *ctx, const OptPass **seg, uint32_t nseg, int jobs)
{
    VEC(uint32_t) syms = {0};
    OPT_FOR_FUNCS(ctx->m, f)
        VEC_PUSH(syms, f->sym.id);
    /* the module holds every function until code generation */
    bool ok = opt_run_funcs(ctx, seg, nseg, syms.data, syms.len, jobs,
                            NULL, true);
    VEC_FREE(syms);
    return ok;
}

const OptPass *
opt_pipeline_next(const char **list, bool *module)
{
    const char *p = *list, *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    const OptPass *pass = NULL;
    for (unsigned k = 0; k < opt_num_passes && len; k++)
        if (strlen(opt_passes[k].name) == len &&
            !memcmp(opt_passes[k].name, p, len))
            pass = &opt_passes[k];
    *list = e ? e + 1 : NULL;
    *module = pass && module_pass(pass);
    return pass;
}

bool
opt_run_level_jobs(OptCtx *ctx, int level, int jobs)
{
    if (ctx->verify_each || ctx->time_passes || ctx->stats ||
        ctx->print_after || ctx->print_before || ctx->print_changed ||
        ctx->debug_analyses || ctx->verify_analyses)
        return opt_run_level(ctx, level);
    VEC(const OptPass *) seg = {0};
    bool ok = true;
    for (const char *p = opt_level_pipeline(level); p && ok;) {
        bool module;
        const OptPass *pass = opt_pipeline_next(&p, &module);
        if (pass && !module)
            VEC_PUSH(seg, pass);
        if ((module || !pass || !p) && seg.len) {
            ok = run_segment(ctx, seg.data, seg.len, jobs);
            seg.len = 0;
        }
        if (ok && module)
            ok = opt_run_pass(ctx, pass);
    }
    VEC_FREE(seg);
    return ok;
}
