/*
 * parse_int.h - private to the SIR reader: the parser state shared by
 * the Flex scanner (grammar/sir.l), the Bison grammar (grammar/sir.y)
 * and the helpers in parse.c that build the IR.
 */
#ifndef SIR_PARSE_INT_H
#define SIR_PARSE_INT_H

#include "ir_int.h"

#include <string.h>

/* A %name token: 'name' is the interned name, or 0 for a numbered
 * value %num (num is UINT32_MAX when it does not fit). */
typedef struct {
    uint32_t name;
    uint32_t num;
    bool bad;           /* leading zero, already reported */
} SirLocal;

/* An INT token: magnitude and sign; 'big' when it is 2^64 or more. */
typedef struct {
    uint64_t mag;
    bool neg;
    bool big;
} SirInt;

enum { SIR_FLOAT_DEC, SIR_FLOAT_RAW, SIR_FLOAT_NAN };
enum { SIR_OVF32 = 1, SIR_OVF64 = 2 };

/* A float literal, read for both formats at once since the type is only
 * known to the rule that uses it.  Raw: b64 holds the digits' value
 * when ndigits <= 16. */
typedef struct {
    uint64_t b64;
    uint32_t b32;
    uint8_t form;       /* SIR_FLOAT_* */
    uint8_t ovf;        /* SIR_OVF*: decimal literal overflows */
    uint16_t ndigits;   /* raw form, saturated at 65535 */
} SirFloat;

typedef struct {
    IrType ty;
    uint8_t attrs;
    IrLoc aloc;         /* first attribute */
} SirRet;

/* An attribute list.  Its byval(N) size waits in SirParser.byval (one
 * list is read at a time): without it the parser's semantic value, which
 * every shift and reduction copies, is 16 bytes instead of 24. */
typedef struct {
    uint8_t attrs;
    IrLoc aloc;         /* first attribute */
} SirAttrs;

/* A parameter list: IrParams from pstack[start] to the top. */
typedef struct {
    uint32_t start;
    bool variadic;
} SirParams;

/* An operand of the instruction being read. v.id == 0 until resolved. */
typedef struct {
    IrValue v;
    SirLocal name;
    IrType wty;         /* type written before it, IR_T_VOID if none */
    IrLoc loc;
} SirOperand;

/* A use of a value not defined yet: vpool[pool] is patched at the end
 * of the function, and the written type checked then. */
typedef struct {
    uint32_t pool;
    SirLocal name;
    IrType wty;
    IrLoc loc;
} SirValFix;

/* A reference to a symbol not defined yet, resolved at the end of the
 * module: the imm of instruction 'inst' of f, or initializer 'init'. */
typedef struct {
    IrFunc *f;
    uint32_t inst;
    IrInit init;
    uint32_t name;      /* 0 once resolved */
    IrLoc loc;
    uint32_t owner;     /* symbol id of the item that holds the use */
    uint32_t next;      /* next fix of the same name + 1, or 0 */
} SirSymFix;

typedef struct {
    bool defined;
    IrLoc use;          /* first use, for "undefined label" */
} SirBlockInfo;

typedef struct {
    IrBlock block;
    uint32_t nargs;
    IrLoc loc;          /* the label */
} SirTarget;

/* What a name (an interned string id) means in the current function,
 * by kind (value, label, slot); valid when stamp is the function's. */
typedef struct {
    uint32_t stamp;
    uint32_t val[3];
} SirNameEnt;

/* A short name's bytes and its string id (parse_names.c); len 0: empty. */
typedef struct {
    uint64_t key;
    uint32_t len;
    uint32_t id;
} SirNameSlot;

/* The deepest nesting of brackets the reader accepts (sir.7, "Limits"). */
enum { SIR_MAX_NEST = 1000 };

