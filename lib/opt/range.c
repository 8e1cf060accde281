/*
 * range.c - integer value ranges and what they prove (LLVM's correlated
 * value propagation, on signed intervals).
 *
 * Each integer value gets an interval [lo, hi] of its signed values,
 * solved optimistically like sccp.c: no interval until a definition is
 * seen, then the join of what flows in, re-evaluated when an operand
 * grows.  An operand is read as its interval narrowed by the branches
 * that guard the block that reads it: walking up at most DEPTH
 * immediate dominators, every block with a single incoming edge, from
 * a `condbr` on `icmp x, c`, learns that the compare came out as the
 * edge says (and each branch argument learns it on its own edge).  The
 * bound c is a constant, or the type's range for any other value
 * (i < n gives i <= MAX - 1), so the narrowing depends on nothing the
 * solver changes.  A loop header's parameter that its back edges made
 * grow WIDEN times jumps to the type's bound on the side it grows (its
 * growth from outside the loop is the outer loop's to widen, so an
 * inner counter started at i - 1 keeps its bound MAX - 2), and any
 * value that changed CHANGES times does too: each value changes a
 * bounded number of times and the solver is linear.
 *
 * Arithmetic that may wrap gives the whole type (iadd of [0, MAX] and
 * [1, 1]); SIR integers wrap, so an interval only holds what the bits
 * do.  What the intervals prove, at each instruction (read in its
 * block):
 *   - `sext x` of x >= 0 is `zext x` (free after a 32-bit operation on
 *     x86-64 and ARM64, where sext costs an instruction);
 *   - `offset T, p, iN x` (N < 64) with x >= 0 indexes with `zext x` in
 *     i64, and with `zext a + c` when x = a + c cannot wrap with a >= 0,
 *     so the constant becomes the addressing mode's displacement
 *     (a[j + 1] next to a[j] in insertion sort); only for sizes of T
 *     the addressing mode scales (1, 2, 4, 8): other records cost a
 *     multiplication per access unless lver and lsr step a pointer;
 *   - `sdiv`/`srem` by a positive constant and `ashr` of x >= 0 are
 *     `udiv`/`urem`/`lshr` (no rounding fix-up);
 *   - an `icmp` that the intervals decide is a constant.
 */
#include "optutil.h"


enum { DEPTH = 6, WIDEN = 3, CHANGES = 16 };

typedef struct {
    int64_t lo, hi;
} Rng;

typedef struct {
    IrFunc *f;
    const IrDomTree *dom;
    const IrCfg *cfg;
    const OptPreds *p;
    const IrUses *u;
    Rng *r;             /* by value id, valid where set */
    uint8_t *set, *nchg;
    uint32_t *wl;       /* circular queue of value ids */
    uint32_t head, len, cap;
    bool *inwl;
    uint32_t nzext, noffset, nudiv, ncmp;
} Range;

static int64_t
tmin(unsigned w)
{
    return w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
}

static int64_t
tmax(unsigned w)
{
    return w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
}

static Rng
full(unsigned w)
{
    return (Rng){tmin(w), tmax(w)};
}

/* Arithmetic shift right, the same on every C implementation. */
static int64_t
asr(int64_t v, unsigned k)
{
    return v < 0 ? ~(~v >> k) : v >> k;
}

static unsigned
width(IrFunc *f, IrValue v)
{
    IrType t = ir_value_type(f, v);
    return ir_type_is_int(t) ? ir_type_bits(t) : 0;
}

/* The signed value of constant v, if it is one. */
static bool
const_of(IrFunc *f, IrValue v, int64_t *c)
{
    uint64_t bits;
    unsigned w = width(f, v);
    if (!w || !opt_const_bits(f, v, &bits))
        return false;
    if (w < 64 && (bits >> (w - 1) & 1))
        bits |= ~UINT64_C(0) << w;
    else if (w < 64)
        bits &= (UINT64_C(1) << w) - 1;
    *c = (int64_t)bits;
    return true;
}

static void
meet(Rng *r, int64_t lo, int64_t hi)
{
    if (lo > r->lo)
        r->lo = lo;
    if (hi < r->hi)
        r->hi = hi;
}

