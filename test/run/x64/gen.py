#!/usr/bin/env python3
"""Generates the opcode x type execution tests (ops_*.sir + ops_*.c).

Each SIR function applies one opcode to its parameters; the C driver
computes the same operation in C over a table of edge values and
compares.  Run from this directory: python3 gen.py
"""

INTS = [("i8", "int8_t", "uint8_t", 8), ("i16", "int16_t", "uint16_t", 16),
        ("i32", "int32_t", "uint32_t", 32), ("i64", "int64_t", "uint64_t", 64)]

VALS = {
    8: ["0", "1", "-1", "2", "3", "7", "-7", "100", "127", "-128", "-127", "0x55"],
    16: ["0", "1", "-1", "3", "15", "-5", "255", "256", "32767", "-32768", "12345", "-300"],
    32: ["0", "1", "-1", "3", "31", "-5", "65536", "INT32_MAX", "INT32_MIN", "123456789", "-987654", "0x7f00ff"],
    64: ["0", "1", "-1", "3", "63", "-5", "INT64_MAX", "INT64_MIN", "0x100000000LL", "-0x123456789abLL", "1000000007", "0x7fffffff"],
}

BIN = ["iadd", "isub", "imul", "sdiv", "udiv", "srem", "urem", "and", "or",
       "xor", "shl", "lshr", "ashr"]
CEXPR = {
    "iadd": "(S)((U)a + (U)b)", "isub": "(S)((U)a - (U)b)",
    "imul": "(S)((U)a * (U)b)", "sdiv": "(S)(a / b)", "udiv": "(S)((U)a / (U)b)",
    "srem": "(S)(a % b)", "urem": "(S)((U)a % (U)b)", "and": "(S)(a & b)",
    "or": "(S)(a | b)", "xor": "(S)(a ^ b)", "shl": "(S)((U)a << (U)b)",
    "lshr": "(S)((U)a >> (U)b)", "ashr": "(S)(a >> (U)b)",
}
UB = {
    "sdiv": "b == 0 || (a == MIN && b == -1)", "srem": "b == 0 || (a == MIN && b == -1)",
    "udiv": "b == 0", "urem": "b == 0", "shl": "(U)b >= W", "lshr": "(U)b >= W",
    "ashr": "(U)b >= W",
}
IPRED = {"eq": "a == b", "ne": "a != b", "ugt": "(U)a > (U)b", "uge": "(U)a >= (U)b",
         "ult": "(U)a < (U)b", "ule": "(U)a <= (U)b", "sgt": "a > b", "sge": "a >= b",
         "slt": "a < b", "sle": "a <= b"}


