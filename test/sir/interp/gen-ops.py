#!/usr/bin/env python3
"""Generates the op-*.sir run tests of this directory.

Each test runs every case of one group of opcodes through siri: a const
table of operands (edge values: 0, 1, -1, the minimum, the maximum, NaN,
-0.0, infinities, subnormals, shifts by width-1 ...), a loop that loads
each row, calls a wrapper function around the opcode and prints the
operand and result bit patterns.  The expected output is NOT produced by
siri: the same cases are written as a C program, compiled with cc and
run, and its output becomes the CHECK-NEXT lines.  Cases whose behaviour
is undefined (division by zero, shifts by the width or more, float to
integer conversions out of range) are left out; the ub-*.fail.sir tests
cover them.

Float results print their bits, except that every NaN prints as the
default NaN (the sign and payload of computed NaNs are unspecified).

    python3 test/sir/interp/gen-ops.py      # rewrites test/sir/interp/op-*.sir
"""
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

INTS = {'i8': 8, 'i16': 16, 'i32': 32, 'i64': 64}
CINT = {8: 'int8_t', 16: 'int16_t', 32: 'int32_t', 64: 'int64_t'}
CUINT = {8: 'uint8_t', 16: 'uint16_t', 32: 'uint32_t', 64: 'uint64_t'}


def int_edges(n):
    m = (1 << n) - 1
    vals = [0, 1, m, 1 << (n - 1), (1 << (n - 1)) - 1, 2, m - 2, 0x5A & m,
            (1 << (n - 1)) + 1]
    out = []
    for v in vals:
        if v not in out:
            out.append(v)
    return out


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f64_bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


F32_EDGES = [f32_bits(0.0), f32_bits(-0.0), f32_bits(1.0), f32_bits(-1.5),
             f32_bits(0.1), 0x7F7FFFFF, 0x00000001, 0x00800000,
             0x7F800000, 0xFF800000, 0x7FC00000, f32_bits(100.75),
             f32_bits(-7.25), f32_bits(16777217.0)]
F64_EDGES = [f64_bits(0.0), f64_bits(-0.0), f64_bits(1.0), f64_bits(-1.5),
             f64_bits(0.1), 0x7FEFFFFFFFFFFFFF, 0x0000000000000001,
             0x0010000000000000, 0x7FF0000000000000, 0xFFF0000000000000,
             0x7FF8000000000000, f64_bits(100.75), f64_bits(-7.25),
             f64_bits(9007199254740993.0), f64_bits(3.0)]


def lit(ty, v):
    """SIR initializer literal for bit pattern v of type ty."""
    if ty == 'f32':
        return '0f%08X' % v
    if ty == 'f64':
        return '0f%016X' % v
    if ty == 'bool':
        return 'true' if v else 'false'
    if ty == 'ptr':
        return 'null' if v == 0 else None
    return str(v)


def cval(ty, v):
    """C expression of bit pattern v as a value of ty."""
    if ty == 'f32':
        return 'f32(0x%08Xu)' % v
    if ty == 'f64':
        return 'f64(0x%016XULL)' % v
    if ty == 'bool':
        return '(_Bool)%d' % v
    if ty == 'ptr':
        return '(uint64_t)0x%XULL' % v
    n = INTS[ty]
    return '(%s)0x%XULL' % (CUINT[n], v)


def bits_expr(ty, e):
    """C expression giving the printed bits of result e of type ty."""
    if ty == 'f32':
        return 'b32(%s)' % e
    if ty == 'f64':
        return 'b64(%s)' % e
    if ty == 'bool':
        return '(uint64_t)(%s)' % e
    if ty == 'ptr':
        return '(uint64_t)(%s)' % e
    return '(uint64_t)(%s)(%s)' % (CUINT[INTS[ty]], e)


C_PRELUDE = r'''
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
static float f32(uint32_t b) { float x; memcpy(&x, &b, 4); return x; }
static double f64(uint64_t b) { double x; memcpy(&x, &b, 8); return x; }
static uint64_t b32(float x) {
    uint32_t b; if (isnan(x)) return 0x7FC00000u; memcpy(&b, &x, 4); return b;
}
static uint64_t b64(double x) {
    uint64_t b; if (isnan(x)) return 0x7FF8000000000000ULL;
    memcpy(&b, &x, 8); return b;
}
static uint64_t ob(uint64_t v) { return v; }
int main(void) {
'''


