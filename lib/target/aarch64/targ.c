/*
 * targ.c - the AArch64 (AAPCS64, ELF) target: register file, the
 * instruction table built from insts.def, immediate encodability (the
 * bitmask immediates of logical instructions, FMOV immediates) and the
 * Target instance.
 */
#include "a64.h"

#include <string.h>

static const char *const regnames[A64_NREGS] = {
    "?", "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9",
    "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17", "x18", "x19",
    "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28", "x29",
    "x30", "sp",
    /* v registers by the name of their low 64 bits, as CFI spells them */
    "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10",
    "d11", "d12", "d13", "d14", "d15", "d16", "d17", "d18", "d19", "d20",
    "d21", "d22", "d23", "d24", "d25", "d26", "d27", "d28", "d29", "d30",
};

#define F8(a) [a] = MIR_FP, [a + 1] = MIR_FP, [a + 2] = MIR_FP, \
    [a + 3] = MIR_FP, [a + 4] = MIR_FP, [a + 5] = MIR_FP, \
    [a + 6] = MIR_FP, [a + 7] = MIR_FP
static const uint8_t regcls[A64_NREGS] = {
    F8(V0), F8(V8), F8(V16), [V24] = MIR_FP, [V25] = MIR_FP,
    [V26] = MIR_FP, [V27] = MIR_FP, [V28] = MIR_FP, [V29] = MIR_FP,
    [V30] = MIR_FP,
};

/* Caller-saved first: callee-saved registers cost a save and restore.
 * Not allocated: x16/x17 (legalization scratch), x18 (platform), x29,
 * x30, sp. */
static const uint8_t gp_order[] = {
    X9, X10, X11, X12, X13, X14, X15, X8, X7, X6, X5, X4, X3, X2, X1, X0,
    X19, X20, X21, X22, X23, X24, X25, X26, X27, X28, 0
};
static const uint8_t fp_order[] = {
    V16, V17, V18, V19, V20, V21, V22, V23, V24, V25, V26, V27, V28, V29,
    V30, V7, V6, V5, V4, V3, V2, V1, V0,
    V8, V9, V10, V11, V12, V13, V14, V15, 0
};

#define B(r) ((uint64_t)1 << (r))
#define RANGE(a, b) ((B(b) - B(a)) | B(b))

const MirRegInfo a64_regs = {
    .nregs = A64_NREGS,
    .names = regnames,
    .cls = regcls,
    .order = {gp_order, fp_order},
    /* v8-v15: only their low 64 bits are callee-saved, all a double
     * holds */
    .caller_saved = RANGE(X0, X18) | B(X30) | RANGE(V0, V7) |
                    RANGE(V16, V30),
    .callee_saved = RANGE(X19, X28) | RANGE(V8, V15),
};

#include "rowdefs.h"

const MirOpInfo a64_ops[A64_NOPS] = {
#define X(e, s, fm, fl, n, r0, c0, f0, r1, c1, f1, r2, c2, f2, r3, c3, f3, \
          ec, base) \
    [A64_##e] = {s, n, fm, fl, {r0, r1, r2, r3}, {c0, c1, c2, c3}, \
                 {f0, f1, f2, f3}},
#include "insts.def"
#undef X
};

const char *const a64_ccname[16] = {
    "eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc",
    "hi", "ls", "ge", "lt", "gt", "le", "al", "nv",
};

/*
 * Bitmask immediates (Arm ARM, DecodeBitMasks): a run of ones rotated
 * within an element of 2, 4, ..., 64 bits, the element repeated.  The
 * element size is the smallest period of v; its ones must be one
 * contiguous run after rotation.  All zeros and all ones are not
 * encodable.
 */
bool
a64_logimm(uint64_t v, unsigned bits, uint32_t *enc)
{
    if (bits == 32)
        v = (v & 0xffffffffu) | (v << 32);
    if (v == 0 || v == ~UINT64_C(0))
        return false;
    unsigned e = 64;
    while (e > 2) {
        unsigned h = e / 2;
        uint64_t m = (UINT64_C(1) << h) - 1;
        if ((v & m) != ((v >> h) & m))
            break;
        e = h;
    }
    uint64_t emask = e == 64 ? ~UINT64_C(0) : (UINT64_C(1) << e) - 1;
    uint64_t x = v & emask;
    /* rotate right until the element is ones at the bottom */
    unsigned rot = 0;
    while (rot < e) {
        /* a run of ones starting at bit 0 with a zero on top of it */
        if ((x & 1) && !((x >> (e - 1)) & 1))
            break;
        x = ((x >> 1) | (x << (e - 1))) & emask;
        rot++;
    }
    if (rot == e)
        return false;
    unsigned ones = 0;
    while (ones < e && ((x >> ones) & 1))
        ones++;
    if (ones == e || (x >> ones) != 0)
        return false;
    /* x = v rotated right by rot; the encoding rotates ones right by
     * immr to give v, so immr = (e - rot) mod e */
    uint32_t immr = (e - rot) % e;
    uint32_t imms = ((~(e * 2 - 1)) & 0x3f) | (ones - 1);
    uint32_t n = e == 64;
    if (enc)
        *enc = n << 12 | immr << 6 | (imms & 0x3f);
    return true;
}

