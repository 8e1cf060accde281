/*
 * interp.c - the interpreter's entry points and its decoder.
 *
 * ir_interp_new decodes every function definition once (interp_int.h
 * describes the decoded form), lays out the globals (interp_mem.c) and
 * gives every function a host address (a libffi closure, interp_ffi.c).
 * ir_interp_call pushes a frame and runs the loop of interp_exec.c.
 * Runtime errors unwind with longjmp to the outermost ir_interp_call,
 * also through C code that called back into SIR.
 */
#include "interp_int.h"

#include <stdarg.h>
#include <string.h>

/* Bytes a value of type t takes in a value frame. */
static uint64_t
vsize(const IrModule *m, IrType t)
{
    if (ir_type_is_scalar(t))
        return 8;
    return (ir_type_size(m, t) + 7) & ~(uint64_t)7;
}

static uint64_t
mask_of(IrType t)
{
    unsigned w = ir_type_bits(t);
    return w >= 64 ? ~(uint64_t)0 : (UINT64_C(1) << w) - 1;
}

static uint8_t
sh_of(IrType t)
{
    /* bool compares as 0/1 under signed predicates too */
    if (t.id == IR_TY_BOOL)
        return 0;
    unsigned w = ir_type_bits(t);
    return (uint8_t)(w && w < 64 ? 64 - w : 0);
}

/* ------------------------------------------------------------ runs */

static void
add_run(Interp *ip, uint64_t off, uint64_t size, bool is_bool)
{
    if (size == 0)
        return;
    if (!is_bool && ip->runs.len) {
        Run *r = &ip->runs.data[ip->runs.len - 1];
        if (!r->is_bool && r->off + r->size == off) {
            r->size += size;
            return;
        }
    }
    Run r = {off, size, is_bool};
    VEC_PUSH(ip->runs, r);
}

/* Appends the runs of type t at offset 'base'.  Arrays of scalars and of
 * padding-free members merge into one run. */
static void
make_runs(Interp *ip, IrType t, uint64_t base)
{
    IrModule *m = ip->m;
    uint64_t size = ir_type_size(m, t);
    if (size == 0)
        return;
    switch (ir_type_kind(m, t)) {
    case IR_TY_BOOL:
        add_run(ip, base, 1, true);
        return;
    case IR_TY_ARRAY: {
        IrType e = ir_type_elem(m, t);
        uint64_t n = ir_type_nmembers(m, t), es = ir_type_size(m, e);
        uint32_t before = ip->runs.len;
        make_runs(ip, e, base);
        /* An element that is one run without bools covers the array. */
        if (ip->runs.len == before + 1 && !ip->runs.data[before].is_bool &&
            ip->runs.data[before].size == es) {
            ip->runs.data[before].size = es * n;
            return;
        }
        for (uint64_t k = 1; k < n; k++)
            make_runs(ip, e, base + k * es);
        return;
    }
    case IR_TY_STRUCT: {
        uint64_t n = ir_type_nmembers(m, t);
        for (uint64_t k = 0; k < n; k++)
            make_runs(ip, ir_type_member(m, t, k),
                      base + ir_type_offset(m, t, k));
        return;
    }
    default:
        add_run(ip, base, size, false);
    }
}

const Run *
itp_runs(Interp *ip, IrType t, uint32_t *n)
{
    RunList *rl = &ip->runlists[t.id];
    if (rl->n == UINT32_MAX) {
        /* A run list is contiguous: make it at the end of the pool. */
        Run sentinel = {0, 0, true};
        VEC_PUSH(ip->runs, sentinel);   /* stops merging with the last */
        rl->first = ip->runs.len;
        make_runs(ip, t, 0);
        rl->n = ip->runs.len - rl->first;
    }
    *n = rl->n;
    return ip->runs.data + rl->first;
}

/* ---------------------------------------------------------- errors */

/* The frame executing 'in', or NULL. */
static Frame *
frame_of(Interp *ip, const DInst *in)
{
    for (uint32_t d = ip->depth; d > 0; d--) {
        Frame *fr = &ip->frames[d - 1];
        if (in >= fr->fn->code && in < fr->fn->code + fr->fn->ncode)
            return fr;
    }
    return NULL;
}

