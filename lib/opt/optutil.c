/*
 * optutil.c - helpers shared by the passes (see optutil.h).
 */
#include "optutil.h"

#include <string.h>

void
opt_preds_compute(IrFunc *f, OptPreds *p, Arena *a)
{
    uint32_t nb = ir_num_blocks(f);
    p->nblocks = nb;
    p->start = arena_alloc(a, (nb + 2) * sizeof *p->start);
    uint32_t total = 0;
    IR_FOR_BLOCKS(f, b) {
        IrInst t = ir_layout_terminator(f, b);
        if (!t.id)
            continue;
        IrInstData *d = ir_inst(f, t);
        for (uint32_t k = 0; k < d->ntargets; k++) {
            p->start[ir_target(f, t, k)->block.id + 2]++;
            total++;
        }
    }
    for (uint32_t b = 2; b < nb + 2; b++)
        p->start[b] += p->start[b - 1];
    p->e = arena_alloc(a, (total + 1) * sizeof *p->e);
    IR_FOR_BLOCKS(f, b) {
        IrInst t = ir_layout_terminator(f, b);
        if (!t.id)
            continue;
        IrInstData *d = ir_inst(f, t);
        for (uint32_t k = 0; k < d->ntargets; k++) {
            uint32_t s = ir_target(f, t, k)->block.id;
            p->e[p->start[s + 1]++] = (OptEdge){t, k};
        }
    }
}

IrBlock
opt_def_block(IrFunc *f, IrValue v)
{
    IrValueData *d = ir_value(f, v);
    if (d->kind == IR_VAL_PARAM)
        return (IrBlock){d->def};
    if (d->kind == IR_VAL_INST)
        return ir_layout_inst_block(f, (IrInst){d->def});
    return (IrBlock){0};
}

bool
opt_speculable(IrFunc *f, IrInst i)
{
    IrInstData *d = ir_inst(f, i);
    uint32_t fl = ir_op_info[d->op].flags;
    uint64_t c;
    if (!(fl & IR_OPF_PURE))
        return false;
    if (!(fl & IR_OPF_MAYTRAP))
        return true;
    switch (d->op) {
    case IR_OP_UDIV:
    case IR_OP_UREM:
        return opt_const_bits(f, ir_inst_arg(f, i, 1), &c) && c != 0;
    case IR_OP_SDIV:
    case IR_OP_SREM: {
        unsigned w = ir_type_bits(d->ty);
        uint64_t m = opt_mask(w);
        return opt_const_bits(f, ir_inst_arg(f, i, 1), &c) && c != 0 &&
               (c & m) != m;
    }
    case IR_OP_SHL:
    case IR_OP_LSHR:
    case IR_OP_ASHR:
        return opt_const_bits(f, ir_inst_arg(f, i, 1), &c) &&
               c < ir_type_bits(d->ty);
    default:
        return false;
    }
}

bool
opt_const_bits(IrFunc *f, IrValue v, uint64_t *bits)
{
    IrInst i = opt_def_inst(f, v);
    if (!i.id)
        return false;
    IrInstData *d = ir_inst(f, i);
    switch (d->op) {
    case IR_OP_ICONST:
    case IR_OP_FCONST:
    case IR_OP_BCONST:
        *bits = d->imm;
        return true;
    case IR_OP_NULL:
        if (!ir_type_is_scalar(d->ty))
            return false;
        *bits = 0;
        return true;
    default:
        return false;
    }
}

IrValue
opt_repl_get(uint32_t *repl, IrValue v)
{
    uint32_t r = v.id;
    while (repl[r])
        r = repl[r];
    /* Path compression keeps later lookups O(1). */
    uint32_t x = v.id;
    while (repl[x]) {
        uint32_t n = repl[x];
        repl[x] = r;
        x = n;
    }
    return (IrValue){r};
}

void
opt_repl_apply(IrFunc *f, uint32_t *repl)
{
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            for (uint32_t k = 0; k < d->nargs; k++) {
                IrValue *s = &f->vpool.data[d->args + k];
                *s = opt_repl_get(repl, *s);
            }
            for (uint32_t t = 0; t < d->ntargets; t++) {
                IrTarget *tg = ir_target(f, i, t);
                for (uint32_t k = 0; k < tg->nargs; k++) {
                    IrValue *s = &f->vpool.data[tg->args + k];
                    *s = opt_repl_get(repl, *s);
                }
            }
        }
    }
}

