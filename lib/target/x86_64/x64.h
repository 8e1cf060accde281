/*
 * x64.h - private to lib/target/x86_64: registers, condition codes,
 * the instruction enum (from insts.def) and the files' entry points.
 */
#ifndef SIR_X64_H
#define SIR_X64_H

#include "cg.h"
#include "mc.h"
#include "target.h"
#include "sink.h"

enum {
    RAX = 1, RCX, RDX, RBX, RSP, RBP, RSI, RDI,
    R8, R9, R10, R11, R12, R13, R14, R15,
    XMM0, XMM1, XMM2, XMM3, XMM4, XMM5, XMM6, XMM7,
    XMM8, XMM9, XMM10, XMM11, XMM12, XMM13, XMM14, XMM15,
    X64_NREGS
};

/* Condition codes in encoding order; cc ^ 1 is the negation. */
enum {
    CC_O, CC_NO, CC_B, CC_AE, CC_E, CC_NE, CC_BE, CC_A,
    CC_S, CC_NS, CC_P, CC_NP, CC_L, CC_GE, CC_LE, CC_G,
};

enum {
    FM_SZ, FM_MOVI, FM_EXT, FM_SHIFT, FM_CQO, FM_CC, FM_JMP, FM_CALL,
    FM_RET, FM_PLAIN, FM_SUBSP, FM_SSE, FM_CVTI2F, FM_CVTF2I, FM_CVTF2F,
    FM_GX, FM_FPREM, FM_CFI,
};

/* Encoding classes (insts.def ENC column; enc.c).  OPC, OPC2 and DIGIT
 * as each class reads them; "size" is the row's operation width. */
enum {
    E_NONE,     /* pseudo-instruction: no bytes (cfi) */
    E_PLAIN,    /* OPC alone (ret, ud2, leave) */
    E_PLAINW,   /* OPC, REX.W at size 8 (cltd / cqto) */
    E_MOV,      /* OPC 88: 88/89 MR, 8A/8B RM; immediates OPC2 C6/C7
                   /DIGIT, or B0/B8+r into a register */
    E_MOVI,     /* E_MOV after the printer's movl / movabsq choices */
    E_ALU,      /* OPC base: +0/1 MR, +2/3 RM, +4/5 accumulator and
                   immediate; OPC2 80/81/83 /DIGIT with an immediate */
    E_ALUSP,    /* E_ALU on %rsp (subsp) */
    E_TEST,     /* OPC 84/85 MR; A8/A9 or OPC2 F6/F7 /DIGIT immediate */
    E_RM,       /* OPC /r: operand 0 r/m, operand 1 reg (lea, GOT load) */
    E_IMUL,     /* OPC /r (0F AF); immediates OPC2 69 (id) or 6B (ib) */
    E_UNARY,    /* OPC F6/F7 /DIGIT on operand 0 */
    E_SHIFT,    /* OPC C0/C1 /DIGIT ib; OPC2 D0/D1 by 1, D2/D3 by %cl */
    E_BTI,      /* OPC /DIGIT ib (0F BA) */
    E_EXT,      /* OPC (byte source) or OPC+1 (word) /r; OPC2 for a
                   dword source (8B: movl zero-extends; 63: movslq) */
    E_SETCC,    /* OPC+cc /0 */
    E_CMOVCC,   /* OPC+cc /r */
    E_JMP,      /* OPC rel32, OPC2 rel8 */
    E_JCC,      /* OPC+cc rel32, OPC2+cc rel8 */
    E_CALL,     /* OPC rel32 to a symbol; OPC2 /DIGIT indirect */
    E_PUSH,     /* OPC+r; OPC2 /DIGIT from memory */
    E_SSE,      /* F3 (size 4) / F2 (size 8) OPC /r */
    E_SSEP,     /* 66 at size 8, OPC /r (ucomisd, xorps) */
    E_MOVS,     /* F3/F2 OPC load, OPC+1 store; reg-reg OPC2 as E_SSEP */
    E_CVTI2F,   /* F3/F2 by size, REX.W by size2 (source) */
    E_CVTF2I,   /* F3/F2 by size2 (source), REX.W by size */
    E_CVTF2F,   /* F3/F2 by the source width (the other one) */
    E_GX,       /* 66 OPC /r, REX.W at 8 (movd/movq gp -> xmm); a 64-bit
                   memory source is F3 OPC2 (movq m64, xmm) */
    E_XG,       /* 66 OPC /r, xmm in reg (movd/movq xmm -> gp); a 64-bit
                   memory destination is 66 OPC2 */
    E_FPREM,    /* the x87 fprem loop (asm.c emit_fprem) */
};

