#!/usr/bin/env bash
# Builds the .tar.gz from this build tree (cpack -G TGZ into a scratch directory): one top-level
# folder repolens-VERSION-ARCH with the same FHS tree as `cmake --install` (bin/, share/...),
# whose repolens-cli runs.
set -euo pipefail
build=$1 cpack=$2 id=$3 version=$4
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/repolens-tgz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
SECONDS=0
"$cpack" -G TGZ --config "$build/CPackConfig.cmake" -B "$scratch/out" >"$scratch/cpack.log" 2>&1 \
    || { cat "$scratch/cpack.log" >&2; fail "cpack -G TGZ failed"; }
tgz=$(find "$scratch/out" -maxdepth 1 -name "repolens-$version-*.tar.gz" | head -n1)
[ -n "$tgz" ] || { cat "$scratch/cpack.log" >&2; fail "no repolens-$version-*.tar.gz produced"; }
echo "built $(basename "$tgz") ($(du -k "$tgz" | cut -f1) KiB) in ${SECONDS} s"

top=$(basename "$tgz" .tar.gz)
files=$(tar -tzf "$tgz" | grep -v '/$' | sed 's|^|./|' | sort)
"$here/expect-layout.sh" "$id" "./$top" <<<"$files"

mkdir "$scratch/x"
tar -xzf "$tgz" -C "$scratch/x"
out=$("$scratch/x/$top/bin/repolens-cli" --version)
grep -qF "$version" <<<"$out" || fail "repolens-cli --version does not say $version: $out"
echo "extracted repolens-cli --version: $out"
