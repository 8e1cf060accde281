/*
 * textsink.c - the text sink: assembly in GNU as syntax for ELF, or in
 * Apple's (the syntax llvm-mc and Apple's as take) for Mach-O.
 * Directives are written here, instructions by the target's print_inst.
 *
 * Apple's dialect differs in the directives only: sections are
 * __SEGMENT,__section, symbols take a leading '_' and local labels 'L',
 * there is no .type/.size, zero-filled objects are one .zerofill, and
 * the file ends with .subsections_via_symbols (each symbol starts an
 * atom the linker may move or drop).
 */
#include "sink.h"

#include <inttypes.h>
#include <string.h>

typedef struct {
    FILE *out;
    const Target *t;
    bool apple;
    McSection sec;
    uint64_t zeros;     /* Apple: bytes of the pending .zerofill */
    unsigned zlog2;
    bool nostmt;        /* -g: the last .loc said is_stmt 0 */
} TextSink;

static TextSink *
ts_of(McSink *s)
{
    return s->priv;
}

static FILE *
out_of(McSink *s)
{
    return ts_of(s)->out;
}

void
cg_print_symname(FILE *out, const char *prefix, const char *name)
{
    /* after a prefix ("_" on Mach-O) every SIR name is bare (10.5) */
    bool bare = *prefix || (name[0] >= 'A' && name[0] <= 'Z') ||
                (name[0] >= 'a' && name[0] <= 'z') || name[0] == '_' ||
                name[0] == '.';
    if (bare)
        fprintf(out, "%s%s", prefix, name);
    else
        fprintf(out, "\"%s%s\"", prefix, name);
}

void
cg_print_cfi(FILE *out, MirFunc *f, uint32_t i, const char *regprefix)
{
    MirInst *in = mir_inst(f, i);
    int64_t off = mir_opnd(f, i, 0)->imm;
    uint32_t r = in->nopnds > 1 ? mir_opnd(f, i, 1)->reg : 0;
    const char *rn = f->target->regs->names[r];
    switch (in->cond) {
    case MIR_CFI_DEF_CFA_OFFSET:
        fprintf(out, "\t.cfi_def_cfa_offset %" PRId64 "\n", off);
        return;
    case MIR_CFI_DEF_CFA_REGISTER:
        fprintf(out, "\t.cfi_def_cfa_register %s%s", regprefix, rn);
        break;
    case MIR_CFI_DEF_CFA:
        fprintf(out, "\t.cfi_def_cfa %s%s, %" PRId64, regprefix, rn, off);
        break;
    case MIR_CFI_OFFSET:
        fprintf(out, "\t.cfi_offset %s%s, %" PRId64, regprefix, rn, off);
        break;
    case MIR_CFI_REMEMBER:
        fputs("\t.cfi_remember_state", out);
        break;
    case MIR_CFI_RESTORE_STATE:
        fputs("\t.cfi_restore_state", out);
        break;
    }
    fputs("\n", out);
}

static void
symname(McSink *s, IrSym sym)
{
    IrModule *m = s->ctx->m;
    cg_print_symname(out_of(s), ts_of(s)->t->sym_prefix,
                     ir_str(m, ir_sym_c(m, sym)->name));
}

/* The names GNU as gives the section symbols of the output (.text,
 * .data and .bss exist in every file): a module symbol of that name
 * cannot be defined or referenced in the assembly.  Spec 10.5 allows
 * the names; the text output reports them as a construct it cannot
 * express (objects written by sirc itself can). */
static void
check_names(CgCtx *c)
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

/* A string inside double quotes, without what cannot be spelled. */
static void
quoted(FILE *out, const char *s)
{
    for (const char *p = s; *p; p++)
        if (*p != '"' && *p != '\\' && (unsigned char)*p >= 0x20)
            fputc(*p, out);
}

