/*
 * objsink.c - the object sink: an assembler behind the sink interface.
 * Instructions are encoded by the target (Target.encode), branches to
 * blocks relaxed per function, local references resolved, the rest
 * turned into relocations of lib/obj's neutral kinds, CFI rows into
 * FDEs; lib/obj writes the ELF or Mach-O file.
 *
 * Relaxation (at the end of each function): every branch to a block
 * starts in its short form; offsets are computed, branches whose
 * displacement does not fit grow to the long form, and this repeats
 * until nothing grows.  Growth is monotone (a long branch never
 * shrinks), so it ends after at most one round per branch, as in GNU
 * as; code size then matches the assembler on the same text.  Loop-top
 * padding is recomputed in every round.
 *
 * References that name a symbol are kept until the module ends, when
 * every definition is known (a call may precede its callee):
 *   ELF, as GNU as: a PC-relative reference to a local symbol of the
 *   same section is resolved in place; other references to local
 *   symbols are made against the section symbol plus the symbol's
 *   offset; references to global and undefined symbols against the
 *   symbol.
 *   Mach-O, as llvm-mc: a PC-relative reference to the function that
 *   holds it is resolved in place (the linker moves a function's bytes,
 *   its atom, as a whole); other references are made against the symbol
 *   itself (the linker splits sections at symbols), except
 *   constant-pool entries, which are assembler-temporary labels:
 *   against their section.
 */
#include "sink.h"
#include "mc.h"
#include "obj.h"

#include <string.h>

/* One item of the function being assembled. */
typedef struct {
    uint32_t inst;          /* MIR instruction, or 0: a block start */
    uint32_t block;         /* block id of a block start */
    uint32_t off;           /* offset in .text, this round */
    uint8_t slen, llen;     /* short and long encodings (equal if none) */
    bool relax, grown;      /* a branch to a block; grown to long */
    uint8_t nfix;           /* fixups of the short encoding */
    uint32_t code, fix;     /* its bytes in code, its fixups in fix */
} Item;

/* A reference left for the end of the module. */
typedef struct {
    uint8_t sec;            /* ObjSecKind of the field */
    uint8_t kind;           /* McFixKind: MC_FX_SYM or MC_FX_CONST */
    uint8_t rkind;          /* ObjRelocKind */
    uint8_t pcend;
    uint8_t field;          /* McField of an AArch64 branch word */
    uint8_t scale;          /* OBJ_R_PAGEOFF12 */
    uint64_t off;           /* of the field in sec */
    uint32_t atom;          /* IR symbol of the function holding it */
    uint32_t target;        /* IR symbol, or constant-pool entry index */
    int64_t addend;
} Pending;

typedef struct {
    Obj obj;
    FILE *out;
    IrModule *m;
    CgCtx *ctx;
    ObjSecKind cur;
    VEC(Item) items;
    /* The short encoding of every item of the current function: o_inst
     * encodes to learn the sizes, and the end writes these bytes, so
     * only the branches grown to long forms are encoded again (one
     * encoding per instruction, not two). */
    VEC(uint8_t) code;
    VEC(McFixup) fix;
    uint32_t *blockoff;     /* per MIR block of the current function */
    VEC(Pending) pend;
    VEC(uint64_t) consts;   /* rodata offset of every pool entry */
    uint32_t *symid;        /* IR symbol -> Obj symbol, 0: none yet */
    uint32_t symcap;        /* grows: a streamed module gains symbols */
    uint64_t fstart;        /* .text offset of the current function */
    IrSym cursym;           /* the data object being written */
    bool failed;            /* reported: nothing is written */
    /* -g: line-table rows; those of the current function from
     * rowfirst hold an item index in addr until its end places it */
    VEC(CgDwRow) rows;
    uint32_t rowfirst;
    /* -g: text offset of every debug label; (label, item index) pairs
     * of the current function until its end places them */
    VEC(uint64_t) labaddr;
    VEC(uint32_t) labitem;
} ObjSink;

/* Sections stay below 4 GiB (32-bit offsets in Mach-O and in every
 * relocation's reach); a larger one is reported at the object that
 * makes it so, and nothing more is appended. */