/* Narrows *r, the interval of x, by `cond` being 'truth'. */
static void
narrow(Range *R, IrValue cond, bool truth, IrValue x, Rng *r, int depth)
{
    IrFunc *f = R->f;
    IrInst d = opt_def_inst(f, cond);
    if (!d.id || depth > 2)
        return;
    IrOpcode op = ir_inst_op(f, d);
    if ((op == IR_OP_AND && truth) || (op == IR_OP_OR && !truth)) {
        narrow(R, ir_inst_arg(f, d, 0), truth, x, r, depth + 1);
        narrow(R, ir_inst_arg(f, d, 1), truth, x, r, depth + 1);
        return;
    }
    if (op != IR_OP_ICMP)
        return;
    IrValue a = ir_inst_arg(f, d, 0), b = ir_inst_arg(f, d, 1);
    IrPred pr = (IrPred)ir_inst(f, d)->pred;
    if (b.id == x.id && a.id != x.id) {
        b = a;
        pr = opt_pred_swap(pr);
    } else if (a.id != x.id || b.id == x.id) {
        return;
    }
    if (!truth)
        pr = opt_pred_invert_icmp(pr);
    unsigned w = width(f, x);
    int64_t c, mn = tmin(w), mx = tmax(w);
    if (!const_of(f, b, &c)) {
        /* any b of the type: x < b leaves MAX out, x > b MIN */
        if (pr == IR_PRED_SLT)
            meet(r, mn, mx - 1);
        else if (pr == IR_PRED_SGT)
            meet(r, mn + 1, mx);
        return;
    }
    switch (pr) {
    case IR_PRED_EQ: meet(r, c, c); break;
    case IR_PRED_SLT: if (c > mn) meet(r, mn, c - 1); break;
    case IR_PRED_SLE: meet(r, mn, c); break;
    case IR_PRED_SGT: if (c < mx) meet(r, c + 1, mx); break;
    case IR_PRED_SGE: meet(r, c, mx); break;
    /* x <u c with c >= 0 (as signed) is 0 <= x < c */
    case IR_PRED_ULT: if (c > 0) meet(r, 0, c - 1); break;
    case IR_PRED_ULE: if (c >= 0) meet(r, 0, c); break;
    default: break;
    }
}

/* The interval of x where block b reads it; false when x has none yet
 * (or the guards leave nothing: b does not run with it). */
static bool
opnd(Range *R, IrValue x, IrBlock b, Rng *out)
{
    IrFunc *f = R->f;
    unsigned w = width(f, x);
    if (!w || !R->set[x.id])
        return false;
    *out = R->r[x.id];
    IrBlock cur = b;
    for (int k = 0; k < DEPTH && cur.id; k++) {
        if (opt_npreds(R->p, cur) == 1) {
            OptEdge e = R->p->e[R->p->start[cur.id]];
            if (ir_inst_op(f, e.inst) == IR_OP_CONDBR)
                narrow(R, ir_inst_arg(f, e.inst, 0), e.tidx == 0, x, out, 0);
        }
        cur = R->dom->idom[cur.id];
    }
    return out->lo <= out->hi;
}

static void
push(Range *R, IrValue v)
{
    if (!v.id || R->inwl[v.id])
        return;
    R->inwl[v.id] = true;
    R->wl[(R->head + R->len++) % R->cap] = v.id;
}

/* Joins n into v's interval; on growth, v's readers are queued.  'back'
 * says that a back edge made it grow. */
static void
update(Range *R, IrValue v, Rng n, bool back)
{
    IrFunc *f = R->f;
    unsigned w = width(f, v);
    Rng *o = &R->r[v.id];
    if (R->set[v.id]) {
        Rng j = {n.lo < o->lo ? n.lo : o->lo, n.hi > o->hi ? n.hi : o->hi};
        if (j.lo == o->lo && j.hi == o->hi)
            return;
        R->nchg[v.id] += back ? CHANGES / WIDEN : 1;
        if (R->nchg[v.id] >= CHANGES) {
            if (j.lo < o->lo)
                j.lo = tmin(w);
            if (j.hi > o->hi)
                j.hi = tmax(w);
        }
        n = j;
    }
    R->set[v.id] = 1;
    *o = n;
    for (uint32_t k = R->u->start[v.id]; k < R->u->start[v.id + 1]; k++) {
        IrUse use = R->u->uses[k];
        IrInstData *d = ir_inst(f, use.inst);
        if (use.slot < d->args + d->nargs) {
            push(R, d->result);
            continue;
        }
        /* a branch argument: the parameter it flows into */
        for (uint32_t t = 0; t < d->ntargets; t++) {
            IrTarget *tg = ir_target(f, use.inst, t);
            if (use.slot >= tg->args && use.slot < tg->args + tg->nargs &&
                use.slot - tg->args < ir_block(f, tg->block)->nparams)
                push(R, ir_block_param(f, tg->block, use.slot - tg->args));
        }
    }
}

