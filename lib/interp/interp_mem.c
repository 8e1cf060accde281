/*
 * interp_mem.c - the interpreter's memory: the value stack, the frame
 * records, the memory stack of stack slots and alloca storage, the
 * globals, the addresses of symbols, and the checks of spec section 8.
 *
 * Every region is reserved once with mmap (MAP_NORESERVE), so addresses
 * are real host addresses that C code can use and never move.  Live
 * stack allocations are kept in an array sorted by address: the memory
 * stack grows upward and is released in LIFO order at returns, so a push
 * keeps the order and a return truncates it.  Globals are laid out in one
 * region, in item order.  An access is checked by binary search when it
 * falls in one of the two regions; any other address belongs to C
 * (malloc, the C library's data) and is not checked.  Allocations are
 * separated by 16-byte gaps so that small overflows hit no allocation.
 */
#include "interp_int.h"

#include <dlfcn.h>
#include <string.h>
#include <sys/mman.h>

#define VSTACK_SIZE ((size_t)1 << 30)
#define GAP 16
#define LIMIT ((uint64_t)1 << 46)   /* more global data is an error */
/* Inaccessible address space reserved on both sides of the slot stack and
 * of the globals: no host object can lie there, so an access that strays
 * out of them (a negative or too large index) is reported as undefined
 * behaviour rather than taken for host memory and faulting.  16M: enough
 * for an i16 index of 512-byte elements, small against a ulimit -v. */
#define GUARD ((size_t)1 << 24)

