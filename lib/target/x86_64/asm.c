/*
 * asm.c - x86-64 AT&T assembly for finalized MIR: each instruction
 * spelled from its insts.def form (print_inst of the text sink).  Every
 * decision (frame addresses, prologue and epilogue, branch layout, how
 * a symbol is reached) was taken on MIR before (lib/codegen/finalize.c,
 * frame.c here); this file only spells.
 */
#include "x64.h"

#include <inttypes.h>
#include <string.h>

static const char *const gpn[17][4] = {
    {"?", "?", "?", "?"},
    {"al", "ax", "eax", "rax"}, {"cl", "cx", "ecx", "rcx"},
    {"dl", "dx", "edx", "rdx"}, {"bl", "bx", "ebx", "rbx"},
    {"spl", "sp", "esp", "rsp"}, {"bpl", "bp", "ebp", "rbp"},
    {"sil", "si", "esi", "rsi"}, {"dil", "di", "edi", "rdi"},
    {"r8b", "r8w", "r8d", "r8"}, {"r9b", "r9w", "r9d", "r9"},
    {"r10b", "r10w", "r10d", "r10"}, {"r11b", "r11w", "r11d", "r11"},
    {"r12b", "r12w", "r12d", "r12"}, {"r13b", "r13w", "r13d", "r13"},
    {"r14b", "r14w", "r14d", "r14"}, {"r15b", "r15w", "r15d", "r15"},
};

static int
szi(unsigned size)
{
    return size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
}

static char
sfx(unsigned size)
{
    return "bwlq"[szi(size)];
}

static void
preg(FILE *out, uint32_t r, unsigned size)
{
    if (r >= XMM0 && r <= XMM15)
        fprintf(out, "%%xmm%u", r - XMM0);
    else if (r >= 1 && r <= R15)
        fprintf(out, "%%%s", gpn[r][szi(size)]);
    else
        fprintf(out, "%%?%u", r);
}

static void
psym(MirFunc *f, FILE *out, uint32_t s)
{
    cg_print_symname(out, f->target->sym_prefix,
                     ir_str(f->mod, ir_sym_c(f->mod, (IrSym){s})->name));
}

static void
pmem(MirFunc *f, FILE *out, const MirOpnd *o)
{
    int64_t d = o->imm;
    switch (o->base) {
    case MB_SYM:
        psym(f, out, o->obj);
        if (d)
            fprintf(out, "%+" PRId64, d);
        fputs("(%rip)", out);
        return;
    case MB_GOT:
        psym(f, out, o->obj);
        fputs("@GOTPCREL(%rip)", out);
        return;
    case MB_CONST:
        fprintf(out, "%sCP%u_%u", f->target->label_prefix, f->fn_index,
                o->obj);
        if (d)
            fprintf(out, "%+" PRId64, d);
        fputs("(%rip)", out);
        return;
    case MB_REG:
        break;
    default:
        CG_BUG("frame operand after finalize");
    }
    if (d || (!o->reg && !o->index) || o->ref)
        fprintf(out, "%" PRId64, d);
    if (!o->reg && !o->index)           /* absolute: no parentheses */
        return;
    fputs("(", out);
    if (o->reg)
        preg(out, o->reg, 8);
    if (o->index) {
        fputs(",", out);
        preg(out, o->index, 8);
        fprintf(out, ",%u", o->scale);
    }
    fputs(")", out);
}

static void
popnd(MirFunc *f, FILE *out, const MirOpnd *o, unsigned size)
{
    switch (o->kind) {
    case MO_REG: preg(out, o->reg, size); break;
    case MO_IMM: fprintf(out, "$%" PRId64, o->imm); break;
    case MO_MEM: pmem(f, out, o); break;
    case MO_SYM: psym(f, out, o->obj); break;
    case MO_BLOCK:
        fprintf(out, "%sBB%u_%u", f->target->label_prefix, f->fn_index,
                o->obj);
        break;
    default: fputs("?", out);
    }
}

/* Explicit operands, comma-separated, each printed at 'size' except
 * where the caller passes per-operand sizes. */
static void
pops(MirFunc *f, FILE *out, uint32_t i, const unsigned *sizes)
{
    MirInst *in = mir_inst(f, i);
    const MirOpInfo *oi = &x64_ops[in->op];
    const char *sep = " ";
    for (uint32_t j = 0, q = 0; j < oi->nopnds && j < in->nopnds; j++) {
        if (oi->fixed[j])
            continue;
        fputs(sep, out);
        sep = ", ";
        popnd(f, out, mir_opnd(f, i, j), sizes ? sizes[q] : in->size);
        q++;
    }
}

/*
 * frem x, y, r: C's fmod by the x87 partial remainder, repeated until
 * it is complete (status bit C2 clear).  FPREM is exact, keeps the
 * dividend's sign and gives NaN for an infinite x or a zero y and x for
 * an infinite y, so the loop is fmod without a call into libm (which a
 * program linked by `cc` alone lacks, and whose name the module may use
 * for its own symbol).  The operands pass through the red zone below
 * %rsp; %ax takes the status word.
 */
