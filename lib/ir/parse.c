/*
 * parse.c - the SIR reader: ir_parse() drives the Flex scanner and the
 * Bison parser of grammar/, whose actions call the ir_parse_* helpers
 * below to build the IR directly (no syntax tree).
 *
 * Names are resolved as in spec section 5.  Within a function, value
 * names, labels and slot names live in one hash map (interned name with
 * a kind tag -> id) and numbered values %N in a dense array.  A use of a
 * value or label not yet defined is recorded (vpool index, name, written
 * type) and patched when the function ends; a reference to a symbol not
 * yet defined is patched when the module ends.  Per-instruction work is
 * a constant number of hash probes and appends to the function's own
 * arrays, so parsing is linear in the input.
 *
 * The parser checks what the IR cannot express or the verifier cannot
 * see (section 9): numbering, duplicate and undefined names (M1, M4,
 * F1, F2), literal ranges (L1), the type written at each operand (F4),
 * result binding (F9), M2, M3, L2, and data initializers (L3, which
 * also turns literals into their final bits).  Every other rule is the
 * verifier's.  Semantic errors do not stop the parse; the first syntax
 * or lexical error does.
 */
#include "parse_int.h"

#include <stdarg.h>
#include <string.h>

#include "sir.tab.h"
#define YYSTYPE SIR_YYSTYPE
#define YYLTYPE SIR_YYLTYPE
/* The scanner is static in the parser's object (grammar/sir.y): this
 * keeps lex.yy.h from declaring a yylex of its own. */
#define YY_DECL static int sir_lex(SIR_YYSTYPE *, SIR_YYLTYPE *, void *, \
                                SirParser *)
#include "lex.yy.h"

enum { KEY_VALUE = 1, KEY_LABEL = 2, KEY_SLOT = 3 };

