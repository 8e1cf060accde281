/*
 * gvn.c - global value numbering over the dominator tree, with
 * redundant load elimination.
 *
 * A preorder walk of the dominator tree keeps a scoped hash table of
 * the pure instructions seen on the path from the entry (Briggs, Cooper
 * and Simpson's dominator-based value numbering).  The key is the
 * opcode, predicate, types, immediate and the operands after
 * replacement, with the operands of commutative opcodes ordered by id.
 * An instruction whose key is present is replaced by the dominating
 * one.
 *
 * Loads use a small table of available memory values (address, type,
 * value) that flows down the dominator tree: into a child whose only
 * predecessor is its parent as it is, and into a join (or a loop
 * header) minus what the blocks on the paths from its immediate
 * dominator may store to or call (found by walking predecessors back
 * to the dominator, at most MAXWALK blocks and MAXWALKI instructions,
 * else the table starts empty there).  A load of the same
 * address and type reuses the value; a store makes its value available
 * after killing every entry it may alias (alias.c); a call kills all
 * entries except private locals.  Volatile accesses are never removed
 * and never forward; a volatile store kills like a store.  The table is
 * capped at MAXMEM entries, so the pass stays linear.
 */
#include "optutil.h"

#include <string.h>

enum { MAXMEM = 16, MAXWALK = 32, MAXWALKI = 512 };

typedef struct {
    IrValue addr;
    IrType ty;
    IrValue val;
} MemEnt;

typedef struct {
    uint32_t n;
    MemEnt e[MAXMEM];
} Mem;

typedef struct {
    IrInst inst;
    uint32_t hash;
    uint32_t next;      /* entry index + 1 in the same bucket */
} HEnt;

typedef struct {
    IrFunc *f;
    Arena *a;
    OptAlias *al;       /* from the analysis manager */
    uint32_t *repl;
    uint32_t *bucket;   /* entry index + 1 */
    uint32_t mask;
    VEC(HEnt) ents;
    Mem **endmem;       /* by block id: state at the end, when needed */
    uint32_t *walked;   /* by block id: the join whose walk saw it */
    uint32_t nrepl, nloads;
} Gvn;

static IrValue
arg(Gvn *g, IrInst i, uint32_t k)
{
    return opt_repl_get(g->repl, ir_inst_arg(g->f, i, k));
}

/* Operands in canonical order (commutative ones sorted). */
static uint32_t
key_args(Gvn *g, IrInst i, uint32_t *out)
{
    IrInstData *d = ir_inst(g->f, i);
    uint32_t n = d->nargs < 3 ? d->nargs : 3;
    for (uint32_t k = 0; k < n; k++)
        out[k] = arg(g, i, k).id;
    if ((ir_op_info[d->op].flags & IR_OPF_COMMUTES) && n == 2 &&
        out[0] > out[1]) {
        uint32_t t = out[0];
        out[0] = out[1];
        out[1] = t;
    }
    return n;
}

static uint32_t
hash_inst(Gvn *g, IrInst i)
{
    IrInstData *d = ir_inst(g->f, i);
    uint32_t a[3];
    uint32_t n = key_args(g, i, a);
    uint32_t h = 2166136261u;
    h = (h ^ d->op) * 16777619u;
    h = (h ^ d->pred) * 16777619u;
    h = (h ^ d->ty.id) * 16777619u;
    h = (h ^ d->ty2.id) * 16777619u;
    h = (h ^ (uint32_t)d->imm) * 16777619u;
    h = (h ^ (uint32_t)(d->imm >> 32)) * 16777619u;
    for (uint32_t k = 0; k < n; k++)
        h = (h ^ a[k]) * 16777619u;
    return h ^ (h >> 15);
}

static bool
same_inst(Gvn *g, IrInst x, IrInst y)
{
    IrInstData *a = ir_inst(g->f, x), *b = ir_inst(g->f, y);
    if (a->op != b->op || a->pred != b->pred || a->ty.id != b->ty.id ||
        a->ty2.id != b->ty2.id || a->imm != b->imm ||
        a->nargs != b->nargs || a->flags != b->flags)
        return false;
    uint32_t ax[3], bx[3];
    uint32_t n = key_args(g, x, ax);
    key_args(g, y, bx);
    return memcmp(ax, bx, n * sizeof *ax) == 0;
}

