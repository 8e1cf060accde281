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
    16: ["0", "1", "-1", "3", "-5", "255", "256", "32767", "-32768", "12345", "-300"],
    32: ["0", "1", "-1", "3", "-5", "65536", "INT32_MAX", "INT32_MIN", "123456789", "-987654", "0x7f00ff"],
    64: ["0", "1", "-1", "3", "-5", "INT64_MAX", "INT64_MIN", "0x100000000LL", "-0x123456789abLL", "1000000007", "0x7fffffff"],
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
