/*
 * stream.c - the -O pipeline on a module that is still being read
 * (sirc -O1/-O2 -c), with the module opt_run_level_jobs would make.
 *
 * Functions come in module order as the reader completes them.  The
 * pipeline is cut at the inliner: the passes before it ("pre") run on
 * each function as it comes; the inliner (opt_inliner_*, inline.c)
 * then takes the functions in module order, each as soon as every
 * function it calls is through "pre", keeping a copy of each body that
 * later callers may still copy; the passes after it ("post") run on
 * each function it has taken, and the function is handed on (to code
 * generation, after which the driver releases the body).  The inliner
 * copies a callee as the whole-module run would find it: one before the
 * caller after its own inlining (the kept copy), one after it as "pre"
 * left it.  Function passes read of the module only what no function
 * pass changes (parpass.c), and what the reader adds later a function
 * does not name, so running "post" on a function before the module is
 * read changes nothing.  Two exceptions, both the callers' to avoid or
 * to wait for:
 *   - internal functions: their call sites ('once') and references
 *     (dropped when unreferenced) are known when the module is; from
 *     the first function that is internal or calls one, the stream
 *     waits for the end and does the rest as the whole-module run does.
 *   - idiom declares memset when the module does not: the driver
 *     streams only a module that never names memset, so the declaration
 *     (made mid-read, by name, used by name) cannot meet the reader's.
 * Passes run on up to 'jobs' threads (opt_run_funcs), a batch of
 * functions at a time (sirc hands the batches on from the reader, or
 * with -j from a thread of its own while the reader goes on); the
 * result does not depend on 'jobs' or on how the functions are batched.
 */
#include "opt.h"
#include "optutil.h"

#include <stdlib.h>
#include <string.h>

struct OptStream {
    OptCtx *ctx;
    int jobs;
    OptCtx *tctx;           /* jobs + 1 contexts for opt_run_funcs */
    VEC(const OptPass *) pre, post;
    OptInliner *in;         /* NULL: the pipeline does not inline */
    VEC(uint32_t) wait;     /* through "pre", not inlined, from head */
    uint32_t head;
    VEC(uint32_t) out;      /* optimized, not taken yet */
    VEC(uint32_t) batch;
    bool ok;
};

/* Splits -O<level> at the inliner into s's "pre" and "post" (s NULL:
 * only asks); false when the pipeline has another module pass. */
static bool
split(OptStream *s, int level)
{
    bool inlines = false;
    for (const char *p = opt_level_pipeline(level); p;) {
        bool module;
        const OptPass *pass = opt_pipeline_next(&p, &module);
        if (!pass)
            continue;
        if (module && (inlines || strcmp(pass->name, "inline")))
            return false;
        if (module)
            inlines = true;
        else if (s)
            VEC_PUSH(*(inlines ? &s->post : &s->pre), pass);
    }
    if (s && inlines)
        s->in = opt_inliner_new(s->ctx->m);
    return true;
}

bool
opt_level_streams(int level)
{
    return split(NULL, level);
}

OptStream *
opt_stream_new(OptCtx *ctx, int level, int jobs)
{
    OptStream *s = xcalloc(1, sizeof *s);
    s->ctx = ctx;
    s->jobs = jobs;
    s->ok = true;
    s->tctx = xcalloc((size_t)(jobs > 1 ? jobs : 1) + 1, sizeof *s->tctx);
    for (int k = 0; k <= (jobs > 1 ? jobs : 1); k++)
        opt_ctx_init(&s->tctx[k], ctx->m, NULL);
    if (!split(s, level)) {
        opt_stream_free(s);
        return NULL;
    }
    return s;
}

/* The passes seg[0 .. nseg) on the functions syms[0 .. n). */
static void
run(OptStream *s, const OptPass *const *seg, uint32_t nseg,
    const uint32_t *syms, uint32_t n)
{
    /* not shrunk: most bodies are released soon after (shrinking those
     * waiting to be inlined into cost sirc -O2 -j 2 a seventh) */
    if (s->ok && nseg && n)
        s->ok = opt_run_funcs(s->ctx, seg, nseg, syms, n, s->jobs, s->tctx,
                              false);
}

/* Inlines into the waiting functions as far as their callees allow (all
 * of them once the module is complete), then runs "post" on them. */
static void
advance(OptStream *s, bool complete)
{
    IrModule *m = s->ctx->m;
    s->batch.len = 0;
    for (; s->head < s->wait.len && s->ok; s->head++) {
        IrFunc *f = ir_sym(m, (IrSym){s->wait.data[s->head]})->func;
        if (!complete && opt_inliner_wait(s->in, f) != OPT_INLINE_READY)
            break;
        /* after the end nothing runs "post" before the last inlining:
         * no copy is needed */
        opt_inliner_run(s->in, f, !complete);
        VEC_PUSH(s->batch, f->sym.id);
    }
    if (s->head == s->wait.len)
        s->head = s->wait.len = 0;
    if (complete) {
        opt_inliner_finish(s->in, s->ctx);
        uint32_t n = 0;
        for (uint32_t k = 0; k < s->batch.len; k++)
            if (!ir_sym(m, (IrSym){s->batch.data[k]})->dead)
                s->batch.data[n++] = s->batch.data[k];
        s->batch.len = n;
    }
    run(s, s->post.data, s->post.len, s->batch.data, s->batch.len);
    for (uint32_t k = 0; k < s->batch.len; k++)
        VEC_PUSH(s->out, s->batch.data[k]);
}

bool
opt_stream_add(OptStream *s, const IrSym *fns, uint32_t n)
{
    VEC(uint32_t) ids = {0};
    for (uint32_t k = 0; k < n; k++)
        VEC_PUSH(ids, fns[k].id);
    run(s, s->pre.data, s->pre.len, ids.data, ids.len);
    for (uint32_t k = 0; k < n && s->ok; k++) {
        if (!s->in) {
            VEC_PUSH(s->out, ids.data[k]);
            continue;
        }
        opt_inliner_add(s->in, ir_sym(s->ctx->m, fns[k])->func);
        VEC_PUSH(s->wait, ids.data[k]);
    }
    VEC_FREE(ids);
    if (s->in && s->ok)
        advance(s, false);
    return s->ok;
}

bool
opt_stream_end(OptStream *s)
{
    if (s->in && s->ok)
        advance(s, true);
    return s->ok;
}

const uint32_t *
opt_stream_take(OptStream *s, uint32_t *n)
{
    *n = s->out.len;
    s->out.len = 0;
    return s->out.data;
}

void
opt_stream_free(OptStream *s)
{
    if (!s)
        return;
    opt_inliner_free(s->in);
    for (int k = 0; k <= (s->jobs > 1 ? s->jobs : 1); k++)
        opt_ctx_free(&s->tctx[k]);
    free(s->tctx);
    VEC_FREE(s->pre);
    VEC_FREE(s->post);
    VEC_FREE(s->wait);
    VEC_FREE(s->out);
    VEC_FREE(s->batch);
    free(s);
}
