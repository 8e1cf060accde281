/*
 * dwarf.c - the debug information of `sirc -g` (DWARF 4 or 5), built
 * once for both sinks: the program is described in terms of the .sir
 * text itself, every instruction at the line and column of the SIR
 * instruction it was selected from.
 *
 *   .debug_info   one compile unit naming the .sir file, its directory
 *                 and the producer "sir VERSION"; one subprogram per
 *                 function (name, address range, frame base %rbp / x29,
 *                 declaration line), its named entry-block parameters
 *                 (formal parameters without a location: the allocator
 *                 does not yet say where they live, so a debugger shows
 *                 <optimized out>, never a wrong value) and one variable
 *                 per stack slot ($x) at its frame offset (DW_OP_fbreg);
 *                 base, pointer, structure and array types for the SIR
 *                 types used.  Strings are inline (DW_FORM_string).
 *   .debug_abbrev the fixed abbreviation table below.
 *   .debug_line   objects only (text output has the assembler build it
 *                 from .loc): one sequence over the text section with
 *                 the header GNU as writes for .file 0 / .file 1.
 *
 * Fields only a sink can fill (addresses, function sizes, offsets into
 * other debug sections) are left zero and listed as CgDwFix records.
 */
#include "sink.h"

#include <string.h>
#include <unistd.h>

enum {
    /* tags */
    TAG_array_type = 0x01, TAG_formal_parameter = 0x05, TAG_member = 0x0d,
    TAG_pointer_type = 0x0f, TAG_compile_unit = 0x11,
    TAG_structure_type = 0x13, TAG_subrange_type = 0x21,
    TAG_base_type = 0x24, TAG_subprogram = 0x2e, TAG_variable = 0x34,
    /* attributes */
    AT_location = 0x02, AT_name = 0x03, AT_byte_size = 0x0b,
    AT_stmt_list = 0x10, AT_low_pc = 0x11, AT_high_pc = 0x12,
    AT_language = 0x13, AT_comp_dir = 0x1b, AT_producer = 0x25,
    AT_count = 0x37, AT_data_member_location = 0x38, AT_decl_file = 0x3a,
    AT_decl_line = 0x3b, AT_encoding = 0x3e, AT_external = 0x3f,
    AT_frame_base = 0x40, AT_type = 0x49,
    /* forms */
    FORM_addr = 0x01, FORM_data2 = 0x05, FORM_data4 = 0x06,
    FORM_string = 0x08, FORM_data1 = 0x0b, FORM_flag = 0x0c,
    FORM_udata = 0x0f, FORM_ref4 = 0x13, FORM_sec_offset = 0x17,
    FORM_exprloc = 0x18,
    /* base type encodings */
    ATE_boolean = 0x02, ATE_float = 0x04, ATE_signed = 0x05,
    LANG_C99 = 0x0c,
    OP_fbreg = 0x91, OP_breg0 = 0x70, OP_reg0 = 0x50,
    /* line program */
    LNS_copy = 1, LNS_advance_pc = 2, LNS_advance_line = 3,
    LNS_set_column = 5, LNS_negate_stmt = 6, LNS_set_prologue_end = 10,
    LNE_end_sequence = 1, LNE_set_address = 2,
    LNCT_path = 1, LNCT_directory_index = 2,
    LINE_BASE = -5, LINE_RANGE = 14, OPCODE_BASE = 13,
};

/* Abbreviation codes: one per DIE shape. */
enum {
    AB_CU = 1, AB_CU_NOPC, AB_SUB, AB_SUB_VOID, AB_PARAM, AB_VAR,
    AB_BASE, AB_PTR, AB_STRUCT, AB_MEMBER, AB_ARRAY, AB_SUBRANGE,
};

