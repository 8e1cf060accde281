/*
 * inline.c - inlines direct calls to small functions and to internal
 * functions called once.
 *
 * A call `%r = call T @g(args)` in block B is replaced by a copy of g's
 * body: B is split after the call into a continuation block C (with one
 * parameter for the result), B branches to the copy of g's entry block
 * (whose parameters are the arguments), and each `ret v` in the copy
 * becomes `br C(v)`.  Copied values are unnamed, copied blocks get
 * fresh labels and g's stack slots become new slots of the caller.
 *
 * Not inlined: recursive calls (g is the caller or calls itself),
 * calls inside code that was just inlined, variadic callees,
 * callees with byval parameters (the copy is the caller's job) or with
 * alloca (an inlined alloca in a loop would grow the stack on every
 * iteration).  Budget: callees of at most SMALL instructions, or
 * internal functions with a single call site of at most ONCE
 * instructions, counted as the callee is when copied (after what was
 * inlined into it); a caller stops growing past GROW instructions.  Internal
 * functions left without any reference are marked dead.
 */
#include "optutil.h"

#include <stdio.h>
#include <string.h>

enum { SMALL = 40, ONCE = 2000, GROW = 20000 };

/* The inliner's state over the module, fed function by function
 * (opt.h): opt_inline feeds a whole module, sirc's stream one function
 * at a time as the reader completes them. */
struct OptInliner {
    IrModule *m;
    VEC(uint32_t) ncalls;   /* by symbol: direct call sites */
    VEC(uint32_t) size;     /* by symbol: instructions, 0 = not inlinable */
    VEC(uint8_t) state;     /* by symbol: INL_ADDED, INL_DONE, INL_REF */
    VEC(IrFunc *) copy;     /* by symbol: the body as callers copy it, when
                               the function itself went on (keep) */
    VEC(uint32_t) repl;     /* result of an inlined call -> C's param */
    VEC(uint32_t) vmap;     /* callee value -> caller value */
    VEC(uint32_t) bmap;     /* callee block -> caller block */
    OptSlotNames names;     /* slot names of namesof */
    IrFunc *namesof;
    uint32_t ninlined;
};
typedef OptInliner Inl;

enum { INL_ADDED = 1, INL_DONE = 2, INL_REF = 4 };

static uint32_t
inlinable_size(IrModule *m, IrSym s)
{
    const IrSymData *sd = ir_sym_c(m, s);
    if (sd->kind != IR_SYM_FUNC || sd->dead || !sd->func)
        return 0;
    const IrSigData *sig = ir_sig(m, sd->sig);
    if (sig->variadic)
        return 0;
    for (uint32_t k = 0; k < sig->nparams; k++)
        if (ir_sig_param(m, sd->sig, k)->attrs & IR_ATTR_BYVAL)
            return 0;
    IrFunc *g = sd->func;
    uint32_t n = 0;
    IR_FOR_BLOCKS(g, b) {
        IR_FOR_INSTS(g, b, i) {
            IrInstData *d = ir_inst(g, i);
            if (d->op == IR_OP_ALLOCA ||
                (d->op == IR_OP_CALL && d->imm == s.id))
                return 0;   /* allocas; directly recursive */
            n++;
        }
    }
    return n;
}

static void
fit(Inl *in, IrFunc *f, IrFunc *g)
{
    VEC_RESERVE(in->repl, ir_num_values(f) + 1);
    VEC_RESERVE(in->vmap, ir_num_values(g) + 1);
    VEC_RESERVE(in->bmap, ir_num_blocks(g) + 1);
}

static IrValue
mapv(Inl *in, IrValue v)
{
    return (IrValue){in->vmap.data[v.id]};
}