IrBlock
opt_block_before(IrFunc *f, IrBlock b)
{
    IrBlock n = ir_block_create(f, NULL);
    IrBlock prev = ir_layout_prev_block(f, b);
    if (prev.id)
        ir_layout_insert_block_after(f, n, prev);
    else
        ir_layout_append_block(f, n);
    return n;
}

void
opt_clone_inst(IrFunc *f, IrInst i, IrBlock b, uint32_t *map, uint32_t nmap,
               OptValVec *scratch)
{
    IrInstData proto = *ir_inst(f, i);
    scratch->len = 0;
    for (uint32_t k = 0; k < proto.nargs; k++) {
        VEC_PUSH(*scratch, opt_mapped(map, nmap, ir_inst_arg(f, i, k)));
    }
    IrValue r = proto.result;
    IrInst ni = ir_inst_create(f, &proto, scratch->data, scratch->len,
                               r.id ? ir_value_type(f, r) : IR_T_VOID);
    ir_layout_append_inst(f, ni, b);
    if (r.id && r.id < nmap)
        map[r.id] = ir_inst_result(f, ni).id;
}

void
opt_map_forget_block(IrFunc *f, uint32_t *map, uint32_t nmap, IrBlock b)
{
    for (uint32_t k = 0; k < ir_block(f, b)->nparams; k++) {
        IrValue p = ir_block_param(f, b, k);
        if (p.id < nmap)
            map[p.id] = 0;
    }
    IR_FOR_INSTS(f, b, i) {
        IrValue r = ir_inst_result(f, i);
        if (r.id && r.id < nmap)
            map[r.id] = 0;
    }
}

void
opt_target_push_arg(IrFunc *f, IrInst i, uint32_t t, IrValue v)
{
    IrTarget *tg = ir_target(f, i, t);
    uint32_t n = tg->nargs;
    if (tg->args + n == f->vpool.len && n) {
        /* The run is last in the pool: grow it in place. */
        VEC_PUSH(f->vpool, v);
        ir_target(f, i, t)->nargs = n + 1;
        return;
    }
    uint32_t first = f->vpool.len;
    VEC_RESERVE(f->vpool, first + n + 1);
    tg = ir_target(f, i, t);
    memcpy(f->vpool.data + first, f->vpool.data + tg->args,
           n * sizeof(IrValue));
    f->vpool.data[first + n] = v;
    f->vpool.len = first + n + 1;
    tg->args = first;
    tg->nargs = n + 1;
}

void
opt_remove_param(IrFunc *f, const OptPreds *p, IrBlock b, uint32_t k)
{
    for (uint32_t e = p->start[b.id]; e < p->start[b.id + 1]; e++) {
        IrTarget *tg = ir_target(f, p->e[e].inst, p->e[e].tidx);
        if (tg->block.id != b.id || k >= tg->nargs)
            continue;
        IrValue *a = f->vpool.data + tg->args;
        memmove(a + k, a + k + 1, (tg->nargs - k - 1) * sizeof *a);
        tg->nargs--;
    }
    ir_block_remove_param(f, b, k);
}

/*
 * Redundant parameters.  A worklist of parameters; when p is replaced by
 * v, the blocks receiving p as a branch argument may become redundant,
 * so their parameters are queued again.  Uses are kept as linked lists
 * that are concatenated on replacement (the uses of p become uses of
 * v), so every use is visited a bounded number of times per change.
 */
typedef struct {
    IrUses u;
    uint32_t *head, *tail, *next;
} ParamUses;

/* The use lists, built when the first parameter turns out redundant:
 * most calls find none, and computing uses walks the whole function
 * (a tenth of -O2 on one large function, where this runs many times).
 * Nothing has changed before the first removal, so the lists are the
 * same as if built up front. */
static void
param_uses(ParamUses *pu, IrFunc *f, Arena *a)
{
    IrUses *u = &pu->u;
    ir_uses_compute(f, u);
    uint32_t nv = u->nvalues;
    uint32_t nuses = u->start[nv];
    pu->head = arena_alloc(a, nv * sizeof *pu->head);
    pu->tail = arena_alloc(a, nv * sizeof *pu->tail);
    pu->next = arena_alloc(a, (nuses + 1) * sizeof *pu->next);
    /* Use indices are stored +1 so that 0 ends a list. */
    for (uint32_t v = 0; v < nv; v++) {
        uint32_t s = u->start[v], e = u->start[v + 1];
        pu->head[v] = s < e ? s + 1 : 0;
        pu->tail[v] = s < e ? e : 0;
        for (uint32_t k = s; k < e; k++)
            pu->next[k + 1] = k + 1 < e ? k + 2 : 0;
    }
}