static bool
room(ObjSink *o, uint64_t n)
{
    if (o->failed)
        return false;
    if (obj_offset(&o->obj, o->cur) + n <= UINT32_MAX)
        return true;
    static const char *const names[OBJ_NSEC] = {
        "text", "data", "read-only data", "relocated read-only data",
        "zero-initialised data"};
    const IrSymData *sd = ir_sym_c(o->m, o->cursym);
    ir_diag_error(o->ctx->diag, sd->loc, "'@%s' makes the %s section of the "
                  "object larger than 4 GiB", ir_str(o->m, sd->name),
                  names[o->cur]);
    o->ctx->failed = true;
    o->failed = true;
    return false;
}

static ObjSink *
os_of(McSink *s)
{
    return s->priv;
}

static uint32_t
sym_of(ObjSink *o, IrSym s)
{
    if (s.id >= o->symcap)
        ir_grow((void **)&o->symid, &o->symcap, sizeof *o->symid,
                ir_num_syms(o->m) + 1);
    if (!o->symid[s.id])
        o->symid[s.id] = obj_sym(&o->obj, ir_str(o->m, ir_sym_c(o->m, s)->name));
    return o->symid[s.id];
}

static void
o_begin(McSink *s, CgCtx *c)
{
    ObjSink *o = os_of(s);
    o->m = c->m;
    o->ctx = c;
    ir_grow((void **)&o->symid, &o->symcap, sizeof *o->symid,
            ir_num_syms(c->m) + 1);
}

static void
o_func_begin(McSink *s, MirFunc *f)
{
    ObjSink *o = os_of(s);
    o->cur = OBJ_SEC_TEXT;
    /* x86-64 .p2align 4, 0x90: GNU as (2.40) and llvm-mc fill code with
     * their multi-byte no-ops all the same, as obj_align does.  AArch64
     * .p2align 2: code is whole words already. */
    obj_align(&o->obj, OBJ_SEC_TEXT, o->obj.mach == OBJ_X86_64 ? 16 : 4);
    o->fstart = obj_offset(&o->obj, OBJ_SEC_TEXT);
    o->items.len = 0;
    o->code.len = o->fix.len = 0;
    o->rowfirst = o->rows.len;
    free(o->blockoff);
    o->blockoff = xcalloc(f->blocks.len + 1, sizeof *o->blockoff);
}

static void
o_block(McSink *s, MirFunc *f, uint32_t b)
{
    ObjSink *o = os_of(s);
    VEC_PUSH(o->items, ((Item){.block = b}));
    (void)f;
}

static void
o_loc(McSink *s, MirFunc *f, uint32_t line, uint32_t col, unsigned flags)
{
    ObjSink *o = os_of(s);
    CgDwRow r = {.addr = o->items.len, .line = line, .col = col,
                 .flags = flags};
    VEC_PUSH(o->rows, r);
    (void)f;
}

static void
o_label(McSink *s, MirFunc *f, uint32_t id)
{
    ObjSink *o = os_of(s);
    VEC_PUSH(o->labitem, id);
    VEC_PUSH(o->labitem, o->items.len);
    (void)f;
}

static void
o_inst(McSink *s, MirFunc *f, uint32_t i)
{
    ObjSink *o = os_of(s);
    const Target *t = f->target;
    VEC_RESERVE_RAW(o->code, o->code.len + MC_MAXINST);
    VEC_RESERVE_RAW(o->fix, o->fix.len + MC_MAXFIX);
    uint8_t *buf = o->code.data + o->code.len;
    McFixup *fx = o->fix.data + o->fix.len;
    uint32_t nfx = 0;
    Item it = {.inst = i, .code = o->code.len, .fix = o->fix.len};
    it.slen = it.llen = (uint8_t)t->encode(f, i, true, buf, fx, &nfx);
    it.nfix = (uint8_t)nfx;
    o->code.len += it.slen;
    o->fix.len += nfx;
    for (uint32_t k = 0; k < nfx; k++)
        if (fx[k].kind == MC_FX_BLOCK8) {
            uint8_t lbuf[MC_MAXINST];
            McFixup lfx[MC_MAXFIX];
            uint32_t nl = 0;
            it.relax = true;
            it.llen = (uint8_t)t->encode(f, i, false, lbuf, lfx, &nl);
            break;
        }
    VEC_PUSH(o->items, it);
}

