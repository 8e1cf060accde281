/*
 * diag.c - located diagnostics: "file:line:col: error: msg", the source
 * line and a caret under the column (as chibicc's verror_at).  Very long
 * lines are shown as a window around the column.
 */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

#define BOLD "\033[1m"
#define RED "\033[31m"
#define GREEN "\033[32m"
#define BLACK "\033[30m"
#define RESET "\033[0m"

void
ir_diag_init(Diag *d, const char *file, const char *src, size_t len,
             FILE *out)
{
    memset(d, 0, sizeof *d);
    d->file = file ? file : "<input>";
    d->src = src;
    d->srclen = len;
    d->out = out;
}

void
ir_diag_hold(Diag *h, const Diag *d, DiagBuf *b)
{
    FILE *mem = NULL;
    if (b) {
        *b = (DiagBuf){0};
        mem = b->mem = open_memstream(&b->buf, &b->len);
    }
    ir_diag_init(h, d->file, d->src, d->srclen, mem);
    h->limit = d->limit;
    h->color = d->color;
}

void
ir_diag_show(Diag *d, Diag *h, DiagBuf *b, bool show)
{
    if (b && b->mem)
        fclose(b->mem);
    if (show) {
        if (b && b->len && d->out)
            fwrite(b->buf, 1, b->len, d->out);
        d->nerrors += h->nerrors;
    }
    if (b) {
        free(b->buf);
        *b = (DiagBuf){0};
    }
    h->out = NULL;
}

/* Prints the source line of 'loc' and a caret. */
static void
show_line(Diag *d, IrLoc loc)
{
    if (!d->src || loc.line == 0)
        return;
    const char *p = d->src, *end = d->src + d->srclen;
    for (uint32_t l = 1; l < loc.line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return;
        p = nl + 1;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl : end;
    size_t col = loc.col ? loc.col - 1 : 0;
    size_t len = (size_t)(eol - p);
    size_t from = 0, to = len;
    enum { WIDTH = 160 };
    if (len > WIDTH) {
        from = col > WIDTH / 2 ? col - WIDTH / 2 : 0;
        to = from + WIDTH < len ? from + WIDTH : len;
    }
    fputs("  ", d->out);
    for (size_t i = from; i < to; i++) {
        unsigned char c = (unsigned char)p[i];
        fputc(c == '\t' || (c >= 0x20 && c < 0x7f) ? c : '?', d->out);
    }
    fputs("\n  ", d->out);
    for (size_t i = from; i < col && i < to + 1; i++)
        fputc(p[i] == '\t' ? '\t' : ' ', d->out);
    fputs(d->color ? BOLD GREEN "^" RESET "\n" : "^\n", d->out);
}

static void
report(Diag *d, IrLoc loc, const char *kind, const char *fmt, va_list ap)
{
    if (!d->out)
        return;
    /* clang's colours: bold location and message, red errors, black
     * notes, a green caret. */
    const char *on = "", *kc = "", *off = "";
    if (d->color) {
        on = BOLD;
        kc = !strcmp(kind, "error") ? BOLD RED : BOLD BLACK;
        off = RESET;
    }
    if (loc.line)
        fprintf(d->out, "%s%s:%u:%u: %s%s:%s%s ", on, d->file, loc.line,
                loc.col, kc, kind, off, on);
    else
        fprintf(d->out, "%s%s: %s%s:%s%s ", on, d->file, kc, kind, off, on);
    vfprintf(d->out, fmt, ap);
    fprintf(d->out, "%s\n", off);
    show_line(d, loc);
}

void
ir_diag_verror(Diag *d, IrLoc loc, const char *fmt, va_list ap)
{
    int limit = d->limit ? d->limit : 50;
    d->nerrors++;
    if (d->nerrors > limit)
        return;
    report(d, loc, "error", fmt, ap);
    if (d->nerrors == limit && d->out)
        fprintf(d->out, "%s: too many errors, stopping\n", d->file);
}

void
ir_diag_error(Diag *d, IrLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ir_diag_verror(d, loc, fmt, ap);
    va_end(ap);
}

void
ir_diag_note(Diag *d, IrLoc loc, const char *fmt, ...)
{
    int limit = d->limit ? d->limit : 50;
    if (d->nerrors > limit)
        return;
    va_list ap;
    va_start(ap, fmt);
    report(d, loc, "note", fmt, ap);
    va_end(ap);
}

void
ir_bug(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "sir: internal error at %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

void
ir_report_banner(FILE *out, const char *title)
{
    static const char rule[] =
        "===-------------------------------------------------------------"
        "------------===";
    int pad = (int)(sizeof rule - 1 - strlen(title)) / 2;
    fprintf(out, "%s\n%*s%s\n%s\n", rule, pad > 0 ? pad : 0, "", title,
            rule);
}
