/*
 * cg.h - the code generator (lib/codegen): MIR, the Target contract and
 * the pipeline entry point cg_compile.
 *
 *   IR --isel (target)--> MIR on vregs --dce--> --regalloc--> MIR on
 *   physregs --frame--> --emit (target)--> GNU assembler text
 *
 * MIR is target independent: blocks of instructions whose operands are
 * registers (physical 1..MIR_NPREG-1, virtual from MIR_VREG0), immediates,
 * memory references (base + index*scale + disp, where the base may be a
 * register, a frame object, the incoming or outgoing argument area, a
 * symbol or a constant-pool entry), symbols and blocks.  Every operand
 * carries its role (use, def, use+def, early def, scratch, address) and a
 * register class, copied from the target's instruction table (insts.def)
 * when the instruction is built, so liveness and the register allocator
 * read roles and never switch on opcodes (as B3's Air does).
 */
#ifndef SIR_CG_H
#define SIR_CG_H

#include "ir.h"
#include "mc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* MIR                                                                 */

enum { MIR_NPREG = 64, MIR_VREG0 = 64 };

typedef enum { MIR_GP, MIR_FP, MIR_NCLS } MirClass;

typedef enum {
    MIR_R_NONE,     /* immediates, labels: not a register access */
    MIR_R_USE,      /* read early */
    MIR_R_DEF,      /* written late */
    MIR_R_USEDEF,   /* read early, written late (two-address dst) */
    MIR_R_EDEF,     /* written early: may not share a reg with a use */
    MIR_R_SCRATCH,  /* early def + late use: a temporary */
    MIR_R_ADDR,     /* lea: the address components are used, no access */
} MirRole;

typedef enum {
    MO_NONE, MO_REG, MO_IMM, MO_MEM, MO_SYM, MO_BLOCK,
} MirOpndKind;

/* Base of a memory operand. */
typedef enum {
    MB_REG,         /* reg (0: none, absolute disp) */
    MB_FRAME,       /* frame object 'obj' (stack slot, temp, spill) */
    MB_INARG,       /* incoming stack arguments + disp */
    MB_OUTARG,      /* outgoing stack arguments + disp */
    MB_SYM,         /* symbol 'obj' (RIP relative) + disp */
    MB_GOT,         /* GOT entry of symbol 'obj' */
    MB_CONST,       /* constant-pool entry 'obj' */
    MB_DYNTOP,      /* bottom of the last alloca = sp + outgoing area */
} MirBase;

typedef struct {
    uint8_t kind;       /* MirOpndKind */
    uint8_t role;       /* MirRole */
    uint8_t cls;        /* MirClass of a register operand */
    uint8_t size;       /* access width in bytes: 1, 2, 4, 8 (16: vector) */
    uint8_t base;       /* MirBase (MO_MEM) */
    uint8_t scale;      /* MO_MEM: 1, 2, 4, 8 */
    uint8_t ref;        /* MO_SYM: how the symbol is reached (MirRef);
                         * MO_MEM: see below */
    uint8_t ext;        /* MO_MEM with an index: MIR_EXT_SXTW / UXTW when
                         * the index is a 32-bit value the address
                         * extends (AArch64 `[x0, w1, sxtw #2]`) */
    /* MO_MEM: 1 when a zero displacement is spelled (`0(%rsp)`): the
     * frame bases resolved by cg_finalize keep the text they had. */
    uint32_t reg;       /* MO_REG: register; MO_MEM: base reg */
    uint32_t index;     /* MO_MEM: index reg or 0 */
    uint32_t obj;       /* frame object, symbol id, const, block id */
    int64_t imm;        /* MO_IMM: value; MO_MEM/MO_SYM: displacement */
} MirOpnd;

enum { MIR_EXT_NONE, MIR_EXT_SXTW, MIR_EXT_UXTW };

/* How a symbol operand is reached, decided before emission (isel or
 * finalize): the text sink spells it, the object sink turns it into a
 * relocation of the matching kind. */
typedef enum {
    MIR_REF_PCREL,      /* direct: rip-relative / pc-relative */
    MIR_REF_PLT,        /* call through the PLT (x86 `@PLT`) */
    MIR_REF_PAGE,       /* the 4 KiB page of the symbol (AArch64 adrp) */
    MIR_REF_PAGEOFF,    /* its offset in the page (:lo12:) */
    MIR_REF_GOTPAGE,    /* the page of its GOT entry (adrp :got:) */
    MIR_REF_GOTPAGEOFF, /* the entry's offset in the page (:got_lo12:) */
} MirRef;

/* Call frame information pseudo-instructions (the target's op_cfi row):
 * cond is the kind, operand 0 an immediate offset, operand 1 a physreg
 * (register kinds). */
typedef enum {
    MIR_CFI_DEF_CFA_OFFSET,     /* CFA = (current CFA register) + off */
    MIR_CFI_DEF_CFA_REGISTER,   /* CFA = reg + (current offset) */
    MIR_CFI_DEF_CFA,            /* CFA = reg + off */
    MIR_CFI_OFFSET,             /* reg saved at CFA + off */
    MIR_CFI_REMEMBER,           /* push the rules */
    MIR_CFI_RESTORE_STATE,      /* pop them */
} MirCfiKind;

enum {
    MIR_IF_DEAD = 1,    /* removed */
    MIR_IF_REMAT = 2,   /* inserted by the allocator (reload, remat) */
    MIR_IF_KEEP = 4,    /* volatile access: never removed */
};

