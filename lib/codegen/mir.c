/*
 * mir.c - MIR construction, the MIR listing (--emit=mir, -print-after)
 * and dead-code elimination on MIR.
 *
 * Instructions and operands live in dense per-function arrays; a block
 * is a vector of instruction ids, so passes that insert code (spilling)
 * rebuild the vector instead of splicing lists.
 */
#include "cg.h"

#include <inttypes.h>
#include <string.h>

void
mir_func_init(MirFunc *f, IrModule *m, IrSym sym, const Target *t)
{
    memset(f, 0, sizeof *f);
    f->mod = m;
    f->sym = sym;
    f->target = t;
    VEC_PUSH(f->blocks, (MirBlock){0});
    VEC_PUSH(f->insts, (MirInst){0});
    VEC_PUSH(f->frame, (MirFrameObj){0});
    VEC_PUSH(f->consts, (MirConst){0});
}

void
mir_func_free(MirFunc *f)
{
    for (uint32_t b = 0; b < f->blocks.len; b++)
        VEC_FREE(f->blocks.data[b].insts);
    VEC_FREE(f->blocks);
    VEC_FREE(f->insts);
    VEC_FREE(f->opnds);
    VEC_FREE(f->vregs);
    VEC_FREE(f->frame);
    VEC_FREE(f->consts);
    VEC_FREE(f->prologue);
}

uint32_t
mir_vreg_new(MirFunc *f, MirClass cls)
{
    MirVreg v = {.cls = (uint8_t)cls};
    VEC_PUSH(f->vregs, v);
    return MIR_VREG0 + f->vregs.len - 1;
}

uint32_t
mir_block_new(MirFunc *f, uint32_t irblock, uint32_t label)
{
    MirBlock b = {.irblock = irblock, .label = label};
    VEC_PUSH(f->blocks, b);
    return f->blocks.len - 1;
}

uint32_t
mir_frame_new(MirFunc *f, MirFrameKind k, uint32_t size, uint32_t align)
{
    MirFrameObj o = {.kind = (uint8_t)k, .size = size,
                     .align = align ? align : 1, .share = -1};
    VEC_PUSH(f->frame, o);
    return f->frame.len - 1;
}

uint32_t
mir_const_new(MirFunc *f, uint8_t size, uint64_t lo, uint64_t hi)
{
    /* a window keeps this linear in huge functions */
    uint32_t from = f->consts.len > 64 ? f->consts.len - 64 : 1;
    for (uint32_t i = from; i < f->consts.len; i++) {
        MirConst *c = &f->consts.data[i];
        if (c->size == size && c->lo == lo && c->hi == hi)
            return i;
    }
    MirConst c = {.size = size, .lo = lo, .hi = hi};
    VEC_PUSH(f->consts, c);
    return f->consts.len - 1;
}

MirOpnd
mir_reg(uint32_t r, uint8_t size)
{
    return (MirOpnd){.kind = MO_REG, .reg = r, .size = size};
}

MirOpnd
mir_imm(int64_t v)
{
    return (MirOpnd){.kind = MO_IMM, .imm = v};
}

MirOpnd
mir_mem(uint8_t base, uint32_t reg, int64_t disp, uint8_t size)
{
    MirOpnd o = {.kind = MO_MEM, .base = base, .imm = disp, .size = size,
                 .scale = 1};
    if (base == MB_REG)
        o.reg = reg;
    else
        o.obj = reg;
    return o;
}

MirOpnd
mir_sym(uint32_t sym, int64_t disp)
{
    return (MirOpnd){.kind = MO_SYM, .obj = sym, .imm = disp};
}

MirOpnd
mir_blk(uint32_t block)
{
    return (MirOpnd){.kind = MO_BLOCK, .obj = block};
}