static bool
add_ok(int64_t a, int64_t b, unsigned w, int64_t *s)
{
    return !__builtin_add_overflow(a, b, s) && *s >= tmin(w) &&
           *s <= tmax(w);
}

static bool
mul_ok(int64_t a, int64_t b, unsigned w, int64_t *s)
{
    return !__builtin_mul_overflow(a, b, s) && *s >= tmin(w) &&
           *s <= tmax(w);
}

/* The smallest 2^k - 1 at least v (v >= 0). */
static int64_t
ones(int64_t v)
{
    int64_t m = 0;
    while (m < v)
        m = m * 2 + 1;
    return m;
}

/* The interval of instruction i's result from its operands' (false
 * while an operand has none). */
static bool
eval(Range *R, IrInst i, unsigned w, Rng *out)
{
    IrFunc *f = R->f;
    IrInstData *d = ir_inst(f, i);
    IrBlock b = ir_layout_inst_block(f, i);
    IrOpcode op = (IrOpcode)d->op;
    int64_t c;
    Rng x, y;
    *out = full(w);
    if (const_of(f, d->result, &c)) {
        *out = (Rng){c, c};
        return true;
    }
    switch (op) {
    case IR_OP_BTOI:
        *out = (Rng){0, 1};
        return true;
    case IR_OP_SEXT:
    case IR_OP_ZEXT:
    case IR_OP_TRUNC:
        if (!opnd(R, ir_inst_arg(f, i, 0), b, &x))
            return width(f, ir_inst_arg(f, i, 0)) == 0;
        if (op == IR_OP_ZEXT && x.lo < 0)
            x = (Rng){0, tmax(ir_type_bits(d->ty2)) * 2 + 1};
        if (x.lo >= tmin(w) && x.hi <= tmax(w))
            *out = x;
        return true;
    case IR_OP_SEL: {
        bool hx = opnd(R, ir_inst_arg(f, i, 1), b, &x);
        bool hy = opnd(R, ir_inst_arg(f, i, 2), b, &y);
        if (!hx && !hy)
            return false;
        *out = !hx ? y : !hy ? x
             : (Rng){x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi};
        return true;
    }
    case IR_OP_IADD: case IR_OP_ISUB: case IR_OP_IMUL: case IR_OP_AND:
    case IR_OP_OR: case IR_OP_XOR: case IR_OP_LSHR: case IR_OP_ASHR:
    case IR_OP_SHL: case IR_OP_UDIV: case IR_OP_SDIV: case IR_OP_UREM:
    case IR_OP_SREM:
        break;
    default:
        return true;    /* loads, calls, ...: anything */
    }
    if (!opnd(R, ir_inst_arg(f, i, 0), b, &x) ||
        !opnd(R, ir_inst_arg(f, i, 1), b, &y))
        return false;
    bool k = const_of(f, ir_inst_arg(f, i, 1), &c);
    int64_t lo, hi, p[4];
    switch (op) {
    case IR_OP_IADD:
        if (add_ok(x.lo, y.lo, w, &lo) && add_ok(x.hi, y.hi, w, &hi))
            *out = (Rng){lo, hi};
        break;
    case IR_OP_ISUB:
        if (y.lo > INT64_MIN && add_ok(x.lo, -y.hi, w, &lo) &&
            add_ok(x.hi, -y.lo, w, &hi) && y.hi > INT64_MIN)
            *out = (Rng){lo, hi};
        break;
    case IR_OP_IMUL:
        if (mul_ok(x.lo, y.lo, w, &p[0]) && mul_ok(x.lo, y.hi, w, &p[1]) &&
            mul_ok(x.hi, y.lo, w, &p[2]) && mul_ok(x.hi, y.hi, w, &p[3])) {
            lo = hi = p[0];
            for (int q = 1; q < 4; q++) {
                lo = p[q] < lo ? p[q] : lo;
                hi = p[q] > hi ? p[q] : hi;
            }
            *out = (Rng){lo, hi};
        }
        break;
    case IR_OP_AND:
        if (x.lo >= 0 && y.lo >= 0)
            *out = (Rng){0, x.hi < y.hi ? x.hi : y.hi};
        else if (x.lo >= 0 || y.lo >= 0)
            *out = (Rng){0, x.lo >= 0 ? x.hi : y.hi};
        break;
    case IR_OP_OR:
    case IR_OP_XOR:
        if (x.lo >= 0 && y.lo >= 0)
            *out = (Rng){op == IR_OP_OR ? (x.lo > y.lo ? x.lo : y.lo) : 0,
                         ones(x.hi > y.hi ? x.hi : y.hi)};
        break;
    case IR_OP_LSHR:
        if (!k || c < 1 || c >= (int64_t)w)
            break;
        *out = x.lo >= 0 ? (Rng){x.lo >> c, x.hi >> c}
                         : (Rng){0, (tmax(w) >> (c - 1))};
        break;
    case IR_OP_ASHR:
        if (k && c >= 0 && c < (int64_t)w)
            *out = (Rng){asr(x.lo, (unsigned)c), asr(x.hi, (unsigned)c)};
        break;
    case IR_OP_SHL:
        if (k && c >= 0 && c < (int64_t)w - 1 && x.lo >= 0 &&
            x.hi <= asr(tmax(w), (unsigned)c))
            *out = (Rng){x.lo << c, x.hi << c};
        break;
    case IR_OP_UDIV:
        if (k && c > 0 && x.lo >= 0)
            *out = (Rng){x.lo / c, x.hi / c};
        else if (k && c > 1)
            *out = (Rng){0, tmax(w) / c * 2 + 1};
        break;
    case IR_OP_SDIV:
        if (k && c > 0)
            *out = (Rng){x.lo / c, x.hi / c};
        break;
    case IR_OP_UREM:
        if (k && c > 0)
            *out = x.lo >= 0 && x.hi < c ? x : (Rng){0, c - 1};
        break;
    case IR_OP_SREM:
        if (k && c != 0 && c != INT64_MIN) {
            int64_t m = (c < 0 ? -c : c) - 1;
            *out = x.lo >= 0 ? (Rng){0, x.hi < m ? x.hi : m}
                 : x.hi <= 0 ? (Rng){x.lo > -m ? x.lo : -m, 0}
                             : (Rng){-m, m};
        }
        break;
    default:
        break;
    }
    return true;
}

