/*
 * frame.c - the AArch64 frame as MIR (Target prologue/epilogue hooks)
 * and the expansion that leaves only real instructions (post_ra).
 *
 * Prologue: stp x29, x30, [sp, #-16]!; mov x29, sp; sub sp, sp, #frame;
 * callee-saved registers stored below the saved x29 (the shared frame
 * layout keeps 8 bytes each there, lowest register first).  Epilogue:
 * the registers reloaded, mov sp, x29; ldp x29, x30, [sp], #16; ret.
 * The CFI rows say where the CFA and the saved registers are after each
 * step; the epilogue's rules are remembered and restored around it
 * because code may follow a return.
 *
 * post_ra, on allocated MIR with frame addresses resolved: the pseudo
 * rows become instructions (movi: movz/movn + movk; adr: adrp + add
 * :lo12:; adrgot: adrp :got: + ldr :got_lo12:; lea: add/sub from the
 * base), and memory operands whose displacement the load or store
 * cannot encode (scaled unsigned 12 bits, or signed 9 bits unscaled)
 * are rewritten to go through x16, which is never allocated:
 * x16 = displacement; x16 = base + x16; [x16].
 */
#include "a64.h"

static uint32_t
cfi(MirFunc *f, MirCfiKind kind, int64_t off, uint32_t reg)
{
    MirOpnd o[2] = {mir_imm(off), mir_reg(reg, 8)};
    uint32_t i = mir_make(f, A64_CFI, 8, o, 2);
    mir_inst(f, i)->cond = (uint8_t)kind;
    return i;
}

static uint32_t
make2(MirFunc *f, uint16_t op, uint8_t size, MirOpnd a, MirOpnd b)
{
    MirOpnd o[2] = {a, b};
    return mir_make(f, op, size, o, 2);
}

static uint32_t
make3(MirFunc *f, uint16_t op, uint8_t size, MirOpnd a, MirOpnd b,
      MirOpnd d)
{
    MirOpnd o[3] = {a, b, d};
    return mir_make(f, op, size, o, 3);
}

/* r = k (size 4 or 8) as movz or movn and the movk its other 16-bit
 * chunks need. */
static void
expand_movi(MirFunc *f, int64_t k, uint32_t r, uint8_t size, MirInstVec *out)
{
    unsigned nch = size == 8 ? 4 : 2;
    uint64_t v = size == 8 ? (uint64_t)k : (uint64_t)k & 0xffffffffu;
    unsigned zeros = 0, ones = 0;
    for (unsigned q = 0; q < nch; q++) {
        uint64_t ch = v >> (16 * q) & 0xffff;
        zeros += ch == 0;
        ones += ch == 0xffff;
    }
    bool neg = ones > zeros;
    uint64_t skip = neg ? 0xffff : 0;
    bool first = true;
    unsigned left = nch - (neg ? ones : zeros);  /* chunks to write */
    for (unsigned q = 0; q < nch; q++) {
        uint64_t ch = v >> (16 * q) & 0xffff;
        if (ch == skip && (left || q > 0))
            continue;
        uint16_t op = first ? (neg ? A64_MOVN : A64_MOVZ) : A64_MOVK;
        uint64_t imm = first && neg ? ~ch & 0xffff : ch;
        uint32_t i = make2(f, op, size, mir_imm((int64_t)imm),
                           mir_reg(r, size));
        mir_inst(f, i)->size2 = (uint8_t)(16 * q);
        VEC_PUSH(*out, i);
        first = false;
    }
}

