/*
 * tailrec.c - tail recursion elimination: a function's calls to itself
 * in tail position become jumps back to its start, as LLVM's
 * tailcallelim does.
 *
 * A tail site is a block ending in
 *
 *     %r = call T @self(args)          %r = call T @self(args)
 *     ret T %r                         %s = OP T %x, %r      (or %r, %x)
 *                                      ret T %s
 *
 * (or `call void` then `ret void`) where %r and %s have no other use,
 * or the same with `br X(%r)` (`br X(%s)`) for the ret, where X holds
 * only `ret T` of that parameter: the shared return block of a front
 * end.
 * The right form is accumulator recursion: OP is an integer iadd, imul,
 * and, or or xor, which are associative and commutative modulo 2^N, so
 * OP can be applied before the recursive call instead of after it:
 * f(n) = x(n) OP f(n') is computed as acc := acc OP x(n); n := n'.
 *
 * The rewrite: a new entry block takes the function's parameters and
 * jumps to the old entry, which keeps its parameters (they now carry the
 * loop's values) and, with an accumulator, gets one more, started at
 * OP's identity.  Each tail site branches to the old entry with the
 * call's arguments (and acc OP x); with an accumulator every other
 * `ret v` returns acc OP v.  All accumulator sites must use the same OP;
 * with several, the sites of other OPs stay calls.
 *
 * Not done (the reuse of the frame would change the meaning):
 *   - functions with a stackslot or an alloca: a callee could be
 *     handed the address of the caller's object, and after the rewrite
 *     both would be one object;
 *   - byval parameters: the call copies its argument, a jump would not;
 *   - variadic functions.
 * Linear: one scan for the sites, then the rewrite.
 */
#include "optutil.h"

typedef struct {
    IrInst call;
    IrInst op;          /* accumulator OP, or 0 */
    IrInst ret;         /* the ret or the br to a return block */
    uint32_t acc_arg;   /* which operand of op is x */
} Site;

static bool
is_acc_op(IrOpcode op)
{
    return op == IR_OP_IADD || op == IR_OP_IMUL || op == IR_OP_AND ||
           op == IR_OP_OR || op == IR_OP_XOR;
}

static uint64_t
identity(IrOpcode op, unsigned bits)
{
    switch (op) {
    case IR_OP_IMUL: return 1;
    case IR_OP_AND: return opt_mask(bits);
    default: return 0;
    }
}

static bool
self_call(IrFunc *f, IrInst i)
{
    return i.id && ir_inst_op(f, i) == IR_OP_CALL &&
           ir_inst(f, i)->imm == f->sym.id;
}

/* True when the frame may be reused (see the list above). */
static bool
eligible(IrFunc *f)
{
    const IrSigData *sd = ir_func_sig(f);
    if (sd->variadic)
        return false;
    IrSig sig = ir_sym_c(f->mod, f->sym)->sig;
    for (uint32_t k = 0; k < sd->nparams; k++)
        if (ir_sig_param(f->mod, sig, k)->attrs & IR_ATTR_BYVAL)
            return false;
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrOpcode op = ir_inst_op(f, i);
            if (op == IR_OP_STACKSLOT || op == IR_OP_ALLOCA)
                return false;
        }
    }
    return true;
}

/* What a block ending in t returns, when t is a ret or a br to a block
 * that only returns (the shared return block a front end makes): the
 * returned value (0 for void) through *rv. */
static bool
returns(IrFunc *f, IrInst t, IrValue *rv)
{
    IrInstData *d = ir_inst(f, t);
    if (d->op == IR_OP_RET) {
        *rv = d->nargs ? ir_inst_arg(f, t, 0) : (IrValue){0};
        return true;
    }
    if (d->op != IR_OP_BR)
        return false;
    IrBlock x = ir_target(f, t, 0)->block;
    IrInst r = ir_layout_first_inst(f, x);
    if (!r.id || ir_inst_op(f, r) != IR_OP_RET)
        return false;
    if (!ir_inst(f, r)->nargs) {
        *rv = (IrValue){0};
        return true;
    }
    IrValue v = ir_inst_arg(f, r, 0);
    for (uint32_t k = 0; k < ir_block(f, x)->nparams; k++)
        if (ir_block_param(f, x, k).id == v.id) {
            *rv = ir_target_arg(f, t, 0, k);
            return true;
        }
    return false;
}

/* The tail site ending in t (a ret, or a br to a return block), if
 * any. */
static bool
match_site(IrFunc *f, const IrUses *u, IrInst t, Site *s)
{
    IrValue rv;
    if (!returns(f, t, &rv))
        return false;
    IrInst prev = ir_layout_prev_inst(f, t);
    *s = (Site){.ret = t};
    if (self_call(f, prev)) {
        IrValue r = ir_inst_result(f, prev);
        if (rv.id != r.id || (r.id && ir_uses_count(u, r) != 1))
            return false;
        s->call = prev;
        return true;
    }
    IrInst call = prev.id ? ir_layout_prev_inst(f, prev) : (IrInst){0};
    if (!rv.id || !self_call(f, call) || !is_acc_op(ir_inst_op(f, prev)) ||
        !ir_type_is_int(ir_inst(f, prev)->ty))
        return false;
    IrValue r = ir_inst_result(f, call), o = ir_inst_result(f, prev);
    if (rv.id != o.id || ir_uses_count(u, r) != 1 ||
        ir_uses_count(u, o) != 1)
        return false;
    IrValue a0 = ir_inst_arg(f, prev, 0), a1 = ir_inst_arg(f, prev, 1);
    if (a0.id == r.id && a1.id != r.id)
        s->acc_arg = 1;
    else if (a1.id == r.id && a0.id != r.id)
        s->acc_arg = 0;
    else
        return false;
    s->call = call;
    s->op = prev;
    return true;
}

