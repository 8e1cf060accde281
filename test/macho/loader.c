/*
 * loader.c - a test-only loader for x86-64 and arm64 Mach-O MH_OBJECT
 * files, in the spirit of LLVM's RuntimeDyld: it runs code sirc wrote
 * for macOS on a Linux host of the same machine (x86-64 Mach-O code
 * follows the System V convention; arm64 code Apple's variant of
 * AAPCS64, which differs from Linux's only for variadic calls, stack
 * arguments and narrow arguments; built with aarch64-linux-gnu-gcc and
 * run under qemu-aarch64).
 *
 * Loading: every section without S_ATTR_DEBUG is copied into memory:
 * into a buffer the program provides for it (see "placement" below) or
 * into one mmap'd region.  The region, placed near the loader's own
 * text when the kernel allows, also holds a GOT of 8-byte slots and a
 * stub table (jmp *slot(%rip)) for calls to host functions, which may
 * lie beyond rel32 range.  Undefined symbols are looked up with
 * dlsym(RTLD_DEFAULT) with the leading '_' removed, so the program is
 * linked with -rdynamic.  arm64 relocations follow <mach-o/arm64/reloc.h>
 * (BRANCH26, PAGE21, PAGEOFF12 scaled by the access the instruction
 * makes, GOT_LOAD_PAGE21/PAGEOFF12, an ADDEND entry before the one it
 * applies to, UNSIGNED and SUBTRACTOR as on x86-64), stubs are adrp, ldr,
 * br x16.  x86-64 relocations follow <mach-o/x86_64/reloc.h>:
 * the addend lives in the field; a section-based entry (r_extern=0)
 * holds the target's address in the object's own layout, which moves
 * with the target section; a pc-relative field counts from the end of
 * its 4 bytes, and SIGNED_1/2/4 say 1, 2 or 4 immediate bytes follow.
 * Anything else (unknown types, fields out of bounds, targets beyond
 * rel32 range, undefined symbols the host lacks) is an error: a message
 * on stderr and exit status 2, never a crash.
 *
 * Two ways to use it:
 *   sirld stubs X.o   (built with -DSIRLD_TOOL) prints GNU assembly for
 *                     ELF: a zero-fill buffer per section of X.o (code
 *                     gets whole pages of its own), each external symbol
 *                     _s of X.o as an alias s into its buffer, and the
 *                     table __sirld_place of buffers ("placement").
 *   sirld load X.o    loads X.o into the region, lists its external
 *                     symbols; host symbols it lacks become 0.
 *   sirld call X.o F [N...]  loads X.o so, calls _F with up to six
 *                     integer arguments, prints the result (a long).
 * Linked into a program with such a stub file, the constructor below
 * loads the object named by $SIRLD_OBJECT into the buffers before main
 * runs, so a C driver calls the object's functions and reads its data
 * unmodified, and addresses agree on both sides (a function pointer
 * from the object equals the driver's &f).
 */
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000 /* Linux 4.17; older: a hint */
#endif

enum {
    MH_OBJECT = 1, CPU_X86_64 = 0x01000007, CPU_ARM64 = 0x0100000c,
    LC_SEGMENT_64 = 0x19, LC_SYMTAB = 0x2,
    SECTION_TYPE = 0xff, S_ZEROFILL = 1, S_GB_ZEROFILL = 0xc,
    S_THREAD_LOCAL_REGULAR = 0x11, S_THREAD_LOCAL_ZEROFILL = 0x12,
    S_THREAD_LOCAL_VARIABLES = 0x13,
    S_ATTR_SOME_INSTRUCTIONS = 0x400, S_ATTR_DEBUG = 0x02000000,
    N_STAB = 0xe0, N_TYPE = 0x0e, N_EXT = 1,
    N_UNDF = 0, N_ABS = 2, N_SECT = 0xe, N_WEAK_REF = 0x40,
    UNSIGNED = 0, SIGNED = 1, BRANCH = 2, GOT_LOAD = 3, GOT = 4,
    SUBTRACTOR = 5, SIGNED_1 = 6, SIGNED_2 = 7, SIGNED_4 = 8,
    A_UNSIGNED = 0, A_SUBTRACTOR = 1, A_BRANCH26 = 2, A_PAGE21 = 3,
    A_PAGEOFF12 = 4, A_GOT_PAGE21 = 5, A_GOT_PAGEOFF12 = 6, A_ADDEND = 10,
    MAXALIGN = 12, /* 4096: the region's page alignment */
};

static const uint32_t MH_MAGIC_64 = 0xfeedfacf,
                      S_ATTR_PURE_INSTRUCTIONS = 0x80000000u,
                      R_SCATTERED = 0x80000000u;

static const char *const relname[] = {
    "UNSIGNED", "SIGNED", "BRANCH", "GOT_LOAD", "GOT", "SUBTRACTOR",
    "SIGNED_1", "SIGNED_2", "SIGNED_4", "TLV",
};
static const char *const a64relname[] = {
    "UNSIGNED", "SUBTRACTOR", "BRANCH26", "PAGE21", "PAGEOFF12",
    "GOT_LOAD_PAGE21", "GOT_LOAD_PAGEOFF12", "POINTER_TO_GOT",
    "TLVP_LOAD_PAGE21", "TLVP_LOAD_PAGEOFF12", "ADDEND",
};

