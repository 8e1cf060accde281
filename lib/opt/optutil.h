/*
 * optutil.h - helpers shared by the passes of lib/opt (private to the
 * folder): iterating definitions, incoming-edge lists, value
 * substitution maps, constants, block-parameter surgery.
 *
 * Side tables live in a scratch Arena owned by the pass and are indexed
 * by entity id; they are stale after the IR grows, so a pass sizes them
 * after it has finished creating entities or re-fetches them.
 */
#ifndef SIR_OPTUTIL_H
#define SIR_OPTUTIL_H

#include "opt.h"

/* The symbol whose function the passes of this thread change, 0: all
 * (parpass.c; not in opt.h, which C++ includes too). */
extern _Thread_local uint32_t opt_focus_sym;

/* Every function definition of the module that is not dead; only the
 * one of symbol opt_focus_sym when that is set (parpass.c runs the
 * function passes one function at a time, on threads). */
#define OPT_FOR_FUNCS(m, f)                                              \
    for (uint32_t s_ = opt_focus_sym ? opt_focus_sym : 1;                \
         s_ <= (opt_focus_sym ? opt_focus_sym : ir_num_syms(m)); s_++)   \
        for (IrFunc *f = ir_sym(m, (IrSym){s_})->dead ? NULL             \
                         : ir_sym(m, (IrSym){s_})->func; f; f = NULL)

/* The low w bits set (all 64 for w >= 64). */
static inline uint64_t opt_mask(unsigned w)
{ return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1; }

/* opt_stat for counts that are not zero (zero lines only clutter the
 * --stats table). */
static inline void opt_count(OptCtx *ctx, const char *what, uint64_t n)
{ if (n) opt_stat(ctx, what, n); }

/* The incoming edges of every laid-out block, from laid-out branches:
 * edge e is target 'tidx' of branch 'inst'.  CSR by block id. */
typedef struct {
    IrInst inst;
    uint32_t tidx;
} OptEdge;
typedef struct {
    uint32_t *start;    /* edges of b: e[start[b] .. start[b+1]) */
    OptEdge *e;
    uint32_t nblocks;
} OptPreds;
void opt_preds_compute(IrFunc *f, OptPreds *p, Arena *a);
static inline uint32_t opt_npreds(const OptPreds *p, IrBlock b)
{ return p->start[b.id + 1] - p->start[b.id]; }

/* True when i may run where it was not going to: pure, no memory
 * access, and no undefined behaviour whatever its operands (division
 * and shifts only by a constant that makes them defined). */
bool opt_speculable(IrFunc *f, IrInst i);

/* The instruction defining v, or 0 for parameters. */
static inline IrInst opt_def_inst(IrFunc *f, IrValue v)
{
    IrValueData *d = ir_value(f, v);
    return (IrInst){d->kind == IR_VAL_INST ? d->def : 0};
}
/* The block defining v (0 when its instruction is not laid out). */
IrBlock opt_def_block(IrFunc *f, IrValue v);

/* True when v is materialized by iconst/fconst/bconst or a scalar
 * null; *bits gets its bit pattern (zero-extended). */
bool opt_const_bits(IrFunc *f, IrValue v, uint64_t *bits);

/* True when i materializes a constant (iconst, fconst, bconst, null). */
static inline bool opt_is_const_inst(IrFunc *f, IrInst i)
{ return ir_op_info[ir_inst_op(f, i)].flags & IR_OPF_CONST; }

/* A value substitution map: repl[v] = w (0: v stays).  opt_repl_get
 * follows chains (with path compression); opt_repl_apply rewrites every
 * operand and branch argument of the laid-out code.  Linear. */
IrValue opt_repl_get(uint32_t *repl, IrValue v);
void opt_repl_apply(IrFunc *f, uint32_t *repl);

/* Appends one argument to target t of branch i. */
void opt_target_push_arg(IrFunc *f, IrInst i, uint32_t t, IrValue v);
/* A new block laid out just before b (last when b is first). */
IrBlock opt_block_before(IrFunc *f, IrBlock b);
/* Appends to b a copy of i whose operands go through map (value id ->
 * copy, 0: itself; ids >= nmap are not mapped) and maps i's result to
 * the copy's.  Not for branches.  scratch holds the operands. */
typedef VEC(IrValue) OptValVec;
void opt_clone_inst(IrFunc *f, IrInst i, IrBlock b, uint32_t *map,
                    uint32_t nmap, OptValVec *scratch);
