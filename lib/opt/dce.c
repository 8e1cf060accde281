/*
 * dce.c - dead code elimination, mark and sweep (aggressive).
 *
 * Everything starts dead except instructions with an effect: stores,
 * calls, volatile loads and terminators.  Marking an instruction live
 * marks the definitions of its operands; marking a block parameter live
 * marks the arguments every incoming edge passes for it (branch
 * arguments are not live by themselves).  Then every unmarked pure
 * instruction, non-volatile load and alloca is deleted, and every
 * unmarked parameter of a non-entry block is removed together with the
 * arguments feeding it.  So cycles of parameters that only feed each
 * other (a loop counter nobody reads) disappear too.
 *
 * Deleting a load or a trapping operation (sdiv by zero) only removes
 * undefined behaviour, which is allowed.  Linear in the function size.
 */
#include "optutil.h"

static bool
removable(IrFunc *f, IrInst i)
{
    IrInstData *d = ir_inst(f, i);
    if (ir_op_info[d->op].flags & IR_OPF_PURE)
        return true;
    if (d->op == IR_OP_LOAD)
        return !(d->flags & IR_INSTF_VOLATILE);
    return d->op == IR_OP_ALLOCA;
}

typedef struct {
    IrFunc *f;
    bool *live;         /* by value id; results and parameters */
    uint32_t *wl;
    uint32_t nwl;
} Mark;

static void
mark_value(Mark *mk, IrValue v)
{
    if (!v.id || mk->live[v.id])
        return;
    mk->live[v.id] = true;
    mk->wl[mk->nwl++] = v.id;
}

static void
mark_operands(Mark *mk, IrInst i)
{
    IrInstData *d = ir_inst(mk->f, i);
    for (uint32_t k = 0; k < d->nargs; k++)
        mark_value(mk, ir_inst_arg(mk->f, i, k));
}

static void
dce_func(OptCtx *ctx, IrFunc *f)
{
    Arena a = {0};
    uint32_t nv = ir_num_values(f);
    Mark mk = {f, arena_alloc(&a, nv * sizeof(bool)),
               arena_alloc(&a, (nv + 1) * sizeof(uint32_t)), 0};
    const OptPreds p = *opt_am_preds(opt_am(ctx, f));
    IrBlock entry = ir_layout_entry(f);
    if (entry.id) {
        IrBlockData *bd = ir_block(f, entry);
        for (uint32_t k = 0; k < bd->nparams; k++)
            mk.live[ir_block_param(f, entry, k).id] = true;
    }
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            if (removable(f, i))
                continue;
            IrValue r = ir_inst_result(f, i);
            if (r.id)
                mk.live[r.id] = true;
            mark_operands(&mk, i);
        }
    }
    while (mk.nwl) {
        IrValue v = {mk.wl[--mk.nwl]};
        IrValueData *vd = ir_value(f, v);
        if (vd->kind == IR_VAL_INST) {
            mark_operands(&mk, (IrInst){vd->def});
        } else if (vd->kind == IR_VAL_PARAM) {
            IrBlock b = {vd->def};
            for (uint32_t e = p.start[b.id]; e < p.start[b.id + 1]; e++) {
                IrTarget *tg = ir_target(f, p.e[e].inst, p.e[e].tidx);
                if (vd->index < tg->nargs)
                    mark_value(&mk, f->vpool.data[tg->args + vd->index]);
            }
        }
    }
    uint32_t ninsts = 0, nparams = 0;
    IR_FOR_BLOCKS(f, b) {
        IrInst next;
        for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
            next = ir_layout_next_inst(f, i);
            IrValue r = ir_inst_result(f, i);
            if (removable(f, i) && !(r.id && mk.live[r.id])) {
                ir_layout_remove_inst(f, i);
                ninsts++;
            }
        }
    }
    IR_FOR_BLOCKS(f, b) {
        if (b.id == entry.id)
            continue;
        for (uint32_t k = ir_block(f, b)->nparams; k-- > 0;) {
            if (!mk.live[ir_block_param(f, b, k).id]) {
                opt_remove_param(f, &p, b, k);
                nparams++;
            }
        }
    }
    if (!ninsts && !nparams)
        opt_unchanged(ctx, f);
    opt_count(ctx, "instructions removed", ninsts);
    opt_count(ctx, "block parameters removed", nparams);
    arena_free(&a);
}

bool
opt_dce(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        dce_func(ctx, f);
    return true;
}