uint32_t
mir_make(MirFunc *f, uint16_t op, uint8_t size, const MirOpnd *o,
         uint32_t n)
{
    const MirOpInfo *oi = &f->target->ops[op];
    uint32_t first = f->opnds.len, k = 0, j = 0;
    /* filled in place: a push per operand checked the capacity each
     * time, a tenth of -O0's instruction selection */
    VEC_RESERVE_RAW(f->opnds, first + oi->nopnds + n);
    MirOpnd *x = &f->opnds.data[first];
    for (; k < oi->nopnds; k++, x++) {
        if (oi->fixed[k]) {
            *x = mir_reg(oi->fixed[k], 8);
        } else {
            if (j >= n)
                CG_BUG("%s: missing operand %u", oi->name, k);
            *x = o[j++];
        }
        x->role = oi->role[k];
        if (x->kind == MO_REG) {
            x->cls = mir_is_vreg(x->reg)
                         ? f->vregs.data[x->reg - MIR_VREG0].cls
                         : f->target->regs->cls[x->reg];
            if (x->size == 0)
                x->size = size;
        } else if (x->kind == MO_IMM || x->kind == MO_BLOCK ||
                   x->kind == MO_SYM) {
            x->role = MIR_R_NONE;
        }
    }
    for (; j < n; j++, x++) {       /* extra operands keep their role */
        *x = o[j];
        if (x->kind == MO_REG)
            x->cls = mir_is_vreg(x->reg)
                         ? f->vregs.data[x->reg - MIR_VREG0].cls
                         : f->target->regs->cls[x->reg];
    }
    f->opnds.len = (uint32_t)(x - f->opnds.data);
    MirInst in = {.op = op, .size = size, .opnds = first,
                  .nopnds = (uint16_t)(f->opnds.len - first), .loc = f->loc};
    VEC_PUSH(f->insts, in);
    return f->insts.len - 1;
}

uint32_t
mir_emit(MirFunc *f, uint16_t op, uint8_t size, const MirOpnd *o, uint32_t n)
{
    uint32_t i = mir_make(f, op, size, o, n);
    VEC_PUSH(f->blocks.data[f->cur].insts, i);
    return i;
}

uint32_t
mir_emit1(MirFunc *f, uint16_t op, uint8_t size, MirOpnd a)
{
    return mir_emit(f, op, size, &a, 1);
}

uint32_t
mir_emit2(MirFunc *f, uint16_t op, uint8_t size, MirOpnd a, MirOpnd b)
{
    MirOpnd o[2] = {a, b};
    return mir_emit(f, op, size, o, 2);
}

void
mir_add_opnd(MirFunc *f, uint32_t i, MirOpnd o, MirRole role)
{
    MirInst *in = &f->insts.data[i];
    if (in->opnds + in->nopnds != f->opnds.len)
        CG_BUG("mir_add_opnd: not the last instruction");
    o.role = (uint8_t)role;
    if (o.kind == MO_REG)
        o.cls = mir_is_vreg(o.reg) ? f->vregs.data[o.reg - MIR_VREG0].cls
                                   : f->target->regs->cls[o.reg];
    VEC_PUSH(f->opnds, o);
    in->nopnds++;
}

/* ---------------------------------------------------------------- listing */

static void
print_reg(MirFunc *f, uint32_t r, FILE *out)
{
    if (!r)
        fputs("_", out);
    else if (mir_is_vreg(r))
        fprintf(out, "%%%c%u", mir_vreg(f, r)->cls == MIR_FP ? 'f' : 'v',
                r - MIR_VREG0);
    else
        fprintf(out, "%%%s", f->target->regs->names[r]);
}

static const char *const base_name[] = {
    "", "frame", "inarg", "outarg", "sym", "got", "const", "dyntop",
};

static void
print_opnd(MirFunc *f, const MirOpnd *o, FILE *out)
{
    switch (o->kind) {
    case MO_REG:
        print_reg(f, o->reg, out);
        if (mir_is_vreg(o->reg) && mir_vreg(f, o->reg)->reg) {
            fputs("(", out);
            print_reg(f, mir_vreg(f, o->reg)->reg, out);
            fputs(")", out);
        }
        break;
    case MO_IMM:
        fprintf(out, "$%" PRId64, o->imm);
        break;
    case MO_SYM:
        fprintf(out, "@%s", ir_str(f->mod, ir_sym_c(f->mod,
                                   (IrSym){o->obj})->name));
        if (o->imm)
            fprintf(out, "%+" PRId64, o->imm);
        break;
    case MO_BLOCK:
        fprintf(out, "bb%u", o->obj);
        break;
    case MO_MEM:
        fputs("[", out);
        if (o->base == MB_REG) {
            print_reg(f, o->reg, out);
        } else if (o->base == MB_SYM || o->base == MB_GOT) {
            fprintf(out, "%s @%s", base_name[o->base],
                    ir_str(f->mod, ir_sym_c(f->mod, (IrSym){o->obj})->name));
        } else {
            fprintf(out, "%s", base_name[o->base]);
            if (o->base == MB_FRAME || o->base == MB_CONST)
                fprintf(out, "%u", o->obj);
        }
        if (o->index) {
            fputs(" + ", out);
            print_reg(f, o->index, out);
            fprintf(out, "*%u", o->scale);
        }
        if (o->imm)
            fprintf(out, " %c %" PRId64, o->imm < 0 ? '-' : '+',
                    o->imm < 0 ? -(uint64_t)o->imm : (uint64_t)o->imm);
        fputs("]", out);
        break;
    default:
        fputs("?", out);
    }
}

