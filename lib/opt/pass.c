/*
 * pass.c - the pass registry (passes.def), the -O pipelines
 * (pipelines.def) and the pass manager that runs them.
 *
 *   opt_run_level / opt_run_pipeline
 *       -> opt_run_pass: time it, run it, count its statistics,
 *          drop the analyses it did not preserve (analysis.c),
 *          verify after it (--verify-each) and check the analyses it
 *          kept (--verify-analyses), print after it
 *          (--print-after=PASS, --print-after-all)
 *   opt_report: the --time-passes and --stats tables, as llc prints them
 *
 * The manager's state (timings and statistics keyed by pass name) hangs
 * off OptCtx.priv; nothing is global.
 */
#include "opt.h"
#include "optutil.h"

#include <string.h>
#include <sys/resource.h>
#include <time.h>

const OptPass opt_passes[] = {
#define PASS(name, desc, fn, preserves) {#name, desc, fn, preserves},
#include "passes.def"
#undef PASS
};
const unsigned opt_num_passes = sizeof opt_passes / sizeof opt_passes[0];

static const char *const levels[] = {
#define LEVEL(n, list) [n] = list,
#include "pipelines.def"
#undef LEVEL
};
enum { NLEVELS = sizeof levels / sizeof levels[0] };

typedef struct {
    const char *pass, *what;
    uint64_t n;
} Stat;

/* Seconds of user, system and wall-clock time. */
typedef struct {
    double user, sys, wall;
} Clock;

typedef struct {
    const char *pass;
    Clock t;
    uint32_t runs;
} Timing;

typedef struct {
    const char *current;    /* name of the running pass */
    VEC(Stat) stats;
    VEC(Timing) times;
    bool dumped_start;      /* --print-changed printed the input */
} Manager;

const OptPass *
opt_find_pass(const char *name)
{
    for (unsigned k = 0; k < opt_num_passes; k++)
        if (!strcmp(opt_passes[k].name, name))
            return &opt_passes[k];
    return NULL;
}

/* The verify pass: the whole module against spec section 9. */
bool
opt_verify(OptCtx *ctx, IrModule *m)
{
    return ir_verify_module(m, ctx->diag);
}

static Manager *
manager(OptCtx *ctx)
{
    if (!ctx->priv)
        ctx->priv = xcalloc(1, sizeof(Manager));
    return ctx->priv;
}

void
opt_ctx_init(OptCtx *ctx, IrModule *m, Diag *d)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->m = m;
    ctx->diag = d;
    ctx->addr_scales = 1 | 2 | 4 | 8;   /* x86-64: 1, 2, 4, 8 */
}

bool
opt_scale_free(const OptCtx *ctx, uint64_t scale, uint64_t access)
{
    for (unsigned k = 0; k < 8; k++)
        if (scale == (uint64_t)1 << k && (ctx->addr_scales >> k & 1))
            return true;
    return ctx->addr_scale_access && access && scale == access;
}

void
opt_ctx_free(OptCtx *ctx)
{
    opt_am_free_all(ctx);
    Manager *mg = ctx->priv;
    if (!mg)
        return;
    VEC_FREE(mg->stats);
    VEC_FREE(mg->times);
    free(mg);
    ctx->priv = NULL;
}

void
opt_stat(OptCtx *ctx, const char *what, uint64_t n)
{
    if (!ctx->stats || !ctx->priv)
        return;
    Manager *mg = ctx->priv;
    const char *pass = mg->current ? mg->current : "?";
    for (uint32_t k = 0; k < mg->stats.len; k++) {
        Stat *s = &mg->stats.data[k];
        if (!strcmp(s->pass, pass) && !strcmp(s->what, what)) {
            s->n += n;
            return;
        }
    }
    VEC_PUSH(mg->stats, ((Stat){pass, what, n}));
}

static Clock
clock_now(void)
{
    Clock c = {0};
    struct timespec ts;
    struct rusage ru;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    c.wall = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
    if (getrusage(RUSAGE_SELF, &ru) == 0) {
        c.user = (double)ru.ru_utime.tv_sec +
                 (double)ru.ru_utime.tv_usec * 1e-6;
        c.sys = (double)ru.ru_stime.tv_sec +
                (double)ru.ru_stime.tv_usec * 1e-6;
    }
    return c;
}

