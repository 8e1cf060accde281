#!/bin/sh
# The tools' command lines as llc and opt users expect them
# (sh test/cli/run.sh BINDIR):
#   - an unknown option starting with -o or -p is an error, never an
#     output file or a pass list; an option's value may be the next
#     argument (-mtriple X);
#   - triples are read as ARCH-VENDOR-OS-ENV: spellings of one target
#     give the same code, others a "not supported" error;
#   - sirc -O is -O2; --time-passes and --stats cover code generation;
#   - siropt --print-before, --print-changed, --filter-print-funcs;
#   - siropt -p print-cfg and --dot-cfg, rendered by dot -Tsvg;
#   - -ferror-limit=N, -f[no-]color-diagnostics and NO_COLOR;
#   - every tool has --version, and reports a bad option as
#     "TOOL: error: ..." with exit status 1.
bindir=$(cd "${1:?usage: run.sh BINDIR}" && pwd) || exit 1
sirc=$bindir/sirc siropt=$bindir/siropt
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sircli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
f=examples/factorial.sir
cp $f "$tmp/f.sir"

# expect_error TEXT CMD...: exit status 1 and TEXT on standard error
expect_error() {
    text=$1; shift
    "$@" > "$tmp/out" 2> "$tmp/err"
    st=$?
    if [ $st -eq 1 ] && grep -q -- "$text" "$tmp/err"; then ok
    else bad "$* (status $st): wanted '$text'"; sed 's/^/    /' "$tmp/err"; fi
}

# -o... and -p... that are not -o / -p
(cd "$tmp" && expect_error "sirc: error: unknown option '-opaque-pointers'" \
    "$sirc" -opaque-pointers f.sir)
[ -e "$tmp/paque-pointers" ] && bad "sirc wrote paque-pointers"
expect_error "siropt: error: unknown option '-opaque-pointers'" \
    "$siropt" -opaque-pointers $f
expect_error "siropt: error: unknown option '-pgvn'" "$siropt" -pgvn $f
expect_error "sirc: error: option '-mtriple' needs an argument" \
    "$sirc" $f -mtriple

# triples
"$sirc" -S -o "$tmp/ref.s" $f || bad "sirc default"
for t in x86_64 x86-64 amd64 x86_64-linux-gnu x86_64-unknown-linux-gnu \
         amd64-unknown-linux-musl x86_64-pc-linux x86_64-linux-musl; do
    if "$sirc" -S -mtriple $t -o "$tmp/t.s" $f &&
       cmp -s "$tmp/ref.s" "$tmp/t.s"; then ok
    else bad "-mtriple $t differs from the default"; fi
done
"$sirc" -S -mtriple=x86_64-apple-macos -o "$tmp/mref.s" $f || bad macos
for t in x86_64-apple-macosx11.0.0 x86_64-apple-darwin x86_64-apple-macosx \
         x86_64-apple-darwin20.1.0; do
    if "$sirc" -S -mtriple $t -o "$tmp/t.s" $f &&
       cmp -s "$tmp/mref.s" "$tmp/t.s"; then ok
    else bad "-mtriple $t differs from x86_64-apple-macos"; fi
done
expect_error "operating system 'windows' is not supported" \
    "$sirc" -mtriple=x86_64-pc-windows-msvc $f -o "$tmp/x.s"
expect_error "environment 'gnux32' is not supported" \
    "$sirc" -mtriple x86_64-linux-gnux32 $f -o "$tmp/x.s"
# siropt -mtriple: the same triples, the same errors
expect_error "siropt: error: target triple 'mips': architecture 'mips' is not supported" \
    "$siropt" -mtriple=mips $f
expect_error "siropt: error: option '-mtriple' needs an argument" \
    "$siropt" $f -mtriple
if "$siropt" -mtriple aarch64-apple-darwin -O2 $f > "$tmp/t.sir" &&
   "$siropt" -O2 $f > "$tmp/u.sir" && cmp -s "$tmp/t.sir" "$tmp/u.sir"
then ok; else bad "siropt -mtriple aarch64-apple-darwin -O2 fails"; fi
expect_error "unknown architecture 'sparc9'" \
    "$sirc" -mtriple sparc9-linux $f -o "$tmp/x.s"

# -O is -O2; -O3 is documented
"$sirc" -O -S -o "$tmp/o.s" $f && "$sirc" -O2 -S -o "$tmp/o2.s" $f &&
    cmp -s "$tmp/o.s" "$tmp/o2.s" && ok || bad "sirc -O is not -O2"
"$sirc" --help | grep -q -- "-O3 is the same as -O2" && ok ||
    bad "sirc --help: -O3"
"$siropt" --help | grep -q -- "-O3 is the same as -O2" && ok ||
    bad "siropt --help: -O3"

# code generation in --time-passes and --stats
"$sirc" --time-passes --stats -c -o "$tmp/f.o" $f 2> "$tmp/err"
for w in "Pass execution timing report" "Code generation timing report" \
         "Instruction selection" "Register allocation" \
         "Data and file emission" "MIR instructions selected" \
         "Number of virtual registers"; do
    grep -q "$w" "$tmp/err" && ok || bad "sirc --time-passes --stats: $w"
done

# siropt's dumps
"$siropt" -p mem2reg,instcombine --print-before gvn -p gvn \
    --filter-print-funcs=factorial --print-changed $f -o /dev/null \
    2> "$tmp/err"
grep -q '^; \*\*\* IR Dump Before gvn \*\*\*' "$tmp/err" && ok ||
    bad "--print-before"
grep -q '^; \*\*\* IR Dump At Start \*\*\*' "$tmp/err" && ok ||
    bad "--print-changed: start"
