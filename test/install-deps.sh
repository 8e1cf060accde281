#!/bin/sh
# Installs what building and testing sir needs, when it is missing, with
# apt-get (through sudo when not root).  Silent and quick (no apt-get at
# all) when everything is there, so `make check` can run it every time.
#
#   sh test/install-deps.sh          install what is missing
#   sh test/install-deps.sh -n       only list what is missing (exit 1 if
#                                    anything is)
set -e
need=""
want() { need="$need $*"; }
has() { command -v "$1" >/dev/null 2>&1; }

has make || want make
has cc || want gcc libc6-dev
has as || want binutils
has bison || want bison
has flex || want flex
has pkg-config || want pkg-config
# Libraries: ask pkg-config when it is there, else look for the header.
if has pkg-config; then
    pkg-config --exists check 2>/dev/null || want check
    pkg-config --exists libffi 2>/dev/null || want libffi-dev
else
    [ -f /usr/include/check.h ] || want check
    [ -f /usr/include/ffi.h ] || ls /usr/include/*/ffi.h >/dev/null 2>&1 ||
        want libffi-dev
fi
# The ARM64 backend's tests: cross compiler, its C library, qemu.
has aarch64-linux-gnu-gcc || want gcc-aarch64-linux-gnu
[ -f /usr/aarch64-linux-gnu/include/stdio.h ] || want libc6-dev-arm64-cross
has qemu-aarch64 || want qemu-user
# The object writers' tests: llvm-mc, llvm-objdump, llvm-dwarfdump
# (package llvm) and ld64.lld (package lld) check Mach-O objects.
has llvm-mc || want llvm
has lld || want lld
# siropt -p print-cfg output is rendered by test/cli/run.sh.
has dot || want graphviz
# Debugger test, libFuzzer harnesses (make fuzz) and CC=clang builds.
has gdb || want gdb
# The AArch64 debugger test: gdb attached to qemu-aarch64 -g.
has gdb-multiarch || want gdb-multiarch
has clang || want clang

# Optional: libffi for arm64, so that test/interp can run an AArch64
# siri under qemu (a foreign architecture for dpkg).  A failure only
# leaves that lane building its libraries, so it never fails the script.
if [ ! -f /usr/lib/aarch64-linux-gnu/libffi.a ] && [ "$1" != "-n" ] &&
   has apt-get && has dpkg && [ "$(dpkg --print-architecture)" = amd64 ]; then
    s=""; [ "$(id -u)" = 0 ] || s=sudo
    if [ -z "$s" ] || has sudo; then
        echo "install-deps: installing libffi-dev:arm64 (optional)"
        { dpkg --print-foreign-architectures | grep -qx arm64 ||
              $s dpkg --add-architecture arm64; } &&
            DEBIAN_FRONTEND=noninteractive $s apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive $s apt-get install -y -qq \
                --no-install-recommends libffi-dev:arm64 >/dev/null ||
            echo "install-deps: libffi-dev:arm64 not installed (optional)"
    fi
fi

[ -z "$need" ] && exit 0
if [ "$1" = "-n" ]; then
    echo "install-deps: missing:$need"
    exit 1
fi
echo "install-deps: installing:$need"
if ! has apt-get; then
    echo "install-deps: no apt-get here; please install:$need" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ]; then
    sudo=""
elif has sudo; then
    sudo="sudo"
else
    echo "install-deps: not root and no sudo; please install:$need" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $need >/dev/null
# Check the result, so a partial install fails here and not later.
if ! sh "$0" -n; then
    echo "install-deps: some packages did not install" >&2
    exit 1
fi

