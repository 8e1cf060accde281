/*
 * filetest.c - the file-driven test runner (the Sapphire book's
 * "filetest", a cut-down LLVM lit + FileCheck).
 *
 *   filetest [--bindir DIR] [-v] [--bless] [-j N] [--timeout S] PATH...
 *
 * Every *.sir file under the PATHs (sorted by name) is one test.  Its
 * "; RUN: cmd" lines (or the first file named RUN in its directory or
 * a parent, up to the PATH given) are run by the shell with DIR first
 * in PATH; %s is the test file, %t a scratch path, %S its directory.
 * The output (stdout; stderr for *.fail.sir or with "; STDERR") is then
 * matched by the check kind: STANDARD (CHECK lines), MATCH-ENTIRE (the
 * rest of the file, byte for byte) or MATCH-SECTION (blocks of ";"
 * lines that must appear as consecutive output lines).  "; error: text"
 * on line L wants a "file:L:col: error: ..." diagnostic containing text.
 *
 * Everything is linear in the size of the test and its output, except
 * MATCH-SECTION and regex CHECKs, which are naive but bounded by it.
 * The last line printed is always "N passed, N failed".
 */
#include "ir.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <regex.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "filetest_text.h"

typedef enum { K_NONE, K_STANDARD, K_ENTIRE, K_SECTION } Kind;

typedef enum { C_CHECK, C_NEXT, C_SAME, C_NOT, C_LABEL, C_EMPTY } CheckOp;

static const char *const check_name[] = {
    "CHECK", "CHECK-NEXT", "CHECK-SAME", "CHECK-NOT", "CHECK-LABEL",
    "CHECK-EMPTY",
};

typedef struct {
    CheckOp op;
    Str pat;
    uint32_t line;          /* in the test file, 1-based */
    bool isre;              /* pattern has {{regex}} parts */
    regex_t re;
} Check;

typedef struct {
    uint32_t first, n;      /* run of lines in Test.seclines */
    uint32_t line;
} Section;

typedef struct {
    uint32_t line;          /* test file line of the annotation */
    uint32_t target;        /* the line the diagnostic must name */
    Str text;
} ErrNote;

typedef struct {
    const char *path;
    uint32_t index;
    char *src;
    size_t len;
    Lines lines;
    VEC(char *) runs;
    Kind kind;
    uint32_t kind_line;
    size_t entire_off;      /* MATCH-ENTIRE: offset of the expected text */
    VEC(Check) checks;
    Lines seclines;
    VEC(Section) sections;
    VEC(ErrNote) errs;
    int want_exit;
    bool use_stderr;
    Buf rep;                /* the failure report */
} Test;

typedef struct {
    const char *bindir;     /* absolute */
    const char *shell;
    char *tmpbase;
    bool verbose, bless;
    int jobs;
    unsigned timeout;
    char **roots;           /* directories of the PATH arguments, where
                               the search for a RUN file stops */
    int nroots;
} Ctx;

static char *
read_file(const char *path, size_t *len)
{
    const char *err;
    return ir_read_file(path, len, &err);
}

/* ------------------------------------------------------------------ */
/* Reading a test                                                      */

static void
bad(Test *t, uint32_t line, const char *msg)
{
    bprintf(&t->rep, "  %s:%u: bad test: %s\n", t->path, line, msg);
}

/* Compiles a pattern with {{regex}} parts into an extended regex; the
 * literal parts are escaped. */
static bool
compile_check(Test *t, Check *c)
{
    Buf re = {0};
    const char *p = c->pat.s, *end = p + c->pat.n;
    while (p < end) {
        if (p + 1 < end && p[0] == '{' && p[1] == '{') {
            Str rest = {p + 2, (size_t)(end - p - 2)};
            const char *close = find(rest.s, rest.n, (Str){"}}", 2});
            if (!close) {
                bad(t, c->line, "'{{' without '}}'");
                VEC_FREE(re);
                return false;
            }
            bputs(&re, "(");
            bput(&re, p + 2, (size_t)(close - p - 2));
            bputs(&re, ")");
            p = close + 2;
            continue;
        }
        if (strchr("\\^$.[]|()*+?{}", *p))
            bputs(&re, "\\");
        bput(&re, p, 1);
        p++;
    }
    bputs(&re, "");
    int rc = regcomp(&c->re, re.data, REG_EXTENDED | REG_NEWLINE);
    VEC_FREE(re);
    if (rc) {
        bad(t, c->line, "invalid regular expression");
        return false;
    }
    c->isre = true;
    return true;
}

/* A directive "; NAME" or "; NAME: arg" on line s.  Returns the text
 * after ';' and blanks in *rest. */
static bool
directive(Str s, Str *rest)
{
    s = trim(s);
    if (!s.n || s.s[0] != ';')
        return false;
    s.s++, s.n--;
    *rest = trim(s);
    return true;
}

static bool
keyword(Str d, const char *kw, Str *arg)
{
    size_t n = strlen(kw);
    if (!startswith(d, kw))
        return false;
    if (kw[n - 1] == ':') {
        *arg = trim((Str){d.s + n, d.n - n});
        return true;
    }
    return d.n == n;    /* a bare keyword stands alone on its line */
}