/* Padding before block b at offset 'at' (its alignment mark). */
static uint32_t
block_pad(MirFunc *f, uint32_t b, uint64_t at)
{
    MirBlock *bl = &f->blocks.data[b];
    if (!bl->align_log2)
        return 0;
    uint32_t pad = (uint32_t)(-at & ((UINT64_C(1) << bl->align_log2) - 1));
    return pad <= bl->align_max ? pad : 0;
}

/* Offsets of every item and block for the current branch sizes. */
static void
place(ObjSink *o, MirFunc *f)
{
    uint64_t at = o->fstart;
    for (uint32_t k = 0; k < o->items.len; k++) {
        Item *it = &o->items.data[k];
        if (!it->inst) {
            at += block_pad(f, it->block, at);
            o->blockoff[it->block] = (uint32_t)at;
        }
        it->off = (uint32_t)at;
        if (it->inst)
            at += it->grown ? it->llen : it->slen;
    }
}

static void
relax(ObjSink *o, MirFunc *f)
{
    bool changed = true;
    while (changed) {
        changed = false;
        place(o, f);
        for (uint32_t k = 0; k < o->items.len; k++) {
            Item *it = &o->items.data[k];
            if (!it->relax || it->grown)
                continue;
            const McFixup *fx = o->fix.data + it->fix;
            for (uint32_t j = 0; j < it->nfix; j++) {
                if (fx[j].kind != MC_FX_BLOCK8)
                    continue;
                int64_t d = (int64_t)o->blockoff[fx[j].target] -
                            (int64_t)(it->off + fx[j].off + fx[j].pcend);
                if (d < -128 || d > 127) {
                    it->grown = true;
                    changed = true;
                }
            }
        }
    }
}

static ObjRelocKind
reloc_kind(uint8_t rkind)
{
    switch (rkind) {
    case MC_R_CALL: return OBJ_R_CALL;
    case MC_R_GOTLOAD: return OBJ_R_GOTLOAD;
    case MC_R_GOTPCREL: return OBJ_R_GOTPCREL;
    case MC_R_JUMP: return OBJ_R_JUMP;
    case MC_R_PAGE21: return OBJ_R_PAGE21;
    case MC_R_PAGEOFF12: return OBJ_R_PAGEOFF12;
    case MC_R_GOT_PAGE21: return OBJ_R_GOT_PAGE21;
    case MC_R_GOT_PAGEOFF12: return OBJ_R_GOT_PAGEOFF12;
    default: return OBJ_R_PC32;
    }
}

static void
put32(uint8_t *p, int64_t v)
{
    uint32_t u = (uint32_t)v;
    p[0] = (uint8_t)u, p[1] = (uint8_t)(u >> 8);
    p[2] = (uint8_t)(u >> 16), p[3] = (uint8_t)(u >> 24);
}

