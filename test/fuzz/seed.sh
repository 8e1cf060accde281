#!/bin/sh
# seed.sh [REFERENCE.md] - refresh the parser fuzzer's seed corpus.
#
# Copies every file test (test/sir/**/*.sir) and example (examples/*.sir)
# into test/fuzz/corpus/, plus each ```sir block of the language
# reference (default: doc/reference.md).
# Seeds are named by content hash, so rerunning adds nothing twice.
set -eu
cd "$(dirname "$0")/../.."
out=test/fuzz/corpus
spec=${1:-doc/reference.md}
mkdir -p "$out"

add() {
    h=$(sha1sum "$1" | cut -c1-16)
    cp "$1" "$out/$2-$h.sir"
}

for f in $(find test/sir examples -name '*.sir' 2>/dev/null | sort); do
    add "$f" "$(basename "$f" .sir)"
done

if [ -f "$spec" ]; then
    tmp=$(mktemp -d)
    awk -v dir="$tmp" '
        /^```sir[ \t]*$/ { n++; file = sprintf("%s/spec%02d.sir", dir, n);
                           inside = 1; next }
        /^```/           { if (inside) close(file); inside = 0; next }
        inside           { print > file }
    ' "$spec"
    for f in "$tmp"/*.sir; do
        [ -f "$f" ] && add "$f" "$(basename "$f" .sir)"
    done
    rm -rf "$tmp"
fi
echo "seed.sh: $(ls "$out" | wc -l) seeds in $out"
