/*
 * print.c - the canonical text form of spec section 11.
 *
 * One pass over the module in item order.  Numbered values (name 0) get
 * %0, %1, ... in textual order of definition: a per-function array maps
 * value ids to numbers, filled by one walk of the layout (block
 * parameters, then instruction results, block by block) before the
 * function is written.  Output goes through a private 64 KiB buffer and
 * types and initializers are written with explicit stacks, so printing
 * is linear, does no allocation per instruction and cannot overflow the
 * C stack on deeply nested types.
 *
 * A value that is used but defined nowhere in the layout (a pass bug,
 * or an instruction printed for a diagnostic) prints as %?ID, which no
 * parser accepts.
 */
#include "ir_int.h"

#include <string.h>

enum { BUFSIZE = 1 << 16 };

/* A frame of the explicit stack used for types and initializers. */
typedef struct {
    IrType ty;
    IrInit init;
    uint64_t k;         /* members written so far + 1; 0: not opened */
} Frame;

typedef struct {
    IrModule *m;
    IrFunc *f;
    FILE *out;
    uint32_t *num;      /* value id -> number + 1; 0: named or undefined */
    uint32_t numcap;
    uint32_t nvalues;   /* values numbered in 'num' */
    VEC(Frame) stack;
    size_t n;
    char buf[BUFSIZE];
} Printer;

/* ------------------------------------------------------------ output */

static void
flush(Printer *p)
{
    if (p->n)
        fwrite(p->buf, 1, p->n, p->out);
    p->n = 0;
}

static void
putmem(Printer *p, const char *s, size_t n)
{
    if (p->n + n > BUFSIZE) {
        flush(p);
        if (n > BUFSIZE) {
            fwrite(s, 1, n, p->out);
            return;
        }
    }
    memcpy(p->buf + p->n, s, n);
    p->n += n;
}

static void
puts_(Printer *p, const char *s)
{
    putmem(p, s, strlen(s));
}

static void
putc_(Printer *p, char c)
{
    if (p->n == BUFSIZE)
        flush(p);
    p->buf[p->n++] = c;
}

static void
putu(Printer *p, uint64_t v)
{
    char tmp[24];
    int i = sizeof tmp;
    do
        tmp[--i] = (char)('0' + v % 10);
    while (v /= 10);
    putmem(p, tmp + i, sizeof tmp - (size_t)i);
}

/* The bits of an N-bit integer read as signed (spec 11: "as a negative
 * number when the sign bit is set"). */
static void
puti(Printer *p, uint64_t bits, unsigned width)
{
    if (width && width < 64) {
        uint64_t sign = UINT64_C(1) << (width - 1);
        bits &= (sign << 1) - 1;
        if (bits & sign) {
            putc_(p, '-');
            putu(p, (sign << 1) - bits);
            return;
        }
        putu(p, bits);
        return;
    }
    if (bits >> 63) {
        putc_(p, '-');
        putu(p, (uint64_t)0 - bits);
        return;
    }
    putu(p, bits);
}

static void
putstr(Printer *p, uint32_t id)
{
    putmem(p, ir_str(p->m, id), ir_str_len(p->m, id));
}

/* ------------------------------------------------------------- types */

static const char *const scalar_name[] = {
    "void", "bool", "i8", "i16", "i32", "i64", "f32", "f64", "ptr",
};

static void
put_type(Printer *p, IrType t)
{
    const IrModule *m = p->m;
    if (t.id <= IR_TY_PTR) {
        puts_(p, scalar_name[t.id]);
        return;
    }
    uint32_t base = p->stack.len;
    VEC_PUSH(p->stack, ((Frame){.ty = t}));
    while (p->stack.len > base) {
        Frame *fr = &p->stack.data[p->stack.len - 1];
        const IrTypeData *d = &m->types.data[fr->ty.id];
        if (d->kind <= IR_TY_PTR) {
            puts_(p, scalar_name[d->kind]);
            p->stack.len--;
        } else if (d->kind == IR_TY_ARRAY) {
            if (fr->k == 0) {
                fr->k = 1;
                putc_(p, '[');
                VEC_PUSH(p->stack, ((Frame){.ty = d->elem}));
            } else {
                puts_(p, " x ");
                putu(p, d->count);
                putc_(p, ']');
                p->stack.len--;
            }
        } else if (d->count == 0) {
            puts_(p, "{}");
            p->stack.len--;
        } else if (fr->k < d->count) {
            puts_(p, fr->k ? ", " : "{ ");
            IrType mt = m->mpool.data[d->members + fr->k];
            fr->k++;
            VEC_PUSH(p->stack, ((Frame){.ty = mt}));
        } else {
            puts_(p, " }");
            p->stack.len--;
        }
    }
}

