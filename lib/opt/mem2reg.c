/*
 * mem2reg.c - promotes stack slots and allocas to SSA values.
 *
 * A variable is a stack slot (all its `stackslot` instructions) or one
 * `alloca`.  It is promotable when every use of its address is the
 * address operand of a non-volatile `load T` or `store T` whose T is
 * exactly the variable's type (whole-object access).  Then:
 *
 *   1. block parameters go on the iterated dominance frontier of the
 *      blocks that store, pruned to blocks where the variable is live
 *      (Cytron et al.; the IDF is computed on the DJ-graph with a
 *      priority queue by dominator-tree level, Sreedhar and Gao, so each
 *      variable costs time proportional to the blocks it touches);
 *   2. a walk of the dominator tree renames: loads become the current
 *      value, stores set it, branches pass it to the new parameters;
 *      a load with no reaching store reads `undef T`;
 *   3. parameters that turn out redundant (every argument the same) or
 *      dead are removed, and slots without users are dropped.
 *
 * Loads and stores in unreachable blocks become `undef` and vanish.
 */
#include "optutil.h"

#include <string.h>

typedef struct {
    IrType ty;
    bool bad;           /* address escapes or is accessed otherwise */
    IrValue undef;      /* lazily built `undef ty` in the entry block */
    uint32_t ndefs, nuses;
    uint32_t defs, uses;    /* runs in the def/use block pools */
} Var;

typedef struct {
    uint32_t var;
    IrValue param;
    uint32_t next;      /* next phi of the same block (+1), 0 ends */
} Phi;

typedef struct {
    IrFunc *f;
    Arena *a;
    const IrCfg *cfg;       /* from the analysis manager */
    const IrDomTree *dom;
    uint32_t nvars;
    uint32_t first_slot;    /* promote only slots from this id on */
    Var *vars;
    uint32_t *varof;    /* value id -> var + 1 for promotable addresses */
    uint32_t *level;    /* dominator-tree depth */
    uint32_t nheap;     /* IDF priority queue size */
    Phi *phis;
    uint32_t nphis, phicap;
    uint32_t *phihead, *phitail;  /* per block */
} M2R;

static uint32_t
addr_var(M2R *s, IrValue v)
{
    return v.id < ir_num_values(s->f) ? s->varof[v.id] : 0;
}

/* Finds the variables and rejects those whose address escapes. */
static void
find_vars(M2R *s, const IrUses *u)
{
    IrFunc *f = s->f;
    uint32_t nv = ir_num_values(f), nslots = ir_num_slots(f);
    uint32_t *slotvar = arena_alloc(s->a, (nslots + 1) * sizeof *slotvar);
    s->varof = arena_alloc(s->a, nv * sizeof *s->varof);
    s->vars = arena_alloc(s->a, (nv + nslots + 1) * sizeof *s->vars);
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            uint32_t x;
            if (d->op == IR_OP_STACKSLOT && d->imm && d->imm < nslots &&
                d->imm >= s->first_slot) {
                if (!slotvar[d->imm]) {
                    x = s->nvars++;
                    s->vars[x].ty = ir_slot(f, (IrSlot){d->imm})->ty;
                    slotvar[d->imm] = x + 1;
                }
                s->varof[d->result.id] = slotvar[d->imm];
            } else if (d->op == IR_OP_ALLOCA && !s->first_slot) {
                x = s->nvars++;
                s->vars[x].ty = d->ty;
                s->varof[d->result.id] = x + 1;
            }
        }
    }
    for (uint32_t v = 1; v < nv; v++) {
        uint32_t x = s->varof[v];
        if (!x)
            continue;
        Var *var = &s->vars[x - 1];
        for (uint32_t k = u->start[v]; k < u->start[v + 1]; k++) {
            IrInst i = u->uses[k].inst;
            IrInstData *d = ir_inst(f, i);
            uint32_t slot = u->uses[k].slot;
            bool ok = false;
            if (d->flags & IR_INSTF_VOLATILE)
                ok = false;
            else if (d->op == IR_OP_LOAD)
                ok = slot == d->args && ir_type_eq(d->ty, var->ty);
            else if (d->op == IR_OP_STORE)
                ok = slot == d->args + 1 &&
                     f->vpool.data[d->args].id != v &&
                     ir_type_eq(d->ty, var->ty);
            if (!ok)
                var->bad = true;
        }
    }
}

