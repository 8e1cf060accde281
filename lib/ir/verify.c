/*
 * verify.c - the well-formedness rules of spec section 9 and the type
 * rules of section 7, on IR from the parser, the builder or a pass.
 *
 * Every violation is reported (errors are counted, not fatal) at the
 * offending token: an operand's own location when the parser recorded
 * one in f->vlocs, otherwise the instruction's.  Nothing is assumed
 * about where the IR came from: dangling values, instructions after a
 * terminator, bad ids and mismatched links are all reported, never
 * trusted.
 *
 * One function costs O(blocks + instructions + operands): the layout is
 * walked once to give every value its defining block and every
 * instruction its position in its block; dominance (F8) is then
 * ir_dom_dominates (two compares on DFS numbers) or a position compare
 * for uses in the defining block.  Nothing recurses on the size of the
 * input; initializers are walked with an explicit stack.
 */
#include "ir_int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    IrModule *m;
    Diag *d;
    int nerr;
} Ver;

typedef struct {
    Ver *v;
    IrModule *m;
    IrFunc *f;
    const char *fname;
    uint32_t nv, ni, nb;
    uint32_t *num;      /* value id -> 1 + number of a numbered value,
                         * once 'numbered' (only messages need it) */
    bool numbered;
    uint32_t *pos;      /* inst id -> 1-based position in its block */
    bool *vdef;         /* value id -> correctly defined in the layout */
    bool sigok;         /* the function's signature id is valid */
    IrCfg cfg;
    IrDomTree dom;
    IrInst cur;         /* instruction being checked, when printable */
    uint64_t *names;    /* F1: set of namespace << 32 | name id */
    uint32_t ncap, nnames;
} Fn;

enum { NS_LABEL, NS_VALUE, NS_SLOT };

/* ------------------------------------------------------------ reports */