/* ------------------------------------------------------------ floats */

static void
put_float(Printer *p, uint64_t bits, bool is_f32)
{
    char buf[48];
    puts_(p, ir_float_format(bits, is_f32, buf));
}

/* ------------------------------------------------------ initializers */

/* A string literal: printable ASCII other than '"' and '\' as itself,
 * every other byte as \HH with upper-case digits. */
static void
put_string(Printer *p, uint32_t id)
{
    static const char hex[] = "0123456789ABCDEF";
    const unsigned char *s = (const unsigned char *)ir_str(p->m, id);
    uint32_t n = ir_str_len(p->m, id);
    puts_(p, "c\"");
    for (uint32_t i = 0; i < n; i++) {
        unsigned c = s[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            putc_(p, (char)c);
        } else {
            putc_(p, '\\');
            putc_(p, hex[c >> 4]);
            putc_(p, hex[c & 15]);
        }
    }
    putc_(p, '"');
}

static void
put_sym(Printer *p, IrSym s)
{
    putc_(p, '@');
    if (s.id && s.id < p->m->syms.len)
        putstr(p, p->m->syms.data[s.id].name);
    else
        puts_(p, "?");
}

/* A leaf initializer, checked against 'ty' only as far as printing
 * needs: integers take their width from it, floats their format.  INT
 * leaves hold the value modulo 2^N once typed, or a magnitude with 'neg'
 * straight from the parser; both print the same. */
static void
put_init_leaf(Printer *p, const IrInitData *d, IrType ty)
{
    switch (d->kind) {
    case IR_INIT_INT: {
        uint64_t v = d->neg ? (uint64_t)0 - d->bits : d->bits;
        puti(p, v, ir_type_is_int(ty) ? ir_type_bits(ty) : 64);
        break;
    }
    case IR_INIT_FLOAT:
        if (ir_type_is_float(ty))
            put_float(p, d->bits, ty.id == IR_TY_F32);
        else if (d->str)
            putstr(p, d->str);
        else
            put_float(p, d->bits, false);
        break;
    case IR_INIT_BOOL:
        puts_(p, d->bits ? "true" : "false");
        break;
    case IR_INIT_NULL:
        puts_(p, "null");
        break;
    case IR_INIT_ZERO:
        puts_(p, "zeroinit");
        break;
    case IR_INIT_UNDEF:
        puts_(p, "undef");
        break;
    case IR_INIT_STRING:
        put_string(p, d->str);
        break;
    case IR_INIT_SYMREF:
        put_sym(p, d->sym);
        if (d->addend > 0) {
            puts_(p, " + ");
            putu(p, (uint64_t)d->addend);
        } else if (d->addend < 0) {
            puts_(p, " - ");
            putu(p, (uint64_t)0 - (uint64_t)d->addend);
        }
        break;
    default:
        puts_(p, "?");
    }
}

/* The type of member k of aggregate 'ty', or void when there is none
 * (an unverified module). */
static IrType
member_type(const IrModule *m, IrType ty, uint64_t k)
{
    const IrTypeData *d = &m->types.data[ty.id];
    if (d->kind == IR_TY_ARRAY)
        return d->elem;
    if (d->kind == IR_TY_STRUCT && k < d->count)
        return m->mpool.data[d->members + k];
    return IR_T_VOID;
}

