/*
 * ir.h - the public interface of the SIR library (lib/ir).
 *
 * A module owns interned strings, interned types, interned signatures,
 * symbols (functions and data, in item order) and initializers.  Each
 * function definition owns a DFG (dense arrays of instructions, values,
 * blocks, stack slots, operand lists and branch targets, addressed by
 * 32-bit ids) and a Layout (block order and instruction order, as
 * prev/next links indexed by id), in the split Cranelift uses.
 *
 * Entity ids are one-field structs so that kinds cannot be mixed up; id 0
 * means "none" and slot 0 of every array is reserved, so zeroed memory is
 * empty.  Arrays grow, so never keep a pointer returned by ir_inst() or
 * friends across a call that creates entities of the same kind: keep the
 * id instead.
 *
 * Declarations are grouped by the source file that defines them.
 */
#ifndef SIR_IR_H
#define SIR_IR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SIR_VERSION "0.1.0"

/* The headers compile as C11 and as C++ (11 and later). */
#ifdef __cplusplus
#define SIR_NORETURN [[noreturn]]
#else
#define SIR_NORETURN _Noreturn
#endif
#if defined(__GNUC__) || defined(__clang__)
#define SIR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SIR_PRINTF(f, a)
#endif

/* A value of a one-field struct type: (T){v} in C, T{v} in C++. */
#ifdef __cplusplus
#define SIR_MK(T, v) (T{v})
#else
#define SIR_MK(T, v) ((T){v})
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { uint32_t id; } IrType;
typedef struct { uint32_t id; } IrValue;
typedef struct { uint32_t id; } IrInst;
typedef struct { uint32_t id; } IrBlock;
typedef struct { uint32_t id; } IrSlot;
typedef struct { uint32_t id; } IrSym;
typedef struct { uint32_t id; } IrSig;
typedef struct { uint32_t id; } IrInit;

/* A source position: 1-based line and byte column; line 0 = unknown. */
typedef struct { uint32_t line, col; } IrLoc;

typedef struct IrModule IrModule;
typedef struct IrFunc IrFunc;

/* ------------------------------------------------------------------ */
/* util.c: memory, growable arrays, files                              */

/* Allocation that exits with status 2 when memory runs out.  Inside the
 * library and its tools (built with -DSIR_SHORT_NAMES) they are also
 * spelled xmalloc, xcalloc, ..., see the end of this file. */
void *ir_xmalloc(size_t n);
void *ir_xcalloc(size_t n, size_t size);
void *ir_xrealloc(void *p, size_t n);
char *ir_xstrdup(const char *s);

/* Grow *data (elements of 'size' bytes, capacity *cap) to hold 'need'
 * elements; new space is zeroed.  ir_grow_raw leaves it as malloc gives
 * it: arrays filled only by appending need no zeroing, and skipping it
 * spares touching the unused half of each doubling (page faults are most
 * of the parser's system time on a large function). */
void ir_grow(void **data, uint32_t *cap, size_t size, uint32_t need);
void ir_grow_raw(void **data, uint32_t *cap, size_t size, uint32_t need);

/* A growable array: VEC(T) v = {0}; VEC_PUSH(v, x); v.data[i]; v.len.
 * VEC_RESERVE zeroes new space, for arrays indexed by id past len;
 * VEC_RESERVE_RAW and VEC_PUSH do not: the slots past len of an array
 * that is appended to are garbage. */
#define VEC(T) struct { T *data; uint32_t len, cap; }
#define VEC_RESERVE(v, n) \
    ir_grow((void **)&(v).data, &(v).cap, sizeof *(v).data, (n))
#define VEC_RESERVE_RAW(v, n) \
    ((n) <= (v).cap ? (void)0 : \
     ir_grow_raw((void **)&(v).data, &(v).cap, sizeof *(v).data, (n)))
#define VEC_PUSH(v, x) \
    (VEC_RESERVE_RAW(v, (v).len + 1), (v).data[(v).len++] = (x))
#define VEC_FREE(v) (free((v).data), (v).data = NULL, (v).len = (v).cap = 0)

/* Bump allocator for short-lived scratch memory (a pass's side tables). */
typedef struct ArenaBlock ArenaBlock;
/* chunk: the smallest block to allocate, 0 for 64 KiB; an arena that
 * outlives many others of its kind (a cached analysis) uses less. */
typedef struct { ArenaBlock *head; size_t chunk; } Arena;
void *ir_arena_alloc(Arena *a, size_t n);    /* zeroed, 16-byte aligned */
void ir_arena_free(Arena *a);

/* Read a whole file ("-" is standard input); NUL-terminated. Returns NULL
 * and sets *err (static string) on failure.  The buffer may be a mapping
 * of the file: release it with ir_free_file, never free. */
char *ir_read_file(const char *path, size_t *len, const char **err);
void ir_free_file(char *buf);
/* The text before byte 'upto' is read: a mapping gives its pages back
 * to the system (they read in again if a diagnostic quotes them). */
void ir_file_consumed(char *buf, size_t upto);
/* Whether the text of ir_read_file's buf (len bytes) holds s, reading
 * it without keeping it: the pages of a mapped file it has read go back
 * (to be read again from the file). */
bool ir_file_find(char *buf, size_t len, const char *s);

