/*
 * opt.h - the public interface of the SIR optimizer (lib/opt): the pass
 * registry, the pass manager, the analysis manager and the passes.
 */
#ifndef SIR_OPT_H
#define SIR_OPT_H

#include "ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a pass run sees.  Statistics are counted per pass by name. */
typedef struct OptCtx {
    IrModule *m;
    Diag *diag;             /* for the verifier and pass diagnostics */
    bool verify_each;       /* verify after every pass (--verify-each) */
    bool time_passes;
    bool stats;
    const char *print_after;    /* pass name, "*" for all, or NULL */
    const char *print_before;   /* the same, printed before the pass */
    bool print_changed;         /* print after each pass that changed the
                                   module (and once at the start) */
    const char *filter_print_funcs; /* "f,g": dumps show only these
                                   functions (names without '@'); NULL:
                                   the whole module */
    FILE *print_out;
    FILE *dot_out;          /* print-cfg, print-domtree; NULL: print_out */
    bool debug_analyses;    /* log analyses computed, reused, dropped */
    bool verify_analyses;   /* recompute cached analyses and compare */
    /* What the target's addresses scale an index by for free (lsr.c):
     * bit k set: 2^k in any address; scale_access: also the size of
     * the access the address is for.  opt_ctx_init gives x86-64's
     * (1, 2, 4, 8); AArch64 has 1 and the access size. */
    uint8_t addr_scales;
    bool addr_scale_access;
    void *priv;             /* pass manager state (pass.c) */
    void *ams;              /* analysis managers by symbol (analysis.c) */
} OptCtx;

/*
 * The analyses the analysis manager (analysis.c) computes on demand and
 * caches per function.  A mask has bit (1u << k) for analysis k.  Each
 * pass declares in passes.def the analyses it leaves valid; after it
 * runs, the manager drops the rest (and what is computed from them).
 */
typedef enum {
    OPT_AN_CFG,         /* IrCfg: successors, predecessors, RPO */
    OPT_AN_PREDS,       /* OptPreds: incoming edges (branch, target) */
    OPT_AN_DOMTREE,     /* IrDomTree */
    OPT_AN_DOMFRONTIER, /* OptDomFrontier */
    OPT_AN_LOOPS,       /* OptLoops: natural loops, nesting, preheaders */
    OPT_AN_LIVENESS,    /* OptLiveness: values live into/out of blocks */
    OPT_AN_ALIAS,       /* OptAlias: pointer bases, escaping objects */
    OPT_AN_USES,        /* IrUses: each value's uses (opt_am_uses) */
    OPT_AN_COUNT
} OptAnalysis;

#define OPT_PRESERVE_NONE 0u
#define OPT_PRESERVE_ALL ((1u << OPT_AN_COUNT) - 1)
/* The block graph and what is computed from it alone.  True of a pass
 * that keeps the laid-out blocks, their order and every terminator
 * instruction with its target blocks (and creates no block); it may
 * change other instructions, block parameters and branch arguments. */
#define OPT_PRESERVE_CFG                                                \
    (1u << OPT_AN_CFG | 1u << OPT_AN_PREDS | 1u << OPT_AN_DOMTREE |     \
     1u << OPT_AN_DOMFRONTIER | 1u << OPT_AN_LOOPS)
#define OPT_PRESERVE_ALIAS (1u << OPT_AN_ALIAS)

/* A pass transforms the whole module; returns false only when it
 * failed (the verifier found errors), not when it changed nothing. */
typedef bool (*OptPassFn)(OptCtx *ctx, IrModule *m);