/* d = base + k (d may be x16). */
static void
add_disp(MirFunc *f, uint32_t base, int64_t k, uint32_t d, MirInstVec *out)
{
    if (k == 0) {
        VEC_PUSH(*out, make2(f, A64_MOV, 8, mir_reg(base, 8),
                             mir_reg(d, 8)));
        return;
    }
    if (k > -4096 && k < 4096) {
        VEC_PUSH(*out, make3(f, k > 0 ? A64_ADDI : A64_SUBI, 8,
                             mir_reg(base, 8), mir_imm(k > 0 ? k : -k),
                             mir_reg(d, 8)));
        return;
    }
    expand_movi(f, k, IP0, 8, out);
    VEC_PUSH(*out, make3(f, A64_ADD, 8, mir_reg(base, 8), mir_reg(IP0, 8),
                         mir_reg(d, 8)));
}

/* The callee-saved registers stored (or reloaded) at x29 - 8, - 16, ...
 * in register order, as the frame layout placed them: two of one class
 * in neighbouring slots are one stp (ldp). */
static void
saves(MirFunc *f, MirInstVec *out, bool store)
{
    uint32_t regs[A64_NREGS], n = 0;
    for (uint32_t r = 1; r < A64_NREGS; r++)
        if (f->used_callee_saved >> r & 1)
            regs[n++] = r;
    for (uint32_t k = 0; k < n; k++) {
        int64_t off = -8 * (int64_t)(k + 1);
        bool fp = regs[k] >= V0;
        if (k + 1 < n && (regs[k + 1] >= V0) == fp) {
            /* regs[k + 1] is at the lower address */
            MirOpnd m = mir_mem(MB_REG, FP, off - 8, 8);
            MirOpnd lo = mir_reg(regs[k + 1], 8), hi = mir_reg(regs[k], 8);
            VEC_PUSH(*out, store
                     ? make3(f, fp ? A64_FSTP : A64_STP, 8, lo, hi, m)
                     : make3(f, fp ? A64_FLDP : A64_LDP, 8, m, lo, hi));
            if (store) {
                VEC_PUSH(*out, cfi(f, MIR_CFI_OFFSET, off - 16, regs[k]));
                VEC_PUSH(*out, cfi(f, MIR_CFI_OFFSET, off - 24, regs[k + 1]));
            }
            k++;
            continue;
        }
        MirOpnd m = mir_mem(MB_REG, FP, off, 8), r = mir_reg(regs[k], 8);
        VEC_PUSH(*out, store ? make2(f, fp ? A64_FSTR : A64_STR, 8, r, m)
                             : make2(f, fp ? A64_FLDR : A64_LDR, 8, m, r));
        if (store)
            VEC_PUSH(*out, cfi(f, MIR_CFI_OFFSET, off - 16, regs[k]));
    }
}

void
a64_prologue(CgCtx *c, MirFunc *f)
{
    MirInstVec *p = &f->prologue;
    VEC_PUSH(*p, mir_make(f, A64_STPFP, 8, NULL, 0));
    VEC_PUSH(*p, cfi(f, MIR_CFI_DEF_CFA_OFFSET, 16, 0));
    VEC_PUSH(*p, cfi(f, MIR_CFI_OFFSET, -8, LR));
    VEC_PUSH(*p, cfi(f, MIR_CFI_OFFSET, -16, FP));
    VEC_PUSH(*p, make2(f, A64_MOV, 8, mir_reg(SP, 8), mir_reg(FP, 8)));
    VEC_PUSH(*p, cfi(f, MIR_CFI_DEF_CFA_REGISTER, 0, FP));
    int64_t n = f->frame_size;
    if (n >= 4096 && n < (1 << 24)) {
        uint32_t i = mir_make(f, A64_SUBSP, 8, (MirOpnd[]){mir_imm(n >> 12)},
                              1);
        mir_inst(f, i)->size2 = 12;
        VEC_PUSH(*p, i);
        n &= 0xfff;
    } else if (n >= 4096) {
        expand_movi(f, n, IP0, 8, p);
        VEC_PUSH(*p, mir_make(f, A64_SUBSPR, 8,
                              (MirOpnd[]){mir_reg(IP0, 8)}, 1));
        n = 0;
    }
    if (n)
        VEC_PUSH(*p, mir_make(f, A64_SUBSP, 8, (MirOpnd[]){mir_imm(n)}, 1));
    saves(f, p, true);
    (void)c;
}