static bool
reachable(M2R *s, IrBlock b)
{
    return b.id < s->cfg->nblocks && ir_cfg_reachable(s->cfg, b);
}

/* Collects, per good variable, the reachable blocks that store it and
 * those with a load not preceded by a store in the same block. */
static uint32_t *
find_blocks(M2R *s)
{
    IrFunc *f = s->f;
    uint32_t nx = s->nvars;
    uint32_t *dstamp = arena_alloc(s->a, (nx + 1) * sizeof *dstamp);
    uint32_t *ustamp = arena_alloc(s->a, (nx + 1) * sizeof *ustamp);
    uint32_t *sstamp = arena_alloc(s->a, (nx + 1) * sizeof *sstamp);
    /* Two rounds: count, then fill. */
    uint32_t *pool = NULL;
    for (int round = 0; round < 2; round++) {
        memset(dstamp, 0, (nx + 1) * sizeof *dstamp);
        memset(ustamp, 0, (nx + 1) * sizeof *ustamp);
        memset(sstamp, 0, (nx + 1) * sizeof *sstamp);
        if (round == 1) {
            uint32_t at = 0;
            for (uint32_t x = 0; x < nx; x++) {
                s->vars[x].defs = at;
                at += s->vars[x].ndefs;
                s->vars[x].uses = at;
                at += s->vars[x].nuses;
                s->vars[x].ndefs = s->vars[x].nuses = 0;
            }
            pool = arena_alloc(s->a, (at + 1) * sizeof *pool);
        }
        for (uint32_t r = 0; r < s->cfg->nrpo; r++) {
            IrBlock b = s->cfg->rpo[r];
            IR_FOR_INSTS(f, b, i) {
                IrInstData *d = ir_inst(f, i);
                uint32_t x;
                if (d->op == IR_OP_STORE &&
                    (x = addr_var(s, ir_inst_arg(f, i, 1))) &&
                    !s->vars[x - 1].bad) {
                    Var *v = &s->vars[x - 1];
                    sstamp[x] = b.id;
                    if (dstamp[x] != b.id) {
                        dstamp[x] = b.id;
                        if (round)
                            pool[v->defs + v->ndefs] = b.id;
                        v->ndefs++;
                    }
                } else if (d->op == IR_OP_LOAD &&
                           (x = addr_var(s, ir_inst_arg(f, i, 0))) &&
                           !s->vars[x - 1].bad) {
                    Var *v = &s->vars[x - 1];
                    if (sstamp[x] != b.id && ustamp[x] != b.id) {
                        ustamp[x] = b.id;
                        if (round)
                            pool[v->uses + v->nuses] = b.id;
                        v->nuses++;
                    }
                }
            }
        }
    }
    return pool;
}

/* Binary max-heap on level. */
static void
heap_push(M2R *s, uint32_t *h, uint32_t b)
{
    uint32_t i = s->nheap++;
    h[i] = b;
    while (i && s->level[h[(i - 1) / 2]] < s->level[h[i]]) {
        uint32_t p = (i - 1) / 2, t = h[p];
        h[p] = h[i];
        h[i] = t;
        i = p;
    }
}

static uint32_t
heap_pop(M2R *s, uint32_t *h)
{
    uint32_t top = h[0];
    h[0] = h[--s->nheap];
    uint32_t i = 0;
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < s->nheap && s->level[h[l]] > s->level[h[m]])
            m = l;
        if (r < s->nheap && s->level[h[r]] > s->level[h[m]])
            m = r;
        if (m == i)
            break;
        uint32_t t = h[m];
        h[m] = h[i];
        h[i] = t;
        i = m;
    }
    return top;
}