/* Output through a temporary file renamed into place on success, so a
 * failing tool never leaves a half-written output (util.c says how
 * links, devices and read-only files are treated).  "-" or NULL path
 * means standard output, written only on success.  On failure, open
 * and commit leave the reason in errno. */
typedef struct {
    FILE *fp;
    char *path;
    char *tmp;
    bool to_stdout;     /* fp buffers standard output */
} IrOutput;
bool ir_output_open(IrOutput *o, const char *path);
bool ir_output_commit(IrOutput *o);   /* close and rename */
void ir_output_abort(IrOutput *o);    /* close and remove the temporary */

/* ------------------------------------------------------------------ */
/* diag.c: diagnostics                                                 */

/* A diagnostic sink.  Messages print as "file:line:col: error: msg",
 * then the source line and a caret under the column. */
typedef struct Diag {
    const char *file;   /* name shown in messages */
    const char *src;    /* source text or NULL */
    size_t srclen;
    FILE *out;          /* NULL: messages are counted, not printed */
    int nerrors;
    int limit;          /* print at most this many errors (0: 50) */
    bool color;         /* ANSI colours, as clang's (tools: when stderr
                           is a terminal and NO_COLOR is not set) */
} Diag;

void ir_diag_init(Diag *d, const char *file, const char *src, size_t len,
                  FILE *out);
/* Messages held to be shown later, in an order of the caller's (code
 * generated on threads, a stream that shows the verifier's messages
 * only when the whole input has parsed): ir_diag_hold makes h print as
 * d prints (file, source, limit, colours) into b's buffer, or, with b
 * NULL, only count; ir_diag_show ends it: with 'show' it writes what h
 * held to d's output and counts h's errors on d, else drops them. */
typedef struct {
    FILE *mem;
    char *buf;
    size_t len;
} DiagBuf;
void ir_diag_hold(Diag *h, const Diag *d, DiagBuf *b);
void ir_diag_show(Diag *d, Diag *h, DiagBuf *b, bool show);
void ir_diag_error(Diag *d, IrLoc loc, const char *fmt, ...)
    SIR_PRINTF(3, 4);
void ir_diag_verror(Diag *d, IrLoc loc, const char *fmt, va_list ap);
void ir_diag_note(Diag *d, IrLoc loc, const char *fmt, ...)
    SIR_PRINTF(3, 4);

/* The title of a report table (--time-passes, --stats), as LLVM's. */
void ir_report_banner(FILE *out, const char *title);

