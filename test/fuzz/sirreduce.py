#!/usr/bin/env python3
"""sirreduce - shrink a SIR program while a difftest mismatch persists.

    python3 test/fuzz/sirreduce.py BINDIR CONFIG in.sir [-o out.sir]

CONFIG is a difftest configuration: opt:PASS (siropt -p PASS, then siri),
opt:-O2, native:-O0 or native:-O2 (sirc, cc, run), a64:-O0 or a64:-O2
(sirc for aarch64-linux-gnu, aarch64-linux-gnu-gcc, qemu-aarch64).  A candidate is kept
when siri still runs it cleanly (status 0 with --lint-undef) and the
configuration still prints something else, exits differently or fails.

The reduction is delta debugging over instruction lines (Zeller's ddmin,
halving chunk sizes): a value instruction is replaced by "null T" of its
result type, and a store or a void call is deleted; at the end function
definitions nothing names any more and the null definitions nothing uses
are dropped.  Every candidate is checked by
siri's verifier, so the result is always a valid module.  Reducing a
few thousand lines takes a few hundred to a thousand runs.
"""
import os
import re
import subprocess
import sys
import tempfile

VALUE = re.compile(r'^  (%[A-Za-z0-9._]+) = (.*)$')
CMP = ('icmp', 'fcmp')
PTR = ('stackslot', 'globaladdr', 'alloca', 'offset', 'elemptr')


def result_type(rhs):
    """The result type written in an instruction's text, or None."""
    words = rhs.split()
    op = words[0]
    if op in CMP or op in ('itob',):
        return 'bool'
    if op in PTR or op == 'itop':
        return 'ptr'
    if op in ('null', 'undef'):
        return None                     # already minimal
    rest = rhs[len(op):].strip()
    if op in ('call',):
        rest = rest.split('@', 1)[0].strip()
        return rest or None
    if op == 'indirectcall':
        return rest.split('(', 1)[0].strip() or None
    if op == 'load':
        rest = rest.replace('volatile ', '', 1)
    # the first type: a bracketed/braced type or a word
    depth = 0
    for i, ch in enumerate(rest):
        if ch in '[{':
            depth += 1
        elif ch in ']}':
            depth -= 1
            if depth == 0:
                return rest[:i + 1]
        elif depth == 0 and ch in ' ,':
            return rest[:i]
    return rest or None


def candidates(lines):
    out = []
    for i, l in enumerate(lines):
        m = VALUE.match(l)
        if m:
            t = result_type(m.group(2))
            if t and t != 'void':
                out.append((i, '  %s = null %s' % (m.group(1), t)))
        elif l.startswith('  store ') or l.startswith('  call void') or \
                l.startswith('  indirectcall void'):
            out.append((i, None))
    return out


class Tester:
    def __init__(self, bindir, config, tmp):
        self.bin = bindir
        self.kind, self.opt = config.split(':', 1)
        self.tmp = tmp
        self.runs = 0

    def run(self, args, **kw):
        try:
            return subprocess.run(args, capture_output=True, timeout=20, **kw)
        except subprocess.TimeoutExpired:
            return None

    def interesting(self, text):
        self.runs += 1
        src = os.path.join(self.tmp, 'c.sir')
        with open(src, 'w') as f:
            f.write(text)
        ref = self.run([os.path.join(self.bin, 'siri'), '--lint-undef', src])
        if ref is None or ref.returncode != 0:
            return False
        if self.kind == 'opt':
            args = [self.opt] if self.opt.startswith('-O') else ['-p', self.opt]
            o = self.run([os.path.join(self.bin, 'siropt')] + args + [src])
            if o is None or o.returncode != 0:
                return True
            osir = os.path.join(self.tmp, 'o.sir')
            with open(osir, 'wb') as f:
                f.write(o.stdout)
            r = self.run([os.path.join(self.bin, 'siri'), osir])
        else:
            a64 = self.kind == 'a64'
            obj = os.path.join(self.tmp, 'n.s' if a64 else 'n.o')
            exe = os.path.join(self.tmp, 'n')
            flags = ['-mtriple=aarch64-linux-gnu', '-S'] if a64 else ['-c']
            c = self.run([os.path.join(self.bin, 'sirc'), self.opt] + flags +
                         ['-o', obj, src])
            if c is None or c.returncode != 0:
                return True
            cc = 'aarch64-linux-gnu-gcc' if a64 else 'cc'
            if self.run([cc, '-o', exe, obj, '-lm']).returncode != 0:
                return True
            run = ['qemu-aarch64', '-L', '/usr/aarch64-linux-gnu'] if a64 \
                else []
            r = self.run(run + [exe])
        if r is None:
            return True
        return r.returncode != ref.returncode or r.stdout != ref.stdout