def gen_int():
    sir, c = [], []
    c.append('#include <stdint.h>\n#include <stdio.h>\n#include <stdbool.h>\n'
             'static int fails;\n'
             '#define CHECK(name, got, want, fmt, a, b) do { if ((got) != (want)) { '
             'printf("FAIL %s(" fmt ", " fmt "): got " fmt " want " fmt "\\n", name, a, b, got, want); fails++; } } while (0)\n')
    for t, s, u, w in INTS:
        mn = {8: "INT8_MIN", 16: "INT16_MIN", 32: "INT32_MIN", 64: "INT64_MIN"}[w]
        fmt = '"%lld"'
        for op in BIN:
            fn = f"{t}_{op}"
            sir.append(f"fn {t} @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n"
                       f"  %r = {op} {t} %a, %b\n  ret {t} %r\n}}\n")
            c.append(f"{s} {fn}({s}, {s});")
            # constant-operand variants exercise immediate folding
            if op in ("iadd", "isub", "imul", "and", "or", "xor", "shl", "lshr", "ashr", "sdiv", "urem"):
                k = 3
                sir.append(f"fn {t} @{fn}_k({t}) {{\nentry({t} %a):\n  %k = iconst {t} {k}\n"
                           f"  %r = {op} {t} %a, %k\n  ret {t} %r\n}}\n")
                c.append(f"{s} {fn}_k({s});")
        for p in IPRED:
            fn = f"{t}_icmp_{p}"
            sir.append(f"fn bool @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n"
                       f"  %r = icmp {p} {t} %a, %b\n  ret bool %r\n}}\n")
            c.append(f"bool {fn}({s}, {s});")
            fn = f"{t}_br_{p}"
            sir.append(f"fn i32 @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n"
                       f"  %c = icmp {p} {t} %a, %b\n  %one = iconst i32 1\n  %zero = iconst i32 0\n"
                       f"  condbr bool %c, yes, no\n\nyes:\n  ret i32 %one\n\nno:\n  ret i32 %zero\n}}\n")
            c.append(f"int32_t {fn}({s}, {s});")
            fn = f"{t}_sel_{p}"
            sir.append(f"fn {t} @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n"
                       f"  %c = icmp {p} {t} %a, %b\n  %r = sel {t}, bool %c, %a, %b\n  ret {t} %r\n}}\n")
            c.append(f"{s} {fn}({s}, {s});")
        c.append(f"static void test_{t}(void) {{\n  typedef {s} S; typedef {u} U; const int W = {w}; const S MIN = {mn}; (void)W; (void)MIN;\n"
                 f"  static const S vals[] = {{{', '.join(f'(S)({v})' for v in VALS[w])}}};\n"
                 f"  for (unsigned i = 0; i < sizeof vals / sizeof *vals; i++)\n"
                 f"  for (unsigned j = 0; j < sizeof vals / sizeof *vals; j++) {{\n"
                 f"    S a = vals[i], b = vals[j]; (void)a; (void)b;")
        for op in BIN:
            ub = UB.get(op, "0")
            c.append(f"    if (!({ub})) CHECK(\"{t}_{op}\", (long long){t}_{op}(a, b), (long long){CEXPR[op]}, {fmt}, (long long)a, (long long)b);")
        for p, e in IPRED.items():
            c.append(f"    CHECK(\"{t}_icmp_{p}\", (long long){t}_icmp_{p}(a, b), (long long)({e}), {fmt}, (long long)a, (long long)b);")
            c.append(f"    CHECK(\"{t}_br_{p}\", (long long){t}_br_{p}(a, b), (long long)({e}), {fmt}, (long long)a, (long long)b);")
            c.append(f"    CHECK(\"{t}_sel_{p}\", (long long){t}_sel_{p}(a, b), (long long)(({e}) ? a : b), {fmt}, (long long)a, (long long)b);")
        c.append("  }")
        c.append(f"  for (unsigned i = 0; i < sizeof vals / sizeof *vals; i++) {{\n    S a = vals[i], b = 3;")
        for op in ("iadd", "isub", "imul", "and", "or", "xor", "shl", "lshr", "ashr", "sdiv", "urem"):
            c.append(f"    CHECK(\"{t}_{op}_k\", (long long){t}_{op}_k(a), (long long){CEXPR[op]}, {fmt}, (long long)a, (long long)b);")
        c.append("  }\n}")
    # casts between integer widths, bool and ptr
    casts = []
    for t1, s1, u1, w1 in INTS:
        for t2, s2, u2, w2 in INTS:
            if w1 > w2:
                casts.append((f"sext_{t1}_{t2}", f"sext {t1}, {t2}", t1, t2, s1, s2, "(S1)(S2)a"))
                casts.append((f"zext_{t1}_{t2}", f"zext {t1}, {t2}", t1, t2, s1, s2, f"(S1)({u2})a"))
            if w1 < w2:
                casts.append((f"trunc_{t1}_{t2}", f"trunc {t1}, {t2}", t1, t2, s1, s2, "(S1)a"))
        casts.append((f"itob_{t1}", f"itob bool, {t1}", "bool", t1, "bool", s1, "(a != 0)"))
        casts.append((f"btoi_{t1}", f"btoi {t1}, bool", t1, "bool", s1, "bool", "(S1)a"))
        casts.append((f"itop_{t1}", f"itop ptr, {t1}", "ptr", t1, "uintptr_t", s1, f"(uintptr_t)({u1})a"))
        casts.append((f"ptoi_{t1}", f"ptoi {t1}, ptr", t1, "ptr", s1, "uintptr_t", "(S1)a"))
    cdecl = {"bool": "bool", "ptr": "void *"}
    c.append("static void test_casts(void) {")
    c.append("  static const int64_t vals[] = {0, 1, -1, 127, 128, -128, 255, 256, 32767, -32768, 65535, 0x12345678, -0x12345678, INT64_MAX, INT64_MIN, 0x8000000080008080LL};")
    c.append("  for (unsigned i = 0; i < sizeof vals / sizeof *vals; i++) {")
    for name, ins, to, fr, s1, s2, e in casts:
        tto = "ptr" if to == "ptr" else to
        tfr = "ptr" if fr == "ptr" else fr
        sir.append(f"fn {tto} @{name}({tfr}) {{\nentry({tfr} %a):\n  %r = {ins} %a\n  ret {tto} %r\n}}\n")
        cto = "void *" if to == "ptr" else s1
        cfr = "void *" if fr == "ptr" else s2
        c.insert(1, f"{cto} {name}({cfr});")
        if fr == "ptr":
            arg = "(void *)(uintptr_t)vals[i]"
            aval = "(uintptr_t)vals[i]"
        elif fr == "bool":
            arg = "(bool)(vals[i] & 1)"
            aval = arg
        else:
            arg = f"({s2})vals[i]"
            aval = arg
        got = f"(long long)(uintptr_t){name}({arg})" if to == "ptr" else f"(long long){name}({arg})"
        want = "(long long)(" + e.replace("S1", s1 if to != "ptr" else "uintptr_t").replace("S2", s2).replace("a", "(" + aval + ")") + ")"
        c.append(f"    CHECK(\"{name}\", {got}, {want}, \"%lld\", (long long)vals[i], 0LL);")
    c.append("  }\n}")
    # bool logic
    for op in ("and", "or", "xor"):
        sir.append(f"fn bool @bool_{op}(bool, bool) {{\nentry(bool %a, bool %b):\n  %r = {op} bool %a, %b\n  ret bool %r\n}}\n")
        c.insert(1, f"bool bool_{op}(bool, bool);")
    for p in IPRED:
        sir.append(f"fn bool @bool_icmp_{p}(bool, bool) {{\nentry(bool %a, bool %b):\n  %r = icmp {p} bool %a, %b\n  ret bool %r\n}}\n")
        c.insert(1, f"bool bool_icmp_{p}(bool, bool);")
        sir.append(f"fn bool @ptr_icmp_{p}(ptr, ptr) {{\nentry(ptr %a, ptr %b):\n  %r = icmp {p} ptr %a, %b\n  ret bool %r\n}}\n")
        c.insert(1, f"bool ptr_icmp_{p}(void *, void *);")
    c.append("static void test_bool(void) {\n  for (int i = 0; i < 4; i++) { bool a = i & 1, b = i >> 1;")
    c.append('    CHECK("bool_and", bool_and(a, b), a && b, "%d", a, b);')
    c.append('    CHECK("bool_or", bool_or(a, b), a || b, "%d", a, b);')
    c.append('    CHECK("bool_xor", bool_xor(a, b), a != b, "%d", a, b);')
    for p, e in IPRED.items():
        e2 = e.replace("(U)", "(unsigned)")
        c.append(f'    CHECK("bool_icmp_{p}", bool_icmp_{p}(a, b), ({e2}), "%d", a, b);')
    c.append("  }\n  static const uint64_t pv[] = {0, 1, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL, 4096};")
    c.append("  for (int i = 0; i < 6; i++) for (int j = 0; j < 6; j++) { void *pa = (void *)(uintptr_t)pv[i], *pb = (void *)(uintptr_t)pv[j]; uint64_t a = pv[i], b = pv[j];")
    for p, e in IPRED.items():
        e2 = e.replace("(U)", "(uint64_t)").replace("a >", "(int64_t)a >").replace("a <", "(int64_t)a <")
        e2 = e2.replace("> b", "> (int64_t)b").replace("< b", "< (int64_t)b").replace(">= b", ">= (int64_t)b").replace("<= b", "<= (int64_t)b")
        if p.startswith("u") or p in ("eq", "ne"):
            e2 = e.replace("(U)", "(uint64_t)")
        c.append(f'    CHECK("ptr_icmp_{p}", ptr_icmp_{p}(pa, pb), ({e2}), "%d", i, j);')
    c.append("  }\n}")
    c.append("int main(void) {\n" + "".join(f"  test_{t}();\n" for t, *_ in INTS) +
             "  test_casts();\n  test_bool();\n  if (fails) printf(\"%d failures\\n\", fails);\n  return fails != 0;\n}")
    open("ops_int.sir", "w").write("\n".join(sir))
    open("ops_int.c", "w").write("\n".join(c) + "\n")