void
itp_fail(Interp *ip, const DInst *in, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ip->errbuf, sizeof ip->errbuf, fmt, ap);
    va_end(ap);
    fflush(stdout);
    IrLoc loc = {0, 0};
    Frame *fr = in ? frame_of(ip, in) : NULL;
    if (fr)
        loc = fr->fn->f->insts.data[in->inst].loc;
    ir_diag_error(ip->diag, loc, "%s", ip->errbuf);
    if (fr) {
        /* a short backtrace through the call instructions */
        uint32_t shown = 0, more = 0;
        for (Frame *f = fr; f > ip->frames && f->call; f--) {
            if (shown == 4) {
                more++;
                continue;
            }
            Frame *caller = f - 1;
            IrLoc cl = caller->fn->f->insts.data[f->call->inst].loc;
            ir_diag_note(ip->diag, cl, "in @%s, called from @%s",
                         ir_str(ip->m, ir_sym_c(ip->m, f->fn->sym)->name),
                         ir_str(ip->m,
                                ir_sym_c(ip->m, caller->fn->sym)->name));
            shown++;
        }
        if (more)
            ir_diag_note(ip->diag, (IrLoc){0, 0}, "... and %u more calls",
                         more);
    }
    ip->status = status;
    if (ip->jb)
        longjmp(*ip->jb, 1);
    exit(status);
}

/* ---------------------------------------------------------- decode */

typedef struct {
    Interp *ip;
    DFunc *df;
    IrFunc *f;
    uint32_t *off;          /* value id -> frame offset */
    uint32_t *bpc;          /* block id -> pc */
    uint64_t tmp;           /* largest parallel-copy scratch */
    bool bad;
} Dec;

static uint32_t
O(Dec *d, IrValue v)
{
    return v.id < ir_num_values(d->f) ? d->off[v.id] : 0;
}

static uint32_t
edge(Dec *d, IrInst i, uint32_t t)
{
    Interp *ip = d->ip;
    IrFunc *f = d->f;
    IrTarget *tg = ir_target(f, i, t);
    IrBlockData *bd = ir_block(f, tg->block);
    DEdge e = {.pc = d->bpc[tg->block.id], .moves = ip->moves.len};
    uint32_t n = tg->nargs < bd->nparams ? tg->nargs : bd->nparams;
    uint64_t total = 0;
    for (uint32_t k = 0; k < n; k++) {
        IrValue a = ir_target_arg(f, i, t, k);
        IrValue p = ir_block_param(f, tg->block, k);
        DMove mv = {O(d, a), O(d, p),
                    (uint32_t)vsize(f->mod, ir_value_type(f, p))};
        if (mv.src == mv.dst || mv.size == 0)
            continue;
        VEC_PUSH(ip->moves, mv);
        total += mv.size;
    }
    e.nmoves = ip->moves.len - e.moves;
    DMove *mv = ip->moves.data + e.moves;
    if (e.nmoves > 32) {
        e.via_tmp = true;
    } else {
        for (uint32_t x = 0; x < e.nmoves && !e.via_tmp; x++)
            for (uint32_t y = x + 1; y < e.nmoves; y++)
                if (mv[x].dst == mv[y].src) {
                    e.via_tmp = true;
                    break;
                }
    }
    if (e.via_tmp && total > d->tmp)
        d->tmp = total;
    VEC_PUSH(ip->edges, e);
    return ip->edges.len - 1;
}

/* Records a call site; args are the instruction's operands from 'first'. */
static uint32_t
call_site(Dec *d, IrInst i, uint32_t first, IrSig sig)
{
    Interp *ip = d->ip;
    IrFunc *f = d->f;
    IrInstData *id = ir_inst(f, i);
    DCall c = {.sig = sig, .args = ip->argoffs.len};
    for (uint32_t k = first; k < id->nargs; k++) {
        IrValue a = ir_inst_arg(f, i, k);
        VEC_PUSH(ip->argoffs, O(d, a));
        VEC_PUSH(ip->argtys, ir_value_type(f, a));
    }
    c.nargs = ip->argoffs.len - c.args;
    c.avalues = xcalloc(2 * c.nargs + 1, sizeof(void *));
    VEC_PUSH(ip->calls, c);
    return ip->calls.len - 1;
}

