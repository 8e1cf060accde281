/*
 * util.c - memory helpers, growable arrays, the scratch arena, file
 * reading and atomic output (write a temporary, rename on success).
 */
#include "ir.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void drop_pending(void);

static _Noreturn void
oom(void)
{
    drop_pending();
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

/* A thread's spare blocks of the small sizes (4 KB << k), zeroed.  A
 * pass makes an arena for every function and most need a block or two:
 * calloc clearing a whole fresh block each time was 8% of sirc -O2 on
 * a module of small functions.  A freed arena clears what was used of
 * its small blocks and keeps a few for the thread's next arena. */
enum { SPARE_CLASSES = 5, SPARE_MAX = 4 };      /* 4 KB .. 64 KB */
typedef struct {
    ArenaBlock *head[SPARE_CLASSES];
    uint8_t n[SPARE_CLASSES];
} Spares;
static _Thread_local Spares *spares;
static pthread_key_t spare_key;
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;

static void
spares_free(void *p)
{
    Spares *sp = p;
    for (int k = 0; k < SPARE_CLASSES; k++)
        while (sp->head[k]) {
            ArenaBlock *b = sp->head[k];
            sp->head[k] = b->next;
            free(b);
        }
    free(sp);
}

static void
spare_key_init(void)
{
    pthread_key_create(&spare_key, spares_free);
}

/* The spare class of a block of size bytes, or -1. */
static int
spare_class(size_t size)
{
    for (int k = 0; k < SPARE_CLASSES; k++)
        if (size == (size_t)1 << (12 + k))
            return k;
    return -1;
}

static ArenaBlock *
block_new(size_t size)
{
    int k = spare_class(size);
    if (k >= 0 && spares && spares->head[k]) {
        ArenaBlock *b = spares->head[k];
        spares->head[k] = b->next;
        spares->n[k]--;
        return b;
    }
    /* Zeroed once, here: a block's bytes are handed out once, and
     * calloc of a large block takes fresh zero pages from the kernel
     * instead of clearing them again. */
    ArenaBlock *b = xcalloc(1, sizeof *b + size);
    b->size = size;
    return b;
}

static void
block_free(ArenaBlock *b)
{
    int k = spare_class(b->size);
    if (k >= 0 && !spares) {
        /* the key's destructor frees a thread's spares when it ends */
        pthread_once(&spare_once, spare_key_init);
        spares = xcalloc(1, sizeof *spares);
        pthread_setspecific(spare_key, spares);
    }
    if (k < 0 || spares->n[k] >= SPARE_MAX) {
        free(b);
        return;
    }
    memset(b->mem, 0, b->used);
    b->used = 0;
    b->next = spares->head[k];
    spares->head[k] = b;
    spares->n[k]++;
}

void *
ir_arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    ArenaBlock *b = a->head;
    if (!b || b->size - b->used < n) {
        /* Without a chunk size the blocks start at 4 KB and double up
         * to 1 MB: a pass makes an arena for every function, most
         * functions are small, and a block below malloc's mmap
         * threshold is cleared by calloc whole (a 64 KB first block
         * made memset 9% of sirc -O2 on a module of small functions). */
        size_t min = a->chunk ? a->chunk
                   : !b ? (size_t)1 << 12
                   : b->size >= (size_t)1 << 19 ? (size_t)1 << 20
                   : b->size * 2;
        b = block_new(n > min ? n : min);
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
        block_free(a->head);
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
    size_t dropped;     /* mapped: the bytes before this were given back */
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
    h->dropped = 0;
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
ir_file_consumed(char *buf, size_t upto)
{
    FileHdr *h = (FileHdr *)buf - 1;
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    upto &= ~(pg - 1);
    /* Pages go back in steps of at least 1 MiB: a call per page or two
     * (one per function read) was 6,000 madvise calls and their TLB
     * flushes on a 24 MB module. */
    if (!h->maplen || upto < h->dropped + ((size_t)1 << 20))
        return;
    /* Untouched pages of a private file mapping read in again from the
     * file, so a diagnostic may still quote the text. */
    madvise(buf + h->dropped, upto - h->dropped, MADV_DONTNEED);
    h->dropped = upto;
}

bool
ir_file_find(char *buf, size_t len, const char *s)
{
    FileHdr *h = (FileHdr *)buf - 1;
    size_t n = strlen(s), pg = (size_t)sysconf(_SC_PAGESIZE);
    size_t win = 256 * pg;
    for (size_t at = 0; at < len; at += win) {
        size_t end = at + win + n - 1 < len ? at + win + n - 1 : len;
        if (memmem(buf + at, end - at, s, n))
            return true;
        /* the pages scanned go back (the reader reads them again from
         * the file): a scan ahead must not hold the whole input */
        size_t upto = (at + win < len ? at + win : len) & ~(pg - 1);
        if (h->maplen && upto > h->dropped)
            madvise(buf + h->dropped, upto - h->dropped, MADV_DONTNEED);
    }
    return false;
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

/*
 * Output files, as `cc -o` writes them:
 *
 *   - a regular file is written to a temporary beside it and renamed
 *     into place on success, so a failing tool leaves the old file (or
 *     none); the new file gets the old file's mode, or 0666 less the
 *     umask;
 *   - a symbolic link is followed: the file it points to is replaced;
 *   - standard output ("-") is buffered in an anonymous temporary file
 *     and copied out on success, so a failing compile writes nothing;
 *   - a device, FIFO, socket, a path naming an open descriptor
 *     (/dev/stdout, /dev/fd/N, /proc/self/fd/N) or standard output or
 *     error under another name is written in place;
 *   - an existing file that is not writable is an error (EACCES), and
 *     a writable one in a directory where no temporary can be made is
 *     written in place.
 *
 * The temporary being written is removed by ir_output_abort, on the
 * out-of-memory exit, and on SIGINT, SIGTERM, SIGHUP and SIGABRT (the
 * handler unlinks it and re-raises the signal).  Its name is the output
 * name cut to fit NAME_MAX, then ".tmpXXXXXX".
 */

/* The temporary a signal must remove: a copy of its path, set before
 * the file exists and cleared after it is renamed or removed. */
static char pending[4096];
static volatile sig_atomic_t have_pending;

static void
on_signal(int sig)
{
    if (have_pending)
        unlink(pending);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void
drop_pending(void)
{
    if (have_pending) {
        have_pending = 0;
        unlink(pending);
    }
}

static void
catch_signals(void)
{
    static bool done;
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGABRT};
    if (done)
        return;
    done = true;
    for (unsigned k = 0; k < sizeof sigs / sizeof *sigs; k++) {
        struct sigaction sa, old;
        if (sigaction(sigs[k], NULL, &old) == 0 &&
            old.sa_handler == SIG_IGN)
            continue;           /* nohup, or a shell's background job */
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[k], &sa, NULL);
    }
}

/* Whether the output path must be written in place. */
static bool
in_place(const char *path, const struct stat *st)
{
    if (!S_ISREG(st->st_mode))
        return true;
    if (!strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6))
        return true;
    for (int fd = 0; fd <= 2; fd++) {
        struct stat o;
        if (fstat(fd, &o) == 0 && o.st_dev == st->st_dev &&
            o.st_ino == st->st_ino)
            return true;
    }
    return false;
}

/* The descriptor a path names (/dev/stdout, /dev/fd/N,
 * /proc/self/fd/N), or -1. */
static int
fd_path(const char *path)
{
    static const char *const pfx[] = {"/dev/fd/", "/proc/self/fd/"};
    if (!strcmp(path, "/dev/stdout"))
        return 1;
    if (!strcmp(path, "/dev/stderr"))
        return 2;
    for (unsigned k = 0; k < 2; k++) {
        size_t n = strlen(pfx[k]);
        if (strncmp(path, pfx[k], n) || !path[n])
            continue;
        char *end;
        long fd = strtol(path + n, &end, 10);
        if (!*end && fd >= 0 && fd < INT32_MAX)
            return (int)fd;
    }
    return -1;
}

/* Writes to the file itself; a path naming an open descriptor writes
 * to that descriptor (its offset and append mode kept). */
static bool
open_in_place(IrOutput *o, const char *path)
{
    int fd = fd_path(path);
    if (fd >= 0 && fcntl(fd, F_GETFD) != -1) {
        int d = dup(fd);
        o->fp = d >= 0 ? fdopen(d, "wb") : NULL;
        if (!o->fp && d >= 0)
            close(d);
    } else {
        o->fp = fopen(path, "wb");
    }
    return o->fp != NULL;
}

bool
ir_output_open(IrOutput *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || !strcmp(path, "-")) {
        /* buffered, so that a failure writes nothing */
        o->fp = tmpfile();
        if (o->fp)
            o->to_stdout = true;
        else
            o->fp = stdout;
        return true;
    }
    struct stat st;
    char *real = NULL;
    bool exists = stat(path, &st) == 0;
    if (exists && in_place(path, &st))
        return open_in_place(o, path);
    if (exists && access(path, W_OK) != 0)
        return false;           /* errno: EACCES, as cc -o */
    if (!exists) {
        struct stat lst;
        if (lstat(path, &lst) == 0)     /* a dangling link: create its */
            return open_in_place(o, path);      /* target in place */
    } else {
        real = realpath(path, NULL);    /* follow a symbolic link */
    }
    const char *target = real ? real : path;
    o->path = xstrdup(target);
    free(real);
    const char *slash = strrchr(o->path, '/');
    size_t dirlen = slash ? (size_t)(slash - o->path + 1) : 0;
    size_t base = strlen(o->path) - dirlen;
    if (base > 200)
        base = 200;
    size_t n = dirlen + base + 16;
    o->tmp = xmalloc(n);
    snprintf(o->tmp, n, "%.*s%.*s.tmpXXXXXX", (int)dirlen, o->path,
             (int)base, o->path + dirlen);
    catch_signals();
    /* the name is only known once mkstemp made it: block the signals
     * until pending holds it */
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    int fd = mkstemp(o->tmp);
    int err = errno;
    if (fd >= 0 && strlen(o->tmp) < sizeof pending) {
        memcpy(pending, o->tmp, strlen(o->tmp) + 1);
        have_pending = 1;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        char *p = o->path;
        free(o->tmp);
        o->path = o->tmp = NULL;
        /* a writable file in a directory that takes no temporary */
        bool ok = exists && (err == EACCES || err == EPERM || err == EROFS)
                  && open_in_place(o, p);
        free(p);
        if (!ok)
            errno = err;
        return ok;
    }
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    fchmod(fd, mode);
    o->fp = fdopen(fd, "wb");
    if (!o->fp) {
        close(fd);
        ir_output_abort(o);
        return false;
    }
    return true;
}