/* Adds the time since 'start' to the row of 'pass'. */
static void
add_time(Manager *mg, const char *pass, Clock start)
{
    Clock now = clock_now();
    Clock d = {now.user - start.user, now.sys - start.sys,
               now.wall - start.wall};
    for (uint32_t k = 0; k < mg->times.len; k++) {
        Timing *t = &mg->times.data[k];
        if (!strcmp(t->pass, pass)) {
            t->t.user += d.user;
            t->t.sys += d.sys;
            t->t.wall += d.wall;
            t->runs++;
            return;
        }
    }
    VEC_PUSH(mg->times, ((Timing){pass, d, 1}));
}

/* True when 'name' is in the comma-separated list (or the list is "*"). */
static bool
in_list(const char *list, const char *name)
{
    if (!list)
        return false;
    if (!strcmp(list, "*"))
        return true;
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && !memcmp(p, name, n))
            return true;
        if (!e)
            break;
        p = e + 1;
    }
    return false;
}

/* Writes the module, or only the functions of --filter-print-funcs. */
static void
dump_ir(OptCtx *ctx, FILE *out)
{
    if (!ctx->filter_print_funcs) {
        ir_print_module(ctx->m, out);
        return;
    }
    IrModule *m = ctx->m;
    for (uint32_t k = 1; k <= ir_num_syms(m); k++) {
        IrSymData *sd = ir_sym(m, (IrSym){k});
        if (!sd->dead && sd->kind == IR_SYM_FUNC && sd->func &&
            in_list(ctx->filter_print_funcs, ir_str(m, sd->name)))
            ir_print_func(sd->func, out);
    }
}

/* The dump as a string (for --print-changed); free it. */
static char *
dump_string(OptCtx *ctx)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    if (!mf)
        return NULL;
    dump_ir(ctx, mf);
    fclose(mf);
    return buf;
}

static void
dump_titled(OptCtx *ctx, const char *when, const char *pass,
            const char *text)
{
    FILE *out = ctx->print_out ? ctx->print_out : stderr;
    fprintf(out, "; *** IR Dump %s%s ***\n", when, pass);
    if (text)
        fputs(text, out);
    else
        dump_ir(ctx, out);
    fflush(out);
}

bool
opt_run_pass(OptCtx *ctx, const OptPass *p)
{
    Manager *mg = manager(ctx);
    if (in_list(ctx->print_before, p->name))
        dump_titled(ctx, "Before ", p->name, NULL);
    char *before = ctx->print_changed ? dump_string(ctx) : NULL;
    if (before && !mg->dumped_start) {
        dump_titled(ctx, "At Start", "", before);
        mg->dumped_start = true;
    }
    mg->current = p->name;
    Clock t0 = ctx->time_passes ? clock_now() : (Clock){0};
    int errs = ctx->diag ? ctx->diag->nerrors : 0;
    opt_am_begin_pass(ctx, p);
    bool ok = p->run(ctx, ctx->m);
    if (ctx->time_passes)
        add_time(mg, p->name, t0);
    mg->current = NULL;
    opt_am_end_pass(ctx, p);
    if (ctx->diag && ctx->diag->nerrors > errs)
        ok = false;
    if (ok && ctx->verify_each && p->run != opt_verify) {
        Clock v0 = ctx->time_passes ? clock_now() : (Clock){0};
        mg->current = "verify";
        ok = ir_verify_module(ctx->m, ctx->diag);
        mg->current = NULL;
        if (ctx->time_passes)
            add_time(mg, "verify-each", v0);
        if (!ok && ctx->diag)
            ir_diag_error(ctx->diag, (IrLoc){0},
                          "module is invalid after pass '%s'", p->name);
    }
    /* Only on valid IR: the analyses assume it. */
    if (ok && ctx->verify_analyses)
        ok = opt_am_check(ctx, p->name);
    if (in_list(ctx->print_after, p->name))
        dump_titled(ctx, "After ", p->name, NULL);
    if (before) {
        char *after = dump_string(ctx);
        if (after && strcmp(before, after))
            dump_titled(ctx, "After ", p->name, after);
        else if (after) {
            FILE *out = ctx->print_out ? ctx->print_out : stderr;
            fprintf(out, "; *** IR Dump After %s omitted because no "
                    "change ***\n", p->name);
        }
        free(after);
        free(before);
    }
    return ok;
}

