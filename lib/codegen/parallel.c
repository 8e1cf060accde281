/*
 * parallel.c - code generation of a module's functions on threads
 * (sirc -j N), with output byte-identical to one thread.
 *
 * Workers take functions in module order and compile each through
 * cg_finalize into a MirFunc of its own, with a CgCtx of their own and
 * diagnostics written to a buffer.  The calling thread hands the
 * functions to the sink strictly in order, replaying each one's
 * diagnostics first, and stops at the first failure as the one-thread
 * loop does; what the workers compiled past it is discarded.  The IR is
 * only read during code generation (every per-function table lives in
 * the CgCtx and the MirFunc), so the workers share nothing but the
 * queue.  Workers stay at most WINDOW functions ahead of the sink, so
 * the memory held is bounded by the window, not the module.
 */
#include "sink.h"

#include <pthread.h>
#include <string.h>

typedef struct {
    MirFunc mf;
    Diag d;                 /* its messages, held */
    DiagBuf held;
    bool ok, done;
} Job;

typedef struct {
    const CgCtx *proto;
    const IrSym *fns;
    Job *jobs;
    uint32_t n, next, emitted, window;
    uint32_t base;          /* fn_index of fns[0] */
    bool stop;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} Queue;

static void
compile_one(Queue *q, CgCtx *c, uint32_t k)
{
    Job *j = &q->jobs[k];
    ir_diag_hold(&j->d, q->proto->diag, &j->held);
    c->diag = &j->d;
    c->failed = false;
    c->fn_index = q->base + k;
    j->ok = cg_compile_func(c, q->fns[k], &j->mf);
}

static void *
worker(void *arg)
{
    Queue *q = arg;
    CgCtx c = *q->proto;
    memset(&c.leafpool, 0, sizeof c.leafpool);
    memset(&c.lazydefs, 0, sizeof c.lazydefs);
    c.scratch = NULL;           /* the calling thread's */
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->stop && q->next < q->n &&
               q->next >= q->emitted + q->window)
            pthread_cond_wait(&q->cv, &q->mu);
        if (q->stop || q->next >= q->n)
            break;
        uint32_t k = q->next++;
        pthread_mutex_unlock(&q->mu);
        compile_one(q, &c, k);
        pthread_mutex_lock(&q->mu);
        q->jobs[k].done = true;
        pthread_cond_broadcast(&q->cv);
    }
    pthread_mutex_unlock(&q->mu);
    VEC_FREE(c.leafpool);
    VEC_FREE(c.lazydefs);
    cg_scratch_free(c.scratch);
    return NULL;
}

bool
cg_compile_parallel(CgCtx *c, const IrSym *fns, uint32_t n, McSink *sink)
{
    uint32_t nt = (uint32_t)c->opt->jobs;
    if (nt > n)
        nt = n;
    Queue q = {.proto = c, .fns = fns, .n = n, .window = 4 * nt,
               .base = c->fn_index};
    q.jobs = xcalloc(n, sizeof *q.jobs);
    pthread_mutex_init(&q.mu, NULL);
    pthread_cond_init(&q.cv, NULL);
    pthread_t *th = xmalloc(nt * sizeof *th);
    uint32_t started = 0;
    for (; started < nt; started++)
        if (pthread_create(&th[started], NULL, worker, &q))
            break;
    bool ok = true;
    for (uint32_t k = 0; k < n; k++) {
        Job *j = &q.jobs[k];
        pthread_mutex_lock(&q.mu);
        while (!j->done && started)
            pthread_cond_wait(&q.cv, &q.mu);
        pthread_mutex_unlock(&q.mu);
        if (!started)       /* no thread could start: compile here */
            compile_one(&q, c, k);
        ir_diag_show(c->diag, &j->d, &j->held, true);
        ok = j->ok;
        if (ok)
            cg_emit_func(sink, &j->mf);
        mir_func_free(&j->mf);
        pthread_mutex_lock(&q.mu);
        q.emitted = k + 1;
        q.stop = !ok;
        pthread_cond_broadcast(&q.cv);
        pthread_mutex_unlock(&q.mu);
        if (!ok)
            break;
    }
    for (uint32_t t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    /* functions compiled past a failure are dropped unseen */
    for (uint32_t k = 0; k < n; k++) {
        if (q.jobs[k].done && k >= q.emitted) {
            mir_func_free(&q.jobs[k].mf);
            ir_diag_show(c->diag, &q.jobs[k].d, &q.jobs[k].held, false);
        }
    }
    c->failed = !ok;
    pthread_mutex_destroy(&q.mu);
    pthread_cond_destroy(&q.cv);
    free(th);
    free(q.jobs);
    return ok;
}