/* Faults the input cannot cause: print file:line and abort. */
SIR_NORETURN void ir_bug(const char *file, int line, const char *fmt, ...);
#define IR_ASSERT(c) \
    ((c) ? (void)0 : ir_bug(__FILE__, __LINE__, "assertion failed: %s", #c))

/* ------------------------------------------------------------------ */
/* strings.c: interned strings (module-wide; id 0 is the empty name)   */

uint32_t ir_intern(IrModule *m, const char *s, size_t n);
const char *ir_str(const IrModule *m, uint32_t id);   /* NUL-terminated */
uint32_t ir_str_len(const IrModule *m, uint32_t id);  /* may hold NULs */
/* The id of an already interned string, or 0. */
uint32_t ir_str_find(const IrModule *m, const char *s, size_t n);

/* ------------------------------------------------------------------ */
/* types.c: interned types and the layout rules of spec section 4.2    */

typedef enum {
    IR_TY_VOID,   /* "no type": returns of void functions */
    IR_TY_BOOL, IR_TY_I8, IR_TY_I16, IR_TY_I32, IR_TY_I64,
    IR_TY_F32, IR_TY_F64, IR_TY_PTR,
    IR_TY_ARRAY, IR_TY_STRUCT
} IrTypeKind;

/* Scalar types have fixed ids equal to their kind. */
#define IR_T_VOID SIR_MK(IrType, IR_TY_VOID)
#define IR_T_BOOL SIR_MK(IrType, IR_TY_BOOL)
#define IR_T_I8   SIR_MK(IrType, IR_TY_I8)
#define IR_T_I16  SIR_MK(IrType, IR_TY_I16)
#define IR_T_I32  SIR_MK(IrType, IR_TY_I32)
#define IR_T_I64  SIR_MK(IrType, IR_TY_I64)
#define IR_T_F32  SIR_MK(IrType, IR_TY_F32)
#define IR_T_F64  SIR_MK(IrType, IR_TY_F64)
#define IR_T_PTR  SIR_MK(IrType, IR_TY_PTR)

static inline bool ir_type_eq(IrType a, IrType b) { return a.id == b.id; }
static inline bool ir_type_is_int(IrType t)
{ return t.id >= IR_TY_I8 && t.id <= IR_TY_I64; }
static inline bool ir_type_is_float(IrType t)
{ return t.id == IR_TY_F32 || t.id == IR_TY_F64; }
static inline bool ir_type_is_scalar(IrType t)
{ return t.id >= IR_TY_BOOL && t.id <= IR_TY_PTR; }
static inline bool ir_type_is_aggregate(IrType t)
{ return t.id > IR_TY_PTR; }
/* Bit width of bool (1), integers, floats, ptr (64). */
unsigned ir_type_bits(IrType t);

IrType ir_type_array(IrModule *m, IrType elem, uint64_t count);
IrType ir_type_struct(IrModule *m, const IrType *members, uint32_t n);
IrTypeKind ir_type_kind(const IrModule *m, IrType t);
uint64_t ir_type_size(const IrModule *m, IrType t);
uint32_t ir_type_align(const IrModule *m, IrType t);
/* True when the size is 2^63 bytes or more (rule L2). */
bool ir_type_too_big(const IrModule *m, IrType t);
/* Number of members: array count or field count; 0 for scalars. */
uint64_t ir_type_nmembers(const IrModule *m, IrType t);
IrType ir_type_member(const IrModule *m, IrType t, uint64_t k);
uint64_t ir_type_offset(const IrModule *m, IrType t, uint64_t k);
IrType ir_type_elem(const IrModule *m, IrType array);
/* Writes the canonical spelling ("{ i32, [i8 x 3] }"). */
void ir_type_print(const IrModule *m, IrType t, FILE *out);
/* Same into buf (truncated with "..." when too long); returns buf. */
char *ir_type_str(const IrModule *m, IrType t, char *buf, size_t size);
uint32_t ir_num_types(const IrModule *m);

/* ------------------------------------------------------------------ */
/* module.c: signatures, symbols, initializers, modules                */

enum {
    IR_ATTR_NOALIAS = 1,
    IR_ATTR_NONNULL = 2,
    IR_ATTR_BYVAL = 4,
};

typedef enum { IR_CONV_CCC, IR_CONV_SYSV, IR_CONV_WIN64 } IrConv;

typedef struct {
    IrType ty;
    uint8_t attrs;      /* IR_ATTR_* */
    uint64_t byval;     /* N of byval(N) */
} IrParam;

typedef struct {
    IrType ret;         /* IR_T_VOID for void */
    uint8_t ret_attrs;
    uint8_t conv;       /* IrConv */
    bool variadic;
    uint32_t nparams;
    uint32_t params;    /* first IrParam in the module's pool */
} IrSigData;

/* Signatures are interned: equal signatures have equal ids. */
IrSig ir_sig_intern(IrModule *m, IrType ret, uint8_t ret_attrs,
                    IrConv conv, bool variadic,
                    const IrParam *params, uint32_t nparams);
const IrSigData *ir_sig(const IrModule *m, IrSig s);
const IrParam *ir_sig_param(const IrModule *m, IrSig s, uint32_t i);
/* Same signature ignoring attributes (indirectcall compatibility). */
bool ir_sig_same_types(const IrModule *m, IrSig a, IrSig b);

typedef enum {
    IR_SYM_FUNC,    /* declaration (func == NULL) or definition */
    IR_SYM_GLOBAL,  /* @g = global T init */
    IR_SYM_CONST,   /* @g = const T init */
    IR_SYM_EXTERN,  /* @g = extern T */
} IrSymKind;

typedef struct {
    uint32_t name;      /* interned, without '@' */
    uint8_t kind;       /* IrSymKind */
    bool internal;
    bool dead;          /* removed by a pass; skipped everywhere */
    IrSig sig;          /* functions */
    IrFunc *func;       /* definition body, NULL for declarations */
    IrType type;        /* data */
    IrInit init;        /* data initializer; 0 for extern */
    uint32_t align;     /* explicit ", align N", 0 if absent */
    IrLoc loc;
} IrSymData;

typedef enum {
    IR_INIT_INT,     /* bits: value modulo 2^N (after typing) */
    IR_INIT_FLOAT,   /* bits: IEEE bit pattern (after typing) */
    IR_INIT_BOOL,    /* bits: 0 or 1 */
    IR_INIT_NULL,
    IR_INIT_ZERO,    /* zeroinit */
    IR_INIT_UNDEF,
    IR_INIT_STRUCT,  /* count children from 'first' in the init pool */
    IR_INIT_ARRAY,
    IR_INIT_STRING,  /* str: interned bytes */
    IR_INIT_SYMREF,  /* sym + addend */
} IrInitKind;

typedef struct {
    uint8_t kind;       /* IrInitKind */
    bool neg;           /* parser: INT literal had a '-' (bits = magnitude) */
    uint64_t bits;
    int64_t addend;
    IrSym sym;
    uint32_t str;       /* STRING bytes; FLOAT literal text before typing */
    uint32_t first, count;
    IrLoc loc;
} IrInitData;

IrModule *ir_module_new(void);
void ir_module_free(IrModule *m);
/* While threads each change one function of m (share.c): between the
 * two calls the module's tables may be read and extended from any
 * thread; nothing else of the module may change. */
void ir_module_share_begin(IrModule *m);
void ir_module_share_end(IrModule *m);

uint32_t ir_num_syms(const IrModule *m);  /* ids are 1 .. n, item order */
IrSymData *ir_sym(IrModule *m, IrSym s);
const IrSymData *ir_sym_c(const IrModule *m, IrSym s);
IrSym ir_sym_lookup(const IrModule *m, uint32_t name);
/* Adds a symbol at the end of the item order; the name must be new. */
IrSym ir_sym_add(IrModule *m, uint32_t name, IrSymKind kind);
IrSym ir_func_declare(IrModule *m, const char *name, IrSig sig);
/* Gives a declared function symbol a body (an empty IrFunc). */
IrFunc *ir_func_define(IrModule *m, IrSym s);
IrSym ir_data_define(IrModule *m, const char *name, IrSymKind kind,
                     IrType ty, IrInit init, uint32_t align);

IrInit ir_init_new(IrModule *m, IrInitKind kind);
IrInitData *ir_init(IrModule *m, IrInit i);
const IrInitData *ir_init_c(const IrModule *m, IrInit i);
/* Children of a STRUCT/ARRAY initializer are a run of ids in a pool. */
uint32_t ir_init_list(IrModule *m, const IrInit *items, uint32_t n);
IrInit ir_init_child(const IrModule *m, IrInit parent, uint32_t k);

/* ------------------------------------------------------------------ */
/* func.c: the DFG                                                     */

typedef enum {
#define OP(e, s, fmt, na, fl) IR_OP_##e,
#include "ops.def"
#undef OP
    IR_NUM_OPS
} IrOpcode;

/* Operand shapes (see ops.def).  What the type fields of IrInstData hold:
 *   ICONST/FCONST/BCONST/TYPE  ty = T (alloca: the allocated type)
 *   SLOT (stackslot)           imm = slot id
 *   GLOBAL (globaladdr)        imm = symbol id
 *   BINARY/UNARY/SEL           ty = T
 *   ICMP/FCMP                  ty = operand type, pred
 *   LOAD/STORE                 ty = T; args: (p) / (v, p)
 *   OFFSET                     ty = element T, ty2 = index type I
 *   ELEMPTR                    ty = aggregate A, imm = k
 *   EXTRACT                    ty = member T, ty2 = aggregate A, imm = k
 *   INSERT                     ty = aggregate A, ty2 = member T, imm = k
 *   CAST                       ty = result type, ty2 = operand type
 *   CALL                       ty = return type, imm = callee symbol id
 *   ICALL (indirectcall)       ty = return type, imm = signature id,
 *                              args[0] = callee pointer
 *   BR / CONDBR                targets; CONDBR args[0] = condition
 *   RET                        ty = T or void, args = (v) or ()
 */
typedef enum {
    IR_FMT_NONE, IR_FMT_ICONST, IR_FMT_FCONST, IR_FMT_BCONST, IR_FMT_TYPE,
    IR_FMT_SLOT, IR_FMT_GLOBAL, IR_FMT_BINARY, IR_FMT_UNARY, IR_FMT_ICMP,
    IR_FMT_FCMP, IR_FMT_SEL, IR_FMT_LOAD, IR_FMT_STORE, IR_FMT_OFFSET,
    IR_FMT_ELEMPTR, IR_FMT_EXTRACT, IR_FMT_INSERT, IR_FMT_CAST,
    IR_FMT_CALL, IR_FMT_ICALL, IR_FMT_BR, IR_FMT_CONDBR, IR_FMT_RET,
} IrFormat;

enum {
    IR_OPF_PURE = 1 << 0,        /* no side effect: removable if unused */
    IR_OPF_COMMUTES = 1 << 1,
    IR_OPF_TERMINATOR = 1 << 2,
    IR_OPF_READS_MEM = 1 << 3,
    IR_OPF_WRITES_MEM = 1 << 4,
    IR_OPF_CALL = 1 << 5,
    IR_OPF_MAYTRAP = 1 << 6,     /* UB on some operands: not speculable */
    IR_OPF_CONST = 1 << 7,       /* materializes a constant */
    IR_OPF_ALLOC = 1 << 8,       /* alloca: fresh storage per execution */
};

typedef struct {
    const char *name;
    uint8_t format;   /* IrFormat */
    int8_t nargs;     /* -1: variable */
    uint16_t flags;   /* IR_OPF_* */
} IrOpInfo;

extern const IrOpInfo ir_op_info[IR_NUM_OPS];

/* Comparison predicates: icmp takes EQ..SLE, fcmp takes UGT..ULE and
 * ORD..UNE.  The order is part of the interface (ir_pred_name). */
typedef enum {
    IR_PRED_EQ, IR_PRED_NE,
    IR_PRED_UGT, IR_PRED_UGE, IR_PRED_ULT, IR_PRED_ULE,
    IR_PRED_SGT, IR_PRED_SGE, IR_PRED_SLT, IR_PRED_SLE,
    IR_PRED_ORD, IR_PRED_UNO, IR_PRED_OEQ, IR_PRED_ONE,
    IR_PRED_OGT, IR_PRED_OGE, IR_PRED_OLT, IR_PRED_OLE,
    IR_PRED_UEQ, IR_PRED_UNE,
    IR_NUM_PREDS
} IrPred;
const char *ir_pred_name(IrPred p);
bool ir_pred_is_icmp(IrPred p);
bool ir_pred_is_fcmp(IrPred p);

enum { IR_INSTF_VOLATILE = 1 };

typedef struct {
    uint8_t op;         /* IrOpcode */
    uint8_t pred;       /* IrPred */
    uint8_t flags;      /* IR_INSTF_* */
    uint8_t ntargets;   /* branch targets: 1 (br) or 2 (condbr) */
    IrType ty, ty2;     /* see IrFormat */
    IrValue result;     /* 0 when the instruction defines nothing */
    uint32_t args;      /* first operand in f->vpool */
    uint32_t nargs;
    uint32_t targets;   /* first IrTarget in f->targets */
    IrLoc loc;
    uint64_t imm;       /* see IrFormat */
} IrInstData;

/* A branch target: block and its arguments (a run in f->vpool). */
typedef struct {
    IrBlock block;
    uint32_t args, nargs;
} IrTarget;

typedef enum { IR_VAL_NONE, IR_VAL_INST, IR_VAL_PARAM } IrValueKind;

typedef struct {
    IrType ty;
    uint8_t kind;       /* IrValueKind */
    uint32_t def;       /* defining inst id, or block id for a parameter */
    uint32_t index;     /* parameter index in its block */
    uint32_t name;      /* interned name; 0 = numbered (printed %N) */
} IrValueData;

typedef struct {
    uint32_t name;      /* interned label (never 0 once created) */
    uint32_t params, nparams;  /* parameter values, a run in f->vpool */
    IrLoc loc;
} IrBlockData;

typedef struct {
    IrType ty;
    uint32_t name;      /* interned, without '$' */
    IrLoc loc;
} IrSlotData;

/* Layout: only order.  Indexed by entity id. */
typedef struct {
    IrInst *inext, *iprev;
    IrBlock *iblock;            /* containing block; 0 when not laid out */
    IrInst *bfirst, *blast;
    IrBlock *bnext, *bprev;
    bool *binserted;
    IrBlock first, last;        /* first block is the entry block */
    uint32_t icap, bcap;    /* ids below these are valid (zeroed) */
    uint32_t ialloc;        /* allocated length of the inst arrays */
} IrLayout;

struct IrFunc {
    IrModule *mod;
    IrSym sym;
    VEC(IrInstData) insts;      /* index 0 unused */
    VEC(IrValueData) values;
    VEC(IrBlockData) blocks;
    VEC(IrSlotData) slots;
    VEC(IrValue) vpool;         /* operand and parameter lists */
    VEC(IrLoc) vlocs;           /* optional: parser's operand locations,
                                   parallel to vpool (len may be shorter) */
    VEC(uint16_t) tcols;        /* optional: parser's token columns,
                                   IR_TLOC_N per instruction id, on the
                                   line of the instruction's loc; 0 when
                                   unknown (8 bytes, not 4 IrLocs: the
                                   per-instruction memory budget) */
    VEC(IrTarget) targets;
    IrLayout layout;
    IrLoc loc;                  /* of the 'fn' keyword */
    uint32_t label_seq;         /* for fresh block labels */
    /* The labels of blocks[1 .. label_nblocks), as a hash set of string
     * ids (open addressing, 0 empty), built as fresh labels are made. */
    uint32_t *label_set;
    uint32_t label_cap, label_count, label_nblocks;
};

/* Tokens of an instruction whose columns the parser keeps in f->tcols
 * (so that a diagnostic points at the offending token): the token of ty
 * (for calls the return type, for ret the type or 'void'), that of ty2,
 * and AUX: the index of elemptr/extract/insert, the callee of call, the
 * label of the first branch target; AUX2: the second target's label. */
enum { IR_TLOC_TY, IR_TLOC_TY2, IR_TLOC_AUX, IR_TLOC_AUX2, IR_TLOC_N };

static inline IrInstData *ir_inst(IrFunc *f, IrInst i)
{ return &f->insts.data[i.id]; }
static inline IrValueData *ir_value(IrFunc *f, IrValue v)
{ return &f->values.data[v.id]; }
static inline IrBlockData *ir_block(IrFunc *f, IrBlock b)
{ return &f->blocks.data[b.id]; }
static inline IrSlotData *ir_slot(IrFunc *f, IrSlot s)
{ return &f->slots.data[s.id]; }
static inline IrTarget *ir_target(IrFunc *f, IrInst i, uint32_t k)
{ return &f->targets.data[f->insts.data[i.id].targets + k]; }
/* Operand k of an instruction (valid until vpool grows). */
static inline IrValue *ir_inst_args(IrFunc *f, IrInst i)
{ return &f->vpool.data[f->insts.data[i.id].args]; }
static inline IrValue ir_inst_arg(IrFunc *f, IrInst i, uint32_t k)
{ return f->vpool.data[f->insts.data[i.id].args + k]; }
static inline IrValue ir_block_param(IrFunc *f, IrBlock b, uint32_t k)
{ return f->vpool.data[f->blocks.data[b.id].params + k]; }
static inline IrValue ir_target_arg(IrFunc *f, IrInst i, uint32_t t,
                                    uint32_t k)
{ return f->vpool.data[ir_target(f, i, t)->args + k]; }
static inline IrType ir_value_type(IrFunc *f, IrValue v)
{ return f->values.data[v.id].ty; }
static inline uint32_t ir_num_insts(const IrFunc *f)
{ return f->insts.len; }        /* ids are 1 .. n-1 */
static inline uint32_t ir_num_values(const IrFunc *f)
{ return f->values.len; }
static inline uint32_t ir_num_blocks(const IrFunc *f)
{ return f->blocks.len; }
static inline uint32_t ir_num_slots(const IrFunc *f)
{ return f->slots.len; }
static inline IrOpcode ir_inst_op(IrFunc *f, IrInst i)
{ return (IrOpcode)f->insts.data[i.id].op; }
static inline bool ir_inst_is_terminator(IrFunc *f, IrInst i)
{ return ir_op_info[f->insts.data[i.id].op].flags & IR_OPF_TERMINATOR; }

IrFunc *ir_func_new(IrModule *m, IrSym sym);
void ir_func_free(IrFunc *f);
/* Frees the body but keeps f, empty, so that the symbol still reads as
 * defined: what a streaming driver does once a function is emitted. */
void ir_func_release(IrFunc *f);
/* Gives back the doubling slack of f's arrays (not the layout's): the
 * module keeps every function, and the freed tails serve the next one
 * (the reader after each body, the -O pipeline after each function). */
void ir_func_shrink(IrFunc *f);
/* A copy of f's body (ids, order, slots, locations; not the parser's
 * operand locations and token columns), for the same symbol: what the
 * streaming inliner keeps of a function it may still copy into later
 * callers once the function itself has gone on (opt/inline.c). */
IrFunc *ir_func_clone(const IrFunc *f);
const IrSigData *ir_func_sig(const IrFunc *f);

/* Copies n values into vpool and returns the index of the first. */
uint32_t ir_vlist(IrFunc *f, const IrValue *vals, uint32_t n);

/* Creates an instruction (not laid out).  'proto' gives op, pred, flags,
 * ty, ty2, imm, loc; args are copied; a result value of type 'rty' is
 * created unless rty is void.  Targets are added with ir_inst_set_targets.
 */
IrInst ir_inst_create(IrFunc *f, const IrInstData *proto,
                      const IrValue *args, uint32_t nargs, IrType rty);
/* Sets the branch targets of a br/condbr (copies blocks and arguments). */
void ir_inst_set_targets(IrFunc *f, IrInst i, const IrBlock *blocks,
                         const IrValue *const *args,
                         const uint32_t *nargs, uint32_t ntargets);
/* Replaces the operand list (the old run is left unused in vpool). */
void ir_inst_set_args(IrFunc *f, IrInst i, const IrValue *args,
                      uint32_t nargs);
void ir_target_set_args(IrFunc *f, IrInst i, uint32_t t,
                        const IrValue *args, uint32_t nargs);

/* Creates a block (not laid out).  name NULL: a fresh label "bbN". */
IrBlock ir_block_create(IrFunc *f, const char *name);
IrBlock ir_block_create_named(IrFunc *f, uint32_t name);
IrValue ir_block_add_param(IrFunc *f, IrBlock b, IrType ty, uint32_t name);
/* Removes parameter k (its value becomes dangling). */
void ir_block_remove_param(IrFunc *f, IrBlock b, uint32_t k);
IrSlot ir_slot_create(IrFunc *f, IrType ty, uint32_t name);
IrValue ir_value_create(IrFunc *f, IrType ty, uint32_t name);
static inline IrValue ir_inst_result(IrFunc *f, IrInst i)
{ return f->insts.data[i.id].result; }

/* Replaces every use of 'from' (operands and branch arguments) by 'to'.
 * Linear in the function size. */
void ir_replace_all_uses(IrFunc *f, IrValue from, IrValue to);

/* Def-use lists, computed on demand in one linear pass (CSR layout).
 * A use is a vpool index 'slot' that holds the value, in instruction
 * 'inst' (operand or branch argument).  Stale after any mutation. */
typedef struct {
    IrInst inst;
    uint32_t slot;
} IrUse;
typedef struct {
    uint32_t *start;    /* uses of v are uses[start[v] .. start[v+1]) */
    IrUse *uses;
    uint32_t nvalues;
} IrUses;
void ir_uses_compute(IrFunc *f, IrUses *u);
void ir_uses_free(IrUses *u);
static inline uint32_t ir_uses_count(const IrUses *u, IrValue v)
{ return u->start[v.id + 1] - u->start[v.id]; }

/* ------------------------------------------------------------------ */
/* layout.c: block and instruction order, O(1) insert/remove/move      */

void ir_layout_append_block(IrFunc *f, IrBlock b);
void ir_layout_insert_block_after(IrFunc *f, IrBlock b, IrBlock after);
void ir_layout_remove_block(IrFunc *f, IrBlock b);  /* keeps its insts */
void ir_layout_append_inst(IrFunc *f, IrInst i, IrBlock b);
void ir_layout_insert_inst_before(IrFunc *f, IrInst i, IrInst before);
void ir_layout_insert_inst_after(IrFunc *f, IrInst i, IrInst after);
void ir_layout_remove_inst(IrFunc *f, IrInst i);
/* Moves i (laid out or not) before 'before'. */
void ir_layout_move_inst_before(IrFunc *f, IrInst i, IrInst before);
static inline IrBlock ir_layout_entry(const IrFunc *f)
{ return f->layout.first; }
static inline IrBlock ir_layout_next_block(const IrFunc *f, IrBlock b)
{ return f->layout.bnext[b.id]; }
static inline IrBlock ir_layout_prev_block(const IrFunc *f, IrBlock b)
{ return f->layout.bprev[b.id]; }
static inline IrInst ir_layout_first_inst(const IrFunc *f, IrBlock b)
{ return f->layout.bfirst[b.id]; }
static inline IrInst ir_layout_last_inst(const IrFunc *f, IrBlock b)
{ return f->layout.blast[b.id]; }
static inline IrInst ir_layout_next_inst(const IrFunc *f, IrInst i)
{ return f->layout.inext[i.id]; }
static inline IrInst ir_layout_prev_inst(const IrFunc *f, IrInst i)
{ return f->layout.iprev[i.id]; }
static inline IrBlock ir_layout_inst_block(const IrFunc *f, IrInst i)
{
    IrBlock none = {0};
    return i.id < f->layout.icap ? f->layout.iblock[i.id] : none;
}
static inline bool ir_layout_block_inserted(const IrFunc *f, IrBlock b)
{ return b.id < f->layout.bcap && f->layout.binserted[b.id]; }
/* The terminator of a block (its last instruction if a terminator). */
IrInst ir_layout_terminator(IrFunc *f, IrBlock b);

#define IR_FOR_BLOCKS(f, b) \
    for (IrBlock b = (f)->layout.first; b.id; b = (f)->layout.bnext[b.id])
#define IR_FOR_INSTS(f, blk, i) \
    for (IrInst i = (f)->layout.bfirst[(blk).id]; i.id; \
         i = (f)->layout.inext[i.id])

/* ------------------------------------------------------------------ */
/* builder.c: building SIR in memory (for front ends written in C)     */

/* Instructions are inserted before 'before', or appended to 'block'
 * when before is 0. */
typedef struct {
    IrFunc *f;
    IrBlock block;
    IrInst before;
    IrLoc loc;      /* attached to new instructions */
} IrBuilder;

void ir_builder_at_end(IrBuilder *b, IrFunc *f, IrBlock block);
void ir_builder_before(IrBuilder *b, IrFunc *f, IrInst before);
/* Inserts a created instruction at the builder's position. */
void ir_builder_insert(IrBuilder *b, IrInst i);

IrValue ir_build_iconst(IrBuilder *b, IrType t, uint64_t bits);
IrValue ir_build_fconst(IrBuilder *b, IrType t, uint64_t bits);
IrValue ir_build_f64(IrBuilder *b, double d);
IrValue ir_build_f32(IrBuilder *b, float x);
IrValue ir_build_bconst(IrBuilder *b, bool v);
IrValue ir_build_null(IrBuilder *b, IrType t);
IrValue ir_build_undef(IrBuilder *b, IrType t);
IrValue ir_build_stackslot(IrBuilder *b, IrSlot s);
IrValue ir_build_globaladdr(IrBuilder *b, IrSym s);
IrValue ir_build_binary(IrBuilder *b, IrOpcode op, IrType t, IrValue x,
                        IrValue y);
IrValue ir_build_fneg(IrBuilder *b, IrType t, IrValue x);
IrValue ir_build_icmp(IrBuilder *b, IrPred p, IrType t, IrValue x,
                      IrValue y);
IrValue ir_build_fcmp(IrBuilder *b, IrPred p, IrType t, IrValue x,
                      IrValue y);
IrValue ir_build_sel(IrBuilder *b, IrType t, IrValue c, IrValue x,
                     IrValue y);
IrValue ir_build_alloca(IrBuilder *b, IrType t);
IrValue ir_build_load(IrBuilder *b, IrType t, IrValue p, bool isvolatile);
IrInst ir_build_store(IrBuilder *b, IrType t, IrValue v, IrValue p,
                      bool isvolatile);
IrValue ir_build_offset(IrBuilder *b, IrType elem, IrValue p, IrValue i);
IrValue ir_build_elemptr(IrBuilder *b, IrType agg, IrValue p, uint64_t k);
IrValue ir_build_extract(IrBuilder *b, IrType agg, IrValue v, uint64_t k);
IrValue ir_build_insert(IrBuilder *b, IrType agg, IrValue v, IrValue e,
                        uint64_t k);
IrValue ir_build_cast(IrBuilder *b, IrOpcode op, IrType to, IrValue v);
/* Returns the call instruction; its result (if any) is ir_inst_result. */
IrInst ir_build_call(IrBuilder *b, IrSym callee, const IrValue *args,
                     uint32_t nargs);
IrInst ir_build_indirectcall(IrBuilder *b, IrSig sig, IrValue callee,
                             const IrValue *args, uint32_t nargs);
IrInst ir_build_br(IrBuilder *b, IrBlock target, const IrValue *args,
                   uint32_t nargs);
IrInst ir_build_condbr(IrBuilder *b, IrValue cond,
                       IrBlock t, const IrValue *targs, uint32_t ntargs,
                       IrBlock e, const IrValue *eargs, uint32_t neargs);
IrInst ir_build_ret(IrBuilder *b, IrValue v);   /* v.id == 0: ret void */
IrInst ir_build_unreachable(IrBuilder *b);

/* ------------------------------------------------------------------ */
/* float.c: float literals                                             */

/* Parses a decimal/scientific literal (optional '-'), rounding once to
 * binary32 (is_f32) or binary64.  False if the result overflows. */
bool ir_float_parse(const char *text, size_t n, bool is_f32,
                    uint64_t *bits);
/* Canonical spelling of spec section 11 (shortest round-trip, NaN, raw
 * form for infinities and other NaNs).  buf needs 48 bytes. */
char *ir_float_format(uint64_t bits, bool is_f32, char *buf);

/* ------------------------------------------------------------------ */
/* parse.c + grammar/: the SIR reader                                  */

/* Parses a whole module.  Errors go to d; returns NULL if there was any
 * (the module is not verified: call ir_verify_module). */
IrModule *ir_parse(const char *src, size_t len, Diag *d);
/* The same, calling ready(ctx, m, upto, off) after an item when symbols
 * 1 .. upto are complete, every symbol they name is declared, and no
 * error was seen so far (the text before byte off is read): a driver can verify, compile and release
 * those functions while the rest is read (sirc streams this way).
 * Symbols are only added, so ids stay valid; ready must not add any
 * (but for memset, see opt_memset_sym).  When the parse fails after
 * ready was called, ready is called once more with upto 0 and off
 * SIZE_MAX, before the module is freed: a driver stops its threads
 * there. */
typedef void (*IrParseReady)(void *ctx, IrModule *m, uint32_t upto,
                             size_t off);
IrModule *ir_parse_stream(const char *src, size_t len, Diag *d,
                          IrParseReady ready, void *ctx);

/* ------------------------------------------------------------------ */
/* print.c: the canonical text form (spec section 11)                  */

void ir_print_module(IrModule *m, FILE *out);
void ir_print_func(IrFunc *f, FILE *out);
/* One instruction, without indentation or newline, with its values
 * named as in the canonical text of the whole function (each call
 * numbers f in one linear walk; values defined nowhere print as %?ID). */
void ir_print_inst(IrFunc *f, IrInst i, FILE *out);
/* Values separated by spaces, named as ir_print_inst names them (one
 * numbering walk per call); for analysis dumps. */
void ir_print_values(IrFunc *f, const IrValue *v, uint32_t n, FILE *out);

/* ------------------------------------------------------------------ */
/* verify.c: the well-formedness rules of spec section 9               */

/* Reports every violation to d; true when the module is valid. */
bool ir_verify_module(IrModule *m, Diag *d);
bool ir_verify_func(IrFunc *f, Diag *d);
/* The checks ir_verify_module makes of one symbol (with its body), in
 * the same words: verifying symbols 1 .. n one by one reports what
 * ir_verify_module reports. */
bool ir_verify_symbol(IrModule *m, IrSym s, Diag *d);
/* verifyjobs.c: ir_verify_module on 'jobs' threads, with its messages. */
bool ir_verify_module_jobs(IrModule *m, Diag *d, int jobs);

/* ------------------------------------------------------------------ */
/* cfg.c: successors, predecessors, reverse post-order                 */

typedef struct {
    uint32_t nblocks;       /* = ir_num_blocks(f) */
    uint32_t *succ_start;   /* CSR, indexed by block id */
    IrBlock *succs;
    uint32_t *pred_start;
    IrBlock *preds;         /* one entry per edge (duplicates possible) */
    IrBlock *rpo;           /* reachable blocks in reverse post-order */
    uint32_t nrpo;
    uint32_t *rpo_index;    /* block id -> position in rpo, UINT32_MAX if
                               unreachable */
} IrCfg;

void ir_cfg_compute(IrFunc *f, IrCfg *c);
void ir_cfg_free(IrCfg *c);
static inline uint32_t ir_cfg_nsuccs(const IrCfg *c, IrBlock b)
{ return c->succ_start[b.id + 1] - c->succ_start[b.id]; }
static inline uint32_t ir_cfg_npreds(const IrCfg *c, IrBlock b)
{ return c->pred_start[b.id + 1] - c->pred_start[b.id]; }
static inline bool ir_cfg_reachable(const IrCfg *c, IrBlock b)
{ return c->rpo_index[b.id] != UINT32_MAX; }

/* ------------------------------------------------------------------ */
/* dom.c: dominator tree (Cooper, Harvey and Kennedy)                  */

typedef struct {
    uint32_t nblocks;
    IrBlock *idom;          /* block id -> immediate dominator (entry: 0) */
    uint32_t *pre, *post;   /* DFS numbers in the dominator tree */
    uint32_t *child_start;  /* CSR children lists */
    IrBlock *children;
} IrDomTree;

void ir_dom_compute(IrFunc *f, const IrCfg *c, IrDomTree *d);
void ir_dom_free(IrDomTree *d);
/* True when a dominates b.  Every block dominates an unreachable block
 * (spec F8). */
bool ir_dom_dominates(const IrDomTree *d, const IrCfg *c, IrBlock a,
                      IrBlock b);

#ifdef __cplusplus
}
#endif

/* Short names for the library's own sources and tools; the exported
 * symbols keep the ir_ prefix. */
#ifdef SIR_SHORT_NAMES
#define xmalloc ir_xmalloc
#define xcalloc ir_xcalloc
#define xrealloc ir_xrealloc
#define xstrdup ir_xstrdup
#define arena_alloc ir_arena_alloc
#define arena_free ir_arena_free
#endif

#endif