void
mir_print_func(MirFunc *f, FILE *out)
{
    const Target *t = f->target;
    fprintf(out, "mir @%s {\n", ir_str(f->mod, ir_sym_c(f->mod, f->sym)->name));
    for (uint32_t k = 1; k < f->frame.len; k++) {
        static const char *const kn[] = {"slot", "temp", "spill", "save"};
        MirFrameObj *o = &f->frame.data[k];
        fprintf(out, "  frame%u = %s %u align %u\n", k, kn[o->kind],
                o->size, o->align);
    }
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        fprintf(out, "bb%u:", b);
        if (bl->label)
            fprintf(out, "  ; %s", ir_str(f->mod, bl->label));
        fputs("\n", out);
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            MirInst *in = &f->insts.data[i];
            const MirOpInfo *oi = &t->ops[in->op];
            fprintf(out, "  %s.%u", oi->name, in->size);
            if (oi->flags & MIR_OPF_RFLAGS)
                fprintf(out, ".c%u", in->cond);
            const char *sep = " ";
            bool imp = false;
            for (uint32_t j = 0; j < in->nopnds; j++) {
                MirOpnd *o = mir_opnd(f, i, j);
                bool isimp = j >= oi->nopnds || oi->fixed[j];
                if (isimp && !imp) {
                    fputs(" {", out);
                    sep = "";
                    imp = true;
                }
                fputs(sep, out);
                sep = ", ";
                static const char *const rn[] = {"", "", "=", "+=", "=!",
                                                 "~", "&"};
                if (o->role < 7 && o->role >= MIR_R_DEF)
                    fputs(rn[o->role], out);
                print_opnd(f, o, out);
            }
            if (imp)
                fputs("}", out);
            fputs("\n", out);
        }
    }
    fputs("}\n", out);
}

/* ---------------------------------------------------------------- DCE */

static bool
role_uses(uint8_t r)
{
    return r == MIR_R_USE || r == MIR_R_USEDEF || r == MIR_R_SCRATCH;
}

static bool
role_defs(uint8_t r)
{
    return r == MIR_R_DEF || r == MIR_R_USEDEF || r == MIR_R_EDEF ||
           r == MIR_R_SCRATCH;
}

/* Adds delta to the use count of every register instruction i reads;
 * lastdef (or NULL): i becomes the last def of the registers it writes,
 * so mir_dce's first walk over the operands does both. */
static void
count_uses(MirFunc *f, uint32_t i, uint32_t *uses, int delta,
           uint32_t *lastdef)
{
    MirInst *in = &f->insts.data[i];
    for (uint32_t j = 0; j < in->nopnds; j++) {
        MirOpnd *o = mir_opnd(f, i, j);
        if (o->kind == MO_REG && role_uses(o->role))
            uses[o->reg] += delta;
        if (lastdef && o->kind == MO_REG && role_defs(o->role))
            lastdef[o->reg] = i;
        if (o->kind == MO_MEM) {
            if (o->base == MB_REG && o->reg)
                uses[o->reg] += delta;
            if (o->index)
                uses[o->index] += delta;
        }
    }
}

/* Dead when pure, defining at least one vreg, no physreg, and no
 * defined vreg is used by any other instruction. */
static bool
is_dead(MirFunc *f, uint32_t i, const uint32_t *uses)
{
    MirInst *in = &f->insts.data[i];
    if (in->flags & (MIR_IF_DEAD | MIR_IF_KEEP))
        return false;
    if (!(f->target->ops[in->op].flags & MIR_OPF_PURE))
        return false;
    bool any = false;
    for (uint32_t j = 0; j < in->nopnds; j++) {
        MirOpnd *o = mir_opnd(f, i, j);
        if (o->kind == MO_MEM && role_defs(o->role))
            return false;
        if (o->kind != MO_REG || !role_defs(o->role))
            continue;
        if (!mir_is_vreg(o->reg))
            return false;
        if (uses[o->reg]) {     /* dead only if every use is its own */
            uint32_t own = 0;
            for (uint32_t q = 0; q < in->nopnds; q++) {
                MirOpnd *p = mir_opnd(f, i, q);
                if (p->kind == MO_REG && p->reg == o->reg &&
                    role_uses(p->role))
                    own++;
            }
            if (uses[o->reg] > own)
                return false;
        }
        any = true;
    }
    return any;
}

