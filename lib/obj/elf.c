/*
 * elf.c - the ELF64 relocatable writer (System V gABI, x86-64 psABI,
 * AArch64 ELF ABI), machines EM_X86_64 and EM_AARCH64.
 *
 * Layout: ELF header, section contents in section-header order, then
 * the section header table.  Sections: null, .text (always) and each
 * other used content section, each followed by its .rela section when
 * it has relocations; .note.GNU-stack (empty: the stack is not
 * executable); .eh_frame and .rela.eh_frame when there are FDEs;
 * .symtab, .strtab, .shstrtab.
 *
 * Symbols: the null symbol, one STT_SECTION symbol per content section,
 * the local symbols, then the globals (defined and undefined) in model
 * order; sh_info of .symtab is the first global's index.  Addends go in
 * the RELA entries only; section bytes under relocations are written as
 * the model has them.
 */
#include "obj.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

enum {
    SHT_PROGBITS = 1, SHT_SYMTAB = 2, SHT_STRTAB = 3, SHT_RELA = 4,
    SHT_NOBITS = 8, SHT_X86_64_UNWIND = 0x70000001,
    SHF_WRITE = 1, SHF_ALLOC = 2, SHF_EXECINSTR = 4, SHF_MERGE = 0x10,
    SHF_STRINGS = 0x20, SHF_INFO_LINK = 0x40,
    STB_LOCAL = 0, STB_GLOBAL = 1,
    STT_NOTYPE = 0, STT_OBJECT = 1, STT_FUNC = 2, STT_SECTION = 3,
    EM_X86_64 = 62, EM_AARCH64 = 183,
};

static const struct {
    const char *name;
    uint32_t flags;
} secinfo[OBJ_NSEC] = {
    [OBJ_SEC_TEXT] = {".text", SHF_ALLOC | SHF_EXECINSTR},
    [OBJ_SEC_DATA] = {".data", SHF_ALLOC | SHF_WRITE},
    [OBJ_SEC_RODATA] = {".rodata", SHF_ALLOC},
    [OBJ_SEC_RELRO] = {".data.rel.ro", SHF_ALLOC | SHF_WRITE},
    [OBJ_SEC_BSS] = {".bss", SHF_ALLOC | SHF_WRITE},
    [OBJ_SEC_DEBUG_INFO] = {".debug_info", 0},
    [OBJ_SEC_DEBUG_ABBREV] = {".debug_abbrev", 0},
    [OBJ_SEC_DEBUG_LINE] = {".debug_line", 0},
    [OBJ_SEC_DEBUG_STR] = {".debug_str", SHF_MERGE | SHF_STRINGS},
    [OBJ_SEC_DEBUG_LINE_STR] = {".debug_line_str", SHF_MERGE | SHF_STRINGS},
    [OBJ_SEC_DEBUG_LOCLISTS] = {".debug_loclists", 0},
    [OBJ_SEC_DEBUG_LOC] = {".debug_loc", 0},
};

typedef struct {
    uint32_t name, type;
    uint64_t flags, addr, offset, size;
    uint32_t link, info;
    uint64_t addralign, entsize;
    const uint8_t *data;    /* NULL: no file bytes (or NOBITS) */
} Shdr;

typedef struct {
    OBJ_VEC(Shdr) sh;
    ObjBuf shstr, str, sym;
    uint32_t nsym;
    ObjBuf rela[OBJ_NSEC + 1]; /* + .eh_frame */
    ObjBuf eh;
    uint32_t secndx[OBJ_NSEC]; /* ELF index of each content section */
    uint32_t *symndx;          /* model symbol -> .symtab index */
} Elf;

static uint32_t
strput(ObjBuf *b, const char *s)
{
    uint32_t at = (uint32_t)b->len;
    obj_buf_put(b, s, strlen(s) + 1);
    return at;
}

static uint32_t
addsh(Elf *e, const char *name, uint32_t type, uint64_t flags,
      uint64_t align)
{
    Shdr h = {.name = strput(&e->shstr, name), .type = type,
              .flags = flags, .addralign = align};
    VEC_PUSH(e->sh, h);
    return e->sh.len - 1;
}

