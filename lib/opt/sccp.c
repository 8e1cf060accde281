/*
 * sccp.c - sparse conditional constant propagation (Wegman and Zadeck).
 *
 * Each value has a lattice state: TOP (no information yet), CONST with
 * a bit pattern, or BOTTOM (varies).  Blocks become executable when an
 * edge into them does; only executable edges contribute to block
 * parameters.  Two worklists drive the solver: blocks that became
 * executable and values whose state dropped (their users are
 * re-evaluated).  Every state drops at most twice, so the solver is
 * linear in the number of uses.
 *
 * Afterwards, constant instruction results become constant instructions
 * in place, constant block parameters are replaced by a constant at the
 * top of their block, `condbr` on a constant becomes `br`, and blocks
 * that never execute are deleted.  Folding follows fold.c: operations
 * that would be undefined behaviour are BOTTOM, never folded.  `undef`
 * is BOTTOM (treating it as "any constant" is legal but rarely pays).
 */
#include "optutil.h"

enum { TOP, CONST, BOT };

typedef struct {
    IrFunc *f;
    Arena *a;
    uint8_t *st;        /* by value id */
    uint64_t *val;
    bool *bexec;        /* by block id */
    bool *eexec;        /* by index in f->targets */
    const IrUses *uses;
    uint32_t *vwl, nvwl;
    bool *invwl;
    uint32_t *bwl, nbwl;
} Sccp;

static void
set_state(Sccp *s, IrValue v, uint8_t st, uint64_t val)
{
    if (s->st[v.id] == st && (st != CONST || s->val[v.id] == val))
        return;
    if (s->st[v.id] == BOT)
        return;
    if (s->st[v.id] == CONST && st == CONST)
        st = BOT;       /* two different constants */
    s->st[v.id] = st;
    s->val[v.id] = val;
    if (!s->invwl[v.id]) {
        s->invwl[v.id] = true;
        s->vwl[s->nvwl++] = v.id;
    }
}

/* Meets 'from' into parameter p. */
static void
meet_into(Sccp *s, IrValue p, IrValue from)
{
    uint8_t st = s->st[from.id];
    if (st == TOP)
        return;
    set_state(s, p, st, s->val[from.id]);
}

static void
flow_edge(Sccp *s, IrInst i, uint32_t t)
{
    IrFunc *f = s->f;
    uint32_t idx = ir_inst(f, i)->targets + t;
    IrTarget *tg = ir_target(f, i, t);
    IrBlock b = tg->block;
    if (!s->eexec[idx]) {
        s->eexec[idx] = true;
        if (!s->bexec[b.id]) {
            s->bexec[b.id] = true;
            s->bwl[s->nbwl++] = b.id;
        }
    }
    uint32_t np = ir_block(f, b)->nparams;
    for (uint32_t k = 0; k < np && k < tg->nargs; k++)
        meet_into(s, ir_block_param(f, b, k),
                  f->vpool.data[ir_target(f, i, t)->args + k]);
}

static void
visit(Sccp *s, IrInst i)
{
    IrFunc *f = s->f;
    IrInstData *d = ir_inst(f, i);
    IrOpcode op = (IrOpcode)d->op;
    if (op == IR_OP_BR) {
        flow_edge(s, i, 0);
        return;
    }
    if (op == IR_OP_CONDBR) {
        IrValue c = ir_inst_arg(f, i, 0);
        if (s->st[c.id] == CONST)
            flow_edge(s, i, s->val[c.id] & 1 ? 0 : 1);
        else if (s->st[c.id] == BOT) {
            flow_edge(s, i, 0);
            flow_edge(s, i, 1);
        }
        return;
    }
    IrValue r = d->result;
    if (!r.id)
        return;
    uint64_t bits;
    if (ir_op_info[op].flags & IR_OPF_CONST) {
        if (opt_const_bits(f, r, &bits))
            set_state(s, r, CONST, bits);
        else
            set_state(s, r, BOT, 0);
        return;
    }
    if (op == IR_OP_SEL) {
        IrValue c = ir_inst_arg(f, i, 0);
        IrValue x = ir_inst_arg(f, i, 1), y = ir_inst_arg(f, i, 2);
        if (s->st[c.id] == CONST) {
            IrValue pick = s->val[c.id] & 1 ? x : y;
            if (s->st[pick.id] != TOP)
                set_state(s, r, s->st[pick.id], s->val[pick.id]);
        } else if (s->st[c.id] == BOT) {
            meet_into(s, r, x);
            meet_into(s, r, y);
        }
        return;
    }
    bool foldable = (ir_op_info[op].flags & IR_OPF_PURE) &&
                    ir_type_is_scalar(ir_value_type(f, r)) &&
                    d->nargs >= 1 && d->nargs <= 3;
    if (!foldable) {
        set_state(s, r, BOT, 0);
        return;
    }
    uint64_t args[3];
    for (uint32_t k = 0; k < d->nargs; k++) {
        IrValue a = ir_inst_arg(f, i, k);
        if (s->st[a.id] == TOP)
            return;
        if (s->st[a.id] == BOT) {
            set_state(s, r, BOT, 0);
            return;
        }
        args[k] = s->val[a.id];
    }
    if (opt_fold(f, i, args, &bits))
        set_state(s, r, CONST, bits);
    else
        set_state(s, r, BOT, 0);
}

/* Branch argument 'slot' of i, whose value v dropped, flows into its
 * parameter alone: revisiting the branch would meet every argument of
 * the edge again, quadratic in the number of block parameters. */
