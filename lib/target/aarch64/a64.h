/*
 * a64.h - private to lib/target/aarch64: registers, condition codes,
 * the instruction enum (from insts.def), the encoding classes an
 * encoder reads, and the files' entry points.
 */
#ifndef SIR_A64_H
#define SIR_A64_H

#include "cg.h"
#include "mc.h"
#include "target.h"
#include "sink.h"

/* Physregs: x0-x30 are 1-31, sp 32, v0-v30 33-63 (MIR has 63 physregs;
 * v31 is left out, nothing needs it).  x16/x17 are the scratch
 * registers of legalization (frame.c), x18 is never touched (Apple
 * reserves it), x29 is the frame pointer, x30 the link register. */
enum {
    X0 = 1, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14,
    X15, X16, X17, X18, X19, X20, X21, X22, X23, X24, X25, X26, X27, X28,
    X29, X30, SP,
    V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15,
    V16, V17, V18, V19, V20, V21, V22, V23, V24, V25, V26, V27, V28, V29,
    V30,
    A64_NREGS
};
enum { FP = X29, LR = X30, IP0 = X16, IP1 = X17 };

/* Condition codes in encoding order; cc ^ 1 is the negation. */
enum {
    CC_EQ, CC_NE, CC_HS, CC_LO, CC_MI, CC_PL, CC_VS, CC_VC,
    CC_HI, CC_LS, CC_GE, CC_LT, CC_GT, CC_LE, CC_AL,
};

/* Printing forms (asm.c).  Operands are in MIR order, sources first and
 * the destination last; the printer writes the destination first. */
enum {
    FM_MOV,     /* mov / fmov between registers; ldr / str when one
                   operand is memory (spills, reloads) */
    FM_RRR,     /* op d, a, b[, shift #size2] (cond: A64_SH_*) */
    FM_RRI,     /* op d, a, #imm[, lsl #12 when size2 = 12] */
    FM_RR,      /* op d, a */
    FM_CMP,     /* op a, b | op a, #imm[, lsl #12] */
    FM_R4,      /* op d, a, b, c (madd: d = c + a * b) */
    FM_CSEL,    /* op d, a, b, cc */
    FM_CSET,    /* cset d, cc */
    FM_MOVW,    /* movz/movn/movk d, #imm16, lsl #size2 */
    FM_FMOVI,   /* fmov d, #float (imm: the 8-bit encoded immediate) */
    FM_LD,      /* ldr{b,h,sb,sh,sw} d, [mem] (size: access, size2: the
                   width of the destination for sign-extending loads) */
    FM_ST,      /* str{b,h} s, [mem] */
    FM_ADRP,    /* adrp d, sym | adrp d, :got:sym */
    FM_ADDLO,   /* add d, a, :lo12:sym */
    FM_LDGOT,   /* ldr d, [a, :got_lo12:sym] */
    FM_B, FM_BCC, FM_CB, FM_TB, FM_BL, FM_BLR, FM_RET,
    FM_PLAIN,   /* the stem alone (brk #1000 is spelled in the stem) */
    FM_SHIFTI,  /* lsl/lsr/asr d, a, #imm */
    FM_EXT,     /* sxtb/sxth/sxtw/uxtb/uxth d, a by size2 (source) */
    FM_CVT,     /* scvtf/ucvtf/fcvtzs/fcvtzu/fcvt: d and a sized by
                   size (destination) and size2 (source) */
    FM_FGMOV,   /* fmov between a GP and an FP register */
    FM_SUBSP,   /* sub sp, sp, #imm | sub sp, sp, xN */
    FM_STP,     /* stp a, b, [mem] (a at the lower address) */
    FM_LDP,     /* ldp a, b, [mem] (operands: mem, a, b) */
    FM_PAIR,    /* stp x29, x30, [sp, #-16]! | ldp x29, x30, [sp], #16 */
    FM_PSEUDO,  /* expanded before emission (frame.c): never printed */
    FM_CFI,
};

/* Shift or extension of the second register operand of FM_RRR/FM_CMP
 * (MirInst.cond), by MirInst.size2 bits. */
enum { A64_SH_NONE, A64_SH_LSL, A64_SH_LSR, A64_SH_ASR, A64_SH_SXTW,
       A64_SH_UXTW };

/*
 * Encoding classes (insts.def ENC column): how the fields of the row's
 * BASE word are filled.  BASE is the word of the 32-bit form with every
 * register field 0; where a class says "sf", bit 31 is set for a 64-bit
 * operation (size 8).  Rd = bits 0-4, Rn = 5-9, Rm = 16-20, Ra = 10-14;
 * register 31 is sp or zr as the instruction reads it.  Operands are
 * taken in MIR order (sources first, destination last).
 */
