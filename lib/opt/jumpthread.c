/*
 * jumpthread.c - jump threading: when the way a branch goes is already
 * known on an edge leading to it, that edge goes straight where the
 * branch would send it, past the test.
 *
 * A source block P ends in `br X(args)`.  Starting at X, the blocks P
 * would run next are evaluated symbolically, on known bits
 * (knownbits.c): X's parameters get what is known of P's arguments,
 * each instruction what follows from its operands, and a value from
 * outside the path what its definition and the conditions dominating P
 * say (`condbr` edges into single-predecessor blocks on P's dominator
 * chain: after `icmp ne (and x, 1), 0` went true, bit 0 of x is 1).
 * The walk follows `br`s and `condbr`s whose condition is known, and
 * stops at the first it cannot decide, at a block seen before, or past
 * MAXPATH blocks or MAXCOST instructions.  If it decided at least one
 * `condbr`, P gets a copy of the path's blocks up to the last decided
 * one, Z, and branches to the block Z's decision picks.  The original
 * blocks stay for their other predecessors.  An edge of a `condbr` into
 * a join is a source too (with the branch's condition as one more
 * fact): it first gets a block of its own, which takes the copy.
 *
 * Copies break SSA where the path's values are used beyond their own
 * block: those values are first demoted to fresh stack slots (stored
 * after their definition, loaded before each use in another block), the
 * blocks are copied with their loads and stores, and mem2reg promotes
 * the fresh slots again, placing the block parameters the new edges
 * need.  This is the old trick of reg2mem before a CFG rewrite; here it
 * costs one linear promotion per round.
 *
 * In collatz, `if (x & 1) x = 3 * x + 1; else x >>= 1;` inside
 * `while (x != 1)`: after the odd arm, x is even, so the loop test and
 * the parity test are both known and the odd arm goes on to halve x at
 * once.  Neither clang nor gcc finds this, because they form the `sel`
 * before threading; here the pass runs before simplifycfg.
 *
 * Limits, so that the pass stays linear and does not create irreducible
 * loops: a new edge into a loop must enter at the header; a block is the
 * source of one thread per round and is not both a source and copied;
 * what a block costs to copy is worked out once per round; at most
 * MAXROUNDS rounds per function.  No path holds calls or allocas
 * (copying them is correct but costly or changes nothing).
 */
#include "optutil.h"

#include <string.h>

enum {
    MAXPATH = 4,        /* blocks on a path */
    MAXCOST = 8,        /* instructions copied, constants aside */
    MAXSCAN = 32,       /* instructions in a block copied, constants too */
    MAXDEPTH = 4,       /* definitions looked through for known bits */
    MAXFACTS = 8,       /* dominating conditions looked at */
    MAXROUNDS = 4,
};
#define NOCOPY UINT32_MAX

typedef struct {
    IrBlock p;              /* the source: ends in br path[0], or in a
                               condbr whose target 'edge' is path[0] */
    uint32_t edge;
    IrBlock path[MAXPATH];
    uint8_t tidx[MAXPATH];  /* the target each path block's branch takes */
    uint32_t npath;
} Thread;

typedef struct {
    IrFunc *f;
    const OptPreds *preds;
    const IrDomTree *dom;
    const IrCfg *cfg;
    const OptLoops *loops;
    const IrUses *uses;
    uint32_t nvalues;
    OptKnown *env;          /* by value id: the path's values */
    uint32_t *envstamp;
    uint32_t *alias;        /* by value id: a path parameter's argument */
    OptKnown *fact;         /* by value id: facts at the source */
    uint32_t *factstamp;
    struct { IrInst icmp; bool truth; } conds[MAXFACTS];
    uint32_t nconds;        /* comparisons known at the source */
    uint32_t stamp;
    uint8_t *role;          /* by block id: SOURCE or PATH once chosen */
    uint32_t *bcost;        /* by block id: block_cost + 1, 0 unknown */
    VEC(Thread) threads;
    uint64_t ncopied;
} JT;

enum { SOURCE = 1, PATH = 2 };

