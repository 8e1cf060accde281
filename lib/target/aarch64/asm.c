/*
 * asm.c - AArch64 GNU assembly for finalized MIR: each instruction
 * spelled from its insts.def form (print_inst of the text sink).  The
 * decisions (frame addresses, displacement legalization, prologue and
 * epilogue, branch layout, how a symbol is reached) were taken on MIR
 * before (lib/codegen/finalize.c, frame.c here); this file only spells.
 * MIR operands are sources first, destination last; AArch64 writes the
 * destination first.
 */
#include "a64.h"

#include <inttypes.h>

static void
preg(FILE *out, uint32_t r, unsigned size)
{
    if (r >= V0 && r <= V30)
        fprintf(out, "%c%u", size == 4 ? 's' : size == 16 ? 'q' : 'd',
                r - V0);
    else if (r == SP)
        fputs(size == 8 ? "sp" : "wsp", out);
    else if (r >= X0 && r <= X30)
        fprintf(out, "%c%u", size == 8 ? 'x' : 'w', r - X0);
    else
        fprintf(out, "?%u", r);
}

static void
psym(MirFunc *f, FILE *out, const MirOpnd *o)
{
    cg_print_symname(out, f->target->sym_prefix,
                     ir_str(f->mod, ir_sym_c(f->mod, (IrSym){o->obj})->name));
    if (o->imm)
        fprintf(out, "%+" PRId64, o->imm);
}

/* A symbol reached by page: ELF's :lo12: / :got: / :got_lo12: prefixes,
 * Apple's @PAGE / @PAGEOFF / @GOTPAGE / @GOTPAGEOFF suffixes. */
static void
pref(MirFunc *f, FILE *out, const MirOpnd *o)
{
    static const char *const elf[] = {
        [MIR_REF_PAGE] = "", [MIR_REF_PAGEOFF] = ":lo12:",
        [MIR_REF_GOTPAGE] = ":got:", [MIR_REF_GOTPAGEOFF] = ":got_lo12:",
    };
    static const char *const apple[] = {
        [MIR_REF_PAGE] = "@PAGE", [MIR_REF_PAGEOFF] = "@PAGEOFF",
        [MIR_REF_GOTPAGE] = "@GOTPAGE", [MIR_REF_GOTPAGEOFF] = "@GOTPAGEOFF",
    };
    if (o->ref < MIR_REF_PAGE || o->ref > MIR_REF_GOTPAGEOFF)
        CG_BUG("symbol operand without a page reference");
    bool macho = f->target->obj_format == OBJ_MACHO;
    if (!macho)
        fputs(elf[o->ref], out);
    psym(f, out, o);
    if (macho)
        fputs(apple[o->ref], out);
}

static void
pmem(FILE *out, const MirOpnd *o)
{
    if (o->base != MB_REG)
        CG_BUG("unresolved memory operand after finalize");
    fputs("[", out);
    preg(out, o->reg, 8);
    if (o->index) {
        unsigned sh = o->scale == 2 ? 1 : o->scale == 4 ? 2
                    : o->scale == 8 ? 3 : o->scale == 16 ? 4 : 0;
        fputs(", ", out);
        preg(out, o->index, o->ext ? 4 : 8);
        if (o->ext)
            fputs(o->ext == MIR_EXT_SXTW ? ", sxtw" : ", uxtw", out);
        if (sh)
            fprintf(out, "%s #%u", o->ext ? "" : ", lsl", sh);
    } else if (o->imm) {
        fprintf(out, ", #%" PRId64, o->imm);
    }
    fputs("]", out);
}

/* A block label, or the byte offset cg_branch_range put there (the
 * branch over a jump to a block out of reach). */
static void
pblock(MirFunc *f, FILE *out, const MirOpnd *o)
{
    if (o->kind == MO_IMM)
        fprintf(out, ".%+" PRId64, o->imm);
    else
        fprintf(out, "%sBB%u_%u", f->target->label_prefix, f->fn_index,
                o->obj);
}

static void
popnd(MirFunc *f, FILE *out, const MirOpnd *o, unsigned size)
{
    switch (o->kind) {
    case MO_REG: preg(out, o->reg, size); break;
    case MO_IMM: fprintf(out, "#%" PRId64, o->imm); break;
    case MO_MEM: pmem(out, o); break;
    case MO_SYM: psym(f, out, o); break;
    case MO_BLOCK: pblock(f, out, o); break;
    default: fputs("?", out);
    }
}