/* Zeroes the map entries of b's parameters and results (ids < nmap),
 * once its copy is made: a later copy may use those values as they
 * are. */
void opt_map_forget_block(IrFunc *f, uint32_t *map, uint32_t nmap,
                          IrBlock b);
/* v through such a map. */
static inline IrValue opt_mapped(const uint32_t *map, uint32_t nmap,
                                 IrValue v)
{ return v.id < nmap && map[v.id] ? (IrValue){map[v.id]} : v; }
/* Removes parameter k of b and argument k from each incoming edge. */
void opt_remove_param(IrFunc *f, const OptPreds *p, IrBlock b, uint32_t k);

/* Removes parameters of non-entry blocks that are redundant: every
 * incoming argument is one value v (or the parameter itself); the
 * parameter is replaced by v.  Iterates to a fixed point with a
 * worklist.  Only parameters p with only[p] set when only is not
 * NULL (indexed by value id).  p: the current incoming edges (they
 * stay valid).  Returns the number removed. */
uint32_t opt_remove_redundant_params(IrFunc *f, const OptPreds *p, Arena *a,
                                     const bool *only);

/* Removes parameters of non-entry blocks (only those with only[p] set
 * when only is not NULL) whose value is never used except as a branch
 * argument feeding another removable dead parameter, with the
 * arguments feeding them.  Mark-sweep.  p as above.  Returns the
 * number removed. */
uint32_t opt_remove_dead_params(IrFunc *f, const OptPreds *p, Arena *a,
                                const bool *only);

/* Removes every instruction of a function that is not laid out from
 * consideration: helper to delete an instruction. */
static inline void opt_delete_inst(IrFunc *f, IrInst i)
{ ir_layout_remove_inst(f, i); }

/* Builds a constant of scalar type t with the given bits before
 * 'before' (or at the end of b when before is 0); returns its value. */
IrValue opt_build_const(IrFunc *f, IrType t, uint64_t bits, IrBlock b,
                        IrInst before);

/* Turns instruction i in place into a constant of its result type, so
 * its result value (and every use) stays. */
void opt_make_const(IrFunc *f, IrInst i, uint64_t bits);

/* Removes the blocks not reachable from the entry from the layout;
 * returns how many. */
uint32_t opt_remove_unreachable_blocks(IrFunc *f, Arena *a);

/* The predicate with the operands swapped (a < b is b > a), and the
 * logical negation of an integer predicate. */
IrPred opt_pred_swap(IrPred p);
IrPred opt_pred_invert_icmp(IrPred p);

/* fold.c: constant folding.  args are the operands' bit patterns
 * (opt_const_bits form).  False when the opcode is not foldable or the
 * operation is undefined behaviour for these operands. */
bool opt_fold(IrFunc *f, IrInst i, const uint64_t *args, uint64_t *out);
bool opt_fold_icmp(IrPred p, IrType t, uint64_t a, uint64_t b);
bool opt_fold_fcmp(IrPred p, IrType t, uint64_t a, uint64_t b);

/* knownbits.c: bits known 0 ('zero') and 1 ('one') in a value of an
 * integer, bool or ptr type (within its width; nothing is known of
 * other types). */
typedef struct {
    uint64_t zero, one;
} OptKnown;
OptKnown opt_known_const(IrType t, uint64_t bits);
/* True when every bit is known (and consistent): *bits the value. */
bool opt_known_full(IrType t, OptKnown k, uint64_t *bits);
/* The bits of i's result known from those of its operands (args[k] for
 * operand k). */
OptKnown opt_known_op(IrFunc *f, IrInst i, const OptKnown *args);
/* The bits of v known from its definition and, 'depth' levels up, its
 * operands' (at most 3^depth instructions are visited). */
OptKnown opt_known_value(IrFunc *f, IrValue v, unsigned depth);
/* What `c == truth` says of the bits of v (c is v, or `icmp eq/ne` of
 * v or of `and v, M` with a constant). */
OptKnown opt_known_from_cond(IrFunc *f, IrValue c, bool truth, IrValue v);

/* mem2reg.c: promotes the promotable stack slots numbered from
 * 'first_slot' on (0: every slot and alloca, as the pass does);
 * returns the number promoted. */
uint32_t opt_promote(OptCtx *ctx, IrFunc *f, uint32_t first_slot);

