#!/bin/sh
# Output files as `cc -o` writes them, and nothing left behind on any
# exit (issue 21, points 10-12 and 14; issue 19, point 6):
#   - the umask, the old file's mode, symbolic links followed;
#   - /dev/stdout, /dev/fd/N and standard output under another name
#     written in place (the link is not replaced, >> appends);
#   - names of 246-255 bytes; a read-only output refused, a writable one
#     in a read-only directory written (as a user other than root);
#   - with -o - a failing compile writes nothing;
#   - no temporary left by the out-of-memory exit or by SIGINT, SIGTERM,
#     SIGHUP.  (sirc writes its objects itself and runs no assembler, so
#     no child process can be orphaned.)
#
#   sh test/files/run.sh BINDIR
bindir=${1:?usage: run.sh BINDIR}
bindir=$(cd "$bindir" && pwd)
sirc=$bindir/sirc siropt=$bindir/siropt
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirfiles.XXXXXX") || exit 1
chmod 755 "$tmp"
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
check() { if eval "$1"; then ok; else bad "$2"; fi; }
mode() { ls -ld "$1" | cut -c1-10; }
leftovers() { ls -a "$1" | grep -c 'tmp' ; }

here=$(pwd)
cd "$tmp" || exit 1
cat > in.sir <<'EOF'
fn i32 @seven() {
entry:
  %0 = iconst i32 7
  ret i32 %0
}
EOF
printf 'fn i32 @f() {\nentry:\n  ret i64 %%nothing\n}\n' > bad.sir

# modes: the umask for a new file, the old mode for an existing one
(umask 027 && "$sirc" -c in.sir -o new.o)
check '[ "$(mode new.o)" = "-rw-r-----" ]' "new output ignores the umask: $(mode new.o)"
chmod 751 new.o && "$sirc" -c in.sir -o new.o
check '[ "$(mode new.o)" = "-rwxr-x--x" ]' "rewritten output lost its mode: $(mode new.o)"
"$siropt" in.sir -o same.sir && chmod 640 same.sir &&
    "$siropt" same.sir -o same.sir
check '[ "$(mode same.sir)" = "-rw-r-----" ]' "siropt x -o x lost the mode"

# a symbolic link: the file it points to is written, the link stays
mkdir sub && "$sirc" -S in.sir -o sub/real.s && ln -s sub/real.s link.s &&
    "$siropt" in.sir -o sub/real.s && "$sirc" -S in.sir -o link.s
check '[ -L link.s ] && grep -q seven sub/real.s' "writing through a link"
check '[ "$(leftovers .)" = 0 ] && [ "$(leftovers sub)" = 0 ]' "temporary left"

# /dev/stdout and /dev/fd/1 when standard output is a regular file
# (as root a regression would replace the machine's /dev/stdout: that
# case runs as another user, or not at all)
if [ "$(id -u)" != 0 ]; then
    "$sirc" -S in.sir -o /dev/stdout > out.s
    check 'grep -q seven out.s && [ -L /dev/stdout ]' "-o /dev/stdout to a file"
elif command -v setpriv >/dev/null 2>&1; then
    setpriv --reuid=65534 --regid=65534 --clear-groups \
        "$sirc" -S in.sir -o /dev/stdout > out.s
    check 'grep -q seven out.s && [ -L /dev/stdout ]' "-o /dev/stdout to a file"
fi
echo first > log
"$sirc" -S in.sir -o /dev/fd/1 >> log
check '[ "$(head -1 log)" = first ] && grep -q seven log' "-o /dev/fd/1 >> log"
"$siropt" in.sir -o out.s >> out.s 2>/dev/null
check 'grep -q seven out.s' "output named as standard output"

# names of 246 to 255 bytes
long=$(printf '%0250d' 0 | tr 0 n).o
"$sirc" -c in.sir -o "$long"
check '[ -s "$long" ] && [ "$(leftovers .)" = 0 ]' "a 252-byte output name"

# -o - writes nothing when the compile fails
"$sirc" bad.sir -o - > fail.out 2>/dev/null
check '[ ! -s fail.out ]' "-o - wrote part of a failed compile"