class Group:
    """One opcode on one type signature: rows of operand bit patterns."""

    def __init__(self, name, sir_op, args, ret, rows, cexpr):
        self.name = name        # e.g. iadd.i8
        self.sir_op = sir_op    # SIR text with %a %b, e.g. "iadd i8 %a, %b"
        self.args = args        # operand types
        self.ret = ret          # result type
        self.rows = rows        # [(bits, ...)]
        self.cexpr = cexpr      # C expression of a, b


def ret_bits_sir(ty, lines):
    """Appends SIR that turns %r of type ty into i64 %o; returns slots."""
    if ty in INTS:
        if ty == 'i64':
            lines.append('  %o = iadd i64 %r, %zero')
        else:
            lines.append('  %%o = zext i64, %s %%r' % ty)
        return []
    if ty == 'bool':
        lines.append('  %o = btoi i64, bool %r')
        return []
    if ty == 'ptr':
        lines.append('  %o = ptoi i64, ptr %r')
        return []
    it = 'i32' if ty == 'f32' else 'i64'
    nan = '2143289344' if ty == 'f32' else '9221120237041090560'
    lines += ['  %s = stackslot $s',
              '  store %s %%r, ptr %%s' % ty,
              '  %%w = load %s, ptr %%s' % it,
              '  %%n = fcmp uno %s %%r, %%r' % ty,
              '  %%q = iconst %s %s' % (it, nan),
              '  %%v = sel %s, bool %%n, %%q, %%w' % it]
    if it == 'i32':
        lines.append('  %o = zext i64, i32 %v')
    else:
        lines.append('  %o = iadd i64 %v, %zero')
    return ['  $s = stack %s' % ty]


def arg_bits_sir(ty, src, dst, lines, k):
    if ty in INTS:
        if ty == 'i64':
            return src
        lines.append('  %s = zext i64, %s %s' % (dst, ty, src))
        return dst
    if ty == 'bool':
        lines.append('  %s = btoi i64, bool %s' % (dst, src))
        return dst
    if ty == 'ptr':
        lines.append('  %s = ptoi i64, ptr %s' % (dst, src))
        return dst
    it = 'i32' if ty == 'f32' else 'i64'
    lines.append('  %s.p = offset %s, ptr %%p, i64 %%k%d' % (dst, ty, k))
    lines.append('  %s.w = load %s, ptr %s.p' % (dst, it, dst))
    if it == 'i32':
        lines.append('  %s = zext i64, i32 %s.w' % (dst, dst))
        return dst
    return dst + '.w'


SIZES = {'i8': 1, 'i16': 2, 'i32': 4, 'i64': 8, 'f32': 4, 'f64': 8,
         'bool': 1, 'ptr': 8}