static void
put_init(Printer *p, IrInit init, IrType ty)
{
    const IrModule *m = p->m;
    uint32_t base = p->stack.len;
    VEC_PUSH(p->stack, ((Frame){.ty = ty, .init = init}));
    while (p->stack.len > base) {
        Frame *fr = &p->stack.data[p->stack.len - 1];
        const IrInitData *d = &m->inits.data[fr->init.id];
        if (d->kind != IR_INIT_STRUCT && d->kind != IR_INIT_ARRAY) {
            put_init_leaf(p, d, fr->ty);
            p->stack.len--;
            continue;
        }
        bool st = d->kind == IR_INIT_STRUCT;
        if (d->count == 0) {
            puts_(p, st ? "{}" : "[]");
            p->stack.len--;
        } else if (fr->k < d->count) {
            if (fr->k)
                puts_(p, ", ");
            else
                puts_(p, st ? "{ " : "[");
            IrInit c = m->ipool.data[d->first + fr->k];
            IrType ct = member_type(m, fr->ty, fr->k);
            fr->k++;
            VEC_PUSH(p->stack, ((Frame){.ty = ct, .init = c}));
        } else {
            puts_(p, st ? " }" : "]");
            p->stack.len--;
        }
    }
}

/* ------------------------------------------------------------ values */

/* True when value name 'id' is made only of decimal digits: such a name
 * is numbered (spec section 5) even when a builder gave it, so it is
 * renumbered like name 0 rather than printed and risking a clash. */
static bool
digit_name(const IrModule *m, uint32_t id)
{
    const char *s = ir_str(m, id);
    if (*s < '0' || *s > '9')
        return false;
    while (*s >= '0' && *s <= '9')
        s++;
    return *s == 0;
}

static bool
is_numbered(const IrModule *m, uint32_t name)
{
    return name == 0 || digit_name(m, name);
}

/* Numbers the values of f in textual order of definition. */
static void
number(Printer *p, IrFunc *f)
{
    uint32_t nv = ir_num_values(f);
    if (nv > p->numcap) {
        free(p->num);
        p->numcap = nv + nv / 4;
        p->num = xmalloc(p->numcap * sizeof *p->num);
    }
    memset(p->num, 0, nv * sizeof *p->num);
    p->nvalues = nv;
    const IrValueData *vals = f->values.data;
    uint32_t next = 0;
    IR_FOR_BLOCKS(f, b) {
        const IrBlockData *bd = ir_block(f, b);
        for (uint32_t k = 0; k < bd->nparams; k++) {
            uint32_t v = f->vpool.data[bd->params + k].id;
            if (v && v < nv && is_numbered(p->m, vals[v].name) && !p->num[v])
                p->num[v] = ++next;
        }
        IR_FOR_INSTS(f, b, i) {
            uint32_t v = f->insts.data[i.id].result.id;
            if (v && v < nv && is_numbered(p->m, vals[v].name) && !p->num[v])
                p->num[v] = ++next;
        }
    }
}

static void
put_value(Printer *p, IrValue v)
{
    IrFunc *f = p->f;
    putc_(p, '%');
    if (v.id && v.id < p->nvalues && p->num[v.id]) {
        putu(p, p->num[v.id] - 1);
    } else if (v.id && v.id < f->values.len && f->values.data[v.id].name) {
        putstr(p, f->values.data[v.id].name);
    } else {
        putc_(p, '?');
        putu(p, v.id);
    }
}

static IrType
value_type(Printer *p, IrValue v)
{
    IrFunc *f = p->f;
    return v.id < f->values.len ? f->values.data[v.id].ty : IR_T_VOID;
}

/* "T %v" with the value's own type. */
static void
put_typed(Printer *p, IrValue v)
{
    put_type(p, value_type(p, v));
    putc_(p, ' ');
    put_value(p, v);
}

/* "(T %a, T %b)" for call and branch arguments. */
static void
put_args(Printer *p, const IrValue *a, uint32_t n)
{
    putc_(p, '(');
    for (uint32_t k = 0; k < n; k++) {
        if (k)
            puts_(p, ", ");
        put_typed(p, a[k]);
    }
    putc_(p, ')');
}

static void
put_label(Printer *p, IrBlock b)
{
    IrFunc *f = p->f;
    if (b.id && b.id < f->blocks.len && f->blocks.data[b.id].name) {
        putstr(p, f->blocks.data[b.id].name);
    } else {
        puts_(p, "bb?");
        putu(p, b.id);
    }
}