static void
o_func_end(McSink *s, MirFunc *f)
{
    ObjSink *o = os_of(s);
    const Target *t = f->target;
    relax(o, f);
    place(o, f);
    for (uint32_t k = o->rowfirst; k < o->rows.len; k++)
        o->rows.data[k].addr = o->items.data[o->rows.data[k].addr].off;
    uint32_t fsym = sym_of(o, f->sym);
    /* the FDE is opened before its rows; its size is known now */
    uint64_t end = o->items.len ? o->items.data[o->items.len - 1].off : o->fstart;
    if (o->items.len && o->items.data[o->items.len - 1].inst) {
        Item *l = &o->items.data[o->items.len - 1];
        end += l->grown ? l->llen : l->slen;
    }
    obj_fde(&o->obj, fsym, o->fstart, end - o->fstart);
    for (uint32_t k = 0; k < o->labitem.len; k += 2) {
        uint32_t id = o->labitem.data[k], it = o->labitem.data[k + 1];
        while (o->labaddr.len <= id)
            VEC_PUSH(o->labaddr, 0);
        o->labaddr.data[id] = it < o->items.len ? o->items.data[it].off : end;
    }
    o->labitem.len = 0;
    /* The kept encodings lie end to end in code: each run of them
     * between alignments, CFI marks and grown branches is patched in
     * place and written at once (code[run .. at) is not written yet). */
    uint32_t run = 0, at = 0;
    for (uint32_t k = 0; k < o->items.len; k++) {
        Item *it = &o->items.data[k];
        if (!it->inst) {
            if (!f->blocks.data[it->block].align_log2)
                continue;
            obj_emit(&o->obj, OBJ_SEC_TEXT, o->code.data + run, at - run);
            run = at;
            if (it->off > obj_offset(&o->obj, OBJ_SEC_TEXT))
                obj_align(&o->obj, OBJ_SEC_TEXT,
                          1u << f->blocks.data[it->block].align_log2);
            continue;
        }
        MirInst *in = mir_inst(f, it->inst);
        if (in->op == t->op_cfi || it->grown) {
            obj_emit(&o->obj, OBJ_SEC_TEXT, o->code.data + run,
                     it->code - run);
            run = at = it->code + it->slen;
        } else
            at = it->code + it->slen;
        if (in->op == t->op_cfi) {
            int64_t off = mir_opnd(f, it->inst, 0)->imm;
            uint32_t r = in->nopnds > 1 ? mir_opnd(f, it->inst, 1)->reg : 0;
            obj_cfi(&o->obj, (uint32_t)(it->off - o->fstart), (ObjCfaOp)in->cond,
                    t->dwarf_regs[r], off);
            continue;
        }
        uint8_t lbuf[MC_MAXINST];
        McFixup lfx[MC_MAXFIX];
        uint8_t *buf = o->code.data + it->code;
        McFixup *fx = o->fix.data + it->fix;
        uint32_t nfx = it->nfix, len = it->slen;
        if (it->grown) {
            buf = lbuf, fx = lfx, nfx = 0;
            len = t->encode(f, it->inst, false, buf, fx, &nfx);
        }
        for (uint32_t j = 0; j < nfx; j++) {
            McFixup *x = &fx[j];
            uint64_t field = it->off + x->off;
            if (x->kind == MC_FX_BLOCK8 || x->kind == MC_FX_BLOCK32 ||
                x->kind == MC_FX_BRANCH) {
                int64_t d = (int64_t)o->blockoff[x->target] + x->addend -
                            (int64_t)(field + x->pcend);
                if (x->kind == MC_FX_BRANCH) {
                    /* finalize made every branch reach (cg_far_branches) */
                    if (d < -mc_field_reach(x->field) ||
                        d >= mc_field_reach(x->field))
                        CG_BUG("object sink: a branch out of reach");
                    mc_field_put(buf + x->off, (McField)x->field, d);
                } else if (x->kind == MC_FX_BLOCK8)
                    buf[x->off] = (uint8_t)d;
                else
                    put32(buf + x->off, d);
                continue;
            }
            Pending p = {.sec = OBJ_SEC_TEXT, .kind = x->kind,
                         .rkind = (uint8_t)reloc_kind(x->rkind),
                         .pcend = x->pcend, .off = field,
                         .field = x->field, .scale = x->scale,
                         /* the pool follows the function */
                         .target = x->kind == MC_FX_CONST
                                       ? o->consts.len + x->target - 1
                                       : x->target,
                         .addend = x->addend, .atom = f->sym.id};
            VEC_PUSH(o->pend, p);
        }
        if (it->grown)
            obj_emit(&o->obj, OBJ_SEC_TEXT, buf, len);
    }
    obj_emit(&o->obj, OBJ_SEC_TEXT, o->code.data + run, at - run);
    const IrSymData *sd = ir_sym_c(o->m, f->sym);
    obj_define(&o->obj, fsym, OBJ_SEC_TEXT, o->fstart, end - o->fstart,
               !sd->internal, true);
}

static void
o_const_entry(McSink *s, MirFunc *f, uint32_t k, unsigned log2)
{
    ObjSink *o = os_of(s);
    obj_align(&o->obj, OBJ_SEC_RODATA, 1u << log2);
    VEC_PUSH(o->consts, obj_offset(&o->obj, OBJ_SEC_RODATA));
    (void)f, (void)k;
}

static void
o_section(McSink *s, McSection sec)
{
    os_of(s)->cur = (ObjSecKind)sec;
    obj_section_use(&os_of(s)->obj, (ObjSecKind)sec);
}