/* Copies the buffered standard output out. */
static bool
copy_out(FILE *fp)
{
    char buf[65536];
    size_t n;
    bool ok = fflush(fp) == 0 && fseek(fp, 0, SEEK_SET) == 0;
    while (ok && (n = fread(buf, 1, sizeof buf, fp)) > 0)
        ok = fwrite(buf, 1, n, stdout) == n;
    ok = ok && !ferror(fp);
    fclose(fp);
    return fflush(stdout) == 0 && ok;
}

bool
ir_output_commit(IrOutput *o)
{
    bool ok = true;
    int err = 0;
    if (o->to_stdout || o->fp == stdout) {
        ok = o->to_stdout ? copy_out(o->fp) : fflush(stdout) == 0;
        err = ok ? 0 : errno ? errno : EIO;
        clearerr(stdout);       /* the caller reports it */
    } else if (o->fp && !o->tmp) {
        ok = !ferror(o->fp);
        ok &= fclose(o->fp) == 0;
    } else if (o->fp) {
        ok = !ferror(o->fp);
        ok &= fclose(o->fp) == 0;
        if (ok)
            ok = rename(o->tmp, o->path) == 0;
        err = errno;
        if (ok)
            have_pending = 0;
        else
            drop_pending();
    }
    if (!ok && !err)
        err = errno ? errno : EIO;
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    errno = err;
    return ok;
}

void
ir_output_abort(IrOutput *o)
{
    if (o->fp && o->fp != stdout) {
        fclose(o->fp);
        if (o->tmp)
            drop_pending();
    }
    free(o->path);
    free(o->tmp);
    memset(o, 0, sizeof *o);
}
