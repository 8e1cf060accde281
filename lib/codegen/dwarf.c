/*
 * dwarf.c - the debug information of `sirc -g` (DWARF 4 or 5), built
 * once for both sinks: the program is described in terms of the .sir
 * text itself, every instruction at the line and column of the SIR
 * instruction it was selected from.
 *
 *   .debug_info   one compile unit naming the .sir file, its directory
 *                 and the producer "sir VERSION"; one subprogram per
 *                 function (name, address range, frame base: the
 *                 target's frame pointer, as Target.dwarf_regs numbers it,
 *                 declaration line), its named entry-block parameters,
 *                 one variable per stack slot ($x) at its frame offset
 *                 (DW_OP_fbreg) and, above -O0, one per named value
 *                 (%x) and named parameter of another block, with a
 *                 location list (unless a slot or parameter has its
 *                 name);
 *                 base, pointer, structure and array types for the SIR
 *                 types used.  Strings are inline (DW_FORM_string).
 *   .debug_abbrev the fixed abbreviation table below.
 *   .debug_line   objects only (text output has the assembler build it
 *                 from .loc): one sequence over the text section with
 *                 the header GNU as writes for .file 0 / .file 1, but
 *                 its names inline (DW_FORM_string) where GNU as puts
 *                 them in .debug_line_str (DW_FORM_line_strp): no
 *                 offsets into another section, so nothing a linker
 *                 concatenating .debug_line_str sections must relocate
 *                 (test/debug/link.sh).
 *   .debug_loclists (DWARF 5) / .debug_loc (4): where a parameter or
 *                 value lives.  A scalar the allocator kept in a
 *                 register R (not spilled) is described as in R wherever
 *                 R holds what its defining instruction (isel's, still
 *                 in the final code) put there on every path: a forward
 *                 must-analysis on the final code, killed by any write
 *                 of R (a def, a call that clobbers it, the epilogue's
 *                 restore), so the value shown is that of the last
 *                 execution of the definition, which dominates.  A
 *                 parameter of a block other than the entry is defined
 *                 at its block's start: every edge in has put it in R.
 *                 A named constant has DW_AT_const_value instead.
 *                 A spilled value is followed the same way in its
 *                 spill slot (DW_OP_fbreg), from its spill store.
 *                 Elsewhere the debugger says <optimized out>, never a
 *                 wrong value.  Range ends are debug labels the sinks
 *                 place (sink.h).
 *
 * No .debug_aranges (clang writes it only for -gdwarf-aranges; GCC
 * always): the one compile unit's DW_AT_low_pc/high_pc cover all its
 * code, and gdb, lldb and binutils fall back to them without the
 * section, so it would only repeat them.
 *
 * Registers are numbered by the target's DWARF mapping (Target.
 * dwarf_regs); nothing here knows an ISA.
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
    AT_frame_base = 0x40, AT_type = 0x49, AT_const_value = 0x1c,
    /* forms */
    FORM_addr = 0x01, FORM_data2 = 0x05, FORM_data4 = 0x06,
    FORM_string = 0x08, FORM_data1 = 0x0b, FORM_flag = 0x0c,
    FORM_udata = 0x0f, FORM_ref4 = 0x13, FORM_sec_offset = 0x17,
    FORM_exprloc = 0x18, FORM_sdata = 0x0d,
    /* base type encodings */
    ATE_boolean = 0x02, ATE_float = 0x04, ATE_signed = 0x05,
    LANG_C99 = 0x0c,
    OP_fbreg = 0x91, OP_reg0 = 0x50, OP_regx = 0x90,
    /* line program */
    LNS_advance_pc = 2, LNS_advance_line = 3,
    LNS_set_column = 5, LNS_negate_stmt = 6, LNS_set_prologue_end = 10,
    LNE_end_sequence = 1, LNE_set_address = 2,
    LNCT_path = 1, LNCT_directory_index = 2,
    LINE_BASE = -5, LINE_RANGE = 14, OPCODE_BASE = 13,
};