typedef VEC(uint32_t) Vec_u32;

/* Sets regs to the registers instruction i reads (its address
 * registers too). */
static void
read_regs(MirFunc *f, uint32_t i, Vec_u32 *regs)
{
    MirInst *in = &f->insts.data[i];
    regs->len = 0;
    for (uint32_t j = 0; j < in->nopnds; j++) {
        MirOpnd *o = mir_opnd(f, i, j);
        if (o->kind == MO_REG && role_uses(o->role) && o->reg)
            VEC_PUSH(*regs, o->reg);
        if (o->kind == MO_MEM) {
            if (o->base == MB_REG && o->reg)
                VEC_PUSH(*regs, o->reg);
            if (o->index)
                VEC_PUSH(*regs, o->index);
        }
    }
}

/* Kills instruction i if it is dead: marks it, takes back its uses and
 * leaves in regs the registers it read (whose defs may now die). */
static bool
kill_if_dead(MirFunc *f, uint32_t i, uint32_t *uses, Vec_u32 *regs)
{
    if (!is_dead(f, i, uses))
        return false;
    f->insts.data[i].flags |= MIR_IF_DEAD;
    count_uses(f, i, uses, -1, NULL);
    read_regs(f, i, regs);
    return true;
}

/* Kills what dies once the registers in pend lose uses: a worklist
 * over each register's defs, linear in the code. */
static void
dce_worklist(MirFunc *f, uint32_t *uses, const uint32_t *pend, uint32_t np)
{
    uint32_t nr = mir_num_regs(f);
    uint32_t *ndefs = xcalloc(nr + 1, sizeof *ndefs);
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = &f->insts.data[i];
        for (uint32_t j = 0; j < in->nopnds; j++) {
            MirOpnd *o = mir_opnd(f, i, j);
            if (o->kind == MO_REG && role_defs(o->role))
                ndefs[o->reg + 1]++;
        }
    }
    for (uint32_t r = 0; r < nr; r++)
        ndefs[r + 1] += ndefs[r];
    uint32_t *defs = xmalloc((ndefs[nr] + 1) * sizeof *defs);
    uint32_t *fill = xcalloc(nr, sizeof *fill);
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = &f->insts.data[i];
        for (uint32_t j = 0; j < in->nopnds; j++) {
            MirOpnd *o = mir_opnd(f, i, j);
            if (o->kind == MO_REG && role_defs(o->role))
                defs[ndefs[o->reg] + fill[o->reg]++] = i;
        }
    }
    Vec_u32 work = {0}, regs = {0};
    for (uint32_t k = 0; k < np; k++)
        for (uint32_t d = ndefs[pend[k]]; d < ndefs[pend[k] + 1]; d++)
            VEC_PUSH(work, defs[d]);
    while (work.len) {
        uint32_t i = work.data[--work.len];
        if (!kill_if_dead(f, i, uses, &regs))
            continue;
        for (uint32_t q = 0; q < regs.len; q++) {
            uint32_t r = regs.data[q];
            for (uint32_t d = ndefs[r]; d < ndefs[r + 1]; d++)
                VEC_PUSH(work, defs[d]);
        }
    }
    VEC_FREE(work), VEC_FREE(regs);
    free(ndefs), free(defs), free(fill);
}

/* One backward sweep kills a chain of dead values used after they are
 * defined, without def lists.  A register an instruction read when it
 * died, defined again later (a loop's value, an SSA copy), may have
 * left a def dead behind the sweep: those registers go to the worklist
 * (built only then), so the dead set is the same closure either way. */
static void
dce_sweep(MirFunc *f, uint32_t *uses, const uint32_t *lastdef)
{
    Vec_u32 pend = {0}, regs = {0};
    for (uint32_t i = f->insts.len - 1; i >= 1; i--) {
        if (!kill_if_dead(f, i, uses, &regs))
            continue;
        for (uint32_t q = 0; q < regs.len; q++)
            if (lastdef[regs.data[q]] > i)
                VEC_PUSH(pend, regs.data[q]);
    }
    if (pend.len)
        dce_worklist(f, uses, pend.data, pend.len);
    VEC_FREE(pend), VEC_FREE(regs);
}