/* Finds "; error: text" or "; error@+N: text" / "@-N" in a line. */
static bool
error_note(Test *t, Str s, uint32_t line)
{
    for (size_t i = 0; i < s.n; i++) {
        if (s.s[i] != ';')
            continue;
        Str r = {s.s + i + 1, s.n - i - 1};
        while (r.n && (*r.s == ' ' || *r.s == '\t'))
            r.s++, r.n--;
        if (!startswith(r, "error"))
            continue;
        r.s += 5, r.n -= 5;
        long delta = 0;
        if (r.n && *r.s == '@') {
            char num[24];
            size_t k = 1;
            while (k < r.n && k < sizeof num - 1 &&
                   (isdigit((unsigned char)r.s[k]) || r.s[k] == '+' ||
                    r.s[k] == '-'))
                k++;
            memcpy(num, r.s + 1, k - 1);
            num[k - 1] = 0;
            delta = strtol(num, NULL, 10);
            r.s += k, r.n -= k;
        }
        if (!r.n || *r.s != ':')
            continue;
        long target = (long)line + delta;
        if (target < 1) {
            bad(t, line, "error@ points before the first line");
            return false;
        }
        ErrNote e = {line, (uint32_t)target,
                     trim((Str){r.s + 1, r.n - 1})};
        VEC_PUSH(t->errs, e);
        return true;
    }
    return true;
}

static bool
parse_test(Test *t)
{
    split_lines(t->src, t->len, &t->lines);
    bool ok = true;
    bool fail = strlen(t->path) >= 9 &&
                strcmp(t->path + strlen(t->path) - 9, ".fail.sir") == 0;
    t->want_exit = fail ? 1 : 0;
    t->use_stderr = fail;
    Buf cont = {0};         /* a RUN line continued with '\' */
    bool in_cont = false;
    for (uint32_t i = 0; i < t->lines.len; i++) {
        Str s = t->lines.data[i], d, arg;
        uint32_t ln = i + 1;
        if (!directive(s, &d)) {
            ok &= error_note(t, s, ln);
            continue;
        }
        if (keyword(d, "RUN:", &arg)) {
            bool more = arg.n && arg.s[arg.n - 1] == '\\';
            if (more)
                arg.n--;
            if (in_cont)
                bputs(&cont, " ");
            bput(&cont, arg.s, arg.n);
            in_cont = more;
            if (!more) {
                VEC_PUSH(t->runs, xstrdup(cont.data));
                cont.len = 0;
            }
            continue;
        }
        if (keyword(d, "EXIT:", &arg)) {
            char num[16] = {0};
            memcpy(num, arg.s, arg.n < 15 ? arg.n : 15);
            char *e;
            long v = strtol(num, &e, 10);
            if (!arg.n || *e || v < 0 || v > 255) {
                bad(t, ln, "EXIT wants a number 0..255");
                ok = false;
            }
            t->want_exit = (int)v;
            continue;
        }
        if (keyword(d, "STDERR", &arg) || keyword(d, "STDOUT", &arg)) {
            t->use_stderr = d.s[3] == 'E';
            continue;
        }
        Kind k = keyword(d, "STANDARD", &arg) ? K_STANDARD
               : keyword(d, "MATCH-ENTIRE", &arg) ? K_ENTIRE
               : keyword(d, "MATCH-SECTION", &arg) ? K_SECTION : K_NONE;
        if (k != K_NONE) {
            if (t->kind != K_NONE && t->kind != k) {
                bad(t, ln, "two different check kinds");
                ok = false;
            }
            t->kind = k;
            t->kind_line = ln;
            if (k == K_ENTIRE) {
                /* Everything after this line is the expected output. */
                t->entire_off = (size_t)(s.s + s.n - t->src);
                if (t->entire_off < t->len)
                    t->entire_off++;
                break;
            }
            if (k == K_SECTION) {
                /* ";" then "; text" lines up to ";;". */
                uint32_t j = i + 1;
                Section sec = {t->seclines.len, 0, ln};
                if (j < t->lines.len && streq(trim(t->lines.data[j]),
                                              (Str){";", 1}))
                    j++;
                for (; j < t->lines.len; j++) {
                    Str l = trim(t->lines.data[j]);
                    if (streq(l, (Str){";;", 2}))
                        break;
                    Str raw = t->lines.data[j];
                    while (raw.n && (*raw.s == ' ' || *raw.s == '\t'))
                        raw.s++, raw.n--;
                    if (!raw.n || *raw.s != ';') {
                        bad(t, j + 1, "MATCH-SECTION line without ';'");
                        ok = false;
                        break;
                    }
                    raw.s++, raw.n--;
                    if (raw.n && *raw.s == ' ')
                        raw.s++, raw.n--;
                    VEC_PUSH(t->seclines, raw);
                    sec.n++;
                }
                if (j >= t->lines.len) {
                    bad(t, ln, "MATCH-SECTION without a closing ';;'");
                    ok = false;
                }
                VEC_PUSH(t->sections, sec);
                i = j;
            }
            continue;
        }
        if (startswith(d, "CHECK")) {
            Check c = {.line = ln};
            bool found = false;
            for (int op = C_CHECK; op <= C_EMPTY; op++) {
                char kw[32];
                snprintf(kw, sizeof kw, "%s:", check_name[op]);
                if (keyword(d, kw, &arg)) {
                    c.op = (CheckOp)op;
                    c.pat = arg;
                    found = true;
                    break;
                }
            }
            if (!found) {
                bad(t, ln, "unknown CHECK directive");
                ok = false;
                continue;
            }
            if (c.op == C_EMPTY ? c.pat.n != 0 : c.pat.n == 0) {
                bad(t, ln, c.op == C_EMPTY ? "CHECK-EMPTY takes no text"
                                           : "empty CHECK pattern");
                ok = false;
                continue;
            }
            if (find(c.pat.s, c.pat.n, (Str){"{{", 2}) &&
                !compile_check(t, &c)) {
                ok = false;
                continue;
            }
            VEC_PUSH(t->checks, c);
            continue;
        }
        ok &= error_note(t, s, ln);
    }
    if (in_cont) {
        bad(t, t->lines.len, "RUN line ends with '\\'");
        ok = false;
    }
    VEC_FREE(cont);
    if (t->checks.len && t->kind == K_NONE)
        t->kind = K_STANDARD;
    if (t->checks.len && t->kind != K_STANDARD) {
        bad(t, t->checks.data[0].line, "CHECK lines need '; STANDARD'");
        ok = false;
    }
    if (t->kind == K_STANDARD && !t->checks.len) {
        bad(t, t->kind_line, "STANDARD test without CHECK lines");
        ok = false;
    }
    return ok;
}