/* Parameter k of block b: the join over its incoming edges of each
 * argument, read at the edge (narrowed by the edge's own branch).
 * *back: an edge from a block that b dominates (a back edge) brings
 * values outside the rest, the current interval included. */
static bool
eval_param(Range *R, IrBlock b, uint32_t k, Rng *out, bool *back)
{
    IrFunc *f = R->f;
    bool any = false, anyb = false;
    Rng bk = {0, 0}, *cur = &R->r[ir_block_param(f, b, k).id];
    if (R->set[ir_block_param(f, b, k).id]) {
        *out = *cur;
        any = true;
    }
    for (uint32_t e = R->p->start[b.id]; e < R->p->start[b.id + 1]; e++) {
        OptEdge ed = R->p->e[e];
        IrTarget *tg = ir_target(f, ed.inst, ed.tidx);
        if (k >= tg->nargs)
            continue;
        IrValue a = f->vpool.data[tg->args + k];
        Rng x;
        if (!opnd(R, a, ir_layout_inst_block(f, ed.inst), &x))
            continue;
        if (ir_inst_op(f, ed.inst) == IR_OP_CONDBR)
            narrow(R, ir_inst_arg(f, ed.inst, 0), ed.tidx == 0, a, &x, 0);
        if (x.lo > x.hi)
            continue;
        Rng *into = out;
        bool *has = &any;
        if (ir_dom_dominates(R->dom, R->cfg, b,
                             ir_layout_inst_block(f, ed.inst))) {
            into = &bk;
            has = &anyb;
        }
        if (!*has)
            *into = x;
        into->lo = x.lo < into->lo ? x.lo : into->lo;
        into->hi = x.hi > into->hi ? x.hi : into->hi;
        *has = true;
    }
    *back = anyb && (!any || bk.lo < out->lo || bk.hi > out->hi);
    if (anyb && !any)
        *out = bk;
    else if (anyb) {
        out->lo = bk.lo < out->lo ? bk.lo : out->lo;
        out->hi = bk.hi > out->hi ? bk.hi : out->hi;
    }
    return any || anyb;
}