/* A buffer the program gives for section 'ordinal' (1-based). */
typedef struct {
    uint64_t ordinal;
    void *buf;
    uint64_t size;
} SirldPlace;

typedef struct {
    char name[34];      /* segname,sectname */
    uint64_t addr, size;
    uint32_t offset, align, reloff, nreloc, flags;
    bool load, exec, zerofill;
    uint8_t *mem;       /* where it is loaded, when 'load' */
    uint64_t placed;    /* size of the program's buffer at mem, or 0 */
} Sect;

typedef struct {
    uint32_t strx;
    uint8_t type, sect;
    uint16_t desc;
    uint64_t value;
} Sym;

typedef struct {
    const char *path;
    uint8_t *buf;
    size_t len;
    Sect *sec;
    uint32_t nsec;
    Sym *sym;
    uint32_t nsym;
    const char *str;
    uint32_t strsize;
    uint64_t *addr;     /* per symbol: its address once resolved */
    int32_t *got;       /* per symbol: GOT slot index or -1 */
    int32_t *stub;      /* per symbol: stub index or -1 */
    uint32_t ngot, nstub;
    bool arm64;
    uint8_t *map;
    size_t maplen, textlen; /* [0, textlen) becomes r-x */
    uint64_t *gotmem;
    uint8_t *stubmem;
} Obj;

static const char *curpath = "?";

static _Noreturn void
die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "sirld: %s: ", curpath);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

static void *
xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        die("out of memory");
    return p;
}

