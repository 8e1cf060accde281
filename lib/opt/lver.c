/*
 * lver.c - loop versioning for pointer induction variables.
 *
 * `offset T, ptr P, i32 e` sign-extends its index, and SIR's i32
 * arithmetic wraps: when e steps by S each iteration, the address steps
 * by S*size(T) only as long as e does not wrap past INT_MAX.  A C
 * compiler assumes it never does (signed overflow is undefined); SIR
 * makes no such promise, so an index kept in i32 costs a sign extension
 * per access, on the way to the load.  This pass checks once, before
 * the loop, that no index wraps on any iteration, and then runs a copy
 * of the loop in which each such address is a base pointer, made before
 * the loop, indexed by an i64 counter; the original loop runs when the
 * check fails:
 *
 *   PH:  T = n - 1 - i0        in 64 bits: the last iteration's i - i0
 *        ok = for each address: e0 + max(T, 0) * S fits in e's type
 *        base_k = offset T, P, e0   for each address
 *        condbr ok, H2(args, 0 ..), H(args)
 *   H2(params, t ..):  H's compare;  condbr c, B2, H(exit args)
 *   B2:  B, each address replaced by offset T, base_k, i64 t;
 *        br H2(B's args, t + sext(S) ..)
 *
 * The addresses of one step S share one counter t (= e - e0 for all of
 * them), so a stencil's neighbours cost one add per iteration and each
 * access one addressing mode (base, t, size).
 *
 * The loop is the counted loop of counted.c with i stepping by 1 and
 * at most 32 bits wide: the body runs only while i < n, so i never
 * wraps and t = i - i0 <= T on every iteration that reaches an address
 * (none when T < 0).  An index e is a header parameter stepped by an
 * invariant S (every iteration: e' = e + S) plus and minus invariants
 * (through iadd and isub chains: (row + x) - w); its values e0 + t*S for
 * t in [0, T] are a segment, so the check of both ends covers every
 * iteration, and then sext(e) is exactly sext(e0) + t*sext(S): base_k +
 * t*sext(S) elements.  Products fit 64 bits (|T| < 2^32, |S| <= 2^31).
 *
 * H2 tests t < n - i0 (exact in 64 bits) when some address steps by 1,
 * so that i need not be stepped in the copy unless its body reads i:
 * the exit edge makes i = i0 + t (block X).  Else H2 repeats H's test.
 * H2 leaves through H, whose compare fails again on the same i and n,
 * so the values used after the loop come from H as before and the exit
 * gets no new merge; a parameter of H that only B reads gets undef on
 * that edge (B does not run).  Loops of at most MAXBODY instructions,
 * MAXCAND addresses: each loop is looked at once and copied once.
 * 64-bit indices need nothing (the address is affine modulo 2^64
 * already, and the addressing mode scales it for free).
 */
#include "optutil.h"

#include <stdlib.h>

enum { MAXBODY = 64, MAXCAND = 8, MAXTERMS = 4 };

/* An address of the body: offset T, ptr P, iW e with e = param k plus
 * invariant terms (each added, or subtracted when neg), k stepped by
 * step. */
typedef struct {
    IrInst off;
    uint32_t k;
    IrValue step;
    IrValue term[MAXTERMS];
    bool neg[MAXTERMS];
    uint32_t nterms;
} Cand;

typedef struct {
    IrFunc *f;
    OptCountedWalk *w;  /* map: original value id -> its copy in H2/B2 */
    Cand cand[MAXCAND];
    uint32_t ncand;
    uint32_t nloops, naddr, nexit;
} Lver;

static bool
outside(Lver *l, IrValue v)
{
    return opt_counted_outside(l->f, &l->w->s, v);
}

/* Defined before the loop or an integer constant (remade before it). */
static bool
usable(Lver *l, IrValue v)
{
    uint64_t c;
    return outside(l, v) || (ir_type_is_int(ir_value_type(l->f, v)) &&
                             opt_const_bits(l->f, v, &c));
}

/* v, usable, as a value of the preheader. */
static IrValue
before(Lver *l, IrBuilder *bd, IrValue v)
{
    uint64_t c;
    if (outside(l, v) || !opt_const_bits(l->f, v, &c))
        return v;
    return ir_build_iconst(bd, ir_value_type(l->f, v), c);
}

/* S when header parameter k is passed `iadd p, S` by B, S usable. */
static IrValue
step_of(Lver *l, uint32_t k)
{
    IrFunc *f = l->f;
    IrValue p = ir_block_param(f, l->w->s.h, k);
    IrTarget *bt = ir_target(f, l->w->s.bbr, 0);
    IrInst d = opt_def_inst(f, f->vpool.data[bt->args + k]);
    if (!d.id || ir_inst_op(f, d) != IR_OP_IADD ||
        ir_layout_inst_block(f, d).id != l->w->s.b.id)
        return (IrValue){0};
    IrValue x = ir_inst_arg(f, d, 0), y = ir_inst_arg(f, d, 1);
    if (y.id == p.id) {
        IrValue t = x;
        x = y;
        y = t;
    }
    return x.id == p.id && y.id != p.id && usable(l, y) ? y : (IrValue){0};
}