enum {
    E_NONE,     /* pseudo-instruction: no bytes (cfi) */
    E_PSEUDO,   /* expanded by a64_post_ra before emission; never seen
                   by an encoder */
    E_FIXED,    /* BASE as it is (ret, brk, stp/ldp of the frame
                   record) */
    E_MOVR,     /* GP move: reg-reg is ORR (shifted register) Rd, zr, Rm
                   (BASE), or ADD Rd, Rn, #0 when either is sp; a memory
                   operand makes it LDR/STR (E_LDST, size 8 or 4) */
    E_FMOVR,    /* FP move: FMOV (register) BASE, ftype 01 at size 8; a
                   memory operand makes it LDR/STR (SIMD&FP, E_LDSTF) */
    E_ADDSUB_SREG,  /* add/sub (shifted register): sf, shift 22-23,
                   imm6 10-15 from cond/size2; with sp as Rd or Rn the
                   extended-register form (uxtx) 0x0B200000 | BASE */
    E_ADDSUB_IMM,   /* add/sub (immediate): sf, imm12 10-21, sh bit 22
                   when size2 = 12 */
    E_LOG_SREG, /* and/orr/eor/ands (shifted register): sf, shift, imm6 */
    E_LOG_IMM,  /* logical (immediate): sf, N 22, immr 16-21, imms
                   10-15 from the bitmask immediate (a64_logimm) */
    E_MOVW,     /* move wide: sf, hw 21-22 = size2 / 16, imm16 5-20 */
    E_DP2,      /* data processing, 2 sources (udiv, sdiv, lslv, lsrv,
                   asrv, rorv): sf, Rm, Rn, Rd */
    E_DP1,      /* data processing, 1 source (clz): sf, Rn, Rd */
    E_DP3,      /* data processing, 3 sources (madd, msub, smulh, umulh):
                   sf (not smulh/umulh, 64-bit only), Rm, Ra, Rn, Rd;
                   mul/mneg rows have Ra = zr in BASE */
    E_BFM,      /* ubfm/sbfm alias by FORM: lsl #k (immr = -k mod w,
                   imms = w - 1 - k), lsr/asr #k (immr = k, imms = w - 1),
                   sxt/uxt by size2 (immr 0, imms = 8 * size2 - 1); sf
                   and N bit 22 at size 8 */
    E_CSEL,     /* conditional select: sf, Rm, cond 12-15, Rn, Rd */
    E_CSET,     /* csinc Rd, zr, zr, invert(cond): sf, cond 12-15 */
    E_LDST,     /* GP load/store, size field 30-31 from the access size:
                   BASE is the unsigned scaled offset form (imm12 10-21
                   = disp / size); a negative or unaligned displacement
                   in -256..255 is the unscaled form (BASE & ~0x01000000,
                   imm9 12-20); an index register the register-offset
                   form (BASE & ~0x01000000 | 0x00206800, S bit 12 when
                   the index is scaled by the size); sign-extending
                   loads set opc bit 22 for a 32-bit destination */
    E_LDSTF,    /* SIMD&FP load/store: E_LDST with V (bit 26) set */
    E_LDSTP,    /* ldp/stp (signed offset): opc 30-31 = 00 for w, 10 for
                   x registers; imm7 15-21 = disp / size; Rt2 10-14, Rn,
                   Rt (Rt: the register at the lower address) */
    E_LDSTPF,   /* E_LDSTP of s/d registers: opc 00 / 01, V set */
    E_ADRP,     /* adrp: immhi 5-23, immlo 29-30, relocation PAGE21 or
                   GOT_PAGE21 by the symbol operand's MirRef */
    E_ADDLO,    /* add Rd, Rn, #lo12 (E_ADDSUB_IMM, sf): relocation
                   ADD_ABS_LO12_NC */
    E_LDGOT,    /* ldr Xd, [Xn, #lo12] (E_LDST, size 8): relocation
                   LD64_GOT_LO12_NC */
    E_B26,      /* b / bl: imm26 0-25, relocation JUMP26 / CALL26 for a
                   symbol */
    E_BCOND,    /* b.cond: imm19 5-23, cond 0-3 */
    E_CB,       /* cbz/cbnz: sf, imm19 5-23, Rt */
    E_TB,       /* tbz/tbnz: b5 31, b40 19-23 (bit number = imm), imm14
                   5-18, Rt */
    E_BR,       /* blr/br: Rn 5-9 */
    E_FP2,      /* FP data processing, 2 sources (fadd, fsub, fmul, fdiv):
                   ftype 22-23 (00 single, 01 double), Rm, Rn, Rd */
    E_FP1,      /* FP data processing, 1 source (fneg, fabs, fsqrt):
                   ftype, Rn, Rd; fcvt: ftype = source, opc 15-16 =
                   destination */
    E_FCMP,     /* fcmp: ftype, Rm, Rn */
    E_FCSEL,    /* fcsel: ftype, Rm, cond 12-15, Rn, Rd */
    E_FPIMM,    /* fmov (scalar, immediate): ftype, imm8 13-20 */
    E_FCVTI,    /* conversions between FP and integer (scvtf, ucvtf,
                   fcvtzs, fcvtzu, fmov gp<->fp): sf from the integer
                   width, ftype from the FP width */
    E_SUBSP,    /* sub sp, sp, #imm (E_ADDSUB_IMM, sf, Rd = Rn = 31) or
                   sub sp, sp, Xm, uxtx (0xCB206000 | Rm << 16 | 0x3FF) */
};