typedef struct {
    const char *name;
    const char *desc;
    OptPassFn run;
    unsigned preserves;     /* OPT_PRESERVE_* mask (passes.def) */
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
 * --verify-each, --verify-analyses, --debug-analyses, --print-after,
 * --time-passes and --stats as the flags say, and drops the analyses
 * the pass did not preserve; opt_report writes the timing and
 * statistics tables (if asked for) and opt_ctx_free releases the
 * manager's state and the cached analyses. */
void opt_ctx_init(OptCtx *ctx, IrModule *m, Diag *d);
/* Whether an index scaled by 'scale' costs nothing in an address used
 * by an access of 'access' bytes (0: not an access). */
bool opt_scale_free(const OptCtx *ctx, uint64_t scale, uint64_t access);
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

/* parpass.c: -O<level> as opt_run_level, but each run of consecutive
 * function passes is applied function by function (every pass of the
 * run to one function, then the next function), on up to 'jobs'
 * threads.  The result does not depend on 'jobs'.  With any of the
 * context's printing, timing, statistics or checking flags set, it is
 * opt_run_level. */
bool opt_run_level_jobs(OptCtx *ctx, int level, int jobs);
/* Runs the function passes seg[0 .. nseg) on the functions of symbols
 * syms[0 .. n), each function through the whole run before the next,
 * on up to 'jobs' threads; false when a pass failed.  ctxs: jobs + 1
 * contexts (opt_ctx_init'ed) the threads use and the caller keeps
 * across calls (a fresh context costs a table by symbol), or NULL.
 * shrink: fit each body's arrays after the passes, for a body kept a
 * while (a body released soon is not worth the copies, and on another
 * thread than the one that allocated it, realloc holds that thread's
 * malloc arena while it copies: sirc -j 2 waited on it). */
bool opt_run_funcs(OptCtx *ctx, const OptPass *const *seg, uint32_t nseg,
                   const uint32_t *syms, uint32_t n, int jobs,
                   OptCtx *ctxs, bool shrink);
/* The pass of the next name of a pipeline list *list (NULL: not in the
 * registry), advancing *list to the name after it (NULL at the end);
 * *module: the pass reads or changes more than one function (verify,
 * inline), so a run of function passes ends before it. */
const OptPass *opt_pipeline_next(const char **list, bool *module);

/* inline.c: the inliner of the inline pass, fed function by function,
 * for a driver that streams the module (sirc -O2 -c).  opt_inline is:
 * new; add every function (after the passes before "inline"); run
 * every function in module order; finish; free.  The decisions depend
 * on what was added and run before, so a streaming driver that adds
 * functions as they are read and runs each as soon as opt_inliner_wait
 * says READY makes the decisions opt_inline makes:
 *   run(f) copies a callee g as it is at that moment: a g before f
 *   after its own run, a g after f as it was added.  With 'keep', run
 *   keeps a copy of f as callers will copy it, so that f itself may go
 *   on through the later passes (and be released) before they run.
 *   wait(f) says READY when every function f calls directly is added,
 *   CALLEES when one after f is not yet, MODULE when f is internal or
 *   calls an internal function: the number of call sites ('once') and
 *   references (finish marks unreferenced internal functions dead) are
 *   known only when every function has been added. */
typedef struct OptInliner OptInliner;
typedef enum {
    OPT_INLINE_READY, OPT_INLINE_CALLEES, OPT_INLINE_MODULE
} OptInlineWait;
OptInliner *opt_inliner_new(IrModule *m);
void opt_inliner_add(OptInliner *in, IrFunc *f);
OptInlineWait opt_inliner_wait(OptInliner *in, IrFunc *f);
bool opt_inliner_run(OptInliner *in, IrFunc *f, bool keep);
void opt_inliner_finish(OptInliner *in, OptCtx *ctx);
void opt_inliner_free(OptInliner *in);

/* idiom.c: memset's symbol: the module's declaration, or a new one
 * (0 when the name is taken otherwise).  The stream declares it before
 * its threads start, so that no pass adds a symbol while the reader
 * adds its own (the object names symbols as they are used, so an unused
 * declaration changes nothing in it). */
IrSym opt_memset_sym(IrModule *m);

/* stream.c: -O<level> on a module still being read (see there).
 * opt_level_streams says whether the level's pipeline can stream (else
 * opt_stream_new gives NULL);
 * opt_stream_add takes the next functions in module order, verified;
 * opt_stream_end says the module is complete.  opt_stream_take gives
 * the symbols of the functions optimized since the last take, in module
 * order (valid until the next call): those are final, and the driver
 * may compile and release them.  False once a pass failed. */
typedef struct OptStream OptStream;
bool opt_level_streams(int level);
OptStream *opt_stream_new(OptCtx *ctx, int level, int jobs);
bool opt_stream_add(OptStream *s, const IrSym *fns, uint32_t n);
bool opt_stream_end(OptStream *s);
const uint32_t *opt_stream_take(OptStream *s, uint32_t *n);
void opt_stream_free(OptStream *s);

/* analysis.c: the analysis manager.  opt_am gives the manager of f
 * (created on first use); its analyses are computed on first request
 * and cached until a pass drops them (the accessors are in optutil.h).
 * A pass reports at run time what it kept beyond its declaration:
 * opt_unchanged when it did not change f at all, opt_preserve for a
 * mask.  opt_am_changed says that the running pass has just changed f
 * keeping only 'kept', so later requests in the same pass recompute. */
typedef struct OptAM OptAM;
OptAM *opt_am(OptCtx *ctx, IrFunc *f);
void opt_am_changed(OptAM *am, unsigned kept);
void opt_preserve(OptCtx *ctx, IrFunc *f, unsigned mask);
static inline void opt_unchanged(OptCtx *ctx, IrFunc *f)
{ opt_preserve(ctx, f, OPT_PRESERVE_ALL); }
const char *opt_analysis_name(OptAnalysis k);
/* The mask of analyses am holds now (for tests and debugging). */
unsigned opt_am_cached(const OptAM *am);

#define PASS(name, desc, fn, preserves) bool fn(OptCtx *ctx, IrModule *m);
#include "passes.def"
#undef PASS

#ifdef __cplusplus
}
#endif

#endif