static void
o_object_begin(McSink *s, IrSym sym, unsigned log2)
{
    ObjSink *o = os_of(s);
    o->cursym = sym;
    if (!room(o, (uint64_t)1 << log2))
        return;
    obj_align(&o->obj, o->cur, 1u << log2);
    uint32_t id = sym_of(o, sym);
    o->obj.syms.data[id].value = obj_offset(&o->obj, o->cur);
}

static void
o_object_end(McSink *s, IrSym sym, uint64_t size)
{
    ObjSink *o = os_of(s);
    if (o->failed)
        return;
    uint32_t id = sym_of(o, sym);
    obj_define(&o->obj, id, o->cur, o->obj.syms.data[id].value, size,
               !ir_sym_c(o->m, sym)->internal, false);
}

static void
o_data_int(McSink *s, uint64_t v, unsigned size)
{
    ObjSink *o = os_of(s);
    uint8_t b[8];
    for (unsigned k = 0; k < size; k++)
        b[k] = (uint8_t)(v >> (8 * k));
    if (room(o, size))
        obj_emit(&o->obj, o->cur, b, size);
}

static void
o_data_zero(McSink *s, uint64_t n)
{
    ObjSink *o = os_of(s);
    if (room(o, n))
        obj_zero(&o->obj, o->cur, n);
}

static void
o_data_bytes(McSink *s, const uint8_t *p, uint32_t n)
{
    ObjSink *o = os_of(s);
    if (room(o, n))
        obj_emit(&o->obj, o->cur, p, n);
}

static void
o_data_symref(McSink *s, IrSym sym, int64_t addend)
{
    ObjSink *o = os_of(s);
    Pending p = {.sec = (uint8_t)o->cur, .kind = MC_FX_SYM,
                 .rkind = OBJ_R_ABS64, .off = obj_offset(&o->obj, o->cur),
                 .target = sym.id, .addend = addend};
    if (!room(o, 8))
        return;
    VEC_PUSH(o->pend, p);
    obj_zero(&o->obj, o->cur, 8);
}

/* The references left pending, now that every symbol is defined. */
static void
resolve(ObjSink *o)
{
    bool elf = o->obj.fmt == OBJ_ELF;
    for (uint32_t k = 0; k < o->pend.len; k++) {
        Pending *p = &o->pend.data[k];
        ObjReloc r = {.offset = p->off, .kind = p->rkind, .pcend = p->pcend,
                      .scale = p->scale, .addend = p->addend};
        if (p->kind == MC_FX_CONST) {
            r.sym = obj_section_sym(&o->obj, OBJ_SEC_RODATA);
            r.addend += (int64_t)o->consts.data[p->target];
            obj_reloc(&o->obj, p->sec, r);
            continue;
        }
        uint32_t id = sym_of(o, (IrSym){p->target});
        const ObjSym *os = &o->obj.syms.data[id];
        bool local = os->sec >= 0 && !os->global;
        bool pcrel = r.kind == OBJ_R_PC32 || r.kind == OBJ_R_CALL ||
                     r.kind == OBJ_R_JUMP;
        if (pcrel && (elf ? local && os->sec == p->sec
                          : p->target == p->atom)) {
            uint8_t *field = o->obj.sec[p->sec].data + p->off;
            int64_t d = (int64_t)os->value + p->addend -
                        (int64_t)(p->off + p->pcend);
            if (p->field)
                mc_field_put(field, (McField)p->field, d);
            else
                put32(field, d);
            continue;
        }
        if (elf && local && r.kind != OBJ_R_GOTLOAD &&
            r.kind != OBJ_R_GOTPCREL) {
            r.addend += (int64_t)os->value;
            r.sym = obj_section_sym(&o->obj, (ObjSecKind)os->sec);
        } else {
            r.sym = id;
        }
        obj_reloc(&o->obj, p->sec, r);
    }
}

/* -g: the debug sections, their cross-section fields relocated (ELF)
 * or written (Mach-O has no relocations for DWARF section offsets). */
