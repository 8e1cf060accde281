/*
 * gas.c - GNU assembler output shared by the ELF targets: symbol names,
 * module data (spec 10) and function constant pools.
 *
 * Sections follow spec 10.5: writable data in .data (.bss when every
 * byte is zero or undef and there is no relocation), read-only data in
 * .rodata, or .data.rel.ro when it holds relocations.  Nothing goes in
 * mergeable sections: two const globals are always two objects.
 */
#include "target.h"

#include <inttypes.h>
#include <string.h>

void
tgt_gas_name(FILE *out, const char *name)
{
    bool bare = (name[0] >= 'A' && name[0] <= 'Z') ||
                (name[0] >= 'a' && name[0] <= 'z') || name[0] == '_' ||
                name[0] == '.';
    if (bare)
        fputs(name, out);
    else
        fprintf(out, "\"%s\"", name);
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
zero(FILE *out, uint64_t n)
{
    if (n)
        fprintf(out, "\t.zero %" PRIu64 "\n", n);
}

static void
emit_init(IrModule *m, IrType t, IrInit i, FILE *out)
{
    const IrInitData *d = ir_init_c(m, i);
    uint64_t size = ir_type_size(m, t);
    switch (d->kind) {
    case IR_INIT_ZERO: case IR_INIT_UNDEF: case IR_INIT_NULL:
        zero(out, size);
        return;
    case IR_INIT_INT: case IR_INIT_FLOAT: case IR_INIT_BOOL: {
        uint64_t bits = d->bits;
        if (d->kind == IR_INIT_INT && d->neg)
            bits = (uint64_t)0 - bits;
        static const char *const dir[9] = {
            [1] = "byte", [2] = "short", [4] = "long", [8] = "quad"};
        if (size == 1 || size == 2 || size == 4 || size == 8) {
            if (size < 8)
                bits &= (UINT64_C(1) << (8 * size)) - 1;
            fprintf(out, "\t.%s %" PRIu64 "\n", dir[size], bits);
        } else {
            zero(out, size);
        }
        return;
    }
    case IR_INIT_SYMREF: {
        fputs("\t.quad ", out);
        tgt_gas_name(out, ir_str(m, ir_sym_c(m, d->sym)->name));
        if (d->addend)
            fprintf(out, "%+" PRId64, d->addend);
        fputs("\n", out);
        return;
    }
    case IR_INIT_STRING: {
        const unsigned char *s = (const unsigned char *)ir_str(m, d->str);
        uint32_t n = ir_str_len(m, d->str);
        fputs("\t.ascii \"", out);
        for (uint32_t k = 0; k < n; k++) {
            if (s[k] >= 0x20 && s[k] < 0x7F && s[k] != '"' && s[k] != '\\')
                fputc(s[k], out);
            else
                fprintf(out, "\\%03o", s[k]);
        }
        fputs("\"\n", out);
        if (n < size)
            zero(out, size - n);
        return;
    }
    case IR_INIT_ARRAY:
    case IR_INIT_STRUCT: {
        uint64_t pos = 0;
        for (uint32_t k = 0; k < d->count; k++) {
            uint64_t off = ir_type_offset(m, t, k);
            IrType mt = ir_type_member(m, t, k);
            zero(out, off - pos);
            emit_init(m, mt, ir_init_child(m, i, k), out);
            pos = off + ir_type_size(m, mt);
        }
        zero(out, size - pos);
        return;
    }
    }
    zero(out, size);
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
tgt_gas_data(IrModule *m, FILE *out)
{
    for (uint32_t k = 1; k <= ir_num_syms(m); k++) {
        const IrSymData *sd = ir_sym_c(m, (IrSym){k});
        if (sd->dead || (sd->kind != IR_SYM_GLOBAL &&
                         sd->kind != IR_SYM_CONST))
            continue;
        const char *name = ir_str(m, sd->name);
        bool reloc = sd->init.id && has_reloc(m, sd->init);
        bool zeros = !sd->init.id || all_zero(m, sd->init);
        if (sd->kind == IR_SYM_GLOBAL)
            fputs(zeros && !reloc ? "\t.bss\n" : "\t.data\n", out);
        else if (reloc)
            fputs("\t.section .data.rel.ro,\"aw\"\n", out);
        else
            fputs("\t.section .rodata\n", out);
        if (!sd->internal) {
            fputs("\t.globl ", out);
            tgt_gas_name(out, name);
            fputs("\n", out);
        }
        uint32_t align = sd->align ? sd->align : ir_type_align(m, sd->type);
        uint64_t size = ir_type_size(m, sd->type);
        if (align > 1)
            fprintf(out, "\t.p2align %u\n", log2u(align));
        fputs("\t.type ", out);
        tgt_gas_name(out, name);
        fputs(",@object\n", out);
        tgt_gas_name(out, name);
        fputs(":\n", out);
        if (size == 0)
            fputs("\t.zero 1\n", out);
        else if (zeros && !reloc)
            zero(out, size);
        else
            emit_init(m, sd->type, sd->init, out);
        fputs("\t.size ", out);
        tgt_gas_name(out, name);
        fprintf(out, ", %" PRIu64 "\n", size ? size : 1);
    }
}

void
tgt_gas_consts(MirFunc *f, FILE *out)
{
    if (f->consts.len <= 1)
        return;
    fputs("\t.section .rodata\n", out);
    for (uint32_t k = 1; k < f->consts.len; k++) {
        MirConst *c = &f->consts.data[k];
        fprintf(out, "\t.p2align %u\n", c->size >= 16 ? 4 : c->size == 8 ? 3
                                                                          : 2);
        fprintf(out, ".LCP%u_%u:\n", f->fn_index, k);
        if (c->size == 4)
            fprintf(out, "\t.long %" PRIu32 "\n", (uint32_t)c->lo);
        else
            fprintf(out, "\t.quad %" PRIu64 "\n", c->lo);
        if (c->size == 16)
            fprintf(out, "\t.quad %" PRIu64 "\n", c->hi);
    }
}

/* The names GNU as gives the section symbols of sirc's output (.text,
 * .data and .bss exist in every file): a module symbol of that name
 * cannot be defined or referenced in the assembly.  Spec 10.5 allows
 * the names; sirc reports them as a construct this target's output
 * cannot express (only an object writer of our own could). */
void
tgt_gas_check_names(CgCtx *c)
{
    static const char *const sections[] = {
        ".text", ".data", ".bss", ".rodata", ".data.rel.ro",
        ".note.GNU-stack",
    };
    IrModule *m = c->m;
    for (uint32_t k = 1; k <= ir_num_syms(m); k++) {
        const IrSymData *sd = ir_sym_c(m, (IrSym){k});
        const char *name = ir_str(m, sd->name);
        for (size_t j = 0; !sd->dead && j < sizeof sections / sizeof *sections;
             j++)
            if (!strcmp(name, sections[j]))
                cg_error(c, sd->loc, "symbol '@%s' has the name of a section "
                         "of the GNU assembler output; it cannot be "
                         "emitted for this target", name);
    }
}