enum {
#define X(e, s, fm, fl, n, r0, c0, f0, r1, c1, f1, r2, c2, f2, r3, c3, f3, \
          ec, opc, opc2, dig) \
    X64_##e,
#include "insts.def"
#undef X
    X64_NOPS
};

/* targ.c */
extern const MirRegInfo x64_regs;
extern const MirOpInfo x64_ops[X64_NOPS];
extern const char *const x64_ccname[16];

/* abi.c: System V classification of one argument or return value. */
enum { X64_NONE, X64_INT, X64_SSE };
typedef struct {
    bool memory;        /* passed in memory (stack / sret) */
    uint8_t n;          /* eightbytes in registers: 0, 1, 2 */
    uint8_t cls[2];     /* X64_INT / X64_SSE per eightbyte */
} X64Class;
X64Class x64_classify(IrModule *m, IrType t);

/* peep.c: rewrites after instruction selection */
void x64_post_isel(CgCtx *c, MirFunc *f);

/* A branch condition: condition codes and how they combine (fcmp oeq
 * and une test two flags). */
typedef struct {
    uint8_t cc, cc2;
    uint8_t mode;       /* 0: cc; 1: cc && cc2; 2: cc || cc2 */
} Cond;

/* The target's per-function state (CgCtx.tpriv). */
typedef struct {
    CgFlags flags;      /* as the last fused compare left them */
} X64Fn;
X64Fn *x64_fn(CgCtx *c);

/* abi.c: the classifier and instructions of the shared lowering of
 * parameters, returns and calls (Target.abi) */
extern const CgAbi x64_abi;

/* isel.c: selection, and helpers shared with abi.c */
void x64_isel_inst(CgCtx *c, IrInst i);
uint8_t x64_asize(IrType t);    /* operation width: 4 below 64 bits */
static inline bool x64_fits32(int64_t x)
{ return x >= INT32_MIN && x <= INT32_MAX; }
void x64_setcc(CgCtx *c, uint8_t cc, uint32_t d);  /* d = 0/1 of cc */
/* div.c: udiv sdiv urem srem */
void x64_sel_div(CgCtx *c, IrInst i);
uint32_t x64_R(CgCtx *c, IrValue v);        /* the vreg of scalar v */
uint32_t x64_newv(CgCtx *c, MirClass cls);
MirOpnd x64_reg(uint32_t r);                /* 8-byte register operand */
uint32_t x64_emit2(CgCtx *c, uint16_t op, uint8_t size, MirOpnd a,
                   MirOpnd b);
uint32_t x64_emitx(CgCtx *c, uint16_t op, uint8_t size, uint8_t size2,
                   MirOpnd a, MirOpnd b);
void x64_move(CgCtx *c, MirClass cls, uint32_t src, uint32_t dst);
MirOpnd x64_mem_at(MirOpnd m, int64_t off, uint8_t size);
/* Loads every leaf of t at m into fresh vregs bound to v / stores v. */
void x64_load_value(CgCtx *c, IrValue v, IrType t, MirOpnd m, bool vol);
uint32_t x64_load_leaf(CgCtx *c, IrType t, MirOpnd m, uint32_t d);
uint32_t x64_store_leaf(CgCtx *c, IrType t, uint32_t s, MirOpnd m);
void x64_store_value(CgCtx *c, IrValue v, IrType t, MirOpnd m);

/* asm.c: one instruction as AT&T assembly (Target.print_inst) */
void x64_print_inst(MirFunc *f, uint32_t i, FILE *out);
/* frame.c: Target.prologue, epilogue and post_ra */
void x64_prologue(CgCtx *c, MirFunc *f);
void x64_epilogue(CgCtx *c, MirFunc *f, uint32_t ret, MirInstVec *out);
void x64_post_ra(CgCtx *c, MirFunc *f);
/* enc.c: machine code of allocated, finalized instruction i (every
 * register a physreg, every memory base MB_REG/SYM/GOT/CONST) into buf
 * (MC_MAXINST bytes); fx[*nfx] receives up to MC_MAXFIX fixups.  Jumps
 * to blocks take the rel8 form when short_branch.  The bytes are what
 * GNU as makes of x64_print_inst's text.  Returns the length
 * (Target.encode). */
uint32_t x64_encode(MirFunc *f, uint32_t i, bool short_branch, uint8_t *buf,
                    McFixup *fx, uint32_t *nfx);

#endif
