/*
 * unroll.c - unrolls small counted loops four times.  A reduction gets
 * one accumulator per copy of the body (the interleaving of LLVM's loop
 * vectorizer at vector width 1); other values are carried from copy to
 * copy.  Fills and copies then issue their stores together (sieve's
 * fill loop runs 7% faster), and a chain like r = 2r + (v & 1) runs
 * without a compare and branch per step (bits 9% faster).
 *
 * The loop: a header H whose only instruction besides constants is
 * `c = icmp slt|ult i, n` (either operand order) on which it branches
 * to the body B or out of the loop, B ending in `br H(..)` with i's
 * argument `iadd i, C` (C a positive constant) and n loop-invariant.
 * A reduction is a parameter r of H used in the loop only by one
 * `R = op r, v` in B (op: iadd imul and or xor, all associative and
 * commutative on integers) whose result is used only as r's argument.
 * Other parameters are carried from copy to copy.  With U copies:
 *
 *   PH:  lim = n - (U-1)*C, or MIN (0 unsigned) when that wraps
 *        br H2(args.., identity x (U-1) per reduction)
 *   H2(params.., r_1 .. r_{U-1}..):  condbr i < lim, B2, E2
 *   B2:  B for i, r;  B for i+C, r_1;  ...;  br H2(next..)
 *   E2:  r' = r op r_1 op ... ;  br H(i, r', ..)
 *   H, B: the original loop finishes the last iterations
 *
 * i < lim means i + j*C < n without wrapping for every copy j, so all
 * U iterations run in the original too; the original loop checks
 * again whatever is left, so nothing depends on the loop being
 * monotone.  The U accumulators are independent dependency chains,
 * combined once at the end (integer operations reassociate exactly).
 *
 * Loops of two blocks only, innermost, with a preheader, no calls, and
 * bodies of at most SMALL instructions, U = MAXU: only there is the
 * accumulator's chain (one operation per iteration) what limits the
 * loop; a longer body runs at its own throughput and a copy only adds
 * register pressure (measured: the matmul kernel's inner loop of 10
 * instructions got slower unrolled twice).  Linear: each loop is looked
 * at once and copied MAXU times.
 */
#include "optutil.h"

enum { SMALL = 8, MAXU = 4 };

typedef struct {
    IrFunc *f;
    OptCountedWalk *w;  /* map: original value id -> copy (one lane) */
    uint32_t nunrolled;
} Unroll;

/* The loop being unrolled (counted.c) and its reductions. */
typedef struct {
    OptCounted c;
    uint8_t *red;       /* by parameter index: reduction opcode or 0 */
    IrInst *redinst;    /* by parameter index: R */
    uint32_t nred, nbody;
} Shape;

/* The identity of a reduction operation at type t. */
static uint64_t
identity(uint8_t op)
{
    switch (op) {
    case IR_OP_IMUL: return 1;
    case IR_OP_AND: return ~UINT64_C(0);
    default: return 0;
    }
}

/* Checks the body and classifies the header's parameters. */
static bool
body_ok(Unroll *u, Shape *s, const IrUses *us)
{
    IrFunc *f = u->f;
    s->nbody = 0;
    IR_FOR_INSTS(f, s->c.b, i) {
        if (i.id == s->c.bbr.id)
            continue;
        IrInstData *d = ir_inst(f, i);
        if (ir_op_info[d->op].flags & (IR_OPF_CALL | IR_OPF_ALLOC))
            return false;
        if (!opt_is_const_inst(f, i) && ++s->nbody > SMALL)
            return false;
    }
    IrTarget *bt = ir_target(f, s->c.bbr, 0);
    /* i's step */
    IrValue iv = ir_block_param(f, s->c.h, s->c.iv);
    unsigned w = ir_type_bits(ir_value_type(f, iv));
    uint64_t c = s->c.step;
    /* (MAXU - 1) * C < 2^(w-1): the limit's MIN + that cannot wrap */
    if (c > (UINT64_C(1) << 20) ||
        c * (MAXU - 1) >= (UINT64_C(1) << (w - 1)))
        return false;
    /* reductions */
    s->nred = 0;
    for (uint32_t k = 0; k < s->c.np; k++) {
        s->red[k] = 0;
        if (k == s->c.iv)
            continue;
        IrValue p = ir_block_param(f, s->c.h, k);
        IrValue arg = f->vpool.data[bt->args + k];
        IrInst r = opt_def_inst(f, arg);
        if (!r.id || ir_layout_inst_block(f, r).id != s->c.b.id ||
            ir_uses_count(us, arg) != 1)
            continue;
        uint8_t op = ir_inst_op(f, r);
        if (op != IR_OP_IADD && op != IR_OP_IMUL && op != IR_OP_AND &&
            op != IR_OP_OR && op != IR_OP_XOR)
            continue;
        IrValue ra = ir_inst_arg(f, r, 0), rb = ir_inst_arg(f, r, 1);
        if ((ra.id == p.id) == (rb.id == p.id))
            continue;
        /* p's only use in the loop is R */
        bool only = true;
        for (uint32_t q = us->start[p.id]; q < us->start[p.id + 1]; q++) {
            IrInst ui = us->uses[q].inst;
            IrBlock ub = ir_layout_inst_block(f, ui);
            if (ui.id != r.id && ub.id && u->w->inloop[ub.id] == u->w->stamp)
                only = false;
        }
        if (!only)
            continue;
        s->red[k] = op;
        s->redinst[k] = r;
        s->nred++;
    }
    /* Other loops are unrolled too: a fill or a copy's stores issue
     * together, and a value carried from copy to copy (bit packing,
     * r = 2r + (v & 1)) runs at its own chain's speed rather than with
     * a compare and a branch per step (bits 9% faster). */
    return true;
}