static void
t_begin(McSink *s, CgCtx *c)
{
    FILE *out = out_of(s);
    if (!ts_of(s)->apple)
        check_names(c);
    else
        fputs("\t.build_version macos, 11, 0\n", out);
    if (c->opt->file) {
        fputs("\t.file \"", out);
        quoted(out, c->opt->file);
        fputs("\"\n", out);
    }
    if (c->dwarf) {
        /* the line table's files: 0 (DWARF 5) and 1, the .sir file */
        const char *file = c->opt->file ? c->opt->file : "<stdin>";
        /* llvm-mc takes file 0 only at -dwarf-version=5 */
        if (c->opt->debug >= 5 && !ts_of(s)->apple) {
            fputs("\t.file 0 \"", out);
            quoted(out, cg_dwarf_dir(c));
            fputs("\" \"", out);
            quoted(out, file);
            fputs("\"\n", out);
        }
        fputs("\t.file 1 \"", out);
        quoted(out, file);
        fputs("\"\n", out);
    }
}

static void
t_func_begin(McSink *s, MirFunc *f)
{
    FILE *out = out_of(s);
    bool apple = ts_of(s)->apple;
    fputs(apple ? "\n\t.section __TEXT,__text,regular,pure_instructions\n"
                : "\n\t.text\n", out);
    if (!ir_sym_c(f->mod, f->sym)->internal) {
        fputs("\t.globl ", out);
        symname(s, f->sym);
        fputs("\n", out);
    }
    fputs(ts_of(s)->t->func_align, out);
    if (!apple) {
        fputs("\t.type ", out);
        symname(s, f->sym);
        fputs(",@function\n", out);
    }
    symname(s, f->sym);
    fputs(":\n", out);
    /* -g: the DWARF names the function's range by temporary labels,
     * which Mach-O resolves within the atom */
    if (s->ctx->dwarf)
        fprintf(out, "%sfunc_begin%u:\n", ts_of(s)->t->label_prefix,
                f->fn_index);
    fputs("\t.cfi_startproc\n", out);
}

static void
t_func_end(McSink *s, MirFunc *f)
{
    FILE *out = out_of(s);
    if (s->ctx->dwarf)
        fprintf(out, "%sfunc_end%u:\n", ts_of(s)->t->label_prefix,
                f->fn_index);
    fputs("\t.cfi_endproc\n", out);
    if (ts_of(s)->apple)
        return;
    fputs("\t.size ", out);
    symname(s, f->sym);
    fputs(", .-", out);
    symname(s, f->sym);
    fputs("\n", out);
}

static void
t_block(McSink *s, MirFunc *f, uint32_t b)
{
    FILE *out = out_of(s);
    MirBlock *bl = &f->blocks.data[b];
    if (bl->align_log2)
        fprintf(out, "\t.p2align %u,,%u\n", bl->align_log2, bl->align_max);
    fprintf(out, "%sBB%u_%u:", ts_of(s)->t->label_prefix, f->fn_index, b);
    if (bl->label)
        fprintf(out, "\t\t\t%s %s", ts_of(s)->t->comment,
                ir_str(f->mod, bl->label));
    fputs("\n", out);
}

static void
t_loc(McSink *s, MirFunc *f, uint32_t line, uint32_t col, unsigned flags)
{
    TextSink *ts = ts_of(s);
    bool stmt = flags & CG_LOC_STMT;
    /* is_stmt is spelled whenever it is 0 and on the row after: GNU as
     * keeps it from one .loc to the next, llvm-mc does not */
    fprintf(ts->out, "\t.loc 1 %u %u%s%s\n", line, col,
            !stmt ? " is_stmt 0" : ts->nostmt ? " is_stmt 1" : "",
            flags & CG_LOC_PROLOGUE_END ? " prologue_end" : "");
    ts->nostmt = !stmt;
    (void)f;
}

static void
t_label(McSink *s, MirFunc *f, uint32_t id)
{
    fprintf(out_of(s), "%sdbg%u:\n", ts_of(s)->t->label_prefix, id);
    (void)f;
}

static void
t_inst(McSink *s, MirFunc *f, uint32_t i)
{
    f->target->print_inst(f, i, out_of(s));
}

static void
t_const_entry(McSink *s, MirFunc *f, uint32_t k, unsigned log2)
{
    fprintf(out_of(s), "\t.p2align %u\n%sCP%u_%u:\n", log2,
            ts_of(s)->t->label_prefix, f->fn_index, k);
}