uint32_t
opt_remove_redundant_params(IrFunc *f, const OptPreds *pp, Arena *a,
                            const bool *only)
{
    const OptPreds p = *pp;
    ParamUses pu = {0};
    uint32_t nv = ir_num_values(f);
    uint32_t *repl = arena_alloc(a, nv * sizeof *repl);
    bool *inwl = arena_alloc(a, nv * sizeof *inwl);
    uint32_t *wl = arena_alloc(a, (nv + 1) * sizeof *wl);
    uint32_t nwl = 0, removed = 0;
    IrBlock entry = ir_layout_entry(f);
    IR_FOR_BLOCKS(f, b) {
        if (b.id == entry.id)
            continue;
        IrBlockData *bd = ir_block(f, b);
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue pv = ir_block_param(f, b, k);
            if (only && !only[pv.id])
                continue;
            inwl[pv.id] = true;
            wl[nwl++] = pv.id;
        }
    }
    while (nwl) {
        IrValue pv = {wl[--nwl]};
        inwl[pv.id] = false;
        IrValueData *vd = ir_value(f, pv);
        if (vd->kind != IR_VAL_PARAM)
            continue;
        IrBlock b = {vd->def};
        uint32_t k = vd->index;
        IrValue same = {0};
        bool redundant = true;
        for (uint32_t e = p.start[b.id]; e < p.start[b.id + 1]; e++) {
            IrValue av = ir_target_arg(f, p.e[e].inst, p.e[e].tidx, k);
            av = opt_repl_get(repl, av);
            if (av.id == pv.id || av.id == same.id)
                continue;
            if (same.id) {
                redundant = false;
                break;
            }
            same = av;
        }
        if (!redundant || !same.id)
            continue;
        /* An instruction of b itself cannot replace b's parameter
         * (only possible in unreachable code, but must stay valid). */
        if (ir_value(f, same)->kind == IR_VAL_INST &&
            opt_def_block(f, same).id == b.id)
            continue;
        if (!pu.u.start)
            param_uses(&pu, f, a);
        uint32_t *head = pu.head, *tail = pu.tail, *next = pu.next;
        repl[pv.id] = same.id;
        opt_remove_param(f, &p, b, k);
        removed++;
        for (uint32_t x = head[pv.id]; x; x = next[x]) {
            IrInst ui = pu.u.uses[x - 1].inst;
            IrInstData *d = ir_inst(f, ui);
            for (uint32_t t = 0; t < d->ntargets; t++) {
                IrBlock tb = ir_target(f, ui, t)->block;
                if (tb.id == entry.id)
                    continue;
                IrBlockData *bd = ir_block(f, tb);
                for (uint32_t j = 0; j < bd->nparams; j++) {
                    IrValue q = ir_block_param(f, tb, j);
                    if (only && (q.id >= nv || !only[q.id]))
                        continue;
                    if (!inwl[q.id]) {
                        inwl[q.id] = true;
                        wl[nwl++] = q.id;
                    }
                }
            }
        }
        if (head[pv.id]) {
            if (tail[same.id])
                next[tail[same.id]] = head[pv.id];
            else
                head[same.id] = head[pv.id];
            tail[same.id] = tail[pv.id];
            head[pv.id] = tail[pv.id] = 0;
        }
    }
    if (removed)
        opt_repl_apply(f, repl);
    if (pu.u.start)
        ir_uses_free(&pu.u);
    return removed;
}

IrValue
opt_build_const(IrFunc *f, IrType t, uint64_t bits, IrBlock b,
                IrInst before)
{
    IrBuilder bl;
    if (before.id)
        ir_builder_before(&bl, f, before);
    else
        ir_builder_at_end(&bl, f, b);
    if (t.id == IR_TY_BOOL)
        return ir_build_bconst(&bl, bits & 1);
    if (ir_type_is_float(t))
        return ir_build_fconst(&bl, t, bits);
    if (t.id == IR_TY_PTR || !ir_type_is_scalar(t))
        return ir_build_null(&bl, t);
    return ir_build_iconst(&bl, t, bits);
}

void
opt_make_const(IrFunc *f, IrInst i, uint64_t bits)
{
    IrInstData *d = ir_inst(f, i);
    IrType t = ir_value_type(f, d->result);
    d->ty = t;
    d->ty2 = IR_T_VOID;
    d->nargs = 0;
    d->ntargets = 0;
    d->flags = 0;
    d->pred = 0;
    unsigned w = ir_type_bits(t);
    if (t.id == IR_TY_BOOL) {
        d->op = IR_OP_BCONST;
        d->imm = bits & 1;
    } else if (ir_type_is_float(t)) {
        d->op = IR_OP_FCONST;
        d->imm = w < 64 ? bits & ((UINT64_C(1) << w) - 1) : bits;
    } else if (t.id == IR_TY_PTR || !ir_type_is_scalar(t)) {
        d->op = IR_OP_NULL;
        d->imm = 0;
    } else {
        d->op = IR_OP_ICONST;
        d->imm = w < 64 ? bits & ((UINT64_C(1) << w) - 1) : bits;
    }
}