/* The copy of v in the lane being built. */
static IrValue
mapped(Unroll *u, IrValue v)
{
    return opt_mapped(u->w->map, u->w->nmap, v);
}

static void
copy_inst(Unroll *u, IrInst i, IrBlock b, OptValVec *args)
{
    opt_clone_inst(u->f, i, b, u->w->map, u->w->nmap, args);
}

static void
unroll_loop(Unroll *u, Shape *s, uint32_t nu)
{
    IrFunc *f = u->f;
    IrBlock h = s->c.h, b = s->c.b;
    uint32_t np = s->c.np, nred = s->nred;
    IrType it = ir_value_type(f, ir_block_param(f, h, s->c.iv));
    IrLoc loc = ir_inst(f, s->c.hbr)->loc;
    OptValVec args = {0};
    /* the limit, in the preheader */
    IrBuilder bd;
    ir_builder_before(&bd, f, s->c.pre);
    bd.loc = loc;
    unsigned w = ir_type_bits(it);
    uint64_t mask = opt_mask(w);
    uint64_t d = s->c.step * (nu - 1);
    uint64_t lo = s->c.sgn ? (UINT64_C(1) << (w - 1)) : 0;
    IrValue dv = ir_build_iconst(&bd, it, d & mask);
    IrValue sub = ir_build_binary(&bd, IR_OP_ISUB, it, s->c.n, dv);
    IrValue thr = ir_build_iconst(&bd, it, (lo + d) & mask);
    IrValue wraps = ir_build_icmp(&bd, s->c.sgn ? IR_PRED_SLT : IR_PRED_ULT,
                                  it, s->c.n, thr);
    IrValue lov = ir_build_iconst(&bd, it, lo);
    IrValue lim = ir_build_sel(&bd, it, wraps, lov, sub);
    /* H2 (parameters: h's, then the extra accumulators), B2, E2 */
    IrBlock h2 = opt_block_before(f, h);
    IrBlock b2 = ir_block_create(f, NULL);
    IrBlock e2 = ir_block_create(f, NULL);
    ir_layout_insert_block_after(f, b2, h2);
    ir_layout_insert_block_after(f, e2, b2);
    for (uint32_t k = 0; k < np; k++)
        ir_block_add_param(f, h2, ir_value_type(f, ir_block_param(f, h, k)),
                           0);
    /* acc[k * (nu - 1) + (lane - 1)]: lane's accumulator of reduction k */
    IrValue *acc = xcalloc((size_t)np * nu + 1, sizeof *acc);
    for (uint32_t k = 0; k < np; k++)
        if (s->red[k])
            for (uint32_t l = 1; l < nu; l++)
                acc[k * nu + l] = ir_block_add_param(
                    f, h2, ir_value_type(f, ir_block_param(f, h, k)), 0);
    for (uint32_t k = 0; k < np; k++)
        acc[k * nu] = ir_block_param(f, h2, k);
    /* the preheader enters H2: h's arguments and the identities */
    IrTarget *pt = ir_target(f, s->c.pre, 0);
    args.len = 0;
    for (uint32_t k = 0; k < pt->nargs; k++)
        VEC_PUSH(args, f->vpool.data[pt->args + k]);
    for (uint32_t k = 0; k < np; k++)
        if (s->red[k])
            for (uint32_t l = 1; l < nu; l++) {
                IrType t = ir_value_type(f, ir_block_param(f, h, k));
                uint64_t id = identity(s->red[k]);
                VEC_PUSH(args, t.id == IR_TY_BOOL
                                   ? ir_build_bconst(&bd, id & 1)
                                   : ir_build_iconst(&bd, t, id));
            }
    ir_target_set_args(f, s->c.pre, 0, args.data, args.len);
    ir_target(f, s->c.pre, 0)->block = h2;
    /* H2: condbr i < lim, B2, E2 */
    ir_builder_at_end(&bd, f, h2);
    bd.loc = loc;
    IrValue go = ir_build_icmp(&bd, s->c.sgn ? IR_PRED_SLT : IR_PRED_ULT, it,
                               ir_block_param(f, h2, s->c.iv), lim);
    ir_build_condbr(&bd, go, b2, NULL, 0, e2, NULL, 0);
    /* B2: the lanes.  cur[k]: parameter k's value entering the lane */
    IrValue *cur = xcalloc(np + 1, sizeof *cur);
    IrValue *out0 = xcalloc(np + 1, sizeof *out0);
    for (uint32_t k = 0; k < np; k++)
        cur[k] = ir_block_param(f, h2, k);
    IrTarget *bt = ir_target(f, s->c.bbr, 0);
    uint32_t btargs = bt->args;
    for (uint32_t l = 0; l < nu; l++) {
        for (uint32_t k = 0; k < np; k++) {
            IrValue p = ir_block_param(f, h, k);
            u->w->map[p.id] = (s->red[k] ? acc[k * nu + l] : cur[k]).id;
        }
        /* h's constants, once per lane: cheap, and dce/gvn merge */
        IR_FOR_INSTS(f, h, i)
            if (opt_is_const_inst(f, i))
                copy_inst(u, i, b2, &args);
        IR_FOR_INSTS(f, b, i)
            if (i.id != s->c.bbr.id)
                copy_inst(u, i, b2, &args);
        for (uint32_t k = 0; k < np; k++) {
            IrValue o = mapped(u, f->vpool.data[btargs + k]);
            if (s->red[k])
                acc[k * nu + l] = o;
            else
                cur[k] = o;
            if (l == 0)
                out0[k] = o;
        }
    }
    /* B2's back edge: carried values from the last lane, each
     * accumulator from its lane */
    args.len = 0;
    for (uint32_t k = 0; k < np; k++)
        VEC_PUSH(args, s->red[k] ? acc[k * nu] : cur[k]);
    for (uint32_t k = 0; k < np; k++)
        if (s->red[k])
            for (uint32_t l = 1; l < nu; l++)
                VEC_PUSH(args, acc[k * nu + l]);
    ir_builder_at_end(&bd, f, b2);
    bd.loc = loc;
    ir_build_br(&bd, h2, args.data, args.len);
    /* E2: combine the accumulators, go on in the original loop */
    ir_builder_at_end(&bd, f, e2);
    bd.loc = loc;
    args.len = 0;
    uint32_t extra = np;
    for (uint32_t k = 0; k < np; k++) {
        IrValue v = ir_block_param(f, h2, k);
        if (s->red[k]) {
            IrType t = ir_value_type(f, v);
            for (uint32_t l = 1; l < nu; l++)
                v = ir_build_binary(&bd, (IrOpcode)s->red[k], t, v,
                                    ir_block_param(f, h2, extra++));
        }
        VEC_PUSH(args, v);
    }
    ir_build_br(&bd, h, args.data, args.len);
    (void)out0;
    (void)nred;
    free(acc);
    free(cur);
    free(out0);
    VEC_FREE(args);
    u->nunrolled++;
}

static void
try_loop(void *user, OptCountedWalk *w)
{
    Unroll *u = user;
    u->w = w;
    Shape s = {.c = w->s};
    s.red = arena_alloc(w->a, s.c.np + 1);
    s.redinst = arena_alloc(w->a, (s.c.np + 1) * sizeof *s.redinst);
    if (!body_ok(u, &s, w->us))
        return;
    unroll_loop(u, &s, MAXU);
}

static void
unroll_func(OptCtx *ctx, IrFunc *f)
{
    Unroll u = {.f = f};
    uint32_t made = opt_counted_loops(ctx, f, try_loop, &u);
    if (!made && !u.nunrolled)
        opt_unchanged(ctx, f);
    opt_count(ctx, "preheaders created", made);
    opt_count(ctx, "loops unrolled", u.nunrolled);
}

bool
opt_unroll(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        unroll_func(ctx, f);
    return true;
}
