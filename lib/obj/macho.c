/*
 * macho.c - the Mach-O 64 MH_OBJECT writer for x86_64 and arm64, laid
 * out as llvm-mc lays out an object (<mach-o/loader.h>, <mach-o/reloc.h>,
 * <mach-o/x86_64/reloc.h>, <mach-o/arm64/reloc.h>, compact_unwind_encoding.h).
 *
 *   mach_header_64 (MH_SUBSECTIONS_VIA_SYMBOLS)
 *   LC_SEGMENT_64 "" with the used sections, then LC_BUILD_VERSION,
 *   LC_SYMTAB, LC_DYSYMTAB
 *   section contents at file offset = base + section address
 *   relocations per section, symbol table, string table
 *
 * Section addresses start at 0 in the order __text, __TEXT,__const,
 * __data, __DATA,__const, __LD,__compact_unwind, __TEXT,__eh_frame,
 * __bss (zero-fill last, no file bytes).  Symbols: locals in model
 * order, defined externals by name, undefined by name, with a '_'
 * prepended to every name (spec 10.5).  Relocations are written in
 * reverse offset order, as llvm-mc does; an arm64 ARM64_RELOC_ADDEND
 * comes just before the relocation it applies to.
 *
 * Unwind info, as llvm-mc writes it: each FDE becomes a compact unwind
 * entry when its CFI has a shape compact unwind encodes (frame pointer
 * with callee-saved registers, or a frameless body with a fixed stack
 * size).  x86-64 also writes every FDE to __TEXT,__eh_frame, and a
 * function compact unwind cannot describe gets no entry (the linker
 * makes one from the FDE); arm64 writes only those FDEs, with entries
 * in DWARF mode.  The FDE's pc-begin is resolved in place (llvm-mc does
 * so on x86-64; on arm64 it writes SUBTRACTOR/UNSIGNED pairs, from the
 * section-start symbol of __eh_frame to the function's symbol).
 *
 * arm64 objects also get llvm-mc's section-start symbols: a local
 * "ltmpN" at the start of every section but the DWARF ones, numbered in
 * section order
 * (the unwind sections last), each listed among the locals before the
 * first local of its section.
 */
#include "obj.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

/* Constants past INT_MAX cannot be enumerators in ISO C. */
#define MH_MAGIC_64 0xfeedfacfu
#define S_ATTR_PURE_INSTRUCTIONS 0x80000000u
#define CU_DWARF 0xffffffffu /* not encodable: use __eh_frame */

enum {
    MH_OBJECT = 1,
    MH_SUBSECTIONS_VIA_SYMBOLS = 0x2000,
    CPU_X86_64 = 0x01000007, CPU_ARM64 = 0x0100000c,
    LC_SYMTAB = 0x2, LC_DYSYMTAB = 0xb, LC_SEGMENT_64 = 0x19,
    LC_BUILD_VERSION = 0x32, PLATFORM_MACOS = 1,
    S_ZEROFILL = 1, S_COALESCED = 0xb,
    S_ATTR_SOME_INSTRUCTIONS = 0x400,
    S_ATTR_DEBUG = 0x02000000, S_ATTR_NO_TOC = 0x40000000,
    S_ATTR_STRIP_STATIC_SYMS = 0x20000000, S_ATTR_LIVE_SUPPORT = 0x08000000,
    N_UNDF = 0, N_EXT = 1, N_SECT = 0xe,
    /* relocation types */
    X86_UNSIGNED = 0, X86_SIGNED = 1, X86_BRANCH = 2, X86_GOT_LOAD = 3,
    X86_GOT = 4, X86_SUBTRACTOR = 5, X86_SIGNED_1 = 6, X86_SIGNED_2 = 7,
    X86_SIGNED_4 = 8,
    A64_UNSIGNED = 0, A64_SUBTRACTOR = 1, A64_BRANCH26 = 2, A64_PAGE21 = 3,
    A64_PAGEOFF12 = 4, A64_GOT_PAGE21 = 5, A64_GOT_PAGEOFF12 = 6,
    A64_ADDEND = 10,
    /* compact unwind encodings */
    X86_RBP_FRAME = 0x01000000, X86_STACK_IMMD = 0x02000000,
    A64_FRAMELESS = 0x02000000, A64_DWARF = 0x03000000,
    A64_FRAME = 0x04000000,
};

/* Output sections: the model's five plus unwind info. */
enum { CU = OBJ_NSEC, EH, NOUT };