static uint32_t
rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint64_t
rd64(const uint8_t *p)
{
    return rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static void
wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static void
wr64(uint8_t *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

/* Is [off, off+n) inside a file of 'len' bytes? */
static bool
inside(uint64_t off, uint64_t n, uint64_t len)
{
    return off <= len && n <= len - off;
}

static void
readfile(Obj *o, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot open");
    size_t cap = 1 << 16, n = 0, got;
    o->buf = malloc(cap);
    while (o->buf && (got = fread(o->buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            o->buf = realloc(o->buf, cap *= 2);
    }
    if (!o->buf || ferror(f))
        die("cannot read");
    fclose(f);
    o->path = path;
    o->len = n;
}

static const char *
symname(const Obj *o, uint32_t i)
{
    return o->str + o->sym[i].strx;
}

/* ------------------------------------------------------------- parse */

static void
parse_sections(Obj *o, const uint8_t *lc, uint32_t cmdsize)
{
    if (cmdsize < 72)
        die("LC_SEGMENT_64 too short");
    uint32_t n = rd32(lc + 64);
    if ((uint64_t)n * 80 > cmdsize - 72)
        die("LC_SEGMENT_64 with %u sections does not fit its size", n);
    if (o->nsec + n > 255)
        die("more than 255 sections");
    o->sec = realloc(o->sec, (o->nsec + n) * sizeof *o->sec);
    if (!o->sec)
        die("out of memory");
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *p = lc + 72 + 80 * i;
        Sect *s = &o->sec[o->nsec++];
        memset(s, 0, sizeof *s);
        snprintf(s->name, sizeof s->name, "%.16s,%.16s", (const char *)p + 16,
                 (const char *)p);
        s->addr = rd64(p + 32);
        s->size = rd64(p + 40);
        s->offset = rd32(p + 48);
        s->align = rd32(p + 52);
        s->reloff = rd32(p + 56);
        s->nreloc = rd32(p + 60);
        s->flags = rd32(p + 64);
        uint32_t type = s->flags & SECTION_TYPE;
        s->zerofill = type == S_ZEROFILL || type == S_GB_ZEROFILL;
        s->exec = s->flags & (S_ATTR_PURE_INSTRUCTIONS |
                              S_ATTR_SOME_INSTRUCTIONS);
        s->load = !(s->flags & S_ATTR_DEBUG);
        if (type == S_THREAD_LOCAL_REGULAR ||
            type == S_THREAD_LOCAL_ZEROFILL ||
            type == S_THREAD_LOCAL_VARIABLES)
            die("section %s: thread-local sections are not supported",
                s->name);
        if (s->align > MAXALIGN)
            die("section %s: alignment 2^%u is over 2^%d", s->name,
                s->align, MAXALIGN);
        if (s->size > (1u << 30))
            die("section %s: size %#" PRIx64 " is too large", s->name,
                s->size);
        if (!s->zerofill && !inside(s->offset, s->size, o->len))
            die("section %s: contents [%#x, +%#" PRIx64 ") outside the "
                "file", s->name, s->offset, s->size);
        if (s->nreloc && !inside(s->reloff, (uint64_t)s->nreloc * 8, o->len))
            die("section %s: relocations outside the file", s->name);
        if (s->nreloc && s->zerofill)
            die("section %s: zero-fill section with relocations", s->name);
    }
}

static void
parse(Obj *o)
{
    if (o->len < 32 || rd32(o->buf) != MH_MAGIC_64)
        die("not a 64-bit Mach-O file");
    if (rd32(o->buf + 4) != CPU_X86_64 && rd32(o->buf + 4) != CPU_ARM64)
        die("cputype %#x is not x86_64 or arm64", rd32(o->buf + 4));
    o->arm64 = rd32(o->buf + 4) == CPU_ARM64;
    if (rd32(o->buf + 12) != MH_OBJECT)
        die("filetype %u is not MH_OBJECT", rd32(o->buf + 12));
    uint32_t ncmds = rd32(o->buf + 16), sizeofcmds = rd32(o->buf + 20);
    if (!inside(32, sizeofcmds, o->len))
        die("load commands outside the file");
    const uint8_t *lc = o->buf + 32, *end = lc + sizeofcmds;
    bool symtab = false;
    for (uint32_t i = 0; i < ncmds; i++) {
        if (end - lc < 8)
            die("load command %u outside the commands", i);
        uint32_t cmd = rd32(lc), size = rd32(lc + 4);
        if (size < 8 || size % 8 || size > (uint64_t)(end - lc))
            die("load command %u: bad size %u", i, size);
        if (cmd == LC_SEGMENT_64) {
            parse_sections(o, lc, size);
        } else if (cmd == LC_SYMTAB) {
            if (size < 24 || symtab)
                die("bad LC_SYMTAB");
            symtab = true;
            uint32_t symoff = rd32(lc + 8), stroff = rd32(lc + 16);
            o->nsym = rd32(lc + 12);
            o->strsize = rd32(lc + 20);
            if (!inside(symoff, (uint64_t)o->nsym * 16, o->len) ||
                !inside(stroff, o->strsize, o->len))
                die("symbol or string table outside the file");
            if (o->strsize && o->buf[stroff + o->strsize - 1])
                die("string table is not NUL-terminated");
            o->str = (const char *)o->buf + stroff;
            o->sym = xcalloc(o->nsym, sizeof *o->sym);
            for (uint32_t k = 0; k < o->nsym; k++) {
                const uint8_t *p = o->buf + symoff + 16 * k;
                Sym *y = &o->sym[k];
                y->strx = rd32(p);
                y->type = p[4];
                y->sect = p[5];
                y->desc = (uint16_t)(p[6] | p[7] << 8);
                y->value = rd64(p + 8);
                if (y->strx >= o->strsize)
                    die("symbol %u: name outside the string table", k);
            }
        }
        lc += size;
    }
    for (uint32_t k = 0; k < o->nsym; k++) {
        const Sym *y = &o->sym[k];
        if (y->type & N_STAB)
            continue;
        if ((y->type & N_TYPE) == N_SECT) {
            if (!y->sect || y->sect > o->nsec)
                die("symbol '%s': section %u does not exist",
                    symname(o, k), y->sect);
            const Sect *s = &o->sec[y->sect - 1];
            if (y->value < s->addr || y->value - s->addr > s->size)
                die("symbol '%s': value %#" PRIx64 " outside %s",
                    symname(o, k), y->value, s->name);
        } else if ((y->type & N_TYPE) == N_UNDF && y->value) {
            die("symbol '%s': common symbols are not supported",
                symname(o, k));
        } else if ((y->type & N_TYPE) != N_UNDF &&
                   (y->type & N_TYPE) != N_ABS) {
            die("symbol '%s': n_type %#x is not supported", symname(o, k),
                y->type);
        }
    }
}

/* ------------------------------------------------------------ layout */

static bool
undefined(const Obj *o, uint32_t i)
{
    return (o->sym[i].type & N_TYPE) == N_UNDF;
}

/* One relocation entry: r_address, then the packed word. */
typedef struct {
    uint32_t addr, symnum, type, len;
    bool pcrel, ext;
} Rel;

static Rel
rel_at(const Obj *o, const Sect *s, uint32_t k)
{
    const uint8_t *p = o->buf + s->reloff + 8 * k;
    uint32_t a = rd32(p), w = rd32(p + 4);
    if (a & R_SCATTERED)
        die("%s: relocation %u is scattered (not used on x86_64)", s->name,
            k);
    return (Rel){.addr = a, .symnum = w & 0xffffff, .pcrel = w >> 24 & 1,
                 .len = w >> 25 & 3, .ext = w >> 27 & 1, .type = w >> 28};
}

/* GOT slots for GOT/GOT_LOAD targets, stubs for branches to host code. */
static void
count_slots(Obj *o)
{
    o->got = xcalloc(o->nsym, sizeof *o->got);
    o->stub = xcalloc(o->nsym, sizeof *o->stub);
    for (uint32_t i = 0; i < o->nsym; i++)
        o->got[i] = o->stub[i] = -1;
    for (uint32_t si = 0; si < o->nsec; si++) {
        const Sect *s = &o->sec[si];
        if (!s->load)
            continue;
        for (uint32_t k = 0; k < s->nreloc; k++) {
            Rel r = rel_at(o, s, k);
            if (!r.ext)
                continue;
            if (r.symnum >= o->nsym || (o->sym[r.symnum].type & N_STAB))
                die("%s: relocation %u: bad symbol index %u", s->name, k,
                    r.symnum);
            bool got = o->arm64 ? r.type == A_GOT_PAGE21 ||
                                      r.type == A_GOT_PAGEOFF12
                                : r.type == GOT || r.type == GOT_LOAD;
            bool stub = r.type == (o->arm64 ? A_BRANCH26 : BRANCH) &&
                        undefined(o, r.symnum);
            if ((got || stub) && o->got[r.symnum] < 0)
                o->got[r.symnum] = (int32_t)o->ngot++;
            if (stub && o->stub[r.symnum] < 0)
                o->stub[r.symnum] = (int32_t)o->nstub++;
        }
    }
}

/* Bytes of a stub: jmp *slot(%rip) and padding; adrp, ldr, br x16, brk. */
static size_t
stubsize(const Obj *o)
{
    return o->arm64 ? 16 : 8;
}

static size_t
alignto(size_t x, size_t a)
{
    return (x + a - 1) & ~(a - 1);
}

/* An address for the region within +-1GiB of the loader's text, so the
 * object reaches buffers and functions in the program with rel32. */
static void *
map_near(size_t len)
{
    uintptr_t anchor = (uintptr_t)&map_near & ~(uintptr_t)0xfffff;
    const uintptr_t step = (uintptr_t)64 << 20;
    for (uintptr_t k = 1; k <= 16; k++) {
        uintptr_t hint[2] = {anchor - k * step, anchor + k * step};
        for (int j = 0; j < 2; j++) {
            if (j == 0 && anchor < k * step + ((uintptr_t)1 << 24))
                continue;
            void *p = mmap((void *)hint[j], len, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                           -1, 0);
            if (p == MAP_FAILED)
                continue;
            if (p == (void *)hint[j])
                return p;
            munmap(p, len);     /* an old kernel took it only as a hint */
        }
    }
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        die("mmap of %zu bytes failed", len);
    return p;
}

/*
 * The region:  executable sections | stubs | (page) other unplaced
 * sections | GOT.  Sections in 'place' go to the given buffers.
 */
static void
layout(Obj *o, const SirldPlace *place)
{
    size_t off = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t si = 0; si < o->nsec; si++) {
            Sect *s = &o->sec[si];
            if (!s->load || s->exec != (pass == 0))
                continue;
            const SirldPlace *pl = place;
            while (pl && pl->ordinal && pl->ordinal != si + 1)
                pl++;
            if (pl && pl->ordinal) {
                /* Code pages change protection: they must be its own. */
                uintptr_t align = s->exec ? 4096 : (uintptr_t)1 << s->align;
                if (pl->size < s->size || (uintptr_t)pl->buf % align ||
                    (s->exec && pl->size % 4096))
                    die("section %s: the buffer for it is too small or "
                        "misaligned (stale stub file?)", s->name);
                s->mem = pl->buf;
                s->placed = pl->size;
                continue;
            }
            off = alignto(off, (size_t)1 << s->align);
            s->mem = (uint8_t *)(uintptr_t)off; /* offset until mapped */
            off += s->size;
        }
        if (pass == 0) {
            off = alignto(off, 8);
            o->stubmem = (uint8_t *)(uintptr_t)off;
            off += stubsize(o) * (size_t)o->nstub;
            o->textlen = off;
            off = alignto(off, 4096);
        }
    }
    off = alignto(off, 8);
    o->gotmem = (uint64_t *)(uintptr_t)off;
    off += 8 * (size_t)o->ngot;
    long page = sysconf(_SC_PAGESIZE);
    o->maplen = alignto(off ? off : 1, page > 0 ? (size_t)page : 4096);
    o->map = map_near(o->maplen);
    uintptr_t base = (uintptr_t)o->map;
    for (uint32_t si = 0; si < o->nsec; si++) {
        Sect *s = &o->sec[si];
        if (!s->load)
            continue;
        if (!s->placed)
            s->mem = (uint8_t *)(base + (uintptr_t)s->mem);
        if (s->zerofill)
            memset(s->mem, 0, s->size);
        else
            memcpy(s->mem, o->buf + s->offset, s->size);
    }
    o->stubmem = (uint8_t *)(base + (uintptr_t)o->stubmem);
    o->gotmem = (uint64_t *)(base + (uintptr_t)o->gotmem);
}

/* ----------------------------------------------------------- resolve */

static void
resolve(Obj *o, bool allow_undefined)
{
    o->addr = xcalloc(o->nsym, sizeof *o->addr);
    for (uint32_t i = 0; i < o->nsym; i++) {
        const Sym *y = &o->sym[i];
        const char *name = symname(o, i);
        if (y->type & N_STAB)
            continue;
        switch (y->type & N_TYPE) {
        case N_SECT: {
            const Sect *s = &o->sec[y->sect - 1];
            o->addr[i] = s->load ? (uint64_t)(uintptr_t)s->mem +
                                       (y->value - s->addr) : 0;
            break;
        }
        case N_ABS:
            o->addr[i] = y->value;
            break;
        case N_UNDF: {
            void *p = dlsym(RTLD_DEFAULT, name[0] == '_' ? name + 1 : name);
            if (!p && !(y->desc & N_WEAK_REF) && !allow_undefined)
                die("undefined symbol '%s' (no '%s' in the host; link the "
                    "program with -rdynamic?)", name,
                    name[0] == '_' ? name + 1 : name);
            o->addr[i] = (uint64_t)(uintptr_t)p;
            break;
        }
        }
        if (o->got[i] >= 0)
            o->gotmem[o->got[i]] = o->addr[i];
        if (o->stub[i] >= 0 && o->arm64) {
            /* adrp x16, slot; ldr x16, [x16, :lo12:slot]; br x16; brk */
            uint8_t *p = o->stubmem + stubsize(o) * (size_t)o->stub[i];
            uint64_t slot = (uint64_t)(uintptr_t)&o->gotmem[o->got[i]];
            int64_t pg = (int64_t)(slot >> 12) -
                         (int64_t)((uint64_t)(uintptr_t)p >> 12);
            if (pg < -(1 << 20) || pg >= 1 << 20)
                die("stub for '%s' cannot reach its GOT slot", name);
            wr32(p, 0x90000010u | ((uint32_t)pg & 3) << 29 |
                        ((uint32_t)(pg >> 2) & 0x7ffff) << 5);
            wr32(p + 4, 0xf9400210u | (uint32_t)(slot & 0xfff) / 8 << 10);
            wr32(p + 8, 0xd61f0200u);
            wr32(p + 12, 0xd4200000u);
        } else if (o->stub[i] >= 0) {
            /* jmp *slot(%rip); int3; int3 */
            uint8_t *p = o->stubmem + 8 * o->stub[i];
            int64_t d = (int64_t)(uintptr_t)&o->gotmem[o->got[i]] -
                        (int64_t)(uintptr_t)(p + 6);
            if (d != (int32_t)d)
                die("stub for '%s' cannot reach its GOT slot", name);
            p[0] = 0xff;
            p[1] = 0x25;
            wr32(p + 2, (uint32_t)d);
            p[6] = p[7] = 0xcc;
        }
    }
}

/* --------------------------------------------------------- relocate */

/* The new address of the object-layout address 'a' in section 'ord'. */
static uint64_t
sect_moved(const Obj *o, const Sect *from, uint32_t k, uint32_t ord,
           uint64_t a)
{
    if (!ord || ord > o->nsec)
        die("%s: relocation %u: section %u does not exist", from->name, k,
            ord);
    const Sect *t = &o->sec[ord - 1];
    if (!t->load)
        die("%s: relocation %u refers to unloaded section %s", from->name,
            k, t->name);
    return a - t->addr + (uint64_t)(uintptr_t)t->mem;
}

static uint64_t
sym_addr(const Obj *o, const Sect *from, uint32_t k, uint32_t i)
{
    const Sym *y = &o->sym[i];
    if ((y->type & N_TYPE) == N_SECT && !o->sec[y->sect - 1].load)
        die("%s: relocation %u refers to '%s' in unloaded section %s",
            from->name, k, symname(o, i), o->sec[y->sect - 1].name);
    return o->addr[i];
}

/* SUBTRACTOR entry k and the UNSIGNED after it (k advances): the value
 * of the field 'old' gets.  Linear: an extern operand adds its address
 * to the addend in the field; a section operand, whose object-layout
 * address the field already holds, adds how far its section moved. */
static uint64_t
subtractor(const Obj *o, const Sect *s, uint32_t *k, Rel r, int64_t old)
{
    if (*k + 1 >= s->nreloc)
        die("%s: relocation %u: SUBTRACTOR without UNSIGNED", s->name, *k);
    Rel u = rel_at(o, s, ++*k);
    if (u.type != UNSIGNED || u.addr != r.addr || u.len != r.len ||
        u.pcrel || r.pcrel)
        die("%s: relocation %u: SUBTRACTOR not followed by a matching "
            "UNSIGNED", s->name, *k - 1);
    uint64_t a = u.ext ? sym_addr(o, s, *k, u.symnum)
                       : sect_moved(o, s, *k, u.symnum, 0);
    uint64_t b = r.ext ? sym_addr(o, s, *k - 1, r.symnum)
                       : sect_moved(o, s, *k - 1, r.symnum, 0);
    return (uint64_t)old + a - b;
}

/* The log2 of the access a load or store with an unsigned 12-bit
 * offset makes (PAGEOFF12 scales by it), 0 for add. */
static unsigned
a64_scale(uint32_t insn)
{
    if ((insn & 0x3b000000u) != 0x39000000u)
        return 0;
    unsigned sz = insn >> 30;
    if ((insn >> 26 & 1) && sz == 0 && (insn >> 23 & 1))
        return 4;           /* ldr/str q */
    return sz;
}

static void
relocate_a64(Obj *o, Sect *s)
{
    int64_t addend = 0;
    bool has_addend = false;
    for (uint32_t k = 0; k < s->nreloc; k++) {
        Rel r = rel_at(o, s, k);
        const char *tn = r.type < sizeof a64relname / sizeof *a64relname
                             ? a64relname[r.type] : "?";
        if (r.type == A_ADDEND) {
            if (r.ext || r.pcrel || has_addend)
                die("%s: relocation %u: bad ADDEND", s->name, k);
            addend = (int64_t)(r.symnum ^ 0x800000u) - 0x800000;
            has_addend = true;
            continue;
        }
        uint32_t size = r.len == 3 ? 8 : 4;
        if (r.len < 2 || !inside(r.addr, size, s->size))
            die("%s: relocation %u (%s) at %#x: bad length or outside the "
                "section", s->name, k, tn, r.addr);
        uint8_t *field = s->mem + r.addr;
        uint64_t p = (uint64_t)(uintptr_t)field;
        int64_t old = size == 8 ? (int64_t)rd64(field)
                                : (int64_t)(int32_t)rd32(field);
        uint32_t insn = rd32(field);
        bool code = r.type >= A_BRANCH26 && r.type <= A_GOT_PAGEOFF12;
        if (has_addend && !(code && r.type != A_GOT_PAGE21 &&
                            r.type != A_GOT_PAGEOFF12))
            die("%s: relocation %u (%s) after an ADDEND", s->name, k, tn);
        if (code && (!r.ext || size != 4))
            die("%s: relocation %u (%s) must be extern, 4 bytes", s->name,
                k, tn);
        bool pcrel = r.type == A_BRANCH26 || r.type == A_PAGE21 ||
                     r.type == A_GOT_PAGE21;
        if (r.pcrel != pcrel)
            die("%s: relocation %u (%s): pcrel=%d is not valid", s->name, k,
                tn, r.pcrel);
        uint64_t t = 0;
        if (r.type == A_GOT_PAGE21 || r.type == A_GOT_PAGEOFF12)
            t = (uint64_t)(uintptr_t)&o->gotmem[o->got[r.symnum]];
        else if (r.type == A_BRANCH26 && o->stub[r.symnum] >= 0)
            t = (uint64_t)(uintptr_t)(o->stubmem +
                                      stubsize(o) * (size_t)o->stub[r.symnum]);
        else if (code)
            t = sym_addr(o, s, k, r.symnum);
        t += (uint64_t)addend;
        has_addend = false;
        addend = 0;
        switch (r.type) {
        case A_UNSIGNED:
        case A_SUBTRACTOR: {
            uint64_t v = r.type == A_SUBTRACTOR ? subtractor(o, s, &k, r, old)
                         : r.ext ? sym_addr(o, s, k, r.symnum) + (uint64_t)old
                         : sect_moved(o, s, k, r.symnum, (uint64_t)old);
            if (size == 8)
                wr64(field, v);
            else
                wr32(field, (uint32_t)v);
            continue;
        }
        case A_BRANCH26: {
            int64_t d = (int64_t)(t - p);
            if (d % 4 || d < -(INT64_C(1) << 27) || d >= INT64_C(1) << 27)
                die("%s: relocation %u (BRANCH26) at %#x: target out of "
                    "reach", s->name, k, r.addr);
            insn = (insn & 0xfc000000u) | ((uint32_t)(d >> 2) & 0x3ffffffu);
            break;
        }
        case A_PAGE21:
        case A_GOT_PAGE21: {
            int64_t pg = (int64_t)(t >> 12) - (int64_t)(p >> 12);
            if (pg < -(1 << 20) || pg >= 1 << 20)
                die("%s: relocation %u (%s) at %#x: page out of reach",
                    s->name, k, tn, r.addr);
            insn = (insn & 0x9f00001fu) | ((uint32_t)pg & 3) << 29 |
                   ((uint32_t)(pg >> 2) & 0x7ffff) << 5;
            break;
        }
        case A_PAGEOFF12:
        case A_GOT_PAGEOFF12: {
            unsigned sc = a64_scale(insn);
            uint32_t lo = (uint32_t)(t & 0xfff);
            if (lo & ((1u << sc) - 1))
                die("%s: relocation %u (%s) at %#x: offset %#x not "
                    "aligned to the access", s->name, k, tn, r.addr, lo);
            insn = (insn & ~(0xfffu << 10)) | (lo >> sc) << 10;
            break;
        }
        default:
            die("%s: relocation %u at %#x: type %u (%s) is not supported",
                s->name, k, r.addr, r.type, tn);
        }
        wr32(field, insn);
    }
    if (has_addend)
        die("%s: ADDEND at the end of the relocations", s->name);
}

static void
relocate_sect(Obj *o, Sect *s)
{
    if (o->arm64) {
        relocate_a64(o, s);
        return;
    }
    for (uint32_t k = 0; k < s->nreloc; k++) {
        Rel r = rel_at(o, s, k);
        const char *tn = r.type < sizeof relname / sizeof *relname
                             ? relname[r.type] : "?";
        if (r.len < 2)
            die("%s: relocation %u (%s): length %u bytes is not supported",
                s->name, k, tn, 1u << r.len);
        uint32_t size = r.len == 3 ? 8 : 4;
        if (!inside(r.addr, size, s->size))
            die("%s: relocation %u (%s) at %#x is outside the section",
                s->name, k, tn, r.addr);
        uint8_t *field = s->mem + r.addr;
        uint64_t p = (uint64_t)(uintptr_t)field;
        int64_t old = size == 8 ? (int64_t)rd64(field)
                                : (int64_t)(int32_t)rd32(field);
        uint64_t pold = s->addr + r.addr;   /* P in the object's layout */
        uint64_t v;
        bool pcrel_ok = false, signed32 = false;
        switch (r.type) {
        case UNSIGNED:
            v = r.ext ? sym_addr(o, s, k, r.symnum) + (uint64_t)old
                      : sect_moved(o, s, k, r.symnum, (uint64_t)old);
            break;
        case SIGNED:
        case SIGNED_1:
        case SIGNED_2:
        case SIGNED_4:
        case BRANCH: {
            int n = r.type == SIGNED_1 ? 1 : r.type == SIGNED_2 ? 2
                    : r.type == SIGNED_4 ? 4 : 0;
            uint64_t t;
            if (r.ext)
                t = (r.type == BRANCH && o->stub[r.symnum] >= 0
                         ? (uint64_t)(uintptr_t)(o->stubmem +
                                                 8 * o->stub[r.symnum])
                         : sym_addr(o, s, k, r.symnum)) +
                    (uint64_t)old + (uint64_t)n;
            else
                t = sect_moved(o, s, k, r.symnum,
                               pold + 4 + (uint64_t)n + (uint64_t)old);
            v = t - (p + 4 + (uint64_t)n);
            pcrel_ok = signed32 = true;
            break;
        }
        case GOT_LOAD:
        case GOT:
            if (!r.ext)
                die("%s: relocation %u (%s) is not against a symbol",
                    s->name, k, tn);
            v = (uint64_t)(uintptr_t)&o->gotmem[o->got[r.symnum]] +
                (uint64_t)old - (p + 4);
            pcrel_ok = signed32 = true;
            break;
        case SUBTRACTOR:
            v = subtractor(o, s, &k, r, old);
            break;
        default:
            die("%s: relocation %u at %#x: type %u (%s) is not supported",
                s->name, k, r.addr, r.type, tn);
        }
        if (r.pcrel != pcrel_ok || (pcrel_ok && size != 4))
            die("%s: relocation %u (%s): pcrel=%d length=%u is not valid "
                "for this type", s->name, k, tn, r.pcrel, size);
        if (size == 8) {
            wr64(field, v);
            continue;
        }
        if (signed32 ? (int64_t)v != (int32_t)v
                     : (int64_t)v != (int32_t)v && v >> 32)
            die("%s: relocation %u (%s) at %#x: value %#" PRIx64 " does "
                "not fit in 32 bits (target beyond rel32 range?)", s->name,
                k, tn, r.addr, v);
        wr32(field, (uint32_t)v);
    }
}

static void
relocate(Obj *o)
{
    for (uint32_t si = 0; si < o->nsec; si++)
        if (o->sec[si].load)
            relocate_sect(o, &o->sec[si]);
    if (o->textlen &&
        mprotect(o->map, alignto(o->textlen, 4096), PROT_READ | PROT_EXEC))
        die("mprotect failed: %s", strerror(errno));
    /* the instruction cache sees the relocated code (arm64) */
    __builtin___clear_cache((char *)o->map, (char *)o->map + o->textlen);
    for (uint32_t si = 0; si < o->nsec; si++)
        if (o->sec[si].load && o->sec[si].exec)
            __builtin___clear_cache((char *)o->sec[si].mem,
                                    (char *)o->sec[si].mem + o->sec[si].size);
    for (uint32_t si = 0; si < o->nsec; si++) {
        Sect *s = &o->sec[si];
        if (s->load && s->exec && s->placed &&
            mprotect(s->mem, s->placed, PROT_READ | PROT_EXEC))
            die("mprotect of the buffer for %s failed", s->name);
    }
}

static void
load(Obj *o, const char *path, const SirldPlace *place, bool allow_undef)
{
    curpath = path;
    readfile(o, path);
    parse(o);
#ifdef __aarch64__
    if (!o->arm64)
#else
    if (o->arm64)
#endif
        die("a %s object does not run on this host",
            o->arm64 ? "arm64" : "x86_64");
    count_slots(o);
    layout(o, place);
    resolve(o, allow_undef);
    relocate(o);
}

/* ------------------------------------------------- program interface */

extern const SirldPlace __sirld_place[] __attribute__((weak));

#ifndef SIRLD_TOOL
__attribute__((constructor)) static void
sirld_init(void)
{
    if (!__sirld_place)
        return;
    const char *path = getenv("SIRLD_OBJECT");
    if (!path || !*path) {
        fprintf(stderr, "sirld: SIRLD_OBJECT is not set\n");
        exit(2);
    }
    static Obj o;
    load(&o, path, __sirld_place, false);
}
#else
/* Prints the ELF stub file for 'o' (see the top of the file). */
static void
stubs(const Obj *o)
{
    printf("/* sirld stubs %s (generated) */\n", o->path);
    printf("\t.section .sirld, \"aw\", @nobits\n");
    for (uint32_t si = 0; si < o->nsec; si++) {
        const Sect *s = &o->sec[si];
        if (!s->load)
            continue;
        uint64_t align = (uint64_t)1 << s->align, size = s->size;
        if (s->exec) {
            align = 4096;
            size = alignto(size ? size : 1, 4096);
        }
        printf("\t.balign %" PRIu64 "\n__sirld_sect%u:\t/* %s */\n"
               "\t.zero %" PRIu64 "\n", align, si + 1, s->name,
               size ? size : 1);
    }
    for (uint32_t i = 0; i < o->nsym; i++) {
        const Sym *y = &o->sym[i];
        const char *name = symname(o, i);
        if ((y->type & N_STAB) || !(y->type & N_EXT) ||
            (y->type & N_TYPE) != N_SECT || name[0] != '_' ||
            !o->sec[y->sect - 1].load)
            continue;
        const Sect *s = &o->sec[y->sect - 1];
        /* Quoted: SIR names need not be C identifiers (@0). */
        char q[512];
        size_t n = 0;
        q[n++] = '"';
        for (const char *c = name + 1; *c; c++) {
            if (n > sizeof q - 4)
                die("symbol name '%.40s...' is too long", name);
            if (*c == '"' || *c == '\\')
                q[n++] = '\\';
            q[n++] = *c;
        }
        q[n++] = '"';
        q[n] = 0;
        printf("\t.globl %s\n\t.type %s, %s\n"
               "\t.set %s, __sirld_sect%u + %" PRIu64 "\n", q, q,
               s->exec ? "@function" : "@object", q, y->sect,
               y->value - s->addr);
    }
    printf("\t.section .data.rel.ro, \"aw\"\n\t.balign 8\n"
           "\t.globl __sirld_place\n__sirld_place:\n");
    for (uint32_t si = 0; si < o->nsec; si++) {
        const Sect *s = &o->sec[si];
        if (s->load)
            printf("\t.quad %u, __sirld_sect%u, %" PRIu64 "\n", si + 1,
                   si + 1, s->exec ? alignto(s->size ? s->size : 1, 4096)
                                   : s->size);
    }
    printf("\t.quad 0, 0, 0\n");
    printf("\t.section .note.GNU-stack, \"\", @progbits\n");
}

int
main(int argc, char **argv)
{
    bool call = argc >= 4 && argc <= 10 && !strcmp(argv[1], "call");
    if (!call && (argc != 3 || (strcmp(argv[1], "stubs") &&
                                strcmp(argv[1], "load")))) {
        fprintf(stderr, "usage: sirld stubs|load OBJECT.o\n"
                        "       sirld call OBJECT.o FUNCTION [INTEGER...]\n");
        return 2;
    }
    static Obj o;
    curpath = argv[2];
    if (!strcmp(argv[1], "stubs")) {
        readfile(&o, argv[2]);
        parse(&o);
        stubs(&o);
        return 0;
    }
    load(&o, argv[2], NULL, true);
    if (call) {
        char name[256];
        snprintf(name, sizeof name, "_%s", argv[3]);
        uint32_t i = 0;
        while (i < o.nsym && (!(o.sym[i].type & N_EXT) ||
                              (o.sym[i].type & N_TYPE) != N_SECT ||
                              !o.sec[o.sym[i].sect - 1].exec ||
                              strcmp(symname(&o, i), name)))
            i++;
        if (i == o.nsym)
            die("no external function '%s'", name);
        long a[6] = {0};
        for (int k = 4; k < argc; k++)
            a[k - 4] = strtol(argv[k], NULL, 0);
        long (*f)(long, long, long, long, long, long) =
            (long (*)(long, long, long, long, long, long))(uintptr_t)
                o.addr[i];
        printf("%ld\n", f(a[0], a[1], a[2], a[3], a[4], a[5]));
        return 0;
    }
    for (uint32_t i = 0; i < o.nsym; i++)
        if (!(o.sym[i].type & N_STAB) && (o.sym[i].type & N_EXT) &&
            (o.sym[i].type & N_TYPE) == N_SECT)
            printf("%s %s\n", symname(&o, i),
                   o.sec[o.sym[i].sect - 1].exec ? "text" : "data");
    return 0;
}
#endif