/* Inlines call i (in block b of f) to g; returns the continuation. */
static IrBlock
inline_call(Inl *in, IrFunc *f, IrBlock b, IrInst call, IrFunc *g)
{
    IrModule *m = in->m;
    fit(in, f, g);
    memset(in->vmap.data, 0, in->vmap.cap * sizeof *in->vmap.data);
    /* Continuation block C after b. */
    IrBlock c = ir_block_create(f, NULL);
    ir_layout_insert_block_after(f, c, b);
    IrInst next;
    for (IrInst i = ir_layout_next_inst(f, call); i.id; i = next) {
        next = ir_layout_next_inst(f, i);
        ir_layout_remove_inst(f, i);
        ir_layout_append_inst(f, i, c);
    }
    IrValue res = ir_inst_result(f, call);
    if (res.id) {
        IrValue p = ir_block_add_param(f, c, ir_value_type(f, res), 0);
        fit(in, f, g);
        in->repl.data[res.id] = p.id;
    }
    /* Slots. */
    uint32_t nslots = ir_num_slots(g);
    uint32_t *smap = xcalloc(nslots + 1, sizeof *smap);
    if (in->namesof != f) {
        opt_slot_names_free(&in->names);
        opt_slot_names_init(&in->names, f);
        in->namesof = f;
    }
    for (uint32_t s = 1; s < nslots; s++) {
        /* names are looked up again each time: interning a new name
         * may move the string table */
        IrSlotData sd = *ir_slot(g, (IrSlot){s});
        smap[s] = ir_slot_create(f, sd.ty, opt_slot_names_fresh(
                      &in->names, m, ir_str(m, ir_sym(m, g->sym)->name),
                      ir_str(m, sd.name))).id;
    }
    /* Blocks and values, then operands (uses may precede defs). */
    IrBlock gentry = ir_layout_entry(g);
    IrValue *cargs = ir_inst_args(f, call);
    IrBlockData *ged = ir_block(g, gentry);
    for (uint32_t k = 0; k < ged->nparams; k++)
        in->vmap.data[ir_block_param(g, gentry, k).id] = cargs[k].id;
    IrBlock after = b;
    IR_FOR_BLOCKS(g, gb) {
        IrBlock nb = ir_block_create(f, NULL);
        ir_layout_insert_block_after(f, nb, after);
        after = nb;
        fit(in, f, g);
        in->bmap.data[gb.id] = nb.id;
        if (gb.id == gentry.id)
            continue;
        uint32_t np = ir_block(g, gb)->nparams;
        for (uint32_t k = 0; k < np; k++) {
            IrValue pv = ir_block_param(g, gb, k);
            in->vmap.data[pv.id] =
                ir_block_add_param(f, nb, ir_value_type(g, pv), 0).id;
        }
    }
    VEC(IrValue) args = {0};
    IR_FOR_BLOCKS(g, gb) {
        IrBlock nb = {in->bmap.data[gb.id]};
        IR_FOR_INSTS(g, gb, gi) {
            IrInstData proto = *ir_inst(g, gi);
            IrValue gr = proto.result;
            if (proto.op == IR_OP_RET) {
                args.len = 0;
                if (proto.nargs)
                    VEC_PUSH(args, ir_inst_arg(g, gi, 0));
                IrInst br = ir_inst_create(f, &(IrInstData){
                    .op = IR_OP_BR, .loc = proto.loc}, NULL, 0, IR_T_VOID);
                const IrValue *ap = args.data;
                uint32_t na = res.id ? args.len : 0;
                ir_inst_set_targets(f, br, &c, &ap, &na, 1);
                ir_layout_append_inst(f, br, nb);
                continue;
            }
            if (proto.op == IR_OP_STACKSLOT && proto.imm < nslots)
                proto.imm = smap[proto.imm];
            args.len = 0;
            for (uint32_t k = 0; k < proto.nargs; k++)
                VEC_PUSH(args, ir_inst_arg(g, gi, k));
            IrInst ni = ir_inst_create(f, &proto, args.data, args.len,
                                       gr.id ? ir_value_type(g, gr)
                                             : IR_T_VOID);
            if (gr.id) {
                fit(in, f, g);
                in->vmap.data[gr.id] = ir_inst_result(f, ni).id;
            }
            if (proto.ntargets) {
                IrBlock tb[2];
                const IrValue *ta[2];
                uint32_t tn[2];
                VEC(IrValue) targ = {0};
                for (uint32_t t = 0; t < proto.ntargets; t++) {
                    IrTarget *tg = ir_target(g, gi, t);
                    tb[t] = (IrBlock){in->bmap.data[tg->block.id]};
                    tn[t] = tg->nargs;
                    for (uint32_t k = 0; k < tg->nargs; k++)
                        VEC_PUSH(targ, g->vpool.data[tg->args + k]);
                }
                /* No arguments at all leave targ.data NULL, and NULL + 0
                 * is undefined. */
                ta[0] = targ.data;
                ta[1] = tn[0] ? targ.data + tn[0] : targ.data;
                ir_inst_set_targets(f, ni, tb, ta, tn, proto.ntargets);
                VEC_FREE(targ);
            }
            ir_layout_append_inst(f, ni, nb);
        }
    }
    /* Map operands and branch arguments of the copy. */
    IrBlock stop = ir_layout_next_block(f, after);
    for (IrBlock nb = ir_layout_next_block(f, b); nb.id != stop.id;
         nb = ir_layout_next_block(f, nb)) {
        IR_FOR_INSTS(f, nb, i) {
            IrInstData *d = ir_inst(f, i);
            for (uint32_t k = 0; k < d->nargs; k++)
                f->vpool.data[d->args + k] = mapv(in, ir_inst_arg(f, i, k));
            for (uint32_t t = 0; t < d->ntargets; t++) {
                IrTarget *tg = ir_target(f, i, t);
                for (uint32_t k = 0; k < tg->nargs; k++)
                    f->vpool.data[tg->args + k] =
                        mapv(in, f->vpool.data[tg->args + k]);
            }
        }
    }
    /* b now jumps into the copy of the entry. */
    IrBuilder bl;
    ir_builder_before(&bl, f, call);
    bl.loc = ir_inst(f, call)->loc;
    ir_build_br(&bl, (IrBlock){in->bmap.data[gentry.id]}, NULL, 0);
    ir_layout_remove_inst(f, call);
    VEC_FREE(args);
    free(smap);
    in->ninlined++;
    return c;
}