typedef struct {
    uint16_t op;        /* row of the target's instruction table */
    uint8_t cond;       /* condition code (target meaning) */
    uint8_t size;       /* operation width in bytes */
    uint8_t size2;      /* second width (extensions, conversions) */
    uint8_t flags;      /* MIR_IF_* */
    uint16_t nopnds;
    uint32_t opnds;     /* first operand in f->opnds */
    /* The SIR position it comes from (MirFunc.loc when made); line 0:
     * none (allocator code: see dwarf.c for the line it is given). */
    IrLoc loc;
} MirInst;

typedef VEC(uint32_t) MirInstVec;

typedef struct {
    MirInstVec insts;       /* instruction ids in order */
    uint32_t label;         /* IR block label (interned) or 0 */
    uint32_t irblock;       /* IR block id or 0 for an edge block */
    /* Set by cg_finalize: align the block's start to 1 << align_log2
     * when that costs at most align_max bytes (0: no alignment). */
    uint8_t align_log2, align_max;
    bool placed;            /* emitted (had instructions before layout) */
} MirBlock;

typedef enum {
    MF_SLOT,        /* SIR stack slot */
    MF_TEMP,        /* codegen temporary (aggregate marshalling) */
    MF_SPILL,       /* spill slot (8 bytes) */
    MF_SAVE,        /* callee-saved register save area */
} MirFrameKind;

typedef struct {
    uint8_t kind;       /* MirFrameKind */
    uint32_t size, align;
    int64_t offset;     /* from the frame pointer, set by cg_frame */
    int32_t share;      /* spill slots: the object it was merged into */
} MirFrameObj;

typedef struct {
    uint8_t cls;        /* MirClass */
    uint8_t nospill;    /* short reload/remat temp: must get a register */
    uint32_t reg;       /* assigned physreg after regalloc */
    uint32_t spill;     /* frame object when spilled, 0 otherwise */
} MirVreg;

typedef struct {
    uint8_t size;       /* 4, 8 or 16 bytes */
    uint64_t lo, hi;
} MirConst;

typedef struct MirFunc {
    IrModule *mod;
    IrSym sym;
    const struct Target *target;
    VEC(MirBlock) blocks;       /* index 0 unused; 1 is the entry */
    VEC(MirInst) insts;         /* index 0 unused */
    VEC(MirOpnd) opnds;
    VEC(MirVreg) vregs;         /* indexed by reg - MIR_VREG0 */
    VEC(MirFrameObj) frame;     /* index 0 unused */
    VEC(MirConst) consts;
    uint32_t cur;               /* block receiving new instructions */
    uint32_t outarg_size;       /* bytes of outgoing stack arguments */
    uint32_t inarg_size;
    bool has_alloca;
    bool has_calls;
    uint64_t used_callee_saved; /* physreg mask, after regalloc */
    int64_t frame_size;         /* bytes below the saved rbp (aligned) */
    uint32_t fn_index;          /* for unique local labels */
    /* The frame setup that precedes the first block (cg_finalize). */
    MirInstVec prologue;
    /* The source position mir_make gives new instructions. */
    IrLoc loc;
} MirFunc;

static inline bool mir_is_vreg(uint32_t r) { return r >= MIR_VREG0; }
static inline MirInst *mir_inst(MirFunc *f, uint32_t i)
{ return &f->insts.data[i]; }
static inline MirOpnd *mir_opnd(MirFunc *f, uint32_t i, uint32_t k)
{ return &f->opnds.data[f->insts.data[i].opnds + k]; }
static inline MirVreg *mir_vreg(MirFunc *f, uint32_t r)
{ return &f->vregs.data[r - MIR_VREG0]; }
static inline uint32_t mir_num_regs(const MirFunc *f)
{ return MIR_VREG0 + f->vregs.len; }

/* Tables indexed by register in CSR form, built in two walks: the first
 * counts each row's entries in start[x + 1], then csr_counted turns the
 * counts into starts and returns the total; the second walk fills row x
 * at start[x]++, after which csr_filled puts the starts back.  start
 * has n + 2 entries. */
static inline uint32_t csr_counted(uint32_t *start, uint32_t n)
{
    for (uint32_t x = 0; x < n; x++)
        start[x + 1] += start[x];
    return start[n];
}
static inline void csr_filled(uint32_t *start, uint32_t n)
{
    for (uint32_t x = n; x > 0; x--)
        start[x] = start[x - 1];
    start[0] = 0;
}

/* mir.c */
void mir_func_init(MirFunc *f, IrModule *m, IrSym sym,
                   const struct Target *t);
void mir_func_free(MirFunc *f);
uint32_t mir_vreg_new(MirFunc *f, MirClass cls);
uint32_t mir_block_new(MirFunc *f, uint32_t irblock, uint32_t label);
uint32_t mir_frame_new(MirFunc *f, MirFrameKind k, uint32_t size,
                       uint32_t align);
uint32_t mir_const_new(MirFunc *f, uint8_t size, uint64_t lo, uint64_t hi);
/* Operand constructors (role and class are filled in by mir_emit). */
MirOpnd mir_reg(uint32_t r, uint8_t size);
MirOpnd mir_imm(int64_t v);
MirOpnd mir_mem(uint8_t base, uint32_t reg, int64_t disp, uint8_t size);
MirOpnd mir_sym(uint32_t sym, int64_t disp);
MirOpnd mir_blk(uint32_t block);
/* Creates an instruction (not placed); the roles of operands come from
 * the table, implicit operands of the row are appended.  Extra operands
 * beyond the row keep the role they carry. */