/* code, tag, children, then (attribute, form) pairs, 0-terminated */
static const uint8_t abbrevs[][24] = {
    {AB_CU, TAG_compile_unit, 1, AT_producer, FORM_string, AT_language,
     FORM_data2, AT_name, FORM_string, AT_comp_dir, FORM_string,
     AT_stmt_list, FORM_sec_offset, AT_low_pc, FORM_addr, AT_high_pc,
     FORM_data4},
    {AB_CU_NOPC, TAG_compile_unit, 1, AT_producer, FORM_string, AT_language,
     FORM_data2, AT_name, FORM_string, AT_comp_dir, FORM_string,
     AT_stmt_list, FORM_sec_offset},
    {AB_SUB, TAG_subprogram, 1, AT_low_pc, FORM_addr, AT_high_pc,
     FORM_data4, AT_frame_base, FORM_exprloc, AT_name, FORM_string,
     AT_decl_file, FORM_data1, AT_decl_line, FORM_udata, AT_external,
     FORM_flag, AT_type, FORM_ref4},
    {AB_SUB_VOID, TAG_subprogram, 1, AT_low_pc, FORM_addr, AT_high_pc,
     FORM_data4, AT_frame_base, FORM_exprloc, AT_name, FORM_string,
     AT_decl_file, FORM_data1, AT_decl_line, FORM_udata, AT_external,
     FORM_flag},
    {AB_PARAM, TAG_formal_parameter, 0, AT_name, FORM_string, AT_decl_file,
     FORM_data1, AT_decl_line, FORM_udata, AT_type, FORM_ref4},
    {AB_VAR, TAG_variable, 0, AT_name, FORM_string, AT_decl_file,
     FORM_data1, AT_decl_line, FORM_udata, AT_type, FORM_ref4,
     AT_location, FORM_exprloc},
    {AB_BASE, TAG_base_type, 0, AT_name, FORM_string, AT_encoding,
     FORM_data1, AT_byte_size, FORM_data1},
    {AB_PTR, TAG_pointer_type, 0, AT_byte_size, FORM_data1},
    {AB_STRUCT, TAG_structure_type, 1, AT_name, FORM_string, AT_byte_size,
     FORM_udata},
    {AB_MEMBER, TAG_member, 0, AT_name, FORM_string, AT_type, FORM_ref4,
     AT_data_member_location, FORM_udata},
    {AB_ARRAY, TAG_array_type, 1, AT_type, FORM_ref4},
    {AB_SUBRANGE, TAG_subrange_type, 0, AT_type, FORM_ref4, AT_count,
     FORM_udata},
};

typedef struct {
    uint32_t name;          /* interned */
    IrType ty;
    uint32_t line;
    bool param;
    int64_t off;            /* variables: from the frame base */
} DwVar;

typedef struct {
    IrSym sym;
    uint32_t fn_index;
    uint32_t line;
    uint32_t first, nvars;  /* in CgDwarf.vars */
} DwFunc;

struct CgDwarf {
    VEC(DwFunc) funcs;
    VEC(DwVar) vars;
    char *dir;              /* the compilation directory */
};

struct CgDwarf *
cg_dwarf_new(CgCtx *c)
{
    struct CgDwarf *d = xcalloc(1, sizeof *d);
    const char *dir = c->opt->comp_dir;
    char buf[4096];
    if (!dir)
        dir = getcwd(buf, sizeof buf) ? buf : ".";
    d->dir = xmalloc(strlen(dir) + 1);
    strcpy(d->dir, dir);
    return d;
}

void
cg_dwarf_free(struct CgDwarf *d)
{
    if (!d)
        return;
    VEC_FREE(d->funcs);
    VEC_FREE(d->vars);
    free(d->dir);
    free(d);
}

const char *
cg_dwarf_dir(CgCtx *c)
{
    return c->dwarf->dir;
}

