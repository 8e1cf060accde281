# golden.sh - the start of the scripts that re-derive a golden encoding
# table from llvm-mc (test/x64enc/run.sh, test/a64enc/run.sh), sourced
# with 'name' set (x64enc, a64enc) and the script's BINDIR argument as
# $1: sets ck (the unit test binary, BINDIR/../test/check_NAME), mc
# (llvm-mc) and tmp (a directory removed on exit), or exits 0 with a
# message when llvm-mc or the binary is missing.
bindir=${1:-build/bin}
ck=$bindir/../test/check_$name
mc=$(command -v llvm-mc || command -v llvm-mc-14)
if [ -z "$mc" ] || [ ! -x "$ck" ]; then
    echo "$name: skipped (needs llvm-mc and $ck)"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
