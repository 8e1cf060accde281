#!/bin/sh
# Installs what building and testing sir needs, when it is missing, with
# apt-get (through sudo when not root).  Quiet when everything is there.
set -e
need=""
command -v bison >/dev/null 2>&1 || need="$need bison"
command -v flex >/dev/null 2>&1 || need="$need flex"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
pkg-config --exists check 2>/dev/null || need="$need check"
pkg-config --exists libffi 2>/dev/null || need="$need libffi-dev"
command -v as >/dev/null 2>&1 || need="$need binutils"
command -v qemu-aarch64 >/dev/null 2>&1 || need="$need qemu-user"
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
command -v gdb >/dev/null 2>&1 || need="$need gdb"
command -v clang >/dev/null 2>&1 || need="$need clang"
[ -z "$need" ] && exit 0
echo "install-deps: installing:$need"
if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $need >/dev/null