void
cg_dwarf_func(CgCtx *c, MirFunc *f)
{
    struct CgDwarf *d = c->dwarf;
    IrFunc *irf = c->irf;
    DwFunc df = {.sym = f->sym, .fn_index = f->fn_index,
                 .line = irf->loc.line, .first = d->vars.len};
    IrBlock e = ir_layout_entry(irf);
    if (e.id) {
        IrBlockData *bd = ir_block(irf, e);
        for (uint32_t p = 0; p < bd->nparams; p++) {
            IrValue v = ir_block_param(irf, e, p);
            IrValueData *vd = ir_value(irf, v);
            if (!vd->name)
                continue;
            DwVar x = {.name = vd->name, .ty = vd->ty, .line = bd->loc.line,
                       .param = true};
            VEC_PUSH(d->vars, x);
        }
    }
    for (uint32_t k = 1; k < ir_num_slots(irf); k++) {
        IrSlotData *sd = ir_slot(irf, (IrSlot){k});
        if (!c->slotobj[k] || !sd->name)
            continue;
        DwVar x = {.name = sd->name, .ty = sd->ty, .line = sd->loc.line,
                   .off = f->frame.data[c->slotobj[k]].offset};
        VEC_PUSH(d->vars, x);
    }
    df.nvars = d->vars.len - df.first;
    VEC_PUSH(d->funcs, df);
}

/* ------------------------------------------------------------ bytes */

static void
str(ObjBuf *b, const char *s)
{
    obj_buf_put(b, s, strlen(s) + 1);
}

static void
fix(CgDwSection *s, CgDwFix x, unsigned size)
{
    x.off = (uint32_t)s->bytes.len;
    VEC_PUSH(s->fix, x);
    for (unsigned k = 0; k < size; k++)
        obj_buf_u8(&s->bytes, 0);
}

static void
put32at(ObjBuf *b, size_t at, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        b->data[at + k] = (uint8_t)(v >> 8 * k);
}

/* ------------------------------------------------------------ types */

/* The type DIEs: each SIR type used gets one, emitted after the
 * subprograms; ref4 fields naming a type are patched at the end. */
typedef struct {
    VEC(uint32_t) ids;      /* IrType ids in order of first use */
    VEC(uint32_t) offs;     /* their DIE offsets (0: not yet written) */
    VEC(uint32_t) patch;    /* (field offset, index in ids) pairs */
} Types;

static uint32_t
type_index(Types *t, IrType ty)
{
    for (uint32_t k = 0; k < t->ids.len; k++)
        if (t->ids.data[k] == ty.id)
            return k;
    VEC_PUSH(t->ids, ty.id);
    VEC_PUSH(t->offs, 0);
    return t->ids.len - 1;
}

/* A ref4 to type ty at the end of b. */
static void
type_ref(Types *t, ObjBuf *b, IrType ty)
{
    uint32_t k = type_index(t, ty);
    VEC_PUSH(t->patch, (uint32_t)b->len);
    VEC_PUSH(t->patch, k);
    obj_buf_u32(b, 0);
}

static void
type_die(IrModule *m, Types *t, ObjBuf *b, uint32_t k)
{
    IrType ty = {t->ids.data[k]};
    char name[64];
    t->offs.data[k] = (uint32_t)b->len;
    switch (ir_type_kind(m, ty)) {
    case IR_TY_BOOL: case IR_TY_I8: case IR_TY_I16: case IR_TY_I32:
    case IR_TY_I64: case IR_TY_F32: case IR_TY_F64:
        obj_buf_uleb(b, AB_BASE);
        str(b, ir_type_str(m, ty, name, sizeof name));
        obj_buf_u8(b, ir_type_kind(m, ty) == IR_TY_BOOL ? ATE_boolean
                      : ir_type_is_float(ty)           ? ATE_float
                                                       : ATE_signed);
        obj_buf_u8(b, (uint8_t)ir_type_size(m, ty));
        return;
    case IR_TY_PTR:
        obj_buf_uleb(b, AB_PTR);
        obj_buf_u8(b, 8);
        return;
    case IR_TY_ARRAY:
        obj_buf_uleb(b, AB_ARRAY);
        type_ref(t, b, ir_type_elem(m, ty));
        obj_buf_uleb(b, AB_SUBRANGE);
        type_ref(t, b, IR_T_I64);
        obj_buf_uleb(b, ir_type_nmembers(m, ty));
        obj_buf_u8(b, 0);
        return;
    case IR_TY_STRUCT: {
        obj_buf_uleb(b, AB_STRUCT);
        char sname[256];
        str(b, ir_type_str(m, ty, sname, sizeof sname));
        obj_buf_uleb(b, ir_type_size(m, ty));
        for (uint64_t j = 0; j < ir_type_nmembers(m, ty); j++) {
            obj_buf_uleb(b, AB_MEMBER);
            snprintf(name, sizeof name, "f%llu", (unsigned long long)j);
            str(b, name);
            type_ref(t, b, ir_type_member(m, ty, j));
            obj_buf_uleb(b, ir_type_offset(m, ty, j));
        }
        obj_buf_u8(b, 0);
        return;
    }
    default:
        /* void: never referenced (void functions have no DW_AT_type) */
        obj_buf_uleb(b, AB_PTR);
        obj_buf_u8(b, 8);
        return;
    }
}

