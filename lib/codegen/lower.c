/*
 * lower.c - the code generation pipeline and the IR -> MIR driver.
 *
 *   for each function definition:
 *     isel (target hooks, blocks in reverse post-order)
 *       -> mir_dce -> cg_regalloc (liveness, linear scan, spilling)
 *       -> cg_frame_layout -> cg_finalize -> cg_emit_func (to a sink)
 *   then cg_emit_data hands the module's data to the sink.
 *
 * Values are mapped to MIR registers leaf by leaf: a scalar has one
 * register, an aggregate one per scalar member (recursively), so
 * extract/insert only rename registers and aggregates never need memory
 * except to cross a call boundary.  Unreachable blocks are not lowered
 * (their values may be used before any definition, spec F8).
 */
#include "sink.h"

#include <stdarg.h>
#include <string.h>
#include <time.h>

void
cg_error(CgCtx *c, IrLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_verror(c->diag, loc, fmt, ap);
    va_end(ap);
    c->failed = true;
}

_Noreturn void
cg_bug(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: codegen bug: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

MirClass
cg_class_of(IrType t)
{
    return ir_type_is_float(t) ? MIR_FP : MIR_GP;
}

typedef VEC(CgLeaf) LeafVec;

uint64_t
cg_nleaves(IrModule *m, IrType t)
{
    if (ir_type_is_scalar(t))
        return 1;
    if (ir_type_size(m, t) == 0)
        return 0;
    uint64_t n = 0, k = ir_type_nmembers(m, t);
    if (ir_type_kind(m, t) == IR_TY_ARRAY) {
        uint64_t e = cg_nleaves(m, ir_type_elem(m, t));
        return e && k > UINT32_MAX / e ? UINT32_MAX : e * k;
    }
    for (uint64_t q = 0; q < k && n < UINT32_MAX; q++)
        n += cg_nleaves(m, ir_type_member(m, t, q));
    return n > UINT32_MAX ? UINT32_MAX : n;
}

static void
leaves_rec(IrModule *m, IrType t, uint64_t off, LeafVec *v)
{
    if (!ir_type_is_scalar(t) && ir_type_size(m, t) == 0)
        return;
    if (ir_type_is_scalar(t)) {
        CgLeaf l = {.off = off, .ty = t};
        VEC_PUSH(*v, l);
        return;
    }
    uint64_t n = ir_type_nmembers(m, t);
    for (uint64_t k = 0; k < n; k++)
        leaves_rec(m, ir_type_member(m, t, k),
                   off + ir_type_offset(m, t, k), v);
}

uint32_t
cg_leaves(IrModule *m, IrType t, CgLeaf **out)
{
    LeafVec v = {0};
    leaves_rec(m, t, 0, &v);
    *out = v.data;
    return v.len;
}

const uint32_t *
cg_value_regs(CgCtx *c, IrValue v, uint32_t *n)
{
    if (!c->vfirst[v.id])
        return cg_define(c, v, n);
    if (c->lazy[v.id])
        cg_lazy_make(c, v);
    *n = c->vcount[v.id];
    return &c->leafpool.data[c->vfirst[v.id]];
}

uint32_t
cg_value_reg(CgCtx *c, IrValue v)
{
    uint32_t n;
    const uint32_t *r = cg_value_regs(c, v, &n);
    if (n != 1)
        CG_BUG("value %u is not a scalar", v.id);
    return r[0];
}

void
cg_bind(CgCtx *c, IrValue v, const uint32_t *regs, uint32_t n)
{
    VEC_RESERVE_RAW(c->leafpool, c->leafpool.len + n + 1);
    /* regs may point into leafpool: reserve first, then copy */
    uint32_t first = c->leafpool.len;
    for (uint32_t k = 0; k < n; k++)
        c->leafpool.data[first + k] = regs[k];
    c->leafpool.len += n;
    c->vfirst[v.id] = first;
    c->vcount[v.id] = n;
}

const uint32_t *
cg_define(CgCtx *c, IrValue v, uint32_t *n)
{
    IrType t = ir_value_type(c->irf, v);
    /* Most values are scalars: one vreg, without the leaf list's
     * allocation (a malloc and free per value was 2% of sirc -O0). */
    CgLeaf one = {.ty = t}, *lv = &one;
    uint32_t nl = ir_type_is_scalar(t) ? 1 : cg_leaves(c->m, t, &lv);
    VEC_RESERVE_RAW(c->leafpool, c->leafpool.len + nl + 1);
    uint32_t first = c->leafpool.len;
    for (uint32_t k = 0; k < nl; k++)
        c->leafpool.data[first + k] = mir_vreg_new(c->mf,
                                                   cg_class_of(lv[k].ty));
    c->leafpool.len += nl;
    if (lv != &one)
        free(lv);
    c->vfirst[v.id] = first;
    c->vcount[v.id] = nl;
    *n = nl;
    return &c->leafpool.data[first];
}

/* Reverse post-order of the blocks reachable from the entry (its
 * work arrays on the scratch stack, released by the caller). */
static uint32_t
compute_rpo(IrFunc *f, CgScratch *sc, bool *reach, IrBlock *rpo)
{
    uint32_t nb = ir_num_blocks(f), n = 0, sp = 0;
    IrBlock *stack = cg_scratch_alloc(sc, nb * sizeof *stack);
    uint32_t *next = cg_scratch_zalloc(sc, nb * sizeof *next);
    IrBlock *post = cg_scratch_alloc(sc, nb * sizeof *post);
    IrBlock e = ir_layout_entry(f);
    if (!e.id)
        return 0;
    reach[e.id] = true;
    stack[sp++] = e;
    while (sp) {
        IrBlock b = stack[sp - 1];
        IrInst t = ir_layout_terminator(f, b);
        uint32_t nt = t.id ? ir_inst(f, t)->ntargets : 0;
        if (next[b.id] < nt) {
            IrBlock s = ir_target(f, t, next[b.id]++)->block;
            if (!reach[s.id]) {
                reach[s.id] = true;
                stack[sp++] = s;
            }
            continue;
        }
        post[n++] = b;
        sp--;
    }
    for (uint32_t k = 0; k < n; k++)
        rpo[k] = post[n - 1 - k];
    return n;
}

static void
print_stage(CgCtx *c, const char *stage)
{
    const CgOptions *o = c->opt;
    if (o->print_after && !strcmp(o->print_after, stage)) {
        FILE *out = o->print_out ? o->print_out : stderr;
        fprintf(out, "; MIR after %s\n", stage);
        mir_print_func(c->mf, out);
    }
}

static double
wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Charges the time since *t0 to stage st (when asked) and restarts. */
static void
stage_done(CgCtx *c, CgStage st, double *t0)
{
    CgStats *s = c->opt->stats;
    if (!s)
        return;
    double t = wall_now();
    s->wall[st] += t - *t0;
    *t0 = t;
}

bool
cg_compile_func(CgCtx *c, IrSym s, MirFunc *out)
{
    double t0 = c->opt->stats ? wall_now() : 0;
    IrModule *m = c->m;
    IrFunc *f = ir_sym(m, s)->func;
    const Target *t = c->opt->target;
    MirFunc mf;
    mir_func_init(&mf, m, s, t);
    /* Size the MIR arrays from the IR up front: growing them from empty
     * by doubling, function after function, was a tenth of -O0's time
     * in realloc and malloc bookkeeping. */
    uint32_t ni = ir_num_insts(f);
    VEC_RESERVE_RAW(mf.insts, 2 * ni + 16);
    VEC_RESERVE_RAW(mf.opnds, 4 * ni + 16);
    VEC_RESERVE_RAW(mf.vregs, ni + 16);
    mf.fn_index = c->fn_index;
    c->irf = f;
    c->mf = &mf;
    c->sret = 0;
    uint32_t nv = ir_num_values(f), nb = ir_num_blocks(f);
    /* The function's tables come off the thread's scratch stack, below
     * the allocator's, and go back at the end. */
    if (!c->scratch)
        c->scratch = cg_scratch_new();
    CgScratch *sc = c->scratch;
    CgScratchMark mark = cg_scratch_mark(sc);
    c->vfirst = cg_scratch_zalloc(sc, nv * sizeof *c->vfirst);
    c->vcount = cg_scratch_zalloc(sc, nv * sizeof *c->vcount);
    c->leafpool.len = 0;
    VEC_PUSH(c->leafpool, 0);       /* index 0 means "unbound" */
    c->blockmap = cg_scratch_zalloc(sc, nb * sizeof *c->blockmap);
    c->slotobj = cg_scratch_zalloc(sc, (ir_num_slots(f) + 1) *
                                       sizeof *c->slotobj);
    c->reachable = cg_scratch_zalloc(sc, nb * sizeof *c->reachable);
    ir_uses_compute(f, &c->uses);
    c->fusable = cg_scratch_zalloc(sc, nv * sizeof *c->fusable);
    c->lazy = cg_scratch_zalloc(sc, nv * sizeof *c->lazy);
    c->lazy_ok = c->opt->optlevel == 0 && !c->opt->print_after;

    IrBlock *rpo = cg_scratch_alloc(sc, (nb + 1) * sizeof *rpo);
    uint32_t nrpo = compute_rpo(f, sc, c->reachable, rpo);
    IR_FOR_BLOCKS(f, b) {
        if (!c->reachable[b.id])
            continue;
        uint32_t mb = mir_block_new(&mf, b.id, ir_block(f, b)->name);
        c->blockmap[b.id] = mb;
        uint32_t n = 0;
        IR_FOR_INSTS(f, b, i)
            n++;
        VEC_RESERVE_RAW(mf.blocks.data[mb].insts, 2 * n + 8);
    }
    for (uint32_t k = 1; k < ir_num_slots(f); k++) {
        IrType ty = ir_slot(f, (IrSlot){k})->ty;
        uint64_t sz = ir_type_size(m, ty);
        if (sz > INT32_MAX / 4) {
            cg_error(c, ir_slot(f, (IrSlot){k})->loc, "stack slot of %llu "
                     "bytes is too large", (unsigned long long)sz);
            sz = 1;
        }
        c->slotobj[k] = mir_frame_new(&mf, MF_SLOT,
                                      (uint32_t)(sz ? sz : 1),
                                      ir_type_align(m, ty));
    }
    /* Aggregates live in registers leaf by leaf: refuse absurd ones. */
    for (uint32_t k = 0; k < nrpo && !c->failed; k++) {
        IrBlockData *bd = ir_block(f, rpo[k]);
        for (uint32_t p = 0; p < bd->nparams && !c->failed; p++) {
            IrType ty = ir_value_type(f, ir_block_param(f, rpo[k], p));
            if (cg_nleaves(m, ty) > CG_MAX_LEAVES)
                cg_error(c, bd->loc, "aggregate value with more than %u "
                         "scalar members is not supported", CG_MAX_LEAVES);
        }
        IR_FOR_INSTS(f, rpo[k], i) {
            IrValue r = ir_inst_result(f, i);
            if (r.id && cg_nleaves(m, ir_value_type(f, r)) > CG_MAX_LEAVES) {
                cg_error(c, ir_inst(f, i)->loc, "aggregate value with more "
                         "than %u scalar members is not supported",
                         CG_MAX_LEAVES);
                break;
            }
        }
    }
    /* Block parameters get their registers before any use is seen. */
    for (uint32_t k = 1; k < nrpo; k++) {
        IrBlockData *bd = ir_block(f, rpo[k]);
        for (uint32_t p = 0; p < bd->nparams; p++) {
            uint32_t n;
            cg_define(c, ir_block_param(f, rpo[k], p), &n);
        }
    }
    /* Each instruction takes the position of the SIR instruction it is
     * selected for; the incoming parameters that of the header. */
    mf.loc = f->loc;
    if (nrpo && !c->failed) {
        mf.cur = c->blockmap[rpo[0].id];
        uint32_t first = mf.insts.len;
        t->isel_entry(c);
        if (c->dwarf)
            cg_dwarf_entry(c, first);
    }
    for (uint32_t k = 0; k < nrpo && !c->failed; k++) {
        mf.cur = c->blockmap[rpo[k].id];
        IR_FOR_INSTS(f, rpo[k], i) {
            mf.loc = ir_inst(f, i)->loc;
            uint32_t first = mf.insts.len;
            t->isel_inst(c, i);
            if (c->dwarf)
                cg_dwarf_inst(c, i, first);
            if (c->failed)
                break;
        }
    }
    mf.loc = (IrLoc){0};
    cg_lazy_drop(c);
    bool ok = !c->failed;
    CgStats *st = c->opt->stats;
    if (ok) {
        if (t->post_isel && c->opt->optlevel > 0)
            t->post_isel(c, &mf);
        stage_done(c, CG_STAGE_ISEL, &t0);
        print_stage(c, "isel");
        mir_dce(&mf);
        stage_done(c, CG_STAGE_DCE, &t0);
        print_stage(c, "dce");
        uint32_t before = mf.insts.len;
        ok = cg_regalloc(c, &mf);
        if (st) {
            st->funcs++;
            st->isel_insts += before - 1;
            st->vregs += mf.vregs.len;
            st->ra_insts += mf.insts.len - before;
        }
    }
    if (ok) {
        if (c->opt->optlevel > 0)
            cg_tail_dup(&mf);
        stage_done(c, CG_STAGE_REGALLOC, &t0);
        print_stage(c, "regalloc");
        cg_frame_layout(&mf);
        stage_done(c, CG_STAGE_FRAME, &t0);
        if (mf.frame_size > INT32_MAX / 2 || mf.inarg_size > INT32_MAX / 2) {
            cg_error(c, f->loc, "stack frame of %lld bytes is too large",
                     (long long)mf.frame_size);
            ok = false;
        }
    }
    if (ok && c->opt->emit != CG_EMIT_MIR) {
        mf.loc = f->loc;            /* the prologue's line */
        cg_finalize(c, &mf);
        if (c->dwarf)
            cg_dwarf_func(c, &mf);
        stage_done(c, CG_STAGE_EMIT, &t0);
    }
    ir_uses_free(&c->uses);
    cg_scratch_release(sc, mark);
    c->vfirst = c->vcount = c->blockmap = c->slotobj = NULL;
    c->fusable = NULL;
    c->lazy = NULL;
    c->reachable = NULL;
    free(c->tpriv);
    c->tpriv = NULL;
    c->mf = NULL;
    *out = mf;
    return ok;
}

/* A module on its way to a sink: begun, given its functions in runs,
 * then finished with its data (compile_module in one go, sirc's
 * streaming run by run as the reader completes them). */
struct CgStream {
    CgCtx c;
    McSink *sink;
    McSink own;             /* cg_stream_obj's object sink */
    FILE *out;              /* MIR listings */
    uint32_t nfuncs;        /* compiled so far: the next fn_index */
    bool ok, asm_;
};

static void
stream_begin(CgStream *s, IrModule *m, const CgOptions *opt, McSink *sink,
             FILE *out, Diag *d)
{
    CgCtx *c = &s->c;
    memset(c, 0, sizeof *c);
    c->m = m;
    c->opt = opt;
    c->diag = d;
    s->sink = sink;
    s->out = out;
    s->nfuncs = 0;
    if (!opt->target)
        CG_BUG("cg_compile: no target");
    s->asm_ = opt->emit != CG_EMIT_MIR;
    if (s->asm_ && opt->debug)
        c->dwarf = cg_dwarf_new(c);
    if (s->asm_) {
        sink->ctx = c;
        sink->begin(sink, c);
    }
    s->ok = !c->failed;
}

/* Compiles fns[0 .. n) and hands them to the sink in order. */
static bool
stream_funcs(CgStream *s, const IrSym *fns, uint32_t n)
{
    CgCtx *c = &s->c;
    const CgOptions *opt = c->opt;
    uint32_t base = s->nfuncs;
    s->nfuncs += n;
    /* Threads only where the output is the sink's alone (listings and
     * -print-after write as they go, timings and the DWARF description
     * add up in one place). */
    if (!s->ok || !n) {
    } else if (opt->jobs > 1 && n > 1 && s->asm_ && !opt->print_after &&
               !opt->stats && !c->dwarf) {
        c->fn_index = base;
        s->ok = cg_compile_parallel(c, fns, n, s->sink);
    } else {
        for (uint32_t k = 0; k < n && s->ok; k++) {
            MirFunc mf;
            c->failed = false;
            c->fn_index = base + k;
            s->ok = cg_compile_func(c, fns[k], &mf);
            double t0 = opt->stats ? wall_now() : 0;
            if (s->ok && s->asm_)
                cg_emit_func(s->sink, &mf);
            else if (s->ok)
                mir_print_func(&mf, s->out);
            if (opt->stats)
                opt->stats->wall[CG_STAGE_EMIT] += wall_now() - t0;
            mir_func_free(&mf);
        }
    }
    return s->ok;
}

/* The data, then the file. */
static bool
stream_end(CgStream *s)
{
    CgCtx *c = &s->c;
    if (s->ok && s->asm_) {
        double t0 = c->opt->stats ? wall_now() : 0;
        cg_emit_data(s->sink, c->m);
        s->ok = s->sink->finish(s->sink);
        stage_done(c, CG_STAGE_FINISH, &t0);
    }
    VEC_FREE(c->leafpool);
    VEC_FREE(c->lazydefs);
    cg_scratch_free(c->scratch);
    c->scratch = NULL;
    cg_dwarf_free(c->dwarf);
    c->dwarf = NULL;
    return s->ok;
}

/* Compiles every function of m, then its data, into sink (or, for
 * CG_EMIT_MIR, prints the allocated MIR on out). */
static bool
compile_module(IrModule *m, const CgOptions *opt, McSink *sink, FILE *out,
               Diag *d)
{
    CgStream s;
    stream_begin(&s, m, opt, sink, out, d);
    VEC(IrSym) fns = {0};
    for (uint32_t k = 1; k <= ir_num_syms(m); k++) {
        const IrSymData *sd = ir_sym_c(m, (IrSym){k});
        if (!sd->dead && sd->kind == IR_SYM_FUNC && sd->func)
            VEC_PUSH(fns, ((IrSym){k}));
    }
    stream_funcs(&s, fns.data, fns.len);
    VEC_FREE(fns);
    return stream_end(&s);
}

void
cg_stats_report(const CgStats *s, bool times, bool counts, FILE *out)
{
    static const char *const names[CG_NSTAGES] = {
        "Instruction selection", "MIR dead code elimination",
        "Register allocation", "Frame layout",
        "Finalization and emission (per function)",
        "Data and file emission",
    };
    if (times) {
        double tot = 0;
        for (int k = 0; k < CG_NSTAGES; k++)
            tot += s->wall[k];
        ir_report_banner(out, "... Code generation timing report ...");
        fprintf(out, "  Total Execution Time: %.4f seconds (wall clock)"
                "\n\n   ---Wall Time---  --- Name ---\n", tot);
        for (int k = 0; k <= CG_NSTAGES; k++) {
            double v = k < CG_NSTAGES ? s->wall[k] : tot;
            fprintf(out, "  %7.4f (%5.1f%%)  %s\n", v,
                    tot > 0 ? 100 * v / tot : 0.0,
                    k < CG_NSTAGES ? names[k] : "Total");
        }
        fputc('\n', out);
    }
    if (counts) {
        ir_report_banner(out, "... Code generation statistics ...");
        fputc('\n', out);
        const struct { uint64_t n; const char *pass, *what; } rows[] = {
            {s->funcs, "codegen", "Number of functions compiled"},
            {s->isel_insts, "isel", "Number of MIR instructions selected"},
            {s->vregs, "regalloc", "Number of virtual registers"},
            {s->ra_insts, "regalloc", "Number of moves, spills and "
                                     "reloads inserted"},
        };
        for (size_t k = 0; k < sizeof rows / sizeof *rows; k++)
            if (rows[k].n)
                fprintf(out, "%8llu %-8s - %s\n",
                        (unsigned long long)rows[k].n, rows[k].pass,
                        rows[k].what);
        fputc('\n', out);
    }
}

bool
cg_compile_to(IrModule *m, const CgOptions *opt, McSink *sink, Diag *d)
{
    return compile_module(m, opt, sink, NULL, d);
}

bool
cg_compile(IrModule *m, const CgOptions *opt, FILE *out, Diag *d)
{
    McSink text;
    cg_text_sink(&text, out, opt->target);
    bool ok = compile_module(m, opt, &text, out, d);
    cg_text_sink_free(&text);
    return ok;
}

/* Objects need a target that encodes. */
static bool
obj_target_ok(const CgOptions *opt, Diag *d)
{
    if (opt->target && opt->target->encode)
        return true;
    ir_diag_error(d, (IrLoc){0}, "objects for target '%s' are not "
                  "available yet", opt->target ? opt->target->name : "?");
    return false;
}

CgStream *
cg_stream_obj(IrModule *m, const CgOptions *opt, FILE *out, Diag *d)
{
    if (!obj_target_ok(opt, d))
        return NULL;
    CgStream *s = xcalloc(1, sizeof *s);
    cg_obj_sink(&s->own, out, opt->target);
    stream_begin(s, m, opt, &s->own, NULL, d);
    return s;
}

bool
cg_stream_funcs(CgStream *s, const IrSym *fns, uint32_t n)
{
    return stream_funcs(s, fns, n);
}

bool
cg_stream_end(CgStream *s, bool write)
{
    s->ok = s->ok && write;
    bool ok = stream_end(s);
    cg_obj_sink_free(&s->own);
    free(s);
    return ok;
}

bool
cg_compile_obj(IrModule *m, const CgOptions *opt, FILE *out, Diag *d)
{
    if (!obj_target_ok(opt, d))
        return false;
    McSink s;
    cg_obj_sink(&s, out, opt->target);
    bool ok = compile_module(m, opt, &s, NULL, d);
    cg_obj_sink_free(&s);
    return ok;
}