static const struct {
    const char *sect, *seg;
    uint32_t flags;
} secinfo[NOUT] = {
    [OBJ_SEC_TEXT] = {"__text", "__TEXT",
                      S_ATTR_PURE_INSTRUCTIONS | S_ATTR_SOME_INSTRUCTIONS},
    [OBJ_SEC_RODATA] = {"__const", "__TEXT", 0},
    [OBJ_SEC_DATA] = {"__data", "__DATA", 0},
    [OBJ_SEC_RELRO] = {"__const", "__DATA", 0},
    [OBJ_SEC_BSS] = {"__bss", "__DATA", S_ZEROFILL},
    [OBJ_SEC_DEBUG_INFO] = {"__debug_info", "__DWARF", S_ATTR_DEBUG},
    [OBJ_SEC_DEBUG_ABBREV] = {"__debug_abbrev", "__DWARF", S_ATTR_DEBUG},
    [OBJ_SEC_DEBUG_LINE] = {"__debug_line", "__DWARF", S_ATTR_DEBUG},
    [OBJ_SEC_DEBUG_STR] = {"__debug_str", "__DWARF", S_ATTR_DEBUG},
    [OBJ_SEC_DEBUG_LINE_STR] = {"__debug_line_str", "__DWARF",
                                S_ATTR_DEBUG},
    [OBJ_SEC_DEBUG_LOCLISTS] = {"__debug_loclists", "__DWARF",
                                S_ATTR_DEBUG},
    [OBJ_SEC_DEBUG_LOC] = {"__debug_loc", "__DWARF", S_ATTR_DEBUG},
    [CU] = {"__compact_unwind", "__LD", S_ATTR_DEBUG},
    [EH] = {"__eh_frame", "__TEXT",
            S_COALESCED | S_ATTR_NO_TOC | S_ATTR_STRIP_STATIC_SYMS |
                S_ATTR_LIVE_SUPPORT},
};

/* Default order of the model's sections, after those the producer
 * used (Obj.secorder). */
static const int deforder[OBJ_NSEC] = {
    OBJ_SEC_TEXT, OBJ_SEC_RODATA, OBJ_SEC_DATA, OBJ_SEC_RELRO, OBJ_SEC_BSS,
    OBJ_SEC_DEBUG_INFO, OBJ_SEC_DEBUG_ABBREV, OBJ_SEC_DEBUG_LINE,
    OBJ_SEC_DEBUG_STR, OBJ_SEC_DEBUG_LINE_STR, OBJ_SEC_DEBUG_LOCLISTS,
    OBJ_SEC_DEBUG_LOC};

/* Section numbering, as llvm-mc's: __text first, then the model's
 * sections in the order the producer first used them, then unwind
 * information.  Addresses follow the same order, the zero-fill
 * section last. */
static void
section_order(const Obj *o, int order[NOUT])
{
    int n = 0;
    bool seen[NOUT] = {false};
    order[n++] = OBJ_SEC_TEXT;
    seen[OBJ_SEC_TEXT] = true;
    for (uint8_t k = 0; k < o->nsecorder; k++)
        if (!seen[o->secorder[k]]) {
            seen[o->secorder[k]] = true;
            order[n++] = o->secorder[k];
        }
    for (int k = 0; k < OBJ_NSEC; k++)
        if (!seen[deforder[k]]) {
            seen[deforder[k]] = true;
            order[n++] = deforder[k];
        }
    order[n++] = CU;
    order[n++] = EH;
}

typedef struct {
    uint8_t *data;          /* a copy, patched with in-place addends */
    uint64_t size, addr, align;
    bool used;
    uint32_t ordinal;       /* 1-based, 0: not emitted */
    ObjBuf rel;
    uint32_t nrel;
} Out;

typedef struct {
    const Obj *o;
    Out s[NOUT];
    uint32_t *symndx;       /* model symbol -> nlist index; section
                               start symbols (arm64) are the ids from
                               o->syms.len on, by output section */
    char *err;
    size_t errlen;
} W;

static bool
fail(W *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->err, w->errlen, fmt, ap);
    va_end(ap);
    return false;
}

static void
put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static void
put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static void
putrel(Out *s, int32_t addr, uint32_t symnum, bool pcrel, int len,
       bool ext, int type)
{
    obj_buf_u32(&s->rel, (uint32_t)addr);
    obj_buf_u32(&s->rel, (symnum & 0xffffff) | (uint32_t)pcrel << 24 |
                             (uint32_t)len << 25 | (uint32_t)ext << 27 |
                             (uint32_t)type << 28);
    s->nrel++;
}

/* ------------------------------------------------------ compact unwind */

/*
 * arm64: llvm-mc's reading of the CFI rows, in order (it is what the
 * objects are compared with): def_cfa fp followed by the saves of lr
 * and fp at neighbouring offsets is a frame; then each save must be the
 * first of a pair (x19/x20 ... x27/x28, d8/d9 ... d14/d15) stored 8
 * bytes below the previous one; one def_cfa_offset is a frameless stack
 * size.  Anything else (another pair, def_cfa_register, the epilogue's
 * remember_state) is DWARF.
 */