static void
add_phi(M2R *s, uint32_t x, IrBlock b)
{
    if (s->nphis == s->phicap) {
        uint32_t ncap = s->phicap ? 2 * s->phicap : 64;
        Phi *np = arena_alloc(s->a, ncap * sizeof *np);
        if (s->nphis)
            memcpy(np, s->phis, s->nphis * sizeof *np);
        s->phis = np;
        s->phicap = ncap;
    }
    uint32_t id = s->nphis++;
    s->phis[id] = (Phi){x, ir_block_add_param(s->f, b, s->vars[x].ty, 0),
                        0};
    if (s->phitail[b.id])
        s->phis[s->phitail[b.id] - 1].next = id + 1;
    else
        s->phihead[b.id] = id + 1;
    s->phitail[b.id] = id + 1;
}

/* Places the block parameters of every good variable. */
static void
place_phis(M2R *s, const uint32_t *pool)
{
    IrFunc *f = s->f;
    uint32_t nb = ir_num_blocks(f);
    uint32_t *defst = arena_alloc(s->a, nb * sizeof *defst);
    uint32_t *livest = arena_alloc(s->a, nb * sizeof *livest);
    uint32_t *visst = arena_alloc(s->a, nb * sizeof *visst);
    uint32_t *pqst = arena_alloc(s->a, nb * sizeof *pqst);
    uint32_t *wl = arena_alloc(s->a, (nb + 1) * sizeof *wl);
    uint32_t *heap = arena_alloc(s->a, (nb + 1) * sizeof *heap);
    s->phihead = arena_alloc(s->a, nb * sizeof *s->phihead);
    s->phitail = arena_alloc(s->a, nb * sizeof *s->phitail);
    for (uint32_t x = 0; x < s->nvars; x++) {
        Var *v = &s->vars[x];
        if (v->bad || !v->ndefs || !v->nuses)
            continue;
        uint32_t st = x + 1, nwl = 0;
        for (uint32_t k = 0; k < v->ndefs; k++)
            defst[pool[v->defs + k]] = st;
        /* Live-in blocks: backwards from upward-exposed loads, not
         * through blocks that store. */
        for (uint32_t k = 0; k < v->nuses; k++) {
            uint32_t b = pool[v->uses + k];
            livest[b] = st;
            wl[nwl++] = b;
        }
        while (nwl) {
            IrBlock b = {wl[--nwl]};
            const IrCfg *c = s->cfg;
            for (uint32_t e = c->pred_start[b.id];
                 e < c->pred_start[b.id + 1]; e++) {
                IrBlock p = c->preds[e];
                if (!reachable(s, p) || livest[p.id] == st ||
                    defst[p.id] == st)
                    continue;
                livest[p.id] = st;
                wl[nwl++] = p.id;
            }
        }
        /* IDF on the DJ-graph. */
        s->nheap = 0;
        for (uint32_t k = 0; k < v->ndefs; k++) {
            uint32_t b = pool[v->defs + k];
            visst[b] = st;
            heap_push(s, heap, b);
        }
        while (s->nheap) {
            uint32_t root = heap_pop(s, heap);
            uint32_t rl = s->level[root];
            nwl = 0;
            wl[nwl++] = root;
            visst[root] = st;
            while (nwl) {
                IrBlock n = {wl[--nwl]};
                const IrCfg *c = s->cfg;
                for (uint32_t e = c->succ_start[n.id];
                     e < c->succ_start[n.id + 1]; e++) {
                    IrBlock y = c->succs[e];
                    if (s->dom->idom[y.id].id == n.id)
                        continue;       /* a D-edge */
                    if (s->level[y.id] > rl || pqst[y.id] == st)
                        continue;
                    pqst[y.id] = st;
                    if (livest[y.id] != st)
                        continue;       /* pruned: dead here */
                    add_phi(s, x, y);
                    if (defst[y.id] != st)
                        heap_push(s, heap, y.id);
                }
                const IrDomTree *d = s->dom;
                for (uint32_t k = d->child_start[n.id];
                     k < d->child_start[n.id + 1]; k++) {
                    IrBlock ch = d->children[k];
                    if (visst[ch.id] != st) {
                        visst[ch.id] = st;
                        wl[nwl++] = ch.id;
                    }
                }
            }
        }
    }
}

