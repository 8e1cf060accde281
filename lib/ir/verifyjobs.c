/*
 * verifyjobs.c - ir_verify_module on threads (sirc -j N).
 *
 * The rules of one symbol read the module and write only the checker's
 * own tables (its CFG, dominator tree and name sets), so symbols can be
 * checked on several threads at once.  The messages, though, must be
 * those of the one-thread run, in order and under its limit: the
 * threads only count errors (a Diag without output), and a module that
 * has any is checked again on one thread, which prints them.  A valid
 * module, the case that matters for speed, is checked once.
 */
#include "ir_int.h"

#include <pthread.h>

enum { CHUNK = 16 };            /* symbols claimed at a time */

typedef struct {
    IrModule *m;
    const Diag *d;
    uint32_t next, n;           /* next symbol id to claim, last id */
    bool bad;
    pthread_mutex_t mu;
} Work;

static void *
worker(void *arg)
{
    Work *w = arg;
    Diag d;
    ir_diag_hold(&d, w->d, NULL);   /* counts only */
    bool bad = false;
    for (;;) {
        pthread_mutex_lock(&w->mu);
        uint32_t k = w->next, e = k + CHUNK - 1 < w->n ? k + CHUNK - 1 : w->n;
        w->next = e + 1;
        bool stop = w->bad;
        pthread_mutex_unlock(&w->mu);
        if (k > w->n || stop)
            break;
        for (; k <= e && !bad; k++)
            bad = !ir_verify_symbol(w->m, (IrSym){k}, &d);
        if (bad) {
            pthread_mutex_lock(&w->mu);
            w->bad = true;
            pthread_mutex_unlock(&w->mu);
            break;
        }
    }
    return NULL;
}

bool
ir_verify_module_jobs(IrModule *m, Diag *d, int jobs)
{
    uint32_t n = ir_num_syms(m);
    uint32_t nt = jobs > 64 ? 64 : jobs > 1 ? (uint32_t)jobs : 1;
    if (nt < 2 || n < 2 * CHUNK)
        return ir_verify_module(m, d);
    Work w = {m, d, 1, n, false, PTHREAD_MUTEX_INITIALIZER};
    pthread_t th[64];
    uint32_t started = 0;
    for (; started + 1 < nt; started++)
        if (pthread_create(&th[started], NULL, worker, &w))
            break;
    worker(&w);             /* this thread works too */
    for (uint32_t t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    pthread_mutex_destroy(&w.mu);
    return !w.bad || ir_verify_module(m, d);
}