static void
put_target(Printer *p, IrInst i, uint32_t t)
{
    IrFunc *f = p->f;
    IrTarget *tg = ir_target(f, i, t);
    put_label(p, tg->block);
    if (tg->nargs)
        put_args(p, f->vpool.data + tg->args, tg->nargs);
}

/* -------------------------------------------------------- signatures */

static void
put_attrs(Printer *p, uint8_t attrs, uint64_t byval)
{
    if (attrs & IR_ATTR_NOALIAS)
        puts_(p, "noalias ");
    if (attrs & IR_ATTR_NONNULL)
        puts_(p, "nonnull ");
    if (attrs & IR_ATTR_BYVAL) {
        puts_(p, "byval(");
        putu(p, byval);
        puts_(p, ") ");
    }
}

static void
put_ret(Printer *p, IrType ret, uint8_t attrs)
{
    if (ret.id == IR_TY_VOID) {
        puts_(p, "void");
        return;
    }
    put_attrs(p, attrs & (IR_ATTR_NOALIAS | IR_ATTR_NONNULL), 0);
    put_type(p, ret);
}

/* "(PARAMS)" and the convention when it is not ccc. */
static void
put_params(Printer *p, IrSig s)
{
    const IrSigData *sd = ir_sig(p->m, s);
    putc_(p, '(');
    for (uint32_t k = 0; k < sd->nparams; k++) {
        const IrParam *pa = ir_sig_param(p->m, s, k);
        if (k)
            puts_(p, ", ");
        put_attrs(p, pa->attrs, pa->byval);
        put_type(p, pa->ty);
    }
    if (sd->variadic)
        puts_(p, sd->nparams ? ", ..." : "...");
    putc_(p, ')');
    if (sd->conv == IR_CONV_SYSV)
        puts_(p, " sysv");
    else if (sd->conv == IR_CONV_WIN64)
        puts_(p, " win64");
}

/* ------------------------------------------------------ instructions */