static void
decode_inst(Dec *d, IrInst i, DInst *o)
{
    Interp *ip = d->ip;
    IrFunc *f = d->f;
    IrModule *m = f->mod;
    IrInstData *id = ir_inst(f, i);
    IrOpcode op = (IrOpcode)id->op;
    IrType ty = id->ty, ty2 = id->ty2;
    IrValue a0 = id->nargs > 0 ? ir_inst_arg(f, i, 0) : (IrValue){0};
    IrValue a1 = id->nargs > 1 ? ir_inst_arg(f, i, 1) : (IrValue){0};
    IrValue a2 = id->nargs > 2 ? ir_inst_arg(f, i, 2) : (IrValue){0};

    memset(o, 0, sizeof *o);
    o->inst = i.id;
    o->dst = O(d, id->result);
    o->a = O(d, a0);
    o->b = O(d, a1);
    o->c = O(d, a2);
    o->kind = (uint8_t)(ty.id <= IR_TY_PTR ? ty.id : ir_type_kind(m, ty));
    o->kind2 = (uint8_t)(ty2.id <= IR_TY_PTR ? ty2.id
                                              : ir_type_kind(m, ty2));
    o->sh = sh_of(ty);
    o->sh2 = sh_of(ty2);
    o->imm = mask_of(ty);
    o->pred = id->pred;
    bool f32 = ty.id == IR_TY_F32;

    switch (op) {
    case IR_OP_ICONST:
        o->op = D_CONST;
        o->imm = id->imm & mask_of(ty);
        break;
    case IR_OP_FCONST:
        o->op = D_CONST;
        o->imm = f32 ? id->imm & 0xFFFFFFFFu : id->imm;
        break;
    case IR_OP_BCONST:
        o->op = D_CONST;
        o->imm = id->imm != 0;
        break;
    case IR_OP_NULL:
    case IR_OP_UNDEF:
        o->op = D_ZERO;
        o->size = vsize(m, ty);
        o->pred = op == IR_OP_UNDEF;    /* taint for --lint-undef */
        break;
    case IR_OP_STACKSLOT:
        o->op = D_STACKSLOT;
        o->imm = id->imm < d->df->nslots ? d->df->slot_off[id->imm] : 0;
        break;
    case IR_OP_GLOBALADDR:
        o->op = D_GLOBALADDR;
        o->aux = (uint32_t)id->imm;
        o->imm = ip->symaddr[id->imm];
        break;
    case IR_OP_AND: o->op = D_AND; break;
    case IR_OP_OR: o->op = D_OR; break;
    case IR_OP_XOR: o->op = D_XOR; break;
    case IR_OP_SHL: o->op = D_SHL; break;
    case IR_OP_LSHR: o->op = D_LSHR; break;
    case IR_OP_ASHR: o->op = D_ASHR; break;
    case IR_OP_IADD: o->op = D_IADD; break;
    case IR_OP_ISUB: o->op = D_ISUB; break;
    case IR_OP_IMUL: o->op = D_IMUL; break;
    case IR_OP_SDIV: o->op = D_SDIV; break;
    case IR_OP_UDIV: o->op = D_UDIV; break;
    case IR_OP_SREM: o->op = D_SREM; break;
    case IR_OP_UREM: o->op = D_UREM; break;
    case IR_OP_FNEG: o->op = f32 ? D_FNEG32 : D_FNEG64; break;
    case IR_OP_FADD: o->op = f32 ? D_FADD32 : D_FADD64; break;
    case IR_OP_FSUB: o->op = f32 ? D_FSUB32 : D_FSUB64; break;
    case IR_OP_FMUL: o->op = f32 ? D_FMUL32 : D_FMUL64; break;
    case IR_OP_FDIV: o->op = f32 ? D_FDIV32 : D_FDIV64; break;
    case IR_OP_FREM: o->op = f32 ? D_FREM32 : D_FREM64; break;
    case IR_OP_ICMP: o->op = D_ICMP; break;
    case IR_OP_FCMP: o->op = f32 ? D_FCMP32 : D_FCMP64; break;
    case IR_OP_SEL:
        o->size = vsize(m, ty);
        o->op = ir_type_is_scalar(ty) ? D_SEL8 : D_SEL;
        break;
    case IR_OP_ALLOCA:
        o->op = D_ALLOCA;
        o->size = ir_type_size(m, ty);
        o->imm = ir_type_align(m, ty);
        break;
    case IR_OP_LOAD:
    case IR_OP_STORE:
        if (op == IR_OP_STORE) {
            o->a = O(d, a1);     /* address */
            o->b = O(d, a0);     /* value */
        }
        o->size = ir_type_size(m, ty);
        o->imm = ir_type_align(m, ty);
        o->aux = ty.id;
        if (ir_type_is_scalar(ty))
            o->op = op == IR_OP_LOAD ? D_LOAD : D_STORE;
        else
            o->op = op == IR_OP_LOAD ? D_LOADAGG : D_STOREAGG;
        break;
    case IR_OP_OFFSET:
        o->op = D_OFFSET;
        o->imm = ir_type_size(m, ty);
        break;
    case IR_OP_ELEMPTR:
        o->op = D_ELEMPTR;
        o->imm = id->imm < ir_type_nmembers(m, ty)
                     ? ir_type_offset(m, ty, id->imm) : 0;
        break;
    case IR_OP_EXTRACT:
        /* ty = member T, ty2 = aggregate */
        o->imm = id->imm < ir_type_nmembers(m, ty2)
                     ? ir_type_offset(m, ty2, id->imm) : 0;
        o->size = ir_type_size(m, ty);
        o->op = ir_type_is_scalar(ty) ? D_EXTRACT : D_EXTRACTAGG;
        break;
    case IR_OP_INSERT:
        /* ty = aggregate, ty2 = member */
        o->imm = id->imm < ir_type_nmembers(m, ty)
                     ? ir_type_offset(m, ty, id->imm) : 0;
        o->size = ir_type_size(m, ty);
        o->aux = (uint32_t)ir_type_size(m, ty2);
        o->op = ir_type_is_scalar(ty2) ? D_INSERT : D_INSERTAGG;
        break;
    case IR_OP_SEXT: o->op = D_SEXT; break;
    case IR_OP_ZEXT:
    case IR_OP_BTOI:
    case IR_OP_ITOP:
        o->op = D_MOV;
        break;
    case IR_OP_TRUNC:
    case IR_OP_PTOI:
        o->op = D_MASK;
        break;
    case IR_OP_ITOB: o->op = D_ITOB; break;
    case IR_OP_SITOF: o->op = f32 ? D_SITOF32 : D_SITOF64; break;
    case IR_OP_UITOF: o->op = f32 ? D_UITOF32 : D_UITOF64; break;
    case IR_OP_FTOSI: o->op = D_FTOSI; break;
    case IR_OP_FTOUI: o->op = D_FTOUI; break;
    case IR_OP_FEXT: o->op = D_FEXT; break;
    case IR_OP_FTRUNC: o->op = D_FTRUNC; break;
    case IR_OP_CALL: {
        IrSym callee = {(uint32_t)id->imm};
        const IrSymData *cs = ir_sym_c(m, callee);
        o->op = D_CALL;
        o->aux = call_site(d, i, 0, cs->sig);
        DCall *c = &ip->calls.data[o->aux];
        c->sym = callee;
        if (cs->func) {
            c->fn = &ip->funcs[callee.id];
        } else {
            IrSym u;
            c->ext = (void *)ip->symaddr[callee.id];
            if (!itp_addr_func(ip, ip->symaddr[callee.id], &u) && u.id)
                c->ext = NULL;      /* not found in the host */
        }
        o->size = ty.id ? vsize(m, ty) : 0;
        break;
    }
    case IR_OP_INDIRECTCALL:
        o->op = D_ICALL;
        o->aux = call_site(d, i, 1, (IrSig){(uint32_t)id->imm});
        o->size = ty.id ? vsize(m, ty) : 0;
        break;
    case IR_OP_BR:
        o->op = D_BR;
        o->aux = edge(d, i, 0);
        break;
    case IR_OP_CONDBR:
        o->op = D_CONDBR;
        o->aux = edge(d, i, 0);
        edge(d, i, 1);
        break;
    case IR_OP_RET:
        o->op = D_RET;
        o->size = id->nargs ? vsize(m, ir_value_type(f, a0)) : 0;
        break;
    case IR_OP_UNREACHABLE:
        o->op = D_UNREACHABLE;
        break;
    case IR_NUM_OPS:
        d->bad = true;
        break;
    }
}