/* alias.c: base objects of pointers and a may-alias query. */
typedef struct {
    uint64_t off;       /* byte offset from the base when known_off */
    uint32_t id;        /* slot id, alloca inst id, symbol id */
    uint8_t kind;       /* unknown, slot, alloca, global */
    bool known_off;
    bool done;
} OptPtrInfo;           /* 16 bytes: one per value, cached */
typedef struct {
    OptPtrInfo *info;   /* by value id */
    bool *escaped;      /* by object: slots, then allocas */
    bool *compared;     /* by object: an address of it goes to an icmp */
    uint32_t nvalues, nslots, nobjects;
} OptAlias;
void opt_alias_compute(IrFunc *f, OptAlias *al, Arena *a);
const OptPtrInfo *opt_alias_base(IrFunc *f, OptAlias *al, IrValue v);
void opt_alias_escape(OptAlias *al, IrValue v);
/* True for a slot or alloca whose address never escapes: calls and
 * pointers of unknown origin cannot touch it. */
bool opt_alias_local_private(const OptAlias *al, const OptPtrInfo *p);
/* Bytes of the object a base designates (an alloca: one element), or
 * 0 when unknown. */
uint64_t opt_alias_object_size(IrFunc *f, const OptPtrInfo *p);
/* Whether accesses of asize bytes at a and bsize bytes at b may
 * overlap. */
bool opt_may_alias(IrFunc *f, OptAlias *al, IrValue a, uint64_t asize,
                   IrValue b, uint64_t bsize);

/* loops.c: natural loops, innermost first (a loop before every loop
 * holding it); block k of loop L is blocks[L.first + k], the header
 * being the first.  The blocks array is laid out along the loop tree: a
 * loop's own blocks (those whose innermost loop it is, nown of them, in
 * reverse post-order) and then the ranges of its inner loops, so that
 * every loop is one range and the array holds each block once.  pos maps
 * a block to its index there (UINT32_MAX outside every loop), which
 * makes membership O(1) (opt_loop_has).  parent is the index + 1 of the
 * nearest enclosing loop (0: outermost), depth counts the loops holding
 * the header (1: outermost), and preheader is the header's only
 * predecessor outside the loop when that block ends in a `br` (0 when
 * there is none). */
typedef struct {
    IrBlock header;
    uint32_t first, nblocks, nown;
    uint32_t parent, depth;
    IrBlock preheader;
} OptLoop;
typedef struct {
    OptLoop *loops;
    uint32_t n;
    IrBlock *blocks;
    uint32_t *innermost;    /* block id -> index + 1 of the innermost
                               loop holding it, 0 outside loops */
    uint32_t *pos;          /* block id -> index in blocks */
    uint32_t nblocks;
} OptLoops;
/* Whether block b lies in loop lp (b from the function the loops were
 * computed on). */
static inline bool
opt_loop_has(const OptLoops *ls, const OptLoop *lp, IrBlock b)
{
    uint32_t p = b.id < ls->nblocks ? ls->pos[b.id] : UINT32_MAX;
    return p >= lp->first && p - lp->first < lp->nblocks;
}
void opt_loops_compute(IrFunc *f, const IrCfg *c, const IrDomTree *d,
                       OptLoops *l, Arena *a);
/* Creates missing preheaders; returns how many (then recompute). */
uint32_t opt_loops_preheaders(IrFunc *f, const OptLoops *l, Arena *a);
/* The loops of am's function once every loop has a preheader (*made:
 * how many were created; then nothing cached before holds). */
const OptLoops *opt_am_loops_preheaded(OptAM *am, Arena *a, uint32_t *made);

/* counted.c: a loop of two blocks counting i up to an invariant n (the
 * shape is described there), as unroll and lver transform it. */
typedef struct {
    IrBlock h, b, exit;
    IrInst pre;         /* the preheader's br to h */
    IrInst cmp, hbr, bbr;
    bool body_on_true;  /* hbr goes to b when cmp is true */
    bool sgn;           /* i < n signed (else unsigned) */
    uint32_t iv, np;    /* i's index among h's np parameters */
    IrValue n;
    uint64_t step;      /* b passes iadd i, step for i */
} OptCounted;
/* True when v is defined before the counted loop c. */
bool opt_counted_outside(IrFunc *f, const OptCounted *c, IrValue v);
/* What opt_counted_loops hands the pass for each counted loop. */
typedef struct {
    IrFunc *f;
    OptCounted s;       /* the loop */
    const IrUses *us;   /* def-use lists from before the pass */
    uint32_t *map;      /* value id (< nmap) -> its copy; zero for each
                           loop (the walk clears the loop's entries) */
    uint32_t nmap;
    uint32_t *inloop;   /* block id -> stamp; the loop's blocks: stamp */
    uint32_t stamp;
    Arena *a;           /* scratch, freed after the function */
} OptCountedWalk;
/* Creates f's missing preheaders, then calls fn(user, w) on each
 * counted loop in turn; returns the number of preheaders made. */