def sir_group(g, idx):
    out = []
    row_ty = '{ %s }' % ', '.join(g.args)
    rows = ', '.join('{ %s }' % ', '.join(lit(t, v) for t, v in
                                          zip(g.args, r)) for r in g.rows)
    out.append('internal @t%d = const [%s x %d] [%s]'
               % (idx, row_ty, len(g.rows), rows))
    nm = g.name.encode() + b'\0'
    out.append('internal @n%d = const [i8 x %d] c"%s\\00"'
               % (idx, len(nm), g.name))
    params = ', '.join(g.args)
    names = ['%a', '%b', '%c'][:len(g.args)]
    body = []
    slots = ret_bits_sir(g.ret, body)
    out.append('')
    out.append('internal fn i64 @f%d(%s) {' % (idx, params))
    out.extend(slots)
    if slots:
        out.append('')
    out.append('entry(%s):' % ', '.join('%s %s' % (t, n) for t, n in
                                         zip(g.args, names)))
    out.append('  %zero = iconst i64 0')
    out.append('  %%r = %s' % g.sir_op)
    out.extend(body)
    out.append('  ret i64 %o')
    out.append('}')
    out.append('')
    # the driver loop
    out.append('internal fn void @run%d() {' % idx)
    out.append('entry:')
    out.append('  %zero = iconst i64 0')
    out.append('  br loop(i64 %zero)')
    out.append('')
    out.append('loop(i64 %i):')
    out.append('  %%t = globaladdr @t%d' % idx)
    out.append('  %%p = offset %s, ptr %%t, i64 %%i' % row_ty)
    lines = []
    vals = []
    for k, t in enumerate(g.args):
        lines.append('  %%e%d = elemptr %s, ptr %%p, %d' % (k, row_ty, k))
        lines.append('  %%x%d = load %s, ptr %%e%d' % (k, t, k))
    out.extend(lines)
    out.append('  %%r = call i64 @f%d(%s)' % (idx, ', '.join(
        '%s %%x%d' % (t, k) for k, t in enumerate(g.args))))
    pr = []
    for k, t in enumerate(g.args):
        if t in ('f32', 'f64'):
            it = 'i32' if t == 'f32' else 'i64'
            pr.append('  %%y%d.w = load %s, ptr %%e%d' % (k, it, k))
            if it == 'i32':
                pr.append('  %%y%d = zext i64, i32 %%y%d.w' % (k, k))
            else:
                pr.append('  %%y%d = iadd i64 %%y%d.w, %%zero' % (k, k))
        elif t == 'i64':
            pr.append('  %%y%d = iadd i64 %%x%d, %%zero' % (k, k))
        elif t == 'bool':
            pr.append('  %%y%d = btoi i64, bool %%x%d' % (k, k))
        elif t == 'ptr':
            pr.append('  %%y%d = ptoi i64, ptr %%x%d' % (k, k))
        else:
            pr.append('  %%y%d = zext i64, %s %%x%d' % (k, t, k))
    out.extend(pr)
    out.append('  %%nm = globaladdr @n%d' % idx)
    fmt = '@fmt%d' % len(g.args)
    out.append('  %%fm = globaladdr %s' % fmt)
    out.append('  %%c = call i32 @printf(ptr %%fm, ptr %%nm, %s, i64 %%r)'
               % ', '.join('i64 %%y%d' % k for k in range(len(g.args))))
    out.append('  %one = iconst i64 1')
    out.append('  %i.next = iadd i64 %i, %one')
    out.append('  %%len = iconst i64 %d' % len(g.rows))
    out.append('  %more = icmp ult i64 %i.next, %len')
    out.append('  condbr bool %more, loop(i64 %i.next), done')
    out.append('')
    out.append('done:')
    out.append('  ret void')
    out.append('}')
    return out


def c_group(g):
    out = []
    for r in g.rows:
        decl = []
        names = ['a', 'b', 'c']
        for k, (t, v) in enumerate(zip(g.args, r)):
            ct = {'f32': 'float', 'f64': 'double', 'bool': '_Bool',
                  'ptr': 'uint64_t'}.get(t) or CUINT[INTS[t]]
            decl.append('%s %s = %s;' % (ct, names[k], cval(t, v)))
        fmt = '"%s' + ' %llx' * len(g.args) + ' %llx\\n"'
        args = ', '.join('(unsigned long long)0x%XULL' % v for v in r)
        out.append('{ %s printf(%s, "%s", %s, (unsigned long long)%s); }'
                   % (' '.join(decl), fmt, g.name, args,
                      bits_expr(g.ret, g.cexpr)))
    return out