static void
t_section(McSink *s, McSection sec)
{
    static const char *const dir[2][MC_NSEC] = {{
        [MC_SEC_TEXT] = "\t.text\n",
        [MC_SEC_DATA] = "\t.data\n",
        [MC_SEC_RODATA] = "\t.section .rodata\n",
        [MC_SEC_RELRO] = "\t.section .data.rel.ro,\"aw\"\n",
        [MC_SEC_BSS] = "\t.bss\n",
    }, {
        [MC_SEC_TEXT] = "\t.section __TEXT,__text,regular,pure_instructions\n",
        [MC_SEC_DATA] = "\t.section __DATA,__data\n",
        [MC_SEC_RODATA] = "\t.section __TEXT,__const\n",
        [MC_SEC_RELRO] = "\t.section __DATA,__const\n",
        [MC_SEC_BSS] = "",     /* each object is one .zerofill */
    }};
    TextSink *ts = ts_of(s);
    ts->sec = sec;
    fputs(dir[ts->apple][sec], ts->out);
}

static void
t_object_begin(McSink *s, IrSym sym, unsigned log2)
{
    TextSink *ts = ts_of(s);
    FILE *out = ts->out;
    if (!ir_sym_c(s->ctx->m, sym)->internal) {
        fputs("\t.globl ", out);
        symname(s, sym);
        fputs("\n", out);
    }
    if (ts->apple && ts->sec == MC_SEC_BSS) {
        ts->zeros = 0;
        ts->zlog2 = log2;
        return;
    }
    if (log2)
        fprintf(out, "\t.p2align %u\n", log2);
    if (!ts->apple) {
        fputs("\t.type ", out);
        symname(s, sym);
        fputs(",@object\n", out);
    }
    symname(s, sym);
    fputs(":\n", out);
}

static void
t_object_end(McSink *s, IrSym sym, uint64_t size)
{
    TextSink *ts = ts_of(s);
    FILE *out = ts->out;
    if (ts->apple) {
        if (ts->sec == MC_SEC_BSS) {
            fputs("\t.zerofill __DATA,__bss,", out);
            symname(s, sym);
            fprintf(out, ",%" PRIu64 ",%u\n", size, ts->zlog2);
        }
        return;
    }
    fputs("\t.size ", out);
    symname(s, sym);
    fprintf(out, ", %" PRIu64 "\n", size);
}

static void
t_data_int(McSink *s, uint64_t v, unsigned size)
{
    static const char *const dir[9] = {
        [1] = "byte", [2] = "short", [4] = "long", [8] = "quad"};
    fprintf(out_of(s), "\t.%s %" PRIu64 "\n", dir[size], v);
}

static void
t_data_zero(McSink *s, uint64_t n)
{
    TextSink *ts = ts_of(s);
    if (ts->apple && ts->sec == MC_SEC_BSS)
        ts->zeros += n;
    else
        fprintf(ts->out, "\t.zero %" PRIu64 "\n", n);
}

static void
t_data_bytes(McSink *s, const uint8_t *p, uint32_t n)
{
    FILE *out = out_of(s);
    fputs("\t.ascii \"", out);
    for (uint32_t k = 0; k < n; k++) {
        if (p[k] >= 0x20 && p[k] < 0x7F && p[k] != '"' && p[k] != '\\')
            fputc(p[k], out);
        else
            fprintf(out, "\\%03o", p[k]);
    }
    fputs("\"\n", out);
}

static void
t_data_symref(McSink *s, IrSym sym, int64_t addend)
{
    FILE *out = out_of(s);
    fputs("\t.quad ", out);
    symname(s, sym);
    if (addend)
        fprintf(out, "%+" PRId64, addend);
    fputs("\n", out);
}

/* -g: the debug sections as data, the fields the assembler fills
 * spelled as expressions. */
