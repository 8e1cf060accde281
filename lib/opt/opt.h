/*
 * opt.h - the public interface of the SIR optimizer (lib/opt): the pass
 * registry, the pass manager and the passes.
 */
#ifndef SIR_OPT_H
#define SIR_OPT_H

#include "ir.h"

/* What a pass run sees.  Statistics are counted per pass by name. */
typedef struct OptCtx {
    IrModule *m;
    Diag *diag;             /* for the verifier and pass diagnostics */
    bool verify_each;       /* verify after every pass (--verify-each) */
    bool time_passes;
    bool stats;
    const char *print_after;    /* pass name, "*" for all, or NULL */
    FILE *print_out;
    void *priv;             /* pass manager state (pass.c) */
} OptCtx;

/* A pass transforms the whole module; returns false only when it
 * failed (the verifier found errors), not when it changed nothing. */
typedef bool (*OptPassFn)(OptCtx *ctx, IrModule *m);

typedef struct {
    const char *name;
    const char *desc;
    OptPassFn run;
} OptPass;

/* pass.c */
extern const OptPass opt_passes[];
extern const unsigned opt_num_passes;
const OptPass *opt_find_pass(const char *name);
/* Adds n to the statistic 'what' of the running pass (--stats); 'what'
 * must outlive the context (a string literal). */
void opt_stat(OptCtx *ctx, const char *what, uint64_t n);

/* The pass manager.  opt_ctx_init zeroes ctx and sets the module and the
 * diagnostic sink; set the flags afterwards.  Each run applies
 * --verify-each, --print-after, --time-passes and --stats as the flags
 * say; opt_report writes the timing and statistics tables (if asked
 * for) and opt_ctx_free releases the manager's state. */
void opt_ctx_init(OptCtx *ctx, IrModule *m, Diag *d);
void opt_ctx_free(OptCtx *ctx);
void opt_report(OptCtx *ctx, FILE *out);
bool opt_run_pass(OptCtx *ctx, const OptPass *p);
/* Runs "pass1,pass2,..." in order.  Every name is checked before any
 * pass runs; an unknown name is reported to ctx->diag.  Stops at the
 * first failing pass. */
bool opt_run_pipeline(OptCtx *ctx, const char *comma_list);
/* The pass list of -O<level> (pipelines.def); levels above the highest
 * defined use the highest. */
const char *opt_level_pipeline(int level);
/* Runs -O<level>, skipping passes that are not in the registry. */
bool opt_run_level(OptCtx *ctx, int level);

#define PASS(name, desc, fn) bool fn(OptCtx *ctx, IrModule *m);
#include "passes.def"
#undef PASS

#endif