/* The default command: the first file named RUN found going up from
 * the test's directory, not above the PATH argument it was found in. */
static bool
default_run(Test *t, const char *root)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", t->path);
    for (;;) {
        char *slash = strrchr(dir, '/');
        if (!slash)
            snprintf(dir, sizeof dir, ".");
        else if (slash == dir)
            dir[1] = 0;
        else
            *slash = 0;
        char f[PATH_MAX + 8];
        snprintf(f, sizeof f, "%s/RUN", dir);
        size_t n;
        char *s = read_file(f, &n);
        if (s) {
            Lines ls = {0};
            split_lines(s, n, &ls);
            for (uint32_t i = 0; i < ls.len; i++) {
                Str l = trim(ls.data[i]), d, arg;
                if (directive(l, &d) && keyword(d, "RUN:", &arg))
                    l = arg;
                if (!l.n || l.s[0] == '#')
                    continue;
                char *cmd = xmalloc(l.n + 1);
                memcpy(cmd, l.s, l.n);
                cmd[l.n] = 0;
                VEC_PUSH(t->runs, cmd);
            }
            VEC_FREE(ls);
            ir_free_file(s);
            return t->runs.len > 0;
        }
        if (!slash || strcmp(dir, root) == 0 || strcmp(dir, ".") == 0 ||
            strcmp(dir, "/") == 0)
            return false;
    }
}

/* ------------------------------------------------------------------ */
/* Running commands                                                    */

static volatile sig_atomic_t timed_out;

static void
on_alarm(int sig)
{
    (void)sig;
    timed_out = 1;
}

/* Expands %s, %S, %t, %% in a RUN command. */
static char *
expand(const char *cmd, const char *path, const char *tmp)
{
    Buf b = {0};
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    bputs(&b, "");
    for (const char *p = cmd; *p; p++) {
        if (*p != '%' || !p[1]) {
            bput(&b, p, 1);
            continue;
        }
        switch (*++p) {
        case 's': bquote(&b, path); break;
        case 'S': bquote(&b, dir); break;
        case 't': bquote(&b, tmp); break;
        case '%': bputs(&b, "%"); break;
        default: bput(&b, p - 1, 2);
        }
    }
    return b.data;
}

/* Runs cmd through the shell, stdout and stderr into files.  Returns
 * the exit status, or -N when killed by signal N, or -1000 on a
 * timeout. */
static int
run_cmd(Ctx *c, const char *cmd, const char *out, const char *err)
{
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "filetest: error: fork: %s\n", strerror(errno));
        exit(2);
    }
    if (pid == 0) {
        setpgid(0, 0);
        /* Standard input is an empty pipe, not /dev/null, which a
         * careless "-o /dev/null" elsewhere can turn into a file. */
        int in[2];
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (pipe(in) != 0 || o < 0 || e < 0)
            _exit(126);
        close(in[1]);
        dup2(in[0], 0), dup2(o, 1), dup2(e, 2);
        close(in[0]), close(o), close(e);
        const char *old = getenv("PATH");
        size_t n = strlen(c->bindir) + (old ? strlen(old) : 0) + 2;
        char *path = malloc(n);
        if (!path)
            _exit(126);
        snprintf(path, n, "%s:%s", c->bindir, old ? old : "/usr/bin:/bin");
        setenv("PATH", path, 1);
        setenv("LC_ALL", "C", 1);
        setenv("SIR_BINDIR", c->bindir, 1);
        signal(SIGALRM, SIG_DFL);
        if (strstr(c->shell, "bash"))
            execl(c->shell, "bash", "-o", "pipefail", "-c", cmd,
                  (char *)NULL);
        else
            execl(c->shell, "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    int st = 0;
    timed_out = 0;
    alarm(c->timeout);
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR)
            break;
        if (timed_out) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
        }
    }
    alarm(0);
    if (timed_out)
        return -1000;
    if (WIFSIGNALED(st))
        return -WTERMSIG(st);
    return WEXITSTATUS(st);
}

static int
rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(p);
    return 0;
}