static bool
numberable(IrFunc *f, IrInst i)
{
    IrInstData *d = ir_inst(f, i);
    return (ir_op_info[d->op].flags & IR_OPF_PURE) && d->result.id &&
           d->nargs <= 3;
}

static uint64_t
tysize(Gvn *g, IrType t)
{
    return ir_type_size(g->f->mod, t);
}

static void
mem_kill(Gvn *g, Mem *m, IrValue addr, IrType ty)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < m->n; k++) {
        MemEnt *e = &m->e[k];
        if (!opt_may_alias(g->f, g->al, e->addr, tysize(g, e->ty), addr,
                           tysize(g, ty)))
            m->e[n++] = *e;
    }
    m->n = n;
}

static void
mem_add(Mem *m, IrValue addr, IrType ty, IrValue val)
{
    if (m->n == MAXMEM) {
        memmove(m->e, m->e + 1, (MAXMEM - 1) * sizeof *m->e);
        m->n--;
    }
    m->e[m->n++] = (MemEnt){addr, ty, val};
}

static void
mem_call(Gvn *g, Mem *m)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < m->n; k++) {
        const OptPtrInfo *p = opt_alias_base(g->f, g->al, m->e[k].addr);
        if (opt_alias_local_private(g->al, p))
            m->e[n++] = m->e[k];
    }
    m->n = n;
}

/* Kills in m whatever block x may overwrite. */
static uint32_t
mem_clobbers(Gvn *g, IrBlock x, Mem *m)
{
    uint32_t n = 0;
    IR_FOR_INSTS(g->f, x, i) {
        IrInstData *d = ir_inst(g->f, i);
        n++;
        if (d->op == IR_OP_STORE)
            mem_kill(g, m, arg(g, i, 1), d->ty);
        else if (ir_op_info[d->op].flags & IR_OPF_CALL)
            mem_call(g, m);
    }
    return n;
}

/* Pushes the predecessors of x not yet seen by b's walk; false when
 * the walk is over its budget. */
static bool
walk_preds(Gvn *g, const IrCfg *cfg, IrBlock b, IrBlock x, IrBlock *stk,
           uint32_t *n, uint32_t *nwalk)
{
    for (uint32_t e = cfg->pred_start[x.id]; e < cfg->pred_start[x.id + 1];
         e++) {
        IrBlock p = cfg->preds[e];
        if (g->walked[p.id] == b.id)
            continue;
        if ((*nwalk)++ == MAXWALK)
            return false;
        g->walked[p.id] = b.id;
        stk[(*n)++] = p;
    }
    return true;
}

/* The table at the entry of b from the one at the end of its immediate
 * dominator dm: every block that reaches b without passing through dm
 * (b itself too when it is in a loop) may run in between.  False when
 * there are more than the walk allows. */
static bool
mem_join(Gvn *g, const IrCfg *cfg, IrBlock dm, IrBlock b, Mem *m)
{
    uint32_t nwalk = 0, ninst = 0, n = 0;
    IrBlock stk[MAXWALK];
    g->walked[dm.id] = b.id;
    if (!walk_preds(g, cfg, b, b, stk, &n, &nwalk))
        return false;
    while (n) {
        IrBlock x = stk[--n];
        ninst += mem_clobbers(g, x, m);
        if (!m->n)
            return true;
        if (ninst > MAXWALKI || !walk_preds(g, cfg, b, x, stk, &n, &nwalk))
            return false;
    }
    return true;
}

