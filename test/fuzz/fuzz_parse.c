/*
 * fuzz_parse.c - libFuzzer harness for the SIR reader (make fuzz).
 *
 * Each input is parsed with diagnostics counted but not printed.  When it
 * parses, it is verified; a valid module is printed, and the printed text
 * must parse, verify, and print to exactly the same bytes (spec section
 * 11: parse -> print -> parse -> print is a fixed point).  Modules the
 * verifier rejects are not printed, as no tool prints them either.
 * Everything is freed, so LeakSanitizer reports leaks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

/* Prints m into a malloc'd buffer; *len gets its length. */
static char *
print_to_mem(IrModule *m, size_t *len)
{
    char *buf = NULL;
    FILE *fp = open_memstream(&buf, len);

    if (!fp)
        abort();
    ir_print_module(m, fp);
    if (fclose(fp) != 0)
        abort();
    return buf;
}

static void
fail(const char *what, const char *a, size_t alen, const char *b,
     size_t blen)
{
    fprintf(stderr, "fuzz_parse: %s\n--- first print (%zu bytes)\n%.*s"
            "--- second print (%zu bytes)\n%.*s---\n", what, alen,
            (int)alen, a, blen, b ? (int)blen : 0, b ? b : "");
    abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Diag d;
    IrModule *m, *m2;
    char *src, *p1, *p2;
    size_t n1, n2;
    bool valid;

    /* The reader gets a NUL-terminated copy, as ir_read_file gives. */
    src = malloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = '\0';

    ir_diag_init(&d, "fuzz.sir", src, size, NULL);
    m = ir_parse(src, size, &d);
    if (!m) {
        free(src);
        return 0;
    }
    valid = ir_verify_module(m, &d);
    if (!valid) {
        ir_module_free(m);
        free(src);
        return 0;
    }
    p1 = print_to_mem(m, &n1);
    ir_module_free(m);
    free(src);

    ir_diag_init(&d, "print1.sir", p1, n1, NULL);
    m2 = ir_parse(p1, n1, &d);
    if (!m2)
        fail("printed module does not parse", p1, n1, NULL, 0);
    if (!ir_verify_module(m2, &d))
        fail("printed module no longer verifies", p1, n1, NULL, 0);
    p2 = print_to_mem(m2, &n2);
    ir_module_free(m2);
    if (n1 != n2 || memcmp(p1, p2, n1) != 0)
        fail("print -> parse -> print is not a fixed point", p1, n1, p2,
             n2);
    free(p1);
    free(p2);
    return 0;
}