static void
rm_tree(const char *dir)
{
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ------------------------------------------------------------------ */
/* Matching                                                            */

/* Shows output lines [from, from+count) with line numbers, marking
 * line 'mark'. */
static void
show_lines(Buf *b, const Lines *out, uint32_t from, uint32_t count,
           uint32_t mark)
{
    if (from >= out->len) {
        bputs(b, "      (end of output)\n");
        return;
    }
    for (uint32_t i = from; i < out->len && i < from + count; i++) {
        bprintf(b, "    %c%5u | ", i == mark ? '>' : ' ', i + 1);
        bputline(b, out->data[i]);
    }
}

/* Searches for check c in output line l from byte 'from'; sets the
 * match's start and end columns. */
static bool
match_line(Check *c, Str l, size_t from, size_t *start, size_t *end)
{
    if (from > l.n)
        return false;
    if (!c->isre) {
        const char *p = find(l.s + from, l.n - from, c->pat);
        if (!p)
            return false;
        *start = (size_t)(p - l.s);
        *end = *start + c->pat.n;
        return true;
    }
    char stack[512], *buf = stack;
    size_t n = l.n - from;
    if (n + 1 > sizeof stack)
        buf = xmalloc(n + 1);
    memcpy(buf, l.s + from, n);
    buf[n] = 0;
    regmatch_t m;
    int flags = from ? REG_NOTBOL : 0;
    bool ok = regexec(&c->re, buf, 1, &m, flags) == 0;
    if (buf != stack)
        free(buf);
    if (ok) {
        *start = from + (size_t)m.rm_so;
        *end = from + (size_t)m.rm_eo;
    }
    return ok;
}

static void
fail_check(Test *t, Check *c, const char *what, const char *stream)
{
    bprintf(&t->rep, "  %s:%u: %s: %s in %s:\n", t->path, c->line,
            check_name[c->op], what, stream);
    bputs(&t->rep, "      ");
    bputline(&t->rep, c->pat.n ? c->pat : (Str){"(empty line)", 12});
}

/* Checks the pending CHECK-NOTs [nb, ne) against the output between
 * (l0, c0) and (l1, c1). */
static bool
check_nots(Test *t, const Lines *out, uint32_t nb, uint32_t ne, uint32_t l0,
           size_t c0, uint32_t l1, size_t c1, const char *stream)
{
    for (uint32_t k = nb; k < ne; k++) {
        Check *c = &t->checks.data[k];
        for (uint32_t i = l0; i <= l1 && i < out->len; i++) {
            Str l = out->data[i];
            size_t from = i == l0 ? c0 : 0;
            size_t to = i == l1 ? c1 : l.n;
            if (to > l.n)
                to = l.n;
            if (from > to)
                continue;
            size_t s, e;
            if (match_line(c, (Str){l.s, to}, from, &s, &e)) {
                fail_check(t, c, "excluded string found", stream);
                show_lines(&t->rep, out, i > 2 ? i - 2 : 0, 5, i);
                return false;
            }
        }
    }
    return true;
}

/* Runs the STANDARD checks.  CHECK-LABELs are placed first (each on a
 * line after the previous label); the other checks are then confined
 * to the region between the labels around them. */
static bool
match_standard(Test *t, const Lines *out, const char *stream)
{
    uint32_t nc = t->checks.len;
    uint32_t *label_at = xcalloc(nc + 1, sizeof *label_at);
    size_t *label_end = xcalloc(nc + 1, sizeof *label_end);
    bool ok = true;
    uint32_t pos = 0;
    for (uint32_t k = 0; k < nc && ok; k++) {
        Check *c = &t->checks.data[k];
        if (c->op != C_LABEL)
            continue;
        size_t s, e;
        uint32_t i = pos;
        for (; i < out->len; i++)
            if (match_line(c, out->data[i], 0, &s, &e))
                break;
        if (i >= out->len) {
            fail_check(t, c, "label not found", stream);
            bprintf(&t->rep, "  scanning from %s line %u:\n", stream, pos + 1);
            show_lines(&t->rep, out, pos, 8, UINT32_MAX);
            ok = false;
            break;
        }
        label_at[k] = i + 1;        /* 0 = not a label */
        label_end[k] = e;
        pos = i + 1;
    }
    /* limit[k]: the line of the next label after check k (or the end). */
    uint32_t limit = out->len;
    uint32_t next_label = 0;
    for (uint32_t k = 0; k < nc; k++)
        if (label_at[k]) {
            limit = label_at[k] - 1;
            next_label = k;
            break;
        }
    bool matched = false;       /* is there a previous match? */
    uint32_t pl = 0;            /* its line and end column */
    size_t pe = 0;
    uint32_t nots = 0;          /* first pending CHECK-NOT */
    for (uint32_t k = 0; k < nc && ok; k++) {
        Check *c = &t->checks.data[k];
        uint32_t line = 0;
        size_t s = 0, e = 0;
        bool found = false;
        switch (c->op) {
        case C_NOT:
            if (!(nots < k && t->checks.data[k - 1].op == C_NOT))
                nots = k;
            continue;
        case C_LABEL:
            line = label_at[k] - 1;
            e = label_end[k];
            found = true;
            limit = out->len;
            for (uint32_t j = k + 1; j < nc; j++)
                if (label_at[j]) {
                    limit = label_at[j] - 1;
                    next_label = j;
                    break;
                }
            (void)next_label;
            break;
        case C_CHECK:
            for (line = matched ? pl + 1 : 0; line < limit; line++)
                if ((found = match_line(c, out->data[line], 0, &s, &e)))
                    break;
            if (!found) {
                fail_check(t, c, "expected string not found", stream);
                uint32_t from = matched ? pl + 1 : 0;
                bprintf(&t->rep, "  scanning from %s line %u", stream,
                        from + 1);
                if (limit < out->len)
                    bprintf(&t->rep, " to the next CHECK-LABEL's match "
                            "at line %u", limit + 1);
                bputs(&t->rep, ":\n");
                show_lines(&t->rep, out, from, 8, UINT32_MAX);
            }
            break;
        case C_NEXT:
        case C_EMPTY:
            line = matched ? pl + 1 : 0;
            if (line < limit) {
                if (c->op == C_EMPTY)
                    found = out->data[line].n == 0;
                else
                    found = match_line(c, out->data[line], 0, &s, &e);
            }
            if (!found) {
                fail_check(t, c, "not on the next line", stream);
                show_lines(&t->rep, out, line > 2 ? line - 2 : 0, 5, line);
            }
            break;
        case C_SAME:
            line = pl;
            if (matched)
                found = match_line(c, out->data[line], pe, &s, &e);
            if (!found) {
                fail_check(t, c, "not on the same line", stream);
                show_lines(&t->rep, out, line, 1, line);
            }
            break;
        }
        if (!found) {
            ok = false;
            break;
        }
        if (nots < k && t->checks.data[k - 1].op == C_NOT &&
            !check_nots(t, out, nots, k, matched ? pl : 0, matched ? pe : 0,
                        line, s, stream))
            ok = false;
        nots = k + 1;
        matched = true;
        pl = line;
        pe = e;
    }
    if (ok && nc && t->checks.data[nc - 1].op == C_NOT &&
        !check_nots(t, out, nots, nc, matched ? pl : 0, matched ? pe : 0,
                    out->len ? out->len - 1 : 0, SIZE_MAX, stream))
        ok = false;
    free(label_at);
    free(label_end);
    return ok;
}

/* Prints a diff-like report of expected vs actual text: the common
 * prefix and suffix lines are skipped, the rest shown as -/+ lines. */
static void
report_diff(Buf *b, const char *exp, size_t en, const char *act, size_t an)
{
    Lines e = {0}, a = {0};
    split_lines(exp, en, &e);
    split_lines(act, an, &a);
    uint32_t pre = 0;
    while (pre < e.len && pre < a.len && streq(e.data[pre], a.data[pre]))
        pre++;
    uint32_t suf = 0;
    while (suf < e.len - pre && suf < a.len - pre &&
           streq(e.data[e.len - 1 - suf], a.data[a.len - 1 - suf]))
        suf++;
    if (pre == e.len && pre == a.len) {
        /* Same lines: only the final newline differs. */
        bprintf(b, "  the expected text %s a final newline, the output %s\n",
                en && exp[en - 1] == '\n' ? "ends with" : "lacks",
                an && act[an - 1] == '\n' ? "does" : "does not");
        VEC_FREE(e);
        VEC_FREE(a);
        return;
    }
    bprintf(b, "  first difference at line %u (- expected, + actual):\n",
            pre + 1);
    uint32_t ctx = pre > 3 ? pre - 3 : 0;
    for (uint32_t i = ctx; i < pre; i++) {
        bputs(b, "     ");
        bputline(b, e.data[i]);
    }
    uint32_t shown = 0;
    for (uint32_t i = pre; i < e.len - suf && shown < 40; i++, shown++) {
        bputs(b, "    -");
        bputline(b, e.data[i]);
    }
    for (uint32_t i = pre, s2 = 0; i < a.len - suf && s2 < 40; i++, s2++) {
        bputs(b, "    +");
        bputline(b, a.data[i]);
    }
    if (e.len - suf - pre > 40 || a.len - suf - pre > 40)
        bputs(b, "     ... (diff cut at 40 lines)\n");
    for (uint32_t i = e.len - suf; i < e.len && i < e.len - suf + 3; i++) {
        bputs(b, "     ");
        bputline(b, e.data[i]);
    }
    VEC_FREE(e);
    VEC_FREE(a);
}

static bool
match_sections(Test *t, const Lines *out, const char *stream)
{
    uint32_t pos = 0;
    for (uint32_t k = 0; k < t->sections.len; k++) {
        Section *sec = &t->sections.data[k];
        const Str *want = t->seclines.data + sec->first;
        uint32_t i = pos;
        for (; i + sec->n <= out->len; i++) {
            uint32_t j = 0;
            while (j < sec->n && streq(out->data[i + j], want[j]))
                j++;
            if (j == sec->n)
                break;
        }
        if (i + sec->n > out->len) {
            bprintf(&t->rep, "  %s:%u: MATCH-SECTION: these %u lines are "
                    "not consecutive lines of %s:\n", t->path, sec->line,
                    sec->n, stream);
            for (uint32_t j = 0; j < sec->n && j < 40; j++) {
                bputs(&t->rep, "      ");
                bputline(&t->rep, want[j]);
            }
            /* Point at the best partial match to help. */
            uint32_t best = 0, at = pos;
            for (uint32_t p = pos; p < out->len && sec->n; p++) {
                uint32_t j = 0;
                while (j < sec->n && p + j < out->len &&
                       streq(out->data[p + j], want[j]))
                    j++;
                if (j > best)
                    best = j, at = p;
            }
            if (best) {
                bprintf(&t->rep, "  the longest partial match (%u lines) "
                        "is at %s line %u:\n", best, stream, at + 1);
                show_lines(&t->rep, out, at, best + 2, at + best);
            } else {
                bprintf(&t->rep, "  %s from line %u:\n", stream, pos + 1);
                show_lines(&t->rep, out, pos, 8, UINT32_MAX);
            }
            return false;
        }
        pos = i + sec->n;
    }
    return true;
}

/* Every "; error: text" needs a "F:L:C: error: msg" line in stderr with
 * msg containing text (the file name part is not compared). */
static bool
match_errors(Test *t, const char *err, size_t n)
{
    Lines ls = {0};
    split_lines(err, n, &ls);
    bool ok = true;
    for (uint32_t k = 0; k < t->errs.len; k++) {
        ErrNote *note = &t->errs.data[k];
        char key[48];
        int kn = snprintf(key, sizeof key, ":%u:", note->target);
        bool found = false;
        for (uint32_t i = 0; i < ls.len && !found; i++) {
            Str l = ls.data[i];
            const char *p = l.s, *end = l.s + l.n;
            while (!found && (p = find(p, (size_t)(end - p),
                                       (Str){key, (size_t)kn}))) {
                const char *q = p + kn;
                p++;
                while (q < end && isdigit((unsigned char)*q))
                    q++;
                if (q == p + kn - 1 || !startswith((Str){q, (size_t)(end - q)},
                                                   ": error: "))
                    continue;
                q += 9;
                found = find(q, (size_t)(end - q), note->text) != NULL;
            }
        }
        if (!found) {
            bprintf(&t->rep, "  %s:%u: no diagnostic \"<file>:%u:<col>: "
                    "error: ...", t->path, note->line, note->target);
            bput(&t->rep, note->text.s, note->text.n);
            bputs(&t->rep, "...\" in stderr\n");
            ok = false;
        }
    }
    if (!ok) {
        bputs(&t->rep, "  stderr was:\n");
        show_lines(&t->rep, &ls, 0, 20, UINT32_MAX);
    }
    VEC_FREE(ls);
    return ok;
}

/* Rewrites the expected text of a MATCH-ENTIRE test. */
static bool
bless(Test *t, const char *act, size_t an)
{
    char tmp[PATH_MAX + 16];
    snprintf(tmp, sizeof tmp, "%s.bless.tmp", t->path);
    FILE *fp = fopen(tmp, "wb");
    if (!fp)
        return false;
    fwrite(t->src, 1, t->entire_off, fp);
    if (t->entire_off && t->src[t->entire_off - 1] != '\n')
        fputc('\n', fp);
    fwrite(act, 1, an, fp);
    if (fclose(fp) != 0 || rename(tmp, t->path) != 0) {
        remove(tmp);
        return false;
    }
    return true;
}

/* A sanitizer report in stderr fails any test, whatever its exit
 * status: ASan/LSan "==N==ERROR: ...Sanitizer", the "SUMMARY: ...
 * Sanitizer" line, or UBSan's "file.c:L:C: runtime error:". */
static bool
sanitizer_report(const char *s, size_t n, Str *line)
{
    Lines ls = {0};
    split_lines(s, n, &ls);
    bool hit = false;
    for (uint32_t i = 0; i < ls.len && !hit; i++) {
        Str l = ls.data[i];
        const char *p;
        if ((startswith(l, "SUMMARY: ") || find(l.s, l.n, (Str){"==ERROR: ", 9}))
            && find(l.s, l.n, (Str){"Sanitizer", 9}))
            hit = true;
        else if ((p = find(l.s, l.n, (Str){": runtime error: ", 17}))) {
            /* Only when it names a C source: "x.c:12:3: runtime error". */
            const char *q = p;
            int colons = 0;
            while (q > l.s && (isdigit((unsigned char)q[-1]) || q[-1] == ':'))
                colons += *--q == ':';
            hit = colons == 2 && q - l.s >= 2 && q[-2] == '.' &&
                  (q[-1] == 'c' || q[-1] == 'h');
        }
        if (hit)
            *line = l;
    }
    VEC_FREE(ls);
    return hit;
}

static const char *
describe_status(int st, char *buf, size_t n)
{
    if (st == -1000)
        snprintf(buf, n, "timed out");
    else if (st < 0)
        snprintf(buf, n, "killed by signal %d (%s)", -st, strsignal(-st));
    else
        snprintf(buf, n, "exit status %d", st);
    return buf;
}

/* Runs one RUN command of t and checks its output. */
static bool
check_run(Ctx *c, Test *t, const char *cmd, const char *dir)
{
    char tmp[PATH_MAX + 16], out[PATH_MAX + 16], err[PATH_MAX + 16];
    snprintf(tmp, sizeof tmp, "%s/t", dir);
    snprintf(out, sizeof out, "%s/stdout", dir);
    snprintf(err, sizeof err, "%s/stderr", dir);
    char *full = expand(cmd, t->path, tmp);
    if (c->verbose)
        bprintf(&t->rep, "  $ %s\n", full);
    int st = run_cmd(c, full, out, err);
    size_t on = 0, en = 0;
    char *os = read_file(out, &on), *es = read_file(err, &en);
    if (!os)
        os = xstrdup(""), on = 0;
    if (!es)
        es = xstrdup(""), en = 0;
    Lines ol = {0};
    const char *stream = t->use_stderr ? "stderr" : "stdout";
    const char *text = t->use_stderr ? es : os;
    size_t tn = t->use_stderr ? en : on;
    bool ok = true;
    Str san;
    if (sanitizer_report(es, en, &san)) {
        bprintf(&t->rep, "  command: %s\n  a sanitizer reported an error:\n",
                full);
        Lines el = {0};
        split_lines(es, en, &el);
        uint32_t at = 0;
        while (at < el.len && el.data[at].s != san.s)
            at++;
        show_lines(&t->rep, &el, at, 16, at);
        VEC_FREE(el);
        ok = false;
        goto done;
    }
    if (st != t->want_exit) {
        char why[128];
        bprintf(&t->rep, "  command: %s\n  %s, expected exit status %d\n",
                full, describe_status(st, why, sizeof why), t->want_exit);
        if (st == 127)
            bprintf(&t->rep, "  (is the tool in %s or PATH?)\n", c->bindir);
        Lines el = {0};
        split_lines(es, en, &el);
        if (el.len) {
            bputs(&t->rep, "  stderr:\n");
            show_lines(&t->rep, &el, 0, 20, UINT32_MAX);
        }
        VEC_FREE(el);
        ok = false;
        goto done;
    }
    split_lines(text, tn, &ol);
    switch (t->kind) {
    case K_STANDARD:
        ok = match_standard(t, &ol, stream);
        break;
    case K_SECTION:
        ok = match_sections(t, &ol, stream);
        break;
    case K_ENTIRE: {
        const char *exp = t->src + t->entire_off;
        size_t xn = t->len - t->entire_off;
        if (xn == tn && memcmp(exp, text, tn) == 0)
            break;
        if (c->bless) {
            if (bless(t, text, tn)) {
                bputs(&t->rep, "  blessed: expected output rewritten\n");
                break;
            }
            bprintf(&t->rep, "  cannot rewrite %s: %s\n", t->path,
                    strerror(errno));
        }
        bprintf(&t->rep, "  %s:%u: MATCH-ENTIRE: %s differs from the "
                "rest of the file\n", t->path, t->kind_line, stream);
        report_diff(&t->rep, exp, xn, text, tn);
        ok = false;
        break;
    }
    case K_NONE:
        break;
    }
    if (t->errs.len && !match_errors(t, es, en))
        ok = false;
    if (!ok)
        bprintf(&t->rep, "  command: %s\n", full);
done:
    if (c->verbose && ok && en && !t->use_stderr) {
        bputs(&t->rep, "  stderr:\n");
        split_lines(es, en, &ol);
        show_lines(&t->rep, &ol, 0, 20, UINT32_MAX);
    }
    VEC_FREE(ol);
    ir_free_file(os);
    ir_free_file(es);
    free(full);
    return ok;
}

static void
free_test(Test *t)
{
    for (uint32_t i = 0; i < t->runs.len; i++)
        free(t->runs.data[i]);
    for (uint32_t i = 0; i < t->checks.len; i++)
        if (t->checks.data[i].isre)
            regfree(&t->checks.data[i].re);
    VEC_FREE(t->runs);
    VEC_FREE(t->checks);
    VEC_FREE(t->lines);
    VEC_FREE(t->seclines);
    VEC_FREE(t->sections);
    VEC_FREE(t->errs);
    ir_free_file(t->src);
}

/* Runs one test; the report (empty when it passed quietly) goes to
 * *rep. */
static bool
run_test(Ctx *c, const char *path, const char *root, uint32_t index,
         Buf *rep)
{
    Test t = {.path = path, .index = index};
    bool ok = false;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    t.src = read_file(path, &t.len);
    if (!t.src) {
        bprintf(&t.rep, "  cannot read %s: %s\n", path, strerror(errno));
        goto out;
    }
    if (!parse_test(&t))
        goto out;
    if (!t.runs.len && !default_run(&t, root)) {
        bad(&t, 1, "no '; RUN:' line and no RUN file in its directory");
        goto out;
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/%u", c->tmpbase, index);
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        bprintf(&t.rep, "  cannot create %s: %s\n", dir, strerror(errno));
        goto out;
    }
    ok = true;
    for (uint32_t i = 0; i < t.runs.len && ok; i++)
        ok = check_run(c, &t, t.runs.data[i], dir);
    rm_tree(dir);
out:
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (t.rep.len || c->verbose) {
        bprintf(rep, "%s: %s", ok ? "PASS" : "FAIL", path);
        if (c->verbose)
            bprintf(rep, " (%.2fs)", (double)(t1.tv_sec - t0.tv_sec) +
                    (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
        bputs(rep, "\n");
        bput(rep, t.rep.data, t.rep.len);
    }
    VEC_FREE(t.rep);
    free_test(&t);
    return ok;
}

/* ------------------------------------------------------------------ */
/* Finding tests and the driver                                        */

typedef struct {
    char *path;
    int root;       /* index of the PATH argument */
} Found;

typedef VEC(Found) FoundVec;

static bool
is_test(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".sir") == 0;
}

static void
collect(const char *path, int root, FoundVec *v)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "filetest: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    if (!S_ISDIR(st.st_mode)) {
        VEC_PUSH(*v, ((Found){xstrdup(path), root}));
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "filetest: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *p = xmalloc(n);
        snprintf(p, n, "%s%s%s", path,
                 path[strlen(path) - 1] == '/' ? "" : "/", e->d_name);
        struct stat es;
        if (stat(p, &es) == 0 && S_ISDIR(es.st_mode))
            collect(p, root, v);
        else if (is_test(e->d_name))
            VEC_PUSH(*v, ((Found){xstrdup(p), root}));
        free(p);
    }
    closedir(d);
}

