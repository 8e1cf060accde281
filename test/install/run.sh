#!/bin/sh
# libsir as a front end uses it (sh test/install/run.sh BINDIR): installs
# into a temporary DESTDIR with "make install" and builds against the
# installed tree only, through pkg-config:
#   - every installed header compiles alone as C11 (-Wall -Wextra
#     -pedantic -Werror) and as C++17 (g++, clang++);
#   - examples/api/frontend.c, built as C and as C++, against the shared
#     and the static library, builds fact() and writes an object; a C
#     program links the object and runs it; the front end needs no
#     libffi (not in "pkg-config --static --libs sir", not NEEDED);
#   - examples/api/run.c runs SIR through sir-interp, shared and static;
#   - LICENSE holds the MIT licence, which README and the .pc files name;
#   - libsir.so carries the soname libsir.so.0; filetest is installed as
#     sir-filetest; "make uninstall" removes every file install wrote.
bindir=${1:?usage: run.sh BINDIR}
B=$(dirname "$bindir")
CC=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sirinst.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

root=$tmp/root
prefix=/usr/local
# A sanitizer build (make check SAN=1): programs linking it need the
# sanitizer runtimes too.
san=
nm "$B/lib/libsir.a" 2>/dev/null | grep -q __asan && \
    san="-fsanitize=address,undefined"
CC="$CC $san"
if ! make --no-print-directory -s install B="$B" DESTDIR="$root" \
        PREFIX=$prefix > "$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"; echo "FAIL: make install"; exit 1
fi
lib=$root$prefix/lib
pc() {
    PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_PATH=$lib/pkgconfig \
        PKG_CONFIG_LIBDIR=$lib/pkgconfig pkg-config "$@"
}
cflags=$(pc --cflags sir) || bad "pkg-config --cflags sir"
case $cflags in *include/sir*) bad "cflags name include/sir: $cflags";; esac

# The licence: LICENSE is the MIT licence, named by the README and sir.pc.
grep -q '^MIT License' LICENSE 2>/dev/null || bad "LICENSE: not the MIT licence"
grep -q 'MIT licence: see `LICENSE`' README.md || bad "README: no licence"
for p in sir sir-interp; do
    grep -q '^License: MIT' "$lib/pkgconfig/$p.pc" || bad "$p.pc: no licence"
done

# Each header alone, C and C++.
for h in "$root$prefix"/include/sir/*.h; do
    n=$(basename "$h")
    printf '#include <sir/%s>\nint sir_test_x;\n' "$n" > "$tmp/h.c"
    cp "$tmp/h.c" "$tmp/h.cc"
    if $CC -std=c11 -Wall -Wextra -pedantic -Werror $cflags -c \
            -o "$tmp/h.o" "$tmp/h.c" 2> "$tmp/err"; then ok
    else cat "$tmp/err"; bad "C11: $n"; fi
    for cxx in g++ clang++; do
        command -v $cxx >/dev/null 2>&1 || continue
        if $cxx $san -std=c++17 -Wall -Wextra -pedantic -Werror $cflags -c \
                -o "$tmp/h.o" "$tmp/h.cc" 2> "$tmp/err"; then ok
        else cat "$tmp/err"; bad "$cxx: $n"; fi
    done
done

# frontend -> object -> linked with main.c -> runs
run_frontend() {  # tag, compile command...
    tag=$1; shift
    if ! "$@" 2> "$tmp/err"; then
        cat "$tmp/err"; bad "$tag: build"; return
    fi
    if LD_LIBRARY_PATH=$lib "$tmp/fe" "$tmp/fact.o" > "$tmp/fe.out" &&
       $CC -o "$tmp/fact" examples/api/main.c "$tmp/fact.o" &&
       "$tmp/fact" > /dev/null; then ok
    else bad "$tag: front end, link or run"; fi
}
libs=$(pc --libs sir)
run_frontend "C, libsir.so" $CC -std=c11 -Wall -Wextra -pedantic -Werror \
    -o "$tmp/fe" examples/api/frontend.c $cflags $libs
readelf -d "$tmp/fe" | grep -q 'NEEDED.*libsir\.so\.0' || bad "fe: NEEDED"
readelf -d "$tmp/fe" | grep -q 'NEEDED.*ffi' && bad "fe: needs libffi"
readelf -d "$lib/libsir.so.0" | grep -q 'NEEDED.*ffi' &&
    bad "libsir.so needs libffi"
for cxx in g++ clang++; do
    command -v $cxx >/dev/null 2>&1 || continue
    # clang's ASan runtime is not gcc's: no mixed sanitizer programs
    [ -n "$san" ] && [ $cxx = clang++ ] && continue
    run_frontend "$cxx, libsir.so" $cxx $san -std=c++17 -Wall -Wextra \
        -pedantic -Werror -x c++ examples/api/frontend.c -x none \
        -o "$tmp/fe" $cflags $libs
done
readelf -d "$lib/libsir.so.0.1.0" | grep -q 'SONAME.*\[libsir\.so\.0\]' ||
    bad "libsir.so soname"
[ "$(readlink "$lib/libsir.so")" = libsir.so.0 ] || bad "libsir.so link"

# The interpreter through sir-interp.
ilibs=$(pc --libs sir-interp)
if $CC -o "$tmp/run" examples/api/run.c $(pc --cflags sir-interp) $ilibs &&
   LD_LIBRARY_PATH=$lib "$tmp/run" > /dev/null; then ok
else bad "run.c with sir-interp (shared)"; fi

# Static libraries alone: the same tree without the .so files.
rm -f "$lib"/*.so*
slibs=$(pc --static --libs sir)
case $slibs in *ffi*) bad "pkg-config --static --libs sir: $slibs";; esac
run_frontend "C, libsir.a" $CC -o "$tmp/fe" examples/api/frontend.c \
    $cflags $slibs
run_frontend "C++, libsir.a" c++ $san -x c++ examples/api/frontend.c -x none \
    -o "$tmp/fe" $cflags $slibs
if $CC -o "$tmp/run" examples/api/run.c $(pc --cflags sir-interp) \
        $(pc --static --libs sir-interp) && "$tmp/run" > /dev/null; then ok
else bad "run.c with sir-interp (static)"; fi

# The language reference goes with the manual pages.
[ -f "$root$prefix/share/doc/sir/reference.md" ] ||
    bad "doc/reference.md not installed"

# Tools: sir-filetest, not filetest.
[ -x "$root$prefix/bin/sir-filetest" ] || bad "sir-filetest not installed"
[ -e "$root$prefix/bin/filetest" ] && bad "filetest installed"
"$root$prefix/bin/sir-filetest" --version > /dev/null 2>&1 ||
    bad "sir-filetest --version"

# make uninstall removes what install wrote (the .so files were removed
# above: uninstall must not mind).
make --no-print-directory -s install B="$B" DESTDIR="$root" \
    PREFIX=$prefix > /dev/null 2>&1
if make --no-print-directory -s uninstall B="$B" DESTDIR="$root" \
        PREFIX=$prefix > "$tmp/uninstall.log" 2>&1; then
    left=$(find "$root" -type f -o -type l)
    if [ -z "$left" ]; then ok; else bad "left after uninstall: $left"; fi
else cat "$tmp/uninstall.log"; bad "make uninstall"; fi

echo "install tests: $pass passed, $fail failed"
[ $fail -eq 0 ]