/* ------------------------------------------------------------ .debug_info */

static void
abbrev_table(ObjBuf *b)
{
    for (size_t k = 0; k < sizeof abbrevs / sizeof *abbrevs; k++) {
        const uint8_t *a = abbrevs[k];
        obj_buf_uleb(b, a[0]);
        obj_buf_uleb(b, a[1]);
        obj_buf_u8(b, a[2]);
        for (int j = 3; j + 1 < 24 && a[j]; j += 2) {
            obj_buf_uleb(b, a[j]);
            obj_buf_uleb(b, a[j + 1]);
        }
        obj_buf_u8(b, 0);
        obj_buf_u8(b, 0);
    }
    obj_buf_u8(b, 0);
}

/* A frame-base-relative location expression: DW_OP_fbreg off. */
static void
fbreg(ObjBuf *b, int64_t off)
{
    ObjBuf e = {0};
    obj_buf_u8(&e, OP_fbreg);
    obj_buf_sleb(&e, off);
    obj_buf_uleb(b, e.len);
    obj_buf_put(b, e.data, e.len);
    free(e.data);
}

static void
name_of(ObjBuf *b, IrModule *m, uint32_t name)
{
    str(b, ir_str(m, name));
}

void
cg_dwarf_sections(CgCtx *c, CgDwSection *sec)
{
    struct CgDwarf *d = c->dwarf;
    IrModule *m = c->m;
    const Target *t = c->opt->target;
    CgDwSection *info = &sec[OBJ_SEC_DEBUG_INFO - OBJ_SEC_DEBUG_INFO];
    CgDwSection *abbr = &sec[OBJ_SEC_DEBUG_ABBREV - OBJ_SEC_DEBUG_INFO];
    ObjBuf *b = &info->bytes;
    unsigned version = c->opt->debug >= 5 ? 5 : 4;
    abbrev_table(&abbr->bytes);

    obj_buf_u32(b, 0);                  /* unit_length, patched */
    obj_buf_u16(b, (uint16_t)version);
    if (version >= 5) {
        obj_buf_u8(b, 1);               /* DW_UT_compile */
        obj_buf_u8(b, 8);
    }
    fix(info, (CgDwFix){.kind = CG_DW_SECOFF, .sec = OBJ_SEC_DEBUG_ABBREV},
        4);
    if (version < 5)
        obj_buf_u8(b, 8);

    uint32_t nf = d->funcs.len;
    obj_buf_uleb(b, nf ? AB_CU : AB_CU_NOPC);
    str(b, "sir " SIR_VERSION);
    obj_buf_u16(b, LANG_C99);
    str(b, c->opt->file ? c->opt->file : "<stdin>");
    str(b, d->dir);
    fix(info, (CgDwFix){.kind = CG_DW_SECOFF, .sec = OBJ_SEC_DEBUG_LINE}, 4);
    if (nf) {
        /* functions are emitted in order, one after the other */
        DwFunc *f0 = &d->funcs.data[0], *fl = &d->funcs.data[nf - 1];
        fix(info, (CgDwFix){.kind = CG_DW_ADDR, .sym = f0->sym.id,
                            .fn_index = f0->fn_index}, 8);
        fix(info, (CgDwFix){.kind = CG_DW_SPAN, .sym = f0->sym.id,
                            .fn_index = f0->fn_index, .sym2 = fl->sym.id,
                            .fn_index2 = fl->fn_index}, 4);
    }

    Types ty = {0};
    uint8_t fpreg = t->dwarf_regs ? t->dwarf_regs[t->reg_fp] : 6;
    for (uint32_t k = 0; k < nf; k++) {
        DwFunc *f = &d->funcs.data[k];
        const IrSymData *sd = ir_sym_c(m, f->sym);
        IrType ret = ir_sig(m, sd->sig)->ret;
        bool isvoid = ir_type_kind(m, ret) == IR_TY_VOID;
        obj_buf_uleb(b, isvoid ? AB_SUB_VOID : AB_SUB);
        fix(info, (CgDwFix){.kind = CG_DW_ADDR, .sym = f->sym.id,
                            .fn_index = f->fn_index}, 8);
        fix(info, (CgDwFix){.kind = CG_DW_SPAN, .sym = f->sym.id,
                            .fn_index = f->fn_index, .sym2 = f->sym.id,
                            .fn_index2 = f->fn_index}, 4);
        obj_buf_uleb(b, 1);             /* exprloc: DW_OP_regN fp */
        obj_buf_u8(b, (uint8_t)(OP_reg0 + fpreg));
        name_of(b, m, sd->name);
        obj_buf_u8(b, 1);
        obj_buf_uleb(b, f->line);
        obj_buf_u8(b, !sd->internal);
        if (!isvoid)
            type_ref(&ty, b, ret);
        for (uint32_t j = 0; j < f->nvars; j++) {
            DwVar *v = &d->vars.data[f->first + j];
            obj_buf_uleb(b, v->param ? AB_PARAM : AB_VAR);
            name_of(b, m, v->name);
            obj_buf_u8(b, 1);
            obj_buf_uleb(b, v->line);
            type_ref(&ty, b, v->ty);
            if (!v->param)
                fbreg(b, v->off);
        }
        obj_buf_u8(b, 0);
    }
    for (uint32_t k = 0; k < ty.ids.len; k++)
        type_die(m, &ty, b, k);
    obj_buf_u8(b, 0);                   /* end of the CU's children */
    for (uint32_t k = 0; k < ty.patch.len; k += 2)
        put32at(b, ty.patch.data[k], ty.offs.data[ty.patch.data[k + 1]]);
    put32at(b, 0, (uint32_t)(b->len - 4));
    VEC_FREE(ty.ids);
    VEC_FREE(ty.offs);
    VEC_FREE(ty.patch);
}