static void
putsym(Elf *e, uint32_t name, uint8_t info, uint16_t shndx, uint64_t value,
       uint64_t size)
{
    obj_buf_u32(&e->sym, name);
    obj_buf_u8(&e->sym, info);
    obj_buf_u8(&e->sym, 0); /* STV_DEFAULT */
    obj_buf_u16(&e->sym, shndx);
    obj_buf_u64(&e->sym, value);
    obj_buf_u64(&e->sym, size);
    e->nsym++;
}

/* The native relocation type of r and its RELA addend; 0 if the
 * machine has no such relocation. */
static uint32_t
rtype(const Obj *o, const ObjReloc *r, int64_t *addend)
{
    int64_t pcend = r->pcend ? r->pcend : 4;
    *addend = r->addend;
    if (o->mach == OBJ_X86_64) {
        switch ((ObjRelocKind)r->kind) {
        case OBJ_R_ABS64: return 1;          /* R_X86_64_64 */
        case OBJ_R_PREL32_DATA: return 2;    /* R_X86_64_PC32 */
        case OBJ_R_ABS32: return 10;         /* R_X86_64_32 */
        default: break;
        }
        *addend = r->addend - pcend;
        switch ((ObjRelocKind)r->kind) {
        case OBJ_R_PC32: return 2;           /* R_X86_64_PC32 */
        case OBJ_R_CALL:
        case OBJ_R_JUMP: return 4;           /* R_X86_64_PLT32 */
        case OBJ_R_GOTLOAD: return 42;       /* R_X86_64_REX_GOTPCRELX */
        case OBJ_R_GOTPCREL: return 9;       /* R_X86_64_GOTPCREL */
        default: return 0;
        }
    }
    switch ((ObjRelocKind)r->kind) {
    case OBJ_R_ABS64: return 257;            /* R_AARCH64_ABS64 */
    case OBJ_R_ABS32: return 258;            /* R_AARCH64_ABS32 */
    case OBJ_R_PC32:
    case OBJ_R_PREL32_DATA: return 261;      /* R_AARCH64_PREL32 */
    case OBJ_R_CALL: return 283;             /* R_AARCH64_CALL26 */
    case OBJ_R_JUMP: return 282;             /* R_AARCH64_JUMP26 */
    case OBJ_R_PAGE21: return 275;           /* ADR_PREL_PG_HI21 */
    case OBJ_R_PAGEOFF12:
        switch (r->scale) {
        case 0: return 277;                  /* ADD_ABS_LO12_NC */
        case 1: return 284;                  /* LDST16_ABS_LO12_NC */
        case 2: return 285;                  /* LDST32 */
        case 3: return 286;                  /* LDST64 */
        case 4: return 299;                  /* LDST128 */
        default: return 0;
        }
    case OBJ_R_GOT_PAGE21: return 311;       /* ADR_GOT_PAGE */
    case OBJ_R_GOT_PAGEOFF12: return 312;    /* LD64_GOT_LO12_NC */
    default: return 0;
    }
}

static void
putrela(ObjBuf *b, uint64_t off, uint32_t sym, uint32_t type, int64_t a)
{
    obj_buf_u64(b, off);
    obj_buf_u64(b, (uint64_t)sym << 32 | type);
    obj_buf_u64(b, (uint64_t)a);
}

/* Builds .symtab and .strtab; fills e->symndx and *firstglobal. */
static bool
symtab(const Obj *o, Elf *e, uint32_t *firstglobal, char *err,
       size_t errlen)
{
    e->symndx = xcalloc(o->syms.len, sizeof *e->symndx);
    obj_buf_u8(&e->str, 0);
    putsym(e, 0, 0, 0, 0, 0);
    for (int s = 0; s < OBJ_NSEC; s++)
        if (e->secndx[s]) {
            if (o->secsym[s])
                e->symndx[o->secsym[s]] = e->nsym;
            putsym(e, 0, STB_LOCAL << 4 | STT_SECTION,
                   (uint16_t)e->secndx[s], 0, 0);
        }
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 1; i < o->syms.len; i++) {
            const ObjSym *y = &o->syms.data[i];
            if (y->section_sym)
                continue;
            bool global = y->global || y->sec < 0;
            if (global != (pass == 1))
                continue;
            if (y->sec >= OBJ_NSEC || (y->sec >= 0 && !e->secndx[y->sec])) {
                snprintf(err, errlen, "symbol '%s' in a bad section",
                         y->name);
                return false;
            }
            uint8_t type = y->sec < 0 ? STT_NOTYPE
                           : y->func  ? STT_FUNC
                                      : STT_OBJECT;
            e->symndx[i] = e->nsym;
            putsym(e, strput(&e->str, y->name),
                   (uint8_t)((global ? STB_GLOBAL : STB_LOCAL) << 4 | type),
                   (uint16_t)(y->sec < 0 ? 0 : e->secndx[y->sec]),
                   y->value, y->size);
        }
        if (pass == 0)
            *firstglobal = e->nsym;
    }
    return true;
}