static OptKnown
known_at(JT *j, IrValue v, unsigned depth)
{
    OptKnown k = {0, 0};
    if (!v.id || v.id >= j->nvalues)
        return k;
    if (j->envstamp[v.id] == j->stamp)
        return j->env[v.id];
    if (j->factstamp[v.id] == j->stamp)
        k = j->fact[v.id];
    IrInst i = opt_def_inst(j->f, v);
    if (!depth || !i.id)
        return k;
    IrInstData *d = ir_inst(j->f, i);
    if (d->nargs > 3 || (ir_op_info[d->op].flags & IR_OPF_CALL))
        return k;
    OptKnown args[3] = {{0, 0}, {0, 0}, {0, 0}};
    for (uint32_t n = 0; n < d->nargs; n++)
        args[n] = known_at(j, ir_inst_arg(j->f, i, n), depth - 1);
    OptKnown r = opt_known_op(j->f, i, args);
    k.zero |= r.zero;
    k.one |= r.one;
    return k;
}

static void
add_fact(JT *j, IrValue v, OptKnown k)
{
    if (!v.id || v.id >= j->nvalues || !(k.zero | k.one))
        return;
    if (j->factstamp[v.id] != j->stamp) {
        j->factstamp[v.id] = j->stamp;
        j->fact[v.id] = (OptKnown){0, 0};
    }
    j->fact[v.id].zero |= k.zero;
    j->fact[v.id].one |= k.one;
}

/* Facts from `c == truth`: about c, the operands of c's icmp, and the
 * operands of an `and` compared. */
static void
cond_facts(JT *j, IrValue c, bool truth)
{
    IrFunc *f = j->f;
    add_fact(j, c, opt_known_from_cond(f, c, truth, c));
    IrInst ci = opt_def_inst(f, c);
    if (!ci.id || ir_inst_op(f, ci) != IR_OP_ICMP)
        return;
    if (j->nconds < MAXFACTS) {
        j->conds[j->nconds].icmp = ci;
        j->conds[j->nconds++].truth = truth;
    }
    for (uint32_t n = 0; n < 2; n++) {
        IrValue o = ir_inst_arg(f, ci, n);
        add_fact(j, o, opt_known_from_cond(f, c, truth, o));
        IrInst oi = opt_def_inst(f, o);
        if (oi.id && ir_inst_op(f, oi) == IR_OP_AND)
            for (uint32_t m = 0; m < 2; m++) {
                IrValue x = ir_inst_arg(f, oi, m);
                add_fact(j, x, opt_known_from_cond(f, c, truth, x));
            }
    }
}

/* The conditions that hold in p: edges of a condbr into a block with no
 * other predecessor, on p's dominator chain. */
static void
source_facts(JT *j, IrBlock p)
{
    IrFunc *f = j->f;
    IrBlock b = p;
    j->nconds = 0;
    for (int n = 0; n < MAXFACTS && b.id; n++) {
        if (opt_npreds(j->preds, b) == 1) {
            OptEdge e = j->preds->e[j->preds->start[b.id]];
            if (ir_inst_op(f, e.inst) == IR_OP_CONDBR &&
                ir_target(f, e.inst, 1 - e.tidx)->block.id != b.id)
                cond_facts(j, ir_inst_arg(f, e.inst, 0), e.tidx == 0);
        }
        b = j->dom->idom[b.id];
    }
}

/* The value v stands for on the path: a parameter's argument. */
static IrValue
resolve(JT *j, IrValue v)
{
    if (v.id < j->nvalues && j->envstamp[v.id] == j->stamp &&
        j->alias[v.id])
        return (IrValue){j->alias[v.id]};
    return v;
}

/* The same operand: one value, or equal constants of one type (front
 * ends materialize a constant at each use). */
static bool
same(IrFunc *f, IrValue a, IrValue b)
{
    uint64_t x, y;
    return a.id == b.id ||
           (ir_type_eq(ir_value_type(f, a), ir_value_type(f, b)) &&
            opt_const_bits(f, a, &x) && opt_const_bits(f, b, &y) && x == y);
}

/* An icmp of the path decided by a comparison known at the source with
 * the same operands (either order), or -1.  Operands the path computes
 * anew are other instances than the source saw: they never match. */