/* Abbreviation codes: one per DIE shape. */
enum {
    AB_CU = 1, AB_CU_NOPC, AB_SUB, AB_SUB_VOID, AB_PARAM, AB_VAR,
    AB_BASE, AB_PTR, AB_STRUCT, AB_MEMBER, AB_ARRAY, AB_SUBRANGE,
    AB_PARAM_LOC, AB_VAR_LOC, AB_VAR_CONST,
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
    {AB_PARAM_LOC, TAG_formal_parameter, 0, AT_name, FORM_string,
     AT_decl_file, FORM_data1, AT_decl_line, FORM_udata, AT_type, FORM_ref4,
     AT_location, FORM_sec_offset},
    {AB_VAR_LOC, TAG_variable, 0, AT_name, FORM_string, AT_decl_file,
     FORM_data1, AT_decl_line, FORM_udata, AT_type, FORM_ref4,
     AT_location, FORM_sec_offset},
    {AB_VAR_CONST, TAG_variable, 0, AT_name, FORM_string, AT_decl_file,
     FORM_data1, AT_decl_line, FORM_udata, AT_type, FORM_ref4,
     AT_const_value, FORM_sdata},
};

typedef struct {
    uint32_t name;          /* interned */
    IrType ty;
    uint32_t line;
    bool param, slot;
    int64_t off;            /* slots: from the frame base */
    uint8_t dwreg;          /* location lists: the register's number */
    bool spilled;           /* location lists: in the spill slot at off */
    bool konst;             /* a constant: its value's bits in kbits */
    uint64_t kbits;
    uint32_t range, nranges;/* (start, end) debug labels in ranges */
} DwVar;

typedef struct {
    IrSym sym;
    uint32_t fn_index;
    uint32_t line;
    uint32_t first, nvars;  /* in CgDwarf.vars */
    uint32_t lbegin;        /* debug label of its start */
} DwFunc;

/* A parameter or (above -O0) a named value of the function being
 * compiled: value, vreg, and the instruction that defines the vreg, or
 * for a parameter of a block other than the entry, the MIR block at
 * whose start the edges' parallel moves have put it in its register. */
typedef struct {
    uint32_t value, vreg, def;
    uint32_t line;
    bool param;
    uint32_t block;
} DwEntry;

struct CgDwarf {
    VEC(DwFunc) funcs;
    VEC(DwVar) vars;
    VEC(uint32_t) ranges;   /* debug label pairs */
    char *dir;              /* the compilation directory */
    uint32_t nlabels;
    /* the function being emitted: label + 1 per instruction id, of
     * its start and end */
    uint32_t *lab, lbegin, lend;
    VEC(DwEntry) entry;
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
    VEC_FREE(d->ranges);
    VEC_FREE(d->entry);
    free(d->lab);
    free(d->dir);
    free(d);
}

const char *
cg_dwarf_dir(CgCtx *c)
{
    return c->dwarf->dir;
}

static bool
is_def(const MirOpnd *o)
{
    return o->role == MIR_R_DEF || o->role == MIR_R_USEDEF ||
           o->role == MIR_R_EDEF || o->role == MIR_R_SCRATCH;
}

/* Notes where the selection made since instruction 'first' defined
 * the register of named scalar value v (nothing if it did not: folded
 * into a user, or more than one register). */
static void
note_def(CgCtx *c, IrValue v, uint32_t first, uint32_t line, bool param)
{
    IrFunc *irf = c->irf;
    MirFunc *f = c->mf;
    if (!ir_value(irf, v)->name || !c->vfirst[v.id] || c->vcount[v.id] != 1)
        return;
    uint32_t r = c->leafpool.data[c->vfirst[v.id]], def = 0;
    for (uint32_t i = f->insts.len; i-- > first && !def;)
        for (uint32_t k = 0; k < f->insts.data[i].nopnds; k++) {
            MirOpnd *o = mir_opnd(f, i, k);
            if (o->kind == MO_REG && o->reg == r && is_def(o))
                def = i;
        }
    if (def)
        VEC_PUSH(c->dwarf->entry, ((DwEntry){v.id, r, def, line, param, 0}));
}