uint32_t
opt_count_insts(IrFunc *f)
{
    uint32_t n = 0;
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i)
            n++;
    }
    return n;
}

/*
 * Dead parameters, mark-sweep: a candidate parameter is live when it is
 * used by an instruction operand, or passed to a parameter that is not
 * a candidate, or passed to a live parameter.
 */
uint32_t
opt_remove_dead_params(IrFunc *f, const OptPreds *pp, Arena *a,
                       const bool *only)
{
    uint32_t nv = ir_num_values(f);
    IrBlock entry = ir_layout_entry(f);
    bool *cand = arena_alloc(a, nv * sizeof *cand);
    bool *live = arena_alloc(a, nv * sizeof *live);
    uint32_t *wl = arena_alloc(a, (nv + 1) * sizeof *wl);
    uint32_t nwl = 0, ncand = 0;
    IR_FOR_BLOCKS(f, b) {
        if (b.id == entry.id)
            continue;
        IrBlockData *bd = ir_block(f, b);
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue pv = ir_block_param(f, b, k);
            if (!only || only[pv.id]) {
                cand[pv.id] = true;
                ncand++;
            }
        }
    }
    if (!ncand)
        return 0;
#define MARK(v) do { uint32_t v_ = (v); \
        if (cand[v_] && !live[v_]) { live[v_] = true; wl[nwl++] = v_; } \
    } while (0)
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            for (uint32_t k = 0; k < d->nargs; k++)
                MARK(ir_inst_arg(f, i, k).id);
            for (uint32_t t = 0; t < d->ntargets; t++) {
                IrTarget *tg = ir_target(f, i, t);
                for (uint32_t k = 0; k < tg->nargs; k++) {
                    IrValue q = ir_block_param(f, tg->block, k);
                    if (!cand[q.id])
                        MARK(f->vpool.data[tg->args + k].id);
                }
            }
        }
    }
    const OptPreds p = *pp;
    while (nwl) {
        IrValueData *vd = ir_value(f, (IrValue){wl[--nwl]});
        IrBlock b = {vd->def};
        uint32_t k = vd->index;
        for (uint32_t e = p.start[b.id]; e < p.start[b.id + 1]; e++)
            MARK(ir_target_arg(f, p.e[e].inst, p.e[e].tidx, k).id);
    }
#undef MARK
    uint32_t removed = 0;
    IR_FOR_BLOCKS(f, b) {
        if (b.id == entry.id)
            continue;
        for (uint32_t k = ir_block(f, b)->nparams; k-- > 0;) {
            IrValue pv = ir_block_param(f, b, k);
            if (cand[pv.id] && !live[pv.id]) {
                opt_remove_param(f, &p, b, k);
                removed++;
            }
        }
    }
    return removed;
}

uint32_t
opt_remove_unreachable_blocks(IrFunc *f, Arena *a)
{
    uint32_t nb = ir_num_blocks(f);
    bool *seen = arena_alloc(a, nb * sizeof *seen);
    uint32_t *stk = arena_alloc(a, (nb + 1) * sizeof *stk);
    uint32_t n = 0, removed = 0;
    IrBlock entry = ir_layout_entry(f);
    if (!entry.id)
        return 0;
    seen[entry.id] = true;
    stk[n++] = entry.id;
    while (n) {
        IrInst t = ir_layout_terminator(f, (IrBlock){stk[--n]});
        if (!t.id)
            continue;
        for (uint32_t k = 0; k < ir_inst(f, t)->ntargets; k++) {
            IrBlock sb = ir_target(f, t, k)->block;
            if (!seen[sb.id]) {
                seen[sb.id] = true;
                stk[n++] = sb.id;
            }
        }
    }
    IrBlock next;
    for (IrBlock b = entry; b.id; b = next) {
        next = ir_layout_next_block(f, b);
        if (!seen[b.id]) {
            ir_layout_remove_block(f, b);
            removed++;
        }
    }
    return removed;
}