static int
implied(JT *j, IrInst i)
{
    IrFunc *f = j->f;
    IrPred p = (IrPred)ir_inst(f, i)->pred;
    IrValue a = resolve(j, ir_inst_arg(f, i, 0));
    IrValue b = resolve(j, ir_inst_arg(f, i, 1));
    uint64_t bits;
    if ((a.id < j->nvalues && j->envstamp[a.id] == j->stamp &&
         !opt_const_bits(f, a, &bits)) ||
        (b.id < j->nvalues && j->envstamp[b.id] == j->stamp &&
         !opt_const_bits(f, b, &bits)))
        return -1;
    for (uint32_t k = 0; k < j->nconds; k++) {
        IrInst c = j->conds[k].icmp;
        bool truth = j->conds[k].truth;
        IrPred q = (IrPred)ir_inst(f, c)->pred;
        IrValue a2 = ir_inst_arg(f, c, 0), b2 = ir_inst_arg(f, c, 1);
        if (!same(f, a2, a) || !same(f, b2, b)) {
            if (!same(f, a2, b) || !same(f, b2, a))
                continue;
            q = opt_pred_swap(q);
        }
        if (q == p)
            return truth;
        if (q == opt_pred_invert_icmp(p))
            return !truth;
        if (q == IR_PRED_EQ && truth)
            return p == IR_PRED_EQ || p == IR_PRED_UGE ||
                   p == IR_PRED_ULE || p == IR_PRED_SGE || p == IR_PRED_SLE;
    }
    return -1;
}

static bool
in_loop(const OptLoops *l, IrBlock b, uint32_t loop)
{
    for (uint32_t q = b.id < l->nblocks ? l->innermost[b.id] : 0; q;
         q = l->loops[q - 1].parent)
        if (q == loop)
            return true;
    return false;
}

/* False when a new edge to t from the edge p -> x (from p itself when
 * p ends in a br, from a block split off the edge otherwise) would
 * enter a loop elsewhere than at its header, making it irreducible.
 * The split block is in a loop when both p and x are. */
static bool
keeps_loops(const OptLoops *l, IrBlock p, IrBlock x, bool split, IrBlock t)
{
    for (uint32_t q = t.id < l->nblocks ? l->innermost[t.id] : 0; q;
         q = l->loops[q - 1].parent)
        if (l->loops[q - 1].header.id != t.id &&
            !(in_loop(l, p, q) && (!split || in_loop(l, x, q))))
            return false;
    return true;
}

/* True when a value of b is used in another block and cannot go
 * through a stack slot (aggregates). */
static bool
needs_aggregate_slot(JT *j, IrBlock b, IrValue v)
{
    IrFunc *f = j->f;
    if (ir_type_is_scalar(ir_value_type(f, v)))
        return false;
    for (uint32_t u = j->uses->start[v.id]; u < j->uses->start[v.id + 1]; u++)
        if (ir_layout_inst_block(f, j->uses->uses[u].inst).id != b.id)
            return true;
    return false;
}

/* The cost of copying b (its instructions that are not constants), or
 * NOCOPY when it cannot be copied: a call or alloca, more than MAXSCAN
 * instructions, more than 64 parameters or an aggregate crossing
 * blocks.  Memoized per block for the round, so each block is looked
 * at once however many predecessors it has. */
static uint32_t
block_cost(JT *j, IrBlock b)
{
    IrFunc *f = j->f;
    if (j->bcost[b.id])
        return j->bcost[b.id] - 1;
    uint32_t cost = 0, n = 0;
    IrBlockData *bd = ir_block(f, b);
    if (bd->nparams > 64)
        cost = NOCOPY;
    for (uint32_t k = 0; k < bd->nparams && cost != NOCOPY; k++)
        if (needs_aggregate_slot(j, b, ir_block_param(f, b, k)))
            cost = NOCOPY;
    for (IrInst i = ir_layout_first_inst(f, b); i.id && cost != NOCOPY;
         i = ir_layout_next_inst(f, i)) {
        IrInstData *d = ir_inst(f, i);
        if (ir_op_info[d->op].flags & IR_OPF_TERMINATOR)
            break;
        if ((ir_op_info[d->op].flags & (IR_OPF_CALL | IR_OPF_ALLOC)) ||
            ++n > MAXSCAN ||
            (d->result.id && needs_aggregate_slot(j, b, d->result)))
            cost = NOCOPY;
        else if (!opt_is_const_inst(f, i))
            cost++;
    }
    j->bcost[b.id] = cost + 1;
    return cost;
}