static void
put_inst(Printer *p, IrInst i)
{
    IrFunc *f = p->f;
    const IrInstData *d = &f->insts.data[i.id];
    const IrValue *a = f->vpool.data + d->args;
    const IrOpInfo *info = &ir_op_info[d->op < IR_NUM_OPS ? d->op : 0];
    if (d->result.id) {
        put_value(p, d->result);
        puts_(p, " = ");
    }
    puts_(p, info->name);
    switch ((IrFormat)info->format) {
    case IR_FMT_NONE:
        break;
    case IR_FMT_ICONST:
        putc_(p, ' ');
        put_type(p, d->ty);
        putc_(p, ' ');
        puti(p, d->imm, ir_type_bits(d->ty));
        break;
    case IR_FMT_FCONST:
        putc_(p, ' ');
        put_type(p, d->ty);
        putc_(p, ' ');
        put_float(p, d->imm, d->ty.id == IR_TY_F32);
        break;
    case IR_FMT_BCONST:
        puts_(p, " bool ");
        puts_(p, d->imm ? "true" : "false");
        break;
    case IR_FMT_TYPE:
        putc_(p, ' ');
        put_type(p, d->ty);
        break;
    case IR_FMT_SLOT:
        puts_(p, " $");
        if (d->imm && d->imm < f->slots.len && f->slots.data[d->imm].name)
            putstr(p, f->slots.data[d->imm].name);
        else
            putu(p, d->imm);
        break;
    case IR_FMT_GLOBAL:
        putc_(p, ' ');
        put_sym(p, (IrSym){(uint32_t)d->imm});
        break;
    case IR_FMT_BINARY:
    case IR_FMT_ICMP:
    case IR_FMT_FCMP:
        putc_(p, ' ');
        if (info->format != IR_FMT_BINARY) {
            puts_(p, ir_pred_name((IrPred)d->pred));
            putc_(p, ' ');
        }
        put_type(p, d->ty);
        putc_(p, ' ');
        put_value(p, a[0]);
        puts_(p, ", ");
        put_value(p, a[1]);
        break;
    case IR_FMT_UNARY:
        putc_(p, ' ');
        put_type(p, d->ty);
        putc_(p, ' ');
        put_value(p, a[0]);
        break;
    case IR_FMT_SEL:
        putc_(p, ' ');
        put_type(p, d->ty);
        puts_(p, ", bool ");
        put_value(p, a[0]);
        puts_(p, ", ");
        put_value(p, a[1]);
        puts_(p, ", ");
        put_value(p, a[2]);
        break;
    case IR_FMT_LOAD:
        puts_(p, d->flags & IR_INSTF_VOLATILE ? " volatile " : " ");
        put_type(p, d->ty);
        puts_(p, ", ptr ");
        put_value(p, a[0]);
        break;
    case IR_FMT_STORE:
        puts_(p, d->flags & IR_INSTF_VOLATILE ? " volatile " : " ");
        put_type(p, d->ty);
        putc_(p, ' ');
        put_value(p, a[0]);
        puts_(p, ", ptr ");
        put_value(p, a[1]);
        break;
    case IR_FMT_OFFSET:
        putc_(p, ' ');
        put_type(p, d->ty);
        puts_(p, ", ptr ");
        put_value(p, a[0]);
        puts_(p, ", ");
        put_type(p, d->ty2);
        putc_(p, ' ');
        put_value(p, a[1]);
        break;
    case IR_FMT_ELEMPTR:
        putc_(p, ' ');
        put_type(p, d->ty);
        puts_(p, ", ptr ");
        put_value(p, a[0]);
        puts_(p, ", ");
        putu(p, d->imm);
        break;
    case IR_FMT_EXTRACT:
    case IR_FMT_CAST:
        putc_(p, ' ');
        put_type(p, d->ty);
        puts_(p, ", ");
        put_type(p, d->ty2);
        putc_(p, ' ');
        put_value(p, a[0]);
        if (info->format == IR_FMT_EXTRACT) {
            puts_(p, ", ");
            putu(p, d->imm);
        }
        break;
    case IR_FMT_INSERT:
        putc_(p, ' ');
        put_type(p, d->ty);
        putc_(p, ' ');
        put_value(p, a[0]);
        puts_(p, ", ");
        put_type(p, d->ty2);
        putc_(p, ' ');
        put_value(p, a[1]);
        puts_(p, ", ");
        putu(p, d->imm);
        break;
    case IR_FMT_CALL:
        /* The callee's return type, without attributes (spec 11). */
        putc_(p, ' ');
        put_type(p, d->ty);
        putc_(p, ' ');
        put_sym(p, (IrSym){(uint32_t)d->imm});
        put_args(p, a, d->nargs);
        break;
    case IR_FMT_ICALL: {
        IrSig s = {(uint32_t)d->imm};
        const IrSigData *sd = ir_sig(p->m, s);
        putc_(p, ' ');
        put_ret(p, sd->ret, sd->ret_attrs);
        putc_(p, ' ');
        put_params(p, s);
        puts_(p, ", ptr ");
        if (d->nargs) {
            put_value(p, a[0]);
            put_args(p, a + 1, d->nargs - 1);
        } else {
            puts_(p, "%?0()");
        }
        break;
    }
    case IR_FMT_BR:
        putc_(p, ' ');
        if (d->ntargets)
            put_target(p, i, 0);
        break;
    case IR_FMT_CONDBR:
        puts_(p, " bool ");
        put_value(p, d->nargs ? a[0] : (IrValue){0});
        for (uint32_t t = 0; t < d->ntargets; t++) {
            puts_(p, ", ");
            put_target(p, i, t);
        }
        break;
    case IR_FMT_RET:
        if (d->nargs) {
            putc_(p, ' ');
            put_typed(p, a[0]);
        } else {
            puts_(p, " void");
        }
        break;
    }
}

/* ------------------------------------------------------------- items */

static void
put_header(Printer *p, const IrSymData *s, bool body)
{
    const IrSigData *sd = ir_sig(p->m, s->sig);
    if (s->internal)
        puts_(p, "internal ");
    puts_(p, "fn ");
    put_ret(p, sd->ret, sd->ret_attrs);
    puts_(p, " @");
    putstr(p, s->name);
    put_params(p, s->sig);
    if (body)
        puts_(p, " {");
    putc_(p, '\n');
}

