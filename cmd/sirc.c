/*
 * sirc - the SIR compiler driver, with llc's options.
 *
 *   sirc [options] [in.sir | -]  ->  assembly (.s) or an object file (.o)
 *
 * Reads one module, parses and verifies it, runs the -O pipeline of
 * lib/opt (default -O2, as llc) and hands the module to the code
 * generator through one call, compile() below.  The output kind comes
 * from -filetype=, -S or -c, else from -o's extension (.o: object, else
 * assembly).  Without -o the output is the input's name with .s or .o,
 * or standard output when reading standard input.  Any error exits with
 * status 1 and leaves no output file behind.
 */
#include "ir.h"
#include "opt.h"
#include "cg.h"
#include "target.h"
#include "obj.h"
#include "cli.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__aarch64__) && defined(__APPLE__)
#define HOST_TRIPLE "arm64-apple-macos"
#elif defined(__aarch64__)
#define HOST_TRIPLE "aarch64-linux-gnu"
#elif defined(__APPLE__)
#define HOST_TRIPLE "x86_64-apple-macos"
#else
#define HOST_TRIPLE "x86_64-linux-gnu"
#endif

typedef enum { FT_DEFAULT, FT_ASM, FT_OBJ, FT_MIR } FileType;

typedef struct {
    const char *triple;
    FileType filetype;
    CgReloc reloc;
    int jobs;                   /* -j: threads for the function passes
                                   and code generation */
    const char *print_after;    /* "isel", "regalloc" or NULL */
    const char *file;           /* input name, for diagnostics and .file */
    int level;                  /* -O level */
    bool time_passes, stats;
    int debug;                  /* -g: DWARF version, 0: none */
} Options;

static const char usage[] =
    "usage: sirc [options] [in.sir | -]\n"
    "\n"
    "Compiles a SIR module to assembly or an object file.\n"
    "\n"
    "options:\n"
    "  -o FILE                  output file ('-': stdout); default: the\n"
    "                           input name with .s or .o, stdout for stdin\n"
    "  -O0 -O1 -O2 -O3          optimization level (default -O2; -O is\n"
    "                           -O2; -O3 is the same as -O2 for now)\n"
    "  -mtriple=TRIPLE          target (default " HOST_TRIPLE "), read\n"
    "                           as ARCH-VENDOR-OS-ENV as LLVM reads it:\n"
    "                           x86_64 (amd64) or aarch64 (arm64) on linux\n"
    "                           (ELF; gnu or musl) or macos (Mach-O;\n"
    "                           darwin, macosx, with an OS version such as\n"
    "                           macosx11.0.0); --version lists them\n"
    "  -filetype=asm|obj        output kind (default: from -o, else asm)\n"
    "  -S                       same as -filetype=asm\n"
    "  -c                       same as -filetype=obj: sirc encodes the\n"
    "                           machine code and writes the ELF or Mach-O\n"
    "                           object itself (no assembler is run)\n"
    "  -relocation-model=pie|pic|static\n"
    "                           pie (default): position-independent\n"
    "                           executables; pic: shared libraries (the\n"
    "                           module's non-internal symbols through the\n"
    "                           GOT and PLT); static: direct references\n"
    "  -j N                     compile functions on N threads (default:\n"
    "                           the online CPUs); the output is the same\n"
    "                           for every N\n"
    "  -g, -gdwarf-5            debug information (DWARF 5) describing the\n"
    "                           program as the .sir text: lines, functions,\n"
    "                           stack slots\n"
    "  -gdwarf-4                the same in DWARF 4; -g0: none (default)\n"
    "  --emit=mir               print the machine IR instead of assembly\n"
    "  -print-after=isel|regalloc  print the machine IR after a stage\n"
    "  --time-passes            time the IR passes and each stage of code\n"
    "                           generation (isel, allocation, emission)\n"
    "  --stats                  print what the passes and code generation\n"
    "                           counted\n"
    CLI_DIAG_HELP
    "Options with a value also take it as the next argument (-mtriple X).\n"
    "  --help                   show this help\n"
    "  --version                show the version and the targets\n";