void
cg_dwarf_entry(CgCtx *c, uint32_t first)
{
    IrFunc *irf = c->irf;
    c->dwarf->entry.len = 0;
    IrBlock e = ir_layout_entry(irf);
    IrBlockData *bd = ir_block(irf, e);
    for (uint32_t p = 0; p < bd->nparams; p++)
        note_def(c, ir_block_param(irf, e, p), first, bd->loc.line, true);
}

void
cg_dwarf_inst(CgCtx *c, IrInst i, uint32_t first)
{
    IrInstData *d = ir_inst(c->irf, i);
    if (c->opt->optlevel > 0 && d->result.id)
        note_def(c, d->result, first, d->loc.line, false);
}

/* Whether call instruction i clobbers physreg r.  The value is then
 * taken as gone at the call itself: a debugger looks up a caller's
 * frame at its call, where it would read the callee's r. */
static bool
clobbers(MirFunc *f, uint32_t i, uint32_t r)
{
    const Target *t = f->target;
    return (t->ops[mir_inst(f, i)->op].flags & MIR_OPF_CALL) &&
           (t->regs->caller_saved >> r & 1);
}

/* Where a location list follows a value: in physreg r, or (r 0) in
 * the 8-byte spill slot at fp + off; defined by instruction def (for a
 * slot: the spill store after the definition), or at the start of block
 * genb (a block parameter: every edge in has put it there). */
typedef struct {
    uint32_t r;
    int64_t off;
    uint32_t def, genb;
} Track;

/* Whether physreg r is one the allocator hands out (not fp, sp, or a
 * target's scratch register such as AArch64's x16). */
static bool
allocatable(const Target *t, uint32_t r)
{
    for (int c = 0; c < MIR_NCLS; c++)
        for (const uint8_t *p = t->regs->order[c]; p && *p; p++)
            if (*p == r)
                return true;
    return false;
}

/* Whether instruction i may write the slot at fp + off.  Memory
 * addressed from an allocatable register is a SIR pointer's, which
 * cannot reach a spill slot; the frame pointer's is compared; any
 * other base (sp, a legalization's scratch register) may be the slot. */
static bool
writes_slot(MirFunc *f, uint32_t i, int64_t off)
{
    const Target *t = f->target;
    MirInst *in = mir_inst(f, i);
    /* the epilogue's CFA leaves the frame pointer: the frame base
     * (fp) is the caller's from there on */
    if (in->op == t->op_cfi)
        return in->cond == MIR_CFI_DEF_CFA &&
               mir_opnd(f, i, 1)->reg != t->reg_fp;
    unsigned nsrc = 0;
    for (uint32_t k = 0; k < in->nopnds; k++)
        nsrc += mir_opnd(f, i, k)->kind == MO_REG &&
                mir_opnd(f, i, k)->role == MIR_R_USE;
    for (uint32_t k = 0; k < in->nopnds; k++) {
        MirOpnd *o = mir_opnd(f, i, k);
        if (o->kind != MO_MEM || !is_def(o) || o->base != MB_REG)
            continue;
        if (o->reg == t->reg_fp) {
            /* the width: of the access or the operation, twice that
             * for a store of two registers (AArch64 stp) */
            int64_t n = o->size > in->size ? o->size : in->size;
            if (nsrc >= 2)
                n *= 2;
            if (o->imm < off + 8 && off < o->imm + n)
                return true;
        } else if (!allocatable(t, o->reg)) {
            return true;
        }
    }
    return false;
}

/* Whether instruction i names physreg r as a result. */
static bool
defines(MirFunc *f, uint32_t i, uint32_t r)
{
    for (uint32_t k = 0; k < mir_inst(f, i)->nopnds; k++) {
        MirOpnd *o = mir_opnd(f, i, k);
        if (o->kind == MO_REG && o->reg == r && is_def(o))
            return true;
    }
    return false;
}

/* Whether instruction i ends what t follows (writes its register or
 * slot). */