static void
debug_sections(ObjSink *o)
{
    CgDwSection sec[CG_DW_NSEC];
    memset(sec, 0, sizeof sec);
    cg_dwarf_sections(o->ctx, sec, o->labaddr.data);
    cg_dwarf_line(o->ctx, o->rows.data, o->rows.len,
                  obj_offset(&o->obj, OBJ_SEC_TEXT),
                  &sec[OBJ_SEC_DEBUG_LINE - OBJ_SEC_DEBUG_INFO]);
    bool elf = o->obj.fmt == OBJ_ELF;
    for (int k = 0; k < CG_DW_NSEC; k++) {
        CgDwSection *d = &sec[k];
        ObjSecKind ks = (ObjSecKind)(OBJ_SEC_DEBUG_INFO + k);
        if (!d->bytes.len)
            continue;
        obj_section_use(&o->obj, ks);
        uint64_t base = obj_offset(&o->obj, ks);
        obj_emit(&o->obj, ks, d->bytes.data, d->bytes.len);
        for (uint32_t j = 0; j < d->fix.len; j++) {
            const CgDwFix *x = &d->fix.data[j];
            uint8_t *field = o->obj.sec[ks].data + base + x->off;
            ObjReloc r = {.offset = base + x->off, .kind = OBJ_R_ABS64,
                          .addend = x->addend};
            switch (x->kind) {
            case CG_DW_SECOFF:
                if (!elf) {
                    put32(field, x->addend);
                    continue;
                }
                r.kind = OBJ_R_ABS32;
                r.sym = obj_section_sym(&o->obj, (ObjSecKind)x->sec);
                break;
            case CG_DW_ADDR:
                r.addend += (int64_t)o->obj.syms.data[sym_of(o, (IrSym){
                                x->sym})].value;
                /* fall through */
            case CG_DW_TEXT:
                r.sym = obj_section_sym(&o->obj, OBJ_SEC_TEXT);
                break;
            case CG_DW_LABEL:
                r.addend += (int64_t)o->labaddr.data[x->sym];
                r.sym = obj_section_sym(&o->obj, OBJ_SEC_TEXT);
                break;
            case CG_DW_LDIFF:
                CG_BUG("object sink: a text-only debug field");
            case CG_DW_SPAN: {
                uint32_t a = sym_of(o, (IrSym){x->sym});
                uint32_t z = sym_of(o, (IrSym){x->sym2});
                const ObjSym *y = o->obj.syms.data;
                put32(field, (int64_t)(y[z].value + y[z].size - y[a].value));
                continue;
            }
            }
            obj_reloc(&o->obj, ks, r);
        }
        cg_dwarf_section_free(d);
    }
}

static bool
o_finish(McSink *s)
{
    ObjSink *o = os_of(s);
    if (o->failed)
        return false;
    if (s->ctx->dwarf)
        debug_sections(o);
    resolve(o);
    uint8_t *buf = NULL;
    size_t len = 0;
    char err[256];
    bool ok = obj_write(&o->obj, &buf, &len, err, sizeof err);
    if (!ok)
        ir_diag_error(s->ctx->diag, (IrLoc){0}, "cannot write the object: %s",
                      err);
    else if (fwrite(buf, 1, len, o->out) != len)
        ok = false;
    free(buf);
    return ok;
}

void
cg_obj_sink(McSink *s, FILE *out, const Target *t)
{
    ObjSink *o = xcalloc(1, sizeof *o);
    obj_init(&o->obj, (ObjFormat)t->obj_format, (ObjMachine)t->obj_machine);
    o->out = out;
    *s = (McSink){
        .begin = o_begin, .func_begin = o_func_begin,
        .func_end = o_func_end, .block = o_block, .inst = o_inst,
        .const_entry = o_const_entry, .section = o_section,
        .object_begin = o_object_begin, .object_end = o_object_end,
        .data_int = o_data_int, .data_zero = o_data_zero,
        .data_bytes = o_data_bytes, .data_symref = o_data_symref,
        .finish = o_finish, .loc = o_loc, .label = o_label,
        .priv = o,
    };
}

void
cg_obj_sink_free(McSink *s)
{
    ObjSink *o = os_of(s);
    if (!o)
        return;
    obj_free(&o->obj);
    VEC_FREE(o->items);
    VEC_FREE(o->code);
    VEC_FREE(o->fix);
    VEC_FREE(o->pend);
    VEC_FREE(o->consts);
    VEC_FREE(o->rows);
    VEC_FREE(o->labaddr);
    VEC_FREE(o->labitem);
    free(o->blockoff);
    free(o->symid);
    free(o);
    s->priv = NULL;
}
