/*
 * interp_int.h - private to the interpreter (interp*.c).
 *
 * Each function definition is decoded once into an array of DInst: value
 * operands are byte offsets into the activation's value frame, block
 * targets are indices into the code array, and every per-type decision
 * (width mask, float kind, size of a copy) is made at decode time, so the
 * execution loop is one switch over compact records.
 *
 * Values live in a value frame: a scalar takes 8 bytes holding its bit
 * pattern zero-extended (bool 0/1, f32 in the low 32 bits), an aggregate
 * takes its size rounded up to 8 and holds the bytes of its memory
 * layout.  Frames are allocated on an explicit value stack; SIR-to-SIR
 * calls never recurse on the host stack.  Stack slots and alloca storage
 * come from a separate memory stack of real host memory, so pointers can
 * be handed to C.  Both stacks, and the frame records, are reserved once
 * with mmap and never move.
 */
#ifndef SIR_INTERP_INT_H
#define SIR_INTERP_INT_H

#include "interp.h"
#include "ir_int.h"

#include <ffi.h>
#include <setjmp.h>

/* Decoded opcodes: the IR opcode specialized by type where that saves
 * a test in the loop. */
typedef enum {
    D_CONST,        /* dst = imm */
    D_ZERO,         /* dst[0..size) = 0 (null, undef) */
    D_STACKSLOT,    /* dst = slot base + imm */
    D_GLOBALADDR,   /* dst = imm; aux: symbol, checked if imm == 0 */
    D_AND, D_OR, D_XOR, D_SHL, D_LSHR, D_ASHR,
    D_IADD, D_ISUB, D_IMUL, D_SDIV, D_UDIV, D_SREM, D_UREM,
    D_FNEG32, D_FADD32, D_FSUB32, D_FMUL32, D_FDIV32, D_FREM32,
    D_FNEG64, D_FADD64, D_FSUB64, D_FMUL64, D_FDIV64, D_FREM64,
    D_ICMP, D_FCMP32, D_FCMP64,
    D_SEL, D_SEL8,
    D_ALLOCA,
    D_LOAD, D_LOADAGG, D_STORE, D_STOREAGG,
    D_OFFSET, D_ELEMPTR,
    D_EXTRACT, D_EXTRACTAGG, D_INSERT, D_INSERTAGG,
    D_SEXT, D_MASK, D_MOV, D_ITOB,
    D_SITOF32, D_SITOF64, D_UITOF32, D_UITOF64,
    D_FTOSI, D_FTOUI, D_FEXT, D_FTRUNC,
    D_CALL, D_ICALL,
    D_BR, D_CONDBR, D_RET, D_UNREACHABLE,
    D_TOOLARGE,     /* the body of a function that could not be decoded */
    D_NUM_OPS
} DOp;

typedef struct {
    uint8_t op;         /* DOp */
    uint8_t kind;       /* IrTypeKind of the operation / result type */
    uint8_t kind2;      /* IrTypeKind of the operand (casts, extract) */
    uint8_t pred;       /* IrPred; sel/load/store: volatile flag unused */
    uint8_t sh;         /* 64 - width: sign extension by shifts */
    uint8_t sh2;        /* same for the operand type of casts, offset */
    uint32_t dst, a, b, c;      /* value-frame byte offsets */
    uint32_t aux;       /* edge, call, type or symbol index */
    uint32_t inst;      /* IrInst id, for diagnostics */
    uint64_t size;      /* bytes copied, loaded or stored */
    uint64_t imm;       /* mask, constant, scale, member offset, align */
} DInst;

/* A move of a branch argument into a block parameter. */
typedef struct {
    uint32_t src, dst, size;
} DMove;

/* A decoded branch target. */
typedef struct {
    uint32_t pc;            /* index of the target's first instruction */
    uint32_t moves, nmoves; /* run in Interp.moves */
    bool via_tmp;           /* a destination is also a source */
} DEdge;

typedef struct DFunc DFunc;
typedef struct FfiSig FfiSig;

/* A call site. */
typedef struct {
    DFunc *fn;              /* direct call of a definition, else NULL */
    IrSym sym;              /* direct callee */
    IrSig sig;              /* call-site signature */
    uint32_t args, nargs;   /* run in Interp.argoffs / argtys */
    void *ext;              /* direct call of a declaration: address */
    FfiSig *ffi;            /* prepared C call, made on first use */
    void **avalues;         /* nargs pointers for ffi_call */
} DCall;

struct DFunc {
    struct IrInterp *ip;
    IrFunc *f;
    IrSym sym;
    DInst *code;
    uint32_t ncode;
    uint32_t frame_size;    /* value-frame bytes, multiple of 16 */
    uint32_t tmp_off;       /* parallel-copy scratch within the frame */
    uint32_t nparams;
    uint32_t *param_off;    /* entry block parameters */
    IrType *param_ty;
    IrType ret;
    uint32_t nslots;
    uint64_t *slot_off;     /* offsets within the activation's slots */
    uint64_t *slot_size;
    uint64_t slots_size;
    uint32_t slots_align;
    bool uses_alloca;
    bool checks_params;     /* some parameter is byval or nonnull */
    bool ret_nonnull;
    uint64_t *byval;        /* per parameter: N of byval(N), or 0 */
    bool *nonnull;          /* per parameter */
    void *addr;             /* the host address of the function */
    ffi_closure *closure;
    FfiSig *csig;           /* closure signature */
};

/* One frame record of the explicit call stack. */
typedef struct {
    DFunc *fn;
    uint8_t *fp;            /* value frame */
    DInst *ret_pc;          /* caller's next instruction */
    DInst *call;            /* caller's call instruction (backtrace) */
    uintptr_t slots;        /* address of this activation's stack slots */
    uintptr_t msp;          /* memory stack pointer at entry */
    uint32_t nlive;         /* live stack allocations at entry */
} Frame;