static int
cmp_found(const void *a, const void *b)
{
    return strcmp(((const Found *)a)->path, ((const Found *)b)->path);
}

static void
usage(FILE *fp)
{
    fputs("usage: filetest [--bindir DIR] [-v] [--bless] [-j N] "
          "[--timeout SECONDS] PATH...\n"
          "Runs every *.sir test under the PATHs; the format is described in\n"
          "test/sir/README.md.  Exit status: 0 when every test passed, 1\n"
          "when one failed or on a usage error, 2 on a system error.\n"
          "  --version   show the version\n",
          fp);
}

static void
print_report(Buf *b)
{
    if (b->len)
        fwrite(b->data, 1, b->len, stdout);
    fflush(stdout);
}

/* Runs tests[i] in a child process; its report goes to a file. */
static pid_t
spawn(Ctx *c, Found *f, uint32_t i)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "filetest: error: fork: %s\n", strerror(errno));
        exit(2);
    }
    if (pid)
        return pid;
    Buf rep = {0};
    bool ok = run_test(c, f->path, c->roots[f->root], i, &rep);
    char p[PATH_MAX + 32];
    snprintf(p, sizeof p, "%s/report.%u", c->tmpbase, i);
    FILE *fp = fopen(p, "wb");
    if (fp) {
        if (rep.len)
            fwrite(rep.data, 1, rep.len, fp);
        fclose(fp);
    }
    _exit(ok ? 0 : 1);
}