typedef struct SirParser {
    IrModule *m;
    Diag *d;
    /* input and lexer */
    const char *src;
    size_t len, pos;
    size_t off, tokoff;     /* byte offset of the next / last match */
    int lasttok;            /* kind of the last token */
    int nest;               /* brackets open, at most SIR_MAX_NEST */
    int prevtok;            /* and of the one before */
    IrLoc lastloc, prevloc; /* where they start */
    bool after_term;        /* the current block has its terminator */
    uint32_t line, col;
    bool lexfail;           /* lexical error reported: parser stays quiet */
    VEC(char) sbuf;
    IrLoc strloc;
    char clip[80];
    /* module */
    VEC(SirSymFix) symfix;
    /* Streaming (ir_parse_stream): fixes are resolved as soon as their
     * symbol is added, chained by name (fixhead: name id -> first fix
     * + 1), so that every item before the first unresolved one can be
     * handed on. */
    VEC(uint32_t) fixhead;
    uint32_t fixfirst;      /* symfix index of the first unresolved */
    IrParseReady ready;
    void *ready_ctx;
    uint32_t handed;        /* items handed on so far */
    int nerr0;              /* errors on d before the parse */
    IrLoc internal_loc;
    IrSym last_sym;         /* symbol of the current item, 0 if none */
    VEC(IrType) tstack;
    VEC(IrParam) pstack;
    VEC(IrInit) istack;
    uint64_t byval;         /* N of the byval(N) in the list being read */
    /* function */
    IrFunc *f;
    bool detached;          /* body of a duplicate symbol: freed at end */
    /* sizes of the last function's arrays: the next one starts there */
    uint32_t hint_insts, hint_values, hint_vpool, hint_blocks, hint_targets;
    IrLoc fnloc;
    IrBlock cur;
    SirNameEnt *names;      /* by string id: value, label, slot ids */
    uint32_t namecap, stamp;
    SirNameSlot *ncache;    /* short name -> string id (parse_names.c) */
    uint32_t ncap, nused;
    VEC(uint32_t) nums;     /* %N -> value id */
    uint32_t nextnum;
    VEC(SirValFix) vfix;
    VEC(SirBlockInfo) binfo;
    VEC(SirOperand) ops;
    VEC(SirTarget) tgts;
    VEC(IrValue) vals;
    bool has_res;
    SirLocal res;
    IrLoc resloc;
    IrLoc tl[IR_TLOC_N];    /* token locations of the next instruction */
} SirParser;

/* The length of s[0..n) without the blanks at its end: a token's match
 * in the scanner takes the blanks after it (grammar/sir.l). */
static inline size_t
ir_parse_blank_trim(const char *s, size_t n)
{
    /* bits 9 (\t), 11 (\v), 12 (\f), 13 (\r), 32 (' ') */
    const uint64_t blanks = UINT64_C(1) << 32 | 0x3A00;
    while (n && (unsigned char)s[n - 1] <= 32 &&
           (blanks >> (unsigned char)s[n - 1] & 1))
        n--;
    return n;
}

/* parse.c: scanner support */
int ir_parse_input(SirParser *P, char *buf, size_t max);
_Noreturn void ir_parse_fatal(const char *msg);
void ir_parse_local(SirParser *P, const char *s, size_t n, IrLoc loc,
                    SirLocal *out);