static bool
writes(MirFunc *f, uint32_t i, const Track *t)
{
    if (!t->r)
        return writes_slot(f, i, t->off);
    return clobbers(f, i, t->r) || defines(f, i, t->r);
}

/* The spill store that puts what instruction d defines into the slot at
 * fp + off: after d, in its block, storing a register d writes, before
 * anything else writes the slot or that register; 0 if there is none. */
static uint32_t
spill_store(MirFunc *f, uint32_t d, int64_t off)
{
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        uint32_t k = 0;
        while (k < bl->insts.len && bl->insts.data[k] != d)
            k++;
        if (k == bl->insts.len)
            continue;
        if (!bl->placed)
            return 0;
        for (k++; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            MirInst *in = mir_inst(f, i);
            bool src = false;
            for (uint32_t j = 0; j < in->nopnds; j++) {
                MirOpnd *o = mir_opnd(f, i, j);
                if (o->kind == MO_REG && o->role == MIR_R_USE)
                    src |= defines(f, d, o->reg);
            }
            if (writes_slot(f, i, off))
                return src && in->nopnds == 2 ? i : 0;
            for (uint32_t j = 0; j < in->nopnds; j++) {
                MirOpnd *o = mir_opnd(f, i, j);
                if (o->kind == MO_REG && is_def(o) && defines(f, d, o->reg))
                    return 0;
            }
        }
        return 0;
    }
    return 0;
}

/* The placed block control reaches when it goes to block b. */
static uint32_t
placed_from(MirFunc *f, uint32_t b)
{
    while (b < f->blocks.len && !f->blocks.data[b].placed)
        b++;
    return b < f->blocks.len ? b : 0;
}

/* One sweep over the edges of the placed blocks (branches, with the
 * state before them, and fall-throughs): marks their targets in
 * 'reached', or lowers in[target] where the edge's state is false.
 * The value is defined by instruction 'def' or at the start of block
 * 'genb'.  Returns whether an in[] changed. */
static bool
walk_edges(MirFunc *f, const Track *t, bool *in, bool *reached)
{
    uint32_t def = t->def, genb = t->genb;
    bool changed = false;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (!bl->placed)
            continue;
        bool st = in ? in[b] || b == genb : true, term = false;
        for (uint32_t k = 0; k <= bl->insts.len; k++) {
            uint32_t i = k < bl->insts.len ? bl->insts.data[k] : 0;
            uint32_t nops = i ? mir_inst(f, i)->nopnds : 1;
            for (uint32_t j = 0; j < nops; j++) {
                uint32_t s = 0;
                if (i && mir_opnd(f, i, j)->kind == MO_BLOCK)
                    s = placed_from(f, mir_opnd(f, i, j)->obj);
                else if (!i && !term)
                    s = placed_from(f, b + 1);
                if (s && reached)
                    reached[s] = true;
                if (s && in && in[s] && !st) {
                    in[s] = false;
                    changed = true;
                }
            }
            if (!i)
                break;
            st = i == def ? true : st && !writes(f, i, t);
            /* CFI rows after a return (the epilogue's restore_state)
             * do not make control fall through */
            if (mir_inst(f, i)->op != f->target->op_cfi)
                term = f->target->ops[mir_inst(f, i)->op].flags &
                       MIR_OPF_TERM;
        }
    }
    return changed;
}

/* Appends to out the (first, end) instruction pairs (end 0: the
 * function's end) of the code where t's register or slot holds the
 * value t.def put there (see the file comment), entry being the entry
 * block; param: def copies an incoming parameter.  With t.genb, the
 * value is instead the one every edge into block genb puts there (a
 * block parameter), from genb's start on. */