/* Evaluates the path from target 'edge' of p's branch; true (and *t
 * filled) when it decides a condbr and may be threaded. */
static bool
find_thread(JT *j, IrBlock p, uint32_t edge, Thread *t)
{
    IrFunc *f = j->f;
    IrInst br = ir_layout_terminator(f, p);
    j->stamp++;
    source_facts(j, p);
    bool split = ir_inst_op(f, br) == IR_OP_CONDBR;
    if (split)
        cond_facts(j, ir_inst_arg(f, br, 0), edge == 0);
    IrBlock entry = ir_layout_entry(f);
    IrBlock x = ir_target(f, br, edge)->block;
    /* A block entered only from this condbr is a source of its own. */
    if (split && opt_npreds(j->preds, x) < 2)
        return false;
    IrBlock cur = x;
    IrInst from = br;       /* the branch into cur and its target */
    uint32_t fromt = edge;
    uint32_t cost = 0;
    int last = -1;
    *t = (Thread){.p = p, .edge = edge};
    OptKnown argk[64];
    uint32_t argv[64];
    while (t->npath < MAXPATH) {
        if (cur.id == entry.id || cur.id == p.id || j->role[cur.id] == SOURCE)
            break;
        bool seen = false;
        for (uint32_t k = 0; k < t->npath; k++)
            seen |= t->path[k].id == cur.id;
        IrBlockData *bd = ir_block(f, cur);
        IrTarget *tg = ir_target(f, from, fromt);
        uint32_t bc = block_cost(j, cur);
        if (seen || bd->nparams != tg->nargs || bc == NOCOPY ||
            (cost += bc) > MAXCOST)
            break;
        for (uint32_t k = 0; k < bd->nparams; k++)
            argk[k] = known_at(j, ir_target_arg(f, from, fromt, k), MAXDEPTH);
        for (uint32_t k = 0; k < bd->nparams; k++)
            argv[k] = resolve(j, ir_target_arg(f, from, fromt, k)).id;
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue pv = ir_block_param(f, cur, k);
            j->envstamp[pv.id] = j->stamp;
            j->env[pv.id] = argk[k];
            j->alias[pv.id] = argv[k];
        }
        t->path[t->npath++] = cur;
        IrInst term = {0};
        IR_FOR_INSTS(f, cur, i) {
            IrInstData *d = ir_inst(f, i);
            if (ir_op_info[d->op].flags & IR_OPF_TERMINATOR) {
                term = i;
                break;
            }
            if (!d->result.id)
                continue;
            OptKnown args[3] = {{0, 0}, {0, 0}, {0, 0}};
            OptKnown r = {0, 0};
            if (d->nargs <= 3) {
                for (uint32_t n = 0; n < d->nargs; n++)
                    args[n] = known_at(j, ir_inst_arg(f, i, n), MAXDEPTH);
                r = opt_known_op(f, i, args);
            }
            int imp;
            if (d->op == IR_OP_ICMP && !((r.one ^ r.zero) & 1) &&
                (imp = implied(j, i)) >= 0)
                r = opt_known_const(IR_T_BOOL, (uint64_t)imp);
            j->envstamp[d->result.id] = j->stamp;
            j->env[d->result.id] = r;
            j->alias[d->result.id] = 0;
        }
        if (!term.id)
            break;
        if (ir_inst_op(f, term) == IR_OP_BR) {
            from = term, fromt = 0;
        } else if (ir_inst_op(f, term) == IR_OP_CONDBR) {
            OptKnown c = known_at(j, ir_inst_arg(f, term, 0), MAXDEPTH);
            if (!((c.one ^ c.zero) & 1))
                break;
            from = term, fromt = c.one & 1 ? 0 : 1;
            last = (int)t->npath - 1;
        } else {
            break;
        }
        t->tidx[t->npath - 1] = (uint8_t)fromt;
        cur = ir_target(f, from, fromt)->block;
    }
    if (last < 0)
        return false;
    t->npath = (uint32_t)last + 1;
    IrInst zt = ir_layout_terminator(f, t->path[last]);
    IrBlock target = ir_target(f, zt, t->tidx[last])->block;
    if (target.id == entry.id || !keeps_loops(j->loops, p, x, split, target))
        return false;
    return true;
}