uint32_t mir_make(MirFunc *f, uint16_t op, uint8_t size,
                  const MirOpnd *o, uint32_t n);
/* mir_make + append to block f->cur; returns the instruction id. */
uint32_t mir_emit(MirFunc *f, uint16_t op, uint8_t size,
                  const MirOpnd *o, uint32_t n);
uint32_t mir_emit1(MirFunc *f, uint16_t op, uint8_t size, MirOpnd a);
uint32_t mir_emit2(MirFunc *f, uint16_t op, uint8_t size, MirOpnd a,
                   MirOpnd b);
/* Adds an operand to the last-made instruction i (calls, returns). */
void mir_add_opnd(MirFunc *f, uint32_t i, MirOpnd o, MirRole role);
void mir_print_func(MirFunc *f, FILE *out);
/* Removes instructions whose results are all unused and that have no
 * effect (MIR_OPF_PURE), in one backward worklist pass. */
void mir_dce(MirFunc *f);

/* ------------------------------------------------------------------ */
/* The Target contract                                                 */

enum {
    MIR_OPF_MOVE = 1 << 0,      /* copy: operand 0 -> operand 1 */
    MIR_OPF_PURE = 1 << 1,      /* no effect but its defs (DCE-able) */
    MIR_OPF_CALL = 1 << 2,      /* clobbers the caller-saved registers */
    MIR_OPF_BRANCH = 1 << 3,
    MIR_OPF_TERM = 1 << 4,      /* ends a block (jmp, ret, ud2) */
    MIR_OPF_REMAT = 1 << 5,     /* a def-only constant: rematerialisable */
    MIR_OPF_FLAGS = 1 << 6,     /* writes the condition flags */
    MIR_OPF_RFLAGS = 1 << 7,    /* reads the condition flags */
};

typedef struct {
    const char *name;       /* mnemonic stem */
    uint8_t nopnds;         /* operands described by the row */
    uint8_t form;           /* target-specific asm printing form */
    uint16_t flags;         /* MIR_OPF_* */
    uint8_t role[4];        /* MirRole per operand */
    uint8_t cls[4];         /* MirClass per register operand */
    uint8_t fixed[4];       /* implicit operand: physreg; 0 = explicit */
} MirOpInfo;

typedef struct {
    uint32_t nregs;                 /* physregs 1 .. nregs-1 */
    const char *const *names;       /* for MIR listings */
    const uint8_t *cls;             /* MirClass per physreg */
    const uint8_t *order[MIR_NCLS]; /* allocation order, 0-terminated */
    uint64_t caller_saved;          /* clobbered by calls (mask) */
    uint64_t callee_saved;
} MirRegInfo;

typedef struct CgCtx CgCtx;
struct CgAbi;

typedef struct Target {
    const char *name;           /* "x86_64-linux-gnu" */
    const char *aliases;        /* space-separated triples it accepts */
    const MirRegInfo *regs;
    const MirOpInfo *ops;
    uint32_t nops;
    uint16_t op_move[MIR_NCLS]; /* whole-register copy, reg or memory */
    uint16_t op_movi;           /* 64-bit immediate into a GP register */
    /* Spill code: the rows that store a whole register of each class to
     * its 8-byte spill slot (operands: register, memory) and load it
     * back (memory, register).  0: op_move with a memory operand (x86
     * mov does both). */
    uint16_t op_spill[MIR_NCLS], op_reload[MIR_NCLS];
    /* Instruction selection into ctx->mf (on vregs): the incoming
     * parameters, then each IR instruction of the reachable blocks in
     * reverse post-order (definitions before uses), with ctx->mf->cur
     * set to the instruction's block. */
    void (*isel_entry)(CgCtx *ctx);
    void (*isel_inst)(CgCtx *ctx, IrInst i);
    /* The calling convention: the target's classifier and the few
     * instructions the shared lowering (callconv.c) needs. */
    const struct CgAbi *abi;
    /* Optional, above -O0: rewrites of the selected function that need
     * the whole of it (NULL: none). */
    void (*post_isel)(CgCtx *ctx, MirFunc *f);
    /* The frame (cg_finalize): frame and stack pointer physregs, the
     * incoming stack arguments at fp + inarg_off. */
    uint32_t reg_fp, reg_sp;
    int32_t inarg_off;
    /* Branch layout: the unconditional jump and conditional branch
     * rows (the target block is operand 0; cond ^ 1 negates a
     * condition), the return row. */
    uint16_t op_jmp, op_jcc, op_ret, op_cfi;
    /* The trap of `unreachable` (ud2, brk). */
    uint16_t op_trap;
    /* Optional: negates conditional branch 'in' in place (its opcode or
     * condition) and says whether it is one; NULL: only op_jcc rows
     * branch conditionally, negated by cond ^ 1.  Its target is its
     * MO_BLOCK operand. */
    bool (*invert_branch)(MirInst *in);
    /* Optional, for fixed-width code (every instruction but CFI rows
     * inst_bytes long): how far conditional branch 'in' reaches, in
     * bytes each way (offsets -reach .. reach - 1 from the branch).
     * cg_finalize rewrites a branch whose block is out of reach as the
     * inverted branch over a jump (its block operand becomes the
     * immediate 2 * inst_bytes: the instruction after the jump).  NULL:
     * the object sink relaxes branches (x86). */
    uint8_t inst_bytes;
    int64_t (*branch_reach)(const MirInst *in);
    /* Loop tops are aligned to 1 << loop_align_log2 when that costs at
     * most loop_align_max bytes (above -O0; 0: never). */
    uint8_t loop_align_log2, loop_align_max;
    /* For the optimizer (OptCtx): bit k of addr_scales set when an
     * index scaled by 2^k is free in any address; addr_scale_access
     * when scaling by the size of the access is. */
    uint8_t addr_scales;
    bool addr_scale_access;
    /* The frame setup instructions (made with mir_make, CFI rows
     * included) pushed onto f->prologue. */
    void (*prologue)(CgCtx *ctx, MirFunc *f);
    /* The instructions that replace return instruction ret (the frame
     * teardown, the return itself, CFI rows), pushed onto out. */
    void (*epilogue)(CgCtx *ctx, MirFunc *f, uint32_t ret,
                     MirInstVec *out);
    /* Optional: rewrites of the allocated function before branch layout
     * (peepholes that need physical registers). */
    void (*post_ra)(CgCtx *ctx, MirFunc *f);
    /* Writes instruction i as one or more lines of assembly. */
    void (*print_inst)(MirFunc *f, uint32_t i, FILE *out);
    /* Objects: the format and machine (lib/obj's ObjFormat and
     * ObjMachine), the DWARF number of each physreg (CFI), and the
     * machine code of finalized instruction i into buf (MC_MAXINST
     * bytes), with its fixups; branches to blocks take their short form
     * when short_branch.  Returns the length. */
    uint8_t obj_format, obj_machine;
    /* Assembly spelling: the prefix of symbol names ("_" on Mach-O,
     * spec 10.5) and of local labels (".L" / "L"). */
    const char *sym_prefix, *label_prefix;
    /* Text: the directive that aligns a function's start, and what
     * starts a comment at the end of a line ("#", "//"). */
    const char *func_align, *comment;
    /* DWARF register numbers by physreg, the target's DWARF register
     * mapping (CFI, and for -g locations in registers and the frame
     * base: reg_fp, from which frame objects' offsets count). */
    const uint8_t *dwarf_regs;
    uint32_t (*encode)(MirFunc *f, uint32_t i, bool short_branch,
                       uint8_t *buf, McFixup *fx, uint32_t *nfx);
} Target;

