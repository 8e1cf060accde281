/*
 * ehframe.c - .eh_frame contents from the model's FDEs: one CIE, then
 * one FDE per function, as GNU as lays them out (LSB 4.1 "Exception
 * Frames", DWARF 4 section 6.4).
 *
 * The CIE has augmentation "zR" with FDE pointer encoding
 * DW_EH_PE_pcrel | DW_EH_PE_sdata4, and the machine's call-site rule
 * (x86-64: code align 1, data align -8, RA column 16, CFA = rsp+8, RA
 * at CFA-8; AArch64: 4 (Mach-O: 1, as llvm-mc), -8, 30, CFA = sp+0).  Each record is padded
 * with DW_CFA_nop as GNU as (ELF) and llvm-mc (Mach-O) pad them.  An
 * FDE's pc-begin is left zero for the writer: ELF adds a PC-relative
 * 32-bit relocation to .text + start there; Mach-O uses llvm-mc's
 * DW_EH_PE_pcrel | DW_EH_PE_absptr (8 bytes, pc range too) and stores
 * the difference in place.
 */
#include "obj.h"

#include <stdlib.h>

#include "ir.h"

enum {
    CFA_advance_loc = 0x40,
    CFA_offset = 0x80,
    CFA_restore = 0xc0,
    CFA_advance_loc1 = 0x02,
    CFA_advance_loc2 = 0x03,
    CFA_advance_loc4 = 0x04,
    CFA_offset_extended = 0x05,
    CFA_restore_extended = 0x06,
    CFA_remember_state = 0x0a,
    CFA_restore_state = 0x0b,
    CFA_def_cfa = 0x0c,
    CFA_def_cfa_register = 0x0d,
    CFA_def_cfa_offset = 0x0e,
    CFA_offset_extended_sf = 0x11,
    PE_pcrel_sdata4 = 0x1b,
    PE_pcrel_absptr = 0x10,
};

/* Patches the 32-bit length field at 'at' to cover what follows it. */
static void
setlen(ObjBuf *b, size_t at)
{
    uint32_t n = (uint32_t)(b->len - at - 4);
    for (int i = 0; i < 4; i++)
        b->data[at + i] = (uint8_t)(n >> 8 * i);
}

static void
advance(ObjBuf *b, uint32_t delta)
{
    if (!delta)
        return;
    if (delta < 64) {
        obj_buf_u8(b, CFA_advance_loc | delta);
    } else if (delta <= 0xff) {
        obj_buf_u8(b, CFA_advance_loc1);
        obj_buf_u8(b, (uint8_t)delta);
    } else if (delta <= 0xffff) {
        obj_buf_u8(b, CFA_advance_loc2);
        obj_buf_u16(b, (uint16_t)delta);
    } else {
        obj_buf_u8(b, CFA_advance_loc4);
        obj_buf_u32(b, delta);
    }
}

/* One call frame instruction; 'dalign' is the CIE's data alignment. */
static void
cfinst(ObjBuf *b, const ObjCfi *c, int64_t dalign)
{
    switch ((ObjCfaOp)c->op) {
    case OBJ_CFA_DEF_OFFSET:
        obj_buf_u8(b, CFA_def_cfa_offset);
        obj_buf_uleb(b, (uint64_t)c->off);
        break;
    case OBJ_CFA_DEF_REGISTER:
        obj_buf_u8(b, CFA_def_cfa_register);
        obj_buf_uleb(b, c->reg);
        break;
    case OBJ_CFA_DEF:
        obj_buf_u8(b, CFA_def_cfa);
        obj_buf_uleb(b, c->reg);
        obj_buf_uleb(b, (uint64_t)c->off);
        break;
    case OBJ_CFA_OFFSET: {
        int64_t f = c->off / dalign;
        if (f >= 0 && c->reg < 64) {
            obj_buf_u8(b, CFA_offset | c->reg);
            obj_buf_uleb(b, (uint64_t)f);
        } else if (f >= 0) {
            obj_buf_u8(b, CFA_offset_extended);
            obj_buf_uleb(b, c->reg);
            obj_buf_uleb(b, (uint64_t)f);
        } else {
            obj_buf_u8(b, CFA_offset_extended_sf);
            obj_buf_uleb(b, c->reg);
            obj_buf_sleb(b, f);
        }
        break;
    }
    case OBJ_CFA_REMEMBER:
        obj_buf_u8(b, CFA_remember_state);
        break;
    case OBJ_CFA_RESTORE_STATE:
        obj_buf_u8(b, CFA_restore_state);
        break;
    case OBJ_CFA_RESTORE:
        if (c->reg < 64) {
            obj_buf_u8(b, CFA_restore | c->reg);
        } else {
            obj_buf_u8(b, CFA_restore_extended);
            obj_buf_uleb(b, c->reg);
        }
        break;
    }
}