def write_test(fname, title, groups):
    sir = []
    for i, g in enumerate(groups):
        sir.extend(sir_group(g, i))
        sir.append('')
    c = [C_PRELUDE]
    for g in groups:
        c.extend(c_group(g))
    c.append('return 0; }')
    with tempfile.TemporaryDirectory() as td:
        cf = os.path.join(td, 't.c')
        exe = os.path.join(td, 't')
        with open(cf, 'w') as f:
            f.write('\n'.join(c))
        subprocess.run(['cc', '-std=c11', '-O0', '-ffp-contract=off',
                        '-fno-builtin', '-o', exe, cf, '-lm'], check=True)
        res = subprocess.run([exe], check=True, capture_output=True,
                             text=True).stdout.splitlines()
    head = ['; RUN: siri %s',
            '; ' + title,
            '; Generated by gen-ops.py; the expected lines were printed by',
            '; the same cases compiled from C (name, operand bits, result',
            '; bits; every NaN result shows as the default NaN).',
            '; STANDARD']
    for k, line in enumerate(res):
        head.append('; %s: %s' % ('CHECK' if k == 0 else 'CHECK-NEXT',
                                  line))
    head.append('')
    mod = ['fn i32 @printf(ptr, ...)',
           'internal @fmt1 = const [i8 x 14] c"%s %llx %llx\\0A\\00"',
           'internal @fmt2 = const [i8 x 19] c"%s %llx %llx %llx\\0A\\00"',
           'internal @fmt3 = const [i8 x 24] c"%s %llx %llx %llx %llx\\0A\\00"',
           '']
    main = ['fn i32 @main() {', 'entry:']
    for i in range(len(groups)):
        main.append('  call void @run%d()' % i)
    main += ['  %0 = iconst i32 0', '  ret i32 %0', '}']
    text = '\n'.join(head + mod + sir + main) + '\n'
    with open(os.path.join(HERE, fname), 'w') as f:
        f.write(text)
    print('%s: %d cases' % (fname, len(res)))


def pairs(vals_a, vals_b, ok=lambda a, b: True):
    return [(a, b) for a in vals_a for b in vals_b if ok(a, b)]


def sx(v, n):
    return v - (1 << n) if v >> (n - 1) else v