static uint32_t
cuencode_a64(const Obj *o, const ObjFde *f)
{
    if (!f->ncfi)
        return A64_FRAMELESS;
    static const uint16_t pairs[9][2] = {{19, 20}, {21, 22}, {23, 24},
                                         {25, 26}, {27, 28}, {72, 73},
                                         {74, 75}, {76, 77}, {78, 79}};
    static const uint32_t bits[9] = {0x1, 0x2, 0x4, 0x8, 0x10,
                                     0x100, 0x200, 0x400, 0x800};
    const ObjCfi *c = &o->cfis.data[f->first_cfi];
    uint32_t enc = 0, n = f->ncfi;
    bool fp = false;
    int64_t stack = 0, cur = 0;
    for (uint32_t i = 0; i < n; i++) {
        switch ((ObjCfaOp)c[i].op) {
        case OBJ_CFA_DEF:
            if (c[i].reg != 29 || i + 2 >= n ||
                c[i + 1].op != OBJ_CFA_OFFSET ||
                c[i + 2].op != OBJ_CFA_OFFSET ||
                c[i + 2].off + 8 != c[i + 1].off || c[i + 1].reg != 30 ||
                c[i + 2].reg != 29)
                return CU_DWARF;
            cur = c[i + 2].off;
            i += 2;
            enc |= A64_FRAME;
            fp = true;
            break;
        case OBJ_CFA_DEF_OFFSET:
            if (stack)
                return CU_DWARF;
            stack = c[i].off < 0 ? -c[i].off : c[i].off;
            break;
        case OBJ_CFA_OFFSET: {
            if (i + 1 == n || (cur && c[i].off != cur - 8) ||
                c[i + 1].op != OBJ_CFA_OFFSET || c[i + 1].off != c[i].off - 8)
                return CU_DWARF;
            cur = c[i + 1].off;
            int p = 0;
            while (p < 9 && !(pairs[p][0] == c[i].reg &&
                              pairs[p][1] == c[i + 1].reg))
                p++;
            /* in register order, X pairs before D pairs */
            if (p == 9 || (enc & 0xF1F & ~((bits[p] << 1) - 1)))
                return CU_DWARF;
            enc |= bits[p];
            i++;
            break;
        }
        default:
            return CU_DWARF;
        }
    }
    if (!fp) {
        if (stack > 65520)
            return CU_DWARF;
        enc |= A64_FRAMELESS | (uint32_t)(stack / 16) << 12;
    }
    return enc;
}

/* The compact unwind encoding of FDE f, 0 for "no entry" (an x86
 * function without CFI, as llvm-mc), or CU_DWARF. */
static uint32_t
cuencode(const Obj *o, const ObjFde *f)
{
    bool x86 = o->mach == OBJ_X86_64;
    if (!x86)
        return cuencode_a64(o, f);
    uint16_t sp = x86 ? 7 : 31, fp = x86 ? 6 : 29;
    if (!f->ncfi)
        return x86 ? 0 : A64_FRAMELESS;
    int64_t cfaoff = x86 ? 8 : 0, saved[96];
    uint16_t cfareg = sp;
    bool frame = false, any = false;
    for (int r = 0; r < 96; r++)
        saved[r] = 0;
    for (uint32_t k = 0; k < f->ncfi; k++) {
        const ObjCfi *c = &o->cfis.data[f->first_cfi + k];
        bool def = c->op == OBJ_CFA_DEF || c->op == OBJ_CFA_DEF_OFFSET ||
                   c->op == OBJ_CFA_DEF_REGISTER;
        /* any other rule (the epilogue's remember/restore, def_cfa)
         * is beyond compact unwind: DWARF, as llvm-mc decides */
        if (!def && c->op != OBJ_CFA_OFFSET)
            return CU_DWARF;
        if (c->op == OBJ_CFA_OFFSET) {
            if (c->reg >= 96 || c->off >= 0 || c->off % 8)
                return CU_DWARF;
            saved[c->reg] = c->off;
            any = true;
        } else {
            if (c->op != OBJ_CFA_DEF_OFFSET)
                cfareg = c->reg;
            if (c->op != OBJ_CFA_DEF_REGISTER)
                cfaoff = c->off;
        }
        frame = cfareg == fp && cfaoff == 16 && saved[fp] == -16;
    }
    if (!frame) {
        /* Frameless: a fixed stack size, no saved registers. */
        if (cfareg != sp || any)
            return CU_DWARF;
        if (x86)
            return cfaoff % 8 || cfaoff / 8 > 0xff
                       ? CU_DWARF
                       : X86_STACK_IMMD | (uint32_t)(cfaoff / 8) << 16;
        return cfaoff % 16 || cfaoff / 16 > 0xfff
                   ? CU_DWARF
                   : A64_FRAMELESS | (uint32_t)(cfaoff / 16) << 12;
    }
    if (x86) {
        /* Registers at rbp-8*N .. rbp-8*N+32, 3 bits each (rbx=1,
         * r12..r15=2..5; DWARF 3, 12..15). */
        static const uint8_t cureg[16] = {[3] = 1, [12] = 2, [13] = 3,
                                          [14] = 4, [15] = 5};
        if (saved[16] && saved[16] != -8)
            return CU_DWARF;
        int64_t lo = 0;
        for (int r = 0; r < 96; r++)
            if (saved[r] && r != 6 && r != 16) {
                if (r >= 16 || !cureg[r])
                    return CU_DWARF;
                if (saved[r] + 16 < lo)
                    lo = saved[r] + 16;
            }
        int64_t n = -lo / 8;
        uint32_t regs = 0;
        for (int r = 0; r < 16; r++)
            if (saved[r] && cureg[r]) {
                int64_t slot = (saved[r] + 16) / 8 + n;
                if (slot >= 5)
                    return CU_DWARF;
                regs |= (uint32_t)cureg[r] << 3 * slot;
            }
        if (n > 0xff)
            return CU_DWARF;
        return X86_RBP_FRAME | (uint32_t)n << 16 | regs;
    }
    return CU_DWARF;
}