/* Picks this round's threads: each source and copied block in one. */
static void
choose(JT *j)
{
    IrFunc *f = j->f;
    IR_FOR_BLOCKS(f, p) {
        Thread t;
        IrInst br = ir_layout_terminator(f, p);
        if (j->role[p.id] || p.id >= j->cfg->nblocks ||
            !ir_cfg_reachable(j->cfg, p) || !br.id)
            continue;
        IrOpcode op = ir_inst_op(f, br);
        if (!((op == IR_OP_BR && find_thread(j, p, 0, &t)) ||
              (op == IR_OP_CONDBR && (find_thread(j, p, 0, &t) ||
                                      find_thread(j, p, 1, &t)))))
            continue;
        bool ok = true;
        for (uint32_t k = 0; k < t.npath; k++)
            ok &= j->role[t.path[k].id] != SOURCE;
        if (!ok)
            continue;
        j->role[p.id] = SOURCE;
        for (uint32_t k = 0; k < t.npath; k++)
            j->role[t.path[k].id] = PATH;
        VEC_PUSH(j->threads, t);
    }
}

/* Demotes v, defined in block b, to a new slot if it is used in another
 * block: a store after its definition (at b's start for a parameter),
 * a load before each use elsewhere. */
static void
demote(JT *j, IrValue v, IrBlock b, IrInst def, IrBlock entry)
{
    IrFunc *f = j->f;
    const IrUses *u = j->uses;
    bool outside = false;
    for (uint32_t x = u->start[v.id]; x < u->start[v.id + 1]; x++)
        outside |= ir_layout_inst_block(f, u->uses[x].inst).id != b.id;
    if (!outside)
        return;
    IrType ty = ir_value_type(f, v);
    IrSlot s = ir_slot_create(f, ty, 0);
    IrBuilder bld;
    ir_builder_before(&bld, f, ir_layout_first_inst(f, entry));
    IrValue addr = ir_build_stackslot(&bld, s);
    IrInst at = def.id ? ir_layout_next_inst(f, def)
                       : ir_layout_first_inst(f, b);
    ir_builder_before(&bld, f, at);
    bld.loc = ir_inst(f, at)->loc;
    ir_build_store(&bld, ty, v, addr, false);
    for (uint32_t x = u->start[v.id]; x < u->start[v.id + 1]; x++) {
        IrInst ui = u->uses[x].inst;
        if (ir_layout_inst_block(f, ui).id == b.id)
            continue;
        ir_builder_before(&bld, f, ui);
        bld.loc = ir_inst(f, ui)->loc;
        IrValue l = ir_build_load(&bld, ty, addr, false);
        f->vpool.data[u->uses[x].slot] = l;
    }
}

/* Copies thread t's path into its source, which then branches past
 * the decided condbr.  map is zero on entry and on return. */
static void
copy_path(JT *j, const Thread *t, uint32_t *map, uint32_t nmap,
          OptValVec *scratch, OptValVec *args)
{
    IrFunc *f = j->f;
    IrInst br = ir_layout_terminator(f, t->p);
    IrLoc loc = ir_inst(f, br)->loc;
    IrInst from = br;
    uint32_t fromt = 0;
    args->len = 0;
    for (uint32_t k = 0; k < ir_target(f, br, t->edge)->nargs; k++)
        VEC_PUSH(*args, ir_target_arg(f, br, t->edge, k));
    IrBlock src = t->p;
    if (ir_inst_op(f, br) == IR_OP_CONDBR) {
        /* The edge gets a block of its own, the source of the copy. */
        src = ir_block_create(f, NULL);
        ir_layout_insert_block_after(f, src, t->p);
        ir_target_set_args(f, br, t->edge, NULL, 0);
        ir_target(f, br, t->edge)->block = src;
    } else {
        ir_layout_remove_inst(f, br);
    }
    for (uint32_t k = 0; k < t->npath; k++) {
        IrBlock b = t->path[k];
        IrBlockData *bd = ir_block(f, b);
        for (uint32_t n = 0; n < bd->nparams; n++)
            map[ir_block_param(f, b, n).id] = args->data[n].id;
        IR_FOR_INSTS(f, b, i) {
            if (ir_inst_is_terminator(f, i)) {
                from = i;
                break;
            }
            opt_clone_inst(f, i, src, map, nmap, scratch);
            j->ncopied++;
        }
        fromt = t->tidx[k];
        args->len = 0;
        IrTarget *tg = ir_target(f, from, fromt);
        for (uint32_t n = 0; n < tg->nargs; n++)
            VEC_PUSH(*args, opt_mapped(map, nmap,
                                       ir_target_arg(f, from, fromt, n)));
    }
    IrBlock target = ir_target(f, from, fromt)->block;
    IrBuilder bld;
    ir_builder_at_end(&bld, f, src);
    bld.loc = loc;
    ir_build_br(&bld, target, args->data, args->len);
    for (uint32_t k = 0; k < t->npath; k++)
        opt_map_forget_block(f, map, nmap, t->path[k]);
}

