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
/* Adds n to the statistic 'what' of the running pass (--stats). */
void opt_stat(OptCtx *ctx, const char *what, uint64_t n);

#define PASS(name, desc, fn) bool fn(OptCtx *ctx, IrModule *m);
#include "passes.def"
#undef PASS

#endif