/* FMOV immediates: +-(16..31)/16 * 2^(-3..4): sign, 3 exponent bits
 * (the top one inverted, the others a copy), 4 fraction bits. */
bool
a64_fpimm(uint64_t bits, unsigned size, uint32_t *imm8)
{
    unsigned ebits = size == 4 ? 8 : 11, fbits = size == 4 ? 23 : 52;
    uint64_t frac = bits & ((UINT64_C(1) << fbits) - 1);
    uint64_t exp = (bits >> fbits) & ((UINT64_C(1) << ebits) - 1);
    uint64_t sign = (bits >> (fbits + ebits)) & 1;
    if (size == 4 && bits >> 32)
        return false;
    if (frac & ((UINT64_C(1) << (fbits - 4)) - 1))
        return false;
    int64_t bias = (INT64_C(1) << (ebits - 1)) - 1;
    int64_t e = (int64_t)exp - bias;
    if (e < -3 || e > 4)
        return false;
    /* imm8 = a:b:c:d:e:f:g:h with exp = NOT(b):b..b:c:d, e = the
     * unbiased exponent; (e + 3) ^ 4 gives b:c:d with b inverted */
    uint32_t bcd = (uint32_t)((e + 3) ^ 4) & 7;
    *imm8 = (uint32_t)sign << 7 | bcd << 4 | (uint32_t)(frac >> (fbits - 4));
    return true;
}

double
a64_fpimm_value(uint32_t imm8)
{
    int e = (int)(((imm8 >> 4) & 7) ^ 4) - 3;
    double v = (16.0 + (imm8 & 15)) / 16.0;
    while (e > 0) {
        v *= 2;
        e--;
    }
    while (e < 0) {
        v /= 2;
        e++;
    }
    return imm8 & 0x80 ? -v : v;
}

/* DWARF register numbers (AArch64 DWARF ABI): x0-x30 0-30, sp 31,
 * v0-v31 64-95. */
static const uint8_t dwarf_regs[A64_NREGS] = {
    [X0] = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    [V0] = 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79,
    80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94,
};

/* b.cond negates its condition; cbz/cbnz and tbz/tbnz swap. */
static bool
invert_branch(MirInst *in)
{
    switch (in->op) {
    case A64_BCC: in->cond ^= 1; return true;
    case A64_CBZ: in->op = A64_CBNZ; return true;
    case A64_CBNZ: in->op = A64_CBZ; return true;
    case A64_TBZ: in->op = A64_TBNZ; return true;
    case A64_TBNZ: in->op = A64_TBZ; return true;
    default: return false;
    }
}

/* Everything but the object format, its spelling and the calling
 * convention's Apple variant (abi.c asks obj_format) is shared. */
#define A64_COMMON \
    .regs = &a64_regs, \
    .ops = a64_ops, \
    .nops = A64_NOPS, \
    .op_move = {A64_MOV, A64_FMOV}, \
    .op_movi = A64_MOVI, \
    .isel_entry = a64_isel_entry, \
    .isel_inst = a64_isel_inst, \
    .reg_fp = FP, \
    .reg_sp = SP, \
    .inarg_off = 16, \
    .op_jmp = A64_B, \
    .op_jcc = A64_BCC, \
    .invert_branch = invert_branch, \
    .op_ret = A64_RET, \
    .op_cfi = A64_CFI, \
    .prologue = a64_prologue, \
    .epilogue = a64_epilogue, \
    .post_isel = a64_post_isel, \
    .post_ra = a64_post_ra, \
    .print_inst = a64_print_inst, \
    .obj_machine = OBJ_AARCH64, \
    .func_align = "\t.p2align 2\n", \
    .comment = "//", \
    .dwarf_regs = dwarf_regs, \
    .encode = NULL

const Target a64_linux_target = {
    .name = "aarch64-linux-gnu",
    .aliases = "aarch64 aarch64-unknown-linux-gnu aarch64-linux arm64-linux",
    A64_COMMON,
    .obj_format = OBJ_ELF,
    .sym_prefix = "",
    .label_prefix = ".L",
};

const Target a64_macos_target = {
    .name = "arm64-apple-macos",
    .aliases = "arm64-apple-darwin arm64-apple-macosx aarch64-apple-darwin "
               "arm64-macos",
    A64_COMMON,
    .obj_format = OBJ_MACHO,
    .sym_prefix = "_",
    .label_prefix = "L",
};