IrPred
opt_pred_swap(IrPred p)
{
    switch (p) {
    case IR_PRED_UGT: return IR_PRED_ULT;
    case IR_PRED_ULT: return IR_PRED_UGT;
    case IR_PRED_UGE: return IR_PRED_ULE;
    case IR_PRED_ULE: return IR_PRED_UGE;
    case IR_PRED_SGT: return IR_PRED_SLT;
    case IR_PRED_SLT: return IR_PRED_SGT;
    case IR_PRED_SGE: return IR_PRED_SLE;
    case IR_PRED_SLE: return IR_PRED_SGE;
    default: return p;
    }
}

IrPred
opt_pred_invert_icmp(IrPred p)
{
    switch (p) {
    case IR_PRED_EQ: return IR_PRED_NE;
    case IR_PRED_NE: return IR_PRED_EQ;
    case IR_PRED_UGT: return IR_PRED_ULE;
    case IR_PRED_ULE: return IR_PRED_UGT;
    case IR_PRED_UGE: return IR_PRED_ULT;
    case IR_PRED_ULT: return IR_PRED_UGE;
    case IR_PRED_SGT: return IR_PRED_SLE;
    case IR_PRED_SLE: return IR_PRED_SGT;
    case IR_PRED_SGE: return IR_PRED_SLT;
    case IR_PRED_SLT: return IR_PRED_SGE;
    default: return p;
    }
}

/* Drops the stack slots from 'first' on that no `stackslot`
 * instruction refers to, renumbering the rest (the printer lists every
 * slot of the DFG). */
uint32_t
opt_compact_slots(IrFunc *f, Arena *a, uint32_t first)
{
    uint32_t ns = ir_num_slots(f);
    if (ns <= 1)
        return 0;
    uint32_t *newid = arena_alloc(a, ns * sizeof *newid);
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            if (d->op == IR_OP_STACKSLOT && d->imm < ns)
                newid[d->imm] = 1;
        }
    }
    uint32_t n = 1, removed = 0;
    for (uint32_t k = 1; k < ns; k++) {
        if (!newid[k] && k >= first) {
            removed++;
            continue;
        }
        f->slots.data[n] = f->slots.data[k];
        newid[k] = n++;
    }
    if (!removed)
        return 0;
    f->slots.len = n;
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            if (d->op == IR_OP_STACKSLOT && d->imm < ns)
                d->imm = newid[d->imm];
        }
    }
    return removed;
}

/* The set is open addressing on string ids (0 is never a name) and
 * grows at half load, so naming n slots costs O(n) in all. */
static bool
names_add(OptSlotNames *ns, uint32_t id)
{
    if (2 * (ns->n + 1) > ns->cap) {
        uint32_t *old = ns->ids, oldcap = ns->cap;
        ns->cap = oldcap ? 2 * oldcap : 64;
        ns->ids = xcalloc(ns->cap, sizeof *ns->ids);
        ns->n = 0;
        for (uint32_t k = 0; k < oldcap; k++)
            if (old[k])
                names_add(ns, old[k]);
        free(old);
    }
    uint32_t mask = ns->cap - 1, k = (id * 2654435761u) & mask;
    while (ns->ids[k] && ns->ids[k] != id)
        k = (k + 1) & mask;
    if (ns->ids[k])
        return false;
    ns->ids[k] = id;
    ns->n++;
    return true;
}

void
opt_slot_names_init(OptSlotNames *ns, IrFunc *f)
{
    *ns = (OptSlotNames){0};
    for (uint32_t s = 1; s < ir_num_slots(f); s++)
        if (ir_slot(f, (IrSlot){s})->name)
            names_add(ns, ir_slot(f, (IrSlot){s})->name);
}

uint32_t
opt_slot_names_fresh(OptSlotNames *ns, IrModule *m, const char *a,
                     const char *b)
{
    /* a and b may point into m's string table, which ir_intern may
     * move: copy them first */
    char base[256], buf[272];
    int nb = snprintf(base, sizeof base, "%s.%s", a, b);
    bool fits = nb >= 0 && (size_t)nb < sizeof base;
    for (uint32_t k = 0;; k++) {
        int n = k ? snprintf(buf, sizeof buf, "%s.%u", base, k)
                  : snprintf(buf, sizeof buf, "%s", base);
        if (!fits || n < 0 || (size_t)n >= sizeof buf)
            n = snprintf(buf, sizeof buf, "slot.%u", k);
        uint32_t id = ir_intern(m, buf, (size_t)n);
        if (names_add(ns, id))
            return id;
    }
}

void
opt_slot_names_free(OptSlotNames *ns)
{
    free(ns->ids);
    *ns = (OptSlotNames){0};
}
