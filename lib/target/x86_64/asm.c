/*
 * asm.c - x86-64 AT&T assembly for allocated MIR: prologue, epilogue
 * with CFI (so debuggers unwind through every function), instructions
 * spelled from their insts.def form, frame references resolved against
 * the frame pointer, and PIC symbol references (RIP-relative for the
 * module's own symbols, GOT for declarations, calls through the PLT).
 *
 * A jump to the block that follows is dropped, and "jcc T; jmp F" with
 * T next becomes "jncc F".
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
    tgt_gas_name(out, ir_str(f->mod, ir_sym_c(f->mod, (IrSym){s})->name));
}

static void
pmem(MirFunc *f, FILE *out, const MirOpnd *o)
{
    int64_t d = o->imm;
    switch (o->base) {
    case MB_FRAME:
        fprintf(out, "%" PRId64 "(%%rbp)", f->frame.data[o->obj].offset + d);
        return;
    case MB_INARG:
        fprintf(out, "%" PRId64 "(%%rbp)", 16 + d);
        return;
    case MB_OUTARG:
        fprintf(out, "%" PRId64 "(%%rsp)", d);
        return;
    case MB_DYNTOP:
        fprintf(out, "%" PRId64 "(%%rsp)", (int64_t)f->outarg_size + d);
        return;
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
        fprintf(out, ".LCP%u_%u", f->fn_index, o->obj);
        if (d)
            fprintf(out, "%+" PRId64, d);
        fputs("(%rip)", out);
        return;
    default:
        break;
    }
    if (d || (!o->reg && !o->index))
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
    case MO_BLOCK: fprintf(out, ".LBB%u_%u", f->fn_index, o->obj); break;
    default: fputs("?", out);
    }
}

typedef struct {
    MirFunc *f;
    FILE *out;
    uint32_t nsaved;
    uint32_t saved[8];
} Emit;

static void
epilogue(Emit *e)
{
    FILE *out = e->out;
    fputs("\t.cfi_remember_state\n", out);
    for (uint32_t k = 0; k < e->nsaved; k++) {
        fprintf(out, "\tmovq %d(%%rbp), ", -8 * (int)(k + 1));
        preg(out, e->saved[k], 8);
        fputs("\n", out);
    }
    fputs("\tleave\n\t.cfi_def_cfa %rsp, 8\n\tret\n\t.cfi_restore_state\n",
          out);
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
            if (o0->ref == MIR_REF_PLT)
                fputs("@PLT", out);
        } else {
            fputs("\tcall *", out);
            popnd(f, out, o0, 8);
        }
        break;
    case FM_RET:
        fputs("\tret", out);
        break;
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

static void
emit_inst(Emit *e, uint32_t i)
{
    if (x64_ops[mir_inst(e->f, i)->op].form == FM_RET)
        epilogue(e);
    else
        x64_print_inst(e->f, i, e->out);
}

static uint32_t
next_nonempty(MirFunc *f, uint32_t b)
{
    for (b++; b < f->blocks.len; b++)
        if (f->blocks.data[b].insts.len)
            return b;
    return 0;
}

/* The blocks a later block (or the block itself) branches to: the tops
 * of loops as laid out.  Above -O0 they are aligned to 16 bytes when
 * that costs at most 10 bytes of padding (GCC's -falign-loops), so that
 * a small loop is fetched in one or two aligned chunks whatever precedes
 * it. */
static bool *
loop_tops(CgCtx *c, MirFunc *f)
{
    bool *top = xcalloc(f->blocks.len + 1, sizeof *top);
    if (c->opt->optlevel == 0)
        return top;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            MirInst *in = mir_inst(f, i);
            if ((in->op == X64_JMP || in->op == X64_JCC) && in->nopnds &&
                mir_opnd(f, i, 0)->kind == MO_BLOCK &&
                mir_opnd(f, i, 0)->obj <= b)
                top[mir_opnd(f, i, 0)->obj] = true;
        }
    }
    return top;
}

/* Whether the flags are dead after instruction k of block b: written
 * (or clobbered by a call, or dropped by ret) before anything reads
 * them, looking on through an unconditional jump once and at most
 * SCAN instructions (so that emission stays linear).  Not knowing
 * counts as live. */
static bool
flags_dead_after(MirFunc *f, uint32_t b, uint32_t k)
{
    enum { SCAN = 32 };
    uint32_t seen = 0;
    for (int hop = 0; hop < 2; hop++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t j = k; j < bl->insts.len && seen++ < SCAN; j++) {
            uint32_t i = bl->insts.data[j];
            MirInst *in = mir_inst(f, i);
            uint16_t fl = x64_ops[in->op].flags;
            if (fl & MIR_OPF_RFLAGS)
                return false;
            if ((fl & (MIR_OPF_FLAGS | MIR_OPF_CALL)) || in->op == X64_RET)
                return true;
            if (in->op == X64_JMP) {
                if (!in->nopnds || mir_opnd(f, i, 0)->kind != MO_BLOCK)
                    return false;
                b = mir_opnd(f, i, 0)->obj;
                k = 0;
                break;
            }
        }
        if (k)
            return false;
    }
    return false;
}