void ir_parse_int(const char *s, size_t n, unsigned base, SirInt *out);
void ir_parse_float_tok(const char *s, size_t n, SirFloat *out);
void ir_parse_raw_tok(const char *s, size_t n, SirFloat *out);
unsigned ir_parse_hexbyte(const char *s);
uint32_t ir_parse_string(SirParser *P);
const char *ir_parse_clip(SirParser *P, const char *s, size_t n);
int ir_parse_lexerr(SirParser *P, IrLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int ir_parse_badnum(SirParser *P, IrLoc loc, const char *s, size_t n);
int ir_parse_badbyte(SirParser *P, IrLoc loc, unsigned c, bool instr);

/* parse_names.c */
uint32_t ir_parse_name(SirParser *P, const char *s, size_t n);
void ir_parse_names_free(SirParser *P);

/* The key of a name of 1 to 8 bytes: with the length, it gives back
 * every byte.  Overlapping fixed-size loads (the first and last four
 * bytes; the first, middle and last one) never read past the name. */
static inline uint64_t
ir_parse_name_key(const char *s, size_t n)
{
    if (n >= 4) {
        uint32_t lo, hi;
        memcpy(&lo, s, 4);
        memcpy(&hi, s + n - 4, 4);
        return (uint64_t)hi << 32 | lo;
    }
    return (uint64_t)(unsigned char)s[0] |
           (uint64_t)(unsigned char)s[n / 2] << 8 |
           (uint64_t)(unsigned char)s[n - 1] << 16;
}

static inline uint32_t
ir_parse_name_slot(uint64_t key, size_t n, uint32_t mask)
{
    uint64_t h = (key ^ n) * UINT64_C(0x9E3779B97F4A7C15);
    return (uint32_t)(h >> 40) & mask;
}

/* ir_parse_name for the scanner: a short name found in its first slot
 * is answered here, inline (names repeat, so that is most of them);
 * anything else goes the whole way. */
static inline uint32_t
ir_parse_name_inline(SirParser *P, const char *s, size_t n)
{
    if (n - 1 < 8 && P->nused * 2 < P->ncap) {
        uint64_t key = ir_parse_name_key(s, n);
        const SirNameSlot *e =
            &P->ncache[ir_parse_name_slot(key, n, P->ncap - 1)];
        if (e->len == n && e->key == key)
            return e->id;
    }
    return ir_parse_name(P, s, n);
}

/* ir_parse_local for the scanner: a name that does not start with a
 * digit is not numbered, whatever follows. */
static inline void
ir_parse_local_inline(SirParser *P, const char *s, size_t n, IrLoc loc,
                      SirLocal *out)
{
    if (n && (s[0] < '0' || s[0] > '9')) {
        out->name = ir_parse_name_inline(P, s, n);
        out->num = 0;
        out->bad = false;
        return;
    }
    ir_parse_local(P, s, n, loc, out);
}

/* parse.c: grammar actions */
void ir_parse_item_end(SirParser *P, bool internal, bool isdef);
void ir_parse_fn_head(SirParser *P, IrLoc fnloc, SirRet ret, uint32_t name,
                      IrLoc nameloc, SirParams ps, IrConv conv);
SirAttrs ir_parse_attr(SirParser *P, SirAttrs a, uint8_t attr,
                       uint64_t byval, IrLoc loc);
SirAttrs ir_parse_byval(SirParser *P, SirAttrs a, SirInt n, IrLoc nloc,
                        IrLoc loc);
void ir_parse_param(SirParser *P, SirAttrs a, IrType t);
uint64_t ir_parse_uint(SirParser *P, SirInt n, IrLoc loc);
void ir_parse_body_begin(SirParser *P, IrLoc loc);
void ir_parse_body_end(SirParser *P);
void ir_parse_slot(SirParser *P, uint32_t name, IrLoc loc, IrType ty);
void ir_parse_block(SirParser *P, uint32_t name, IrLoc loc);
void ir_parse_bparam(SirParser *P, IrType ty, SirLocal name, IrLoc loc);
uint32_t ir_parse_pred_label(SirParser *P, int pred);
void ir_parse_result(SirParser *P, SirLocal name, IrLoc loc);
void ir_parse_operand(SirParser *P, SirLocal name, IrLoc loc, IrType wty);
void ir_parse_target(SirParser *P, uint32_t label, IrLoc loc, uint32_t n);
IrInst ir_parse_emit(SirParser *P, IrLoc oploc, const IrInstData *proto,
                     IrType rty);
void ir_parse_binop(SirParser *P, IrLoc loc, int op, IrType ty, IrLoc tyloc,
                    SirLocal a, IrLoc aloc, SirLocal b, IrLoc bloc);
void ir_parse_iconst(SirParser *P, IrLoc loc, IrType ty, SirInt n,
                     IrLoc nloc);
void ir_parse_fconst(SirParser *P, IrLoc loc, IrType ty, const SirFloat *x,
                     IrLoc xloc);
void ir_parse_bconst(SirParser *P, IrLoc loc, IrType ty, IrLoc tyloc,
                     bool v);
void ir_parse_stackslot(SirParser *P, IrLoc loc, uint32_t name,
                        IrLoc nloc);
void ir_parse_globaladdr(SirParser *P, IrLoc loc, uint32_t name,
                         IrLoc nloc);
void ir_parse_call(SirParser *P, IrLoc loc, IrType ret, uint32_t name,
                   IrLoc nloc);
void ir_parse_icall(SirParser *P, IrLoc loc, SirRet ret, SirParams ps,
                    IrConv conv);
IrType ir_parse_array_type(SirParser *P, IrLoc loc, IrType elem, SirInt n,
                           IrLoc nloc);
IrType ir_parse_struct_type(SirParser *P, IrLoc loc, uint32_t start);
void ir_parse_data(SirParser *P, uint32_t name, IrLoc nameloc,
                   IrSymKind kind, IrType ty, IrInit init,
                   const SirInt *align, IrLoc aloc);
IrInit ir_parse_init_int(SirParser *P, SirInt n, IrLoc loc);
IrInit ir_parse_init_float(SirParser *P, const SirFloat *x, IrLoc loc);
IrInit ir_parse_init_bool(SirParser *P, bool v, IrLoc loc);
IrInit ir_parse_init_simple(SirParser *P, IrInitKind kind, IrLoc loc);
IrInit ir_parse_init_list(SirParser *P, IrInitKind kind, uint32_t start,
                          IrLoc loc);
IrInit ir_parse_init_string(SirParser *P, uint32_t str, IrLoc loc);
IrInit ir_parse_init_symref(SirParser *P, uint32_t name, IrLoc loc,
                            const SirInt *k, bool minus, IrLoc kloc);

#endif