/* Lays out the value frame and the stack slots, then decodes the code.
 * Frame offset 0..7 is a dummy that "value 0" reads.  A function too
 * large for the value frame gets a body that reports it when called. */
static void
decode_func(Interp *ip, DFunc *df)
{
    IrFunc *f = df->f;
    IrModule *m = f->mod;
    Dec d = {.ip = ip, .df = df, .f = f};
    uint32_t nv = ir_num_values(f), nb = ir_num_blocks(f);
    d.off = xcalloc(nv ? nv : 1, sizeof *d.off);
    d.bpc = xcalloc(nb ? nb : 1, sizeof *d.bpc);
    uint64_t fs = 8;
    for (uint32_t v = 1; v < nv; v++) {
        d.off[v] = (uint32_t)fs;
        fs += vsize(m, f->values.data[v].ty);
        if (fs > UINT32_MAX / 2)
            d.bad = true;
    }

    /* stack slots: offsets within one block, with gaps between them so
     * that overflowing one slot does not land in the next */
    df->nslots = ir_num_slots(f);
    df->slot_off = xcalloc(df->nslots + 1, sizeof *df->slot_off);
    df->slot_size = xcalloc(df->nslots + 1, sizeof *df->slot_size);
    df->slots_align = 1;
    uint64_t so = 0;
    for (uint32_t s = 1; s < df->nslots; s++) {
        IrType t = f->slots.data[s].ty;
        uint32_t al = ir_type_align(m, t);
        uint64_t sz = ir_type_size(m, t);
        if (al > df->slots_align)
            df->slots_align = al;
        so = (so + al - 1) & ~(uint64_t)(al - 1);
        df->slot_off[s] = so;
        df->slot_size[s] = sz;
        if (sz > ((uint64_t)1 << 46) || so > ((uint64_t)1 << 46))
            d.bad = true;       /* cannot fit any stack */
        else
            so += (sz ? sz : 1) + 16;
    }
    df->slots_size = so;

    /* entry parameters */
    IrBlock entry = ir_layout_entry(f);
    if (entry.id) {
        IrBlockData *eb = ir_block(f, entry);
        df->nparams = eb->nparams;
        df->param_off = xcalloc(eb->nparams + 1, sizeof *df->param_off);
        df->param_ty = xcalloc(eb->nparams + 1, sizeof *df->param_ty);
        for (uint32_t k = 0; k < eb->nparams; k++) {
            IrValue p = ir_block_param(f, entry, k);
            df->param_off[k] = O(&d, p);
            df->param_ty[k] = ir_value_type(f, p);
        }
    }

    uint32_t n = 0;
    IR_FOR_BLOCKS(f, b) {
        d.bpc[b.id] = n;
        IR_FOR_INSTS(f, b, i)
            n++;
    }
    df->code = xcalloc(n + 1, sizeof *df->code);
    df->ncode = n;
    n = 0;
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            decode_inst(&d, i, &df->code[n]);
            if (df->code[n].op == D_ALLOCA)
                df->uses_alloca = true;
            n++;
        }
    }
    /* a block without terminator (never verified) stops the program */
    df->code[n].op = D_UNREACHABLE;
    df->code[n].inst = 0;

    /* the parallel-copy scratch goes after the values, both 16-aligned
     * (rounding the sum instead could put the scratch over the last
     * value when the values end at 8 mod 16) */
    uint64_t tmp_off = (fs + 15) & ~(uint64_t)15;
    fs = tmp_off + ((d.tmp + 15) & ~(uint64_t)15);
    if (fs > UINT32_MAX / 2)
        d.bad = true;
    df->frame_size = (uint32_t)fs;
    df->tmp_off = (uint32_t)tmp_off;
    free(d.off);
    free(d.bpc);
    if (d.bad) {
        /* an error only if it is called */
        df->code[0] = (DInst){.op = D_TOOLARGE};
        df->ncode = 1;
        df->frame_size = 16;
        df->tmp_off = 0;
        df->nslots = 0;
        for (uint32_t k = 0; k < df->nparams; k++)
            df->param_off[k] = 0;
    }
}