static void *
reserve(size_t n, int prot)
{
    void *p = mmap(NULL, n, prot, MAP_PRIVATE | MAP_ANONYMOUS |
                   MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* n read-write bytes with GUARD inaccessible bytes on each side; returns
 * the start of the read-write part. */
static uint8_t *
reserve_guarded(size_t n)
{
    uint8_t *p = reserve(n + 2 * GUARD, PROT_NONE);
    if (!p)
        return NULL;
    if (mprotect(p + GUARD, n, PROT_READ | PROT_WRITE) != 0) {
        munmap(p, n + 2 * GUARD);
        return NULL;
    }
    return p + GUARD;
}

/* Bytes of the PROT_NONE range for the fake addresses, 16 per symbol. */
static size_t
fake_size(const Interp *ip)
{
    uint32_t nsyms = ir_num_syms(ip->m) + 1;
    return ((size_t)nsyms * 16 + 4095) & ~(size_t)4095;
}

bool
itp_mem_init(Interp *ip)
{
    ip->vstack = reserve(VSTACK_SIZE, PROT_READ | PROT_WRITE);
    ip->maxdepth = ip->opt.max_depth;
    ip->frames = reserve((size_t)ip->maxdepth * sizeof(Frame),
                         PROT_READ | PROT_WRITE);
    void *ms = reserve_guarded(ip->opt.stack_size);
    if (ip->opt.lint_undef)
        ip->shadow = reserve(VSTACK_SIZE / 8, PROT_READ | PROT_WRITE);
    size_t fake = fake_size(ip);
    void *fk = reserve(fake, PROT_NONE);
    if (!ip->vstack || !ip->frames || !ms || !fk ||
        (ip->opt.lint_undef && !ip->shadow)) {
        ir_diag_error(ip->diag, (IrLoc){0, 0},
                      "cannot reserve memory for the interpreter");
        if (ms)
            munmap((uint8_t *)ms - GUARD, ip->opt.stack_size + 2 * GUARD);
        if (fk)
            munmap(fk, fake);
        return false;
    }
    ip->vlimit = ip->vstack + VSTACK_SIZE;
    ip->mbase = (uintptr_t)ms;
    ip->msp = ip->mbase + GAP;
    ip->mlimit = ip->mbase + ip->opt.stack_size;
    ip->fakebase = (uintptr_t)fk;
    ip->maxlive = 256;
    ip->live = xmalloc(ip->maxlive * sizeof *ip->live);
    return true;
}

void
itp_mem_free(Interp *ip)
{
    if (ip->vstack)
        munmap(ip->vstack, VSTACK_SIZE);
    if (ip->shadow)
        munmap(ip->shadow, VSTACK_SIZE / 8);
    if (ip->frames)
        munmap(ip->frames, (size_t)ip->maxdepth * sizeof(Frame));
    if (ip->mbase)
        munmap((void *)(ip->mbase - GUARD), ip->opt.stack_size + 2 * GUARD);
    if (ip->fakebase)
        munmap((void *)ip->fakebase, fake_size(ip));
    if (ip->gmapsize)
        munmap((void *)ip->gmap, ip->gmapsize);
    free(ip->live);
    free(ip->globals);
    free(ip->addrs);
}

/* ------------------------------------------------------ stack memory */

static void
add_live(Interp *ip, uintptr_t lo, uint64_t size)
{
    if (ip->nlive == ip->maxlive) {
        ip->maxlive *= 2;
        ip->live = xrealloc(ip->live, ip->maxlive * sizeof *ip->live);
    }
    ip->live[ip->nlive++] = (Alloc){lo, lo + size, false, {0}};
}

uintptr_t
itp_stack_alloc(Interp *ip, const DInst *in, uint64_t size,
                   uint32_t align)
{
    uint64_t sz = size ? size : 1;
    uintptr_t p = (ip->msp + align - 1) & ~(uintptr_t)(align - 1);
    if (sz > ip->mlimit - p || p + sz + GAP > ip->mlimit)
        itp_fail(ip, in, IR_INTERP_UB,
                    "undefined behaviour: stack exhausted (alloca of %llu "
                    "bytes)", (unsigned long long)size);
    ip->msp = p + sz + GAP;
    if (ip->opt.check_ub)
        add_live(ip, p, sz);
    return p;
}

void
itp_push_frame(Interp *ip, DFunc *fn, uint8_t *fp, DInst *ret_pc,
                  DInst *call)
{
    if (ip->depth >= ip->maxdepth || fp + fn->frame_size > ip->vlimit)
        itp_fail(ip, call, IR_INTERP_UB,
                    "undefined behaviour: stack exhausted (call depth %u)",
                    ip->depth);
    Frame *fr = &ip->frames[ip->depth];
    if (ip->shadow)     /* the dummy value 0 is never undef */
        ip->shadow[(size_t)(fp - ip->vstack) / 8] = 0;
    fr->fn = fn;
    fr->fp = fp;
    fr->ret_pc = ret_pc;
    fr->call = call;
    fr->msp = ip->msp;
    fr->nlive = ip->nlive;
    fr->slots = 0;
    if (fn->nslots > 1) {
        uint32_t al = fn->slots_align;
        uintptr_t base = (ip->msp + al - 1) & ~(uintptr_t)(al - 1);
        if (fn->slots_size > ip->mlimit - base)
            itp_fail(ip, call, IR_INTERP_UB,
                        "undefined behaviour: stack exhausted (call depth "
                        "%u)", ip->depth);
        fr->slots = base;
        ip->msp = base + fn->slots_size;
        if (ip->opt.check_ub)
            for (uint32_t s = 1; s < fn->nslots; s++)
                add_live(ip, base + fn->slot_off[s],
                         fn->slot_size[s] ? fn->slot_size[s] : 1);
    }
    ip->depth++;
}

uint8_t *
itp_frame_top(Interp *ip)
{
    if (!ip->depth)
        return ip->vstack;
    Frame *fr = &ip->frames[ip->depth - 1];
    return fr->fp + fr->fn->frame_size;
}

/* The allocation of a sorted array that contains p, or NULL. */
static const Alloc *
find(const Alloc *a, uint32_t n, uintptr_t p)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (a[mid].lo <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || p >= a[lo - 1].hi)
        return NULL;
    return &a[lo - 1];
}

static bool
overlaps(uintptr_t p, uint64_t size, uintptr_t lo, uintptr_t hi)
{
    return p < hi && (p + size > lo || p + size < p);
}

void
itp_check_access(Interp *ip, const DInst *in, uintptr_t p,
                    uint64_t size, uint32_t align, bool write)
{
    const char *what = write ? "store" : "load";
    unsigned long long n = (unsigned long long)size;
    if (size == 0)
        return;
    if (p == 0)
        itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s of %llu "
                    "bytes through the null pointer", what, n);
    if (p & (align - 1))
        itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: misaligned "
                    "%s of %llu bytes at 0x%llx (alignment %u)", what, n,
                    (unsigned long long)p, align);
    if (p < 4096)
        itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s of %llu "
                    "bytes at invalid address 0x%llx", what, n,
                    (unsigned long long)p);
    uintptr_t fake = fake_size(ip);
    if (overlaps(p, size, ip->fakebase, ip->fakebase + fake))
        itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s of %llu "
                    "bytes at 0x%llx, the address of a function", what, n,
                    (unsigned long long)p);
    if (overlaps(p, size, ip->mbase - GUARD, ip->mlimit + GUARD)) {
        const Alloc *a = find(ip->live, ip->nlive, p);
        if (!a || size > a->hi - p)
            itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s of "
                        "%llu bytes at 0x%llx outside any live stack slot "
                        "or alloca", what, n, (unsigned long long)p);
        return;
    }
    if (overlaps(p, size, ip->gbase, ip->glimit)) {
        const Alloc *a = find(ip->globals, ip->nglobals, p);
        if (!a || size > a->hi - p)
            itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s of "
                        "%llu bytes at 0x%llx outside any global", what, n,
                        (unsigned long long)p);
        if (write && a->is_const)
            itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: store "
                        "into the const global @%s",
                        ir_str(ip->m, ir_sym_c(ip->m, a->sym)->name));
        return;
    }
    /* host memory, unless it is the code of a SIR function's closure */
    IrSym s;
    if (itp_addr_func(ip, p, &s) || s.id)
        itp_fail(ip, in, IR_INTERP_UB, "undefined behaviour: %s of %llu "
                    "bytes at 0x%llx, the address of the function @%s", what,
                    n, (unsigned long long)p,
                    ir_str(ip->m, ir_sym_c(ip->m, s)->name));
}