def apply(lines, chosen):
    new = list(lines)
    for i, repl in chosen:
        new[i] = repl
    return '\n'.join(l for l in new if l is not None) + '\n'


def reduce(lines, t):
    """ddmin over the candidate edits; returns the reduced lines."""
    cand = candidates(lines)
    n = 2
    while cand:
        chunk = max(1, len(cand) // n)
        progress = False
        for start in range(0, len(cand), chunk):
            part = cand[start:start + chunk]
            text = apply(lines, part)
            if t.interesting(text):
                lines = text.rstrip('\n').split('\n')
                cand = candidates(lines)
                progress = True
                print('sirreduce: %d lines, %d candidates (%d runs)'
                      % (len(lines), len(cand), t.runs), file=sys.stderr)
                break
        if not progress:
            if chunk == 1:
                break
            n = min(len(cand), n * 2)
        else:
            n = max(2, n - 1)
    return lines


def drop_unused(lines):
    """Deletes definitions "%x = null T" whose value is never used."""
    while True:
        text = '\n'.join(lines)
        uses = {}
        for name in re.findall(r'%[A-Za-z0-9._]+', text):
            uses[name] = uses.get(name, 0) + 1
        keep = []
        for l in lines:
            m = VALUE.match(l)
            if m and m.group(2).startswith('null ') and uses[m.group(1)] == 1:
                continue
            keep.append(l)
        if len(keep) == len(lines):
            return lines
        lines = keep


FUNC = re.compile(r'^(?:internal )?fn .*@([A-Za-z0-9._]+)\(.*\{\s*$')


def unreferenced_funcs(lines):
    """(first, last) line ranges of definitions no other text names."""
    out = []
    i = 0
    while i < len(lines):
        m = FUNC.match(lines[i])
        if m and m.group(1) != 'main':
            j = i
            while j < len(lines) and lines[j] != '}':
                j += 1
            name = '@' + m.group(1)
            rest = '\n'.join(lines[:i] + lines[j + 1:])
            if not re.search(re.escape(name) + r'(?![A-Za-z0-9._])', rest):
                out.append((i, j))
            i = j
        i += 1
    return out


def drop_funcs(lines, t):
    """Deletes unreferenced function definitions, all at once if the
    mismatch survives that, else one by one."""
    while True:
        ranges = unreferenced_funcs(lines)
        if not ranges:
            return lines
        gone = set()
        for a, b in ranges:
            gone.update(range(a, b + 1))
        cand = [l for k, l in enumerate(lines) if k not in gone]
        if t.interesting('\n'.join(cand) + '\n'):
            lines = cand
            continue
        progress = False
        for a, b in ranges:
            cand = lines[:a] + lines[b + 1:]
            if t.interesting('\n'.join(cand) + '\n'):
                lines = cand
                progress = True
                break
        if not progress:
            return lines


def main():
    args = sys.argv[1:]
    out = None
    if '-o' in args:
        k = args.index('-o')
        out = args[k + 1]
        del args[k:k + 2]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    bindir, config, path = args
    with open(path) as f:
        text = f.read()
    with tempfile.TemporaryDirectory() as tmp:
        t = Tester(bindir, config, tmp)
        if not t.interesting(text):
            print('sirreduce: the input is not a mismatch for %s' % config,
                  file=sys.stderr)
            return 1
        lines = reduce(text.rstrip('\n').split('\n'), t)
        lines = drop_funcs(lines, t)
        # unused nulls go in one step (kept if that loses the mismatch)
        small = drop_unused(lines)
        if t.interesting('\n'.join(small) + '\n'):
            lines = small
    result = '\n'.join(lines) + '\n'
    if out:
        with open(out, 'w') as f:
            f.write(result)
    else:
        sys.stdout.write(result)
    return 0


if __name__ == '__main__':
    sys.exit(main())