/* Whether step a is the constant 1. */
static bool
step_one(Lver *l, IrValue a)
{
    uint64_t x;
    return opt_const_bits(l->f, a, &x) && x == 1;
}

/* Whether steps a and b are the same i64 amount once sign-extended. */
static bool
same_step(Lver *l, IrValue a, IrValue b)
{
    uint64_t x, y;
    if (a.id == b.id)
        return true;
    if (!opt_const_bits(l->f, a, &x) || !opt_const_bits(l->f, b, &y))
        return false;
    unsigned wa = ir_type_bits(ir_value_type(l->f, a));
    unsigned wb = ir_type_bits(ir_value_type(l->f, b));
    uint64_t ha = UINT64_C(1) << (wa - 1), hb = UINT64_C(1) << (wb - 1);
    return ((x ^ ha) - ha) == ((y ^ hb) - hb);
}

/* Index of v among the header's parameters, or -1. */
static int
hparam(Lver *l, IrValue v)
{
    IrValueData *d = ir_value(l->f, v);
    return d->kind == IR_VAL_PARAM && d->def == l->w->s.h.id ? (int)d->index
                                                          : -1;
}

/* Whether v is header parameter k plus invariant terms, through iadd
 * and isub chains of the body (x + inv, inv + x, x - inv): *k and the
 * terms go into c. */
static bool
affine(Lver *l, IrValue v, Cand *c, int depth)
{
    IrFunc *f = l->f;
    int k = hparam(l, v);
    if (k >= 0) {
        c->k = (uint32_t)k;
        return true;
    }
    IrInst a = opt_def_inst(f, v);
    if (!a.id || depth == 0 || c->nterms == MAXTERMS ||
        ir_layout_inst_block(f, a).id != l->w->s.b.id)
        return false;
    IrOpcode op = ir_inst_op(f, a);
    if (op != IR_OP_IADD && op != IR_OP_ISUB)
        return false;
    IrValue x = ir_inst_arg(f, a, 0), y = ir_inst_arg(f, a, 1);
    if (op == IR_OP_IADD && usable(l, x) && !usable(l, y)) {
        IrValue t = x;
        x = y;
        y = t;
    }
    if (!usable(l, y))
        return false;
    c->term[c->nterms] = y;
    c->neg[c->nterms++] = op == IR_OP_ISUB;
    return affine(l, x, c, depth - 1);
}

/* Records offset instruction i when its index steps affinely. */
static void
consider(Lver *l, IrInst i)
{
    IrFunc *f = l->f;
    IrInstData *d = ir_inst(f, i);
    if (d->op != IR_OP_OFFSET || ir_type_bits(d->ty2) >= 64 ||
        l->ncand == MAXCAND || !outside(l, ir_inst_arg(f, i, 0)))
        return;
    Cand c = {.off = i};
    if (!affine(l, ir_inst_arg(f, i, 1), &c, MAXTERMS))
        return;
    c.step = step_of(l, c.k);
    if (c.step.id)
        l->cand[l->ncand++] = c;
}

/* True when header parameter k has a use outside B. */
static bool
needed_on_exit(Lver *l, const IrUses *us, uint32_t k)
{
    IrFunc *f = l->f;
    IrValue p = ir_block_param(f, l->w->s.h, k);
    if (p.id >= us->nvalues)
        return true;
    for (uint32_t q = us->start[p.id]; q < us->start[p.id + 1]; q++)
        if (ir_layout_inst_block(f, us->uses[q].inst).id != l->w->s.b.id)
            return true;
    return false;
}