static void
put_func(Printer *p, IrFunc *f)
{
    p->f = f;
    number(p, f);
    put_header(p, &p->m->syms.data[f->sym.id], true);
    uint32_t ns = ir_num_slots(f);
    for (uint32_t s = 1; s < ns; s++) {
        puts_(p, "  $");
        putstr(p, f->slots.data[s].name);
        puts_(p, " = stack ");
        put_type(p, f->slots.data[s].ty);
        putc_(p, '\n');
    }
    if (ns > 1)
        putc_(p, '\n');
    IR_FOR_BLOCKS(f, b) {
        if (b.id != f->layout.first.id)
            putc_(p, '\n');
        put_label(p, b);
        const IrBlockData *bd = ir_block(f, b);
        if (bd->nparams) {
            putc_(p, '(');
            for (uint32_t k = 0; k < bd->nparams; k++) {
                if (k)
                    puts_(p, ", ");
                put_typed(p, f->vpool.data[bd->params + k]);
            }
            putc_(p, ')');
        }
        puts_(p, ":\n");
        IR_FOR_INSTS(f, b, i) {
            puts_(p, "  ");
            put_inst(p, i);
            putc_(p, '\n');
        }
    }
    puts_(p, "}\n");
    p->f = NULL;
}

static void
put_data(Printer *p, const IrSymData *s)
{
    if (s->internal)
        puts_(p, "internal ");
    putc_(p, '@');
    putstr(p, s->name);
    switch (s->kind) {
    case IR_SYM_GLOBAL: puts_(p, " = global "); break;
    case IR_SYM_CONST: puts_(p, " = const "); break;
    default: puts_(p, " = extern "); break;
    }
    put_type(p, s->type);
    if (s->kind != IR_SYM_EXTERN) {
        putc_(p, ' ');
        if (s->init.id)
            put_init(p, s->init, s->type);
        else
            puts_(p, "zeroinit");
        if (s->align) {
            puts_(p, ", align ");
            putu(p, s->align);
        }
    }
    putc_(p, '\n');
}

static Printer *
printer_new(IrModule *m, FILE *out)
{
    Printer *p = xcalloc(1, sizeof *p);
    p->m = m;
    p->out = out;
    return p;
}

static void
printer_free(Printer *p)
{
    flush(p);
    free(p->num);
    VEC_FREE(p->stack);
    free(p);
}

void
ir_print_module(IrModule *m, FILE *out)
{
    Printer *p = printer_new(m, out);
    bool first = true, prev_def = false;
    for (uint32_t id = 1; id < m->syms.len; id++) {
        const IrSymData *s = &m->syms.data[id];
        if (s->dead)
            continue;
        bool def = s->kind == IR_SYM_FUNC && s->func;
        if (!first && (def || prev_def))
            putc_(p, '\n');
        first = false;
        prev_def = def;
        if (def)
            put_func(p, s->func);
        else if (s->kind == IR_SYM_FUNC)
            put_header(p, s, false);
        else
            put_data(p, s);
    }
    printer_free(p);
}

void
ir_print_func(IrFunc *f, FILE *out)
{
    Printer *p = printer_new(f->mod, out);
    put_func(p, f);
    printer_free(p);
}

/* Numbers the whole function on every call (linear), so the names match
 * the canonical text of the function; meant for diagnostics. */
void
ir_print_inst(IrFunc *f, IrInst i, FILE *out)
{
    Printer *p = printer_new(f->mod, out);
    p->f = f;
    number(p, f);
    put_inst(p, i);
    printer_free(p);
}

void
ir_print_values(IrFunc *f, const IrValue *v, uint32_t n, FILE *out)
{
    Printer *p = printer_new(f->mod, out);
    p->f = f;
    number(p, f);
    for (uint32_t k = 0; k < n; k++) {
        if (k)
            putc_(p, ' ');
        put_value(p, v[k]);
    }
    printer_free(p);
}