/* Fills __compact_unwind and __eh_frame (their contents; relocations
 * and addresses come later). */
static void
unwind(W *w, uint32_t *enc)
{
    const Obj *o = w->o;
    bool x86 = o->mach == OBJ_X86_64;
    Obj dw = *o; /* shallow: the DWARF-only FDEs for __eh_frame */
    dw.fdes.data = xmalloc((o->fdes.len + 1) * sizeof *dw.fdes.data);
    dw.fdes.len = 0;
    ObjBuf cu = {0};
    for (uint32_t i = 0; i < o->fdes.len; i++) {
        const ObjFde *f = &o->fdes.data[i];
        uint32_t e = cuencode(o, f);
        /* x86-64: every FDE also goes to __eh_frame, and a DWARF-mode
         * function gets no entry; arm64: only DWARF-mode FDEs do, and
         * their entry says so.  Both as llvm-mc. */
        if (x86 || e == CU_DWARF)
            dw.fdes.data[dw.fdes.len++] = *f;
        if (e == CU_DWARF)
            e = x86 ? 0 : A64_DWARF;
        enc[i] = e;
        if (e) {
            obj_buf_u64(&cu, f->start); /* + __text's address, 0 */
            obj_buf_u32(&cu, (uint32_t)f->size);
            obj_buf_u32(&cu, e);
            obj_buf_u64(&cu, 0);        /* personality */
            obj_buf_u64(&cu, 0);        /* LSDA */
        }
    }
    w->s[CU].data = cu.data;
    w->s[CU].size = cu.len;
    w->s[CU].align = 8;
    w->s[CU].used = cu.len > 0;
    ObjBuf eh = {0};
    ObjEhRel *rel;
    uint32_t nrel;
    obj_ehframe(&dw, &eh, &rel, &nrel);
    w->s[EH].data = eh.data;
    w->s[EH].size = eh.len;
    w->s[EH].align = 8;
    w->s[EH].used = eh.len > 0;
    /* Stash pc-begin fixups as (field offset, .text offset) pairs at
     * the end of the buffer's life: resolved once addresses exist. */
    w->s[EH].rel.data = (uint8_t *)rel;
    w->s[EH].nrel = nrel;
    free(dw.fdes.data);
}

/* ----------------------------------------------------------- relocs */