/* -------------------------------------------------------------- API */

IrInterp *
ir_interp_new(IrModule *m, const IrInterpOptions *o, Diag *d)
{
    Interp *ip = xcalloc(1, sizeof *ip);
    ip->m = m;
    ip->diag = d;
    if (o)
        ip->opt = *o;
    if (!ip->opt.stack_size)
        ip->opt.stack_size = (uint64_t)256 << 20;
    if (!ip->opt.max_depth)
        ip->opt.max_depth = 1u << 20;
    uint32_t nsyms = ir_num_syms(m) + 1;
    ip->funcs = xcalloc(nsyms, sizeof *ip->funcs);
    ip->symaddr = xcalloc(nsyms, sizeof *ip->symaddr);
    ip->ntypes = ir_num_types(m);
    ip->runlists = xcalloc(ip->ntypes, sizeof *ip->runlists);
    for (uint32_t t = 0; t < ip->ntypes; t++)
        ip->runlists[t].n = UINT32_MAX;
    ip->ffitypes = xcalloc(ip->ntypes, sizeof *ip->ffitypes);
    ip->ffityped = xcalloc(ip->ntypes, 1);
    VEC_PUSH(ip->calls, ((DCall){0}));
    VEC_PUSH(ip->edges, ((DEdge){0}));

    if (!itp_mem_init(ip))
        goto fail;
    uint64_t retmax = 16;
    for (uint32_t s = 1; s < nsyms; s++) {
        IrSymData *sd = ir_sym(m, (IrSym){s});
        if (sd->dead || sd->kind != IR_SYM_FUNC || !sd->func)
            continue;
        DFunc *df = &ip->funcs[s];
        df->ip = ip;
        df->f = sd->func;
        df->sym = (IrSym){s};
        const IrSigData *sg = ir_sig(m, sd->sig);
        df->ret = sg->ret;
        df->ret_nonnull = (sg->ret_attrs & IR_ATTR_NONNULL) != 0;
        df->byval = xcalloc(sg->nparams + 1, sizeof *df->byval);
        df->nonnull = xcalloc(sg->nparams + 1, sizeof *df->nonnull);
        for (uint32_t k = 0; k < sg->nparams; k++) {
            const IrParam *pp = ir_sig_param(m, sd->sig, k);
            if (pp->attrs & IR_ATTR_BYVAL)
                df->byval[k] = pp->byval;
            df->nonnull[k] = (pp->attrs & IR_ATTR_NONNULL) != 0;
            if (df->byval[k] || df->nonnull[k])
                df->checks_params = true;
        }
        uint64_t rs = df->ret.id ? vsize(m, df->ret) : 0;
        if (rs > retmax && rs < UINT32_MAX / 2)    /* else too large */
            retmax = rs;
    }
    ip->retbuf = xcalloc(1, retmax + 16);
    ip->retcap = retmax;
    /* addresses first: decoding copies them into globaladdr */
    if (!itp_globals_init(ip))
        goto fail;
    for (uint32_t s = 1; s < nsyms; s++)
        if (ip->funcs[s].f)
            decode_func(ip, &ip->funcs[s]);
    return ip;
fail:
    ir_interp_free(ip);
    return NULL;
}