/* ldur/stur for what the scaled unsigned offset cannot reach. */
static bool
unscaled(const MirOpnd *m, unsigned size)
{
    return !m->index && (m->imm < 0 || m->imm % size != 0);
}

static const char *
ldst_suffix(unsigned size, bool fp)
{
    if (fp)
        return "";
    return size == 1 ? "b" : size == 2 ? "h" : "";
}

/* A load or store of register r (class fp or not) of 'size' bytes. */
static void
ldst(MirFunc *f, FILE *out, bool load, bool sext, uint32_t r, bool fp,
     unsigned size, unsigned rsize, const MirOpnd *m)
{
    (void)f;
    fprintf(out, "\t%s%s%s%s ", load ? "ld" : "st",
            unscaled(m, size) ? "ur" : "r", sext ? "s" : "",
            sext && size == 4 ? "w" : ldst_suffix(size, fp));
    preg(out, r, fp ? size : rsize);
    fputs(", ", out);
    pmem(out, m);
}

static const char *const shname[] = {
    [A64_SH_LSL] = "lsl", [A64_SH_LSR] = "lsr", [A64_SH_ASR] = "asr",
    [A64_SH_SXTW] = "sxtw", [A64_SH_UXTW] = "uxtw",
};

void
a64_print_inst(MirFunc *f, uint32_t i, FILE *out)
{
    MirInst *in = mir_inst(f, i);
    const MirOpInfo *oi = &a64_ops[in->op];
    MirOpnd *o[4] = {NULL, NULL, NULL, NULL};
    for (uint32_t k = 0; k < 4 && k < in->nopnds; k++)
        o[k] = mir_opnd(f, i, k);
    unsigned sz = in->size;
    switch (oi->form) {
    case FM_MOV: {
        bool fp = in->op == A64_FMOV;
        if (o[0]->kind == MO_MEM)
            ldst(f, out, true, false, o[1]->reg, fp, sz, sz, o[0]);
        else if (o[1]->kind == MO_MEM)
            ldst(f, out, false, false, o[0]->reg, fp, sz, sz, o[1]);
        else {
            fprintf(out, "\t%s ", oi->name);
            preg(out, o[1]->reg, sz);
            fputs(", ", out);
            preg(out, o[0]->reg, sz);
        }
        break;
    }
    case FM_RRR:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[2]->reg, sz);
        fputs(", ", out);
        preg(out, o[0]->reg, sz);
        fputs(", ", out);
        preg(out, o[1]->reg, in->cond == A64_SH_SXTW ||
                             in->cond == A64_SH_UXTW ? 4 : sz);
        if (in->cond)
            fprintf(out, ", %s #%u", shname[in->cond], in->size2);
        break;
    case FM_RRI:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[2]->reg, sz);
        fputs(", ", out);
        preg(out, o[0]->reg, sz);
        fprintf(out, ", #%" PRId64, o[1]->imm);
        if (in->size2 == 12)
            fputs(", lsl #12", out);
        break;
    case FM_SHIFTI:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[2]->reg, sz);
        fputs(", ", out);
        preg(out, o[0]->reg, sz);
        fprintf(out, ", #%" PRId64, o[1]->imm);
        break;
    case FM_RR:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[1]->reg, sz);
        fputs(", ", out);
        preg(out, o[0]->reg, sz);
        break;
    case FM_CMP:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[0]->reg, sz);
        fputs(", ", out);
        popnd(f, out, o[1], sz);
        if (o[1]->kind == MO_IMM && in->size2 == 12)
            fputs(", lsl #12", out);
        else if (o[1]->kind == MO_REG && in->cond)
            fprintf(out, ", %s #%u", shname[in->cond], in->size2);
        break;
    case FM_R4:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[3]->reg, sz);
        for (int k = 0; k < 3; k++) {
            fputs(", ", out);
            preg(out, o[k]->reg, sz);
        }
        break;
    case FM_CSEL:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[2]->reg, sz);
        fputs(", ", out);
        preg(out, o[0]->reg, sz);
        fputs(", ", out);
        preg(out, o[1]->reg, sz);
        fprintf(out, ", %s", a64_ccname[in->cond]);
        break;
    case FM_CSET:
        fputs("\tcset ", out);
        preg(out, o[0]->reg, sz);
        fprintf(out, ", %s", a64_ccname[in->cond]);
        break;
    case FM_MOVW:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[1]->reg, sz);
        fprintf(out, ", #%" PRId64, o[0]->imm);
        if (in->size2)
            fprintf(out, ", lsl #%u", in->size2);
        break;
    case FM_FMOVI:
        fputs("\tfmov ", out);
        preg(out, o[1]->reg, sz);
        fprintf(out, ", #%.8f", a64_fpimm_value((uint32_t)o[0]->imm));
        break;
    case FM_LD:
        ldst(f, out, true, in->op == A64_LDRS, o[1]->reg, in->op == A64_FLDR,
             sz, in->op == A64_LDRS ? in->size2 : sz < 4 ? 4 : sz, o[0]);
        break;
    case FM_ST:
        ldst(f, out, false, false, o[0]->reg, in->op == A64_FSTR, sz,
             sz < 4 ? 4 : sz, o[1]);
        break;
    case FM_ADRP:
        fputs("\tadrp ", out);
        preg(out, o[1]->reg, 8);
        fputs(", ", out);
        pref(f, out, o[0]);
        break;
    case FM_ADDLO:
        fputs("\tadd ", out);
        preg(out, o[2]->reg, 8);
        fputs(", ", out);
        preg(out, o[0]->reg, 8);
        fputs(", ", out);
        pref(f, out, o[1]);
        break;
    case FM_LDGOT:
        fputs("\tldr ", out);
        preg(out, o[2]->reg, 8);
        fputs(", [", out);
        preg(out, o[0]->reg, 8);
        fputs(", ", out);
        pref(f, out, o[1]);
        fputs("]", out);
        break;
    case FM_B:
        fputs("\tb ", out);
        pblock(f, out, o[0]);
        break;
    case FM_BCC:
        fprintf(out, "\tb.%s ", a64_ccname[in->cond]);
        pblock(f, out, o[0]);
        break;
    case FM_CB:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[0]->reg, sz);
        fputs(", ", out);
        pblock(f, out, o[1]);
        break;
    case FM_TB:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[0]->reg, o[1]->imm >= 32 ? 8 : 4);
        fprintf(out, ", #%" PRId64 ", ", o[1]->imm);
        pblock(f, out, o[2]);
        break;
    case FM_BL:
        fputs("\tbl ", out);
        psym(f, out, o[0]);
        break;
    case FM_BLR:
        fputs("\tblr ", out);
        preg(out, o[0]->reg, 8);
        break;
    case FM_RET:
        fputs("\tret", out);
        break;
    case FM_PLAIN:
        fprintf(out, "\t%s", oi->name);
        break;
    case FM_EXT:
        if (in->op == A64_UXT && in->size2 == 4) {
            fputs("\tmov ", out);
            preg(out, o[1]->reg, 4);
            fputs(", ", out);
            preg(out, o[0]->reg, 4);
            break;
        }
        fprintf(out, "\t%s%c ", oi->name,
                in->size2 == 1 ? 'b' : in->size2 == 2 ? 'h' : 'w');
        preg(out, o[1]->reg, sz);
        fputs(", ", out);
        preg(out, o[0]->reg, 4);
        break;
    case FM_CVT:
    case FM_FGMOV:
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[1]->reg, sz);
        fputs(", ", out);
        preg(out, o[0]->reg, in->size2 ? in->size2 : sz);
        break;
    case FM_SUBSP:
        fputs("\tsub sp, sp, ", out);
        popnd(f, out, o[0], 8);
        if (o[0]->kind == MO_IMM && in->size2 == 12)
            fputs(", lsl #12", out);
        break;
    case FM_STP:
    case FM_LDP: {
        bool st = oi->form == FM_STP;
        fprintf(out, "\t%s ", oi->name);
        preg(out, o[st ? 0 : 1]->reg, sz);
        fputs(", ", out);
        preg(out, o[st ? 1 : 2]->reg, sz);
        fputs(", ", out);
        pmem(out, o[st ? 2 : 0]);
        break;
    }
    case FM_PAIR:
        fputs(in->op == A64_STPFP ? "\tstp x29, x30, [sp, #-16]!"
                                  : "\tldp x29, x30, [sp], #16", out);
        break;
    case FM_CFI:
        cg_print_cfi(out, f, i, "");
        return;
    case FM_PSEUDO:
        CG_BUG("pseudo-instruction %s after finalize", oi->name);
    }
    fputs("\n", out);
}