static IrValue
var_undef(M2R *s, uint32_t x)
{
    Var *v = &s->vars[x];
    if (!v->undef.id) {
        IrFunc *f = s->f;
        IrBlock entry = ir_layout_entry(f);
        IrBuilder b;
        IrInst first = ir_layout_first_inst(f, entry);
        if (first.id)
            ir_builder_before(&b, f, first);
        else
            ir_builder_at_end(&b, f, entry);
        v->undef = ir_build_undef(&b, v->ty);
    }
    return v->undef;
}

/* Renames along the dominator tree, iteratively: cur[x] is the value of
 * variable x; an undo log restores it when a subtree is left. */
static void
rename_vars(M2R *s, uint32_t *repl, uint32_t *cur)
{
    IrFunc *f = s->f;
    uint32_t nb = ir_num_blocks(f);
    typedef struct { uint32_t x, old; } Undo;
    VEC(Undo) log = {0};
    /* Stack entries: block id, and the log length to restore (+1 when
     * the block has been expanded). */
    typedef struct { uint32_t b, mark; bool open; } Frame;
    Frame *stk = arena_alloc(s->a, (2 * nb + 2) * sizeof *stk);
    uint32_t nstk = 0;
    IrBlock entry = ir_layout_entry(f);
    if (!entry.id || !reachable(s, entry))
        return;
    stk[nstk++] = (Frame){entry.id, 0, false};
    while (nstk) {
        Frame *fr = &stk[nstk - 1];
        if (fr->open) {
            while (log.len > fr->mark) {
                Undo u = log.data[--log.len];
                cur[u.x] = u.old;
            }
            nstk--;
            continue;
        }
        fr->open = true;
        fr->mark = log.len;
        IrBlock b = {fr->b};
        for (uint32_t p = s->phihead[b.id]; p; p = s->phis[p - 1].next) {
            Phi *ph = &s->phis[p - 1];
            VEC_PUSH(log, ((Undo){ph->var, cur[ph->var]}));
            cur[ph->var] = ph->param.id;
        }
        IrInst next;
        for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
            next = ir_layout_next_inst(f, i);
            IrInstData *d = ir_inst(f, i);
            uint32_t x;
            if (d->op == IR_OP_LOAD &&
                (x = addr_var(s, ir_inst_arg(f, i, 0))) &&
                !s->vars[x - 1].bad) {
                x--;
                IrValue r = ir_inst_result(f, i);
                repl[r.id] = cur[x] ? cur[x] : var_undef(s, x).id;
                ir_layout_remove_inst(f, i);
            } else if (d->op == IR_OP_STORE &&
                       (x = addr_var(s, ir_inst_arg(f, i, 1))) &&
                       !s->vars[x - 1].bad) {
                x--;
                IrValue v = opt_repl_get(repl, ir_inst_arg(f, i, 0));
                VEC_PUSH(log, ((Undo){x, cur[x]}));
                cur[x] = v.id;
                ir_layout_remove_inst(f, i);
            } else if (d->ntargets) {
                /* var_undef creates instructions, which may move d. */
                uint32_t nt = d->ntargets;
                for (uint32_t t = 0; t < nt; t++) {
                    IrBlock tb = ir_target(f, i, t)->block;
                    for (uint32_t p = s->phihead[tb.id]; p;
                         p = s->phis[p - 1].next) {
                        uint32_t px = s->phis[p - 1].var;
                        IrValue av = {cur[px]};
                        if (!av.id)
                            av = var_undef(s, px);
                        opt_target_push_arg(f, i, t, av);
                    }
                }
            }
        }
        const IrDomTree *dt = s->dom;
        for (uint32_t k = dt->child_start[b.id + 1];
             k-- > dt->child_start[b.id];)
            stk[nstk++] = (Frame){dt->children[k].id, 0, false};
    }
    VEC_FREE(log);
}

/* Unreachable blocks: loads of promoted variables read undef, stores
 * disappear. */