/* ------------------------------------------------- function addresses */

static uint32_t
addr_hash(uintptr_t a)
{
    uint64_t h = (uint64_t)a * UINT64_C(0x9E3779B97F4A7C15);
    return (uint32_t)(h >> 32);
}

void
itp_addr_add(Interp *ip, uintptr_t a, DFunc *fn, IrSym sym)
{
    if ((ip->naddrs + 1) * 2 > ip->addrcap) {
        uint32_t cap = ip->addrcap ? ip->addrcap * 2 : 64;
        AddrEnt *t = xcalloc(cap, sizeof *t);
        for (uint32_t k = 0; k < ip->addrcap; k++) {
            AddrEnt *e = &ip->addrs[k];
            if (!e->addr)
                continue;
            uint32_t h = addr_hash(e->addr) & (cap - 1);
            while (t[h].addr)
                h = (h + 1) & (cap - 1);
            t[h] = *e;
        }
        free(ip->addrs);
        ip->addrs = t;
        ip->addrcap = cap;
    }
    uint32_t h = addr_hash(a) & (ip->addrcap - 1);
    while (ip->addrs[h].addr && ip->addrs[h].addr != a)
        h = (h + 1) & (ip->addrcap - 1);
    if (!ip->addrs[h].addr)
        ip->naddrs++;
    ip->addrs[h] = (AddrEnt){a, fn, sym};
}

/* The function at address a: a definition, or NULL with *sym set for an
 * unresolved declaration, or NULL with sym 0 for any other address. */
DFunc *
itp_addr_func(Interp *ip, uintptr_t a, IrSym *sym)
{
    *sym = (IrSym){0};
    if (!ip->addrcap || !a)
        return NULL;
    uint32_t h = addr_hash(a) & (ip->addrcap - 1);
    for (; ip->addrs[h].addr; h = (h + 1) & (ip->addrcap - 1))
        if (ip->addrs[h].addr == a) {
            *sym = ip->addrs[h].sym;
            return ip->addrs[h].fn;
        }
    return NULL;
}