static bool
relocs(const Obj *o, Elf *e, int s, char *err, size_t errlen)
{
    const ObjSection *sec = &o->sec[s];
    for (uint32_t i = 0; i < sec->relocs.len; i++) {
        const ObjReloc *r = &sec->relocs.data[i];
        int64_t a;
        uint32_t t = rtype(o, r, &a);
        if (!t || r->kind >= OBJ_R_NKINDS) {
            snprintf(err, errlen,
                     "relocation kind %d (scale %d) at %s+%#llx has no "
                     "ELF %s type", r->kind, r->scale, secinfo[s].name,
                     (unsigned long long)r->offset,
                     o->mach == OBJ_X86_64 ? "x86-64" : "AArch64");
            return false;
        }
        if (r->sym == 0 || r->sym >= o->syms.len) {
            snprintf(err, errlen, "relocation at %s+%#llx: bad symbol %u",
                     secinfo[s].name, (unsigned long long)r->offset,
                     r->sym);
            return false;
        }
        putrela(&e->rela[s], r->offset, e->symndx[r->sym], t, a);
    }
    return true;
}

static void
freeelf(Elf *e)
{
    VEC_FREE(e->sh);
    free(e->shstr.data);
    free(e->str.data);
    free(e->sym.data);
    for (int i = 0; i <= OBJ_NSEC; i++)
        free(e->rela[i].data);
    free(e->eh.data);
    free(e->symndx);
}