static void
debug_sections(McSink *s)
{
    static const char *const names[CG_DW_NSEC] = {
        "info", "abbrev", "line", "str", "line_str", "loclists", "loc"};
    TextSink *ts = ts_of(s);
    FILE *out = ts->out;
    CgCtx *c = s->ctx;
    const char *lp = ts->t->label_prefix;
    CgDwSection sec[CG_DW_NSEC];
    memset(sec, 0, sizeof sec);
    cg_dwarf_sections(c, sec, NULL);
    uint32_t nset = 0;      /* Apple: .set names */
    for (int k = 0; k < CG_DW_NSEC; k++) {
        CgDwSection *d = &sec[k];
        /* .debug_line exists (the assembler fills it): its start is
         * what DW_AT_stmt_list names */
        if (!d->bytes.len && k + OBJ_SEC_DEBUG_INFO != OBJ_SEC_DEBUG_LINE)
            continue;
        if (ts->apple)
            fprintf(out, "\t.section __DWARF,__debug_%s,regular,debug\n",
                    names[k]);
        else
            fprintf(out, "\t.section .debug_%s,\"\",@progbits\n", names[k]);
        fprintf(out, "%sdebug_%s0:\n", lp, names[k]);
        uint32_t fx = 0, run = 0;
        for (size_t at = 0; at < d->bytes.len;) {
            if (fx < d->fix.len && d->fix.data[fx].off == at) {
                const CgDwFix *x = &d->fix.data[fx++];
                if (run)
                    fputs("\n", out);
                run = 0;
                switch (x->kind) {
                case CG_DW_SECOFF:
                    /* Mach-O: DWARF section offsets are plain numbers */
                    if (ts->apple)
                        fprintf(out, "\t.long %lld\n", (long long)x->addend);
                    else
                        fprintf(out, "\t.long %sdebug_%s0+%lld\n", lp,
                                names[x->sec - OBJ_SEC_DEBUG_INFO],
                                (long long)x->addend);
                    at += 4;
                    break;
                case CG_DW_ADDR:
                    fprintf(out, "\t.quad %sfunc_begin%u", lp, x->fn_index);
                    if (x->addend)
                        fprintf(out, "+%lld", (long long)x->addend);
                    fputs("\n", out);
                    at += 8;
                    break;
                case CG_DW_SPAN:
                    /* Apple: .set makes the assembler fold the
                     * difference (no SUBTRACTOR pair), as clang does */
                    if (ts->apple)
                        fprintf(out, "\t.set Ldbg_set%u, Lfunc_end%u-"
                                "Lfunc_begin%u\n\t.long Ldbg_set%u\n", nset,
                                x->fn_index2, x->fn_index, nset);
                    else
                        fprintf(out, "\t.long .Lfunc_end%u-.Lfunc_begin%u\n",
                                x->fn_index2, x->fn_index);
                    nset++;
                    at += 4;
                    break;
                case CG_DW_LABEL:
                    fprintf(out, "\t.quad %sdbg%u\n", lp, x->sym);
                    at += 8;
                    break;
                case CG_DW_LDIFF:
                    if (ts->apple && x->size == 8)
                        fprintf(out, "\t.set Ldbg_set%u, Ldbg%u-Ldbg%u\n"
                                "\t.quad Ldbg_set%u\n", nset, x->sym,
                                x->sym2, nset);
                    else
                        fprintf(out, "\t.quad %sdbg%u-%sdbg%u\n", lp,
                                x->sym, lp, x->sym2);
                    nset++;
                    at += x->size;
                    break;
                default:
                    CG_BUG("text sink: debug field kind %d", x->kind);
                }
                continue;
            }
            fprintf(out, run ? ",%u" : "\t.byte %u", d->bytes.data[at++]);
            if (++run == 16) {
                fputs("\n", out);
                run = 0;
            }
        }
        if (run)
            fputs("\n", out);
        cg_dwarf_section_free(d);
    }
}

static bool
t_finish(McSink *s)
{
    if (s->ctx->dwarf)
        debug_sections(s);
    fputs(ts_of(s)->apple ? "\t.subsections_via_symbols\n"
                          : "\t.section .note.GNU-stack,\"\",@progbits\n",
          out_of(s));
    return true;
}

void
cg_text_sink(McSink *s, FILE *out, const Target *t)
{
    TextSink *ts = xcalloc(1, sizeof *ts);
    ts->out = out;
    ts->t = t;
    ts->apple = t->obj_format == OBJ_MACHO;
    *s = (McSink){
        .begin = t_begin, .func_begin = t_func_begin,
        .func_end = t_func_end, .block = t_block, .inst = t_inst,
        .const_entry = t_const_entry, .section = t_section,
        .object_begin = t_object_begin, .object_end = t_object_end,
        .data_int = t_data_int, .data_zero = t_data_zero,
        .data_bytes = t_data_bytes, .data_symref = t_data_symref,
        .finish = t_finish, .loc = t_loc, .label = t_label,
        .priv = ts,
    };
}

void
cg_text_sink_free(McSink *s)
{
    free(s->priv);
    s->priv = NULL;
}
