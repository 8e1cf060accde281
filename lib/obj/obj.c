/*
 * obj.c - building the neutral object model (obj.h): section bytes,
 * symbols with a name index, relocations, call frame records, and the
 * little-endian buffer helpers the writers share.
 *
 * Symbols are found by name through an open-addressing table of symbol
 * ids (FNV-1a hash, grown at half load), so a module with many symbols
 * costs linear time.  Section symbols have no name and are not in it.
 */
#include "obj.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

void
obj_init(Obj *o, ObjFormat fmt, ObjMachine mach)
{
    memset(o, 0, sizeof *o);
    o->fmt = fmt;
    o->mach = mach;
    for (int s = 0; s < OBJ_NSEC; s++) {
        o->sec[s].kind = (ObjSecKind)s;
        o->sec[s].align = 1;
    }
    ObjSym null = {.sec = -1};
    VEC_PUSH(o->syms, null);
}

void
obj_free(Obj *o)
{
    for (int s = 0; s < OBJ_NSEC; s++) {
        free(o->sec[s].data);
        VEC_FREE(o->sec[s].relocs);
    }
    for (uint32_t i = 0; i < o->syms.len; i++)
        free((char *)o->syms.data[i].name);
    VEC_FREE(o->syms);
    VEC_FREE(o->fdes);
    VEC_FREE(o->cfis);
    free(o->hash);
    memset(o, 0, sizeof *o);
}

uint8_t *
obj_grow(Obj *o, ObjSecKind s, size_t n)
{
    ObjSection *sec = &o->sec[s];
    if (s == OBJ_SEC_BSS) {
        sec->size += n;
        return NULL;
    }
    if (sec->size + n > sec->cap) {
        uint64_t cap = sec->cap ? sec->cap : 256;
        while (cap < sec->size + n)
            cap *= 2;
        sec->data = xrealloc(sec->data, cap);
        sec->cap = cap;
    }
    uint8_t *p = sec->data + sec->size;
    memset(p, 0, n);
    sec->size += n;
    return p;
}

uint64_t
obj_emit(Obj *o, ObjSecKind s, const void *p, size_t n)
{
    uint64_t at = o->sec[s].size;
    uint8_t *d = obj_grow(o, s, n);
    if (d && n)
        memcpy(d, p, n);
    return at;
}

/* The low n bytes of v into b, little-endian. */
static void
put_le(uint8_t *b, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> 8 * i);
}

uint64_t
obj_emit_u32(Obj *o, ObjSecKind s, uint32_t v)
{
    uint8_t b[4];
    put_le(b, v, 4);
    return obj_emit(o, s, b, 4);
}

uint64_t
obj_emit_u64(Obj *o, ObjSecKind s, uint64_t v)
{
    uint8_t b[8];
    put_le(b, v, 8);
    return obj_emit(o, s, b, 8);
}

void
obj_zero(Obj *o, ObjSecKind s, uint64_t n)
{
    obj_grow(o, s, n);
}

/* x86 no-ops of 1..11 bytes, the ones GNU as pads code with. */
static const char *const x86nop[12] = {
    "",
    "\x90",
    "\x66\x90",
    "\x0f\x1f\x00",
    "\x0f\x1f\x40\x00",
    "\x0f\x1f\x44\x00\x00",
    "\x66\x0f\x1f\x44\x00\x00",
    "\x0f\x1f\x80\x00\x00\x00\x00",
    "\x0f\x1f\x84\x00\x00\x00\x00\x00",
    "\x66\x0f\x1f\x84\x00\x00\x00\x00\x00",
    "\x66\x2e\x0f\x1f\x84\x00\x00\x00\x00\x00",
    "\x66\x66\x2e\x0f\x1f\x84\x00\x00\x00\x00\x00",
};

void
obj_align(Obj *o, ObjSecKind s, uint32_t align)
{
    ObjSection *sec = &o->sec[s];
    if (align > sec->align)
        sec->align = align;
    uint64_t pad = (align - sec->size % align) % align;
    if (!pad)
        return;
    uint8_t *p = obj_grow(o, s, pad);
    if (!p || s != OBJ_SEC_TEXT)
        return;
    if (o->mach == OBJ_X86_64) {
        /* GNU as (ELF) pads with no-ops of up to 11 bytes, llvm-mc
         * (Mach-O) of up to 10, the longest first */
        uint64_t most = o->fmt == OBJ_MACHO ? 10 : 11;
        while (pad) {
            uint64_t n = pad > most ? most : pad;
            memcpy(p, x86nop[n], n);
            p += n;
            pad -= n;
        }
        return;
    }
    /* AArch64: nop words from the next 4-byte boundary; stray bytes
     * before it stay zero. */
    uint64_t lead = pad % 4;
    for (uint64_t i = lead; i + 4 <= pad; i += 4)
        memcpy(p + i, "\x1f\x20\x03\xd5", 4);
}

void
obj_section_use(Obj *o, ObjSecKind s)
{
    for (uint8_t k = 0; k < o->nsecorder; k++)
        if (o->secorder[k] == s)
            return;
    o->secorder[o->nsecorder++] = (uint8_t)s;
}

bool
obj_sec_used(const Obj *o, ObjSecKind s)
{
    if (s == OBJ_SEC_TEXT || o->sec[s].size || o->sec[s].relocs.len)
        return true;
    for (uint32_t i = 1; i < o->syms.len; i++)
        if (o->syms.data[i].sec == (int32_t)s && !o->syms.data[i].section_sym)
            return true;
    return false;
}