static IrValue
combine(IrFunc *f, IrOpcode op, IrType t, IrValue acc, IrValue v,
        IrInst before)
{
    IrBuilder b;
    ir_builder_before(&b, f, before);
    b.loc = ir_inst(f, before)->loc;
    return ir_build_binary(&b, op, t, acc, v);
}

static uint32_t
tailrec_func(IrFunc *f)
{
    if (!ir_layout_entry(f).id || !eligible(f))
        return 0;
    IrUses u;
    ir_uses_compute(f, &u);
    VEC(Site) sites = {0};
    VEC(IrInst) rets = {0};
    IrOpcode accop = IR_NUM_OPS;
    IR_FOR_BLOCKS(f, b) {
        IrInst t = ir_layout_terminator(f, b);
        if (!t.id)
            continue;
        bool ret = ir_inst_op(f, t) == IR_OP_RET;
        Site s;
        if (!match_site(f, &u, t, &s)) {
            if (ret)
                VEC_PUSH(rets, t);
            continue;
        }
        if (s.op.id) {
            IrOpcode op = ir_inst_op(f, s.op);
            if (accop == IR_NUM_OPS)
                accop = op;
            else if (op != accop) {
                if (ret)
                    VEC_PUSH(rets, t);
                continue;
            }
        }
        VEC_PUSH(sites, s);
    }
    ir_uses_free(&u);
    uint32_t n = sites.len;
    if (!n) {
        VEC_FREE(sites);
        VEC_FREE(rets);
        return 0;
    }
    /* The new entry, laid out first; the old one becomes the header. */
    IrBlock h = ir_layout_entry(f);
    IrBlock e = ir_block_create(f, NULL);
    ir_layout_insert_block_after(f, e, h);
    ir_layout_remove_block(f, h);
    ir_layout_insert_block_after(f, h, e);
    uint32_t np = ir_block(f, h)->nparams;
    IrValue *args = xmalloc((np + 1) * sizeof *args);
    for (uint32_t k = 0; k < np; k++)
        args[k] = ir_block_add_param(
            f, e, ir_value_type(f, ir_block_param(f, h, k)), 0);
    IrType rt = ir_func_sig(f)->ret;
    IrValue acc = {0};
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    b.loc = f->loc;
    if (accop != IR_NUM_OPS) {
        acc = ir_block_add_param(f, h, rt, 0);
        args[np] = ir_build_iconst(&b, rt, identity(accop,
                                                    ir_type_bits(rt)));
    }
    ir_build_br(&b, h, args, np + (acc.id != 0));
    /* Tail sites jump back with the call's arguments. */
    for (uint32_t k = 0; k < sites.len; k++) {
        Site *s = &sites.data[k];
        IrBlock sb = ir_layout_inst_block(f, s->ret);
        uint32_t nargs = ir_inst(f, s->call)->nargs;
        IrValue *ca = xmalloc((nargs + 1) * sizeof *ca);
        for (uint32_t j = 0; j < nargs; j++)
            ca[j] = ir_inst_arg(f, s->call, j);
        if (acc.id)
            ca[nargs] = s->op.id ? combine(f, accop, rt, acc,
                                           ir_inst_arg(f, s->op, s->acc_arg),
                                           s->call)
                                 : acc;
        IrLoc loc = ir_inst(f, s->ret)->loc;
        ir_layout_remove_inst(f, s->ret);
        if (s->op.id)
            ir_layout_remove_inst(f, s->op);
        ir_layout_remove_inst(f, s->call);
        ir_builder_at_end(&b, f, sb);
        b.loc = loc;
        ir_build_br(&b, h, ca, nargs + (acc.id != 0));
        free(ca);
    }
    /* Other returns fold in what the recursion accumulated. */
    for (uint32_t k = 0; acc.id && k < rets.len; k++) {
        IrInst r = rets.data[k];
        IrValue v = combine(f, accop, rt, acc, ir_inst_arg(f, r, 0), r);
        ir_inst_set_args(f, r, &v, 1);
    }
    free(args);
    VEC_FREE(sites);
    VEC_FREE(rets);
    return n;
}

bool
opt_tailrec(OptCtx *ctx, IrModule *m)
{
    uint64_t n = 0;
    OPT_FOR_FUNCS(m, f) {
        uint32_t k = tailrec_func(f);
        if (!k)
            opt_unchanged(ctx, f);
        n += k;
    }
    opt_count(ctx, "tail calls turned into jumps", n);
    return true;
}