/* ------------------------------------------------------------------ */
/* Pipeline                                                            */

typedef enum { CG_EMIT_ASM, CG_EMIT_MIR } CgEmitKind;

/* Relocation models, as llc's -relocation-model: position-independent
 * executable (the default), shared-library code, static code. */
typedef enum { CG_RELOC_PIE, CG_RELOC_PIC, CG_RELOC_STATIC } CgReloc;

/* What code generation measured (sirc --time-passes and --stats): the
 * wall time of each stage over all functions, and counts.  Point
 * CgOptions.stats at a zeroed CgStats to have it filled. */
typedef enum {
    CG_STAGE_ISEL,      /* instruction selection (with post-isel) */
    CG_STAGE_DCE,       /* dead MIR removal */
    CG_STAGE_REGALLOC,  /* register allocation, spilling, tail dup */
    CG_STAGE_FRAME,     /* frame layout, prologue and epilogue */
    CG_STAGE_EMIT,      /* finalize, encoding or printing, per function */
    CG_STAGE_FINISH,    /* data, then the object or assembly file */
    CG_NSTAGES
} CgStage;

typedef struct {
    double wall[CG_NSTAGES];    /* seconds */
    uint64_t funcs;             /* functions compiled */
    uint64_t isel_insts;        /* MIR instructions selected */
    uint64_t vregs;             /* virtual registers */
    uint64_t ra_insts;          /* instructions regalloc added (moves,
                                   spills, reloads) */
} CgStats;

typedef struct {
    const Target *target;       /* NULL: the host default */
    CgEmitKind emit;
    const char *print_after;    /* "isel", "regalloc" or NULL */
    FILE *print_out;            /* for print_after (stderr if NULL) */
    const char *file;           /* source file name for .file */
    int optlevel;               /* 0: no MIR optimization (taildup.c) */
    CgReloc reloc;
    /* Functions compiled at once on threads (0, 1: one at a time); the
     * output is the same whatever the number. */
    int jobs;
    CgStats *stats;             /* NULL, or filled in (CgStats) */
    /* -g: the DWARF version of the debug information (4 or 5), 0 for
     * none; comp_dir is the compilation directory it names (NULL: the
     * current one). */
    uint8_t debug;
    const char *comp_dir;
} CgOptions;

/* A definition isel has placed but not made (cg_def_lazy): op's
 * instruction `op src, reg`, to fill slot pos of MIR block 'block'
 * (reg 0 once made). */
typedef struct {
    MirOpnd src;
    IrLoc loc;
    uint32_t block, pos, reg;
    uint16_t op;
    uint8_t size;
} CgLazyDef;