static void
do_block(Gvn *g, IrBlock b, Mem *m)
{
    IrFunc *f = g->f;
    IrInst next;
    for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
        next = ir_layout_next_inst(f, i);
        IrInstData *d = ir_inst(f, i);
        bool vol = d->flags & IR_INSTF_VOLATILE;
        if (d->op == IR_OP_LOAD) {
            if (vol)
                continue;
            IrValue addr = arg(g, i, 0);
            bool found = false;
            for (uint32_t k = m->n; k-- > 0;) {
                if (m->e[k].addr.id == addr.id &&
                    ir_type_eq(m->e[k].ty, d->ty)) {
                    g->repl[d->result.id] = m->e[k].val.id;
                    ir_layout_remove_inst(f, i);
                    g->nloads++;
                    found = true;
                    break;
                }
            }
            if (!found)
                mem_add(m, addr, d->ty, d->result);
            continue;
        }
        if (d->op == IR_OP_STORE) {
            IrValue addr = arg(g, i, 1);
            mem_kill(g, m, addr, d->ty);
            if (!vol)
                mem_add(m, addr, d->ty, arg(g, i, 0));
            continue;
        }
        if (ir_op_info[d->op].flags & IR_OPF_CALL) {
            mem_call(g, m);
            continue;
        }
        if (!numberable(f, i))
            continue;
        uint32_t h = hash_inst(g, i);
        uint32_t *bk = &g->bucket[h & g->mask];
        bool hit = false;
        for (uint32_t e = *bk; e; e = g->ents.data[e - 1].next) {
            HEnt *he = &g->ents.data[e - 1];
            if (he->hash == h && same_inst(g, he->inst, i)) {
                g->repl[d->result.id] = ir_inst_result(f, he->inst).id;
                ir_layout_remove_inst(f, i);
                g->nrepl++;
                hit = true;
                break;
            }
        }
        if (!hit) {
            VEC_PUSH(g->ents, ((HEnt){i, h, *bk}));
            *bk = g->ents.len;
        }
    }
}

static void
gvn_func(OptCtx *ctx, IrFunc *f)
{
    if (!ir_layout_entry(f).id)
        return;
    OptAM *am = opt_am(ctx, f);
    Arena a = {0};
    Gvn g = {.f = f, .a = &a};
    g.al = opt_am_alias(am);
    uint32_t nv = ir_num_values(f), nb = ir_num_blocks(f);
    g.repl = arena_alloc(&a, nv * sizeof *g.repl);
    uint32_t cap = 16;
    while (cap < 2 * ir_num_insts(f))
        cap *= 2;
    g.bucket = arena_alloc(&a, cap * sizeof *g.bucket);
    g.mask = cap - 1;
    g.endmem = arena_alloc(&a, nb * sizeof *g.endmem);
    g.walked = arena_alloc(&a, (nb + 1) * sizeof *g.walked);
    const IrCfg *cfg = opt_am_cfg(am);
    const IrDomTree *dom = opt_am_domtree(am);
    /* Iterative preorder walk; a frame is reopened to pop its scope. */
    typedef struct { uint32_t b, mark; bool open; } Frame;
    Frame *stk = arena_alloc(&a, (nb + 1) * sizeof *stk);
    uint32_t n = 0;
    stk[n++] = (Frame){ir_layout_entry(f).id, 0, false};
    Mem m;
    while (n) {
        Frame *fr = &stk[n - 1];
        if (fr->open) {
            while (g.ents.len > fr->mark) {
                HEnt *he = &g.ents.data[--g.ents.len];
                g.bucket[he->hash & g.mask] = he->next;
            }
            n--;
            continue;
        }
        fr->open = true;
        fr->mark = g.ents.len;
        IrBlock b = {fr->b};
        IrBlock id = dom->idom[b.id];
        m.n = 0;
        if (id.id && g.endmem[id.id]) {
            m = *g.endmem[id.id];
            if (!(ir_cfg_npreds(cfg, b) == 1 &&
                  cfg->preds[cfg->pred_start[b.id]].id == id.id) &&
                !mem_join(&g, cfg, id, b, &m))
                m.n = 0;
        }
        do_block(&g, b, &m);
        uint32_t c0 = dom->child_start[b.id];
        uint32_t c1 = dom->child_start[b.id + 1];
        if (c1 > c0 && m.n) {
            g.endmem[b.id] = arena_alloc(&a, sizeof(Mem));
            *g.endmem[b.id] = m;
        }
        for (uint32_t k = c1; k-- > c0;)
            stk[n++] = (Frame){dom->children[k].id, 0, false};
    }
    opt_repl_apply(f, g.repl);
    VEC_FREE(g.ents);
    if (!g.nrepl && !g.nloads)
        opt_unchanged(ctx, f);
    opt_count(ctx, "instructions replaced", g.nrepl);
    opt_count(ctx, "loads removed", g.nloads);
    arena_free(&a);
}

bool
opt_gvn(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        gvn_func(ctx, f);
    return true;
}