static void
version(Lver *l, const IrUses *us)
{
    IrFunc *f = l->f;
    OptCounted *s = &l->w->s;
    IrBlock h = s->h, b = s->b;
    IrLoc loc = ir_inst(f, s->hbr)->loc;
    uint32_t np = s->np, nc = l->ncand;
    OptValVec args = {0}, sc = {0};
    IrValue q0[MAXCAND], sw[MAXCAND];
    IrTarget *pt = ir_target(f, s->pre, 0);
    for (uint32_t k = 0; k < pt->nargs; k++)
        VEC_PUSH(args, f->vpool.data[pt->args + k]);
    /* the check, in the preheader */
    IrBuilder bd;
    ir_builder_before(&bd, f, s->pre);
    bd.loc = loc;
    IrOpcode ext = s->sgn ? IR_OP_SEXT : IR_OP_ZEXT;
    IrValue nw = ir_build_cast(&bd, ext, IR_T_I64, before(l, &bd, s->n));
    IrValue iw = ir_build_cast(&bd, ext, IR_T_I64, args.data[s->iv]);
    IrValue one = ir_build_iconst(&bd, IR_T_I64, 1);
    IrValue zero = ir_build_iconst(&bd, IR_T_I64, 0);
    IrValue trip = ir_build_binary(&bd, IR_OP_ISUB, IR_T_I64, nw, iw);
    IrValue t = ir_build_binary(&bd, IR_OP_ISUB, IR_T_I64, trip, one);
    IrValue i0 = args.data[s->iv];
    IrValue neg = ir_build_icmp(&bd, IR_PRED_SLT, IR_T_I64, t, zero);
    t = ir_build_sel(&bd, IR_T_I64, neg, zero, t);
    /* H2's exit arguments: undef, made here (outside the loop, so
     * that it costs nothing per iteration), for what only B reads */
    IrValue *xa = xcalloc(np + 1, sizeof *xa);
    for (uint32_t k = 0; k < np; k++)
        if (!needed_on_exit(l, us, k))
            xa[k] = ir_build_undef(&bd, ir_value_type(
                                            f, ir_block_param(f, h, k)));
    IrValue bad = {0};
    for (uint32_t c = 0; c < nc; c++) {
        Cand *cd = &l->cand[c];
        IrInstData *od = ir_inst(f, cd->off);
        IrType et = od->ty, it = od->ty2;
        IrValue p = ir_inst_arg(f, cd->off, 0);
        unsigned w = ir_type_bits(it);
        IrValue e0 = args.data[cd->k];
        for (uint32_t j = cd->nterms; j-- > 0;)
            e0 = ir_build_binary(&bd, cd->neg[j] ? IR_OP_ISUB : IR_OP_IADD,
                                 it, e0, before(l, &bd, cd->term[j]));
        sw[c] = ir_build_cast(&bd, IR_OP_SEXT, IR_T_I64,
                              before(l, &bd, cd->step));
        IrValue last = ir_build_binary(&bd, IR_OP_IMUL, IR_T_I64, t, sw[c]);
        last = ir_build_binary(&bd, IR_OP_IADD, IR_T_I64, last,
                               ir_build_cast(&bd, IR_OP_SEXT, IR_T_I64, e0));
        /* last in [-2^(w-1), 2^(w-1)) <=> (last + 2^(w-1)) >> w == 0 */
        IrValue half = ir_build_iconst(&bd, IR_T_I64, UINT64_C(1) << (w - 1));
        IrValue hi = ir_build_binary(&bd, IR_OP_IADD, IR_T_I64, last, half);
        hi = ir_build_binary(&bd, IR_OP_LSHR, IR_T_I64, hi,
                             ir_build_iconst(&bd, IR_T_I64, w));
        bad = bad.id ? ir_build_binary(&bd, IR_OP_OR, IR_T_I64, bad, hi) : hi;
        q0[c] = ir_build_offset(&bd, et, p, e0);
    }
    IrValue ok = ir_build_icmp(&bd, IR_PRED_EQ, IR_T_I64, bad, zero);
    /* H2 and B2, laid out before H */
    IrBlock h2 = opt_block_before(f, h);
    IrBlock b2 = ir_block_create(f, NULL);
    ir_layout_insert_block_after(f, b2, h2);
    for (uint32_t k = 0; k < np; k++) {
        IrValue p = ir_block_param(f, h, k);
        IrValue p2 = ir_block_add_param(f, h2, ir_value_type(f, p), 0);
        l->w->map[p.id] = p2.id;
    }
    /* one i64 index per distinct step, t = e - e0, shared by the
     * addresses of that step: each is offset T, base, t (base + index
     * * size: one addressing mode), and one add steps them all */
    uint32_t grp[MAXCAND], ng = 0, lead[MAXCAND];
    for (uint32_t c = 0; c < nc; c++) {
        uint32_t g = 0;
        while (g < ng && !same_step(l, l->cand[lead[g]].step,
                                    l->cand[c].step))
            g++;
        if (g == ng)
            lead[ng++] = c;
        grp[c] = g;
    }
    IrValue tp[MAXCAND];
    for (uint32_t g = 0; g < ng; g++)
        tp[g] = ir_block_add_param(f, h2, IR_T_I64, 0);
    /* the preheader's branch */
    ir_layout_remove_inst(f, s->pre);
    ir_builder_at_end(&bd, f, ir_layout_inst_block(f, opt_def_inst(f, ok)));
    bd.loc = loc;
    uint32_t na = args.len;
    for (uint32_t g = 0; g < ng; g++)
        VEC_PUSH(args, zero);
    ir_build_condbr(&bd, ok, h2, args.data, args.len, h, args.data, na);
    /* H2: H's constants and compare, then out through H */
    IR_FOR_INSTS(f, h, i)
        if (i.id != s->hbr.id)
            opt_clone_inst(f, i, h2, l->w->map, l->w->nmap, &sc);
    ir_builder_at_end(&bd, f, h2);
    bd.loc = loc;
    args.len = 0;
    for (uint32_t k = 0; k < np; k++)
        VEC_PUSH(args, xa[k].id ? xa[k]
                       : (IrValue){l->w->map[ir_block_param(f, h, k).id]});
    free(xa);
    IrValue c2 = {l->w->map[ir_inst_result(f, s->cmp).id]};
    uint32_t g1 = 0;
    while (g1 < ng && !step_one(l, l->cand[lead[g1]].step))
        g1++;
    if (g1 < ng) {
        /* The exit test on the index of step 1, which counts the
         * iterations (i = i0 + t, exactly: i < n <=> t < n - i0 in 64
         * bits), so i itself is left to what the body reads of it; the
         * exit edge makes i from t (block X, once per loop). */
        IrValue cont = ir_build_icmp(&bd, IR_PRED_SLT, IR_T_I64, tp[g1],
                                     trip);
        IrBlock x = ir_block_create(f, NULL);
        ir_layout_insert_block_after(f, x, b2);
        ir_build_condbr(&bd, cont, b2, NULL, 0, x, NULL, 0);
        ir_builder_at_end(&bd, f, x);
        bd.loc = loc;
        IrType it = ir_value_type(f, i0);
        IrValue tr = ir_type_bits(it) < 64
            ? ir_build_cast(&bd, IR_OP_TRUNC, it, tp[g1]) : tp[g1];
        args.data[s->iv] = ir_build_binary(&bd, IR_OP_IADD, it, i0, tr);
        ir_build_br(&bd, h, args.data, args.len);
        l->nexit++;
    } else if (s->body_on_true) {
        ir_build_condbr(&bd, c2, b2, NULL, 0, h, args.data, args.len);
    } else {
        ir_build_condbr(&bd, c2, h, args.data, args.len, b2, NULL, 0);
    }
    /* B2: B with each address from its base and shared index */
    IR_FOR_INSTS(f, b, i) {
        if (i.id == s->bbr.id)
            continue;
        uint32_t c = 0;
        while (c < nc && i.id != l->cand[c].off.id)
            c++;
        if (c == nc) {
            opt_clone_inst(f, i, b2, l->w->map, l->w->nmap, &sc);
            continue;
        }
        ir_builder_at_end(&bd, f, b2);
        bd.loc = ir_inst(f, i)->loc;
        IrValue a = ir_build_offset(&bd, ir_inst(f, i)->ty, q0[c],
                                    tp[grp[c]]);
        l->w->map[ir_inst_result(f, i).id] = a.id;
    }
    ir_builder_at_end(&bd, f, b2);
    bd.loc = loc;
    args.len = 0;
    for (uint32_t k = 0; k < np; k++) {
        IrValue v = f->vpool.data[ir_target(f, s->bbr, 0)->args + k];
        VEC_PUSH(args, opt_mapped(l->w->map, l->w->nmap, v));
    }
    for (uint32_t g = 0; g < ng; g++)
        VEC_PUSH(args, ir_build_binary(&bd, IR_OP_IADD, IR_T_I64, tp[g],
                                       sw[lead[g]]));
    ir_build_br(&bd, h2, args.data, args.len);
    VEC_FREE(args);
    VEC_FREE(sc);
    l->nloops++;
    l->naddr += nc;
}

static void
try_loop(void *user, OptCountedWalk *w)
{
    Lver *l = user;
    IrFunc *f = l->f;
    l->w = w;
    if (w->s.step != 1 || ir_type_bits(ir_value_type(f, w->s.n)) > 32)
        return;
    uint32_t n = 0;
    l->ncand = 0;
    IR_FOR_INSTS(f, w->s.b, i) {
        if (++n > MAXBODY)
            return;
        consider(l, i);
    }
    if (l->ncand)
        version(l, w->us);
}

static void
lver_func(OptCtx *ctx, IrFunc *f)
{
    Lver l = {.f = f};
    uint32_t made = opt_counted_loops(ctx, f, try_loop, &l);
    if (!made && !l.nloops)
        opt_unchanged(ctx, f);
    opt_count(ctx, "preheaders created", made);
    opt_count(ctx, "loops versioned", l.nloops);
    opt_count(ctx, "addresses made pointer induction variables", l.naddr);
    opt_count(ctx, "exit tests moved to the i64 index", l.nexit);
}

bool
opt_lver(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        lver_func(ctx, f);
    return true;
}