uint64_t
obj_offset(const Obj *o, ObjSecKind s)
{
    return o->sec[s].size;
}

static uint32_t
hashname(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

uint32_t
obj_sym_find(const Obj *o, const char *name)
{
    if (!o->hcap)
        return 0;
    uint32_t m = o->hcap - 1;
    for (uint32_t i = hashname(name) & m;; i = (i + 1) & m) {
        uint32_t id = o->hash[i];
        if (!id || strcmp(o->syms.data[id].name, name) == 0)
            return id;
    }
}

static void
hashput(Obj *o, uint32_t id)
{
    uint32_t m = o->hcap - 1;
    uint32_t i = hashname(o->syms.data[id].name) & m;
    while (o->hash[i])
        i = (i + 1) & m;
    o->hash[i] = id;
}

static uint32_t
addsym(Obj *o, ObjSym s)
{
    uint32_t id = o->syms.len;
    VEC_PUSH(o->syms, s);
    return id;
}

uint32_t
obj_sym(Obj *o, const char *name)
{
    uint32_t id = obj_sym_find(o, name);
    if (id)
        return id;
    id = addsym(o, (ObjSym){.name = xstrdup(name), .sec = -1});
    if (2 * (id + 1) > o->hcap) {
        free(o->hash);
        o->hcap = o->hcap ? 2 * o->hcap : 64;
        o->hash = xcalloc(o->hcap, sizeof *o->hash);
        for (uint32_t i = 1; i < o->syms.len; i++)
            if (o->syms.data[i].name)
                hashput(o, i);
    } else {
        hashput(o, id);
    }
    return id;
}

void
obj_define(Obj *o, uint32_t sym, ObjSecKind s, uint64_t value,
           uint64_t size, bool global, bool func)
{
    ObjSym *y = &o->syms.data[sym];
    y->sec = (int32_t)s;
    y->value = value;
    y->size = size;
    y->global = global;
    y->func = func;
}

uint32_t
obj_section_sym(Obj *o, ObjSecKind s)
{
    if (!o->secsym[s])
        o->secsym[s] =
            addsym(o, (ObjSym){.sec = (int32_t)s, .section_sym = true});
    return o->secsym[s];
}

void
obj_reloc(Obj *o, ObjSecKind s, ObjReloc r)
{
    VEC_PUSH(o->sec[s].relocs, r);
}

uint32_t
obj_fde(Obj *o, uint32_t sym, uint64_t start, uint64_t size)
{
    ObjFde f = {sym, start, size, o->cfis.len, 0};
    VEC_PUSH(o->fdes, f);
    return o->fdes.len - 1;
}

void
obj_cfi(Obj *o, uint32_t pc, ObjCfaOp op, uint16_t reg, int64_t off)
{
    ObjCfi c = {pc, (uint8_t)op, reg, off};
    VEC_PUSH(o->cfis, c);
    o->fdes.data[o->fdes.len - 1].ncfi++;
}

bool
obj_write(const Obj *o, uint8_t **buf, size_t *len, char *err,
          size_t errlen)
{
    *buf = NULL;
    *len = 0;
    for (int s = 0; s < OBJ_NSEC; s++)
        if (o->sec[s].size > UINT32_MAX) {
            snprintf(err, errlen, "section %d is %llu bytes, over 4 GiB", s,
                     (unsigned long long)o->sec[s].size);
            return false;
        }
    if (o->fmt == OBJ_MACHO)
        return obj_write_macho(o, buf, len, err, errlen);
    return obj_write_elf(o, buf, len, err, errlen);
}

/* ---------------------------------------------------------- buffers */

void
obj_buf_put(ObjBuf *b, const void *p, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n)
            cap *= 2;
        b->data = xrealloc(b->data, cap);
        b->cap = cap;
    }
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
}

/* The low n bytes of v, little-endian. */
static void
buf_le(ObjBuf *b, uint64_t v, int n)
{
    uint8_t x[8];
    put_le(x, v, n);
    obj_buf_put(b, x, (size_t)n);
}

void
obj_buf_u8(ObjBuf *b, uint8_t v)
{
    obj_buf_put(b, &v, 1);
}

void
obj_buf_u16(ObjBuf *b, uint16_t v)
{
    buf_le(b, v, 2);
}

void
obj_buf_u32(ObjBuf *b, uint32_t v)
{
    buf_le(b, v, 4);
}

void
obj_buf_u64(ObjBuf *b, uint64_t v)
{
    buf_le(b, v, 8);
}

void
obj_buf_uleb(ObjBuf *b, uint64_t v)
{
    do {
        uint8_t c = v & 0x7f;
        v >>= 7;
        obj_buf_u8(b, c | (v ? 0x80 : 0));
    } while (v);
}

void
obj_buf_sleb(ObjBuf *b, int64_t v)
{
    for (;;) {
        uint8_t c = v & 0x7f;
        v >>= 7; /* arithmetic shift: gcc and clang, C11 impl.-defined */
        bool done = (v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40));
        obj_buf_u8(b, c | (done ? 0 : 0x80));
        if (done)
            return;
    }
}

void
obj_buf_pad(ObjBuf *b, size_t align)
{
    static const uint8_t zero[16];
    while (b->len % align)
        obj_buf_put(b, zero, align - b->len % align > 16
                                 ? 16 : align - b->len % align);
}