/* Per-function lowering state shared by the driver and target isel. */
struct CgCtx {
    IrModule *m;
    IrFunc *irf;
    MirFunc *mf;
    const CgOptions *opt;
    Diag *diag;
    bool failed;
    uint32_t fn_index;
    /* IR value -> its MIR registers: one per scalar leaf (aggregates
     * are kept in registers leaf by leaf).  Runs in 'leafpool'. */
    uint32_t *vfirst, *vcount;
    VEC(uint32_t) leafpool;
    uint32_t *blockmap;         /* IR block id -> MIR block */
    uint32_t *slotobj;          /* IR slot id -> frame object */
    bool *reachable;            /* IR block id -> reachable from entry */
    IrUses uses;
    uint8_t *fusable;           /* value id -> cg_cond_fusable's answer + 1,
                                   0: not asked yet */
    /* Definitions made on first demand (cg_def_lazy): value id -> its
     * pending one in lazydefs + 1, 0: none (made, or never lazy). */
    uint32_t *lazy;
    VEC(CgLazyDef) lazydefs;
    uint32_t nlazy;             /* pending ones */
    bool lazy_ok;               /* cg_def_lazy may defer */
    void *tpriv;                /* target scratch */
    uint32_t sret;              /* vreg with the caller's result buffer */
    struct CgDwarf *dwarf;      /* -g: what the DWARF describes, or NULL */
    /* regalloc's memory, made on first use and kept for the thread's
     * next functions (a worker's own: parallel.c) */
    struct CgScratch *scratch;
};

/* A scalar leaf of a type: offset and scalar type. */
typedef struct {
    uint64_t off;
    IrType ty;
} CgLeaf;

/* lower.c */
enum { CG_MAX_LEAVES = 1 << 16 };
/* Compiles m to assembly text on out (or MIR listings, opt->emit). */
bool cg_compile(IrModule *m, const CgOptions *opt, FILE *out, Diag *d);
/* Compiles m to an object file (ELF or Mach-O, by the target) on out;
 * no external program is run. */
bool cg_compile_obj(IrModule *m, const CgOptions *opt, FILE *out, Diag *d);
/* The same, a run of functions at a time: cg_stream_obj begins the
 * object (NULL and an error when the target has no encoder), each
 * cg_stream_funcs compiles and emits the next functions in module
 * order (false once one failed; the rest are then skipped), and
 * cg_stream_end emits the data, writes the file (if 'write': without
 * it, m may be gone) and frees the stream.
 * The output is that of cg_compile_obj on the same functions; the IR of
 * a run may be released once cg_stream_funcs returns. */
typedef struct CgStream CgStream;
CgStream *cg_stream_obj(IrModule *m, const CgOptions *opt, FILE *out,
                        Diag *d);
bool cg_stream_funcs(CgStream *s, const IrSym *fns, uint32_t n);
bool cg_stream_end(CgStream *s, bool write);
/* Writes the tables of llc -time-passes (times) and -stats (counts). */
void cg_stats_report(const CgStats *s, bool times, bool counts, FILE *out);
/* Compiles m into a sink (sink.h): the text sink, the object sink. */
struct McSink;
bool cg_compile_to(IrModule *m, const CgOptions *opt, struct McSink *sink,
                   Diag *d);
/* Compiles function s (c->fn_index set) through cg_finalize into *out,
 * which the caller frees with mir_func_free; false on an error
 * (reported on c->diag). */
bool cg_compile_func(CgCtx *c, IrSym s, MirFunc *out);
/* parallel.c: compiles fns[0 .. n) (fn_index from c->fn_index on) on
 * opt->jobs threads and hands them
 * to the sink in order; stops at the first function that fails, with
 * the diagnostics of the one-thread run. */
struct McSink;
bool cg_compile_parallel(CgCtx *c, const IrSym *fns, uint32_t n,
                         struct McSink *sink);
/* Scalar leaves of t in memory order; returns the count (caller frees
 * *out). */
uint32_t cg_leaves(IrModule *m, IrType t, CgLeaf **out);
MirClass cg_class_of(IrType t);
/* Number of scalar leaves of t (saturates at UINT32_MAX). */
uint64_t cg_nleaves(IrModule *m, IrType t);
/* Registers holding IR value v (n = number of leaves). */
const uint32_t *cg_value_regs(CgCtx *c, IrValue v, uint32_t *n);
uint32_t cg_value_reg(CgCtx *c, IrValue v);
/* Binds v to the given registers (copied). */
void cg_bind(CgCtx *c, IrValue v, const uint32_t *regs, uint32_t n);
/* Fresh vregs for v's leaves, bound to v. */
const uint32_t *cg_define(CgCtx *c, IrValue v, uint32_t *n);
void cg_error(CgCtx *c, IrLoc loc, const char *fmt, ...)
    SIR_PRINTF(3, 4);
SIR_NORETURN void cg_bug(const char *file, int line, const char *fmt, ...);
#define CG_BUG(...) cg_bug(__FILE__, __LINE__, __VA_ARGS__)

/* selhelp.c: instruction selection helpers every target uses */
/* The instruction defining v, or 0 (a block parameter). */
IrInst cg_def_of(CgCtx *c, IrValue v);
/* Whether v is an integer constant (iconst, bconst, null, undef): *out
 * its value, sign-extended from its width. */
bool cg_const_of(CgCtx *c, IrValue v, int64_t *out);
/* Bytes of a scalar type (bool: 1). */
uint8_t cg_tsize(IrType t);
/* The one register of scalar result of i, defined fresh. */
uint32_t cg_def1(CgCtx *c, IrInst i);
/* The predicate of the compare with its operands swapped. */
IrPred cg_pred_mirror(IrPred p);
/* Defines the scalar result of i (cg_def1) by `op src, reg`: a pure
 * instruction reading no register (a constant, a frame or symbol
 * address).  It is made in its place in the block, but only once a
 * user asks for the register (cg_value_regs): the users that fold the
 * value as an immediate or into an address never do, so it is never
 * made to be deleted by mir_dce. */