static void
ranges(MirFunc *f, uint32_t entry, const Track *tk, bool param,
       MirInstVec *out)
{
    Track t = *tk;
    uint32_t r = t.r, def = t.def, genb = t.genb;
    uint32_t nb = f->blocks.len, db = genb;
    /* control reaching an unplaced block goes on to the next placed
     * one, which other edges may enter with r holding something else */
    if (genb && !f->blocks.data[genb].placed)
        return;
    for (uint32_t b = 1; b < nb && !db; b++)
        for (uint32_t k = 0; k < f->blocks.data[b].insts.len && !db; k++)
            if (f->blocks.data[b].insts.data[k] == def &&
                f->blocks.data[b].placed)
                db = b;
    bool init = false;
    if (!db) {
        /* a parameter's copy dropped as a copy to itself: r is the
         * incoming register (another value's position is lost) */
        MirInst *in = mir_inst(f, def);
        if (!param || !r || !(f->target->ops[in->op].flags & MIR_OPF_MOVE) ||
            mir_opnd(f, def, 0)->kind != MO_REG ||
            mir_opnd(f, def, 0)->reg != r || mir_opnd(f, def, 1)->reg != r ||
            !f->blocks.data[entry].placed)
            return;
        init = true;
        def = t.def = 0;
    }
    /* The greatest fixpoint, from all-true, lowered in place in layout
     * order (a straight run settles in one sweep); blocks nothing
     * reaches never run: false. */
    bool *in = xcalloc(nb, sizeof *in);
    bool *reached = xcalloc(nb, sizeof *reached);
    walk_edges(f, &t, NULL, reached);
    for (uint32_t b = 1; b < nb; b++)
        in[b] = b == entry ? init : reached[b];
    while (walk_edges(f, &t, in, NULL))
        ;
    uint32_t open = 0;
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (!bl->placed)
            continue;
        bool st = in[b] || b == genb;
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            if (mir_inst(f, i)->op == f->target->op_cfi) {
                st = st && !writes(f, i, &t);
                continue;
            }
            if (r && clobbers(f, i, r))
                st = false;
            if (st && !open)
                open = i;
            else if (!st && open) {
                VEC_PUSH(*out, open);
                VEC_PUSH(*out, i);
                open = 0;
            }
            st = i == def ? true : st && !writes(f, i, &t);
        }
    }
    if (open) {
        VEC_PUSH(*out, open);
        VEC_PUSH(*out, 0);
    }
    free(in), free(reached);
}

static uint32_t
label_at(struct CgDwarf *d, uint32_t i)
{
    if (!i)
        return d->lend - 1;
    if (!d->lab[i])
        d->lab[i] = ++d->nlabels;
    return d->lab[i] - 1;
}

/* Whether scalar v is a constant, and its bits (bool: 0 or 1). */
static bool
const_bits(CgCtx *c, IrValue v, uint64_t *bits)
{
    IrInst i = cg_def_of(c, v);
    IrInstData *id = i.id ? ir_inst(c->irf, i) : NULL;
    if (!id || (id->op != IR_OP_ICONST && id->op != IR_OP_FCONST &&
                id->op != IR_OP_BCONST))
        return false;
    *bits = id->op == IR_OP_BCONST ? id->imm != 0 : id->imm;
    return true;
}

/* The location list of x, the value 'de' defines, when the allocator
 * kept it in a register or a spill slot; false if it has none.  A
 * spilled value is followed from the store after its (last)
 * definition, or, for a block parameter, from its block's start; any
 * other store to the slot (an earlier definition's, or another value's
 * sharing the slot) ends that. */
static bool
locate(struct CgDwarf *d, MirFunc *f, uint32_t entry, const DwEntry *de,
       DwVar *x, MirInstVec *pairs)
{
    MirVreg *mv = mir_vreg(f, de->vreg);
    Track t = {.r = mv->reg, .def = de->def, .genb = de->block};
    if (mv->spill) {
        const MirFrameObj *o = &f->frame.data[mv->spill];
        if (o->share >= 0)
            o = &f->frame.data[o->share];
        t = (Track){.off = o->offset, .genb = de->block};
        if (!de->block && !(t.def = spill_store(f, de->def, t.off)))
            return false;
    } else if (!mv->reg) {
        return false;
    }
    pairs->len = 0;
    ranges(f, entry, &t, de->param, pairs);
    if (!pairs->len)
        return false;
    x->range = d->ranges.len;
    for (uint32_t q = 0; q < pairs->len; q++)
        VEC_PUSH(d->ranges, label_at(d, pairs->data[q]));
    x->nranges = pairs->len / 2;
    x->dwreg = t.r ? f->target->dwarf_regs[t.r] : 0;
    x->spilled = !t.r;
    x->off = t.off;
    return true;
}