static void
verr(Ver *v, IrLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
verr(Ver *v, IrLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_verror(v->d, loc, fmt, ap);
    va_end(ap);
    v->nerr++;
}

static void
ferr(Fn *F, IrLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Notes the instruction an error is in (STYLE 2.5), while errors are
 * still being printed.  An instruction read from text is shown as the
 * user wrote it, with its line and column (nothing when the error
 * already points into its line); one built in memory is printed, as
 * there is no text to show.  ir_print_inst numbers the whole function,
 * so that costs O(function) per printed error, at most the diagnostic
 * limit's worth. */
static void
note_inst(Fn *F, IrLoc at)
{
    Diag *d = F->v->d;
    int limit = d->limit ? d->limit : 50;
    if (!F->cur.id || !d->out || d->nerrors >= limit)
        return;
    IrLoc il = ir_inst(F->f, F->cur)->loc;
    if (il.line && d->src) {
        if (il.line != at.line)
            ir_diag_note(d, il, "in this instruction");
        return;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    if (!mf)
        return;
    ir_print_inst(F->f, F->cur, mf);
    if (fclose(mf) == 0 && buf)
        ir_diag_note(d, il, "in instruction (as built): %s", buf);
    free(buf);
}

static void
ferr(Fn *F, IrLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_verror(F->v->d, loc, fmt, ap);
    va_end(ap);
    F->v->nerr++;
    note_inst(F, loc);
}

/* Asked of every type of every instruction: the length is read here,
 * not through a call to types.c. */
static bool
tyok(const IrModule *m, IrType t)
{
    return t.id < m->types.len;
}

/* Spelling of a type for messages ("<bad type>" for an invalid id). */
static const char *
tstr(const IrModule *m, IrType t, char *buf, size_t n)
{
    if (!tyok(m, t))
        return "<invalid type>";
    if (t.id == IR_TY_VOID)
        return "void";
    return ir_type_str(m, t, buf, n);
}

#define TBUF 200
#define T1(t) tstr(F->m, (t), tb1, sizeof tb1)
#define T2(t) tstr(F->m, (t), tb2, sizeof tb2)

static const char *
sname(const IrModule *m, IrSym s)
{
    if (!s.id || s.id > ir_num_syms(m))
        return "?";
    return ir_str(m, ir_sym_c(m, s)->name);
}

static const char *
label(Fn *F, IrBlock b)
{
    if (!b.id || b.id >= F->nb)
        return "<invalid block>";
    const char *s = ir_str(F->m, F->f->blocks.data[b.id].name);
    return *s ? s : "<unnamed block>";
}

static void number_values(Fn *F);

/* The name of a value as the source or the printer spells it: %name,
 * %N for numbered values (numbered in textual order of definition, as
 * spec section 5 does), %vID for values that are not defined. */
static const char *
vname(Fn *F, IrValue v, char *buf, size_t n)
{
    if (!v.id || v.id >= F->nv) {
        snprintf(buf, n, "<invalid value %u>", v.id);
        return buf;
    }
    uint32_t name = F->f->values.data[v.id].name;
    if (!F->numbered)
        number_values(F);
    if (name)
        snprintf(buf, n, "%%%s", ir_str(F->m, name));
    else if (F->num[v.id])
        snprintf(buf, n, "%%%u", F->num[v.id] - 1);
    else
        snprintf(buf, n, "%%v%u", v.id);
    return buf;
}

static IrLoc
iloc(Fn *F, IrInst i)
{
    return F->f->insts.data[i.id].loc;
}

/* Location of token k (IR_TLOC_*) of instruction i, if the parser gave
 * its column, otherwise the instruction's. */
static IrLoc
tloc(Fn *F, IrInst i, unsigned k)
{
    size_t at = (size_t)i.id * IR_TLOC_N + k;
    IrLoc l = iloc(F, i);
    if (at < F->f->tcols.len && F->f->tcols.data[at])
        l.col = F->f->tcols.data[at];
    return l;
}

/* Location of the operand in vpool slot 'slot' of instruction i. */
static IrLoc
oploc(Fn *F, uint32_t slot, IrInst i)
{
    if (slot < F->f->vlocs.len && F->f->vlocs.data[slot].line)
        return F->f->vlocs.data[slot];
    return iloc(F, i);
}

static IrLoc
bloc(Fn *F, IrBlock b)
{
    IrLoc l = F->f->blocks.data[b.id].loc;
    return l.line ? l : F->f->loc;
}

/* Location of parameter k of block b. */
static IrLoc
ploc(Fn *F, IrBlock b, uint32_t k)
{
    uint32_t slot = F->f->blocks.data[b.id].params + k;
    if (slot < F->f->vlocs.len && F->f->vlocs.data[slot].line)
        return F->f->vlocs.data[slot];
    return bloc(F, b);
}

static const char *
opname(Fn *F, IrInst i)
{
    uint8_t op = F->f->insts.data[i.id].op;
    return op < IR_NUM_OPS ? ir_op_info[op].name : "<invalid opcode>";
}

/* ------------------------------------------------------------- values */

/* The type of the operand in 'slot', or false (silently) when the
 * operand is not a defined value: check_use reports those. */
static bool
optype(Fn *F, uint32_t slot, IrType *t)
{
    IrValue v = F->f->vpool.data[slot];
    if (!v.id || v.id >= F->nv || !F->vdef[v.id])
        return false;
    *t = F->f->values.data[v.id].ty;
    return true;
}

/* F4: the operand in 'slot' of i has type 'want'. */
static void
want(Fn *F, IrInst i, uint32_t slot, IrType want, const char *role)
{
    IrType t;
    char tb1[TBUF], tb2[TBUF], vb[TBUF];
    if (!optype(F, slot, &t) || t.id == want.id)
        return;
    ferr(F, oploc(F, slot, i),
         "type mismatch: %s %s of %s has type %s, expected %s", role,
         vname(F, F->f->vpool.data[slot], vb, sizeof vb), opname(F, i),
         T1(t), T2(want));
}

/* Why value v (id in range) is not defined, for pass writers: a name
 * alone does not tell a removed parameter from its replacement. */
static const char *
why_undef(Fn *F, IrValue v, char *buf, size_t n)
{
    const IrValueData *vd = &F->f->values.data[v.id];
    switch (vd->kind) {
    case IR_VAL_INST:
        if (vd->def >= F->ni || F->f->insts.data[vd->def].result.id != v.id)
            snprintf(buf, n, "value %u names a bad instruction",
                     v.id);
        else
            snprintf(buf, n, "value %u: its instruction is not "
                     "in the layout", v.id);
        break;
    case IR_VAL_PARAM:
        if (vd->def >= F->nb || !ir_layout_block_inserted(F->f,
                                                         (IrBlock){vd->def}))
            snprintf(buf, n, "value %u: its block is not in the "
                     "layout", v.id);
        else
            snprintf(buf, n, "value %u: not a parameter of its "
                     "block", v.id);
        break;
    default:
        snprintf(buf, n, "value %u was removed or never defined",
                 v.id);
    }
    return buf;
}

/* F2 and F8 for the operand in vpool slot 'slot' of instruction i, laid
 * out in block b: the value exists and its definition dominates the use
 * (same block: comes earlier).  The operand's location is looked up only
 * for a message: this runs for every operand. */
static void
check_use(Fn *F, IrInst i, IrBlock b, uint32_t slot)
{
    IrValue v = F->f->vpool.data[slot];
    char vb[TBUF], wb[96];
    if (!v.id || v.id >= F->nv) {
        ferr(F, oploc(F, slot, i),
             "%s has an invalid operand (value id %u)", opname(F, i), v.id);
        return;
    }
    if (!F->vdef[v.id]) {
        ferr(F, oploc(F, slot, i),
             "use of undefined value %s in %s (%s)",
             vname(F, v, vb, sizeof vb), opname(F, i),
             why_undef(F, v, wb, sizeof wb));
        return;
    }
    const IrValueData *vd = &F->f->values.data[v.id];
    IrBlock db;
    if (vd->kind == IR_VAL_PARAM) {
        db = (IrBlock){vd->def};
    } else {
        db = ir_layout_inst_block(F->f, (IrInst){vd->def});
        if (db.id == b.id) {
            if (vd->def == i.id)
                ferr(F, oploc(F, slot, i), "%s uses its own result %s",
                     opname(F, i), vname(F, v, vb, sizeof vb));
            else if (F->pos[vd->def] > F->pos[i.id])
                ferr(F, oploc(F, slot, i),
                     "%s is used by %s before its definition",
                     vname(F, v, vb, sizeof vb), opname(F, i));
            return;
        }
    }
    if (!ir_dom_dominates(&F->dom, &F->cfg, db, b))
        ferr(F, oploc(F, slot, i),
             "definition of %s in block %s does not dominate its use "
             "by %s in block %s",
             vname(F, v, vb, sizeof vb), label(F, db), opname(F, i),
             label(F, b));
}

/* L2 for a type named by an instruction, parameter, slot or symbol. */
static bool
too_big(Ver *v, IrLoc loc, IrType t)
{
    if (!tyok(v->m, t) || !ir_type_too_big(v->m, t))
        return false;
    char tb[TBUF];
    verr(v, loc, "type %s is too large (2^63 bytes or more)",
         ir_type_str(v->m, t, tb, sizeof tb));
    return true;
}

/* What check_type accepts, asked first where naming the entity for its
 * messages would cost more than the check. */
static bool
type_fine(const IrModule *m, IrType t)
{
    return tyok(m, t) && t.id != IR_TY_VOID && !ir_type_too_big(m, t);
}

/* A type that must be a real type (not void, a valid id). */
static bool
check_type(Ver *v, IrLoc loc, IrType t, const char *what)
{
    if (!tyok(v->m, t)) {
        verr(v, loc, "%s has an invalid type (id %u)", what, t.id);
        return false;
    }
    if (t.id == IR_TY_VOID) {
        verr(v, loc, "%s cannot have type void", what);
        return false;
    }
    return !too_big(v, loc, t);
}

/* -------------------------------------------------------- signatures */

/* S1 and type validity of a signature (of a symbol or indirectcall). */
static void
check_sig(Ver *v, IrSig s, IrLoc loc, const char *what)
{
    IrModule *m = v->m;
    char tb[TBUF];
    if (!s.id || s.id >= m->sigs.len) {
        verr(v, loc, "%s has an invalid signature", what);
        return;
    }
    const IrSigData *sd = ir_sig(m, s);
    if (!tyok(m, sd->ret)) {
        verr(v, loc, "%s has an invalid return type", what);
    } else {
        too_big(v, loc, sd->ret);
        if (sd->ret_attrs & ~(IR_ATTR_NOALIAS | IR_ATTR_NONNULL))
            verr(v, loc, "%s: byval is not a return attribute", what);
        else if (sd->ret_attrs && sd->ret.id != IR_TY_PTR)
            verr(v, loc,
                 "%s: return attributes require a ptr return type, not %s",
                 what, tstr(m, sd->ret, tb, sizeof tb));
    }
    if (sd->conv > IR_CONV_WIN64)
        verr(v, loc, "%s has an invalid calling convention", what);
    for (uint32_t k = 0; k < sd->nparams; k++) {
        const IrParam *p = ir_sig_param(m, s, k);
        if (!tyok(m, p->ty) || p->ty.id == IR_TY_VOID) {
            verr(v, loc, "%s: parameter %u has %s type", what, k + 1,
                 tyok(m, p->ty) ? "void" : "an invalid");
            continue;
        }
        too_big(v, loc, p->ty);
        if (p->attrs & ~(IR_ATTR_NOALIAS | IR_ATTR_NONNULL | IR_ATTR_BYVAL))
            verr(v, loc, "%s: parameter %u has unknown attributes", what,
                 k + 1);
        else if (p->attrs && p->ty.id != IR_TY_PTR)
            verr(v, loc, "%s: attributes on parameter %u require type "
                 "ptr, not %s", what, k + 1, tstr(m, p->ty, tb, sizeof tb));
        else if ((p->attrs & IR_ATTR_BYVAL) && p->byval < 1)
            verr(v, loc, "%s: byval(%llu) on parameter %u: the size must "
                 "be at least 1", what, (unsigned long long)p->byval, k + 1);
    }
}

/* "@name" of a call's callee for messages (cut at TBUF bytes). */
static const char *
callee_name(const IrModule *m, IrSym s, char *buf)
{
    snprintf(buf, TBUF, "@%s", sname(m, s));
    return buf;
}

/* C3: arguments in vpool[first .. first+n) against signature s; 'callee'
 * names the callee in messages (0 for indirectcall).  Names are only
 * formatted for a message: this runs for every call. */
static void
check_args(Fn *F, IrInst i, IrSig s, uint32_t first, uint32_t n,
           IrSym callee, IrLoc fewloc)
{
    const IrSigData *sd = ir_sig(F->m, s);
    char tb1[TBUF], tb2[TBUF], vb[TBUF], who[TBUF], to[TBUF + 8] = "";
    if (n < sd->nparams || (!sd->variadic && n > sd->nparams)) {
        if (callee.id)
            snprintf(to, sizeof to, " to %s", callee_name(F->m, callee, who));
        /* at the first extra argument, or at the callee */
        IrLoc l = n > sd->nparams ? oploc(F, first + sd->nparams, i) : fewloc;
        ferr(F, l, "%s%s passes %u argument%s, expected %s%u",
             opname(F, i), to, n, n == 1 ? "" : "s",
             sd->variadic ? "at least " : "", sd->nparams);
    }
    for (uint32_t k = 0; k < n; k++) {
        uint32_t slot = first + k;
        IrType t;
        if (!optype(F, slot, &t))
            continue;
        IrType pt = k < sd->nparams ? ir_sig_param(F->m, s, k)->ty : t;
        bool bad = k < sd->nparams ? t.id != pt.id :
                   sd->variadic && t.id != IR_TY_I32 && t.id != IR_TY_I64 &&
                   t.id != IR_TY_PTR && t.id != IR_TY_F64;
        if (!bad)
            continue;
        const char *vn = vname(F, F->f->vpool.data[slot], vb, sizeof vb);
        if (callee.id)
            snprintf(to, sizeof to, " to %s", callee_name(F->m, callee, who));
        if (k < sd->nparams)
            ferr(F, oploc(F, slot, i),
                 "type mismatch: argument %u (%s) of %s%s has type "
                 "%s, expected %s", k + 1, vn, opname(F, i), to,
                 T1(t), T2(pt));
        else
            ferr(F, oploc(F, slot, i),
                 "variadic argument %u (%s) of %s%s has type %s; only "
                 "i32, i64, ptr and f64 can be passed there", k + 1, vn,
                 opname(F, i), to, T1(t));
    }
}

/* ------------------------------------------------------- instructions */

static bool
is_int(IrType t) { return ir_type_is_int(t); }

/* At the operand's type when only it is of the wrong kind, otherwise at
 * the result type. */
static void
bad_cast(Fn *F, IrInst i, const char *why, bool to_ok)
{
    const IrInstData *d = &F->f->insts.data[i.id];
    char tb1[TBUF], tb2[TBUF];
    ferr(F, tloc(F, i, to_ok ? IR_TLOC_TY2 : IR_TLOC_TY),
         "invalid conversion: %s from %s to %s (%s)",
         opname(F, i), T1(d->ty2), T2(d->ty), why);
}

static void
check_cast(Fn *F, IrInst i)
{
    const IrInstData *d = &F->f->insts.data[i.id];
    IrType to = d->ty, from = d->ty2;
    unsigned wt = ir_type_bits(to), wf = ir_type_bits(from);
    switch (d->op) {
    case IR_OP_SEXT:
    case IR_OP_ZEXT:
        if (!is_int(to) || !is_int(from))
            bad_cast(F, i, "both types must be integer types", is_int(to));
        else if (wt <= wf)
            bad_cast(F, i, "the result must be wider than the operand",
                     false);
        break;
    case IR_OP_TRUNC:
        if (!is_int(to) || !is_int(from))
            bad_cast(F, i, "both types must be integer types", is_int(to));
        else if (wt >= wf)
            bad_cast(F, i, "the result must be narrower than the operand",
                     false);
        break;
    case IR_OP_ITOB:
        if (to.id != IR_TY_BOOL || !is_int(from))
            bad_cast(F, i, "itob converts an integer to bool",
                     to.id == IR_TY_BOOL);
        break;
    case IR_OP_BTOI:
        if (!is_int(to) || from.id != IR_TY_BOOL)
            bad_cast(F, i, "btoi converts bool to an integer", is_int(to));
        break;
    case IR_OP_SITOF:
    case IR_OP_UITOF:
        if (!ir_type_is_float(to) || !is_int(from))
            bad_cast(F, i, "it converts an integer to a float",
                     ir_type_is_float(to));
        break;
    case IR_OP_FTOSI:
    case IR_OP_FTOUI:
        if (!is_int(to) || !ir_type_is_float(from))
            bad_cast(F, i, "it converts a float to an integer", is_int(to));
        break;
    case IR_OP_FEXT:
        if (to.id != IR_TY_F64 || from.id != IR_TY_F32)
            bad_cast(F, i, "fext converts f32 to f64 only",
                     to.id == IR_TY_F64);
        break;
    case IR_OP_FTRUNC:
        if (to.id != IR_TY_F32 || from.id != IR_TY_F64)
            bad_cast(F, i, "ftrunc converts f64 to f32 only",
                     to.id == IR_TY_F32);
        break;
    case IR_OP_ITOP:
        if (to.id != IR_TY_PTR || !is_int(from))
            bad_cast(F, i, "itop converts an integer to ptr",
                     to.id == IR_TY_PTR);
        break;
    case IR_OP_PTOI:
        if (!is_int(to) || from.id != IR_TY_PTR)
            bad_cast(F, i, "ptoi converts ptr to an integer", is_int(to));
        break;
    default:
        break;
    }
}

/* Checks an aggregate index; returns the member type or void. */
static IrType
member(Fn *F, IrInst i, IrType agg, uint64_t k, IrLoc aggloc)
{
    char tb1[TBUF];
    if (!ir_type_is_aggregate(agg)) {
        ferr(F, aggloc, "%s requires an aggregate type, not %s",
             opname(F, i), T1(agg));
        return IR_T_VOID;
    }
    uint64_t n = ir_type_nmembers(F->m, agg);
    if (k >= n) {
        ferr(F, tloc(F, i, IR_TLOC_AUX),
             "%s index %llu is out of range for %s (%llu member%s)",
             opname(F, i), (unsigned long long)k, T1(agg),
             (unsigned long long)n, n == 1 ? "" : "s");
        return IR_T_VOID;
    }
    return ir_type_member(F->m, agg, k);
}

/* F5: arguments of branch target t of i match the target's parameters. */
static void
check_target(Fn *F, IrInst i, uint32_t t)
{
    const IrTarget *tg = ir_target(F->f, i, t);
    IrBlock tb = tg->block;
    char tb1[TBUF], tb2[TBUF], vb[TBUF], pb[TBUF];
    if (!tb.id || tb.id >= F->nb || !ir_layout_block_inserted(F->f, tb)) {
        ferr(F, iloc(F, i), "%s to a block that is not in function @%s",
             opname(F, i), F->fname);
        return;
    }
    IrLoc ll = tloc(F, i, IR_TLOC_AUX + t);
    if (tb.id == ir_layout_entry(F->f).id)
        ferr(F, ll, "%s to the entry block %s", opname(F, i),
             label(F, tb));
    const IrBlockData *bd = &F->f->blocks.data[tb.id];
    if (tg->nargs != bd->nparams) {
        /* at the first extra argument, or at the label */
        ferr(F, tg->nargs > bd->nparams ?
             oploc(F, tg->args + bd->nparams, i) : ll,
             "%s to %s passes %u argument%s, but %s has %u parameter%s",
             opname(F, i), label(F, tb), tg->nargs,
             tg->nargs == 1 ? "" : "s", label(F, tb), bd->nparams,
             bd->nparams == 1 ? "" : "s");
        return;
    }
    for (uint32_t k = 0; k < tg->nargs; k++) {
        uint32_t slot = tg->args + k;
        IrValue p = F->f->vpool.data[bd->params + k];
        IrType at;
        if (!p.id || p.id >= F->nv || !optype(F, slot, &at))
            continue;
        IrType pt = F->f->values.data[p.id].ty;
        if (at.id != pt.id)
            ferr(F, oploc(F, slot, i),
                 "type mismatch: argument %s of %s to %s has type %s, "
                 "expected %s (parameter %s)",
                 vname(F, F->f->vpool.data[slot], vb, sizeof vb),
                 opname(F, i), label(F, tb), T1(at), T2(pt),
                 vname(F, p, pb, sizeof pb));
    }
}

/* Result type of an instruction whose own types are broken (already
 * reported): the result is not checked. */
#define UNKNOWN ((IrType){UINT32_MAX})

/* F4, F5, F6, F7, F9, C1-C4 for one instruction.  Returns the result
 * type the instruction must define (void: none; UNKNOWN: don't check). */
static IrType
check_inst_rules(Fn *F, IrInst i)
{
    IrFunc *f = F->f;
    IrModule *m = F->m;
    const IrInstData *d = &f->insts.data[i.id];
    IrType ty = d->ty, ty2 = d->ty2;
    uint32_t a = d->args;
    char tb1[TBUF], tb2[TBUF];
    IrLoc loc = iloc(F, i), tyl = tloc(F, i, IR_TLOC_TY);
    IrLoc ty2l = tloc(F, i, IR_TLOC_TY2);
    const char *on = opname(F, i);

    if (!tyok(m, ty) || !tyok(m, ty2)) {
        ferr(F, loc, "%s has an invalid type", on);
        return IR_T_VOID;
    }
    switch (ir_op_info[d->op].format) {
    case IR_FMT_ICONST: {
        if (!is_int(ty)) {
            ferr(F, tyl, "iconst requires an integer type, not %s", T1(ty));
            return ty;
        }
        unsigned w = ir_type_bits(ty);
        if (w < 64 && (d->imm >> w))
            ferr(F, loc, "iconst value 0x%llx does not fit in %s",
                 (unsigned long long)d->imm, T1(ty));
        return ty;
    }
    case IR_FMT_FCONST:
        if (!ir_type_is_float(ty))
            ferr(F, tyl, "fconst requires a float type, not %s", T1(ty));
        else if (ty.id == IR_TY_F32 && (d->imm >> 32))
            ferr(F, loc, "fconst bit pattern 0x%llx does not fit in f32",
                 (unsigned long long)d->imm);
        return ty;
    case IR_FMT_BCONST:
        if (ty.id != IR_TY_BOOL)
            ferr(F, tyl, "bconst requires type bool, not %s", T1(ty));
        else if (d->imm > 1)
            ferr(F, loc, "bconst value must be true or false");
        return IR_T_BOOL;
    case IR_FMT_TYPE:
        if (!check_type(F->v, tyl, ty, on) && d->op != IR_OP_ALLOCA)
            return UNKNOWN;
        return d->op == IR_OP_ALLOCA ? IR_T_PTR : ty;
    case IR_FMT_SLOT:
        if (!d->imm || d->imm >= f->slots.len)
            ferr(F, loc, "stackslot refers to a stack slot that does not "
                 "exist in @%s", F->fname);
        return IR_T_PTR;
    case IR_FMT_GLOBAL:
        if (!d->imm || d->imm > ir_num_syms(m))
            ferr(F, loc, "globaladdr refers to a symbol that does not exist");
        else if (ir_sym_c(m, (IrSym){(uint32_t)d->imm})->dead)
            ferr(F, loc, "globaladdr refers to @%s, which was removed",
                 sname(m, (IrSym){(uint32_t)d->imm}));
        return IR_T_PTR;
    case IR_FMT_BINARY: {
        bool ok;
        const char *need;
        switch (d->op) {
        case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR:
            ok = is_int(ty) || ty.id == IR_TY_BOOL;
            need = "an integer or bool";
            break;
        case IR_OP_FADD: case IR_OP_FSUB: case IR_OP_FMUL: case IR_OP_FDIV:
        case IR_OP_FREM:
            ok = ir_type_is_float(ty);
            need = "a float";
            break;
        default:
            ok = is_int(ty);
            need = "an integer";
        }
        if (!ok)
            ferr(F, tyl, "%s requires %s type, not %s", on, need, T1(ty));
        want(F, i, a, ty, "operand");
        want(F, i, a + 1, ty, "operand");
        return ty;
    }
    case IR_FMT_UNARY:
        if (!ir_type_is_float(ty))
            ferr(F, tyl, "%s requires a float type, not %s", on, T1(ty));
        want(F, i, a, ty, "operand");
        return ty;
    case IR_FMT_ICMP:
        if (!is_int(ty) && ty.id != IR_TY_BOOL && ty.id != IR_TY_PTR)
            ferr(F, tyl, "icmp requires an integer, bool or ptr type, not %s",
                 T1(ty));
        if (d->pred >= IR_NUM_PREDS || !ir_pred_is_icmp((IrPred)d->pred))
            ferr(F, loc, "icmp with %s, which is not an integer predicate",
                 ir_pred_name((IrPred)d->pred));
        want(F, i, a, ty, "operand");
        want(F, i, a + 1, ty, "operand");
        return IR_T_BOOL;
    case IR_FMT_FCMP:
        if (!ir_type_is_float(ty))
            ferr(F, tyl, "fcmp requires a float type, not %s", T1(ty));
        if (d->pred >= IR_NUM_PREDS || !ir_pred_is_fcmp((IrPred)d->pred))
            ferr(F, loc, "fcmp with %s, which is not a float predicate",
                 ir_pred_name((IrPred)d->pred));
        want(F, i, a, ty, "operand");
        want(F, i, a + 1, ty, "operand");
        return IR_T_BOOL;
    case IR_FMT_SEL:
        check_type(F->v, tyl, ty, on);
        want(F, i, a, IR_T_BOOL, "condition");
        want(F, i, a + 1, ty, "operand");
        want(F, i, a + 2, ty, "operand");
        return ty;
    case IR_FMT_LOAD:
        check_type(F->v, tyl, ty, on);
        want(F, i, a, IR_T_PTR, "address");
        return ty;
    case IR_FMT_STORE:
        check_type(F->v, tyl, ty, on);
        want(F, i, a, ty, "value");
        want(F, i, a + 1, IR_T_PTR, "address");
        return IR_T_VOID;
    case IR_FMT_OFFSET:
        check_type(F->v, tyl, ty, on);
        if (!is_int(ty2))
            ferr(F, ty2l, "offset index must have an integer type, not %s",
                 T1(ty2));
        want(F, i, a, IR_T_PTR, "address");
        want(F, i, a + 1, ty2, "index");
        return IR_T_PTR;
    case IR_FMT_ELEMPTR:
        if (!too_big(F->v, tyl, ty))
            member(F, i, ty, d->imm, tyl);
        want(F, i, a, IR_T_PTR, "address");
        return IR_T_PTR;
    case IR_FMT_EXTRACT: {
        if (too_big(F->v, ty2l, ty2))
            return ty;
        IrType mt = member(F, i, ty2, d->imm, ty2l);
        if (mt.id && mt.id != ty.id)
            ferr(F, tyl, "extract result type %s is not the type of member "
                 "%llu of the aggregate, %s", T1(ty),
                 (unsigned long long)d->imm, T2(mt));
        want(F, i, a, ty2, "operand");
        return ty;
    }
    case IR_FMT_INSERT: {
        if (too_big(F->v, tyl, ty))
            return ty;
        IrType mt = member(F, i, ty, d->imm, tyl);
        if (mt.id && mt.id != ty2.id)
            ferr(F, ty2l, "insert element type %s is not the type of member "
                 "%llu of the aggregate, %s", T1(ty2),
                 (unsigned long long)d->imm, T2(mt));
        want(F, i, a, ty, "operand");
        want(F, i, a + 1, ty2, "element");
        return ty;
    }
    case IR_FMT_CAST:
        check_cast(F, i);
        want(F, i, a, ty2, "operand");
        return ty;
    case IR_FMT_CALL: {
        IrSym s = {(uint32_t)d->imm};
        if (!s.id || s.id > ir_num_syms(m)) {
            ferr(F, loc, "call to a symbol that does not exist");
            return ty;
        }
        const IrSymData *sd = ir_sym_c(m, s);
        char who[TBUF];
        if (sd->dead) {
            ferr(F, loc, "call to %s, which was removed",
                 callee_name(m, s, who));
            return ty;
        }
        if (sd->kind != IR_SYM_FUNC) {
            ferr(F, tloc(F, i, IR_TLOC_AUX),
                 "call to %s, which is not a function",
                 callee_name(m, s, who));
            return ty;
        }
        if (!sd->sig.id || sd->sig.id >= m->sigs.len)
            return ty;      /* reported with the symbol */
        IrType rt = ir_sig(m, sd->sig)->ret;
        if (rt.id != ty.id)
            ferr(F, tyl, "call return type %s does not match the return "
                 "type of %s, %s", T1(ty), callee_name(m, s, who), T2(rt));
        check_args(F, i, sd->sig, a, d->nargs, s, tloc(F, i, IR_TLOC_AUX));
        return ty;
    }
    case IR_FMT_ICALL: {
        IrSig s = {(uint32_t)d->imm};
        if (!s.id || s.id >= m->sigs.len) {
            ferr(F, loc, "indirectcall has an invalid signature");
            return ty;
        }
        check_sig(F->v, s, loc, "indirectcall signature");
        IrType rt = ir_sig(m, s)->ret;
        if (rt.id != ty.id)
            ferr(F, loc, "indirectcall return type %s does not match its "
                 "signature's, %s", T1(ty), T2(rt));
        want(F, i, a, IR_T_PTR, "callee");
        check_args(F, i, s, a + 1, d->nargs - 1, (IrSym){0},
                   oploc(F, a, i));
        return ty;
    }
    case IR_FMT_BR:
        check_target(F, i, 0);
        return IR_T_VOID;
    case IR_FMT_CONDBR:
        if (ty.id && ty.id != IR_TY_BOOL) {
            ferr(F, oploc(F, a, i), "condbr condition must have type bool, "
                 "not %s", T1(ty));
            want(F, i, a, ty, "condition");
        } else {
            want(F, i, a, IR_T_BOOL, "condition");
        }
        check_target(F, i, 0);
        check_target(F, i, 1);
        if (ir_target(f, i, 0)->block.id == ir_target(f, i, 1)->block.id)
            ferr(F, tloc(F, i, IR_TLOC_AUX2), "condbr targets must be "
                 "different blocks (both are %s)",
                 label(F, ir_target(f, i, 0)->block));
        return IR_T_VOID;
    case IR_FMT_RET: {
        if (!F->sigok)
            return IR_T_VOID;
        IrType rt = ir_func_sig(f)->ret;
        if (d->nargs == 0) {
            if (rt.id != IR_TY_VOID)
                ferr(F, tyl, "ret void in @%s, which returns %s", F->fname,
                     T1(rt));
            return IR_T_VOID;
        }
        IrType wt = ty.id ? ty : rt;    /* builder: ty may be unset */
        if (rt.id == IR_TY_VOID)
            ferr(F, tyl, "ret %s in @%s, which returns void", T1(wt),
                 F->fname);
        else if (wt.id != rt.id)
            ferr(F, tyl, "ret type %s does not match the return type of "
                 "@%s, %s", T1(wt), F->fname, T2(rt));
        want(F, i, a, wt, "operand");
        return IR_T_VOID;
    }
    case IR_FMT_NONE:
    default:
        return IR_T_VOID;
    }
}

static void
check_inst(Fn *F, IrBlock b, IrInst i)
{
    IrFunc *f = F->f;
    const IrInstData *d = &f->insts.data[i.id];
    IrLoc loc = iloc(F, i);
    char tb1[TBUF], tb2[TBUF], vb[TBUF];
    if (d->op >= IR_NUM_OPS) {
        ferr(F, loc, "invalid opcode %u", d->op);
        return;
    }
    const IrOpInfo *info = &ir_op_info[d->op];
    const char *on = info->name;

    /* Shape: operand and target counts, so the rules below may index
     * operands freely. */
    uint32_t nt = info->format == IR_FMT_BR ? 1
                : info->format == IR_FMT_CONDBR ? 2 : 0;
    bool shape = true;
    if (info->nargs >= 0 && d->nargs != (uint32_t)info->nargs) {
        ferr(F, loc, "%s has %u operands, expected %d", on, d->nargs,
             info->nargs);
        shape = false;
    }
    if ((info->format == IR_FMT_ICALL && d->nargs < 1) ||
        (info->format == IR_FMT_CONDBR && d->nargs != 1) ||
        (info->format == IR_FMT_BR && d->nargs != 0) ||
        (info->format == IR_FMT_RET && d->nargs > 1)) {
        ferr(F, loc, "%s has %u operands", on, d->nargs);
        shape = false;
    }
    bool tgt_ok = d->ntargets == nt && d->targets + nt <= f->targets.len;
    if (!tgt_ok) {
        ferr(F, loc, "%s has %u branch targets, expected %u", on,
             d->ntargets, nt);
        shape = false;
    }
    if (d->args + d->nargs > f->vpool.len) {
        ferr(F, loc, "%s has an invalid operand list", on);
        return;
    }
    if (tgt_ok)
        for (uint32_t t = 0; t < nt; t++) {
            const IrTarget *tg = ir_target(f, i, t);
            if (tg->args + tg->nargs > f->vpool.len) {
                ferr(F, loc, "%s has an invalid argument list", on);
                return;
            }
        }
    /* Sound enough to be printed in notes. */
    if (shape && tyok(F->m, d->ty) && tyok(F->m, d->ty2) &&
        (info->format != IR_FMT_ICALL ||
         (d->imm && d->imm < F->m->sigs.len)))
        F->cur = i;

    /* F2/F8: every operand and branch argument. */
    for (uint32_t k = 0; k < d->nargs; k++)
        check_use(F, i, b, d->args + k);
    if (tgt_ok)
        for (uint32_t t = 0; t < nt; t++) {
            const IrTarget *tg = ir_target(f, i, t);
            for (uint32_t k = 0; k < tg->nargs; k++)
                check_use(F, i, b, tg->args + k);
        }
    if (!shape)
        return;

    /* F9: the result is bound exactly when the instruction defines a
     * value, with the type the instruction says. */
    if ((d->flags & IR_INSTF_VOLATILE) && d->op != IR_OP_LOAD &&
        d->op != IR_OP_STORE)
        ferr(F, loc, "%s cannot be volatile (only load and store can)", on);
    IrType rt = check_inst_rules(F, i);
    d = &f->insts.data[i.id];
    IrValue r = d->result;
    if (rt.id == UNKNOWN.id) {
        /* nothing */
    } else if (!rt.id && r.id) {
        if (info->format == IR_FMT_CALL || info->format == IR_FMT_ICALL)
            ferr(F, loc, "%s of a void function must not have a result",
                 on);
        else
            ferr(F, loc, "%s must not have a result", on);
    } else if (rt.id && !r.id) {
        ferr(F, loc, "%s must have a result (of type %s)", on, T1(rt));
    } else if (r.id && r.id < F->nv && F->vdef[r.id]) {
        IrType t = f->values.data[r.id].ty;
        if (t.id != rt.id)
            ferr(F, loc, "result %s of %s has type %s, expected %s",
                 vname(F, r, vb, sizeof vb), on, T1(t), T2(rt));
    }
}

/* --------------------------------------------------------- functions */

static bool
digits_only(const IrModule *m, uint32_t name)
{
    const char *s = ir_str(m, name);
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* F1: 'name' in namespace ns is defined once in the current function.
 * An open-addressing set, made once big enough for every label, value
 * and slot of the function (verify_body), so verifying one function
 * after each pass stays linear in that function; it still grows should
 * a broken layout define more. */
static void
names_grow(Fn *F, uint64_t need)
{
    uint32_t ocap = F->ncap;
    uint64_t cap = ocap ? (uint64_t)ocap * 2 : 64;
    while (cap / 2 < need)
        cap *= 2;
    uint64_t *old = F->names;
    F->names = xcalloc(cap, sizeof *F->names);
    F->ncap = (uint32_t)cap;
    for (uint32_t i = 0; i < ocap; i++) {
        if (!old[i])
            continue;
        uint32_t k = ir_hash_mix(0, old[i]) & (cap - 1);
        while (F->names[k])
            k = (k + 1) & (cap - 1);
        F->names[k] = old[i];
    }
    free(old);
}

static bool
first_def(Fn *F, int ns, uint32_t name)
{
    if (!name)
        return true;
    if ((uint64_t)(F->nnames + 1) * 2 > F->ncap)
        names_grow(F, F->nnames + 1);
    uint64_t key = (uint64_t)(ns + 1) << 32 | name;
    uint32_t k = ir_hash_mix(0, key) & (F->ncap - 1);
    for (; F->names[k]; k = (k + 1) & (F->ncap - 1))
        if (F->names[k] == key)
            return false;
    F->names[k] = key;
    F->nnames++;
    return true;
}

/* The numbers of the numbered values, for messages: the values without
 * a name or named with digits only (spec section 5), counted in the
 * order in which scan_layout finds them defined.  Computed at the first
 * message that names a value, so that a function without errors never
 * reads its values' names: that was a tenth of the verifier's time. */
static void
number_values(Fn *F)
{
    IrFunc *f = F->f;
    uint32_t number = 0;
    bool *seen = xcalloc(F->nv ? F->nv : 1, sizeof *seen);
    F->numbered = true;
    IR_FOR_BLOCKS(f, b) {
        if (b.id >= F->nb)
            break;
        const IrBlockData *bd = &f->blocks.data[b.id];
        if (bd->params + bd->nparams > f->vpool.len)
            break;
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue v = f->vpool.data[bd->params + k];
            const IrValueData *vd = &f->values.data[v.id < F->nv ? v.id : 0];
            if (!v.id || v.id >= F->nv || vd->kind != IR_VAL_PARAM ||
                vd->def != b.id || vd->index != k || seen[v.id])
                continue;
            seen[v.id] = true;
            if (!vd->name || digits_only(F->m, vd->name))
                F->num[v.id] = ++number;
        }
        IR_FOR_INSTS(f, b, i) {
            if (i.id >= F->ni)
                goto out;
            IrValue r = f->insts.data[i.id].result;
            const IrValueData *vd = &f->values.data[r.id < F->nv ? r.id : 0];
            if (!r.id || r.id >= F->nv || vd->kind != IR_VAL_INST ||
                vd->def != i.id)
                continue;
            if (!vd->name || digits_only(F->m, vd->name))
                F->num[r.id] = ++number;
        }
    }
out:
    free(seen);
}

/* Walks the layout once: positions, defined values, F1 and the
 * terminator rule.  Returns false if the layout itself is broken (ids
 * out of range), in which case nothing else is checked.  A name made of
 * digits only is a number (it may repeat): it is looked at only when
 * the name is already in the set. */
static bool
scan_layout(Fn *F)
{
    IrFunc *f = F->f;
    char vb[TBUF];
    IR_FOR_BLOCKS(f, b) {
        if (b.id >= F->nb) {
            ferr(F, f->loc, "@%s: the layout holds an invalid block",
                 F->fname);
            return false;
        }
        const IrBlockData *bd = &f->blocks.data[b.id];
        if (!bd->name)
            ferr(F, bloc(F, b), "block %u of @%s has no label", b.id,
                 F->fname);
        else if (!first_def(F, NS_LABEL, bd->name))
            ferr(F, bloc(F, b), "label %s is defined twice in @%s",
                 label(F, b), F->fname);
        if (bd->params + bd->nparams > f->vpool.len) {
            ferr(F, bloc(F, b), "block %s has an invalid parameter list",
                 label(F, b));
            return false;
        }
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue v = f->vpool.data[bd->params + k];
            const IrValueData *vd = &f->values.data[v.id < F->nv ? v.id : 0];
            if (!v.id || v.id >= F->nv || vd->kind != IR_VAL_PARAM ||
                vd->def != b.id || vd->index != k || F->vdef[v.id]) {
                ferr(F, bloc(F, b), "parameter %u of block %s is not a "
                     "parameter value of that block", k + 1, label(F, b));
                continue;
            }
            F->vdef[v.id] = true;
            if (vd->name && !first_def(F, NS_VALUE, vd->name) &&
                !digits_only(F->m, vd->name))
                ferr(F, ploc(F, b, k),
                     "value %s is defined twice in @%s",
                     vname(F, v, vb, sizeof vb), F->fname);
        }
        uint32_t pos = 0;
        IrInst last = {0};
        IR_FOR_INSTS(f, b, i) {
            if (i.id >= F->ni) {
                ferr(F, bloc(F, b), "block %s holds an invalid instruction",
                     label(F, b));
                return false;
            }
            F->pos[i.id] = ++pos;
            last = i;
            const IrInstData *d = &f->insts.data[i.id];
            IrValue r = d->result;
            if (!r.id)
                continue;
            const IrValueData *vd = &f->values.data[r.id < F->nv ? r.id : 0];
            if (r.id >= F->nv || vd->kind != IR_VAL_INST ||
                vd->def != i.id) {
                ferr(F, iloc(F, i), "the result of %s is not linked to it",
                     opname(F, i));
                continue;
            }
            F->vdef[r.id] = true;
            if (vd->name && !first_def(F, NS_VALUE, vd->name) &&
                !digits_only(F->m, vd->name))
                ferr(F, iloc(F, i), "value %s is defined twice in @%s",
                     vname(F, r, vb, sizeof vb), F->fname);
        }
        (void)last;
    }
    return true;
}

/* One terminator per block, at its end (the parser cannot produce
 * anything else; the builder and passes can). */
static void
check_terminators(Fn *F, IrBlock b)
{
    IrFunc *f = F->f;
    IrInst last = ir_layout_last_inst(f, b);
    IR_FOR_INSTS(f, b, i) {
        const IrInstData *d = &f->insts.data[i.id];
        if (i.id != last.id && d->op < IR_NUM_OPS &&
            (ir_op_info[d->op].flags & IR_OPF_TERMINATOR))
            ferr(F, iloc(F, i), "%s must be the last instruction of block "
                 "%s", opname(F, i), label(F, b));
    }
    const IrInstData *d = &f->insts.data[last.id];
    if (!last.id || d->op >= IR_NUM_OPS ||
        !(ir_op_info[d->op].flags & IR_OPF_TERMINATOR))
        ferr(F, bloc(F, b), "block %s does not end with a terminator",
             label(F, b));
}

/* F3: the entry block's parameters are the signature's. */
static void
check_entry(Fn *F)
{
    IrFunc *f = F->f;
    IrBlock e = ir_layout_entry(f);
    const IrSigData *sd = ir_func_sig(f);
    const IrBlockData *bd = &f->blocks.data[e.id];
    char tb1[TBUF], tb2[TBUF], vb[TBUF];
    IrSig s = ir_sym_c(F->m, f->sym)->sig;
    if (bd->nparams != sd->nparams) {
        ferr(F, bloc(F, e), "entry block %s has %u parameter%s, but @%s "
             "has %u", label(F, e), bd->nparams, bd->nparams == 1 ? "" : "s",
             F->fname, sd->nparams);
        return;
    }
    for (uint32_t k = 0; k < bd->nparams; k++) {
        IrValue v = f->vpool.data[bd->params + k];
        if (!v.id || v.id >= F->nv || !F->vdef[v.id])
            continue;
        IrType t = f->values.data[v.id].ty;
        IrType pt = ir_sig_param(F->m, s, k)->ty;
        if (t.id != pt.id)
            ferr(F, ploc(F, e, k),
                 "type mismatch: entry block parameter %s has type %s, but "
                 "parameter %u of @%s has type %s",
                 vname(F, v, vb, sizeof vb), T1(t), k + 1, F->fname, T2(pt));
    }
}

static void
verify_body(Ver *v, IrFunc *f)
{
    Fn F_, *F = &F_;
    memset(F, 0, sizeof *F);
    F->v = v;
    F->m = f->mod;
    F->f = f;
    F->fname = sname(F->m, f->sym);
    F->nv = ir_num_values(f);
    F->ni = ir_num_insts(f);
    F->nb = ir_num_blocks(f);
    IrSig fs = ir_sym_c(F->m, f->sym)->sig;
    F->sigok = fs.id && fs.id < F->m->sigs.len;

    if (!ir_layout_entry(f).id) {
        ferr(F, f->loc, "function @%s has a body without blocks", F->fname);
        return;
    }
    /* one allocation for the per-value and per-instruction tables */
    size_t nv = F->nv ? F->nv : 1, ni = F->ni ? F->ni : 1;
    F->num = xcalloc(nv + ni + (nv + 3) / 4, sizeof *F->num);
    F->pos = F->num + nv;
    F->vdef = (bool *)(F->pos + ni);
    names_grow(F, (uint64_t)F->nv + F->nb + f->slots.len);
    if (!scan_layout(F))
        goto out;
    ir_cfg_compute(f, &F->cfg);
    ir_dom_compute(f, &F->cfg, &F->dom);

    for (uint32_t s = 1; s < f->slots.len; s++) {
        const IrSlotData *sd = &f->slots.data[s];
        IrLoc loc = sd->loc.line ? sd->loc : f->loc;
        if (!type_fine(F->m, sd->ty)) {
            char what[TBUF];
            snprintf(what, sizeof what, "stack slot $%s",
                     ir_str(F->m, sd->name));
            check_type(v, loc, sd->ty, what);
        }
        if (!first_def(F, NS_SLOT, sd->name))
            ferr(F, loc, "stack slot $%s is defined twice in @%s",
                 ir_str(F->m, sd->name), F->fname);
    }
    if (F->sigok)
        check_entry(F);
    IR_FOR_BLOCKS(f, b) {
        const IrBlockData *bd = &f->blocks.data[b.id];
        for (uint32_t k = 0; k < bd->nparams; k++) {
            IrValue pv = f->vpool.data[bd->params + k];
            if (!pv.id || pv.id >= F->nv || !F->vdef[pv.id] ||
                type_fine(F->m, f->values.data[pv.id].ty))
                continue;
            char what[TBUF], vb[TBUF];
            snprintf(what, sizeof what, "block parameter %s",
                     vname(F, pv, vb, sizeof vb));
            check_type(v, ploc(F, b, k), f->values.data[pv.id].ty, what);
        }
        check_terminators(F, b);
        IR_FOR_INSTS(f, b, i) {
            check_inst(F, b, i);
            F->cur = (IrInst){0};
        }
    }
    ir_dom_free(&F->dom);
    ir_cfg_free(&F->cfg);
out:
    free(F->num);
    free(F->names);
}

/* ------------------------------------------------------------ module */

static const char *const init_kind_name[] = {
    [IR_INIT_INT] = "an integer", [IR_INIT_FLOAT] = "a float",
    [IR_INIT_BOOL] = "a bool", [IR_INIT_NULL] = "null",
    [IR_INIT_ZERO] = "zeroinit", [IR_INIT_UNDEF] = "undef",
    [IR_INIT_STRUCT] = "a structure", [IR_INIT_ARRAY] = "an array",
    [IR_INIT_STRING] = "a string", [IR_INIT_SYMREF] = "a symbol reference",
};

/* L3 / M4: the initializer tree of data symbol s matches its type (spec
 * section 10.2).  Iterative: arrays may have millions of elements and
 * nesting is only bounded by the source. */
static void
check_init(Ver *v, IrSym s)
{
    IrModule *m = v->m;
    const IrSymData *sd = ir_sym_c(m, s);
    typedef struct { IrInit init; IrType ty; } Item;
    VEC(Item) st = {0};
    VEC_PUSH(st, ((Item){sd->init, sd->type}));
    char tb[TBUF];
    while (st.len) {
        Item it = st.data[--st.len];
        if (!it.init.id || it.init.id >= m->inits.len) {
            verr(v, sd->loc, "@%s has an invalid initializer",
                 sname(m, s));
            continue;
        }
        const IrInitData *in = ir_init_c(m, it.init);
        IrLoc loc = in->loc.line ? in->loc : sd->loc;
        IrType t = it.ty;
        const char *ts = tstr(m, t, tb, sizeof tb);
        bool ok = true;
        switch (in->kind) {
        case IR_INIT_ZERO:
        case IR_INIT_UNDEF:
            break;
        case IR_INIT_BOOL:
            ok = t.id == IR_TY_BOOL;
            break;
        case IR_INIT_INT:
            ok = is_int(t);
            if (ok && ir_type_bits(t) < 64 && (in->bits >> ir_type_bits(t)))
                verr(v, loc, "integer initializer does not fit in %s", ts);
            break;
        case IR_INIT_FLOAT:
            ok = ir_type_is_float(t);
            if (ok && t.id == IR_TY_F32 && (in->bits >> 32))
                verr(v, loc, "float initializer does not fit in f32");
            break;
        case IR_INIT_NULL:
            ok = t.id == IR_TY_PTR;
            break;
        case IR_INIT_SYMREF:
            ok = t.id == IR_TY_PTR || t.id == IR_TY_I64;
            if (!ok)
                break;
            if (!in->sym.id || in->sym.id > ir_num_syms(m))
                verr(v, loc, "initializer refers to a symbol that does "
                     "not exist");
            else if (ir_sym_c(m, in->sym)->dead)
                verr(v, loc, "initializer refers to @%s, which was removed",
                     sname(m, in->sym));
            break;
        case IR_INIT_STRING:
            ok = tyok(m, t) && ir_type_kind(m, t) == IR_TY_ARRAY &&
                 ir_type_elem(m, t).id == IR_TY_I8;
            if (ok && ir_str_len(m, in->str) != ir_type_nmembers(m, t))
                verr(v, loc, "string initializer has %u bytes, but %s has "
                     "%llu", ir_str_len(m, in->str), ts,
                     (unsigned long long)ir_type_nmembers(m, t));
            break;
        case IR_INIT_STRUCT:
        case IR_INIT_ARRAY: {
            IrTypeKind want = in->kind == IR_INIT_STRUCT ? IR_TY_STRUCT
                                                         : IR_TY_ARRAY;
            ok = tyok(m, t) && ir_type_kind(m, t) == want;
            if (!ok)
                break;
            uint64_t n = ir_type_nmembers(m, t);
            if (in->count != n || in->first + in->count > m->ipool.len) {
                verr(v, loc, "%s initializer has %u member%s, but %s has "
                     "%llu", want == IR_TY_STRUCT ? "structure" : "array",
                     in->count, in->count == 1 ? "" : "s", ts,
                     (unsigned long long)n);
                break;
            }
            /* Push in reverse so errors come out in source order. */
            for (uint32_t k = in->count; k-- > 0;)
                VEC_PUSH(st, ((Item){m->ipool.data[in->first + k],
                                     ir_type_member(m, t, k)}));
            break;
        }
        default:
            verr(v, loc, "@%s has an invalid initializer", sname(m, s));
            continue;
        }
        if (!ok)
            verr(v, loc, "%s initializer cannot initialize %s",
                 init_kind_name[in->kind], ts);
    }
    VEC_FREE(st);
}

static void
check_symbol(Ver *v, IrSym s)
{
    IrModule *m = v->m;
    const IrSymData *sd = ir_sym_c(m, s);
    const char *name = sname(m, s);
    IrLoc loc = sd->loc;
    char what[TBUF], tb[TBUF];
    snprintf(what, sizeof what, "@%s", name);
    if (!sd->name)
        verr(v, loc, "a symbol has no name");
    else if (!strcmp(name, ".") || !strncmp(name, ".L", 2))
        verr(v, loc, "symbol name @%s is reserved for assembler local "
             "labels", name);
    switch (sd->kind) {
    case IR_SYM_FUNC:
        if (sd->internal && !sd->func)
            verr(v, loc, "internal on @%s, which is only declared", name);
        check_sig(v, sd->sig, loc, what);
        if (sd->func) {
            if (sd->func->sym.id != s.id || sd->func->mod != m)
                verr(v, loc, "the body of @%s is not linked to it", name);
            else
                verify_body(v, sd->func);
        }
        break;
    case IR_SYM_GLOBAL:
    case IR_SYM_CONST:
        if (!check_type(v, loc, sd->type, what))
            break;
        if (sd->align) {
            uint32_t al = sd->align;
            if ((al & (al - 1)) || al > 65536)
                verr(v, loc, "alignment %u of @%s must be a power of two "
                     "no larger than 65536", al, name);
            else if (al < ir_type_align(m, sd->type))
                verr(v, loc, "alignment %u of @%s is less than the "
                     "alignment of %s, %u", al, name,
                     ir_type_str(m, sd->type, tb, sizeof tb),
                     ir_type_align(m, sd->type));
        }
        check_init(v, s);
        break;
    case IR_SYM_EXTERN:
        if (sd->internal)
            verr(v, loc, "internal on @%s, which is extern", name);
        check_type(v, loc, sd->type, what);
        if (sd->init.id)
            verr(v, loc, "extern @%s cannot have an initializer", name);
        if (sd->align)
            verr(v, loc, "extern @%s cannot have an alignment", name);
        break;
    default:
        verr(v, loc, "@%s has an invalid symbol kind", name);
    }
}

static void
ver_init(Ver *v, IrModule *m, Diag *d)
{
    memset(v, 0, sizeof *v);
    v->m = m;
    v->d = d;
}

bool
ir_verify_module(IrModule *m, Diag *d)
{
    Ver v;
    ver_init(&v, m, d);
    for (uint32_t s = 1; s <= ir_num_syms(m); s++)
        if (!ir_sym_c(m, (IrSym){s})->dead)
            check_symbol(&v, (IrSym){s});
    return v.nerr == 0;
}

bool
ir_verify_symbol(IrModule *m, IrSym s, Diag *d)
{
    Ver v;
    ver_init(&v, m, d);
    if (!ir_sym_c(m, s)->dead)
        check_symbol(&v, s);
    return v.nerr == 0;
}

bool
ir_verify_func(IrFunc *f, Diag *d)
{
    Ver v;
    ver_init(&v, f->mod, d);
    verify_body(&v, f);
    return v.nerr == 0;
}