void
obj_ehframe(const Obj *o, ObjBuf *out, ObjEhRel **rel, uint32_t *nrel)
{
    bool x86 = o->mach == OBJ_X86_64, wide = o->fmt == OBJ_MACHO;
    /* llvm-mc counts Mach-O arm64 advances in bytes */
    uint32_t calign = x86 || wide ? 1 : 4;
    /* Record padding: GNU as, the CIE to 8 bytes on x86-64 and 4 on
     * AArch64, FDEs to 4 (the size of their pc fields) but the last to
     * 8 on both (see below); llvm-mc for
     * Mach-O, 4 for the CIE and to an 8-byte boundary for FDEs. */
    size_t ciepad = x86 && !wide ? 8 : 4, fdepad = wide ? 8 : 4;
    int64_t dalign = -8;
    *rel = xmalloc((o->fdes.len + 1) * sizeof **rel);
    *nrel = 0;
    if (!o->fdes.len)
        return;

    size_t cie = out->len;
    obj_buf_u32(out, 0);                /* length, patched */
    obj_buf_u32(out, 0);                /* CIE id */
    obj_buf_u8(out, 1);                 /* version */
    obj_buf_put(out, "zR", 3);
    obj_buf_uleb(out, calign);
    obj_buf_sleb(out, dalign);
    obj_buf_uleb(out, x86 ? 16 : 30);   /* return address column */
    obj_buf_uleb(out, 1);               /* augmentation data length */
    obj_buf_u8(out, wide ? PE_pcrel_absptr : PE_pcrel_sdata4);
    obj_buf_u8(out, CFA_def_cfa);
    obj_buf_uleb(out, x86 ? 7 : 31);    /* rsp / sp */
    obj_buf_uleb(out, x86 ? 8 : 0);
    if (x86) {
        obj_buf_u8(out, CFA_offset | 16);
        obj_buf_uleb(out, 1);
    }
    obj_buf_pad(out, ciepad);     /* DW_CFA_nop is 0 */
    setlen(out, cie);

    for (uint32_t i = 0; i < o->fdes.len; i++) {
        const ObjFde *f = &o->fdes.data[i];
        size_t at = out->len;
        obj_buf_u32(out, 0);
        obj_buf_u32(out, (uint32_t)(out->len - cie)); /* CIE pointer */
        (*rel)[(*nrel)++] = (ObjEhRel){out->len, f->start, f->sym};
        if (wide) {
            obj_buf_u64(out, 0);        /* pc begin: the writer's */
            obj_buf_u64(out, f->size);
        } else {
            obj_buf_u32(out, 0);
            obj_buf_u32(out, (uint32_t)f->size);
        }
        obj_buf_uleb(out, 0);           /* augmentation data length */
        uint32_t pc = 0;
        for (uint32_t k = 0; k < f->ncfi; k++) {
            const ObjCfi *c = &o->cfis.data[f->first_cfi + k];
            if (c->pc > pc) {
                advance(out, (c->pc - pc) / calign);
                pc = c->pc;
            }
            cfinst(out, c, dalign);
        }
        /* GNU as ends the section on its 8-byte alignment, inside the
         * last record */
        obj_buf_pad(out, !wide && i + 1 == o->fdes.len ? 8 : fdepad);
        setlen(out, at);
    }
}