/* Looks up the pass named by list[0 .. n). */
static const OptPass *
find_n(const char *s, size_t n)
{
    for (unsigned k = 0; k < opt_num_passes; k++)
        if (strlen(opt_passes[k].name) == n &&
            !memcmp(opt_passes[k].name, s, n))
            return &opt_passes[k];
    return NULL;
}

/* Runs a comma-separated list.  strict: unknown names are errors
 * (reported before anything runs); otherwise they are skipped. */
static bool
run_list(OptCtx *ctx, const char *list, bool strict)
{
    bool ok = true;
    for (const char *p = list; strict && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (!find_n(p, len)) {
            if (ctx->diag)
                ir_diag_error(ctx->diag, (IrLoc){0},
                              "unknown pass '%.*s' (see --list-passes)",
                              (int)len, p);
            ok = false;
        }
        if (!e)
            break;
        p = e + 1;
    }
    if (!ok)
        return false;
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const OptPass *pass = find_n(p, len);
        if (pass && !opt_run_pass(ctx, pass))
            return false;
        if (!e)
            break;
        p = e + 1;
    }
    return true;
}

bool
opt_run_pipeline(OptCtx *ctx, const char *comma_list)
{
    return run_list(ctx, comma_list, true);
}

const char *
opt_level_pipeline(int level)
{
    if (level < 0)
        level = 0;
    if (level >= NLEVELS)
        level = NLEVELS - 1;
    return levels[level] ? levels[level] : "";
}

bool
opt_run_level(OptCtx *ctx, int level)
{
    return run_list(ctx, opt_level_pipeline(level), false);
}

static int
cmp_time(const void *a, const void *b)
{
    const Timing *x = a, *y = b;
    return (x->t.wall < y->t.wall) - (x->t.wall > y->t.wall);
}

void
opt_report(OptCtx *ctx, FILE *out)
{
    Manager *mg = ctx->priv;
    if (!mg)
        return;
    if (ctx->time_passes && mg->times.len) {
        qsort(mg->times.data, mg->times.len, sizeof(Timing), cmp_time);
        Clock tot = {0};
        for (uint32_t k = 0; k < mg->times.len; k++) {
            tot.user += mg->times.data[k].t.user;
            tot.sys += mg->times.data[k].t.sys;
            tot.wall += mg->times.data[k].t.wall;
        }
        ir_report_banner(out, "... Pass execution timing report ...");
        fprintf(out, "  Total Execution Time: %.4f seconds (%.4f wall "
                "clock)\n\n", tot.user + tot.sys, tot.wall);
        fprintf(out, "   ---User Time---   --System Time--   "
                "--User+System--   ---Wall Time---  --- Name ---\n");
        for (uint32_t k = 0; k <= mg->times.len; k++) {
            bool total = k == mg->times.len;
            const Clock *c = total ? &tot : &mg->times.data[k].t;
            double v[4] = {c->user, c->sys, c->user + c->sys, c->wall};
            double w[4] = {tot.user, tot.sys, tot.user + tot.sys, tot.wall};
            for (int j = 0; j < 4; j++)
                fprintf(out, "  %7.4f (%5.1f%%)", v[j],
                        w[j] > 0 ? 100 * v[j] / w[j] : 0.0);
            if (total)
                fputs("  Total\n\n", out);
            else if (mg->times.data[k].runs > 1)
                fprintf(out, "  %s (%u runs)\n", mg->times.data[k].pass,
                        mg->times.data[k].runs);
            else
                fprintf(out, "  %s\n", mg->times.data[k].pass);
        }
    }
    if (ctx->stats) {
        ir_report_banner(out, "... Statistics Collected ...");
        fputc('\n', out);
        int wn = 1, wp = 1;
        for (uint32_t k = 0; k < mg->stats.len; k++) {
            const Stat *s = &mg->stats.data[k];
            int d = snprintf(NULL, 0, "%llu", (unsigned long long)s->n);
            int l = (int)strlen(s->pass);
            wn = d > wn ? d : wn;
            wp = l > wp ? l : wp;
        }
        for (uint32_t k = 0; k < mg->stats.len; k++) {
            const Stat *s = &mg->stats.data[k];
            if (s->n == 0)
                continue;       /* as LLVM: only what happened */
            fprintf(out, "%*llu %-*s - %s\n", wn, (unsigned long long)s->n,
                    wp, s->pass, s->what);
        }
        fputc('\n', out);
    }
}
