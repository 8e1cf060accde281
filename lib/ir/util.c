/*
 * util.c - memory helpers, growable arrays, the scratch arena, file
 * reading and atomic output (write a temporary, rename on success).
 */
#include "ir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static _Noreturn void
oom(void)
{
    fputs("sir: out of memory\n", stderr);
    exit(2);
}

void *
ir_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

/* Maps in the new part [from, to) of a large array with one system call.
 * An array that doubles is mostly filled before it doubles again, and
 * on the virtual machines we measure on each page fault costs
 * microseconds: faulting a million-instruction function's arrays in
 * page by page was a quarter of the time to parse it.  Only a hint: an
 * older kernel refuses it and the pages fault in as they are used. */
static void
populate(void *p, size_t from, size_t to)
{
#ifdef __linux__
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23      /* Linux 5.14 */
#endif
    enum { BIG = 1u << 20, PAGE = 4096 };
    if (to < BIG)
        return;
    uintptr_t lo = ((uintptr_t)p + from + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
    uintptr_t hi = ((uintptr_t)p + to) & ~(uintptr_t)(PAGE - 1);
    if (hi > lo)
        madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
#else
    (void)p, (void)from, (void)to;
#endif
}

/* Large zeroed tables (hash sets, per-value side arrays) are used all
 * over, so they are mapped in at once too. */
void *
ir_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom();
    if (n && size && n <= SIZE_MAX / size)
        populate(p, 0, n * size);
    return p;
}

void *
ir_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        oom();
    return p;
}

char *
ir_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

void
ir_grow_raw(void **data, uint32_t *cap, size_t size, uint32_t need)
{
    if (need <= *cap)
        return;
    uint64_t ncap = *cap ? *cap : 8;
    while (ncap < need)
        ncap *= 2;
    if (ncap > UINT32_MAX)
        ncap = UINT32_MAX;
    if (ncap < need)
        oom();
    *data = xrealloc(*data, ncap * size);
    populate(*data, (size_t)*cap * size, ncap * size);
    *cap = (uint32_t)ncap;
}

void
ir_grow(void **data, uint32_t *cap, size_t size, uint32_t need)
{
    uint32_t old = *cap;
    if (need <= old)
        return;
    ir_grow_raw(data, cap, size, need);
    memset((char *)*data + (size_t)old * size, 0,
           (size_t)(*cap - old) * size);
}

struct ArenaBlock {
    ArenaBlock *next;
    size_t used, size;
    _Alignas(16) unsigned char mem[];
};

void *
ir_arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    ArenaBlock *b = a->head;
    if (!b || b->size - b->used < n) {
        size_t min = a->chunk ? a->chunk : (size_t)1 << 16;
        size_t size = n > min ? n : min;
        /* Zeroed once, here: a block's bytes are handed out once and
         * never reused, and calloc of a large block takes fresh zero
         * pages from the kernel instead of clearing them again. */
        b = xcalloc(1, sizeof *b + size);
        b->size = size;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = b->mem + b->used;
    b->used += n;
    return p;
}

void
ir_arena_free(Arena *a)
{
    while (a->head) {
        ArenaBlock *n = a->head->next;
        free(a->head);
        a->head = n;
    }
}

/* A buffer from ir_read_file carries a header just before its text that
 * says how to release it: a large regular file is mapped (its pages come
 * from the page cache, a fault for many pages at once, where read() into
 * fresh memory faults once per page and copies), anything else is read
 * into malloc'd memory. */
typedef struct {
    size_t maplen;      /* 0: malloc'd */
    size_t pad;
} FileHdr;

enum { MAP_MIN = 1 << 20 };

static char *
map_file(int fd, size_t n)
{
    /* One page for the header, then the file, then at least one zero
     * byte: the anonymous reservation supplies it when the file ends on
     * a page boundary, and the kernel zeroes the rest of a file's last
     * page. */
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    size_t maplen = pg + ((n + 1 + pg - 1) & ~(pg - 1));
    char *base = mmap(NULL, maplen, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return NULL;
    if (mmap(base + pg, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED,
             fd, 0) == MAP_FAILED) {
        munmap(base, maplen);
        return NULL;
    }
    madvise(base + pg, n, MADV_SEQUENTIAL | MADV_WILLNEED);
    FileHdr *h = (FileHdr *)(base + pg) - 1;
    h->maplen = maplen;
    return base + pg;
}

char *
ir_read_file(const char *path, size_t *len, const char **err)
{
    FILE *fp = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!fp) {
        *err = strerror(errno);
        return NULL;
    }
    struct stat st;
    size_t cap = 1 << 16, n = 0;
    if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode)) {
        if (st.st_size >= MAP_MIN && (uint64_t)st.st_size < SIZE_MAX / 2) {
            char *m = map_file(fileno(fp), (size_t)st.st_size);
            if (m) {
                if (fp != stdin)
                    fclose(fp);
                *len = (size_t)st.st_size;
                return m;
            }
        }
        /* room for the whole file in one read, and the EOF check */
        if ((uint64_t)st.st_size + 2 > cap && (uint64_t)st.st_size < SIZE_MAX / 2)
            cap = (size_t)st.st_size + 2;
    }
    char *buf = xmalloc(sizeof(FileHdr) + cap) + sizeof(FileHdr);
    for (;;) {
        if (cap - n < 2) {
            cap *= 2;
            buf = (char *)xrealloc(buf - sizeof(FileHdr),
                                   sizeof(FileHdr) + cap) + sizeof(FileHdr);
        }
        size_t r = fread(buf + n, 1, cap - n - 1, fp);
        n += r;
        if (r == 0)
            break;
    }
    bool bad = ferror(fp);
    if (fp != stdin)
        fclose(fp);
    if (bad) {
        free(buf - sizeof(FileHdr));
        *err = "read error";
        return NULL;
    }
    ((FileHdr *)buf - 1)->maplen = 0;
    buf[n] = 0;
    *len = n;
    return buf;
}

void
ir_free_file(char *buf)
{
    if (!buf)
        return;
    FileHdr *h = (FileHdr *)buf - 1;
    if (h->maplen) {
        size_t pg = (size_t)sysconf(_SC_PAGESIZE);
        munmap(buf - pg, h->maplen);
    } else {
        free(h);
    }
}

bool
ir_output_open(IrOutput *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || !strcmp(path, "-")) {
        o->fp = stdout;
        return true;
    }
    /* A device or FIFO (-o /dev/null) is written in place: renaming a
     * temporary over it would replace the device with a plain file. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        o->fp = fopen(path, "wb");
        return o->fp != NULL;
    }
    o->path = xstrdup(path);
    size_t n = strlen(path);
    o->tmp = xmalloc(n + 16);
    snprintf(o->tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        free(o->path);
        free(o->tmp);
        o->path = o->tmp = NULL;
        return false;
    }
    o->fp = fdopen(fd, "wb");
    return o->fp != NULL;
}

bool
ir_output_commit(IrOutput *o)
{
    bool ok = true;
    if (o->fp == stdout) {
        ok = fflush(stdout) == 0;
    } else if (o->fp && !o->tmp) {
        ok = !ferror(o->fp);
        ok &= fclose(o->fp) == 0;
    } else if (o->fp) {
        ok = !ferror(o->fp);
        ok &= fclose(o->fp) == 0;
        if (ok)
            ok = rename(o->tmp, o->path) == 0;
        if (!ok)
            remove(o->tmp);
    }
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    return ok;
}

void
ir_output_abort(IrOutput *o)
{
    if (o->fp && o->fp != stdout) {
        fclose(o->fp);
        if (o->tmp)
            remove(o->tmp);
    }
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}