void cg_def_lazy(CgCtx *c, IrInst i, uint16_t op, uint8_t size,
                 MirOpnd src);
/* Makes v's pending definition (cg_value_regs). */
void cg_lazy_make(CgCtx *c, IrValue v);
/* After isel: closes the places of the definitions nobody asked for. */
void cg_lazy_drop(CgCtx *c);
/* The scalar leaves of a type (lv[0 .. nl)) and a copy of a value's
 * registers (rr[0 .. n)).  A scalar's live in the struct: most values
 * are scalars, and two mallocs per load and store were 1% of -O0. */
typedef struct {
    CgLeaf *lv;
    uint32_t *rr;
    uint32_t nl, n;
    CgLeaf leaf1;
    uint32_t reg1;
} CgLeafRegs;
/* The leaves of t and a copy of the registers of v: fresh ones bound to
 * v (define) or those it has.  A copy, because binding the vregs the
 * caller then makes may move the pool that holds v's.  cg_leaf_regs_free
 * frees what does not live in *lr. */
void cg_leaf_vregs(CgCtx *c, IrValue v, IrType t, bool define,
                   CgLeafRegs *lr);
void cg_leaf_regs_free(CgLeafRegs *lr);
/* Loads every leaf of type t at m (+ the leaf's offset) into fresh
 * registers bound to v, each by the target's 'load' (which returns the
 * instruction: volatile loads are kept) / stores v's leaves. */
typedef uint32_t (*CgLeafLoad)(CgCtx *c, IrType t, MirOpnd m, uint32_t d);
typedef uint32_t (*CgLeafStore)(CgCtx *c, IrType t, uint32_t s, MirOpnd m);
void cg_load_value(CgCtx *c, IrValue v, IrType t, MirOpnd m, bool vol,
                   CgLeafLoad load);
void cg_store_value(CgCtx *c, IrValue v, IrType t, MirOpnd m,
                    CgLeafStore store);
/* The target's per-function state (c->tpriv), zeroed on first use. */
void *cg_tpriv(CgCtx *c, size_t size);
/* The one user of v if it has exactly one use, else 0. */
IrInst cg_only_user(CgCtx *c, IrValue v);
/* True when every use of compare result v is the condition of a condbr
 * or sel (then it can be re-emitted as a compare at each of them). */
bool cg_cond_fusable(CgCtx *c, IrValue v);
/* Flags reuse: the compare last fused into a branch or sel (IR value
 * val, MIR block and its length after the compare, the target's
 * condition of it), so another sel or branch on the same condition in
 * the block needs no compare when nothing since wrote the flags (moves,
 * selects and sets do not): two sels of one condition (a running
 * minimum and its index) then share one compare, as with LLVM's flags
 * reuse. */
typedef struct {
    uint32_t val, block, len;
    unsigned char cond[8];
} CgFlags;
/* Makes the condition *cond (of 'size' bytes) of compare 'cmp'. */
typedef void (*CgEmitCompare)(CgCtx *c, IrInst cmp, void *cond);
/* When v is an icmp or fcmp whose every use is a branch or sel
 * (cg_cond_fusable): its condition into *cond, from the flags when they
 * still hold it (above -O0), else made by emit and noted in fl.  False
 * for any other v. */
bool cg_fused_cond(CgCtx *c, IrValue v, CgFlags *fl, void *cond,
                   size_t size, CgEmitCompare emit);
/* Whether symbol s is reached directly (pc-relative) rather than
 * through the GOT, by the relocation model: in a PIE every symbol the
 * module defines is final; in a shared library (pic) only internal
 * ones are (the others may be preempted); static code reaches all
 * symbols directly. */
bool cg_sym_is_local(CgCtx *c, uint32_t s);
/* A called symbol: the module's own internal functions directly, every
 * other through the PLT (the linker drops the PLT for symbols it finds
 * defined in the executable); static code calls every symbol directly. */
MirOpnd cg_callee_sym(CgCtx *c, uint32_t s);
/* The MIR block that branch target k of 'br' goes to: the target's own
 * block, or a new edge block holding the copies of its block arguments
 * and a jump (critical edges are split this way). */
uint32_t cg_edge_target(CgCtx *c, IrInst br, uint32_t k);
/* The IR instructions every target selects alike: extract, insert,
 * call, indirectcall, br, ret and unreachable (the caller's switch
 * lists them, so -Wswitch still covers every opcode). */
void cg_sel_common(CgCtx *c, IrInst i);
/* extract / insert: rebinding of aggregate leaves, no code. */
void cg_sel_extract(CgCtx *c, IrInst i);
void cg_sel_insert(CgCtx *c, IrInst i);
/* Division of i64 by a constant d: q = hi(x * m) adjusted and shifted
 * right by s (add: the unsigned magic number needs 65 bits). */
typedef struct {
    uint64_t m;
    unsigned s;
    bool add;
} CgMagic;
CgMagic cg_smagic(int64_t d);
/* Whether i64 division by the constant d (signed or not) goes by a magic
 * number: not for 0, +-1 or a power of two (|d| when signed), which
 * stay with the generic code (instcombine makes the powers shifts). */
bool cg_div_by_magic(int64_t d, bool sgn);
CgMagic cg_umagic(uint64_t d);

/* callconv.c: parameters, returns and calls, lowered once for every
 * target from the target's classification of a signature. */