uint32_t opt_counted_loops(OptCtx *ctx, IrFunc *f,
                           void (*fn)(void *user, OptCountedWalk *w),
                           void *user);

/* frontier.c: dominance frontiers (Cooper, Harvey and Kennedy), CSR by
 * block id; each list follows the reverse post-order of its blocks'
 * discovery and has no duplicates.  Unreachable blocks have none. */
typedef struct {
    uint32_t *start;    /* DF(b) is blocks[start[b] .. start[b+1]) */
    IrBlock *blocks;
    uint32_t nblocks;
} OptDomFrontier;
void opt_domfrontier_compute(IrFunc *f, const IrCfg *c, const IrDomTree *d,
                             OptDomFrontier *df, Arena *a);

/* liveness.c: the SSA values live on entry to and on exit from each
 * block, CSR by block id, each list sorted by value id.  A block's
 * parameters are defined at its entry (not live-in); a branch argument
 * is used at the end of the branching block (live-out there). */
typedef struct {
    uint32_t *in_start, *out_start;
    IrValue *in, *out;
    uint32_t nblocks, nvalues;
} OptLiveness;
void opt_liveness_compute(IrFunc *f, const IrCfg *c, OptLiveness *l,
                          Arena *a);
bool opt_live_in(const OptLiveness *l, IrBlock b, IrValue v);
bool opt_live_out(const OptLiveness *l, IrBlock b, IrValue v);

/* analysis.c: the cached analyses of a function (see opt.h).  Each
 * accessor computes on first request what it needs and returns the
 * cached result afterwards; results stay valid until the manager or
 * the pass (opt_am_changed) drops them, and are read-only except
 * OptAlias, whose bases are memoized on demand. */
IrFunc *opt_am_func(const OptAM *am);
const IrCfg *opt_am_cfg(OptAM *am);
/* The blocks reachable from the entry in reverse post-order. */
const IrBlock *opt_am_rpo(OptAM *am, uint32_t *n);
const OptPreds *opt_am_preds(OptAM *am);
const IrDomTree *opt_am_domtree(OptAM *am);
const OptDomFrontier *opt_am_domfrontier(OptAM *am);
const OptLoops *opt_am_loops(OptAM *am);
const OptLiveness *opt_am_liveness(OptAM *am);
OptAlias *opt_am_alias(OptAM *am);
/* The uses of each value, computed again when the running pass asked
 * before (it may have changed operands since); read-only. */
const IrUses *opt_am_uses(OptAM *am);
/* For pass.c: bracket each pass run; opt_am_end_pass drops what the
 * pass did not preserve.  opt_am_check recomputes every cached
 * analysis and reports a stale one as an error (false). */
void opt_am_begin_pass(OptCtx *ctx, const OptPass *p);
void opt_am_end_pass(OptCtx *ctx, const OptPass *p);
bool opt_am_check(OptCtx *ctx, const char *after);
void opt_am_free_all(OptCtx *ctx);
/* Frees what the context caches about symbol s's function. */
void opt_am_release(OptCtx *ctx, IrSym s);

/* Number of laid-out instructions of f. */
uint32_t opt_count_insts(IrFunc *f);

/* Drops the stack slots from 'first' on that no `stackslot` instruction
 * refers to, renumbering the rest; returns how many went. */
uint32_t opt_compact_slots(IrFunc *f, Arena *a, uint32_t first);
/* The slot names of a function, for making fresh ones: init takes
 * f's names, fresh returns a name "a.b" (or "a.b.N") not in the set and
 * adds it.  Linear in the names made, however many collide. */
typedef struct {
    uint32_t *ids;
    uint32_t cap, n;
} OptSlotNames;
void opt_slot_names_init(OptSlotNames *ns, IrFunc *f);
uint32_t opt_slot_names_fresh(OptSlotNames *ns, IrModule *m, const char *a,
                              const char *b);
void opt_slot_names_free(OptSlotNames *ns);

#endif
