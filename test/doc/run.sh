#!/bin/sh
# The language reference is in the tree (sh test/doc/run.sh BINDIR):
#   - every ```sir example in doc/reference.md parses, verifies and is in
#     canonical form (siropt prints it back unchanged);
#   - every opcode of lib/ir/ops.def is described there;
#   - the README and the manual pages point to nothing outside the tree.
bindir=${1:?usage: run.sh BINDIR}
ref=doc/reference.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirdoc.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

[ -f $ref ] || { echo "FAIL: no $ref"; exit 1; }
awk -v dir="$tmp" '
    /^```sir[ \t]*$/ { n++; file = sprintf("%s/ex%02d.sir", dir, n);
                       inside = 1; next }
    /^```/           { if (inside) close(file); inside = 0; next }
    inside           { print > file }
' $ref
for f in "$tmp"/ex*.sir; do
    if "$bindir/siropt" "$f" > "$tmp/out" 2> "$tmp/err" &&
       cmp -s "$f" "$tmp/out"; then ok
    else bad "$ref example $(basename "$f"):"; cat "$tmp/err"
        diff "$f" "$tmp/out" | head -10; fi
done
for op in $(sed -n 's/^OP([A-Z0-9_]*, *"\([a-z]*\)".*/\1/p' lib/ir/ops.def); do
    grep -q "\`$op\`\|\`%r = $op \|\`$op " $ref && ok ||
        bad "$ref does not describe '$op'"
done
if grep -n 'shared/spec\|SIR\.md\|STYLE\.md\|\.\./shared' README.md man/* \
        > "$tmp/out"; then
    bad "references outside the tree:"; cat "$tmp/out"
else ok; fi
echo "doc tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