enum {
    CG_LOC_NONE,        /* takes nothing (size 0) */
    CG_LOC_REGS,        /* in reg[0 .. n): part e holds bytes from roff[e] */
    CG_LOC_STACK,       /* in the stack argument area at off */
    CG_LOC_REF,         /* by reference to a copy the caller makes: the
                         * pointer in reg[0] (n = 1) or at off (n = 0) */
    CG_LOC_BYVAL,       /* a byval(N) pointer: N bytes copied to off */
};
typedef struct {
    uint8_t kind;
    uint8_t n;
    /* CG_LOC_STACK: a scalar at its own size and alignment (no slot of
     * 8 bytes, no extension: Apple arm64). */
    bool packed;
    uint8_t reg[4];     /* physregs */
    uint8_t roff[4];
    uint32_t off;
    uint64_t byval;
} CgArgLoc;
typedef struct {
    CgArgLoc ret;       /* CG_LOC_REF: the caller's buffer (sret) */
    uint8_t sret_in;    /* the physreg carrying the buffer (rdi, x8) */
    uint8_t sret_out;   /* the one returning it (rax), or 0 */
    uint32_t nfp;       /* FP argument registers used */
    uint32_t stack;     /* bytes of stack arguments */
    CgArgLoc *args;     /* one per argument (callconv.c frees them) */
} CgCallConv;
typedef struct CgAbi {
    /* Places the n arguments (types ty, those from sig's nparams on
     * variadic) and the result of signature sig into cc (args
     * preallocated): a call site, or the incoming parameters.  Reports
     * what cannot be passed at loc and returns false. */
    bool (*classify)(CgCtx *c, IrLoc loc, bool incoming, IrSig sig,
                     const IrType *ty, uint32_t n, CgCallConv *cc);
    /* A narrow integer argument or result, extended (spec 4.3). */
    uint32_t (*extend)(CgCtx *c, IrType t, uint32_t r);
    /* 8 bytes of register r of class cls from / to memory m. */
    void (*load_part)(CgCtx *c, MirClass cls, MirOpnd m, uint32_t r);
    void (*store_part)(CgCtx *c, MirClass cls, uint32_t r, MirOpnd m);
    /* r = the address of m (a frame object or the incoming area). */
    void (*lea)(CgCtx *c, MirOpnd m, uint32_t r);
    CgLeafLoad load_leaf;
    CgLeafStore store_leaf;
    /* The call instruction (symbol or register operand). */
    uint32_t (*call)(CgCtx *c, MirOpnd callee);
    /* Optional: aggregates of any shape in GP registers.  pack adds leaf
     * register r of type t, shifted left by sh bits, to the part built
     * so far in acc (0: none; r 0: the part is zero) and returns it;
     * unpack sets d to the leaf of type t sh bits up in part r.  NULL:
     * only a part holding one integer leaf moves without memory. */
    uint32_t (*pack)(CgCtx *c, IrType t, uint32_t r, unsigned sh,
                     uint32_t acc);
    void (*unpack)(CgCtx *c, IrType t, uint32_t r, unsigned sh, uint32_t d);
    /* Optional (byval): copies n bytes from the address in p to dst. */
    void (*copy_bytes)(CgCtx *c, uint32_t p, MirOpnd dst, uint64_t n);
    /* Optional: before a call, after the argument moves; may add
     * physregs the call reads to pregs (x86-64's %al of variadic calls). */
    void (*pre_call)(CgCtx *c, IrSig sig, const CgCallConv *cc,
                     uint32_t *pregs, uint32_t *np);
} CgAbi;
/* Target.isel_entry of every target; the IR ret, call and
 * indirectcall instructions. */
void cg_isel_entry(CgCtx *c);
void cg_sel_ret(CgCtx *c, IrInst i);
void cg_sel_call(CgCtx *c, IrInst i);

/* parmove.c */
typedef struct {
    uint32_t dst;       /* register */
    MirOpnd src;        /* register or immediate */
    uint8_t cls;
} CgMove;
/* Emits the parallel copy 'moves' (distinct destinations) as a
 * sequence into block f->cur; cycles are broken with a fresh vreg. */
void cg_parallel_move(MirFunc *f, const CgMove *moves, uint32_t n);
/* The parallel copy of IR branch target k of 'br' into the target
 * block's parameter registers. */
void cg_edge_moves(CgCtx *c, IrInst br, uint32_t k);

/* scratch.c: per-thread memory for liveness and allocation, reused
 * from one function to the next.  cg_scratch_alloc returns
 * uninitialised memory (16-byte aligned) that stays valid until the
 * cg_scratch_release of a mark taken before it; zalloc zeroes it.  The
 * growable arrays are emptied, never shrunk, by their users. */
typedef struct {
    void *p;
    size_t n;
} CgScratchBig;
typedef VEC(uint32_t) CgVecU32;
typedef VEC(uint64_t) CgVecU64;
typedef struct CgScratch {
    char *mem;                  /* the stack's block */
    size_t cap, used, peak;     /* peak: the most held at once */
    VEC(CgScratchBig) big;      /* what did not fit in mem */
    size_t bigbytes;
    /* live.c: a variable's events, spans and sort buffer; the ranges
     * of all vregs; the fixed ranges; the CFG's edges; the vregs' defs */
    CgVecU64 keys, tmp, spans;
    CgVecU32 ranges, fixed, edges, defs;
} CgScratch;
typedef struct {
    size_t used;
    uint32_t nbig;
} CgScratchMark;
CgScratch *cg_scratch_new(void);
void cg_scratch_free(CgScratch *s);
void *cg_scratch_alloc(CgScratch *s, size_t n);
void *cg_scratch_zalloc(CgScratch *s, size_t n);
CgScratchMark cg_scratch_mark(const CgScratch *s);
void cg_scratch_release(CgScratch *s, CgScratchMark m);