bool
obj_write_elf(const Obj *o, uint8_t **buf, size_t *len, char *err,
              size_t errlen)
{
    Elf e = {0};
    bool ok = false;
    obj_buf_u8(&e.shstr, 0);
    addsh(&e, "", 0, 0, 0);

    /* Section headers first, so symbols know their section indices;
     * a .rela section follows its target when there are relocations
     * (eh_frame's count is known only after the symbols). */
    uint32_t relndx[OBJ_NSEC + 1] = {0};
    for (int s = 0; s < OBJ_NSEC; s++) {
        if (!obj_sec_used(o, (ObjSecKind)s))
            continue;
        const ObjSection *sec = &o->sec[s];
        uint32_t k = addsh(&e, secinfo[s].name,
                           s == OBJ_SEC_BSS ? SHT_NOBITS : SHT_PROGBITS,
                           secinfo[s].flags, sec->align ? sec->align : 1);
        e.sh.data[k].size = sec->size;
        if (secinfo[s].flags & SHF_STRINGS)
            e.sh.data[k].entsize = 1;
        e.sh.data[k].data = sec->data;
        e.secndx[s] = k;
        if (sec->relocs.len) {
            char name[32];
            snprintf(name, sizeof name, ".rela%s", secinfo[s].name);
            relndx[s] = addsh(&e, name, SHT_RELA, SHF_INFO_LINK, 8);
            e.sh.data[relndx[s]].info = k;
        }
    }
    addsh(&e, ".note.GNU-stack", SHT_PROGBITS, 0, 1);
    uint32_t ehndx = 0;
    ObjEhRel *ehrel = NULL;
    uint32_t nehrel = 0;
    if (o->fdes.len) {
        ehndx = addsh(&e, ".eh_frame",
                      o->mach == OBJ_X86_64 ? SHT_X86_64_UNWIND
                                            : SHT_PROGBITS,
                      SHF_ALLOC, 8);
        relndx[OBJ_NSEC] = addsh(&e, ".rela.eh_frame", SHT_RELA,
                                 SHF_INFO_LINK, 8);
        e.sh.data[relndx[OBJ_NSEC]].info = ehndx;
        obj_ehframe(o, &e.eh, &ehrel, &nehrel);
        e.sh.data[ehndx].size = e.eh.len;
        e.sh.data[ehndx].data = e.eh.data;
    }
    uint32_t symndx = addsh(&e, ".symtab", SHT_SYMTAB, 0, 8);
    uint32_t strndx = addsh(&e, ".strtab", SHT_STRTAB, 0, 1);
    uint32_t shstrndx = addsh(&e, ".shstrtab", SHT_STRTAB, 0, 1);

    uint32_t firstglobal = 0;
    if (!symtab(o, &e, &firstglobal, err, errlen))
        goto out;
    e.sh.data[symndx].info = firstglobal;
    for (int s = 0; s < OBJ_NSEC; s++)
        if (relndx[s] && !relocs(o, &e, s, err, errlen))
            goto out;
    for (uint32_t i = 0; i < nehrel; i++) {
        /* Against .text's section symbol, always .symtab entry 1. */
        putrela(&e.rela[OBJ_NSEC], ehrel[i].offset, 1,
                o->mach == OBJ_X86_64 ? 2 : 261, (int64_t)ehrel[i].target);
    }
    for (int s = 0; s <= OBJ_NSEC; s++)
        if (relndx[s]) {
            Shdr *h = &e.sh.data[relndx[s]];
            h->link = symndx;
            h->entsize = 24;
            h->size = e.rela[s].len;
            h->data = e.rela[s].data;
        }
    Shdr *h = &e.sh.data[symndx];
    h->link = strndx;
    h->entsize = 24;
    h->size = e.sym.len;
    h->data = e.sym.data;
    e.sh.data[strndx].size = e.str.len;
    e.sh.data[strndx].data = e.str.data;
    e.sh.data[shstrndx].size = e.shstr.len;
    e.sh.data[shstrndx].data = e.shstr.data;

    /* File image: header, contents, section headers. */
    ObjBuf b = {0};
    obj_buf_put(&b, "\x7f" "ELF\x02\x01\x01", 7);
    obj_buf_pad(&b, 16);
    obj_buf_u16(&b, 1); /* ET_REL */
    obj_buf_u16(&b, o->mach == OBJ_X86_64 ? EM_X86_64 : EM_AARCH64);
    obj_buf_u32(&b, 1);
    obj_buf_u64(&b, 0); /* entry */
    obj_buf_u64(&b, 0); /* phoff */
    size_t shoff_at = b.len;
    obj_buf_u64(&b, 0);
    obj_buf_u32(&b, 0); /* flags */
    obj_buf_u16(&b, 64);
    obj_buf_u16(&b, 0);
    obj_buf_u16(&b, 0);
    obj_buf_u16(&b, 64);
    obj_buf_u16(&b, (uint16_t)e.sh.len);
    obj_buf_u16(&b, (uint16_t)shstrndx);
    for (uint32_t i = 1; i < e.sh.len; i++) {
        Shdr *s = &e.sh.data[i];
        obj_buf_pad(&b, s->addralign ? s->addralign : 1);
        s->offset = b.len;
        if (s->type != SHT_NOBITS)
            obj_buf_put(&b, s->data, s->size);
    }
    obj_buf_pad(&b, 8);
    uint64_t shoff = b.len;
    for (int i = 0; i < 8; i++)
        b.data[shoff_at + i] = (uint8_t)(shoff >> 8 * i);
    for (uint32_t i = 0; i < e.sh.len; i++) {
        const Shdr *s = &e.sh.data[i];
        obj_buf_u32(&b, s->name);
        obj_buf_u32(&b, s->type);
        obj_buf_u64(&b, s->flags);
        obj_buf_u64(&b, s->addr);
        obj_buf_u64(&b, s->offset);
        obj_buf_u64(&b, s->size);
        obj_buf_u32(&b, s->link);
        obj_buf_u32(&b, s->info);
        obj_buf_u64(&b, s->addralign);
        obj_buf_u64(&b, s->entsize);
    }
    *buf = b.data;
    *len = b.len;
    ok = true;
out:
    free(ehrel);
    freeelf(&e);
    return ok;
}
