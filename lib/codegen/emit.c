/*
 * emit.c - hands finalized MIR and module data to a sink (sink.h), in
 * the one order both sinks share.
 *
 * Data follows spec 10.5: writable data in DATA (BSS when every byte is
 * zero or undef and there is no relocation), read-only data in RODATA,
 * or RELRO when it holds relocations.  Nothing goes in mergeable
 * sections: two const globals are always two objects.
 */
#include "sink.h"

/* -g: the source position of every instruction.  Code the allocator
 * inserted has none of its own: a reload or rematerialisation takes
 * that of the instruction it serves (the next located one of its
 * block), anything else (spill stores) that of the code before it. */
static IrLoc *
inst_locs(MirFunc *f)
{
    IrLoc *eff = xcalloc(f->insts.len, sizeof *eff);
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        IrLoc next = {0};
        for (uint32_t k = bl->insts.len; k-- > 0;) {
            MirInst *in = mir_inst(f, bl->insts.data[k]);
            if (in->loc.line)
                next = in->loc;
            else if (in->flags & MIR_IF_REMAT)
                eff[bl->insts.data[k]] = next;
        }
    }
    IrLoc prev = {0};
    for (uint32_t b = 0; b < f->blocks.len; b++) {
        MirInstVec *v = b ? &f->blocks.data[b].insts : &f->prologue;
        if (b && !f->blocks.data[b].placed)
            continue;
        for (uint32_t k = 0; k < v->len; k++) {
            uint32_t i = v->data[k];
            IrLoc l = mir_inst(f, i)->loc;
            if (!l.line)
                l = eff[i].line ? eff[i] : prev;
            eff[i] = prev = l;
        }
    }
    return eff;
}

typedef struct {
    IrLoc *eff;
    uint32_t line, col;
    bool started, body;     /* a row written; the prologue is over */
} LocState;

/* Hands instruction i to the sink, after its line-table row when it
 * starts a new one (-g). */
static void
emit_inst(McSink *s, MirFunc *f, uint32_t i, LocState *ls)
{
    uint32_t lab = ls->eff && s->label ? cg_dwarf_label(s->ctx, i) : 0;
    if (lab)
        s->label(s, f, lab - 1);
    if (ls->eff && mir_inst(f, i)->op != f->target->op_cfi) {
        IrLoc l = ls->eff[i];
        unsigned fl = 0;
        if (ls->body) {
            fl |= CG_LOC_PROLOGUE_END;
            ls->body = false;
        }
        if (l.line && (!ls->started || l.line != ls->line))
            fl |= CG_LOC_STMT;
        if (!ls->started || l.line != ls->line || l.col != ls->col || fl)
            s->loc(s, f, l.line, l.col, fl);
        ls->started = true;
        ls->line = l.line;
        ls->col = l.col;
    }
    s->inst(s, f, i);
}

void
cg_emit_func(McSink *s, MirFunc *f)
{
    LocState ls = {0};
    if (s->ctx->dwarf && s->loc)
        ls.eff = inst_locs(f);
    s->func_begin(s, f);
    uint32_t lab = ls.eff && s->label ? cg_dwarf_label(s->ctx, CG_DW_BEGIN)
                                      : 0;
    if (lab)
        s->label(s, f, lab - 1);
    for (uint32_t k = 0; k < f->prologue.len; k++)
        emit_inst(s, f, f->prologue.data[k], &ls);
    ls.body = ls.eff != NULL;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (!bl->placed)
            continue;
        s->block(s, f, b);
        for (uint32_t k = 0; k < bl->insts.len; k++)
            emit_inst(s, f, bl->insts.data[k], &ls);
    }
    lab = ls.eff && s->label ? cg_dwarf_label(s->ctx, CG_DW_END) : 0;
    if (lab)
        s->label(s, f, lab - 1);
    free(ls.eff);
    s->func_end(s, f);
    if (f->consts.len <= 1)
        return;
    s->section(s, MC_SEC_RODATA);
    for (uint32_t k = 1; k < f->consts.len; k++) {
        MirConst *c = &f->consts.data[k];
        s->const_entry(s, f, k, c->size >= 16 ? 4 : c->size == 8 ? 3 : 2);
        s->data_int(s, c->lo, c->size == 4 ? 4 : 8);
        if (c->size == 16)
            s->data_int(s, c->hi, 8);
    }
}