static void
clean_unreachable(M2R *s, uint32_t *repl)
{
    IrFunc *f = s->f;
    IR_FOR_BLOCKS(f, b) {
        if (reachable(s, b))
            continue;
        IrInst next;
        for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
            next = ir_layout_next_inst(f, i);
            IrInstData *d = ir_inst(f, i);
            uint32_t x;
            if (d->op == IR_OP_LOAD &&
                (x = addr_var(s, ir_inst_arg(f, i, 0))) &&
                !s->vars[x - 1].bad) {
                repl[ir_inst_result(f, i).id] = var_undef(s, x - 1).id;
                ir_layout_remove_inst(f, i);
            } else if (d->op == IR_OP_STORE &&
                       (x = addr_var(s, ir_inst_arg(f, i, 1))) &&
                       !s->vars[x - 1].bad) {
                ir_layout_remove_inst(f, i);
            } else if (d->ntargets) {
                /* A branch into a block that got parameters must pass
                 * them even when it never runs.  It passes each
                 * parameter itself (every block dominates an
                 * unreachable one, F8), which the redundancy test
                 * ignores, where `undef` would keep it alive. */
                uint32_t nt = d->ntargets;
                for (uint32_t t = 0; t < nt; t++) {
                    IrBlock tb = ir_target(f, i, t)->block;
                    for (uint32_t p = s->phihead[tb.id]; p;
                         p = s->phis[p - 1].next)
                        opt_target_push_arg(f, i, t, s->phis[p - 1].param);
                }
            }
        }
    }
}

uint32_t
opt_promote(OptCtx *ctx, IrFunc *f, uint32_t first_slot)
{
    OptAM *am = opt_am(ctx, f);
    Arena a = {0};
    M2R s = {.f = f, .a = &a, .first_slot = first_slot};
    find_vars(&s, opt_am_uses(am));
    uint32_t ngood = 0;
    for (uint32_t x = 0; x < s.nvars; x++)
        ngood += !s.vars[x].bad;
    if (ngood) {
        s.cfg = opt_am_cfg(am);
        s.dom = opt_am_domtree(am);
        uint32_t nb = ir_num_blocks(f);
        s.level = arena_alloc(&a, nb * sizeof *s.level);
        for (uint32_t r = 1; r < s.cfg->nrpo; r++) {
            IrBlock b = s.cfg->rpo[r];
            s.level[b.id] = s.level[s.dom->idom[b.id].id] + 1;
        }
        uint32_t *pool = find_blocks(&s);
        place_phis(&s, pool);
        uint32_t nv0 = ir_num_values(f);
        uint32_t *repl = arena_alloc(&a, (nv0 + s.nvars + 1) *
                                     sizeof *repl);
        uint32_t *cur = arena_alloc(&a, (s.nvars + 1) * sizeof *cur);
        /* var_undef creates values: repl is sized for them. */
        rename_vars(&s, repl, cur);
        clean_unreachable(&s, repl);
        opt_repl_apply(f, repl);
        /* The address instructions are now unused. */
        IR_FOR_BLOCKS(f, b) {
            IrInst next;
            for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
                next = ir_layout_next_inst(f, i);
                IrInstData *d = ir_inst(f, i);
                if ((d->op == IR_OP_STACKSLOT || d->op == IR_OP_ALLOCA) &&
                    addr_var(&s, d->result) &&
                    !s.vars[addr_var(&s, d->result) - 1].bad)
                    ir_layout_remove_inst(f, i);
            }
        }
        uint32_t nv = ir_num_values(f);
        bool *only = arena_alloc(&a, nv * sizeof *only);
        for (uint32_t p = 0; p < s.nphis; p++)
            only[s.phis[p].param.id] = true;
        /* Only arguments and parameters changed: the edges hold. */
        const OptPreds *ep = opt_am_preds(am);
        uint32_t nred = opt_remove_redundant_params(f, ep, &a, only);
        uint32_t ndead = opt_remove_dead_params(f, ep, &a, only);
        if (!first_slot) {
            opt_count(ctx, "variables promoted", ngood);
            opt_count(ctx, "block parameters inserted",
                     s.nphis - nred - ndead);
        }
    }
    uint32_t nslots = opt_compact_slots(f, &a, first_slot);
    if (!first_slot) {
        opt_count(ctx, "stack slots removed", nslots);
        if (!ngood && !nslots)
            opt_unchanged(ctx, f);
    }
    arena_free(&a);
    return ngood;
}

bool
opt_mem2reg(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        opt_promote(ctx, f, 0);
    return true;
}