static void
error(SirParser *P, IrLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
error(SirParser *P, IrLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_verror(P->d, loc, fmt, ap);
    va_end(ap);
}

static const char *
tyname(SirParser *P, IrType t, char *buf)
{
    return ir_type_str(P->m, t, buf, 64);
}

/* "%x" or "%7" for messages (buf of 48 bytes; long names are cut). */
static const char *
localname(SirParser *P, SirLocal l, char *buf)
{
    if (l.name)
        snprintf(buf, 48, "%%%.40s%s", ir_str(P->m, l.name),
                 ir_str_len(P->m, l.name) > 40 ? "..." : "");
    else if (l.num == UINT32_MAX)
        snprintf(buf, 48, "%%<huge number>");
    else
        snprintf(buf, 48, "%%%u", l.num);
    return buf;
}

static const char *
clipname(SirParser *P, uint32_t name)
{
    return ir_parse_clip(P, ir_str(P->m, name), ir_str_len(P->m, name));
}

/* ------------------------------------------------------------ scanner */

int
ir_parse_input(SirParser *P, char *buf, size_t max)
{
    size_t n = P->len - P->pos;
    if (n > max)
        n = max;
    memcpy(buf, P->src + P->pos, n);
    P->pos += n;
    return (int)n;
}

void
ir_parse_fatal(const char *msg)
{
    fprintf(stderr, "sir: lexer: %s\n", msg);
    exit(2);
}

/* A local name made only of digits is numbered (section 5). */
void
ir_parse_local(SirParser *P, const char *s, size_t n, IrLoc loc,
               SirLocal *out)
{
    size_t i = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i < n) {
        out->name = ir_parse_name(P, s, n);
        out->num = 0;
        out->bad = false;
        return;
    }
    out->name = 0;
    out->bad = n > 1 && s[0] == '0';
    if (out->bad)
        error(P, loc, "numbered value '%%%s' has a leading zero",
              ir_parse_clip(P, s, n));
    uint64_t v = 0;
    for (i = 0; i < n && v < UINT32_MAX; i++)
        v = v * 10 + (uint64_t)(s[i] - '0');
    out->num = v >= UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static unsigned
digitval(char c)
{
    if (c >= '0' && c <= '9')
        return (unsigned)(c - '0');
    if (c >= 'a' && c <= 'f')
        return (unsigned)(c - 'a' + 10);
    return (unsigned)(c - 'A' + 10);
}

void
ir_parse_int(const char *s, size_t n, unsigned base, SirInt *out)
{
    memset(out, 0, sizeof *out);
    if (n && s[0] == '-') {
        out->neg = true;
        s++, n--;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t d = digitval(s[i]);
        if (out->mag > (UINT64_MAX - d) / base)
            out->big = true;
        out->mag = out->mag * base + d;
    }
}

void
ir_parse_float_tok(const char *s, size_t n, SirFloat *out)
{
    uint64_t b = 0;
    memset(out, 0, sizeof *out);
    out->form = SIR_FLOAT_DEC;
    if (!ir_float_parse(s, n, true, &b))
        out->ovf |= SIR_OVF32;
    out->b32 = (uint32_t)b;
    if (!ir_float_parse(s, n, false, &out->b64))
        out->ovf |= SIR_OVF64;
}

void
ir_parse_raw_tok(const char *s, size_t n, SirFloat *out)
{
    memset(out, 0, sizeof *out);
    out->form = SIR_FLOAT_RAW;
    out->ndigits = n > UINT16_MAX ? UINT16_MAX : (uint16_t)n;
    for (size_t i = 0; i < n && i < 16; i++)
        out->b64 = out->b64 << 4 | digitval(s[i]);
}

unsigned
ir_parse_hexbyte(const char *s)
{
    return digitval(s[0]) << 4 | digitval(s[1]);
}

uint32_t
ir_parse_string(SirParser *P)
{
    /* ir_intern maps the empty string to 0; c"" is still a string. */
    return P->sbuf.len ? ir_intern(P->m, P->sbuf.data, P->sbuf.len) : 0;
}

/* A printable copy of at most ~60 bytes of s, for messages. */
const char *
ir_parse_clip(SirParser *P, const char *s, size_t n)
{
    size_t k = n > 60 ? 57 : n, j = 0;
    for (size_t i = 0; i < k; i++) {
        unsigned char c = (unsigned char)s[i];
        P->clip[j++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    if (k < n)
        memcpy(P->clip + j, "...", 3), j += 3;
    P->clip[j] = 0;
    return P->clip;
}

int
ir_parse_lexerr(SirParser *P, IrLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_verror(P->d, loc, fmt, ap);
    va_end(ap);
    P->lexfail = true;
    return T_LEXERR;
}

/* A run of identifier characters that starts like a number but is no
 * literal (section 2.2); the hint names the likely mistake. */
int
ir_parse_badnum(SirParser *P, IrLoc loc, const char *s, size_t n)
{
    const char *t = s[0] == '-' ? s + 1 : s;
    size_t k = (size_t)(t - s);
    const char *hint = "a numeric literal must not be directly followed "
                       "by an identifier character";
    if (n - k >= 2 && t[0] == '0' && strchr("XBOF", t[1]))
        hint = "literal prefixes are lower-case (0x, 0b, 0o, 0f)";
    else if (k && n - k >= 2 && t[0] == '0' && strchr("xbof", t[1]))
        hint = "only decimal literals take a sign";
    else if (n - k >= 2 && t[0] == '0' && t[1] >= '0' && t[1] <= '9')
        hint = "decimal literals have no leading zeros";
    else if (s[n - 1] == '.' || memchr(s, '.', n) != memrchr(s, '.', n))
        hint = "a float literal needs digits on both sides of one '.'";
    return ir_parse_lexerr(P, loc, "invalid numeric literal '%s': %s",
                           ir_parse_clip(P, s, n), hint);
}

int
ir_parse_badbyte(SirParser *P, IrLoc loc, unsigned c, bool instr)
{
    const char *where = instr ? " in string literal" : "";
    if (c > 0x20 && c < 0x7f)
        return ir_parse_lexerr(P, loc, "unexpected character '%c'%s", c,
                               where);
    return ir_parse_lexerr(P, loc, "invalid byte 0x%02X%s", c, where);
}

/* ----------------------------------------------------- function state */

/* Names are interned strings, so a table indexed by string id maps
 * them: no hashing, and the ids of one function's names are mostly
 * consecutive (a function of 100k block parameters walked a hash table
 * at random, a cache miss per lookup).  The table lives as long as the
 * parser; a stamp per function stands for clearing it. */

/* The id mapped to (kind, name), or 0. */
static inline uint32_t
map_get(SirParser *P, int kind, uint32_t name)
{
    if (name >= P->namecap || P->names[name].stamp != P->stamp)
        return 0;
    return P->names[name].val[kind - 1];
}

static void
map_grow(SirParser *P, uint32_t name)
{
    uint32_t cap = P->namecap ? P->namecap : 256;
    while (cap <= name)
        cap *= 2;
    P->names = xrealloc(P->names, cap * sizeof *P->names);
    memset(P->names + P->namecap, 0, (cap - P->namecap) * sizeof *P->names);
    P->namecap = cap;
}

/* Maps a new (kind, name) to id. */
static inline void
map_put(SirParser *P, int kind, uint32_t name, uint32_t id)
{
    if (name >= P->namecap)
        map_grow(P, name);
    SirNameEnt *e = &P->names[name];
    if (e->stamp != P->stamp)
        *e = (SirNameEnt){P->stamp, {0, 0, 0}};
    e->val[kind - 1] = id;
}

static void
func_state_free(SirParser *P)
{
    P->stamp++;         /* forgets the function's names */
    VEC_FREE(P->nums);
    VEC_FREE(P->vfix);
    VEC_FREE(P->binfo);
    P->nextnum = 0;
    P->f = NULL;
    P->cur = (IrBlock){0};
    P->after_term = false;
}

static inline IrValue
lookup_value(SirParser *P, SirLocal l)
{
    if (l.name)
        return (IrValue){map_get(P, KEY_VALUE, l.name)};
    if (l.num < P->nums.len)
        return (IrValue){P->nums.data[l.num]};
    return (IrValue){0};
}

static void
check_use_type(SirParser *P, IrValue v, SirLocal l, IrType wty, IrLoc loc)
{
    IrType t = ir_value_type(P->f, v);
    if (!wty.id || ir_type_eq(t, wty))
        return;
    char b1[64], b2[64], b3[48];
    error(P, loc, "%s has type %s, but is written as %s",
          localname(P, l, b3), tyname(P, t, b1), tyname(P, wty, b2));
}

/* Binds a local name to v (section 5 numbering, F1). */
static void
define_value(SirParser *P, SirLocal l, IrLoc loc, IrValue v)
{
    char b[48];
    if (l.name) {
        if (map_get(P, KEY_VALUE, l.name)) {
            error(P, loc, "redefinition of %s", localname(P, l, b));
            return;
        }
        map_put(P, KEY_VALUE, l.name, v.id);
        ir_value(P->f, v)->name = l.name;
        return;
    }
    uint32_t n = l.num;
    if (l.bad)
        return;
    if (n == P->nextnum && n != UINT32_MAX) {
        VEC_PUSH(P->nums, v.id);
        P->nextnum++;
        return;
    }
    if (n < P->nums.len && P->nums.data[n]) {
        error(P, loc, "redefinition of %s", localname(P, l, b));
        return;
    }
    error(P, loc, "numbered value %s out of order: expected %%%u",
          localname(P, l, b), P->nextnum);
    /* Keep going as if the numbering resumed here, so that one slip
     * gives one error; only record numbers the input could have
     * reached, so memory stays linear. */
    if (n == UINT32_MAX || n > P->f->values.len + 4096u)
        return;
    if (n >= P->nums.len) {
        VEC_RESERVE(P->nums, n + 1);
        /* nums is also appended to, so the tail may be garbage */
        memset(P->nums.data + P->nums.len, 0,
               (n + 1 - P->nums.len) * sizeof *P->nums.data);
        P->nums.len = n + 1;
    }
    P->nums.data[n] = v.id;
    if (n >= P->nextnum)
        P->nextnum = n + 1;
}

static SirBlockInfo *
binfo(SirParser *P, IrBlock b)
{
    if (b.id >= P->binfo.len) {
        VEC_RESERVE(P->binfo, b.id + 1);
        P->binfo.len = b.id + 1;
    }
    return &P->binfo.data[b.id];
}

static void
vlocs_fit(IrFunc *f)
{
    /* zero only the new entries, not the doubled capacity */
    VEC_RESERVE_RAW(f->vlocs, f->vpool.len);
    memset(f->vlocs.data + f->vlocs.len, 0,
           (f->vpool.len - f->vlocs.len) * sizeof *f->vlocs.data);
    f->vlocs.len = f->vpool.len;
}

/* Gives vpool[pool] the location loc (f->vlocs is parallel to vpool). */
static inline void
set_vloc(IrFunc *f, uint32_t pool, IrLoc loc)
{
    if (f->vlocs.len < f->vpool.len)
        vlocs_fit(f);
    f->vlocs.data[pool] = loc;
}

/* ------------------------------------------------------------- module */

/* M3: reserved symbol names. */
static void
check_symname(SirParser *P, uint32_t name, IrLoc loc)
{
    const char *s = ir_str(P->m, name);
    if (strcmp(s, ".") == 0)
        error(P, loc, "symbol name '@.' is reserved");
    else if (s[0] == '.' && s[1] == 'L')
        error(P, loc, "symbol name '@%s' is reserved (names starting "
              "with '.L' are assembler-local labels)", clipname(P, name));
}

/* Records a use of symbol 'name', not declared yet, by item 'owner'. */
static void
push_fix(SirParser *P, SirSymFix x)
{
    VEC_RESERVE(P->fixhead, x.name + 1);
    if (P->fixhead.len <= x.name)
        P->fixhead.len = x.name + 1;
    x.next = P->fixhead.data[x.name];
    P->fixhead.data[x.name] = P->symfix.len + 1;
    VEC_PUSH(P->symfix, x);
}

/* Points the uses of a new symbol's name at it (M4), now rather than
 * at the end of the module, so that what precedes them is complete. */
static void
resolve_fixes(SirParser *P, uint32_t name, IrSym s)
{
    if (name >= P->fixhead.len)
        return;
    for (uint32_t k = P->fixhead.data[name]; k;) {
        SirSymFix *x = &P->symfix.data[k - 1];
        if (x->f)
            ir_inst(x->f, (IrInst){x->inst})->imm = s.id;
        else
            ir_init(P->m, x->init)->sym = s;
        x->name = 0;
        k = x->next;
    }
    P->fixhead.data[name] = 0;
}

/* Adds a module symbol, or reports M1 and returns 0. */
static IrSym
add_symbol(SirParser *P, uint32_t name, IrLoc loc, IrSymKind kind)
{
    check_symname(P, name, loc);
    IrSym s = ir_sym_lookup(P->m, name);
    if (s.id) {
        error(P, loc, "redefinition of symbol @%s", clipname(P, name));
        ir_diag_note(P->d, ir_sym(P->m, s)->loc, "previous definition "
                     "is here");
        return (IrSym){0};
    }
    s = ir_sym_add(P->m, name, kind);
    ir_sym(P->m, s)->loc = loc;
    resolve_fixes(P, name, s);
    return s;
}

void
ir_parse_item_end(SirParser *P, bool internal, bool isdef)
{
    if (internal) {
        if (!isdef)
            error(P, P->internal_loc, "'internal' is only allowed on "
                  "definitions (a function with a body, global or const)");
        else if (P->last_sym.id)
            ir_sym(P->m, P->last_sym)->internal = true;
    }
    P->last_sym = (IrSym){0};
    if (!P->ready || P->d->nerrors != P->nerr0 || P->lexfail)
        return;
    /* Items are complete up to this one, or up to the one before the
     * first use of a symbol still undeclared. */
    while (P->fixfirst < P->symfix.len &&
           !P->symfix.data[P->fixfirst].name)
        P->fixfirst++;
    uint32_t upto = P->fixfirst < P->symfix.len
                        ? P->symfix.data[P->fixfirst].owner - 1
                        : ir_num_syms(P->m);
    if (upto > P->handed) {
        P->handed = upto;
        P->ready(P->ready_ctx, P->m, upto, P->tokoff);
    }
}

/* fn-head = "fn" ret-type GLOBAL param-types [ call-conv ] */
/* S1 where the attributes' tokens are known (the verifier checks it
 * again for modules built in memory).  A call site's return attributes
 * are ignored (section 7.10), so only headers and signatures come here. */
static void
ret_attrs_ok(SirParser *P, SirRet ret)
{
    char b[64];
    if (ret.attrs && ret.ty.id != IR_TY_PTR)
        error(P, ret.aloc, "return attributes require a ptr return type, "
              "not %s", tyname(P, ret.ty, b));
}

void
ir_parse_param(SirParser *P, SirAttrs a, IrType t)
{
    char b[64];
    if (a.attrs && t.id != IR_TY_PTR)
        error(P, a.aloc, "parameter attributes require type ptr, not %s",
              tyname(P, t, b));
    uint64_t byval = a.attrs & IR_ATTR_BYVAL ? P->byval : 0;
    VEC_PUSH(P->pstack, ((IrParam){t, a.attrs, byval}));
}

SirAttrs
ir_parse_byval(SirParser *P, SirAttrs a, SirInt n, IrLoc nloc, IrLoc loc)
{
    uint64_t v = ir_parse_uint(P, n, nloc);
    if (!v && !n.neg && !n.big)
        error(P, nloc, "byval(0): the size must be at least 1");
    return ir_parse_attr(P, a, IR_ATTR_BYVAL, v ? v : 1, loc);
}

void
ir_parse_fn_head(SirParser *P, IrLoc fnloc, SirRet ret, uint32_t name,
                 IrLoc nameloc, SirParams ps, IrConv conv)
{
    ret_attrs_ok(P, ret);
    IrSig sig = ir_sig_intern(P->m, ret.ty, ret.attrs, conv, ps.variadic,
                              P->pstack.data + ps.start,
                              P->pstack.len - ps.start);
    P->pstack.len = ps.start;
    IrSym s = add_symbol(P, name, nameloc, IR_SYM_FUNC);
    if (s.id)
        ir_sym(P->m, s)->sig = sig;
    P->last_sym = s;
    P->fnloc = fnloc;
}

/* Attributes may appear in any order, each at most once (S1). */
SirAttrs
ir_parse_attr(SirParser *P, SirAttrs a, uint8_t attr, uint64_t byval,
              IrLoc loc)
{
    if (!a.attrs)
        a.aloc = loc;
    if (a.attrs & attr)
        error(P, loc, "duplicate attribute '%s'",
              attr == IR_ATTR_NOALIAS ? "noalias" :
              attr == IR_ATTR_NONNULL ? "nonnull" : "byval");
    a.attrs |= attr;
    if (attr == IR_ATTR_BYVAL)
        P->byval = byval;
    return a;
}

/* UINT: an INT without '-', below 2^64. */
uint64_t
ir_parse_uint(SirParser *P, SirInt n, IrLoc loc)
{
    if (n.neg) {
        error(P, loc, "expected an unsigned integer, not a negative one");
        return 0;
    }
    if (n.big) {
        error(P, loc, "integer literal out of range (must be below 2^64)");
        return 0;
    }
    return n.mag;
}

void
ir_parse_body_begin(SirParser *P, IrLoc loc)
{
    IrSym s = P->last_sym;
    if (s.id) {
        P->f = ir_func_define(P->m, s);
        P->detached = false;
    } else {
        /* The body of a duplicate symbol is parsed for its errors into
         * a function no symbol owns. */
        P->f = ir_func_new(P->m, (IrSym){0});
        P->detached = true;
    }
    P->f->loc = P->fnloc;
    P->nextnum = 0;
    /* Functions of a module tend to be alike: starting each at the size
     * of the last one spares the doubling reallocations (and their
     * copies) that were a fifth of parsing a module of small functions.
     * The slack is given back by ir_func_shrink unless streaming. */
    IrFunc *f = P->f;
    VEC_RESERVE_RAW(f->insts, P->hint_insts);
    VEC_RESERVE_RAW(f->values, P->hint_values);
    VEC_RESERVE_RAW(f->vpool, P->hint_vpool);
    VEC_RESERVE_RAW(f->blocks, P->hint_blocks);
    VEC_RESERVE_RAW(f->targets, P->hint_targets);
    VEC_RESERVE_RAW(f->vlocs, P->hint_vpool);
    VEC_RESERVE_RAW(f->tcols, P->hint_insts * IR_TLOC_N);
    ir_layout_reserve(f, P->hint_insts, P->hint_blocks);
    (void)loc;
}

/* A hint of n elements, bounded so that one huge function does not make
 * every small one after it reserve as much. */
static uint32_t
hint(uint32_t n)
{
    return n < 4096 ? n : 4096;
}

static bool
loc_before(IrLoc a, IrLoc b)
{
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* The next block id from 'id' on that was used but never defined, or
 * binfo.len. */
static uint32_t
next_undefined_label(SirParser *P, uint32_t id)
{
    while (id < P->binfo.len &&
           (P->binfo.data[id].defined || !P->binfo.data[id].use.line))
        id++;
    return id;
}

/* Resolves the uses recorded while the body was read (F2, F4).  Both
 * lists are in textual order; merging them keeps the messages in order
 * of position. */
void
ir_parse_body_end(SirParser *P)
{
    IrFunc *f = P->f;
    char b[48];
    uint32_t i = 0, id = next_undefined_label(P, 1);
    while (i < P->vfix.len || id < P->binfo.len) {
        if (id < P->binfo.len &&
            (i == P->vfix.len ||
             loc_before(P->binfo.data[id].use, P->vfix.data[i].loc))) {
            error(P, P->binfo.data[id].use, "use of undefined label '%s'",
                  clipname(P, f->blocks.data[id].name));
            id = next_undefined_label(P, id + 1);
            continue;
        }
        SirValFix *x = &P->vfix.data[i++];
        IrValue v = lookup_value(P, x->name);
        if (!v.id) {
            error(P, x->loc, "use of undefined value %s",
                  localname(P, x->name, b));
            continue;
        }
        f->vpool.data[x->pool] = v;
        check_use_type(P, v, x->name, x->wty, x->loc);
    }
    if (P->detached) {
        ir_func_free(f);
    } else {
        P->hint_insts = hint(f->insts.len);
        P->hint_values = hint(f->values.len);
        P->hint_vpool = hint(f->vpool.len);
        P->hint_blocks = hint(f->blocks.len);
        P->hint_targets = hint(f->targets.len);
        /* A streamed function is released once compiled: its slack is
         * not worth a copy of every array. */
        if (!P->ready)
            ir_func_shrink(f);
    }
    func_state_free(P);
}

/* stack-slot = STACK "=" "stack" type */
void
ir_parse_slot(SirParser *P, uint32_t name, IrLoc loc, IrType ty)
{
    if (map_get(P, KEY_SLOT, name)) {
        error(P, loc, "redefinition of stack slot $%s", clipname(P, name));
        return;
    }
    IrSlot s = ir_slot_create(P->f, ty, name);
    ir_slot(P->f, s)->loc = loc;
    map_put(P, KEY_SLOT, name, s.id);
}

/* block = label [ "(" block-param { "," block-param } ")" ] ":" ... */
void
ir_parse_block(SirParser *P, uint32_t name, IrLoc loc)
{
    IrFunc *f = P->f;
    IrBlock b = {map_get(P, KEY_LABEL, name)};
    if (b.id && binfo(P, b)->defined) {
        error(P, loc, "redefinition of label '%s'", clipname(P, name));
        b = ir_block_create_named(f, name);     /* unreachable by name */
    } else if (!b.id) {
        b = ir_block_create_named(f, name);
        map_put(P, KEY_LABEL, name, b.id);
    }
    binfo(P, b)->defined = true;
    ir_block(f, b)->loc = loc;
    ir_layout_append_block(f, b);
    P->cur = b;
    P->after_term = false;
}

void
ir_parse_bparam(SirParser *P, IrType ty, SirLocal name, IrLoc loc)
{
    IrFunc *f = P->f;
    IrValue v = ir_block_add_param(f, P->cur, ty, name.name);
    IrBlockData *bd = ir_block(f, P->cur);
    set_vloc(f, bd->params + bd->nparams - 1, loc);
    define_value(P, name, loc, v);
}

uint32_t
ir_parse_pred_label(SirParser *P, int pred)
{
    const char *s = ir_pred_name((IrPred)pred);
    return ir_intern(P->m, s, strlen(s));
}

/* --------------------------------------------------------- instructions */

void
ir_parse_result(SirParser *P, SirLocal name, IrLoc loc)
{
    P->has_res = true;
    P->res = name;
    P->resloc = loc;
}

void
ir_parse_operand(SirParser *P, SirLocal name, IrLoc loc, IrType wty)
{
    IrValue v = lookup_value(P, name);
    if (v.id && wty.id)
        check_use_type(P, v, name, wty, loc);
    SirOperand o = {v, name, wty, loc};
    VEC_PUSH(P->ops, o);
}

/* target = label [ "(" arg { "," arg } ")" ]; its n arguments are the
 * last n operands. */
void
ir_parse_target(SirParser *P, uint32_t label, IrLoc loc, uint32_t n)
{
    IrBlock b = {map_get(P, KEY_LABEL, label)};
    if (!b.id) {
        b = ir_block_create_named(P->f, label);
        map_put(P, KEY_LABEL, label, b.id);
        binfo(P, b)->use = loc;
    }
    SirTarget t = {b, n, loc};
    VEC_PUSH(P->tgts, t);
}

/* Records the operand's location and, if it is not defined yet, a fix-up
 * for the end of the function. */
static void
place_operand(SirParser *P, uint32_t pool, const SirOperand *o)
{
    set_vloc(P->f, pool, o->loc);
    if (!o->v.id) {
        SirValFix x = {pool, o->name, o->wty, o->loc};
        VEC_PUSH(P->vfix, x);
    }
}

/* Creates the instruction from 'proto' and the operand stack, appends it
 * to the current block and binds its result (F9).  Operands before the
 * branch targets' arguments are the instruction's own. */
IrInst
ir_parse_emit(SirParser *P, IrLoc oploc, const IrInstData *proto,
              IrType rty)
{
    IrFunc *f = P->f;
    const IrOpInfo *info = &ir_op_info[proto->op];
    bool term = info->flags & IR_OPF_TERMINATOR;
    IrLoc loc = P->has_res ? P->resloc : oploc;
    if (P->has_res && !rty.id) {
        if (proto->op == IR_OP_STORE)
            error(P, P->resloc, "store does not produce a value and "
                  "cannot be named");
        else
            error(P, P->resloc, "a call of a void function does not "
                  "produce a value and cannot be named");
    } else if (!P->has_res && rty.id && !term) {
        if (info->flags & IR_OPF_CALL)
            error(P, oploc, "the result of a non-void call must be named "
                  "('%%r = %s ...')", info->name);
        else
            error(P, oploc, "the result of '%s' must be named "
                  "('%%r = %s ...')", info->name, info->name);
    }

    uint32_t nops = P->ops.len, ntarg = 0;
    for (uint32_t t = 0; t < P->tgts.len; t++)
        ntarg += P->tgts.data[t].nargs;
    uint32_t nfixed = nops - ntarg;
    P->vals.len = 0;
    VEC_RESERVE_RAW(P->vals, nops + 1);
    for (uint32_t k = 0; k < nops; k++)
        P->vals.data[k] = P->ops.data[k].v;
    P->vals.len = nops;

    /* proto is used as it is and the location set in place: a copy of
     * the whole struct would wait on the narrow stores that built it */
    IrInst i = ir_inst_create(f, proto, P->vals.data, nfixed, rty);
    ir_inst(f, i)->loc = loc;
    uint32_t ntg = P->tgts.len;
    if (ntg) {
        IrBlock blocks[2];
        const IrValue *args[2];
        uint32_t nargs[2], at = nfixed;
        for (uint32_t t = 0; t < ntg && t < 2; t++) {
            blocks[t] = P->tgts.data[t].block;
            args[t] = P->vals.data + at;
            nargs[t] = P->tgts.data[t].nargs;
            at += nargs[t];
        }
        ir_inst_set_targets(f, i, blocks, args, nargs, ntg < 2 ? ntg : 2);
    }
    uint32_t first = ir_inst(f, i)->args;
    for (uint32_t k = 0; k < nfixed; k++)
        place_operand(P, first + k, &P->ops.data[k]);
    for (uint32_t t = 0, at = nfixed; t < ntg && t < 2; t++) {
        IrTarget *tg = ir_target(f, i, t);
        for (uint32_t k = 0; k < tg->nargs; k++)
            place_operand(P, tg->args + k, &P->ops.data[at + k]);
        at += tg->nargs;
    }
    for (uint32_t t = 0; t < ntg && t < 2; t++)
        P->tl[IR_TLOC_AUX + t] = P->tgts.data[t].loc;
    size_t tat = (size_t)i.id * IR_TLOC_N;
    if (f->tcols.len < tat + IR_TLOC_N) {
        /* zero only a gap before this instruction's columns, which are
         * all written below */
        VEC_RESERVE_RAW(f->tcols, tat + IR_TLOC_N);
        if (f->tcols.len < tat)
            memset(f->tcols.data + f->tcols.len, 0,
                   (tat - f->tcols.len) * sizeof(uint16_t));
        f->tcols.len = tat + IR_TLOC_N;
    }
    for (unsigned k = 0; k < IR_TLOC_N; k++)
        f->tcols.data[tat + k] = P->tl[k].line == loc.line &&
                                 P->tl[k].col <= UINT16_MAX ?
                                 (uint16_t)P->tl[k].col : 0;
    memset(P->tl, 0, sizeof P->tl);
    ir_layout_append_inst(f, i, P->cur);
    P->after_term = term;
    IrValue r = ir_inst_result(f, i);
    if (P->has_res && r.id)
        define_value(P, P->res, P->resloc, r);
    P->ops.len = 0;
    P->tgts.len = 0;
    P->has_res = false;
    return i;
}

/* BINOP type LOCAL "," LOCAL */
void
ir_parse_binop(SirParser *P, IrLoc loc, int op, IrType ty, IrLoc tyloc,
               SirLocal a, IrLoc aloc, SirLocal b, IrLoc bloc)
{
    P->tl[IR_TLOC_TY] = tyloc;
    ir_parse_operand(P, a, aloc, IR_T_VOID);
    ir_parse_operand(P, b, bloc, IR_T_VOID);
    ir_parse_emit(P, loc, &(IrInstData){.op = (uint8_t)op, .ty = ty}, ty);
}

/* Checks an INT literal against integer type t (section 2.5) and gives
 * its bits modulo 2^N. */
static bool
int_fits(SirInt n, IrType t, uint64_t *bits)
{
    unsigned w = ir_type_bits(t);
    uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
    if (n.big)
        return false;
    if (n.neg) {
        if (n.mag > (UINT64_C(1) << (w - 1)))
            return false;
        *bits = (0 - n.mag) & mask;
        return true;
    }
    if (n.mag > mask)
        return false;
    *bits = n.mag;
    return true;
}

static void
int_range_error(SirParser *P, IrLoc loc, SirInt n, IrType t)
{
    char b[64];
    if (n.big)
        error(P, loc, "integer literal out of range (magnitude must be "
              "below 2^64)");
    else
        error(P, loc, "integer literal %s%llu out of range for %s",
              n.neg ? "-" : "", (unsigned long long)n.mag,
              tyname(P, t, b));
}

void
ir_parse_iconst(SirParser *P, IrLoc loc, IrType ty, SirInt n, IrLoc nloc)
{
    uint64_t bits = n.neg ? 0 - n.mag : n.mag;
    if (ir_type_is_int(ty) && !int_fits(n, ty, &bits))
        int_range_error(P, nloc, n, ty);
    ir_parse_emit(P, loc, &(IrInstData){.op = IR_OP_ICONST, .ty = ty,
                                        .imm = bits}, ty);
}

/* The bits of float literal x in type t, or false after an error. */
static bool
float_bits(SirParser *P, const SirFloat *x, IrType t, IrLoc loc,
           uint64_t *bits)
{
    bool f32 = t.id == IR_TY_F32;
    char b[64];
    switch (x->form) {
    case SIR_FLOAT_NAN:
        *bits = f32 ? 0x7FC00000u : UINT64_C(0x7FF8000000000000);
        return true;
    case SIR_FLOAT_RAW:
        if (x->ndigits != (f32 ? 8u : 16u)) {
            error(P, loc, "raw float literal for %s must have %u "
                  "hexadecimal digits, not %u", tyname(P, t, b),
                  f32 ? 8u : 16u, x->ndigits);
            return false;
        }
        *bits = x->b64;
        return true;
    default:
        if (x->ovf & (f32 ? SIR_OVF32 : SIR_OVF64)) {
            error(P, loc, "float literal overflows %s", tyname(P, t, b));
            return false;
        }
        *bits = f32 ? x->b32 : x->b64;
        return true;
    }
}

void
ir_parse_fconst(SirParser *P, IrLoc loc, IrType ty, const SirFloat *x,
                IrLoc xloc)
{
    uint64_t bits = 0;
    if (!x)
        error(P, xloc, "an integer literal is not a float literal (write "
              "1.0, not 1)");
    else if (ir_type_is_float(ty))
        float_bits(P, x, ty, xloc, &bits);
    ir_parse_emit(P, loc, &(IrInstData){.op = IR_OP_FCONST, .ty = ty,
                                        .imm = bits}, ty);
}

void
ir_parse_bconst(SirParser *P, IrLoc loc, IrType ty, IrLoc tyloc, bool v)
{
    char b[64];
    if (ty.id != IR_TY_BOOL)
        error(P, tyloc, "bconst type must be bool, not %s",
              tyname(P, ty, b));
    ir_parse_emit(P, loc, &(IrInstData){.op = IR_OP_BCONST, .ty = IR_T_BOOL,
                                        .imm = v}, IR_T_BOOL);
}

void
ir_parse_stackslot(SirParser *P, IrLoc loc, uint32_t name, IrLoc nloc)
{
    uint32_t s = map_get(P, KEY_SLOT, name);
    if (!s)
        error(P, nloc, "use of undefined stack slot $%s", clipname(P, name));
    ir_parse_emit(P, loc, &(IrInstData){.op = IR_OP_STACKSLOT, .imm = s},
                  IR_T_PTR);
}

/* Points the imm of instruction i at symbol 'name', now or at the end of
 * the module. */
static void
symref_inst(SirParser *P, IrInst i, uint32_t name, IrLoc nloc)
{
    IrSym s = ir_sym_lookup(P->m, name);
    if (s.id) {
        ir_inst(P->f, i)->imm = s.id;
    } else if (!P->detached) {
        push_fix(P, (SirSymFix){P->f, i.id, {0}, name, nloc,
                                P->f->sym.id, 0});
    }
}

void
ir_parse_globaladdr(SirParser *P, IrLoc loc, uint32_t name, IrLoc nloc)
{
    IrInst i = ir_parse_emit(P, loc, &(IrInstData){.op = IR_OP_GLOBALADDR},
                             IR_T_PTR);
    symref_inst(P, i, name, nloc);
}

void
ir_parse_call(SirParser *P, IrLoc loc, IrType ret, uint32_t name,
              IrLoc nloc)
{
    IrInst i = ir_parse_emit(P, loc, &(IrInstData){.op = IR_OP_CALL,
                                                   .ty = ret}, ret);
    symref_inst(P, i, name, nloc);
}

void
ir_parse_icall(SirParser *P, IrLoc loc, SirRet ret, SirParams ps,
               IrConv conv)
{
    ret_attrs_ok(P, ret);
    IrSig sig = ir_sig_intern(P->m, ret.ty, ret.attrs, conv, ps.variadic,
                              P->pstack.data + ps.start,
                              P->pstack.len - ps.start);
    P->pstack.len = ps.start;
    ir_parse_emit(P, loc, &(IrInstData){.op = IR_OP_INDIRECTCALL,
                                        .ty = ret.ty, .imm = sig.id},
                  ret.ty);
}

/* ---------------------------------------------------------------- types */

/* L2: report a type that is too big where it first becomes too big. */
IrType
ir_parse_array_type(SirParser *P, IrLoc loc, IrType elem, SirInt n,
                    IrLoc nloc)
{
    uint64_t count = ir_parse_uint(P, n, nloc);
    IrType t = ir_type_array(P->m, elem, count);
    if (ir_type_too_big(P->m, t) && !ir_type_too_big(P->m, elem))
        error(P, loc, "type is too big (sizes must be below 2^63 bytes)");
    return t;
}

IrType
ir_parse_struct_type(SirParser *P, IrLoc loc, uint32_t start)
{
    uint32_t n = P->tstack.len - start;
    IrType t = ir_type_struct(P->m, P->tstack.data + start, n);
    bool inner = false;
    for (uint32_t k = 0; k < n; k++)
        inner |= ir_type_too_big(P->m, P->tstack.data[start + k]);
    if (ir_type_too_big(P->m, t) && !inner)
        error(P, loc, "type is too big (sizes must be below 2^63 bytes)");
    P->tstack.len = start;
    return t;
}

/* ----------------------------------------------------------------- data */

/* Before typing, a FLOAT initializer keeps the literal privately:
 * bits = binary64 value or raw digits, addend = binary32 value,
 * first = SirFloat form, count = raw digit count, str = overflow flags
 * (not neg: a bool would merge SIR_OVF64 into SIR_OVF32).
 * type_init replaces all of it by the final bits. */
IrInit
ir_parse_init_float(SirParser *P, const SirFloat *x, IrLoc loc)
{
    IrInit i = ir_init_new(P->m, IR_INIT_FLOAT);
    IrInitData *d = ir_init(P->m, i);
    d->bits = x->b64;
    d->addend = x->b32;
    d->first = x->form;
    d->count = x->ndigits;
    d->str = x->ovf;
    d->loc = loc;
    return i;
}

/* Before typing, an INT initializer has bits = magnitude and neg; str is
 * 1 when the literal is 2^64 or more. */
IrInit
ir_parse_init_int(SirParser *P, SirInt n, IrLoc loc)
{
    IrInit i = ir_init_new(P->m, IR_INIT_INT);
    IrInitData *d = ir_init(P->m, i);
    d->bits = n.mag;
    d->neg = n.neg;
    d->str = n.big;
    d->loc = loc;
    return i;
}

IrInit
ir_parse_init_bool(SirParser *P, bool v, IrLoc loc)
{
    IrInit i = ir_init_new(P->m, IR_INIT_BOOL);
    ir_init(P->m, i)->bits = v;
    ir_init(P->m, i)->loc = loc;
    return i;
}

IrInit
ir_parse_init_simple(SirParser *P, IrInitKind kind, IrLoc loc)
{
    IrInit i = ir_init_new(P->m, kind);
    ir_init(P->m, i)->loc = loc;
    return i;
}

IrInit
ir_parse_init_list(SirParser *P, IrInitKind kind, uint32_t start,
                   IrLoc loc)
{
    uint32_t n = P->istack.len - start;
    uint32_t first = ir_init_list(P->m, P->istack.data + start, n);
    P->istack.len = start;
    IrInit i = ir_init_new(P->m, kind);
    IrInitData *d = ir_init(P->m, i);
    d->first = first;
    d->count = n;
    d->loc = loc;
    return i;
}

IrInit
ir_parse_init_string(SirParser *P, uint32_t str, IrLoc loc)
{
    IrInit i = ir_init_new(P->m, IR_INIT_STRING);
    ir_init(P->m, i)->str = str;
    ir_init(P->m, i)->loc = loc;
    return i;
}

/* GLOBAL [ ( "+" | "-" ) UINT ]: the addend must fit in an int64. */
IrInit
ir_parse_init_symref(SirParser *P, uint32_t name, IrLoc loc,
                     const SirInt *k, bool minus, IrLoc kloc)
{
    int64_t addend = 0;
    if (k) {
        uint64_t u = ir_parse_uint(P, *k, kloc);
        uint64_t lim = minus ? UINT64_C(1) << 63 : INT64_MAX;
        if (u > lim)
            error(P, kloc, "relocation addend out of range (must lie "
                  "within -2^63 .. 2^63-1)");
        else
            addend = minus ? (int64_t)(0 - u) : (int64_t)u;
    }
    IrInit i = ir_init_new(P->m, IR_INIT_SYMREF);
    IrInitData *d = ir_init(P->m, i);
    d->addend = addend;
    d->loc = loc;
    IrSym s = ir_sym_lookup(P->m, name);
    if (s.id) {
        d->sym = s;
    } else {
        /* the data symbol is added after its initializer */
        push_fix(P, (SirSymFix){NULL, 0, i, name, loc,
                                ir_num_syms(P->m) + 1, 0});
    }
    return i;
}

static const char *const init_names[] = {
    [IR_INIT_INT] = "an integer literal", [IR_INIT_FLOAT] = "a float literal",
    [IR_INIT_BOOL] = "a bool literal", [IR_INIT_NULL] = "null",
    [IR_INIT_ZERO] = "zeroinit", [IR_INIT_UNDEF] = "undef",
    [IR_INIT_STRUCT] = "a structure initializer",
    [IR_INIT_ARRAY] = "an array initializer",
    [IR_INIT_STRING] = "a string literal",
    [IR_INIT_SYMREF] = "a symbol reference",
};

/* L3: checks initializer i against type t member by member (section
 * 10.2) and turns literals into their final bits.  Recursion depth is
 * the nesting depth, which Bison's stack limit bounds. */
static void
type_init(SirParser *P, IrInit i, IrType t)
{
    IrModule *m = P->m;
    IrInitData *d = ir_init(m, i);
    IrTypeKind k = ir_type_kind(m, t);
    char b[64];
    switch (d->kind) {
    case IR_INIT_ZERO:
    case IR_INIT_UNDEF:
        return;
    case IR_INIT_INT: {
        SirInt n = {d->bits, d->neg, d->str != 0};
        d->neg = false;
        d->str = 0;
        if (!ir_type_is_int(t))
            break;
        if (!int_fits(n, t, &d->bits))
            int_range_error(P, d->loc, n, t);
        return;
    }
    case IR_INIT_FLOAT: {
        SirFloat x = {.form = (uint8_t)d->first, .ovf = (uint8_t)d->str,
                      .ndigits = (uint16_t)d->count, .b32 = (uint32_t)d->addend,
                      .b64 = d->bits};
        d->addend = 0;
        d->first = d->count = 0;
        d->neg = false;
        d->str = 0;
        d->bits = 0;
        if (!ir_type_is_float(t))
            break;
        float_bits(P, &x, t, d->loc, &d->bits);
        return;
    }
    case IR_INIT_BOOL:
        if (k == IR_TY_BOOL)
            return;
        break;
    case IR_INIT_NULL:
        if (k == IR_TY_PTR)
            return;
        error(P, d->loc, "null only initializes ptr, not %s",
              tyname(P, t, b));
        return;
    case IR_INIT_SYMREF:
        if (k == IR_TY_PTR || k == IR_TY_I64)
            return;
        error(P, d->loc, "a symbol reference only initializes ptr or i64, "
              "not %s", tyname(P, t, b));
        return;
    case IR_INIT_STRING: {
        if (k != IR_TY_ARRAY || ir_type_elem(m, t).id != IR_TY_I8) {
            error(P, d->loc, "a string literal only initializes [i8 x N], "
                  "not %s", tyname(P, t, b));
            return;
        }
        uint64_t n = ir_type_nmembers(m, t), len = ir_str_len(m, d->str);
        if (n != len)
            error(P, d->loc, "string literal has %llu bytes, but %s needs "
                  "%llu", (unsigned long long)len, tyname(P, t, b),
                  (unsigned long long)n);
        return;
    }
    case IR_INIT_ARRAY:
    case IR_INIT_STRUCT: {
        IrTypeKind want = d->kind == IR_INIT_ARRAY ? IR_TY_ARRAY
                                                    : IR_TY_STRUCT;
        if (k != want)
            break;
        uint64_t n = ir_type_nmembers(m, t);
        uint32_t count = d->count, first = d->first;
        if (n != count) {
            error(P, d->loc, "%s needs %llu initializers, found %u",
                  tyname(P, t, b), (unsigned long long)n, count);
            return;
        }
        for (uint32_t j = 0; j < count; j++)
            type_init(P, m->ipool.data[first + j],
                      ir_type_member(m, t, j));
        return;
    }
    }
    d = ir_init(m, i);
    error(P, d->loc, "%s cannot initialize %s", init_names[d->kind],
          tyname(P, t, b));
}

/* data = GLOBAL "=" ( "global" | "const" ) type init [ "," "align" UINT ]
 *      | GLOBAL "=" "extern" type */
void
ir_parse_data(SirParser *P, uint32_t name, IrLoc nameloc, IrSymKind kind,
              IrType ty, IrInit init, const SirInt *align, IrLoc aloc)
{
    IrSym s = add_symbol(P, name, nameloc, kind);
    P->last_sym = s;
    uint64_t a = 0;
    if (align) {
        a = ir_parse_uint(P, *align, aloc);
        uint32_t min = ir_type_align(P->m, ty);
        if (a == 0 || (a & (a - 1)))
            error(P, aloc, "alignment must be a power of two");
        else if (a < min)
            error(P, aloc, "alignment %llu is below the type's alignment "
                  "%u", (unsigned long long)a, min);
        else if (a > 65536)
            error(P, aloc, "alignment must be at most 65536");
    }
    if (init.id)
        type_init(P, init, ty);
    if (!s.id)
        return;
    IrSymData *d = ir_sym(P->m, s);
    d->type = ty;
    d->init = init;
    d->align = a <= 65536 ? (uint32_t)a : 0;
}

/* ---------------------------------------------------------------- entry */

/* M4: symbols referenced before their definition. */
static void
resolve_symbols(SirParser *P)
{
    for (uint32_t i = 0; i < P->symfix.len; i++) {
        SirSymFix *x = &P->symfix.data[i];
        if (x->name)
            error(P, x->loc, "use of undefined symbol @%s",
                  clipname(P, x->name));
    }
}

IrModule *
ir_parse(const char *src, size_t len, Diag *d)
{
    return ir_parse_stream(src, len, d, NULL, NULL);
}

IrModule *
ir_parse_stream(const char *src, size_t len, Diag *d, IrParseReady ready,
                void *ctx)
{
    SirParser P;
    memset(&P, 0, sizeof P);
    P.ready = ready;
    P.ready_ctx = ctx;
    P.m = ir_module_new();
    P.d = d;
    P.src = src;
    P.len = len;
    P.line = 1;
    P.col = 1;
    P.stamp = 1;        /* names[] entries start at stamp 0 */
    int before = d->nerrors;
    P.nerr0 = before;
    /* Scratch stacks are never NULL, so "data + start" is always
     * defined, even for empty lists. */
    VEC_RESERVE(P.tstack, 16);
    VEC_RESERVE(P.pstack, 16);
    VEC_RESERVE(P.istack, 16);
    VEC_RESERVE(P.vals, 16);
    void *scanner;
    if (sir_yylex_init_extra(&P, &scanner) != 0)
        ir_parse_fatal("cannot initialize the scanner");
    int rc = sir_yyparse(scanner, &P);
    sir_yylex_destroy(scanner);
    if (rc == 0)
        resolve_symbols(&P);
    if (P.f) {
        /* The parse stopped inside a body. */
        if (P.detached)
            ir_func_free(P.f);
        func_state_free(&P);
    }
    free(P.names);
    ir_parse_names_free(&P);
    VEC_FREE(P.sbuf);
    VEC_FREE(P.symfix);
    VEC_FREE(P.fixhead);
    VEC_FREE(P.tstack);
    VEC_FREE(P.pstack);
    VEC_FREE(P.istack);
    VEC_FREE(P.ops);
    VEC_FREE(P.tgts);
    VEC_FREE(P.vals);
    if (rc != 0 || d->nerrors != before) {
        if (rc != 0 && d->nerrors == before)
            error(&P, (IrLoc){0}, "syntax error");
        if (P.ready && P.handed)   /* the module is about to go */
            P.ready(P.ready_ctx, P.m, 0, SIZE_MAX);
        ir_module_free(P.m);
        return NULL;
    }
    return P.m;
}