static void
solve(Range *R)
{
    IrFunc *f = R->f;
    IrBlock entry = ir_layout_entry(f);
    IR_FOR_BLOCKS(f, b) {
        IrBlockData *bd = ir_block(f, b);
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue p = ir_block_param(f, b, k);
            if (!width(f, p))
                continue;
            if (b.id == entry.id)
                update(R, p, full(width(f, p)), false);
            else
                push(R, p);
        }
        IR_FOR_INSTS(f, b, i) {
            IrValue r = ir_inst(f, i)->result;
            if (r.id && width(f, r))
                push(R, r);
        }
    }
    while (R->len) {
        IrValue v = {R->wl[R->head]};
        R->head = (R->head + 1) % R->cap;
        R->len--;
        R->inwl[v.id] = false;
        unsigned w = width(f, v);
        if (!w)
            continue;
        IrValueData *vd = ir_value(f, v);
        Rng n;
        bool back = false;
        if (vd->kind == IR_VAL_INST) {
            IrInst i = {vd->def};
            if (!ir_layout_inst_block(f, i).id || !eval(R, i, w, &n))
                continue;
        } else {
            IrBlock b = {vd->def};
            if (b.id == entry.id || !eval_param(R, b, vd->index, &n, &back))
                continue;
        }
        update(R, v, n, back);
    }
}

/* Whether icmp i is decided; *res is its value then. */
static bool
decided(Range *R, IrInst i, IrBlock b, bool *res)
{
    IrFunc *f = R->f;
    Rng x, y;
    if (!opnd(R, ir_inst_arg(f, i, 0), b, &x) ||
        !opnd(R, ir_inst_arg(f, i, 1), b, &y))
        return false;
    switch ((IrPred)ir_inst(f, i)->pred) {
    case IR_PRED_EQ:
    case IR_PRED_NE:
        if (x.lo == x.hi && y.lo == y.hi && x.lo == y.lo)
            *res = true;
        else if (x.hi < y.lo || y.hi < x.lo)
            *res = false;
        else
            return false;
        *res ^= ir_inst(f, i)->pred == IR_PRED_NE;
        return true;
    case IR_PRED_SLT:
        if (x.hi < y.lo || x.lo >= y.hi)
            return *res = x.hi < y.lo, true;
        return false;
    case IR_PRED_SLE:
        if (x.hi <= y.lo || x.lo > y.hi)
            return *res = x.hi <= y.lo, true;
        return false;
    case IR_PRED_SGT:
        if (x.lo > y.hi || x.hi <= y.lo)
            return *res = x.lo > y.hi, true;
        return false;
    case IR_PRED_SGE:
        if (x.lo >= y.hi || x.hi < y.lo)
            return *res = x.lo >= y.hi, true;
        return false;
    default:
        return false;
    }
}

/* The i64 index for `offset ..., iN x` with x >= 0 (read in b), built
 * before instruction 'at': zext a + c when x = a + c (or a - c) with
 * a + c inside [0, MAX] for every a of its interval, else zext x. */
static IrValue
wide_index(Range *R, IrValue x, IrBlock b, IrInst at)
{
    IrFunc *f = R->f;
    IrInst d = opt_def_inst(f, x);
    IrBuilder bd;
    ir_builder_before(&bd, f, at);
    bd.loc = ir_inst(f, at)->loc;
    unsigned w = width(f, x);
    IrOpcode op = d.id ? ir_inst_op(f, d) : IR_OP_IADD;
    if (d.id && (op == IR_OP_IADD || op == IR_OP_ISUB)) {
        for (uint32_t k = 0; k < 2; k++) {
            IrValue a = ir_inst_arg(f, d, k);
            int64_t c;
            Rng ra;
            if ((k == 1 && op == IR_OP_ISUB) ||
                !const_of(f, ir_inst_arg(f, d, 1 - k), &c) ||
                (op == IR_OP_ISUB && c == INT64_MIN) || !opnd(R, a, b, &ra))
                continue;
            if (op == IR_OP_ISUB)
                c = -c;
            int64_t lo, hi;
            if (ra.lo < 0 || !add_ok(ra.lo, c, w, &lo) ||
                !add_ok(ra.hi, c, w, &hi) || lo < 0)
                continue;
            IrValue za = ir_build_cast(&bd, IR_OP_ZEXT, IR_T_I64, a);
            IrValue kc = ir_build_iconst(&bd, IR_T_I64, (uint64_t)c);
            return ir_build_binary(&bd, IR_OP_IADD, IR_T_I64, za, kc);
        }
    }
    return ir_build_cast(&bd, IR_OP_ZEXT, IR_T_I64, x);
}