/* A unique address in an inaccessible page: what a function gets when
 * it has no callable host address. */
uintptr_t
itp_fake_addr(Interp *ip)
{
    return ip->fakebase + 16 * (uintptr_t)ip->nfake++;
}

/* Whether p lies in memory the interpreter made for the program (the
 * slot stack, the globals, their guards, the fake symbol addresses):
 * then it is known not to be the address of a host function. */
bool
itp_owns_addr(const Interp *ip, uintptr_t p)
{
    uintptr_t fake = fake_size(ip);
    return (p >= ip->mbase - GUARD && p < ip->mlimit + GUARD) ||
           (ip->gmapsize && p >= ip->gbase && p < ip->glimit) ||
           (p >= ip->fakebase && p < ip->fakebase + fake);
}

/* ------------------------------------------------------------ globals */

static void *
host_sym(const char *name)
{
    static void *libm;
    void *p = dlsym(RTLD_DEFAULT, name);
    if (!p) {
        if (!libm)
            libm = dlopen("libm.so.6", RTLD_NOW | RTLD_GLOBAL);
        if (libm)
            p = dlsym(libm, name);
    }
    return p;
}

static void
write_init(Interp *ip, uint8_t *p, IrType t, IrInit i, uint64_t room)
{
    IrModule *m = ip->m;
    const IrInitData *d = ir_init_c(m, i);
    uint64_t size = ir_type_size(m, t);
    if (size > room)
        size = room;
    switch ((IrInitKind)d->kind) {
    case IR_INIT_INT:
    case IR_INIT_FLOAT:
    case IR_INIT_BOOL: {
        uint64_t v = d->bits;
        memcpy(p, &v, size < 8 ? size : 8);
        break;
    }
    case IR_INIT_NULL:
    case IR_INIT_ZERO:
    case IR_INIT_UNDEF:
        break;      /* the region is zero-filled */
    case IR_INIT_STRUCT:
    case IR_INIT_ARRAY: {
        uint64_t nm = ir_type_nmembers(m, t);
        for (uint32_t k = 0; k < d->count && k < nm; k++) {
            uint64_t off = ir_type_offset(m, t, k);
            if (off < size)
                write_init(ip, p + off, ir_type_member(m, t, k),
                           ir_init_child(m, i, k), size - off);
        }
        break;
    }
    case IR_INIT_STRING: {
        uint64_t n = ir_str_len(m, d->str);
        memcpy(p, ir_str(m, d->str), n < size ? n : size);
        break;
    }
    case IR_INIT_SYMREF: {
        uint64_t v = 0;
        if (d->sym.id && d->sym.id <= ir_num_syms(m))
            v = ip->symaddr[d->sym.id] + (uint64_t)d->addend;
        memcpy(p, &v, size < 8 ? size : 8);
        break;
    }
    }
}

uintptr_t
itp_sym_addr(Interp *ip, IrSym s)
{
    return ip->symaddr[s.id];
}