/* Returns whether f changed. */
static bool
inline_into(Inl *in, IrFunc *f)
{
    uint32_t size = opt_count_insts(f);
    VEC_RESERVE(in->repl, ir_num_values(f) + 1);
    memset(in->repl.data, 0, in->repl.cap * sizeof *in->repl.data);
    bool any = false;
    for (IrBlock b = ir_layout_entry(f); b.id; b = ir_layout_next_block(f, b)) {
        IrInst next;
        for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
            next = ir_layout_next_inst(f, i);
            IrInstData *d = ir_inst(f, i);
            if (d->op != IR_OP_CALL)
                continue;
            IrSym s = {(uint32_t)d->imm};
            uint32_t gs = in->size.data[s.id];
            if (!gs || s.id == f->sym.id || size + gs > GROW)
                continue;
            const IrSymData *sd = ir_sym_c(in->m, s);
            bool once = sd->internal && in->ncalls.data[s.id] == 1 &&
                        gs <= ONCE;
            if (gs > SMALL && !once)
                continue;
            /* The copy comes from g as it is now (never from f). */
            IrFunc *g = in->copy.data[s.id] ? in->copy.data[s.id] : sd->func;
            IrBlock c = inline_call(in, f, b, i, g);
            in->ncalls.data[s.id]--;
            size += gs;
            any = true;
            /* Go on with the rest of b, now in c; the copy itself is
             * not scanned, so inlining never recurses. */
            b = ir_layout_prev_block(f, c);
            break;
        }
    }
    if (any) {
        VEC_RESERVE(in->repl, ir_num_values(f) + 1);
        opt_repl_apply(f, in->repl.data);
    }
    return any;
}

/* Room for every symbol of the module (which grows as it is read). */
static void
fit_syms(Inl *in)
{
    uint32_t n = ir_num_syms(in->m) + 2;
    VEC_RESERVE(in->ncalls, n);
    VEC_RESERVE(in->size, n);
    VEC_RESERVE(in->state, n);
    VEC_RESERVE(in->copy, n);
}

OptInliner *
opt_inliner_new(IrModule *m)
{
    Inl *in = xcalloc(1, sizeof *in);
    in->m = m;
    fit_syms(in);
    return in;
}

void
opt_inliner_add(OptInliner *in, IrFunc *f)
{
    IrModule *m = in->m;
    fit_syms(in);
    uint32_t ns = ir_num_syms(m);
    in->size.data[f->sym.id] = inlinable_size(m, f->sym);
    in->state.data[f->sym.id] |= INL_ADDED;
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            if (d->op == IR_OP_CALL && d->imm <= ns)
                in->ncalls.data[d->imm]++;
        }
    }
}

/* Whether f's direct callees satisfy 'want' (internal callees, or
 * defined callees after f not yet added). */
static bool
calls_any(Inl *in, IrFunc *f, bool internal)
{
    IrModule *m = in->m;
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            if (d->op != IR_OP_CALL || d->imm > ir_num_syms(m))
                continue;
            const IrSymData *sd = ir_sym_c(m, (IrSym){(uint32_t)d->imm});
            if (internal ? sd->kind == IR_SYM_FUNC && sd->internal
                         : sd->func && d->imm > f->sym.id &&
                           !(in->state.data[d->imm] & INL_ADDED))
                return true;
        }
    }
    return false;
}