def int_groups():
    arith, shifts, divs = [], [], []
    for ty, n in INTS.items():
        E = int_edges(n)
        S, U = CINT[n], CUINT[n]
        for op, ce in [('iadd', '(%s)(a + b)' % U), ('isub', '(%s)(a - b)' % U),
                       ('imul', '(%s)((uint64_t)a * b)' % U),
                       ('and', 'a & b'), ('or', 'a | b'), ('xor', 'a ^ b')]:
            arith.append(Group('%s.%s' % (op, ty), '%s %s %%a, %%b' % (op, ty),
                               [ty, ty], ty, pairs(E, E), ce))
        amts = sorted({0, 1, n - 1, n // 2 + 1, 3})
        for op, ce in [('shl', '(%s)((uint64_t)a << b)' % U),
                       ('lshr', 'a >> b'), ('ashr', '(%s)a >> b' % S)]:
            shifts.append(Group('%s.%s' % (op, ty), '%s %s %%a, %%b'
                                % (op, ty), [ty, ty], ty, pairs(E, amts), ce))
        mn = 1 << (n - 1)
        m = (1 << n) - 1
        sok = lambda a, b, mn=mn, m=m: b != 0 and not (a == mn and b == m)
        for op, ce, ok in [
                ('udiv', 'a / b', lambda a, b: b != 0),
                ('urem', 'a % b', lambda a, b: b != 0),
                ('sdiv', '(%s)a / (%s)b' % (S, S), sok),
                ('srem', '(%s)a %% (%s)b' % (S, S), sok)]:
            Ed = E + [(-7) & m, 7]
            divs.append(Group('%s.%s' % (op, ty), '%s %s %%a, %%b' % (op, ty),
                              [ty, ty], ty, pairs(Ed, Ed, ok), ce))
    return arith, shifts, divs


def cmp_groups():
    gs = []
    preds = {'eq': '==', 'ne': '!=', 'ugt': '>', 'uge': '>=', 'ult': '<',
             'ule': '<=', 'sgt': '>', 'sge': '>=', 'slt': '<', 'sle': '<='}
    for ty, n in list(INTS.items()) + [('bool', 1), ('ptr', 64)]:
        if ty == 'bool':
            E = [0, 1]
        elif ty == 'ptr':
            E = [0]
        else:
            E = int_edges(n)
        for p, o in preds.items():
            if ty in ('bool', 'ptr') or p[0] != 's':
                ce = 'a %s b' % o
            else:
                ce = '(%s)a %s (%s)b' % (CINT[n], o, CINT[n])
            gs.append(Group('icmp.%s.%s' % (p, ty), 'icmp %s %s %%a, %%b'
                            % (p, ty), [ty, ty], 'bool', pairs(E, E), ce))
    fpreds = {
        'ord': '!isunordered(a, b)', 'uno': 'isunordered(a, b)',
        'oeq': 'a == b', 'one': 'islessgreater(a, b)',
        'ogt': 'isgreater(a, b)', 'oge': 'isgreaterequal(a, b)',
        'olt': 'isless(a, b)', 'ole': 'islessequal(a, b)',
        'ueq': 'isunordered(a, b) || a == b',
        'une': 'isunordered(a, b) || a != b',
        'ugt': 'isunordered(a, b) || a > b',
        'uge': 'isunordered(a, b) || a >= b',
        'ult': 'isunordered(a, b) || a < b',
        'ule': 'isunordered(a, b) || a <= b'}
    fg = []
    for ty, E in (('f32', F32_EDGES[:10]), ('f64', F64_EDGES[:10])):
        E = [E[0], E[1], E[2], E[3], E[5], E[6], E[8], E[9], 
             (0x7FC00000 if ty == 'f32' else 0x7FF8000000000000)]
        for p, ce in fpreds.items():
            fg.append(Group('fcmp.%s.%s' % (p, ty), 'fcmp %s %s %%a, %%b'
                            % (p, ty), [ty, ty], 'bool', pairs(E, E), ce))
    return gs, fg


def float_groups():
    gs = []
    for ty, E in (('f32', F32_EDGES), ('f64', F64_EDGES)):
        fm = 'fmodf' if ty == 'f32' else 'fmod'
        ct = 'float' if ty == 'f32' else 'double'
        for op, ce in [('fadd', '(%s)(a + b)' % ct),
                       ('fsub', '(%s)(a - b)' % ct),
                       ('fmul', '(%s)(a * b)' % ct),
                       ('fdiv', '(%s)(a / b)' % ct),
                       ('frem', '%s(a, b)' % fm)]:
            gs.append(Group('%s.%s' % (op, ty), '%s %s %%a, %%b' % (op, ty),
                            [ty, ty], ty, pairs(E, E), ce))
        gs.append(Group('fneg.%s' % ty, 'fneg %s %%a' % ty, [ty], ty,
                        [(v,) for v in E], '-a'))
    return gs


def fneg_bits_groups():
    """fneg must flip only the sign bit, also of NaNs: print raw bits."""
    return []


def cast_groups():
    gs = []
    names = list(INTS)
    for a in names:
        for b in names:
            na, nb = INTS[a], INTS[b]
            E = [(v,) for v in int_edges(nb)]
            if na > nb:
                gs.append(Group('sext.%s.%s' % (a, b), 'sext %s, %s %%a'
                                % (a, b), [b], a, E, '(%s)a' % CINT[nb]))
                gs.append(Group('zext.%s.%s' % (a, b), 'zext %s, %s %%a'
                                % (a, b), [b], a, E, 'a'))
            elif na < nb:
                gs.append(Group('trunc.%s.%s' % (a, b), 'trunc %s, %s %%a'
                                % (a, b), [b], a, E, 'a'))
    for t in names:
        E = [(v,) for v in int_edges(INTS[t])]
        gs.append(Group('itob.%s' % t, 'itob bool, %s %%a' % t, [t], 'bool',
                        E, 'a != 0'))
        gs.append(Group('btoi.%s' % t, 'btoi %s, bool %%a' % t, ['bool'], t,
                        [(0,), (1,)], 'a'))
        gs.append(Group('itop.%s' % t, 'itop ptr, %s %%a' % t, [t], 'ptr',
                        E, '(uint64_t)a'))
    for t in names:
        n = INTS[t]
        for f in ('f32', 'f64'):
            ct = 'float' if f == 'f32' else 'double'
            E = [(v,) for v in int_edges(n)]
            if n >= 32:
                E += [((1 << 24) + 1,), ((1 << (n - 1)) - 255,),
                      ((1 << n) - 1025,)]
            gs.append(Group('sitof.%s.%s' % (f, t), 'sitof %s, %s %%a'
                            % (f, t), [t], f, E, '(%s)(%s)a' % (ct, CINT[n])))
            gs.append(Group('uitof.%s.%s' % (f, t), 'uitof %s, %s %%a'
                            % (f, t), [t], f, E, '(%s)a' % ct))
            # float -> int: only values whose truncation is in range
            pk = f32_bits if f == 'f32' else f64_bits
            lim = 2.0 ** (n - 1)
            cands = [0.0, -0.0, 1.0, -1.0, 0.9, -0.9, 1.5, -1.5, 100.99,
                     -128.0, 127.99, 255.5, -32768.0, 32767.0, 65535.0,
                     -2147483648.0, 2147483520.0, 4294967040.0,
                     -9223372036854775808.0, 9223372036854774784.0,
                     18446744073709549568.0, 1e-40, -1e-300]
            si, ui = [], []
            for x in cands:
                xb = pk(x)
                xr = struct.unpack('<f' if f == 'f32' else '<d',
                                   struct.pack('<I' if f == 'f32' else '<Q',
                                               xb))[0]
                tr = float(int(xr))
                if -lim <= tr < lim and (xb,) not in si:
                    si.append((xb,))
                if 0 <= tr < 2.0 ** n and (xb,) not in ui:
                    ui.append((xb,))
            gs.append(Group('ftosi.%s.%s' % (t, f), 'ftosi %s, %s %%a'
                            % (t, f), [f], t, si, '(%s)a' % CINT[n]))
            gs.append(Group('ftoui.%s.%s' % (t, f), 'ftoui %s, %s %%a'
                            % (t, f), [f], t, ui, '(%s)a' % CUINT[n]))
    gs.append(Group('fext', 'fext f64, f32 %a', ['f32'], 'f64',
                    [(v,) for v in F32_EDGES], '(double)a'))
    gs.append(Group('ftrunc', 'ftrunc f32, f64 %a', ['f64'], 'f32',
                    [(v,) for v in F64_EDGES] + [(f64_bits(3.4028235677973366e38),),
                                                 (f64_bits(1e-46),),
                                                 (f64_bits(1.00000005960464477),)],
                    '(float)a'))
    return gs


def sel_groups():
    gs = []
    for t in list(INTS) + ['bool', 'f32', 'f64']:
        if t in INTS:
            E = int_edges(INTS[t])[:3]
        elif t == 'bool':
            E = [0, 1]
        elif t == 'f32':
            E = [F32_EDGES[1], F32_EDGES[10], F32_EDGES[2]]
        else:
            E = [F64_EDGES[1], F64_EDGES[10], F64_EDGES[2]]
        rows = [(c, a, b) for c in (0, 1) for a in E for b in E]
        gs.append(Group('sel.%s' % t, 'sel %s, bool %%a, %%b, %%c' % t,
                        ['bool', t, t], t, rows, 'a ? b : c'))
    return gs


def main():
    arith, shifts, divs = int_groups()
    write_test('op-int-arith.sir', 'iadd isub imul and or xor on i8..i64.',
               arith)
    write_test('op-int-shift.sir', 'shl lshr ashr on i8..i64, amounts up to '
               'width-1.', shifts)
    write_test('op-int-div.sir', 'udiv urem sdiv srem on i8..i64.', divs)
    icmps, fcmps = cmp_groups()
    write_test('op-icmp.sir', 'icmp, all ten predicates, on i8..i64, bool, '
               'ptr.', icmps)
    write_test('op-fcmp.sir', 'fcmp, all fourteen predicates, on f32 and '
               'f64 with NaN, -0.0, infinities.', fcmps)
    write_test('op-float-arith.sir', 'fadd fsub fmul fdiv frem fneg on f32 '
               'and f64.', float_groups())
    write_test('op-casts.sir', 'sext zext trunc itob btoi itop sitof uitof '
               'ftosi ftoui fext ftrunc.', cast_groups())
    write_test('op-sel.sir', 'sel on scalars.', sel_groups())


if __name__ == '__main__':
    main()