/* Gives every symbol an address, lays out and initializes the data. */
bool
itp_globals_init(Interp *ip)
{
    IrModule *m = ip->m;
    uint32_t nsyms = ir_num_syms(m) + 1;
    uint64_t *off = xcalloc(nsyms, sizeof *off);
    uint64_t total = GAP, maxal = 16;
    uint32_t ndata = 0;
    for (uint32_t s = 1; s < nsyms; s++) {
        IrSymData *sd = ir_sym(m, (IrSym){s});
        if (sd->dead)
            continue;
        const char *name = ir_str(m, sd->name);
        switch ((IrSymKind)sd->kind) {
        case IR_SYM_FUNC:
            if (sd->func) {
                DFunc *df = &ip->funcs[s];
                if (!itp_make_closure(ip, df))
                    df->addr = (void *)itp_fake_addr(ip);
                ip->symaddr[s] = (uintptr_t)df->addr;
                itp_addr_add(ip, (uintptr_t)df->addr, df, (IrSym){s});
                void *host = NULL;
                if (!sd->internal && ip->opt.host_sym)
                    host = ip->opt.host_sym(name, true, ip->opt.host_ctx);
                if (host) {
                    /* both addresses call it; SIR sees the host's */
                    ip->symaddr[s] = (uintptr_t)host;
                    itp_addr_add(ip, (uintptr_t)host, df, (IrSym){s});
                }
            } else {
                ip->symaddr[s] = (uintptr_t)host_sym(name);
                if (!ip->symaddr[s]) {
                    ip->symaddr[s] = itp_fake_addr(ip);
                    itp_addr_add(ip, ip->symaddr[s], NULL, (IrSym){s});
                }
            }
            break;
        case IR_SYM_EXTERN:
            ip->symaddr[s] = (uintptr_t)host_sym(name);
            break;
        case IR_SYM_GLOBAL:
        case IR_SYM_CONST: {
            void *host = NULL;
            if (!sd->internal && ip->opt.host_sym)
                host = ip->opt.host_sym(name, false, ip->opt.host_ctx);
            if (host) {
                ip->symaddr[s] = (uintptr_t)host;
                off[s] = UINT64_MAX;
                break;
            }
            uint64_t al = ir_type_align(m, sd->type);
            if (sd->align > al)
                al = sd->align;
            if (al > maxal)
                maxal = al;
            uint64_t sz = ir_type_size(m, sd->type);
            total = (total + al - 1) & ~(al - 1);
            off[s] = total;
            if (sz > LIMIT || total > LIMIT)
                total = LIMIT + 1;      /* reported below */
            else
                total += (sz ? sz : 1) + GAP;
            ndata++;
            break;
        }
        }
    }
    if (total > LIMIT) {
        ir_diag_error(ip->diag, (IrLoc){0, 0}, "the module's global data "
                      "is too large to interpret");
        free(off);
        return false;
    }
    ip->globals = xcalloc(ndata + 1, sizeof *ip->globals);
    if (ndata) {
        size_t mapsize = (total + maxal + GAP + 4095) & ~(size_t)4095;
        uint8_t *g = reserve_guarded(mapsize);
        if (!g) {
            ir_diag_error(ip->diag, (IrLoc){0, 0},
                          "cannot allocate %llu bytes of global data",
                          (unsigned long long)total);
            free(off);
            return false;
        }
        ip->gmap = (uintptr_t)g - GUARD;
        ip->gmapsize = mapsize + 2 * GUARD;
        /* the region checked is the whole mapping, gaps and guards
         * included */
        uintptr_t base = ((uintptr_t)g + maxal - 1) & ~(uintptr_t)(maxal - 1);
        ip->gbase = ip->gmap;
        ip->glimit = ip->gmap + ip->gmapsize;
        for (uint32_t s = 1; s < nsyms; s++) {
            IrSymData *sd = ir_sym(m, (IrSym){s});
            if (sd->dead || (sd->kind != IR_SYM_GLOBAL &&
                             sd->kind != IR_SYM_CONST) || off[s] == UINT64_MAX)
                continue;
            uint64_t sz = ir_type_size(m, sd->type);
            ip->symaddr[s] = base + off[s];
            ip->globals[ip->nglobals++] =
                (Alloc){ip->symaddr[s], ip->symaddr[s] + (sz ? sz : 1),
                        sd->kind == IR_SYM_CONST, (IrSym){s}};
        }
    }
    for (uint32_t s = 1; s < nsyms; s++) {
        IrSymData *sd = ir_sym(m, (IrSym){s});
        if (sd->dead || (sd->kind != IR_SYM_GLOBAL &&
                         sd->kind != IR_SYM_CONST))
            continue;
        if (off[s] == UINT64_MAX)   /* host storage: not zero-filled */
            memset((void *)ip->symaddr[s], 0, ir_type_size(m, sd->type));
        if (sd->init.id)
            write_init(ip, (uint8_t *)ip->symaddr[s], sd->type, sd->init,
                       ir_type_size(m, sd->type));
    }
    free(off);
    return true;
}