gen_int()

FLOATS = [("f32", "float", 32), ("f64", "double", 64)]
FPRED = {"ord": "!isnan(a) && !isnan(b)", "uno": "isnan(a) || isnan(b)",
         "oeq": "a == b", "one": "a < b || a > b", "ogt": "a > b", "oge": "a >= b",
         "olt": "a < b", "ole": "a <= b", "ueq": "!(a < b || a > b)",
         "une": "a != b", "ugt": "!(a <= b)", "uge": "!(a < b)", "ult": "!(a >= b)",
         "ule": "!(a > b)"}


def gen_float():
    sir, c = [], []
    c.append('#include <stdint.h>\n#include <stdio.h>\n#include <stdbool.h>\n'
             '#include <math.h>\n#include <string.h>\nstatic int fails;\n'
             'static int same32(float x, float y) { uint32_t a, b; memcpy(&a, &x, 4); memcpy(&b, &y, 4); return a == b || (isnan(x) && isnan(y)); }\n'
             'static int same64(double x, double y) { uint64_t a, b; memcpy(&a, &x, 8); memcpy(&b, &y, 8); return a == b || (isnan(x) && isnan(y)); }\n'
             'static int bits32(float x, float y) { return !memcmp(&x, &y, 4); }\n'
             'static int bits64(double x, double y) { return !memcmp(&x, &y, 8); }\n'
             '#define FAIL(name, a, b, got, want) do { printf("FAIL %s(%a, %a): got %a want %a\\n", name, (double)(a), (double)(b), (double)(got), (double)(want)); fails++; } while (0)\n')
    for t, s, w in FLOATS:
        same = f"same{w}"
        for op, e in (("fadd", "a + b"), ("fsub", "a - b"), ("fmul", "a * b"),
                      ("fdiv", "a / b"), ("frem", "fmod" + ("f" if w == 32 else "") + "(a, b)")):
            fn = f"{t}_{op}"
            sir.append(f"fn {t} @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n  %r = {op} {t} %a, %b\n  ret {t} %r\n}}\n")
            c.append(f"{s} {fn}({s}, {s});")
        sir.append(f"fn {t} @{t}_fneg({t}) {{\nentry({t} %a):\n  %r = fneg {t} %a\n  ret {t} %r\n}}\n")
        c.append(f"{s} {t}_fneg({s});")
        k = "2.5"
        sir.append(f"fn {t} @{t}_fmulk({t}) {{\nentry({t} %a):\n  %k = fconst {t} {k}\n  %r = fmul {t} %a, %k\n  ret {t} %r\n}}\n")
        c.append(f"{s} {t}_fmulk({s});")
        for p in FPRED:
            fn = f"{t}_fcmp_{p}"
            sir.append(f"fn bool @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n  %r = fcmp {p} {t} %a, %b\n  ret bool %r\n}}\n")
            c.append(f"bool {fn}({s}, {s});")
            fn = f"{t}_fbr_{p}"
            sir.append(f"fn i32 @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n  %c = fcmp {p} {t} %a, %b\n"
                       f"  %one = iconst i32 1\n  %zero = iconst i32 0\n  condbr bool %c, yes, no\n\nyes:\n  ret i32 %one\n\nno:\n  ret i32 %zero\n}}\n")
            c.append(f"int32_t {fn}({s}, {s});")
            fn = f"{t}_fsel_{p}"
            sir.append(f"fn {t} @{fn}({t}, {t}) {{\nentry({t} %a, {t} %b):\n  %c = fcmp {p} {t} %a, %b\n  %r = sel {t}, bool %c, %a, %b\n  ret {t} %r\n}}\n")
            c.append(f"{s} {fn}({s}, {s});")
            fn = f"{t}_isel_{p}"
            sir.append(f"fn i64 @{fn}({t}, {t}, i64, i64) {{\nentry({t} %a, {t} %b, i64 %x, i64 %y):\n  %c = fcmp {p} {t} %a, %b\n  %r = sel i64, bool %c, %x, %y\n  ret i64 %r\n}}\n")
            c.append(f"int64_t {fn}({s}, {s}, int64_t, int64_t);")
        vals = ["0.0", "-0.0", "1.0", "-1.5", "2.5", "3.0", "1e10", "-7e-3", "NAN", "INFINITY", "-INFINITY", "1e-40" if w == 32 else "4e-320", "0.1"]
        c.append(f"static void test_{t}(void) {{\n  static const {s} vals[] = {{{', '.join(vals)}}};\n"
                 f"  for (unsigned i = 0; i < sizeof vals / sizeof *vals; i++)\n  for (unsigned j = 0; j < sizeof vals / sizeof *vals; j++) {{\n"
                 f"    {s} a = vals[i], b = vals[j], g, x;")
        for op, e in (("fadd", "a + b"), ("fsub", "a - b"), ("fmul", "a * b"), ("fdiv", "a / b"),
                      ("frem", "fmod" + ("f" if w == 32 else "") + "(a, b)")):
            c.append(f"    g = {t}_{op}(a, b); x = {e}; if (!{same}(g, x)) FAIL(\"{t}_{op}\", a, b, g, x);")
        for p, e in FPRED.items():
            c.append(f"    if ({t}_fcmp_{p}(a, b) != ({e})) FAIL(\"{t}_fcmp_{p}\", a, b, {t}_fcmp_{p}(a, b), ({e}));")
            c.append(f"    if ({t}_fbr_{p}(a, b) != ({e})) FAIL(\"{t}_fbr_{p}\", a, b, {t}_fbr_{p}(a, b), ({e}));")
            c.append(f"    g = {t}_fsel_{p}(a, b); x = ({e}) ? a : b; if (!bits{w}(g, x)) FAIL(\"{t}_fsel_{p}\", a, b, g, x);")
            c.append(f"    if ({t}_isel_{p}(a, b, 11, -22) != (({e}) ? 11 : -22)) FAIL(\"{t}_isel_{p}\", a, b, 0, 0);")
        c.append("  }")
        c.append(f"  for (unsigned i = 0; i < sizeof vals / sizeof *vals; i++) {{\n    {s} a = vals[i], g, x;\n"
                 f"    g = {t}_fneg(a); x = -a; if (!bits{w}(g, x)) FAIL(\"{t}_fneg\", a, 0, g, x);\n"
                 f"    g = {t}_fmulk(a); x = a * ({s}){k}; if (!{same}(g, x)) FAIL(\"{t}_fmulk\", a, 0, g, x);\n  }}\n}}")
    # conversions
    conv = []
    for t, s, w in FLOATS:
        for it, ist, iut, iw in INTS:
            conv.append((f"sitof_{t}_{it}", f"sitof {t}, {it}", t, it, s, ist))
            conv.append((f"uitof_{t}_{it}", f"uitof {t}, {it}", t, it, s, ist))
            conv.append((f"ftosi_{it}_{t}", f"ftosi {it}, {t}", it, t, ist, s))
            conv.append((f"ftoui_{it}_{t}", f"ftoui {it}, {t}", it, t, ist, s))
    conv.append(("fext", "fext f64, f32", "f64", "f32", "double", "float"))
    conv.append(("ftrunc", "ftrunc f32, f64", "f32", "f64", "float", "double"))
    for name, ins, to, fr, cto, cfr in conv:
        sir.append(f"fn {to} @{name}({fr}) {{\nentry({fr} %a):\n  %r = {ins} %a\n  ret {to} %r\n}}\n")
        c.insert(1, f"{cto} {name}({cfr});")
    c.append("static void test_conv(void) {\n  static const int64_t iv[] = {0, 1, -1, 127, -128, 255, 32767, -32768, 65535, 0x7fffffff, INT32_MIN, 0xffffffffLL, 0x123456789abcdefLL, INT64_MAX, INT64_MIN, -2, 0x8000000000000401LL, 0x20000001};")
    c.append("  for (unsigned i = 0; i < sizeof iv / sizeof *iv; i++) { int64_t v = iv[i];")
    for t, s, w in FLOATS:
        for it, ist, iut, iw in INTS:
            c.append(f"    if (!bits{w}(sitof_{t}_{it}(({ist})v), ({s})({ist})v)) FAIL(\"sitof_{t}_{it}\", v, 0, sitof_{t}_{it}(({ist})v), ({s})({ist})v);")
            c.append(f"    if (!bits{w}(uitof_{t}_{it}(({ist})v), ({s})({iut})v)) FAIL(\"uitof_{t}_{it}\", v, 0, uitof_{t}_{it}(({ist})v), ({s})({iut})v);")
    c.append("  }")
    c.append("  static const double fv[] = {0.0, -0.0, 0.9, -0.9, 1.5, -1.5, 100.7, -100.7, 127.9, -128.9, 255.5, 32767.0, -32768.5, 65535.9, 2147483647.0, -2147483648.9, 4294967295.5, 9.2233720368547748e18, -9.2233720368547758e18, 9.2233720368547758e18, 1.8446744073709550e19, 1e300, -1e300, 3e9, 1.2e19};")
    c.append("  for (unsigned i = 0; i < sizeof fv / sizeof *fv; i++) { double d = fv[i]; float f = (float)d; double t;")
    for t, s, w in FLOATS:
        var = "f" if w == 32 else "d"
        for it, ist, iut, iw in INTS:
            lo, hi = f"-{2**(iw-1)}.0", f"{2**(iw-1)}.0"
            c.append(f"    t = trunc((double){var}); if (t >= {lo} && t < {hi} && ftosi_{it}_{t}({var}) != ({ist}){var}) FAIL(\"ftosi_{it}_{t}\", {var}, 0, ftosi_{it}_{t}({var}), ({ist}){var});")
            c.append(f"    if (t > -1.0 && t < {2**iw}.0 && ({iut})ftoui_{it}_{t}({var}) != ({iut}){var}) FAIL(\"ftoui_{it}_{t}\", {var}, 0, ({iut})ftoui_{it}_{t}({var}), ({iut}){var});")
    c.append("    if (!bits64(fext(f), (double)f)) FAIL(\"fext\", f, 0, fext(f), (double)f);")
    c.append("    if (!bits32(ftrunc(d), (float)d)) FAIL(\"ftrunc\", d, 0, ftrunc(d), (float)d);")
    c.append("  }\n}")
    c.append("int main(void) {\n  test_f32();\n  test_f64();\n  test_conv();\n  if (fails) printf(\"%d failures\\n\", fails);\n  return fails != 0;\n}")
    open("ops_float.sir", "w").write("\n".join(sir))
    open("ops_float.c", "w").write("\n".join(c) + "\n")