static int
byoffset(const void *a, const void *b)
{
    const ObjReloc *x = *(const ObjReloc *const *)a;
    const ObjReloc *y = *(const ObjReloc *const *)b;
    if (x->offset != y->offset)
        return x->offset < y->offset ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* The nearest non-section symbol of section s at or before 'off'. */
static uint32_t
atomsym(const Obj *o, int s, uint64_t off)
{
    uint32_t best = 0;
    for (uint32_t i = 1; i < o->syms.len; i++) {
        const ObjSym *y = &o->syms.data[i];
        if (y->sec == s && !y->section_sym && y->value <= off &&
            (!best || y->value >= o->syms.data[best].value))
            best = i;
    }
    return best;
}

/* One model relocation: its native entries (written in reverse later)
 * and its in-place value. */
static bool
reloc(W *w, int s, const ObjReloc *r, ObjBuf *ents)
{
    const Obj *o = w->o;
    bool x86 = o->mach == OBJ_X86_64;
    Out *out = &w->s[s];
    if (s == OBJ_SEC_BSS)
        return fail(w, "relocation in zero-fill __bss");
    if (!r->sym || r->sym >= o->syms.len)
        return fail(w, "relocation at %s+%#llx: bad symbol %u",
                    secinfo[s].sect, (unsigned long long)r->offset, r->sym);
    uint32_t ys = r->sym;
    int64_t a = r->addend;
    const ObjSym *y = &o->syms.data[ys];
    if (y->section_sym && a >= 0 && s < OBJ_SEC_DEBUG_INFO) {
        /* As llvm-mc with subsections via symbols: a section offset is
         * reached from the symbol of the atom holding it (not from
         * DWARF, where llvm-mc keeps section-based relocations and the
         * address in the field). */
        uint32_t atom = atomsym(o, y->sec, (uint64_t)a);
        if (atom) {
            a -= (int64_t)o->syms.data[atom].value;
            y = &o->syms.data[ys = atom];
        }
    }
    bool ext = !y->section_sym;
    uint32_t symnum = ext ? w->symndx[ys] : w->s[y->sec].ordinal;
    uint64_t target = ext ? 0 : w->s[y->sec].addr;
    uint64_t p = out->addr + r->offset; /* r_address: r->offset */
    int pcend = r->pcend ? r->pcend : 4;
    uint8_t *field = out->data + r->offset;
    int type = -1, len = 2;
    bool pcrel = false;
    /* (entry, addend entry) pairs: addr, word; word 0 = none. */
    uint32_t e[4] = {0};
    if (r->offset + (r->kind == OBJ_R_ABS64 ? 8 : 4) > out->size)
        return fail(w, "relocation at %s+%#llx is past the section end",
                    secinfo[s].sect, (unsigned long long)r->offset);
    switch ((ObjRelocKind)r->kind) {
    case OBJ_R_ABS64:
        type = X86_UNSIGNED; /* == A64_UNSIGNED */
        len = 3;
        put64(field, target + (uint64_t)a);
        break;
    case OBJ_R_PC32:
        if (!x86)
            goto prel;
        pcrel = true;
        type = pcend == 4 ? X86_SIGNED : pcend == 5 ? X86_SIGNED_1
               : pcend == 6 ? X86_SIGNED_2 : pcend == 8 ? X86_SIGNED_4 : -1;
        if (type < 0)
            return fail(w, "x86 PC-relative relocation at %s+%#llx: no "
                        "Mach-O type for %d bytes to the instruction end",
                        secinfo[s].sect, (unsigned long long)r->offset,
                        pcend);
        put32(field, ext ? (uint32_t)(a - (pcend - 4))
                         : (uint32_t)(target + a - (p + pcend)));
        break;
    case OBJ_R_CALL:
    case OBJ_R_JUMP:
        pcrel = true;
        if (x86) {
            type = X86_BRANCH;
            put32(field, ext ? (uint32_t)a : (uint32_t)(target + a - p - 4));
        } else {
            type = A64_BRANCH26;
        }
        break;
    case OBJ_R_GOTLOAD:
    case OBJ_R_GOTPCREL:
        if (x86) {
            pcrel = true;
            type = r->kind == OBJ_R_GOTLOAD ? X86_GOT_LOAD : X86_GOT;
        }
        break;
    case OBJ_R_PAGE21:
        pcrel = true;
        if (!x86)
            type = A64_PAGE21;
        break;
    case OBJ_R_PAGEOFF12:
        if (!x86)
            type = A64_PAGEOFF12;
        break;
    case OBJ_R_GOT_PAGE21:
        pcrel = true;
        if (!x86)
            type = A64_GOT_PAGE21;
        break;
    case OBJ_R_GOT_PAGEOFF12:
        if (!x86)
            type = A64_GOT_PAGEOFF12;
        break;
    case OBJ_R_PREL32_DATA:
    prel: {
        /* S + A - P as SUBTRACTOR(atom) + UNSIGNED(S), the field holding
         * A - (P - atom). */
        uint32_t b = atomsym(o, s, r->offset);
        if (!b || !ext || (x86 && y->sec < 0))
            return fail(w, "32-bit PC-relative data relocation at "
                        "%s+%#llx against '%s' cannot be expressed in "
                        "Mach-O", secinfo[s].sect,
                        (unsigned long long)r->offset,
                        y->name ? y->name : "(section)");
        put32(field, (uint32_t)(a - (int64_t)(r->offset -
                                              o->syms.data[b].value)));
        e[0] = (uint32_t)r->offset;
        e[1] = (w->symndx[b] & 0xffffff) | 2u << 25 | 1u << 27 |
               (uint32_t)(x86 ? X86_SUBTRACTOR : A64_SUBTRACTOR) << 28;
        type = X86_UNSIGNED;
        break;
    }
    default:
        break;
    }
    if (type < 0 || r->kind >= OBJ_R_NKINDS)
        return fail(w, "relocation kind %d at %s+%#llx has no Mach-O %s "
                    "type", r->kind, secinfo[s].sect,
                    (unsigned long long)r->offset, x86 ? "x86_64" : "arm64");
    bool got = r->kind == OBJ_R_GOTLOAD || r->kind == OBJ_R_GOTPCREL ||
               r->kind == OBJ_R_GOT_PAGE21 ||
               r->kind == OBJ_R_GOT_PAGEOFF12;
    if (got && a)
        return fail(w, "GOT relocation at %s+%#llx with addend %lld: "
                    "Mach-O has none", secinfo[s].sect,
                    (unsigned long long)r->offset, (long long)a);
    if (!ext && !(r->kind == OBJ_R_ABS64 ||
                  (x86 && (r->kind == OBJ_R_PC32 || r->kind == OBJ_R_CALL ||
                           r->kind == OBJ_R_JUMP))))
        return fail(w, "relocation kind %d at %s+%#llx needs a symbol, "
                    "not a section, on Mach-O", r->kind, secinfo[s].sect,
                    (unsigned long long)r->offset);
    if (!x86 && a && r->kind != OBJ_R_ABS64 && !e[1]) {
        if (a < -(1 << 23) || a >= 1 << 23)
            return fail(w, "addend %lld at %s+%#llx is out of "
                        "ARM64_RELOC_ADDEND range", (long long)a,
                        secinfo[s].sect, (unsigned long long)r->offset);
        e[0] = (uint32_t)r->offset;
        e[1] = ((uint32_t)a & 0xffffff) | 2u << 25 |
               (uint32_t)A64_ADDEND << 28;
    }
    /* Written in reverse later: the main entry first, so the ADDEND or
     * SUBTRACTOR entry ends up before it in the file. */
    obj_buf_u32(ents, (uint32_t)r->offset);
    obj_buf_u32(ents, (symnum & 0xffffff) | (uint32_t)pcrel << 24 |
                          (uint32_t)len << 25 | (uint32_t)ext << 27 |
                          (uint32_t)type << 28);
    if (e[1]) {
        obj_buf_u32(ents, e[0]);
        obj_buf_u32(ents, e[1]);
    }
    return true;
}

static bool
relocs(W *w, int s)
{
    const ObjSection *sec = &w->o->sec[s];
    uint32_t n = sec->relocs.len;
    if (!n)
        return true;
    const ObjReloc **v = xmalloc(n * sizeof *v);
    for (uint32_t i = 0; i < n; i++)
        v[i] = &sec->relocs.data[i];
    qsort(v, n, sizeof *v, byoffset);
    ObjBuf ents = {0};
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++)
        ok = reloc(w, s, v[i], &ents);
    for (size_t k = ents.len; ok && k; k -= 8) {
        obj_buf_put(&w->s[s].rel, ents.data + k - 8, 8);
        w->s[s].nrel++;
    }
    free(ents.data);
    free(v);
    return ok;
}