# writing standard output fails: status 1 and the reason, never 0
if [ -w /dev/full ]; then
    for c in "sirc --help" "sirc --version" "siropt --help" \
             "siropt --version" "siropt --list-passes" "siropt in.sir" \
             "sirc -S in.sir -o -"; do
        set -- $c
        t=$1
        shift
        "$bindir/$t" "$@" > /dev/full 2>err
        st=$?
        check '[ $st = 1 ] && grep -q "cannot write .-.: No space left" err' \
            "'$c > /dev/full' exits $st: $(head -1 err)"
    done
fi
# a reason for every "cannot read" and "cannot write"
"$sirc" -c in.sir -o nodir/x.o 2>err
check 'grep -q "cannot write .nodir/x.o.: No such file or directory" err' \
    "no reason given: $(cat err)"
"$siropt" nofile.sir 2>err
check 'grep -q "cannot read .nofile.sir.: No such file or directory" err' \
    "no reason given: $(cat err)"

# read-only output and directory, as a user other than root
asuser() { "$@"; }
if [ "$(id -u)" = 0 ]; then
    if command -v setpriv >/dev/null 2>&1; then
        asuser() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
        mkdir user && chmod 777 user
    else
        asuser=
    fi
else
    mkdir user
fi
if [ -d user ]; then
    cd user
    asuser sh -c "echo x > ro.o && chmod 444 ro.o
        mkdir dir && echo x > dir/w.o && chmod 555 dir"
    asuser "$sirc" -c ../in.sir -o ro.o 2>err
    check '[ $? = 1 ] && grep -q "cannot write .ro.o.: Permission denied" err &&
           [ "$(cat ro.o)" = x ]' "a read-only output was replaced"
    asuser "$sirc" -c ../in.sir -o dir/w.o 2>err
    check '[ $? = 0 ] && [ "$(cat dir/w.o)" != x ] &&
           [ "$(leftovers dir)" = 0 ]' "writable output in a read-only dir"
    asuser "$sirc" -c ../in.sir -o dir/new.o 2>err
    check '[ $? = 1 ] && grep -q "Permission denied" err' "new file in a read-only dir"
    cd ..
else
    echo "files: read-only tests skipped (root without setpriv)"
fi

# out of memory (exit 2) after the temporary exists: nothing left (not
# with AddressSanitizer, which needs more address space than any limit)
sh "$here/bench/shape.sh" insts 100000 > big.sir
mkdir oom
v=20000 done=
[ -n "$ASAN_OPTIONS" ] && done=skipped
while [ $v -le 400000 ] && [ -z "$done" ]; do
    (ulimit -v $v && "$sirc" -O0 -c big.sir -o oom/big.o) 2>/dev/null
    st=$?
    [ $st = 0 ] && done=1
    [ $st = 0 ] || [ $st = 2 ] || { bad "exit $st under ulimit -v $v"; break; }
    [ "$(leftovers oom)" = 0 ] || { bad "temporary left at exit $st (ulimit -v $v)"; break; }
    v=$((v + 20000))
done
[ "$done" = 1 ] && ok

# signals while the output is being written
sh "$here/bench/shape.sh" insts 300000 > big.sir
for sig in TERM HUP INT; do
    rm -rf sig && mkdir sig
    if [ $sig = INT ]; then
        # a background job of a shell ignores SIGINT unless told not to
        env --default-signal=INT true 2>/dev/null || continue
        env --default-signal=INT "$sirc" -O0 -c big.sir -o sig/big.o &
    else
        "$sirc" -O0 -c big.sir -o sig/big.o &
    fi
    pid=$! n=0
    while [ "$(leftovers sig)" = 0 ] && [ $n -lt 400 ] &&
          kill -0 $pid 2>/dev/null; do
        sleep 0.02; n=$((n + 1))
    done
    kill -$sig $pid 2>/dev/null
    wait $pid
    st=$?
    if [ $st = 0 ]; then
        echo "files: SIG$sig came too late to test"
    elif [ "$(leftovers sig)" != 0 ]; then
        bad "SIG$sig left $(ls sig)"
    else
        ok
    fi
done

cd "$here" || exit 1
echo "files: $pass passed, $fail failed"
[ "$fail" = 0 ]
