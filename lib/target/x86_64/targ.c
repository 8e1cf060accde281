/*
 * targ.c - the x86-64 System V (ELF) target: register file, the
 * instruction table built from insts.def, and the Target instance.
 */
#include "x64.h"

static const char *const regnames[X64_NREGS] = {
    "?", "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
    "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
    "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
    "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15",
};

static const uint8_t regcls[X64_NREGS] = {
    [XMM0] = MIR_FP, [XMM1] = MIR_FP, [XMM2] = MIR_FP, [XMM3] = MIR_FP,
    [XMM4] = MIR_FP, [XMM5] = MIR_FP, [XMM6] = MIR_FP, [XMM7] = MIR_FP,
    [XMM8] = MIR_FP, [XMM9] = MIR_FP, [XMM10] = MIR_FP, [XMM11] = MIR_FP,
    [XMM12] = MIR_FP, [XMM13] = MIR_FP, [XMM14] = MIR_FP, [XMM15] = MIR_FP,
};

/* Caller-saved first: callee-saved registers cost a save and restore. */
static const uint8_t gp_order[] = {
    RAX, RCX, RDX, RSI, RDI, R8, R9, R10, R11,
    RBX, R12, R13, R14, R15, 0
};
static const uint8_t fp_order[] = {
    XMM0, XMM1, XMM2, XMM3, XMM4, XMM5, XMM6, XMM7,
    XMM8, XMM9, XMM10, XMM11, XMM12, XMM13, XMM14, XMM15, 0
};

#define B(r) ((uint64_t)1 << (r))

const MirRegInfo x64_regs = {
    .nregs = X64_NREGS,
    .names = regnames,
    .cls = regcls,
    .order = {gp_order, fp_order},
    .caller_saved = B(RAX) | B(RCX) | B(RDX) | B(RSI) | B(RDI) | B(R8) |
                    B(R9) | B(R10) | B(R11) |
                    (((uint64_t)0xFFFF) << XMM0),
    .callee_saved = B(RBX) | B(R12) | B(R13) | B(R14) | B(R15),
};

#include "rowdefs.h"

const MirOpInfo x64_ops[X64_NOPS] = {
#define X(e, s, fm, fl, n, r0, c0, f0, r1, c1, f1, r2, c2, f2, r3, c3, f3, \
          ec, opc, opc2, dig) \
    [X64_##e] = {s, n, fm, fl, {r0, r1, r2, r3}, {c0, c1, c2, c3}, \
                 {f0, f1, f2, f3}},
#include "insts.def"
#undef X
};

const char *const x64_ccname[16] = {
    "o", "no", "b", "ae", "e", "ne", "be", "a",
    "s", "ns", "p", "np", "l", "ge", "le", "g",
};

/* DWARF register numbers (System V psABI, figure 3.36): rax, rdx, rcx,
 * rbx, rsi, rdi, rbp, rsp, r8-r15, then xmm0-15 from 17. */
static const uint8_t dwarf_regs[X64_NREGS] = {
    [RAX] = 0, [RDX] = 1, [RCX] = 2, [RBX] = 3, [RSI] = 4, [RDI] = 5,
    [RBP] = 6, [RSP] = 7, [R8] = 8, [R9] = 9, [R10] = 10, [R11] = 11,
    [R12] = 12, [R13] = 13, [R14] = 14, [R15] = 15,
    [XMM0] = 17, [XMM1] = 18, [XMM2] = 19, [XMM3] = 20, [XMM4] = 21,
    [XMM5] = 22, [XMM6] = 23, [XMM7] = 24, [XMM8] = 25, [XMM9] = 26,
    [XMM10] = 27, [XMM11] = 28, [XMM12] = 29, [XMM13] = 30, [XMM14] = 31,
    [XMM15] = 32,
};

/* Everything but the object format and its spelling is shared: macOS
 * on x86-64 follows the System V calling convention. */
#define X64_COMMON \
    .regs = &x64_regs, \
    .ops = x64_ops, \
    .nops = X64_NOPS, \
    .op_move = {X64_MOV, X64_MOVS}, \
    .op_movi = X64_MOVI, \
    .isel_entry = cg_isel_entry, \
    .abi = &x64_abi, \
    .isel_inst = x64_isel_inst, \
    .post_isel = x64_post_isel, \
    .reg_fp = RBP, \
    .reg_sp = RSP, \
    .inarg_off = 16, \
    .op_jmp = X64_JMP, \
    .op_jcc = X64_JCC, \
    .op_ret = X64_RET, \
    .op_cfi = X64_CFI, \
    .op_trap = X64_UD2, \
    .loop_align_log2 = 4,   /* GCC's -falign-loops: 16 bytes, */ \
    .loop_align_max = 10,   /* when at most 10 bytes of padding */ \
    .addr_scales = 1 | 2 | 4 | 8,   /* SIB: index * 1, 2, 4, 8 */ \
    .prologue = x64_prologue, \
    .epilogue = x64_epilogue, \
    .post_ra = x64_post_ra, \
    .print_inst = x64_print_inst, \
    .obj_machine = OBJ_X86_64, \
    .dwarf_regs = dwarf_regs, \
    .encode = x64_encode, \
    .func_align = "\t.p2align 4, 0x90\n", \
    .comment = "#"

const Target x64_linux_target = {
    .name = "x86_64-linux-gnu",
    .aliases = "x86_64 x86-64 amd64 x86_64-linux x86_64-pc-linux-gnu "
               "x86_64-unknown-linux-gnu x86_64-linux-elf",
    X64_COMMON,
    .obj_format = OBJ_ELF,
    .sym_prefix = "",
    .label_prefix = ".L",
};

const Target x64_macos_target = {
    .name = "x86_64-apple-macos",
    .aliases = "x86_64-apple-darwin x86_64-apple-macosx x86_64-macos",
    X64_COMMON,
    .obj_format = OBJ_MACHO,
    .sym_prefix = "_",
    .label_prefix = "L",
};