grep -q '^; \*\*\* IR Dump After .* omitted because no change' \
    "$tmp/err" && ok || bad "--print-changed: unchanged pass"
grep -q '^fn i32 @factorial(' "$tmp/err" && ok || bad "filter: factorial"
grep -q '^fn i32 @main(' "$tmp/err" && bad "filter: main printed" || ok

# CFG pictures: Graphviz on standard output, or one file per function
"$siropt" -p print-cfg $f > "$tmp/cfg.dot" 2> "$tmp/err" || bad "print-cfg"
[ "$(grep -c '^digraph' "$tmp/cfg.dot")" = 3 ] && ok ||
    bad "print-cfg: one graph per function"
grep -q 'label="loop.body:\\l  %2 = imul i32 %acc, %x' "$tmp/cfg.dot" &&
    ok || bad "print-cfg: block text in the node"
if command -v dot > /dev/null 2>&1; then
    dot -Tsvg "$tmp/cfg.dot" > "$tmp/cfg.svg" 2> "$tmp/err" &&
        grep -q 'imul i32 %acc, %x' "$tmp/cfg.svg" && ok ||
        { bad "dot -Tsvg"; cat "$tmp/err"; }
else
    bad "dot (graphviz) is not installed: sh test/install-deps.sh"
fi
(cd "$tmp" && "$siropt" --dot-cfg "$OLDPWD/$f" -o /dev/null 2> "$tmp/err")
for fn in factorial factorial.rec main; do
    grep -q "^digraph \"cfg.$fn\"" "$tmp/cfg.$fn.dot" 2>/dev/null && ok ||
        bad "--dot-cfg: cfg.$fn.dot"
done

# -ferror-limit and colours (clang's options; NO_COLOR)
printf 'fn i32 @f() {\nentry:\n  %%a = iconst i64 1\n  ret i32 %%a\n}\n' \
    > "$tmp/bad.sir"
esc=$(printf '\033')
for t in sirc siropt siri; do
    "$bindir/$t" -fcolor-diagnostics "$tmp/bad.sir" > /dev/null 2> "$tmp/err"
    grep -q "error:$esc" "$tmp/err" && ok || bad "$t -fcolor-diagnostics"
    "$bindir/$t" -fno-color-diagnostics "$tmp/bad.sir" > /dev/null \
        2> "$tmp/err"
    grep -q "$esc" "$tmp/err" && bad "$t -fno-color-diagnostics" || ok
    expect_error "$t: error: bad value in '-ferror-limit=x'" \
        "$bindir/$t" -ferror-limit=x "$tmp/bad.sir"
done
# not a terminal: no colour unless asked
grep -q "$esc" "$tmp/err" && bad "colour without a terminal" || ok
if command -v script > /dev/null 2>&1; then
    script -qec "$siropt $tmp/bad.sir" /dev/null > "$tmp/tty" 2>&1
    grep -q "$esc" "$tmp/tty" && ok || bad "no colour on a terminal"
    NO_COLOR=1 script -qec "$siropt $tmp/bad.sir" /dev/null > "$tmp/tty" 2>&1
    grep -q "$esc" "$tmp/tty" && bad "colour despite NO_COLOR" || ok
fi

# sirc -O0 -c streams the module (compiles each function as soon as the
# symbols it names are declared): the object is that of the
# whole-module path (--stats keeps to it), uses of later symbols work,
# and an error after a compiled function leaves no output and the
# messages of the whole-module run (a parse error hides the verifier's).
cat > "$tmp/fwd.sir" <<'SIR'
fn i32 @a(i32) {
entry(i32 %x):
    %y = call i32 @b(i32 %x)
    %p = globaladdr @g
    store i32 %y, ptr %p
    ret i32 %y
}
fn i32 @b(i32) {
entry(i32 %x):
    ret i32 %x
}
@g = global i32 0
SIR
"$sirc" -O0 -c -o "$tmp/s1.o" "$tmp/fwd.sir" &&
    "$sirc" -O0 -c --stats -o "$tmp/s2.o" "$tmp/fwd.sir" 2>/dev/null &&
    cmp -s "$tmp/s1.o" "$tmp/s2.o" && ok || bad "streamed object differs"
{ head -n 7 "$tmp/fwd.sir"; cat <<'SIR'; } > "$tmp/fwdbad.sir"
fn i32 @b(i32) {
entry(i32 %x):
    br done
dead:
    %z = iadd i32 %x, %x
    br done
done:
    ret i32 %z
}
@g = global i32 0
SIR
expect_error "fwdbad.sir:15:13: error: definition of %z in block dead" \
    "$sirc" -O0 -c -o "$tmp/s3.o" "$tmp/fwdbad.sir"
[ -e "$tmp/s3.o" ] && bad "sirc -O0 -c left an output after an error"
printf 'fn void @c() {\nentry:\n    ret void\n' >> "$tmp/fwdbad.sir"
"$sirc" -O0 -c -o "$tmp/s3.o" "$tmp/fwdbad.sir" 2> "$tmp/err"
[ $? -eq 1 ] && [ "$(grep -c 'error:' "$tmp/err")" = 1 ] &&
    ! grep -q "fwdbad.sir:15:" "$tmp/err" && [ ! -e "$tmp/s3.o" ] && ok ||
    bad "a parse error after a verifier error: $(cat "$tmp/err")"

# --version and bad options, the same in every tool
for t in sirc siropt siri filetest; do
    "$bindir/$t" --version > "$tmp/v" 2>&1 &&
        grep -q "^$t (sir) [0-9]" "$tmp/v" && ok || bad "$t --version"
    expect_error "^$t: error: unknown option '--frobnicate' (see --help)" \
        "$bindir/$t" --frobnicate
done

echo "cli tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