static int
fail(const char *fmt, const char *arg)
{
    fputs("sirc: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return 1;
}

static bool
ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* The backend hook: compiles the verified, optimized module to 'out':
 * text through the text sink, objects through the object sink. */
static bool
compile(IrModule *m, const Options *o, FILE *out, Diag *d)
{
    const Target *t = target_find(o->triple);
    if (!t) {
        fprintf(stderr, "sirc: error: code generation for target '%s' is "
                "not available yet\n", o->triple);
        return false;
    }
    CgOptions co = {
        .target = t,
        .emit = o->filetype == FT_MIR ? CG_EMIT_MIR : CG_EMIT_ASM,
        .print_after = o->print_after,
        .print_out = stderr,
        .file = o->file,
        .optlevel = o->level,
        .reloc = o->reloc,
        .jobs = o->jobs,
        .debug = (uint8_t)o->debug,
    };
    CgStats st = {0};
    if (o->time_passes || o->stats)
        co.stats = &st;
    bool ok = o->filetype != FT_OBJ ? cg_compile(m, &co, out, d)
                                    : cg_compile_obj(m, &co, out, d);
    if (co.stats)
        cg_stats_report(&st, o->time_passes, o->stats, stderr);
    return ok;
}

/* Streaming (objects): the reader hands on each run of complete items;
 * their symbols are verified, their functions optimized (lib/opt
 * stream.c: each function as soon as the inliner can take it, the same
 * decisions as on the whole module), verified again, compiled and
 * emitted into the object, and each body is released once emitted, so
 * the IR held is a function or a batch, not the module (plus the small
 * bodies the inliner may still copy).  What stays is module-level:
 * names, types, signatures, symbols, data, and the object's bytes and
 * relocations.  Messages are held until the whole input has parsed,
 * then shown as the whole-module run would show them: parse errors,
 * else the verifier's, else the verifier's after the passes, else the
 * code generator's.
 *
 * With -j N (N > 1) at -O1 and up the runs are optimized on a thread of
 * their own (the passes on N - 1 threads) while the reader goes on, and
 * the reader's thread compiles what that thread has optimized, in
 * order, between runs (with N - 1 code generator threads): reading is about a quarter of the work and code generation
 * about as much as the passes, so at -j 2 the two threads carry about
 * the same load (the optimizer's thread compiling too left the reader's
 * idle for two thirds of the time).  The module is shared for the whole
 * read (ir/share.c: the reader adds items under the lock, arrays that
 * grow keep their old copy for the threads), at most QMAX runs wait,
 * and memset is declared before the threads start (idiom would add it
 * while the reader adds symbols). */
enum { QMAX = 2 };

typedef VEC(IrSym) SymVec;

typedef struct {
    const Options *o;
    char *src;              /* the input, as ir_read_file gave it */
    FILE *out;
    CgOptions co;
    CgStream *cg;
    OptCtx opt;
    OptStream *os;          /* -O1 and up */
    Diag dv, dp, dc;        /* held messages: verifier, verifier after
                               the passes, code generator */
    DiagBuf vb, pb, cb;
    uint32_t done;          /* symbols handled */
    uint32_t batch;         /* functions per run handed to the threads */
    SymVec run, opt_done;
    SymVec cq, cwork;       /* optimized by the thread, to compile */
    SymVec tq;              /* the thread's, being checked */
    bool cq_pok;            /* no error after the passes up to cq */
    bool opt_ok, cg_ok;
    /* the thread that optimizes and compiles the runs (-j N, -O1 up) */
    bool threaded, started, closed, finished;
    IrModule *m;
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    SymVec q[QMAX];         /* runs waiting, from qhead */
    uint32_t qhead, qlen;
} Stream;

/* The optimized functions checked again (after the passes). */
static void
stream_verify(Stream *s, IrModule *m, const IrSym *fns, uint32_t n)
{
    for (uint32_t k = 0; s->os && k < n; k++)
        ir_verify_symbol(m, fns[k], &s->dp);
}

/* Compiles n functions (ok: no error was found before code generation,
 * else it is skipped) and releases their bodies. */
static void
stream_compile(Stream *s, IrModule *m, const IrSym *fns, uint32_t n,
               bool ok)
{
    if (n && s->cg_ok && ok)
        s->cg_ok = cg_stream_funcs(s->cg, fns, n);
    for (uint32_t k = 0; k < n; k++)
        ir_func_release(ir_sym(m, fns[k])->func);
}

/* What the optimizer finished, to the code generator: on the thread,
 * queued for the reader's thread. */
static void
stream_take(Stream *s, IrModule *m)
{
    uint32_t n;
    const uint32_t *ids = opt_stream_take(s->os, &n);
    if (s->started) {
        /* the check after the passes is this thread's share, and what
         * it found goes with the functions */
        uint32_t first = s->tq.len;
        for (uint32_t k = 0; k < n; k++)
            VEC_PUSH(s->tq, ((IrSym){ids[k]}));
        stream_verify(s, m, s->tq.data + first, n);
        pthread_mutex_lock(&s->mu);
        for (uint32_t k = first; k < s->tq.len; k++)
            VEC_PUSH(s->cq, s->tq.data[k]);
        s->tq.len = 0;
        s->cq_pok = !s->dp.nerrors;
        pthread_cond_broadcast(&s->cv);
        pthread_mutex_unlock(&s->mu);
        return;
    }
    s->opt_done.len = 0;
    for (uint32_t k = 0; k < n; k++)
        VEC_PUSH(s->opt_done, ((IrSym){ids[k]}));
    stream_verify(s, m, s->opt_done.data, s->opt_done.len);
    stream_compile(s, m, s->opt_done.data, s->opt_done.len,
                   !s->dv.nerrors && !s->dp.nerrors);
}

/* Optimizes and compiles the functions of a run. */
static void
stream_batch(Stream *s, IrModule *m, SymVec *run)
{
    if (!run->len || !s->opt_ok) {
    } else if (!s->os) {
        /* on the thread (-O0 -j N) the verifier's count is the
         * reader's: a run after an error is dropped before it comes
         * here, and messages of code generation after one are not
         * shown */
        stream_compile(s, m, run->data, run->len,
                       s->started || !s->dv.nerrors);
    } else {
        s->opt_ok = opt_stream_add(s->os, run->data, run->len);
        stream_take(s, m);
    }
    run->len = 0;
}

static void *
stream_thread(void *arg)
{
    Stream *s = arg;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (!s->qlen && !s->closed)
            pthread_cond_wait(&s->cv, &s->mu);
        if (!s->qlen)
            break;
        SymVec *run = &s->q[s->qhead];
        pthread_mutex_unlock(&s->mu);
        stream_batch(s, s->m, run);
        pthread_mutex_lock(&s->mu);
        s->qhead = (s->qhead + 1) % QMAX;
        s->qlen--;
        pthread_cond_broadcast(&s->cv);
    }
    s->finished = true;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

/* On the reader's thread, with s->mu held: compiles what the thread has
 * optimized so far, in the order it came. */
static void
stream_drain(Stream *s, IrModule *m)
{
    while (s->cq.len) {
        SymVec t = s->cwork;
        s->cwork = s->cq;
        s->cq = t;
        s->cq.len = 0;
        bool pok = s->cq_pok;
        pthread_mutex_unlock(&s->mu);
        stream_compile(s, m, s->cwork.data, s->cwork.len,
                       !s->dv.nerrors && pok);
        pthread_mutex_lock(&s->mu);
    }
}

/* Hands the run on (dropped after a verifier error: the passes expect
 * valid functions), to the thread or done here. */
static void
stream_flush(Stream *s, IrModule *m)
{
    if (s->dv.nerrors || !s->run.len) {
        s->run.len = 0;
        return;
    }
    if (!s->started) {
        stream_batch(s, m, &s->run);
        return;
    }
    pthread_mutex_lock(&s->mu);
    for (stream_drain(s, m); s->qlen == QMAX; stream_drain(s, m))
        pthread_cond_wait(&s->cv, &s->mu);
    SymVec *slot = &s->q[(s->qhead + s->qlen) % QMAX];
    SymVec t = *slot;
    *slot = s->run;
    s->run = t;
    s->run.len = 0;
    s->qlen++;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

/* Waits for the thread to finish the runs handed on. */
static void
stream_join(Stream *s)
{
    if (!s->started)
        return;
    pthread_mutex_lock(&s->mu);
    s->closed = true;
    pthread_cond_broadcast(&s->cv);
    for (stream_drain(s, s->m); !s->finished; stream_drain(s, s->m))
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
    pthread_join(s->th, NULL);
    s->started = false;
    ir_module_share_end(s->m);
}

static void
stream_ready(void *ctx, IrModule *m, uint32_t upto, size_t off)
{
    Stream *s = ctx;
    if (off == SIZE_MAX) {  /* the parse failed: m is about to go */
        stream_join(s);
        return;
    }
    ir_file_consumed(s->src, off);
    if (!s->cg) {
        s->cg = cg_stream_obj(m, &s->co, s->out, &s->dc);
        if (s->o->level > 0) {
            opt_ctx_init(&s->opt, m, &s->dp);
            s->opt.addr_scales = s->co.target->addr_scales;
            s->opt.addr_scale_access = s->co.target->addr_scale_access;
            /* with the thread, the reader's is one of the N */
            s->os = opt_stream_new(&s->opt, s->o->level,
                                   s->o->jobs - s->threaded);
        }
        s->m = m;
        if (s->threaded && s->cg) {
            if (s->os)
                opt_memset_sym(m);
            ir_module_share_begin(m);
            s->started = !pthread_create(&s->th, NULL, stream_thread, s);
            if (!s->started)
                ir_module_share_end(m);
        }
    }
    for (; s->done < upto; s->done++) {
        IrSym sym = {s->done + 1};
        ir_verify_symbol(m, sym, &s->dv);
        const IrSymData *sd = ir_sym_c(m, sym);
        if (sd->kind != IR_SYM_FUNC || !sd->func)
            continue;
        VEC_PUSH(s->run, sym);
        if (s->run.len >= s->batch)
            stream_flush(s, m);
    }
}

/* Parses, verifies, optimizes and compiles the input to f as one
 * stream (see above); false, with the messages shown, on any error. */
static bool
compile_stream(char *src, size_t len, Diag *d, const Options *o,
               const Target *t, FILE *f)
{
    Stream s = {.o = o, .src = src, .out = f, .opt_ok = true, .cg_ok = true,
                .batch = o->jobs > 1 ? 16 * (uint32_t)o->jobs : 1,
                .threaded = o->jobs > 1,
                .mu = PTHREAD_MUTEX_INITIALIZER,
                .cv = PTHREAD_COND_INITIALIZER};
    /* With the thread of its own the reader is one of the -j threads:
     * code generation on the others (at -j 2 on the reader's thread
     * alone; its workers beside the reader and the passes cost more CPU
     * than they saved on 2 cores). */
    s.co = (CgOptions){.target = t, .emit = CG_EMIT_ASM, .file = o->file,
                       .optlevel = o->level, .reloc = o->reloc,
                       .jobs = s.threaded ? o->jobs - 1 : o->jobs};
    ir_diag_hold(&s.dv, d, &s.vb);
    ir_diag_hold(&s.dp, d, &s.pb);
    ir_diag_hold(&s.dc, d, &s.cb);
    IrModule *m = ir_parse_stream(src, len, d, stream_ready, &s);
    bool ok = m && d->nerrors == 0;
    if (ok) {
        stream_ready(&s, m, ir_num_syms(m), 0);
        stream_flush(&s, m);
    }
    stream_join(&s);
    if (ok) {
        if (s.os && !s.dv.nerrors && s.opt_ok) {
            s.opt_ok = opt_stream_end(s.os);
            stream_take(&s, m);
        }
    }
    bool vok = !s.dv.nerrors, pok = vok && s.opt_ok && !s.dp.nerrors;
    if (s.cg)
        s.cg_ok = cg_stream_end(s.cg, ok && pok && s.cg_ok);
    ir_diag_show(d, &s.dv, &s.vb, ok);
    ir_diag_show(d, &s.dp, &s.pb, ok && vok && s.opt_ok);
    if (ok && vok && s.opt_ok && !pok)
        ir_diag_error(d, (IrLoc){0}, "module is invalid after the -O%d "
                      "pipeline (siropt --verify-each tells which pass)",
                      o->level);
    ir_diag_show(d, &s.dc, &s.cb, ok && pok);
    if (s.cg && o->level > 0) {
        opt_stream_free(s.os);
        opt_ctx_free(&s.opt);
    }
    VEC_FREE(s.run);
    VEC_FREE(s.opt_done);
    VEC_FREE(s.cq);
    VEC_FREE(s.cwork);
    VEC_FREE(s.tq);
    for (uint32_t k = 0; k < QMAX; k++)
        VEC_FREE(s.q[k]);
    pthread_mutex_destroy(&s.mu);
    pthread_cond_destroy(&s.cv);
    ir_module_free(m);
    return ok && pok && s.cg_ok && !d->nerrors;
}

/* The -O pipeline on the verified module; false, reported, when it
 * fails or leaves the module invalid. */
static bool
optimize(IrModule *m, const Options *o, Diag *d)
{
    OptCtx ctx;
    opt_ctx_init(&ctx, m, d);
    const Target *t = target_find(o->triple);
    if (t) {
        ctx.addr_scales = t->addr_scales;
        ctx.addr_scale_access = t->addr_scale_access;
    }
    ctx.time_passes = o->time_passes;
    ctx.stats = o->stats;
    bool ok = opt_run_level_jobs(&ctx, o->level, o->jobs);
    opt_report(&ctx, stderr);
    opt_ctx_free(&ctx);
    /* Never hand the code generator a module a pass has broken. */
    if (ok && !ir_verify_module_jobs(m, d, o->jobs)) {
        ir_diag_error(d, (IrLoc){0}, "module is invalid after the -O%d "
                      "pipeline (siropt --verify-each tells which pass)",
                      o->level);
        ok = false;
    }
    return ok;
}

/* The default output name: the input with its .sir extension replaced. */
static char *
default_output(const char *in, FileType ft)
{
    const char *ext = ft == FT_OBJ ? ".o" : ft == FT_MIR ? ".mir" : ".s";
    size_t n = strlen(in);
    if (ends_with(in, ".sir"))
        n -= 4;
    char *s = xmalloc(n + 5);
    memcpy(s, in, n);
    strcpy(s + n, ext);
    return s;
}

int
main(int argc, char **argv)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    Options o = {.triple = HOST_TRIPLE, .level = 2,
                 .jobs = ncpu > 0 ? (ncpu > 64 ? 64 : (int)ncpu) : 1};
    const char *in = NULL, *out = NULL, *v;
    bool only_files = false, missing = false, badv = false;
    CliDiag dopt = CLI_DIAG_INIT;
    cli_check_stdout_at_exit("sirc");

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_files || a[0] != '-' || !strcmp(a, "-")) {
            if (in)
                return fail("more than one input file ('%s')", a);
            in = a;
        } else if (!strcmp(a, "--")) {
            only_files = true;
        } else if (!strcmp(a, "-h") || cli_flag(a, "help")) {
            fputs(usage, stdout);
            return 0;
        } else if (cli_flag(a, "version")) {
            printf("sirc (sir) %s\n  Default target: %s\n\n"
                   "  Registered targets:\n", SIR_VERSION, HOST_TRIPLE);
            uint32_t nt;
            const Target *const *ts = target_list(&nt);
            for (uint32_t k = 0; k < nt; k++)
                printf("    %-20s(%s: assembly%s)\n", ts[k]->name,
                       ts[k]->obj_format == OBJ_MACHO ? "Mach-O" : "ELF",
                       ts[k]->encode ? " and objects" : "");
            return 0;
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc)
                return fail("option '%s' needs an argument", a);
            out = argv[++i];
        } else if (!strncmp(a, "-o=", 3)) {
            out = a + 3;
        } else if (a[1] == 'j' && a[2] != '-') {
            const char *n = a[2] ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
            char *e;
            long j = n ? strtol(n, &e, 10) : 0;
            if (!n || !*n || *e || j < 1 || j > 256)
                return fail("bad -j '%s' (a number of threads, 1-256)",
                            n ? n : "");
            o.jobs = (int)j;
        } else if (a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
            o.level = a[2] - '0';
        } else if (!strcmp(a, "-O")) {
            o.level = 2;
        } else if ((v = cli_arg(argc, argv, &i, "mtriple", &missing))) {
            char why[128];
            const Target *t = tgt_resolve(v, why, sizeof why);
            o.triple = t ? t->name : NULL;
            if (!o.triple) {
                fprintf(stderr, "sirc: error: target triple '%s': %s (see "
                        "--version)\n", v, why);
                return 1;
            }
        } else if ((v = cli_arg(argc, argv, &i, "relocation-model",
                                &missing))) {
            if (!strcmp(v, "pie"))
                o.reloc = CG_RELOC_PIE;
            else if (!strcmp(v, "pic"))
                o.reloc = CG_RELOC_PIC;
            else if (!strcmp(v, "static"))
                o.reloc = CG_RELOC_STATIC;
            else
                return fail("bad -relocation-model '%s' (pie, pic or "
                            "static)", v);
        } else if ((v = cli_arg(argc, argv, &i, "filetype", &missing))) {
            if (!strcmp(v, "asm"))
                o.filetype = FT_ASM;
            else if (!strcmp(v, "obj"))
                o.filetype = FT_OBJ;
            else
                return fail("bad -filetype '%s' (asm or obj)", v);
        } else if (!strcmp(a, "-g") || !strcmp(a, "-gdwarf-5") ||
                   !strcmp(a, "-gdwarf")) {
            o.debug = 5;
        } else if (!strcmp(a, "-gdwarf-4")) {
            o.debug = 4;
        } else if (!strcmp(a, "-g0")) {
            o.debug = 0;
        } else if (!strcmp(a, "-S")) {
            o.filetype = FT_ASM;
        } else if (!strcmp(a, "-c")) {
            o.filetype = FT_OBJ;
        } else if ((v = cli_arg(argc, argv, &i, "emit", &missing))) {
            if (strcmp(v, "mir"))
                return fail("bad --emit '%s' (only mir)", v);
            o.filetype = FT_MIR;
        } else if ((v = cli_arg(argc, argv, &i, "print-after", &missing))) {
            if (strcmp(v, "isel") && strcmp(v, "regalloc"))
                return fail("bad -print-after '%s' (isel or regalloc)", v);
            o.print_after = v;
        } else if (cli_flag(a, "time-passes")) {
            o.time_passes = true;
        } else if (cli_flag(a, "stats")) {
            o.stats = true;
        } else if (cli_diag_option(a, &dopt, &badv)) {
            if (badv)
                return fail("bad value in '%s' (a number)", a);
        } else if (missing) {
            return fail("option '%s' needs an argument", a);
        } else {
            return fail("unknown option '%s' (see --help)", a);
        }
    }
    if (!in)
        in = "-";
    bool from_stdin = !strcmp(in, "-");
    if (o.filetype == FT_DEFAULT)
        o.filetype = out && ends_with(out, ".o") ? FT_OBJ : FT_ASM;
    o.file = from_stdin ? "<stdin>" : in;

    size_t len;
    const char *err;
    char *src = ir_read_file(in, &len, &err);
    if (!src) {
        fprintf(stderr, "sirc: error: cannot read '%s': %s\n", o.file, err);
        return 1;
    }
    Diag d;
    ir_diag_init(&d, o.file, src, len, stderr);
    cli_diag_apply(&dopt, &d);
    char *outname = NULL;
    if (!out)
        out = from_stdin ? "-" : (outname = default_output(in, o.filetype));
    /* Objects stream; listings, timings and -g are kept to one shape.
     * A module that names memset is read whole at -O1 and up: idiom
     * declares memset when the module has not (yet), and in a stream
     * the module's own declaration or definition may come later. */
    const Target *st = target_find(o.triple);
    IrOutput f;
    bool opened = o.filetype == FT_OBJ && !o.debug && !o.time_passes &&
                  !o.stats && !o.print_after && st && st->encode &&
                  (o.level == 0 || (opt_level_streams(o.level) &&
                                    !ir_file_find(src, len, "memset"))) &&
                  getenv("SIRC_WHOLE_MODULE") == NULL &&
                  ir_output_open(&f, out);
    IrModule *m = NULL;
    bool ok;
    if (opened) {
        ok = compile_stream(src, len, &d, &o, st, f.fp);
    } else {
        m = ir_parse(src, len, &d);
        ir_file_consumed(src, len);
        ok = m && d.nerrors == 0 && ir_verify_module_jobs(m, &d, o.jobs);
        if (ok && o.level > 0)
            ok = optimize(m, &o, &d);
        if (ok && !(opened = ir_output_open(&f, out))) {
            fprintf(stderr, "sirc: error: cannot write '%s': %s\n", out,
                    strerror(errno));
            ok = false;
        } else if (ok) {
            ok = compile(m, &o, f.fp, &d);
        }
    }
    if (opened && !ok) {
        ir_output_abort(&f);
    } else if (opened && !ir_output_commit(&f)) {
        fprintf(stderr, "sirc: error: cannot write '%s': %s\n", out,
                strerror(errno));
        ok = false;
    }
    free(outname);
    ir_module_free(m);
    ir_free_file(src);
    return ok ? 0 : 1;
}