gen_float()

CT = {"i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t",
      "f32": "float", "f64": "double", "bool": "bool", "ptr": "char *"}
STRUCTS = [["i32", "i32"], ["i64", "i64"], ["f64", "f64"], ["f32", "f32", "f32"],
           ["i8", "f32"], ["f64", "i64"], ["i64", "i64", "i64"], ["i16", "i8", "bool"],
           ["f32", "f32", "i32", "f32"], ["ptr", "f64"], ["i8"], ["f32"],
           ["f64", "f64", "f64", "f64"], ["i32", "f64", "i8"], ["f32", "i64"],
           ["i8", "i8", "i8", "i8", "i8", "i8", "i8", "i8", "i8"]]


def inc_ir(t, v, out, n):
    """SIR lines computing v+1 (per type) into %nN; returns the name."""
    r = f"%n{n}"
    if t in ("i8", "i16", "i32", "i64"):
        out.append(f"  %k{n} = iconst {t} 1\n  {r} = iadd {t} {v}, %k{n}")
    elif t in ("f32", "f64"):
        out.append(f"  %k{n} = fconst {t} 1.0\n  {r} = fadd {t} {v}, %k{n}")
    elif t == "bool":
        out.append(f"  %k{n} = bconst bool true\n  {r} = xor bool {v}, %k{n}")
    else:
        out.append(f"  %k{n} = iconst i64 1\n  {r} = offset i8, ptr {v}, i64 %k{n}")
    return r