/* live.c */
typedef struct {
    uint32_t nvars;         /* registers + frame objects */
    uint32_t *start, *end;  /* hull of live positions per var; UINT32_MAX
                               start = never live */
    uint32_t *pos;          /* position of each instruction id */
    /* Registers: disjoint sorted [lo,hi] ranges (the hull minus the
     * holes), pairs ranges[2*rstart[v] .. 2*rstart[v+1]). */
    uint32_t *rstart, *ranges;
    uint32_t npos;
    /* Fixed ranges of physregs: [lo,hi] pairs of physreg r at
     * fixed[2*fstart[r] .. 2*fstart[r+1]), sorted by lo; each hi is the
     * maximum of the his so far (for one binary search). */
    uint32_t *fixed;
    uint32_t fstart[MIR_NPREG + 1];
    /* The register operands that define vreg v (any def role), ndef[v]
     * of them: a list from entry dhead[v], entry k being dlink[2*k] =
     * instruction << 1 | (1 if the def is at its position + 1, 0 if at
     * its position), dlink[2*k+1] = the next entry (0 ends the list). */
    uint32_t *dhead, *ndef, *dlink;
} CgLive;
enum { CG_HOLES_MAX = 20000 };
/* Fills l with arrays in s (valid until s is released past them). */
void cg_live_compute(MirFunc *f, CgLive *l, CgScratch *s);

/* liveloop.c: the loops of a MIR function (predecessors as CSR: block
 * b's are preds[npred[b] .. npred[b+1])), blocks indexed in layout
 * order.  0 is no block and no loop. */
typedef struct {
    uint32_t *inner;    /* per block: its innermost loop's header */
    uint32_t *outer;    /* per header: the enclosing loop's header */
    uint32_t *pre, *last;   /* per block: depth-first preorder number
                               (0: unreachable), last one below it */
    uint32_t *lpre, *llast; /* per header: the same in the loop forest */
    /* per header: its blocks as nchunk [first,last] block pairs at
     * chunks[2*chunk ..]; nchunk 0: too scattered to take whole */
    uint32_t *chunk, *nchunk;
    uint32_t *chunks, nchunks;
} CgLoops;
/* Fills lp with arrays in s. */
void cg_loops_find(uint32_t nb, const uint32_t *npred, const uint32_t *preds,
                   CgLoops *lp, CgScratch *s);
/* Whether block a is block h or below it in the depth-first search. */
static inline bool
cg_loops_desc(const CgLoops *lp, uint32_t a, uint32_t h)
{
    return lp->pre[a] && lp->pre[h] <= lp->pre[a] &&
           lp->pre[a] <= lp->last[h];
}
/* Whether block b is in the loop of header h. */
static inline bool
cg_loops_in(const CgLoops *lp, uint32_t b, uint32_t h)
{
    uint32_t x = lp->inner[b];
    return x && lp->lpre[h] <= lp->lpre[x] && lp->lpre[x] <= lp->llast[h];
}

/* regalloc.c */
bool cg_regalloc(CgCtx *c, MirFunc *f);

/* taildup.c: after regalloc, jumps to small blocks become copies of
 * them (rotates loops). */
void cg_tail_dup(MirFunc *f);

/* frame.c */
void cg_frame_layout(MirFunc *f);

/* zext.c: zero extensions (op_zext, from size2 bytes) of vregs every
 * definition of which leaves no wider value become 64-bit copies;
 * width(f, i) says how many low bytes of its GP destination instruction
 * i may leave non-zero (1, 2, 4 or 8). */
typedef unsigned (*CgZextWidth)(MirFunc *f, uint32_t i);
void cg_zext_elide(MirFunc *f, CgZextWidth width, uint16_t op_zext);

/* dwarf.c: -g.  cg_dwarf_func records what finalized function f
 * declares (its stack slots with their frame offsets, its parameters)
 * for the debug information the sink writes at the end. */
struct CgDwarf *cg_dwarf_new(CgCtx *c);
void cg_dwarf_func(CgCtx *c, MirFunc *f);
/* After isel_entry, which made instructions first_inst onwards: where
 * each named parameter is defined. */
void cg_dwarf_entry(CgCtx *c, uint32_t first_inst);
/* After isel_inst(i), which made instructions first_inst onwards. */
void cg_dwarf_inst(CgCtx *c, IrInst i, uint32_t first_inst);
void cg_dwarf_free(struct CgDwarf *d);

/* finalize.c: after frame layout, the decisions emission would
 * otherwise take: frame addresses, prologue and epilogue, target
 * peepholes, branch layout and loop alignment. */
void cg_finalize(CgCtx *c, MirFunc *f);
/* Negates conditional branch 'in' in place (Target.invert_branch, or
 * op_jcc's cond ^ 1); false when it is not one. */
bool cg_invert_branch(const Target *t, MirInst *in);
/* The index of branch i's target block operand, or -1 when i is not a
 * branch to a block (jump, or a conditional branch of any form: b.cond,
 * cbz, tbz). */
int cg_branch_opnd(MirFunc *f, uint32_t i);
/* branchrange.c: cg_finalize's last step (Target.branch_reach). */
void cg_branch_range(MirFunc *f);

#ifdef __cplusplus
}
#endif

#endif