uint32_t
cg_dwarf_label(CgCtx *c, uint32_t i)
{
    struct CgDwarf *d = c->dwarf;
    if (i == CG_DW_BEGIN)
        return d->lbegin;
    if (i == CG_DW_END)
        return d->lend;
    return d->lab[i];
}

void
cg_dwarf_func(CgCtx *c, MirFunc *f)
{
    struct CgDwarf *d = c->dwarf;
    IrFunc *irf = c->irf;
    free(d->lab);
    d->lab = xcalloc(f->insts.len + 1, sizeof *d->lab);
    d->lbegin = ++d->nlabels;
    d->lend = ++d->nlabels;
    DwFunc df = {.sym = f->sym, .fn_index = f->fn_index,
                 .line = irf->loc.line, .first = d->vars.len,
                 .lbegin = d->lbegin - 1};
    IrBlock e = ir_layout_entry(irf);
    uint32_t entry = c->blockmap[e.id];
    IrBlockData *bd = ir_block(irf, e);
    MirInstVec pairs = {0};
    for (uint32_t p = 0; p < bd->nparams; p++) {
        IrValue v = ir_block_param(irf, e, p);
        IrValueData *vd = ir_value(irf, v);
        if (!vd->name)
            continue;
        DwVar x = {.name = vd->name, .ty = vd->ty, .line = bd->loc.line,
                   .param = true};
        for (uint32_t k = 0; k < d->entry.len; k++)
            if (d->entry.data[k].value == v.id)
                locate(d, f, entry, &d->entry.data[k], &x, &pairs);
        VEC_PUSH(d->vars, x);
    }
    for (uint32_t k = 1; k < ir_num_slots(irf); k++) {
        IrSlotData *sd = ir_slot(irf, (IrSlot){k});
        if (!c->slotobj[k] || !sd->name)
            continue;
        DwVar x = {.name = sd->name, .ty = sd->ty, .line = sd->loc.line,
                   .slot = true,
                   .off = f->frame.data[c->slotobj[k]].offset};
        VEC_PUSH(d->vars, x);
    }
    /* named parameters of the other blocks (above -O0, as named
     * values): in their register from their block's start */
    IR_FOR_BLOCKS(irf, b) {
        IrBlockData *pb = ir_block(irf, b);
        if (b.id == e.id || !c->reachable[b.id] || !c->opt->optlevel)
            continue;
        for (uint32_t p = 0; p < pb->nparams; p++) {
            IrValue v = ir_block_param(irf, b, p);
            if (ir_value(irf, v)->name && c->vfirst[v.id] &&
                c->vcount[v.id] == 1)
                VEC_PUSH(d->entry, ((DwEntry){
                    v.id, c->leafpool.data[c->vfirst[v.id]], 0,
                    pb->loc.line, false, c->blockmap[b.id]}));
        }
    }
    /* named values (above -O0), unless a slot or parameter has the
     * name a debugger would know them by; a constant's value holds
     * wherever it is in scope, registers or not (DW_AT_const_value,
     * as LLVM for a variable that only ever holds a constant) */
    uint32_t nnamed = d->vars.len;
    for (uint32_t k = 0; k < d->entry.len; k++) {
        DwEntry *de = &d->entry.data[k];
        IrValueData *vd = ir_value(irf, (IrValue){de->value});
        bool clash = de->param;
        for (uint32_t j = df.first; j < nnamed && !clash; j++)
            clash = d->vars.data[j].name == vd->name;
        DwVar x = {.name = vd->name, .ty = vd->ty, .line = de->line};
        if (!clash && !const_bits(c, (IrValue){de->value}, &x.kbits) &&
            locate(d, f, entry, de, &x, &pairs))
            VEC_PUSH(d->vars, x);
    }
    IR_FOR_BLOCKS(irf, b) {
        if (!c->opt->optlevel || !c->reachable[b.id])
            continue;
        IR_FOR_INSTS(irf, b, i) {
            IrValue v = ir_inst(irf, i)->result;
            IrValueData *vd = v.id ? ir_value(irf, v) : NULL;
            DwVar x = {.konst = true};
            if (!vd || !vd->name || !const_bits(c, v, &x.kbits))
                continue;
            bool clash = false;
            for (uint32_t j = df.first; j < nnamed && !clash; j++)
                clash = d->vars.data[j].name == vd->name;
            x.name = vd->name, x.ty = vd->ty;
            x.line = ir_inst(irf, i)->loc.line;
            if (!clash)
                VEC_PUSH(d->vars, x);
        }
    }
    VEC_FREE(pairs);
    d->entry.len = 0;
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

/* The location expression "in DWARF register r", with its length:
 * DW_OP_reg0..31 name registers 0-31 in one byte, DW_OP_regx any
 * (x86-64 xmm15 is 32, AArch64 v0-v31 are 64-95). */
static void
regloc(ObjBuf *b, unsigned r, bool len16)
{
    uint8_t e[8];
    unsigned n = 0;
    if (r < 32) {
        e[n++] = (uint8_t)(OP_reg0 + r);
    } else {
        e[n++] = OP_regx;
        for (; r >= 0x80; r >>= 7)
            e[n++] = (uint8_t)(r | 0x80);
        e[n++] = (uint8_t)r;
    }
    if (len16)
        obj_buf_u16(b, (uint16_t)n);
    else
        obj_buf_uleb(b, n);
    obj_buf_put(b, e, n);
}

/* A frame-base-relative location expression, DW_OP_fbreg off, with
 * its length (ULEB128, or 2 bytes in a DWARF 4 location list). */
static void
fbreg(ObjBuf *b, int64_t off, bool len16)
{
    ObjBuf e = {0};
    obj_buf_u8(&e, OP_fbreg);
    obj_buf_sleb(&e, off);
    if (len16)
        obj_buf_u16(b, (uint16_t)e.len);
    else
        obj_buf_uleb(b, e.len);
    obj_buf_put(b, e.data, e.len);
    free(e.data);
}

static void
name_of(ObjBuf *b, IrModule *m, uint32_t name)
{
    str(b, ir_str(m, name));
}

/* A debug label minus another: a number for objects, a CG_DW_LDIFF
 * field for text; size 8 (eight bytes) only: a ULEB128's length would
 * differ between the two. */
static void
ldiff(CgDwSection *s, const uint64_t *labaddr, uint32_t a, uint32_t base,
      uint8_t size)
{
    if (labaddr) {
        obj_buf_u64(&s->bytes, labaddr[a] - labaddr[base]);
        return;
    }
    fix(s, (CgDwFix){.kind = CG_DW_LDIFF, .sym = a, .sym2 = base,
                     .size = size}, size);
}

/* The location lists of the parameters in registers, offsets from the
 * compile unit's base (the first function's start); the offset of each
 * var's list in 'listoff' (by var index). */
static void
loclists(CgCtx *c, CgDwSection *ls, const uint64_t *labaddr,
         uint32_t *listoff)
{
    struct CgDwarf *d = c->dwarf;
    bool v5 = c->opt->debug >= 5;
    ObjBuf *b = &ls->bytes;
    uint32_t base = d->funcs.data[0].lbegin;
    if (v5) {
        obj_buf_u32(b, 0);              /* unit_length, patched */
        obj_buf_u16(b, 5);
        obj_buf_u8(b, 8);
        obj_buf_u8(b, 0);
        obj_buf_u32(b, 0);              /* no offset table */
    }
    for (uint32_t k = 0; k < d->vars.len; k++) {
        DwVar *v = &d->vars.data[k];
        if (!v->nranges)
            continue;
        listoff[k] = (uint32_t)b->len;
        for (uint32_t j = 0; j < v->nranges; j++) {
            uint32_t lo = d->ranges.data[v->range + 2 * j];
            uint32_t hi = d->ranges.data[v->range + 2 * j + 1];
            if (v5) {
                /* DW_LLE_start_end: fixed-size addresses, so that the
                 * lists' offsets are the same in text and objects */
                obj_buf_u8(b, 7);
                fix(ls, (CgDwFix){.kind = CG_DW_LABEL, .sym = lo}, 8);
                fix(ls, (CgDwFix){.kind = CG_DW_LABEL, .sym = hi}, 8);
            } else {
                ldiff(ls, labaddr, lo, base, 8);
                ldiff(ls, labaddr, hi, base, 8);
            }
            if (v->spilled)
                fbreg(b, v->off, !v5);
            else
                regloc(b, v->dwreg, !v5);
        }
        if (v5) {
            obj_buf_u8(b, 0);           /* DW_LLE_end_of_list */
        } else {
            obj_buf_u64(b, 0);
            obj_buf_u64(b, 0);
        }
    }
    if (v5)
        put32at(b, 0, (uint32_t)(b->len - 4));
}

void
cg_dwarf_sections(CgCtx *c, CgDwSection *sec, const uint64_t *labaddr)
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

    uint32_t *listoff = xcalloc(d->vars.len + 1, sizeof *listoff);
    ObjSecKind lsec = version >= 5 ? OBJ_SEC_DEBUG_LOCLISTS
                                   : OBJ_SEC_DEBUG_LOC;
    bool anylist = false;
    for (uint32_t k = 0; k < d->vars.len; k++)
        anylist |= d->vars.data[k].nranges > 0;
    if (anylist)
        loclists(c, &sec[lsec - OBJ_SEC_DEBUG_INFO], labaddr, listoff);

    Types ty = {0};
    /* the frame base: the frame pointer, which frame offsets count
     * from on every target (x86-64 %rbp, AArch64 x29) */
    if (!t->dwarf_regs)
        CG_BUG("-g for a target without DWARF register numbers");
    uint8_t fpreg = t->dwarf_regs[t->reg_fp];
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
        regloc(b, fpreg, false);        /* exprloc: the frame pointer */
        name_of(b, m, sd->name);
        obj_buf_u8(b, 1);
        obj_buf_uleb(b, f->line);
        obj_buf_u8(b, !sd->internal);
        if (!isvoid)
            type_ref(&ty, b, ret);
        for (uint32_t j = 0; j < f->nvars; j++) {
            DwVar *v = &d->vars.data[f->first + j];
            obj_buf_uleb(b, v->slot      ? AB_VAR
                            : v->konst   ? AB_VAR_CONST
                            : !v->param  ? AB_VAR_LOC
                            : v->nranges ? AB_PARAM_LOC
                                         : AB_PARAM);
            name_of(b, m, v->name);
            obj_buf_u8(b, 1);
            obj_buf_uleb(b, v->line);
            type_ref(&ty, b, v->ty);
            if (v->slot) {
                fbreg(b, v->off, false);
            } else if (v->konst) {
                /* the bits, sign-extended from the type's width: gdb
                 * stores a number into the variable's bytes (so a
                 * float's bits make the float), and lists numbers in
                 * `info locals`, unlike blocks */
                unsigned sh = 64 - 8 * (unsigned)ir_type_size(m, v->ty);
                obj_buf_sleb(b, (int64_t)(v->kbits << sh) >> sh);
            } else if (v->nranges)
                fix(info, (CgDwFix){.kind = CG_DW_SECOFF, .sec = lsec,
                                    .addend = listoff[f->first + j]}, 4);
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
    free(listoff);
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
}

void
cg_dwarf_section_free(CgDwSection *s)
{
    free(s->bytes.data);
    VEC_FREE(s->fix);
    memset(s, 0, sizeof *s);
}