/* ------------------------------------------------------------ .debug_line */

void
cg_dwarf_line(CgCtx *c, const CgDwRow *rows, uint32_t n, uint64_t end,
              CgDwSection *out)
{
    ObjBuf *b = &out->bytes;
    unsigned version = c->opt->debug >= 5 ? 5 : 4;
    const char *file = c->opt->file ? c->opt->file : "<stdin>";
    obj_buf_u32(b, 0);                  /* unit_length, patched */
    obj_buf_u16(b, (uint16_t)version);
    if (version >= 5) {
        obj_buf_u8(b, 8);
        obj_buf_u8(b, 0);
    }
    size_t hlen = b->len;
    obj_buf_u32(b, 0);                  /* header_length, patched */
    static const uint8_t params[] = {1, 1, 1, (uint8_t)LINE_BASE,
                                     LINE_RANGE, OPCODE_BASE,
                                     0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1};
    obj_buf_put(b, params, sizeof params);
    /* As GNU as for `.file 0 DIR FILE` and `.file 1 FILE`: a FILE
     * with a directory part names it as include directory 1. */
    const char *slash = strrchr(file, '/');
    char *sub = NULL;
    if (slash && slash != file) {
        size_t n = (size_t)(slash - file);
        sub = xmalloc(n + 1);
        memcpy(sub, file, n);
        sub[n] = 0;
        file = slash + 1;
    }
    if (version >= 5) {
        obj_buf_u8(b, 1);
        obj_buf_uleb(b, LNCT_path);
        obj_buf_uleb(b, FORM_string);
        obj_buf_uleb(b, sub ? 2 : 1);
        str(b, c->dwarf->dir);
        if (sub)
            str(b, sub);
        obj_buf_u8(b, 2);
        obj_buf_uleb(b, LNCT_path);
        obj_buf_uleb(b, FORM_string);
        obj_buf_uleb(b, LNCT_directory_index);
        obj_buf_uleb(b, FORM_udata);
        obj_buf_uleb(b, 2);
        for (int k = 0; k < 2; k++) {
            str(b, file);
            obj_buf_uleb(b, sub ? 1 : 0);
        }
    } else {
        if (sub)
            str(b, sub);
        obj_buf_u8(b, 0);
        str(b, file);
        obj_buf_uleb(b, sub ? 1 : 0);
        obj_buf_uleb(b, 0);
        obj_buf_uleb(b, 0);
        obj_buf_u8(b, 0);
    }
    free(sub);
    put32at(b, hlen, (uint32_t)(b->len - hlen - 4));

    /* the program: one sequence over the text section */
    obj_buf_u8(b, 0);
    obj_buf_uleb(b, 9);
    obj_buf_u8(b, LNE_set_address);
    fix(out, (CgDwFix){.kind = CG_DW_TEXT}, 8);
    uint64_t addr = 0;
    int64_t line = 1;
    uint32_t col = 0;
    bool stmt = true;
    for (uint32_t k = 0; k < n; k++) {
        const CgDwRow *r = &rows[k];
        if (r->col != col) {
            obj_buf_u8(b, LNS_set_column);
            obj_buf_uleb(b, r->col);
            col = r->col;
        }
        bool st = r->flags & CG_LOC_STMT;
        if (st != stmt) {
            obj_buf_u8(b, LNS_negate_stmt);
            stmt = st;
        }
        if (r->flags & CG_LOC_PROLOGUE_END)
            obj_buf_u8(b, LNS_set_prologue_end);
        int64_t dl = (int64_t)r->line - line;
        uint64_t da = r->addr - addr;
        if (dl < LINE_BASE || dl >= LINE_BASE + LINE_RANGE) {
            obj_buf_u8(b, LNS_advance_line);
            obj_buf_sleb(b, dl);
            dl = 0;
        }
        uint64_t op = (uint64_t)(dl - LINE_BASE) + LINE_RANGE * da +
                      OPCODE_BASE;
        if (op > 255) {
            obj_buf_u8(b, LNS_advance_pc);
            obj_buf_uleb(b, da);
            op = (uint64_t)(dl - LINE_BASE) + OPCODE_BASE;
        }
        obj_buf_u8(b, (uint8_t)op);
        addr = r->addr;
        line = r->line;
    }
    if (end > addr) {
        obj_buf_u8(b, LNS_advance_pc);
        obj_buf_uleb(b, end - addr);
    }
    obj_buf_u8(b, 0);
    obj_buf_uleb(b, 1);
    obj_buf_u8(b, LNE_end_sequence);
    put32at(b, 0, (uint32_t)(b->len - 4));
    (void)LNS_copy;
    (void)OP_breg0;
}

void
cg_dwarf_section_free(CgDwSection *s)
{
    free(s->bytes.data);
    VEC_FREE(s->fix);
    memset(s, 0, sizeof *s);
}