static void
emit_fprem(MirFunc *f, FILE *out, uint32_t i)
{
    MirInst *in = mir_inst(f, i);
    const char *mov = in->size == 4 ? "movss" : "movsd";
    char x87 = in->size == 4 ? 's' : 'l';
    for (int k = 1; k >= 0; k--) {          /* y, then x on top */
        const MirOpnd *o = mir_opnd(f, i, (uint32_t)k);
        if (o->kind == MO_REG) {
            fprintf(out, "\t%s ", mov);
            popnd(f, out, o, 16);
            fprintf(out, ", -8(%%rsp)\n\tfld%c -8(%%rsp)\n", x87);
        } else {
            fprintf(out, "\tfld%c ", x87);
            popnd(f, out, o, in->size);
            fputs("\n", out);
        }
    }
    fputs("1:\n\tfprem\n\tfnstsw %ax\n\ttestb $4, %ah\n\tjne 1b\n"
          "\tfstp %st(1)\n", out);
    const MirOpnd *r = mir_opnd(f, i, 2);
    if (r->kind == MO_REG) {
        fprintf(out, "\tfstp%c -8(%%rsp)\n\t%s -8(%%rsp), ", x87, mov);
        popnd(f, out, r, 16);
    } else {
        fprintf(out, "\tfstp%c ", x87);
        popnd(f, out, r, in->size);
    }
    fputs("\n", out);
}

void
x64_print_inst(MirFunc *f, uint32_t i, FILE *out)
{
    MirInst *in = mir_inst(f, i);
    const MirOpInfo *oi = &x64_ops[in->op];
    MirOpnd *o0 = in->nopnds ? mir_opnd(f, i, 0) : NULL;
    MirOpnd *o1 = in->nopnds > 1 ? mir_opnd(f, i, 1) : NULL;
    switch (oi->form) {
    case FM_SZ:
        fprintf(out, "\t%s%c", oi->name, sfx(in->size));
        pops(f, out, i, NULL);
        break;
    case FM_MOVI: {
        int64_t k = o0->imm;
        if (in->size == 8 && k >= 0 && k <= UINT32_MAX && o1->kind == MO_REG) {
            fprintf(out, "\tmovl $%" PRId64 ", ", k);
            preg(out, o1->reg, 4);
        } else if (in->size == 8 && (k < INT32_MIN || k > INT32_MAX)) {
            fprintf(out, "\tmovabsq $%" PRId64 ", ", k);
            popnd(f, out, o1, 8);
        } else {
            fprintf(out, "\tmov%c $%" PRId64 ", ", sfx(in->size), k);
            popnd(f, out, o1, in->size);
        }
        break;
    }
    case FM_EXT: {
        unsigned sz[2] = {in->size2, in->size};
        if (in->op == X64_MOVZX && in->size2 == 4) {
            fputs("\tmovl", out);
            sz[1] = 4;
        } else {
            fprintf(out, "\t%s%c%c", oi->name, sfx(in->size2), sfx(in->size));
        }
        pops(f, out, i, sz);
        break;
    }
    case FM_SHIFT:
        fprintf(out, "\t%s%c ", oi->name, sfx(in->size));
        if (o0->kind == MO_IMM)
            fprintf(out, "$%" PRId64, o0->imm);
        else
            fputs("%cl", out);
        fputs(", ", out);
        popnd(f, out, o1, in->size);
        break;
    case FM_CQO:
        fputs(in->size == 8 ? "\tcqto" : "\tcltd", out);
        break;
    case FM_CC:
        if (in->op == X64_JCC) {
            fprintf(out, "\tj%s ", x64_ccname[in->cond]);
            popnd(f, out, o0, 8);
        } else if (in->op == X64_SETCC) {
            fprintf(out, "\tset%s ", x64_ccname[in->cond]);
            popnd(f, out, o0, 1);
        } else {
            fprintf(out, "\tcmov%s", x64_ccname[in->cond]);
            pops(f, out, i, NULL);
        }
        break;
    case FM_JMP:
        fputs("\tjmp ", out);
        popnd(f, out, o0, 8);
        break;
    case FM_CALL:
        if (o0->kind == MO_SYM) {
            fputs("\tcall ", out);
            psym(f, out, o0->obj);
            /* Mach-O has no @PLT: the linker makes stubs itself */
            if (o0->ref == MIR_REF_PLT && f->target->obj_format == OBJ_ELF)
                fputs("@PLT", out);
        } else {
            fputs("\tcall *", out);
            popnd(f, out, o0, 8);
        }
        break;
    case FM_RET:
        fputs("\tret", out);
        break;
    case FM_CFI:
        cg_print_cfi(out, f, i, "%");
        return;
    case FM_PLAIN:
        fprintf(out, "\t%s", oi->name);
        pops(f, out, i, NULL);
        break;
    case FM_SUBSP:
        fprintf(out, "\tsubq $%" PRId64 ", %%rsp", o0->imm);
        break;
    case FM_SSE:
        if (in->op == X64_MOVS && o0->kind == MO_REG && o1->kind == MO_REG)
            fputs(in->size == 4 ? "\tmovaps" : "\tmovapd", out);
        else
            fprintf(out, "\t%s%c", oi->name, in->size == 4 ? 's' : 'd');
        pops(f, out, i, NULL);
        break;
    case FM_CVTI2F: {
        unsigned sz[2] = {in->size2, 16};
        fprintf(out, "\tcvtsi2s%c%c", in->size == 4 ? 's' : 'd',
                sfx(in->size2));
        pops(f, out, i, sz);
        break;
    }
    case FM_CVTF2I: {
        unsigned sz[2] = {16, in->size};
        fprintf(out, "\tcvtts%c2si", in->size2 == 4 ? 's' : 'd');
        pops(f, out, i, sz);
        break;
    }
    case FM_CVTF2F:
        fputs(in->size == 8 ? "\tcvtss2sd" : "\tcvtsd2ss", out);
        pops(f, out, i, NULL);
        break;
    case FM_GX:
        fputs(in->size == 8 ? "\tmovq" : "\tmovd", out);
        pops(f, out, i, NULL);
        break;
    case FM_FPREM:
        emit_fprem(f, out, i);
        return;
    }
    fputs("\n", out);
}