/* ---------------------------------------------------------- symbols */

typedef struct {
    const char *name;
    uint32_t id;
} Named;

static int
byname(const void *a, const void *b)
{
    const Named *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* Whether output section k gets an arm64 section-start symbol: every
 * emitted one but DWARF's, as llvm-mc. */
static bool
has_start(const W *w, int k)
{
    return w->s[k].ordinal &&
           !(k >= OBJ_SEC_DEBUG_INFO && k < OBJ_NSEC);
}

/* Orders the symbols: locals in model order, then defined externals
 * and undefined symbols, each by name.  Returns the count; fills ord,
 * w->symndx and the class sizes. */
static uint32_t
symorder(W *w, const int order[NOUT], uint32_t *ord, uint32_t *nloc,
         uint32_t *next)
{
    const Obj *o = w->o;
    Named *v = xmalloc(o->syms.len * sizeof *v);
    uint32_t n = 0;
    bool starts = o->mach == OBJ_AARCH64, done[NOUT] = {false};
    for (int cls = 0; cls < 3; cls++) {
        uint32_t m = 0;
        for (uint32_t i = 1; i < o->syms.len; i++) {
            const ObjSym *y = &o->syms.data[i];
            int c = y->sec < 0 ? 2 : y->global ? 1 : 0;
            if (!y->section_sym && c == cls)
                v[m++] = (Named){y->name, i};
        }
        if (cls > 0)
            qsort(v, m, sizeof *v, byname);
        for (uint32_t k = 0; k < m; k++) {
            /* a section's start symbol before its first local, with
             * those of the sections numbered before it */
            int ys = o->syms.data[v[k].id].sec;
            for (int q = 0; starts && cls == 0 && !done[ys] && q < NOUT;
                 q++) {
                if (has_start(w, order[q]) && !done[order[q]])
                    ord[n++] = o->syms.len + (uint32_t)order[q];
                done[order[q]] = true;
                if (order[q] == ys)
                    break;
            }
            ord[n++] = v[k].id;
        }
        for (int q = 0; starts && cls == 0 && q < NOUT; q++)
            if (has_start(w, order[q]) && !done[order[q]]) {
                ord[n++] = o->syms.len + (uint32_t)order[q];
                done[order[q]] = true;
            }
        if (cls == 0)
            *nloc = n;
        if (cls == 1)
            *next = n - *nloc;
    }
    free(v);
    for (uint32_t k = 0; k < n; k++)
        w->symndx[ord[k]] = k;
    return n;
}

/* ------------------------------------------------------------ write */

static void
putname16(ObjBuf *b, const char *s)
{
    char n[16] = {0};
    memcpy(n, s, strlen(s) < 16 ? strlen(s) : 16);
    obj_buf_put(b, n, 16);
}

bool
obj_write_macho(const Obj *o, uint8_t **buf, size_t *len, char *err,
                size_t errlen)
{
    W w = {.o = o, .err = err, .errlen = errlen};
    bool x86 = o->mach == OBJ_X86_64, ok = false;
    w.symndx = xcalloc(o->syms.len + NOUT, sizeof *w.symndx);
    uint32_t *enc = xmalloc((o->fdes.len + 1) * sizeof *enc);
    uint32_t *ord = xmalloc((o->syms.len + NOUT) * sizeof *ord);
    for (int s = 0; s < OBJ_NSEC; s++) {
        const ObjSection *sec = &o->sec[s];
        if (!obj_sec_used(o, (ObjSecKind)s))
            continue;
        w.s[s].used = true;
        w.s[s].size = sec->size;
        w.s[s].align = sec->align ? sec->align : 1;
        if (s != OBJ_SEC_BSS) {
            w.s[s].data = xmalloc(sec->size + 1);
            if (sec->size)
                memcpy(w.s[s].data, sec->data, sec->size);
        }
    }
    unwind(&w, enc);
    ObjEhRel *ehrel = (ObjEhRel *)w.s[EH].rel.data;
    uint32_t nehrel = w.s[EH].nrel;
    w.s[EH].rel.data = NULL;
    w.s[EH].nrel = 0;

    /* Addresses and ordinals. */
    int order[NOUT];
    section_order(o, order);
    uint32_t nsect = 0;
    uint64_t addr = 0, fileend = 0;
    for (int k = 0; k < NOUT; k++)
        if (w.s[order[k]].used)
            w.s[order[k]].ordinal = ++nsect;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < NOUT; k++) {
            Out *s = &w.s[order[k]];
            if (!s->used || (order[k] == OBJ_SEC_BSS) != (pass == 1))
                continue;
            addr = (addr + s->align - 1) & ~(s->align - 1);
            s->addr = addr;
            addr += s->size;
            if (order[k] != OBJ_SEC_BSS)
                fileend = addr;
        }
    if (addr > UINT32_MAX) {
        fail(&w, "Mach-O object over 4 GiB");
        goto out;
    }
    for (uint32_t i = 0; i < nehrel; i++) /* pc-begin, resolved */
        put64(w.s[EH].data + ehrel[i].offset, x86
              ? w.s[OBJ_SEC_TEXT].addr + ehrel[i].target -
                  (w.s[EH].addr + ehrel[i].offset)
              : -ehrel[i].offset);  /* arm64: ltmp - P, see below */
    uint32_t ncu = 0;
    for (uint32_t i = 0; i < o->fdes.len; i++)
        ncu += enc[i] != 0;
    for (uint32_t i = ncu; i > 0; i--) /* starts: against __text */
        putrel(&w.s[CU], (int32_t)(32 * (i - 1)), 1, false, 3, false,
               X86_UNSIGNED);

    uint32_t nloc = 0, next = 0;
    uint32_t nsyms = symorder(&w, order, ord, &nloc, &next);
    for (uint32_t i = nehrel; !x86 && i > 0; i--) {
        /* SUBTRACTOR(__eh_frame's ltmp) + UNSIGNED(function), in
         * reverse offset order as the other sections' */
        uint32_t at = (uint32_t)ehrel[i - 1].offset;
        obj_buf_u32(&w.s[EH].rel, at);
        obj_buf_u32(&w.s[EH].rel, (w.symndx[o->syms.len + EH] & 0xffffff) |
                    3u << 25 | 1u << 27 | (uint32_t)A64_SUBTRACTOR << 28);
        obj_buf_u32(&w.s[EH].rel, at);
        obj_buf_u32(&w.s[EH].rel, (w.symndx[ehrel[i - 1].sym] & 0xffffff) |
                    3u << 25 | 1u << 27 | (uint32_t)A64_UNSIGNED << 28);
        w.s[EH].nrel += 2;
    }
    for (int s = 0; s < OBJ_NSEC; s++)
        if (w.s[s].ordinal && !relocs(&w, s))
            goto out;

    /* File layout. */
    uint32_t cmdsize = 72 + 80 * nsect + 24 + 24 + 80;
    uint64_t base = 32 + cmdsize;
    uint64_t off = base + fileend;
    uint64_t reloff[NOUT];
    for (int k = 0; k < NOUT; k++) {
        reloff[order[k]] = off;
        off += w.s[order[k]].rel.len;
    }
    off = (off + 7) & ~(uint64_t)7;
    uint64_t symoff = off;
    ObjBuf str = {0};
    obj_buf_u8(&str, 0);
    ObjBuf syms = {0};
    for (uint32_t k = 0; k < nsyms; k++) {
        if (ord[k] >= o->syms.len) {    /* arm64 section start */
            int sec = (int)(ord[k] - o->syms.len);
            char nm[16];
            uint32_t num = 0;
            for (int q = 0; q < NOUT && order[q] != sec; q++)
                num += has_start(&w, order[q]);
            snprintf(nm, sizeof nm, "ltmp%u", num);
            obj_buf_u32(&syms, (uint32_t)str.len);
            obj_buf_put(&str, nm, strlen(nm) + 1);
            obj_buf_u8(&syms, N_SECT);
            obj_buf_u8(&syms, (uint8_t)w.s[sec].ordinal);
            obj_buf_u16(&syms, 0);
            obj_buf_u64(&syms, w.s[sec].addr);
            continue;
        }
        const ObjSym *y = &o->syms.data[ord[k]];
        obj_buf_u32(&syms, (uint32_t)str.len);
        obj_buf_u8(&str, '_');
        obj_buf_put(&str, y->name, strlen(y->name) + 1);
        bool ext = y->global || y->sec < 0;
        obj_buf_u8(&syms, (uint8_t)((y->sec < 0 ? N_UNDF : N_SECT) |
                                    (ext ? N_EXT : 0)));
        if (y->sec >= 0 && !w.s[y->sec].ordinal) {
            free(syms.data);
            free(str.data);
            fail(&w, "symbol '%s' in an empty section", y->name);
            goto out;
        }
        obj_buf_u8(&syms, (uint8_t)(y->sec < 0 ? 0 : w.s[y->sec].ordinal));
        obj_buf_u16(&syms, 0);
        obj_buf_u64(&syms, y->sec < 0 ? 0 : w.s[y->sec].addr + y->value);
    }
    obj_buf_pad(&str, 8);
    uint64_t stroff = symoff + syms.len;

    ObjBuf b = {0};
    obj_buf_u32(&b, MH_MAGIC_64);
    obj_buf_u32(&b, x86 ? CPU_X86_64 : CPU_ARM64);
    obj_buf_u32(&b, x86 ? 3 : 0); /* CPU_SUBTYPE_*_ALL */
    obj_buf_u32(&b, MH_OBJECT);
    obj_buf_u32(&b, 4);
    obj_buf_u32(&b, cmdsize);
    obj_buf_u32(&b, MH_SUBSECTIONS_VIA_SYMBOLS);
    obj_buf_u32(&b, 0);

    obj_buf_u32(&b, LC_SEGMENT_64);
    obj_buf_u32(&b, 72 + 80 * nsect);
    putname16(&b, "");
    obj_buf_u64(&b, 0);
    obj_buf_u64(&b, addr);
    obj_buf_u64(&b, base);
    obj_buf_u64(&b, fileend);
    obj_buf_u32(&b, 7);
    obj_buf_u32(&b, 7);
    obj_buf_u32(&b, nsect);
    obj_buf_u32(&b, 0);
    for (int k = 0; k < NOUT; k++) {
        const Out *s = &w.s[order[k]];
        if (!s->ordinal)
            continue;
        putname16(&b, secinfo[order[k]].sect);
        putname16(&b, secinfo[order[k]].seg);
        obj_buf_u64(&b, s->addr);
        obj_buf_u64(&b, s->size);
        obj_buf_u32(&b, order[k] == OBJ_SEC_BSS ? 0
                                                : (uint32_t)(base + s->addr));
        uint32_t lg = 0;
        while ((1ull << lg) < s->align)
            lg++;
        obj_buf_u32(&b, lg);
        obj_buf_u32(&b, s->nrel ? (uint32_t)reloff[order[k]] : 0);
        obj_buf_u32(&b, s->nrel);
        obj_buf_u32(&b, secinfo[order[k]].flags);
        obj_buf_u32(&b, 0);
        obj_buf_u32(&b, 0);
        obj_buf_u32(&b, 0);
    }
    obj_buf_u32(&b, LC_BUILD_VERSION);
    obj_buf_u32(&b, 24);
    obj_buf_u32(&b, PLATFORM_MACOS);
    obj_buf_u32(&b, o->macos_version ? o->macos_version : 0x000b0000);
    obj_buf_u32(&b, 0); /* sdk n/a */
    obj_buf_u32(&b, 0); /* ntools */
    obj_buf_u32(&b, LC_SYMTAB);
    obj_buf_u32(&b, 24);
    obj_buf_u32(&b, (uint32_t)symoff);
    obj_buf_u32(&b, nsyms);
    obj_buf_u32(&b, (uint32_t)stroff);
    obj_buf_u32(&b, (uint32_t)str.len);
    uint32_t dys[18] = {0, nloc, nloc, next, nloc + next,
                        nsyms - nloc - next};
    obj_buf_u32(&b, LC_DYSYMTAB);
    obj_buf_u32(&b, 80);
    for (int i = 0; i < 18; i++)
        obj_buf_u32(&b, dys[i]);

    for (int k = 0; k < NOUT; k++) {
        const Out *s = &w.s[order[k]];
        if (!s->ordinal || order[k] == OBJ_SEC_BSS)
            continue;
        while (b.len < base + s->addr)
            obj_buf_u8(&b, 0);
        obj_buf_put(&b, s->data, s->size);
    }
    while (b.len < base + fileend)
        obj_buf_u8(&b, 0);
    for (int k = 0; k < NOUT; k++)
        obj_buf_put(&b, w.s[order[k]].rel.data, w.s[order[k]].rel.len);
    obj_buf_pad(&b, 8);
    obj_buf_put(&b, syms.data, syms.len);
    obj_buf_put(&b, str.data, str.len);
    free(syms.data);
    free(str.data);
    *buf = b.data;
    *len = b.len;
    ok = true;
out:
    for (int k = 0; k < NOUT; k++) {
        free(w.s[k].data);
        free(w.s[k].rel.data);
    }
    free(ehrel);
    free(w.symndx);
    free(enc);
    free(ord);
    return ok;
}