OptInlineWait
opt_inliner_wait(OptInliner *in, IrFunc *f)
{
    fit_syms(in);
    if (ir_sym_c(in->m, f->sym)->internal || calls_any(in, f, true))
        return OPT_INLINE_MODULE;
    return calls_any(in, f, false) ? OPT_INLINE_CALLEES : OPT_INLINE_READY;
}

bool
opt_inliner_run(OptInliner *in, IrFunc *f, bool keep)
{
    IrModule *m = in->m;
    fit_syms(in);
    uint32_t s = f->sym.id, ns = ir_num_syms(m);
    /* A caller that grew is copied as it is now: its budget follows (on
     * a chain of calls the stale size let every copy carry the whole
     * chain, growing the module quadratically). */
    bool changed = inline_into(in, f);
    if (changed && in->size.data[s])
        in->size.data[s] = inlinable_size(m, f->sym);
    in->state.data[s] |= INL_DONE;
    /* what drop_unreferenced would find in f */
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            if ((d->op == IR_OP_CALL || d->op == IR_OP_GLOBALADDR) &&
                d->imm <= ns && d->imm != s)
                in->state.data[d->imm] |= INL_REF;
        }
    }
    /* Later callers copy f as it is now, not as the passes after the
     * inliner leave it: a streamed f goes on, so its copy stays. */
    uint32_t gs = in->size.data[s];
    if (keep && gs && (gs <= SMALL || ir_sym_c(m, f->sym)->internal))
        in->copy.data[s] = ir_func_clone(f);
    return changed;
}

/* Marks internal functions that nothing refers to any more dead: the
 * references of the functions were taken as they were inlined into,
 * those of initializers are taken here. */
static uint32_t
drop_unreferenced(Inl *in)
{
    IrModule *m = in->m;
    fit_syms(in);
    uint32_t ns = ir_num_syms(m);
    uint8_t *ref = in->state.data;
    for (uint32_t s = 1; s <= ns; s++) {
        IrSymData *sd = ir_sym(m, (IrSym){s});
        if (sd->dead || sd->kind == IR_SYM_FUNC || !sd->init.id)
            continue;
        /* Initializers: walk the tree with an explicit stack. */
        VEC(IrInit) st = {0};
        VEC_PUSH(st, sd->init);
        while (st.len) {
            IrInit it = st.data[--st.len];
            const IrInitData *d = ir_init_c(m, it);
            if (d->kind == IR_INIT_SYMREF && d->sym.id <= ns)
                ref[d->sym.id] |= INL_REF;
            if (d->kind == IR_INIT_STRUCT || d->kind == IR_INIT_ARRAY)
                for (uint32_t k = 0; k < d->count; k++)
                    VEC_PUSH(st, ir_init_child(m, it, k));
        }
        VEC_FREE(st);
    }
    uint32_t dropped = 0;
    for (uint32_t s = 1; s <= ns; s++) {
        IrSymData *sd = ir_sym(m, (IrSym){s});
        if (sd->kind == IR_SYM_FUNC && sd->internal && sd->func &&
            !sd->dead && !(ref[s] & INL_REF)) {
            sd->dead = true;
            dropped++;
        }
    }
    return dropped;
}

void
opt_inliner_finish(OptInliner *in, OptCtx *ctx)
{
    uint32_t dropped = drop_unreferenced(in);
    opt_count(ctx, "calls inlined", in->ninlined);
    opt_count(ctx, "functions removed", dropped);
}

void
opt_inliner_free(OptInliner *in)
{
    if (!in)
        return;
    for (uint32_t s = 0; s < in->copy.cap; s++)
        ir_func_free(in->copy.data[s]);
    VEC_FREE(in->copy);
    VEC_FREE(in->ncalls);
    VEC_FREE(in->size);
    VEC_FREE(in->state);
    VEC_FREE(in->repl);
    VEC_FREE(in->vmap);
    VEC_FREE(in->bmap);
    opt_slot_names_free(&in->names);
    free(in);
}

bool
opt_inline(OptCtx *ctx, IrModule *m)
{
    Inl *in = opt_inliner_new(m);
    OPT_FOR_FUNCS(m, f)
        opt_inliner_add(in, f);
    OPT_FOR_FUNCS(m, f)
        if (!opt_inliner_run(in, f, false))
            opt_unchanged(ctx, f);
    opt_inliner_finish(in, ctx);
    opt_inliner_free(in);
    return true;
}