/* One round on f: returns the number of threads made. */
static uint32_t
round_once(OptCtx *ctx, IrFunc *f)
{
    OptAM *am = opt_am(ctx, f);
    Arena a = {0};
    JT j = {.f = f};
    j.cfg = opt_am_cfg(am);
    j.preds = opt_am_preds(am);
    j.dom = opt_am_domtree(am);
    j.loops = opt_am_loops(am);
    j.uses = opt_am_uses(am);     /* dropped with the rest below */
    j.nvalues = ir_num_values(f);
    j.env = arena_alloc(&a, j.nvalues * sizeof *j.env);
    j.envstamp = arena_alloc(&a, j.nvalues * sizeof *j.envstamp);
    j.alias = arena_alloc(&a, j.nvalues * sizeof *j.alias);
    j.fact = arena_alloc(&a, j.nvalues * sizeof *j.fact);
    j.factstamp = arena_alloc(&a, j.nvalues * sizeof *j.factstamp);
    j.role = arena_alloc(&a, ir_num_blocks(f));
    j.bcost = arena_alloc(&a, ir_num_blocks(f) * sizeof *j.bcost);
    choose(&j);
    uint32_t n = j.threads.len;
    if (n) {
        /* Demote the path blocks' values used beyond their block, each
         * block once. */
        uint32_t first_slot = ir_num_slots(f);
        if (!first_slot)
            first_slot = 1;
        IrBlock entry = ir_layout_entry(f);
        IR_FOR_BLOCKS(f, b) {
            if (j.role[b.id] != PATH)
                continue;
            IrBlockData *bd = ir_block(f, b);
            for (uint32_t k = 0; k < bd->nparams; k++)
                demote(&j, ir_block_param(f, b, k), b, (IrInst){0}, entry);
            IrInst next;
            for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
                next = ir_layout_next_inst(f, i);
                IrValue r = ir_inst_result(f, i);
                if (r.id && r.id < j.nvalues)
                    demote(&j, r, b, i, entry);
            }
        }
        uint32_t nmap = ir_num_values(f);
        uint32_t *map = arena_alloc(&a, nmap * sizeof *map);
        OptValVec scratch = {0}, args = {0};
        for (uint32_t k = 0; k < n; k++)
            copy_path(&j, &j.threads.data[k], map, nmap, &scratch, &args);
        VEC_FREE(scratch);
        VEC_FREE(args);
        /* Blocks whose every predecessor was threaded are gone; their
         * loads and stores would only get in mem2reg's way. */
        opt_remove_unreachable_blocks(f, &a);
        opt_am_changed(am, OPT_PRESERVE_NONE);
        opt_promote(ctx, f, first_slot);
        opt_count(ctx, "instructions copied", j.ncopied);
    }
    VEC_FREE(j.threads);
    arena_free(&a);
    return n;
}

bool
opt_jumpthread(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f) {
        uint32_t total = 0, n;
        for (int r = 0; r < MAXROUNDS && (n = round_once(ctx, f)); r++)
            total += n;
        opt_count(ctx, "jumps threaded", total);
        if (!total)
            opt_unchanged(ctx, f);
    }
    return true;
}
