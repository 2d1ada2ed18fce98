#!/usr/bin/env bash
# Builds the .tar.gz from this build tree (cpack -G TGZ into a scratch directory): one top-level
# folder repolens-VERSION-ARCH with the same FHS tree as `cmake --install` (bin/, share/...),
# whose repolens-cli runs.
set -euo pipefail
build=$1 cpack=$2 id=$3 version=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/packagelib.sh"

build_package TGZ "repolens-$version-*.tar.gz"
tgz=$package

top=$(basename "$tgz" .tar.gz)
files=$(tar -tzf "$tgz" | grep -v '/$' | sed 's|^|./|' | sort)
"$here/expect-layout.sh" "$id" "./$top" <<<"$files"

mkdir "$scratch/x"
tar -xzf "$tgz" -C "$scratch/x"
out=$("$scratch/x/$top/bin/repolens-cli" --version)
grep -qF "$version" <<<"$out" || fail "repolens-cli --version does not say $version: $out"
echo "extracted repolens-cli --version: $out"