void
ir_interp_free(IrInterp *ip)
{
    if (!ip)
        return;
    uint32_t nsyms = ir_num_syms(ip->m) + 1;
    for (uint32_t s = 0; s < nsyms; s++) {
        DFunc *df = &ip->funcs[s];
        free(df->code);
        free(df->param_off);
        free(df->param_ty);
        free(df->slot_off);
        free(df->slot_size);
        free(df->byval);
        free(df->nonnull);
    }
    for (uint32_t c = 0; c < ip->calls.len; c++)
        free(ip->calls.data[c].avalues);
    itp_ffi_free(ip);
    itp_mem_free(ip);
    free(ip->funcs);
    free(ip->symaddr);
    free(ip->runlists);
    free(ip->ffitypes);
    free(ip->ffityped);
    free(ip->retbuf);
    VEC_FREE(ip->moves);
    VEC_FREE(ip->edges);
    VEC_FREE(ip->calls);
    VEC_FREE(ip->argoffs);
    VEC_FREE(ip->argtys);
    VEC_FREE(ip->runs);
    VEC_FREE(ip->lintbuf);
    free(ip);
}

int
ir_interp_call(IrInterp *ip, IrSym s, const uint64_t *args, uint32_t nargs,
               void *result)
{
    IrModule *m = ip->m;
    DFunc *fn = s.id <= ir_num_syms(m) ? &ip->funcs[s.id] : NULL;
    if (!fn || !fn->f) {
        ir_diag_error(ip->diag, (IrLoc){0, 0},
                      "@%s is not a function defined in the module",
                      fn ? ir_str(m, ir_sym_c(m, s)->name) : "?");
        return IR_INTERP_ERROR;
    }
    if (nargs != fn->nparams) {
        ir_diag_error(ip->diag, fn->f->loc,
                      "@%s takes %u arguments, %u given",
                      ir_str(m, ir_sym_c(m, s)->name), fn->nparams, nargs);
        return IR_INTERP_ERROR;
    }
    for (uint32_t k = 0; k < nargs; k++)
        if (!ir_type_is_scalar(fn->param_ty[k])) {
            ir_diag_error(ip->diag, fn->f->loc,
                          "@%s takes an aggregate argument",
                          ir_str(m, ir_sym_c(m, s)->name));
            return IR_INTERP_ERROR;
        }

    jmp_buf jb, *saved = ip->jb;
    uint32_t depth = ip->depth;
    uintptr_t msp = ip->msp;
    uint32_t nlive = ip->nlive;
    if (setjmp(jb)) {
        ip->jb = saved;
        ip->depth = depth;
        ip->msp = msp;
        ip->nlive = nlive;
        return ip->status;
    }
    ip->jb = &jb;
    uint8_t *fp = itp_frame_top(ip);
    if (fp + fn->frame_size > ip->vlimit)
        itp_fail(ip, NULL, IR_INTERP_UB,
                    "undefined behaviour: stack exhausted");
    memset(fp, 0, 8);
    if (ip->shadow)
        memset(ip->shadow + (fp - ip->vstack) / 8, 0, fn->frame_size / 8);
    for (uint32_t k = 0; k < nargs; k++) {
        IrType t = fn->param_ty[k];
        uint64_t v = args[k];
        if (ir_type_bits(t) < 64)
            v &= (UINT64_C(1) << ir_type_bits(t)) - 1;
        memcpy(fp + fn->param_off[k], &v, 8);
    }
    itp_push_frame(ip, fn, fp, NULL, NULL);
    itp_exec(ip, depth);
    ip->jb = saved;
    if (result) {
        uint64_t rs = fn->ret.id ? vsize(m, fn->ret) : 0;
        memcpy(result, ip->retbuf, rs > 8 ? rs : 8);
    }
    return IR_INTERP_OK;
}

void *
ir_interp_sym_addr(IrInterp *ip, IrSym s)
{
    if (!s.id || s.id > ir_num_syms(ip->m))
        return NULL;
    uintptr_t a = ip->symaddr[s.id];
    IrSym u;
    if (ip->funcs[s.id].f)          /* the closure, never a host stub */
        return ip->funcs[s.id].addr;
    /* an unresolved declaration has a tagged, uncallable address */
    if (!itp_addr_func(ip, a, &u) && u.id)
        return NULL;
    return (void *)a;
}