/*
 * Most functions have nothing dead (isel makes constants and addresses
 * only on demand, cg_def_lazy), so the first walk also finds where the
 * dead could be.  An instruction is dead only when each vreg it defines
 * is read by nothing but instructions that define it too (its own
 * two-address operand): self[v] counts those reads, and a vreg with
 * uses[v] == self[v] is a candidate.  No candidate: nothing is dead.
 * Otherwise the defs of the candidates are the seeds of a worklist, on
 * each vreg's chain of defs (prevdef; an instruction defining two vregs
 * has no room in it, and sends the function to the sweep).  The dead
 * set is the same closure: an instruction only becomes dead when one
 * it reads from dies, and then its defs are looked at again.
 */
void
mir_dce(MirFunc *f)
{
    uint32_t nr = mir_num_regs(f), ni = f->insts.len;
    /* uses, self and lastdef in one allocation */
    uint32_t *uses = xcalloc(3 * (size_t)nr, sizeof *uses);
    uint32_t *self = uses + nr, *lastdef = self + nr;
    uint32_t *prevdef = xmalloc(ni * sizeof *prevdef);
    bool multi = false, any = false;
    for (uint32_t i = 1; i < ni; i++) {
        MirInst *in = &f->insts.data[i];
        MirOpnd *o0 = in->nopnds ? mir_opnd(f, i, 0) : NULL, *o = o0;
        uint32_t dv = 0, u0 = 0, nu = 0;
        for (uint32_t j = 0; j < in->nopnds; j++, o++) {
            if (o->kind == MO_MEM) {
                if (o->base == MB_REG && o->reg)
                    uses[o->reg]++;
                if (o->index)
                    uses[o->index]++;
                continue;
            }
            if (o->kind != MO_REG)
                continue;
            uint8_t r = o->role;
            if (r == MIR_R_USE) {
                uses[o->reg]++;
                u0 = o->reg;
                nu++;
                continue;
            }
            if (r == MIR_R_USEDEF || r == MIR_R_SCRATCH) {
                uses[o->reg]++;
                self[o->reg]++;
            } else if (r != MIR_R_DEF && r != MIR_R_EDEF) {
                continue;
            }
            if (!mir_is_vreg(o->reg))
                lastdef[o->reg] = i;
            else if (dv && dv != o->reg)
                multi = true;
            else
                dv = o->reg;
        }
        if (!dv)
            continue;
        /* x op x reads the x it writes in another operand */
        if (nu == 1)
            self[dv] += u0 == dv;
        else
            for (uint32_t j = 0; nu && j < in->nopnds; j++)
                if (o0[j].kind == MO_REG && o0[j].role == MIR_R_USE &&
                    o0[j].reg == dv)
                    self[dv]++;
        prevdef[i] = lastdef[dv];
        lastdef[dv] = i;
    }
    if (multi) {
        /* the sweep's counts and last defs, of every register */
        memset(uses, 0, 3 * (size_t)nr * sizeof *uses);
        for (uint32_t i = 1; i < ni; i++)
            count_uses(f, i, uses, 1, lastdef);
        dce_sweep(f, uses, lastdef);
        any = true;
    } else {
        Vec_u32 work = {0}, regs = {0};
        for (uint32_t v = MIR_VREG0; v < nr; v++)
            if (lastdef[v] && uses[v] == self[v])
                for (uint32_t d = lastdef[v]; d; d = prevdef[d])
                    VEC_PUSH(work, d);
        while (work.len) {
            uint32_t i = work.data[--work.len];
            if (!kill_if_dead(f, i, uses, &regs))
                continue;
            any = true;
            for (uint32_t q = 0; q < regs.len; q++)
                if (mir_is_vreg(regs.data[q]))
                    for (uint32_t d = lastdef[regs.data[q]]; d; d = prevdef[d])
                        VEC_PUSH(work, d);
        }
        VEC_FREE(work), VEC_FREE(regs);
    }
    free(prevdef);
    free(uses);
    if (!any)
        return;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        uint32_t n = 0;
        for (uint32_t k = 0; k < bl->insts.len; k++)
            if (!(f->insts.data[bl->insts.data[k]].flags & MIR_IF_DEAD))
                bl->insts.data[n++] = bl->insts.data[k];
        bl->insts.len = n;
    }
}