int
main(int argc, char **argv)
{
    Ctx c = {.bindir = "build/bin", .jobs = 1, .timeout = 300};
    char **paths = xcalloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0;
    bool bindir_set = false;
    const char *t = getenv("FILETEST_TIMEOUT");
    if (t && atoi(t) > 0)
        c.timeout = (unsigned)atoi(t);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--bindir") && i + 1 < argc)
            c.bindir = argv[++i], bindir_set = true;
        else if (!strncmp(a, "--bindir=", 9))
            c.bindir = a + 9, bindir_set = true;
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
            c.verbose = true;
        else if (!strcmp(a, "--bless"))
            c.bless = true;
        else if (!strcmp(a, "-j") && i + 1 < argc)
            c.jobs = atoi(argv[++i]);
        else if (!strncmp(a, "-j", 2) && a[2])
            c.jobs = atoi(a + 2);
        else if (!strcmp(a, "--timeout") && i + 1 < argc)
            c.timeout = (unsigned)atoi(argv[++i]);
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            free(paths);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("filetest (sir) %s\n", SIR_VERSION);
            free(paths);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "filetest: error: unknown option '%s' (see "
                    "--help)\n", a);
            free(paths);
            return 1;
        } else
            paths[npaths++] = argv[i];
    }
    if (!npaths) {
        fputs("filetest: error: no test files or directories (see "
              "--help)\n", stderr);
        free(paths);
        return 1;
    }
    if (c.jobs < 1)
        c.jobs = 1;
    if (c.timeout < 1)
        c.timeout = 1;
    if (getenv("BLESS") && !strcmp(getenv("BLESS"), "1"))
        c.bless = true;
    /* Without --bindir, the tools sit beside filetest. */
    char self[PATH_MAX];
    ssize_t sn = readlink("/proc/self/exe", self, sizeof self - 1);
    if (!bindir_set && sn > 0) {
        self[sn] = 0;
        char *slash = strrchr(self, '/');
        if (slash && slash != self) {
            *slash = 0;
            c.bindir = self;
        }
    }
    char *abs = realpath(c.bindir, NULL);
    if (!abs) {
        fprintf(stderr, "filetest: error: bindir %s: %s\n", c.bindir,
                strerror(errno));
        return 2;
    }
    c.bindir = abs;
    c.shell = access("/bin/bash", X_OK) == 0 ? "/bin/bash" : "/bin/sh";
    struct stat dn;
    if (stat("/dev/null", &dn) != 0 || !S_ISCHR(dn.st_mode))
        fprintf(stderr, "filetest: warning: /dev/null is not a device; "
                "commands that use it will misbehave\n");
    c.nroots = npaths;
    c.roots = xcalloc((size_t)npaths + 1, sizeof *c.roots);
    for (int i = 0; i < npaths; i++) {
        paths[i] = xstrdup(paths[i]);
        size_t n = strlen(paths[i]);
        while (n > 1 && paths[i][n - 1] == '/')
            paths[i][--n] = 0;
        c.roots[i] = xstrdup(paths[i]);
        struct stat st;
        if (stat(paths[i], &st) == 0 && !S_ISDIR(st.st_mode)) {
            char *slash = strrchr(c.roots[i], '/');
            if (slash && slash != c.roots[i])
                *slash = 0;
            else
                strcpy(c.roots[i], slash ? "/" : ".");
        }
    }
    FoundVec tests = {0};
    for (int i = 0; i < npaths; i++)
        collect(paths[i], i, &tests);
    qsort(tests.data, tests.len, sizeof *tests.data, cmp_found);
    const char *tmpdir = getenv("TMPDIR");
    char tmpl[PATH_MAX];
    snprintf(tmpl, sizeof tmpl, "%s/filetest.XXXXXX",
             tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(tmpl)) {
        fprintf(stderr, "filetest: error: mkdtemp: %s\n", strerror(errno));
        return 2;
    }
    c.tmpbase = tmpl;
    struct sigaction sa = {0};
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);      /* no SA_RESTART: waitpid wakes */

    uint32_t passed = 0, failed = 0;
    uint32_t dup = 0;
    if (c.jobs == 1) {
        for (uint32_t i = 0; i < tests.len; i++) {
            if (i && !strcmp(tests.data[i].path, tests.data[i - 1].path)) {
                dup++;
                continue;
            }
            Buf rep = {0};
            Found *f = &tests.data[i];
            if (run_test(&c, f->path, c.roots[f->root], i, &rep))
                passed++;
            else
                failed++;
            print_report(&rep);
            VEC_FREE(rep);
        }
    } else {
        /* Workers in child processes; reports print in test order. */
        pid_t *pids = xcalloc((size_t)c.jobs, sizeof *pids);
        uint32_t *slot = xcalloc((size_t)c.jobs, sizeof *slot);
        int8_t *res = xcalloc(tests.len + 1, 1);  /* 0 run, 1 ok, 2 fail */
        uint32_t next = 0, printed = 0;
        int running = 0;
        while (printed < tests.len) {
            while (running < c.jobs && next < tests.len) {
                if (next && !strcmp(tests.data[next].path,
                                    tests.data[next - 1].path)) {
                    res[next++] = 3;
                    continue;
                }
                int j = 0;
                while (pids[j])
                    j++;
                pids[j] = spawn(&c, &tests.data[next], next);
                slot[j] = next++;
                running++;
            }
            while (printed < tests.len && res[printed]) {
                if (res[printed] == 3) {
                    dup++;
                    printed++;
                    continue;
                }
                char p[PATH_MAX + 32];
                snprintf(p, sizeof p, "%s/report.%u", c.tmpbase, printed);
                size_t n;
                char *r = read_file(p, &n);
                if (r)
                    fwrite(r, 1, n, stdout);
                ir_free_file(r);
                remove(p);
                if (res[printed] == 1)
                    passed++;
                else
                    failed++;
                printed++;
            }
            fflush(stdout);
            if (!running)
                continue;
            int st;
            pid_t pid = wait(&st);
            if (pid < 0) {
                if (errno == EINTR)
                    continue;
                fprintf(stderr, "filetest: error: wait: %s\n", strerror(errno));
                return 2;
            }
            for (int j = 0; j < c.jobs; j++)
                if (pids[j] == pid) {
                    res[slot[j]] = WIFEXITED(st) && WEXITSTATUS(st) == 0
                                   ? 1 : 2;
                    if (res[slot[j]] == 2 && !(WIFEXITED(st) &&
                                               WEXITSTATUS(st) == 1))
                        printf("FAIL: %s\n  the test runner died\n",
                               tests.data[slot[j]].path);
                    pids[j] = 0;
                    running--;
                }
        }
        free(pids);
        free(slot);
        free(res);
    }
    (void)dup;
    rm_tree(c.tmpbase);
    printf("%u passed, %u failed\n", passed, failed);
    fflush(stdout);
    for (uint32_t i = 0; i < tests.len; i++)
        free(tests.data[i].path);
    VEC_FREE(tests);
    for (int i = 0; i < npaths; i++)
        free(paths[i]), free(c.roots[i]);
    free(paths);
    free(c.roots);
    free(abs);
    return failed ? 1 : 0;
}