static bool
has_reloc(IrModule *m, IrInit i)
{
    const IrInitData *d = ir_init_c(m, i);
    if (d->kind == IR_INIT_SYMREF)
        return true;
    if (d->kind == IR_INIT_STRUCT || d->kind == IR_INIT_ARRAY)
        for (uint32_t k = 0; k < d->count; k++)
            if (has_reloc(m, ir_init_child(m, i, k)))
                return true;
    return false;
}

static bool
all_zero(IrModule *m, IrInit i)
{
    const IrInitData *d = ir_init_c(m, i);
    switch (d->kind) {
    case IR_INIT_ZERO: case IR_INIT_UNDEF: case IR_INIT_NULL:
        return true;
    case IR_INIT_INT: case IR_INIT_FLOAT: case IR_INIT_BOOL:
        return d->bits == 0;
    case IR_INIT_STRING: {
        const char *s = ir_str(m, d->str);
        uint32_t n = ir_str_len(m, d->str);
        for (uint32_t k = 0; k < n; k++)
            if (s[k])
                return false;
        return true;
    }
    case IR_INIT_STRUCT: case IR_INIT_ARRAY:
        for (uint32_t k = 0; k < d->count; k++)
            if (!all_zero(m, ir_init_child(m, i, k)))
                return false;
        return true;
    default:
        return false;
    }
}

static void
zero(McSink *s, uint64_t n)
{
    if (n)
        s->data_zero(s, n);
}

static void
emit_init(McSink *s, IrModule *m, IrType t, IrInit i)
{
    const IrInitData *d = ir_init_c(m, i);
    uint64_t size = ir_type_size(m, t);
    switch (d->kind) {
    case IR_INIT_ZERO: case IR_INIT_UNDEF: case IR_INIT_NULL:
        zero(s, size);
        return;
    case IR_INIT_INT: case IR_INIT_FLOAT: case IR_INIT_BOOL: {
        uint64_t bits = d->bits;
        if (d->kind == IR_INIT_INT && d->neg)
            bits = (uint64_t)0 - bits;
        if (size == 1 || size == 2 || size == 4 || size == 8) {
            if (size < 8)
                bits &= (UINT64_C(1) << (8 * size)) - 1;
            s->data_int(s, bits, (unsigned)size);
        } else {
            zero(s, size);
        }
        return;
    }
    case IR_INIT_SYMREF:
        s->data_symref(s, d->sym, d->addend);
        return;
    case IR_INIT_STRING: {
        uint32_t n = ir_str_len(m, d->str);
        s->data_bytes(s, (const uint8_t *)ir_str(m, d->str), n);
        if (n < size)
            zero(s, size - n);
        return;
    }
    case IR_INIT_ARRAY:
    case IR_INIT_STRUCT: {
        uint64_t pos = 0;
        for (uint32_t k = 0; k < d->count; k++) {
            uint64_t off = ir_type_offset(m, t, k);
            IrType mt = ir_type_member(m, t, k);
            zero(s, off - pos);
            emit_init(s, m, mt, ir_init_child(m, i, k));
            pos = off + ir_type_size(m, mt);
        }
        zero(s, size - pos);
        return;
    }
    }
    zero(s, size);
}

static unsigned
log2u(uint32_t a)
{
    unsigned n = 0;
    while ((UINT32_C(1) << n) < a)
        n++;
    return n;
}

void
cg_emit_data(McSink *s, IrModule *m)
{
    for (uint32_t k = 1; k <= ir_num_syms(m); k++) {
        const IrSymData *sd = ir_sym_c(m, (IrSym){k});
        if (sd->dead || (sd->kind != IR_SYM_GLOBAL &&
                         sd->kind != IR_SYM_CONST))
            continue;
        bool reloc = sd->init.id && has_reloc(m, sd->init);
        bool zeros = !sd->init.id || all_zero(m, sd->init);
        if (sd->kind == IR_SYM_GLOBAL)
            s->section(s, zeros && !reloc ? MC_SEC_BSS : MC_SEC_DATA);
        else
            s->section(s, reloc ? MC_SEC_RELRO : MC_SEC_RODATA);
        uint32_t align = sd->align ? sd->align : ir_type_align(m, sd->type);
        uint64_t size = ir_type_size(m, sd->type);
        s->object_begin(s, (IrSym){k}, log2u(align));
        if (size == 0)
            s->data_zero(s, 1);
        else if (zeros && !reloc)
            zero(s, size);
        else
            emit_init(s, m, sd->type, sd->init);
        s->object_end(s, (IrSym){k}, size ? size : 1);
    }
}