/* A live allocation [lo, hi). */
typedef struct {
    uintptr_t lo, hi;
    bool is_const;
    IrSym sym;
} Alloc;

/* A run of bytes of an aggregate that load/store copy (padding is
 * skipped); bool runs are one byte and checked on load. */
typedef struct {
    uint64_t off, size;
    bool is_bool;
} Run;

typedef struct {
    uint32_t first, n;      /* in Interp.runs; n == UINT32_MAX: not made */
} RunList;

/* Address -> function (closures and tagged addresses). */
typedef struct {
    uintptr_t addr;
    DFunc *fn;              /* NULL: unresolved declaration 'sym' */
    IrSym sym;
} AddrEnt;

typedef struct IrInterp {
    IrModule *m;
    IrInterpOptions opt;
    Diag *diag;

    DFunc *funcs;           /* indexed by symbol id; f == NULL if none */
    VEC(DMove) moves;
    VEC(DEdge) edges;
    VEC(DCall) calls;
    VEC(uint32_t) argoffs;
    VEC(IrType) argtys;
    VEC(Run) runs;
    RunList *runlists;      /* indexed by type id */
    uint32_t ntypes;

    /* value stack and frames */
    uint8_t *vstack, *vlimit;
    uint8_t *shadow;        /* --lint-undef: a bit per value byte */
    VEC(uint8_t) lintbuf;   /* scratch for parallel copies of bits */
    Frame *frames;
    uint32_t depth, maxdepth;

    /* memory stack of slots and allocas */
    uintptr_t mbase, msp, mlimit;
    Alloc *live;            /* live stack allocations, ascending */
    uint32_t nlive, maxlive;

    /* globals */
    uintptr_t gbase, glimit;
    uintptr_t gmap;         /* the mapping holding them */
    size_t gmapsize;
    Alloc *globals;         /* ascending */
    uint32_t nglobals;
    uintptr_t *symaddr;     /* indexed by symbol id; 0: unresolved */

    /* addresses of functions */
    AddrEnt *addrs;
    uint32_t addrcap, naddrs;
    uintptr_t fakebase;     /* PROT_NONE page range for tagged addresses */
    uint32_t nfake;

    /* C interface */
    ffi_type **ffitypes;    /* indexed by type id; made on demand */
    uint8_t *ffityped;      /* 0 unknown, 1 ok, 2 zero-sized, 3 bad */
    VEC(FfiSig *) ffisigs;  /* everything made for libffi, to free */
    VEC(void *) ffimem;
    uint8_t *retbuf;        /* result of the outermost call */
    uint64_t retcap;

    const DInst *ffi_in;    /* the call into C running now, or NULL */
    jmp_buf *jb;            /* where a runtime error unwinds to */
    int status;
    char errbuf[256];
} Interp;

/* interp.c */
DFunc *itp_decode(Interp *ip, IrSym s);
const Run *itp_runs(Interp *ip, IrType t, uint32_t *n);
_Noreturn void itp_fail(Interp *ip, const DInst *in, int status,
                           const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void itp_exec(Interp *ip, uint32_t stop);
void itp_push_frame(Interp *ip, DFunc *fn, uint8_t *fp, DInst *ret_pc,
                       DInst *call);
uint8_t *itp_frame_top(Interp *ip);

/* interp_lint.c */
void itp_lint_step(Interp *ip, const DInst *in, uint8_t *fp, DFunc *fn);

/* interp_mem.c */
bool itp_mem_init(Interp *ip);
void itp_mem_free(Interp *ip);
uintptr_t itp_stack_alloc(Interp *ip, const DInst *in, uint64_t size,
                             uint32_t align);
void itp_check_access(Interp *ip, const DInst *in, uintptr_t p,
                         uint64_t size, uint32_t align, bool write);
bool itp_globals_init(Interp *ip);
uintptr_t itp_sym_addr(Interp *ip, IrSym s);
DFunc *itp_addr_func(Interp *ip, uintptr_t a, IrSym *sym);
void itp_addr_add(Interp *ip, uintptr_t a, DFunc *fn, IrSym sym);
uintptr_t itp_fake_addr(Interp *ip);
bool itp_owns_addr(const Interp *ip, uintptr_t p);

/* interp_ffi.c */
enum { FA_DIRECT, FA_BYVAL, FA_PIECE, FA_SEXT, FA_ZEXT };
typedef struct {
    uint32_t arg;           /* the SIR argument */
    uint8_t how;            /* FA_*: the value, the bytes it points to
                               (byval), an eightbyte of it, or a narrow
                               integer or bool extended to 64 bits */
    uint8_t size;           /* FA_PIECE: bytes at 'off'; FA_*EXT: bytes */
    uint16_t off;
} FfiArg;

struct FfiSig {
    ffi_cif cif;
    ffi_type **atypes;
    FfiArg *argmap;         /* ffi argument -> SIR argument */
    uint64_t *pieces;       /* FA_PIECE values of the current call */
    uint32_t nffi;
    bool ret_void;          /* void or zero-sized return */
    bool ok;
    const char *why;        /* !ok: what libffi cannot express */
    IrType ret;
    uint8_t *rbuf;          /* the C result */
};
FfiSig *itp_ffi_sig(Interp *ip, IrSig sig, uint32_t nargs,
                       const IrType *argtys, bool closure);
void itp_ffi_call(Interp *ip, const DInst *in, void *fnaddr, FfiSig *fs,
                     DCall *c, uint8_t *fp);
bool itp_make_closure(Interp *ip, DFunc *fn);
void itp_ffi_free(Interp *ip);

#endif