enum {
#define X(e, s, fm, fl, n, r0, c0, f0, r1, c1, f1, r2, c2, f2, r3, c3, f3, \
          ec, base) \
    A64_##e,
#include "insts.def"
#undef X
    A64_NOPS
};

/* targ.c */
extern const MirRegInfo a64_regs;
extern const MirOpInfo a64_ops[A64_NOPS];
extern const char *const a64_ccname[16];
/* Whether v (of 'bits' 32 or 64) is a logical-instruction bitmask
 * immediate; *enc gets N:immr:imms (13 bits) when it is. */
bool a64_logimm(uint64_t v, unsigned bits, uint32_t *enc);
/* Whether the bits of an f32/f64 (size 4 or 8) are an FMOV immediate;
 * *imm8 gets its 8-bit encoding. */
bool a64_fpimm(uint64_t bits, unsigned size, uint32_t *imm8);
/* The value of an 8-bit FMOV immediate. */
double a64_fpimm_value(uint32_t imm8);

/* A branch condition: one condition code or the disjunction of two
 * (fcmp one and ueq). */
typedef struct {
    uint8_t cc, cc2;
    bool two;
} Cond;

/* The target's per-function state (CgCtx.tpriv). */
typedef struct {
    uint32_t sret;      /* vreg with the caller's result buffer (x8) */
    uint32_t flags_val, flags_block, flags_len;
    Cond flags_cond;
} A64Fn;
A64Fn *a64_fn(CgCtx *c);

/* isel.c */
void a64_isel_inst(CgCtx *c, IrInst i);
uint32_t a64_newv(CgCtx *c, MirClass cls);
MirOpnd a64_reg(uint32_t r);
uint32_t a64_R(CgCtx *c, IrValue v);
uint32_t a64_emit2(CgCtx *c, uint16_t op, uint8_t size, MirOpnd a,
                   MirOpnd b);
uint32_t a64_emit3(CgCtx *c, uint16_t op, uint8_t size, MirOpnd a,
                   MirOpnd b, MirOpnd d);
void a64_move(CgCtx *c, MirClass cls, uint32_t src, uint32_t dst);
void a64_movi(CgCtx *c, int64_t k, uint32_t d);
/* d = s sign- (sgn) or zero-extended from 'from' bytes, at 'to' bytes */
void a64_ext(CgCtx *c, bool sgn, uint8_t from, uint8_t to, uint32_t s,
             uint32_t d);
MirOpnd a64_mem_at(MirOpnd m, int64_t off, uint8_t size);
uint32_t a64_load_leaf(CgCtx *c, IrType t, MirOpnd m, uint32_t d);
uint32_t a64_store_leaf(CgCtx *c, IrType t, uint32_t s, MirOpnd m);
void a64_load_value(CgCtx *c, IrValue v, IrType t, MirOpnd m, bool vol);
void a64_store_value(CgCtx *c, IrValue v, IrType t, MirOpnd m);
/* b.cc block / b block */
void a64_bcc(CgCtx *c, uint8_t cc, uint32_t block);
void a64_jmp(CgCtx *c, uint32_t block);
/* d = the address of memory operand m (frame objects included) */
void a64_lea(CgCtx *c, MirOpnd m, uint32_t d);

/* abi.c: AAPCS64 parameters, returns, calls */
void a64_isel_entry(CgCtx *c);
void a64_sel_ret(CgCtx *c, IrInst i);
void a64_sel_call(CgCtx *c, IrInst i);

/* div.c: udiv sdiv urem srem; frem.c: fmod */
void a64_sel_div(CgCtx *c, IrInst i);
void a64_sel_frem(CgCtx *c, IrInst i);

/* asm.c: one instruction as GNU assembly (Target.print_inst) */
void a64_print_inst(MirFunc *f, uint32_t i, FILE *out);
/* frame.c: Target.prologue, epilogue and post_ra (pseudo expansion and
 * displacement legalization through x16) */
void a64_prologue(CgCtx *c, MirFunc *f);
void a64_epilogue(CgCtx *c, MirFunc *f, uint32_t ret, MirInstVec *out);
void a64_post_ra(CgCtx *c, MirFunc *f);
/* konst.c: Target.post_isel (wide constants out of loops) */
void a64_post_isel(CgCtx *c, MirFunc *f);

#endif