static void
arg_flows(Sccp *s, IrInst i, uint32_t slot, IrValue v)
{
    IrFunc *f = s->f;
    IrInstData *d = ir_inst(f, i);
    for (uint32_t t = 0; t < d->ntargets; t++) {
        IrTarget *tg = ir_target(f, i, t);
        if (slot < tg->args || slot >= tg->args + tg->nargs ||
            !s->eexec[d->targets + t])
            continue;
        uint32_t k = slot - tg->args;
        if (k < ir_block(f, tg->block)->nparams)
            meet_into(s, ir_block_param(f, tg->block, k), v);
    }
}

static void
solve(Sccp *s)
{
    IrFunc *f = s->f;
    IrBlock entry = ir_layout_entry(f);
    IrBlockData *ed = ir_block(f, entry);
    for (uint32_t k = 0; k < ed->nparams; k++)
        s->st[ir_block_param(f, entry, k).id] = BOT;
    s->bexec[entry.id] = true;
    s->bwl[s->nbwl++] = entry.id;
    while (s->nbwl || s->nvwl) {
        if (s->nbwl) {
            IrBlock b = {s->bwl[--s->nbwl]};
            IR_FOR_INSTS(f, b, i)
                visit(s, i);
            continue;
        }
        IrValue v = {s->vwl[--s->nvwl]};
        s->invwl[v.id] = false;
        for (uint32_t k = s->uses->start[v.id]; k < s->uses->start[v.id + 1];
             k++) {
            IrInst i = s->uses->uses[k].inst;
            IrBlock b = ir_layout_inst_block(f, i);
            if (!b.id || !s->bexec[b.id])
                continue;
            IrInstData *d = ir_inst(f, i);
            uint32_t slot = s->uses->uses[k].slot;
            if (d->ntargets &&
                !(d->op == IR_OP_CONDBR && slot == d->args))
                arg_flows(s, i, slot, v);
            else
                visit(s, i);
        }
    }
}

static void
rewrite(OptCtx *ctx, Sccp *s)
{
    IrFunc *f = s->f;
    /* Each constant parameter creates one value: room for them. */
    uint32_t nv = ir_num_values(f);
    uint32_t *repl = arena_alloc(s->a, (2 * nv + 1) * sizeof *repl);
    uint32_t nconst = 0, nparam = 0, nbr = 0;
    IR_FOR_BLOCKS(f, b) {
        if (!s->bexec[b.id])
            continue;
        IrBlockData *bd = ir_block(f, b);
        IrInst first = ir_layout_first_inst(f, b);
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue p = ir_block_param(f, b, k);
            if (s->st[p.id] != CONST)
                continue;
            repl[p.id] = opt_build_const(f, ir_value_type(f, p),
                                         s->val[p.id], b, first).id;
            bd = ir_block(f, b);
            nparam++;
        }
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            IrValue r = d->result;
            if (d->op == IR_OP_CONDBR) {
                IrValue c = ir_inst_arg(f, i, 0);
                if (s->st[c.id] != CONST)
                    continue;
                IrTarget tg = *ir_target(f, i, s->val[c.id] & 1 ? 0 : 1);
                IrValue *args = xmalloc((tg.nargs + 1) * sizeof *args);
                for (uint32_t k = 0; k < tg.nargs; k++)
                    args[k] = f->vpool.data[tg.args + k];
                IrBuilder bl;
                ir_builder_before(&bl, f, i);
                bl.loc = d->loc;
                IrInst newbr = ir_build_br(&bl, tg.block, args, tg.nargs);
                free(args);
                ir_layout_remove_inst(f, i);
                i = newbr;
                nbr++;
                continue;
            }
            if (!r.id || s->st[r.id] != CONST ||
                (ir_op_info[d->op].flags & IR_OPF_CONST))
                continue;
            opt_make_const(f, i, s->val[r.id]);
            nconst++;
        }
    }
    if (nparam)
        opt_repl_apply(f, repl);
    uint32_t nb = opt_remove_unreachable_blocks(f, s->a);
    if (!nconst && !nparam && !nbr && !nb)
        opt_unchanged(ctx, f);
    else if (!nbr && !nb)
        opt_preserve(ctx, f, OPT_PRESERVE_CFG);  /* no terminator touched */
    opt_count(ctx, "instructions folded", nconst);
    opt_count(ctx, "block parameters folded", nparam);
    opt_count(ctx, "branches folded", nbr);
    opt_count(ctx, "blocks removed", nb);
}

static void
sccp_func(OptCtx *ctx, IrFunc *f)
{
    if (!ir_layout_entry(f).id)
        return;
    Arena a = {0};
    Sccp s = {.f = f, .a = &a};
    uint32_t nv = ir_num_values(f), nb = ir_num_blocks(f);
    s.st = arena_alloc(&a, nv);
    s.val = arena_alloc(&a, nv * sizeof *s.val);
    s.invwl = arena_alloc(&a, nv);
    s.vwl = arena_alloc(&a, (nv + 1) * sizeof *s.vwl);
    s.bexec = arena_alloc(&a, nb);
    s.bwl = arena_alloc(&a, (nb + 1) * sizeof *s.bwl);
    s.eexec = arena_alloc(&a, f->targets.len + 1);
    s.uses = opt_am_uses(opt_am(ctx, f));
    solve(&s);
    rewrite(ctx, &s);
    arena_free(&a);
}

bool
opt_sccp(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        sccp_func(ctx, f);
    return true;
}