/* Above -O0, `mov $0, r` becomes `xor r, r` (2 or 3 bytes instead of 5,
 * and the zeroing idiom the CPU handles at renaming) where the flags it
 * writes are dead. */
static bool
emit_zero(CgCtx *c, MirFunc *f, uint32_t b, uint32_t k, FILE *out)
{
    uint32_t i = f->blocks.data[b].insts.data[k];
    MirInst *in = mir_inst(f, i);
    if (c->opt->optlevel == 0 || in->op != X64_MOVI || in->size < 4 ||
        mir_opnd(f, i, 0)->imm != 0 || mir_opnd(f, i, 1)->kind != MO_REG ||
        !flags_dead_after(f, b, k + 1))
        return false;
    uint32_t r = mir_opnd(f, i, 1)->reg;
    fputs("	xorl ", out);
    preg(out, r, 4);
    fputs(", ", out);
    preg(out, r, 4);
    fputs("\n", out);
    return true;
}

void
x64_emit_func(CgCtx *c, MirFunc *f, FILE *out)
{
    IrModule *m = f->mod;
    const IrSymData *sd = ir_sym_c(m, f->sym);
    const char *name = ir_str(m, sd->name);
    Emit e = {.f = f, .out = out};
    fputs("\n\t.text\n", out);
    if (!sd->internal) {
        fputs("\t.globl ", out);
        tgt_gas_name(out, name);
        fputs("\n", out);
    }
    fputs("\t.p2align 4, 0x90\n\t.type ", out);
    tgt_gas_name(out, name);
    fputs(",@function\n", out);
    tgt_gas_name(out, name);
    fputs(":\n\t.cfi_startproc\n\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n"
          "\t.cfi_offset %rbp, -16\n\tmovq %rsp, %rbp\n"
          "\t.cfi_def_cfa_register %rbp\n", out);
    if (f->frame_size)
        fprintf(out, "\tsubq $%" PRId64 ", %%rsp\n", f->frame_size);
    for (uint32_t r = 1; r < X64_NREGS; r++) {
        if (!(f->used_callee_saved >> r & 1))
            continue;
        int off = -8 * (int)(e.nsaved + 1);
        e.saved[e.nsaved++] = r;
        fputs("\tmovq ", out);
        preg(out, r, 8);
        fprintf(out, ", %d(%%rbp)\n\t.cfi_offset ", off);
        preg(out, r, 8);
        fprintf(out, ", %d\n", off - 16);
    }
    bool *top = loop_tops(c, f);
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (!bl->insts.len)
            continue;
        if (top[b])
            fputs("\t.p2align 4,,10\n", out);
        fprintf(out, ".LBB%u_%u:", f->fn_index, b);
        if (bl->label)
            fprintf(out, "\t\t\t# %s", ir_str(m, bl->label));
        fputs("\n", out);
        uint32_t nx = next_nonempty(f, b), n = bl->insts.len;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t i = bl->insts.data[k];
            MirInst *in = mir_inst(f, i);
            if (in->op == X64_JMP && k == n - 1 &&
                mir_opnd(f, i, 0)->obj == nx)
                continue;
            if (in->op == X64_JCC && k == n - 2 &&
                mir_opnd(f, i, 0)->obj == nx) {
                uint32_t j = bl->insts.data[k + 1];
                if (mir_inst(f, j)->op == X64_JMP) {
                    fprintf(out, "\tj%s ", x64_ccname[in->cond ^ 1]);
                    popnd(f, out, mir_opnd(f, j, 0), 8);
                    fputs("\n", out);
                    break;
                }
            }
            if (!emit_zero(c, f, b, k, out))
                emit_inst(&e, i);
        }
    }
    free(top);
    fputs("\t.cfi_endproc\n\t.size ", out);
    tgt_gas_name(out, name);
    fputs(", .-", out);
    tgt_gas_name(out, name);
    fputs("\n", out);
    tgt_gas_consts(f, out);
    (void)c;
}

void
x64_emit_begin(CgCtx *c, FILE *out)
{
    tgt_gas_check_names(c);
    if (c->opt->file) {
        fputs("\t.file \"", out);
        for (const char *p = c->opt->file; *p; p++)
            if (*p != '"' && *p != '\\' && (unsigned char)*p >= 0x20)
                fputc(*p, out);
        fputs("\"\n", out);
    }
}

void
x64_emit_end(CgCtx *c, FILE *out)
{
    tgt_gas_data(c->m, out);
    fputs("\t.section .note.GNU-stack,\"\",@progbits\n", out);
}