void
a64_epilogue(CgCtx *c, MirFunc *f, uint32_t ret, MirInstVec *out)
{
    VEC_PUSH(*out, cfi(f, MIR_CFI_REMEMBER, 0, 0));
    saves(f, out, false);
    VEC_PUSH(*out, make2(f, A64_MOV, 8, mir_reg(FP, 8), mir_reg(SP, 8)));
    VEC_PUSH(*out, mir_make(f, A64_LDPFP, 8, NULL, 0));
    VEC_PUSH(*out, cfi(f, MIR_CFI_DEF_CFA, 0, SP));
    VEC_PUSH(*out, ret);
    VEC_PUSH(*out, cfi(f, MIR_CFI_RESTORE_STATE, 0, 0));
    (void)c;
}

/* Whether a load or store of 'size' bytes reaches base + disp. */
static bool
disp_ok(int64_t d, unsigned size)
{
    return (d >= 0 && d % size == 0 && d / size < 4096) ||
           (d >= -256 && d <= 255);
}

/* Appends the expansion of instruction i (or i itself) to out.
 * Branches out of reach are cg_finalize's (branchrange.c). */
static void
expand(MirFunc *f, uint32_t i, MirInstVec *out)
{
    MirInst *in = mir_inst(f, i);
    MirOpnd o0 = in->nopnds ? *mir_opnd(f, i, 0) : (MirOpnd){0};
    MirOpnd o1 = in->nopnds > 1 ? *mir_opnd(f, i, 1) : (MirOpnd){0};
    switch (in->op) {
    case A64_MOVI:
        expand_movi(f, o0.imm, o1.reg, in->size, out);
        return;
    case A64_ADR: case A64_ADRGOT: {
        bool got = in->op == A64_ADRGOT;
        MirOpnd s = o0;
        s.ref = got ? MIR_REF_GOTPAGE : MIR_REF_PAGE;
        VEC_PUSH(*out, make2(f, A64_ADRP, 8, s, mir_reg(o1.reg, 8)));
        s.ref = got ? MIR_REF_GOTPAGEOFF : MIR_REF_PAGEOFF;
        VEC_PUSH(*out, make3(f, got ? A64_LDGOT : A64_ADDLO, 8,
                             mir_reg(o1.reg, 8), s, mir_reg(o1.reg, 8)));
        return;
    }
    case A64_LEA: case A64_LEAR:
        if (o0.base != MB_REG || o0.index)
            CG_BUG("lea of an unresolved address");
        add_disp(f, o0.reg, o0.imm, o1.reg, out);
        return;
    default:
        break;
    }
    /* add_disp makes instructions: the arrays may move, so i's
     * instruction and operands are looked up again each time */
    for (uint32_t k = 0; k < mir_inst(f, i)->nopnds; k++) {
        MirOpnd *m = mir_opnd(f, i, k);
        if (m->kind != MO_MEM || m->base != MB_REG || m->index ||
            disp_ok(m->imm, mir_inst(f, i)->size))
            continue;
        add_disp(f, m->reg, m->imm, IP0, out);
        m = mir_opnd(f, i, k);
        m->reg = IP0;
        m->imm = 0;
    }
    VEC_PUSH(*out, i);
}

void
a64_post_ra(CgCtx *c, MirFunc *f)
{
    MirInstVec nv = {0};
    IrLoc floc = f->loc;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        nv.len = 0;
        /* what an expansion makes has the line of what it replaces */
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            f->loc = mir_inst(f, bl->insts.data[k])->loc;
            expand(f, bl->insts.data[k], &nv);
        }
        MirInstVec old = bl->insts;
        bl->insts = nv;
        nv = old;
    }
    f->loc = floc;
    VEC_FREE(nv);
    (void)c;
}