static void
rewrite(Range *R)
{
    IrFunc *f = R->f;
    IR_FOR_BLOCKS(f, b) {
        IrInst next;
        for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
            next = ir_layout_next_inst(f, i);
            IrInstData *d = ir_inst(f, i);
            IrOpcode op = (IrOpcode)d->op;
            Rng x;
            int64_t c;
            bool res;
            switch (op) {
            case IR_OP_SEXT:
                if (opnd(R, ir_inst_arg(f, i, 0), b, &x) && x.lo >= 0) {
                    d->op = IR_OP_ZEXT;
                    R->nzext++;
                }
                break;
            case IR_OP_OFFSET: {
                IrValue ix = ir_inst_arg(f, i, 1);
                uint64_t sz = ir_type_size(f->mod, d->ty);
                /* records of other sizes need a multiplication either
                 * way: lver and lsr make them pointer increments */
                if (ir_type_bits(d->ty2) >= 64 ||
                    (sz != 1 && sz != 2 && sz != 4 && sz != 8) ||
                    !opnd(R, ix, b, &x) || x.lo < 0)
                    break;
                IrValue wi = wide_index(R, ix, b, i);
                d = ir_inst(f, i);
                f->vpool.data[d->args + 1] = wi;
                d->ty2 = IR_T_I64;
                R->noffset++;
                break;
            }
            case IR_OP_SDIV: case IR_OP_SREM: case IR_OP_ASHR:
                if (!opnd(R, ir_inst_arg(f, i, 0), b, &x) || x.lo < 0 ||
                    (op != IR_OP_ASHR &&
                     (!const_of(f, ir_inst_arg(f, i, 1), &c) || c <= 0)))
                    break;
                d->op = op == IR_OP_SDIV ? IR_OP_UDIV
                      : op == IR_OP_SREM ? IR_OP_UREM : IR_OP_LSHR;
                R->nudiv++;
                break;
            case IR_OP_ICMP:
                if (width(f, ir_inst_arg(f, i, 0)) && decided(R, i, b, &res)) {
                    opt_make_const(f, i, res);
                    R->ncmp++;
                }
                break;
            default:
                break;
            }
        }
    }
}

static void
range_func(OptCtx *ctx, IrFunc *f)
{
    if (!ir_layout_entry(f).id)
        return;
    OptAM *am = opt_am(ctx, f);
    Arena a = {0};
    uint32_t nv = ir_num_values(f);
    Range R = {.f = f, .dom = opt_am_domtree(am), .cfg = opt_am_cfg(am),
               .p = opt_am_preds(am)};
    R.r = arena_alloc(&a, (nv + 1) * sizeof *R.r);
    R.set = arena_alloc(&a, nv + 1);
    R.nchg = arena_alloc(&a, nv + 1);
    R.inwl = arena_alloc(&a, nv + 1);
    R.cap = nv + 1;
    R.wl = arena_alloc(&a, R.cap * sizeof *R.wl);
    R.u = opt_am_uses(am);
    solve(&R);
    rewrite(&R);
    arena_free(&a);
    if (!R.nzext && !R.noffset && !R.nudiv && !R.ncmp)
        opt_unchanged(ctx, f);
    opt_count(ctx, "sign extensions made zero extensions", R.nzext);
    opt_count(ctx, "offsets given i64 indices", R.noffset);
    opt_count(ctx, "signed divisions and shifts made unsigned", R.nudiv);
    opt_count(ctx, "comparisons decided", R.ncmp);
}

bool
opt_range(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        range_func(ctx, f);
    return true;
}