def gen_struct():
    sir, c = [], []
    c.append('#include <stdint.h>\n#include <stdio.h>\n#include <stdbool.h>\n#include <string.h>\n'
             'static int fails;\n#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\\n", __LINE__, #c); fails++; } } while (0)\n'
             'static char buf[64];')
    pre_i = "i64, i64, i64, i64, i64, "
    pre_f = "f64, f64, f64, f64, f64, f64, f64, "
    for k, mem in enumerate(STRUCTS):
        st = "{ " + ", ".join(mem) + " }"
        cs = f"S{k}"
        c.append(f"typedef struct {{ " + " ".join(f"{CT[t]} m{j};" for j, t in enumerate(mem)) + f" }} {cs};")
        # inc: extract each, add one, insert back
        body = []
        for j, t in enumerate(mem):
            body.append(f"  %e{j} = extract {t}, {st} %s, {j}")
        cur = "%s"
        for j, t in enumerate(mem):
            r = inc_ir(t, f"%e{j}", body, j)
            body.append(f"  %i{j} = insert {st} {cur}, {t} {r}, {j}")
            cur = f"%i{j}"
        sir.append(f"fn {st} @s{k}_inc({st}) {{\nentry({st} %s):\n" + "\n".join(body) + f"\n  ret {st} {cur}\n}}\n")
        c.append(f"{cs} s{k}_inc({cs});")
        # late: registers mostly used up before the struct
        sir.append(f"fn {st} @s{k}_late({pre_i}{pre_f}{st}) {{\nentry(i64 %a0, i64 %a1, i64 %a2, i64 %a3, i64 %a4, "
                   + ", ".join(f"f64 %d{j}" for j in range(7)) + f", {st} %s):\n"
                   f"  %r = call {st} @s{k}_inc({st} %s)\n  ret {st} %r\n}}\n")
        c.append(f"{cs} s{k}_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, {cs});")
        # SIR calling C with the struct, directly and late
        sir.append(f"fn {st} @c_s{k}_inc({st})\n")
        sir.append(f"fn {st} @c_s{k}_late({pre_i}{pre_f}{st})\n")
        sir.append(f"fn {st} @s{k}_callc({st}) {{\nentry({st} %s):\n  %r = call {st} @c_s{k}_inc({st} %s)\n"
                   f"  %z = iconst i64 0\n  %f = fconst f64 0.0\n"
                   f"  %q = call {st} @c_s{k}_late(i64 %z, i64 %z, i64 %z, i64 %z, i64 %z, f64 %f, f64 %f, f64 %f, f64 %f, f64 %f, f64 %f, f64 %f, {st} %r)\n"
                   f"  ret {st} %q\n}}\n")
        c.append(f"{cs} s{k}_callc({cs});")
        incc = []
        for j, t in enumerate(mem):
            if t == "bool":
                incc.append(f"r.m{j} = !r.m{j};")
            else:
                incc.append(f"r.m{j} = r.m{j} + 1;")
        c.append(f"static {cs} ref{k}({cs} r) {{ " + " ".join(incc) + " return r; }")
        c.append(f"{cs} c_s{k}_inc({cs} s) {{ return ref{k}(s); }}")
        c.append(f"{cs} c_s{k}_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, {cs} s) "
                 f"{{ CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref{k}(s); }}")
        eq = " && ".join(f"x.m{j} == y.m{j}" for j in range(len(mem)))
        c.append(f"static int eq{k}({cs} x, {cs} y) {{ return {eq}; }}")
        init = []
        for j, t in enumerate(mem):
            init.append({"i8": "-3", "i16": "-1234", "i32": "-123456", "i64": "0x123456789aLL",
                         "f32": "1.25f", "f64": "-2.5", "bool": "true", "ptr": "buf + 3"}[t] + f" + {j}" * (t not in ("bool",)))
        c.append(f"static void test{k}(void) {{\n  {cs} s = {{{', '.join(init)}}};\n"
                 f"  CHECK(eq{k}(s{k}_inc(s), ref{k}(s)));\n"
                 f"  CHECK(eq{k}(s{k}_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref{k}(s)));\n"
                 f"  CHECK(eq{k}(s{k}_callc(s), ref{k}(ref{k}(s))));\n}}")
    c.append("int main(void) {\n" + "".join(f"  test{k}();\n" for k in range(len(STRUCTS))) +
             "  if (fails) printf(\"%d failures\\n\", fails);\n  return fails != 0;\n}")
    open("abi_struct.sir", "w").write("\n".join(sir))
    open("abi_struct.c", "w").write("\n".join(c) + "\n")


gen_struct()
