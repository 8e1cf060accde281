/*
 * run.c - running SIR in-process with the interpreter (libsir-interp,
 * pkg-config package sir-interp): parse, verify, call a function.
 *
 *   cc $(pkg-config --cflags sir-interp) run.c \
 *      $(pkg-config --libs sir-interp)
 */
#include <sir/ir.h>
#include <sir/interp.h>

#include <stdio.h>
#include <string.h>

static const char src[] =
    "fn i64 @add3(i64) {\n"
    "entry(i64 %a):\n"
    "  %three = iconst i64 3\n"
    "  %r = iadd i64 %a, %three\n"
    "  ret i64 %r\n"
    "}\n";

int
main(void)
{
    Diag d;
    ir_diag_init(&d, "<add3>", src, strlen(src), stderr);
    IrModule *m = ir_parse(src, strlen(src), &d);
    if (!m || !ir_verify_module(m, &d))
        return 1;
    IrInterpOptions o;
    memset(&o, 0, sizeof o);
    o.check_ub = true;
    IrInterp *ip = ir_interp_new(m, &o, &d);
    if (!ip)
        return 1;
    IrSym s = ir_sym_lookup(m, ir_intern(m, "add3", 4));
    uint64_t arg = 39, r = 0;
    int st = ir_interp_call(ip, s, &arg, 1, &r);
    printf("add3(39) = %llu\n", (unsigned long long)r);
    ir_interp_free(ip);
    ir_module_free(m);
    return st == IR_INTERP_OK && r == 42 ? 0 : 1;
}
