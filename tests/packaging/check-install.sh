#!/usr/bin/env bash
# `cmake --install` of this build tree into a scratch prefix: every file in its FHS place
# (bin/, share/applications, share/metainfo, share/icons/hicolor, share/repolens/translations,
# share/doc/repolens with the copyright), nothing from the tests or the build.
set -euo pipefail
build=$1 cmake=$2 id=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/repolens-install.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
prefix="$scratch/prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$scratch/install.log" 2>&1 \
    || { cat "$scratch/install.log" >&2; fail "cmake --install failed"; }

cd "$prefix"
files=$(find . -mindepth 1 \( -type f -o -type l \) | sort)
echo "$files"
"$here/expect-layout.sh" "$id" "." <<<"$files"

for exe in bin/repolens bin/repolens-cli libexec/repolens/repolens-highlighter; do
    [ -x "$exe" ] || fail "$exe is not executable"
    # Installed programs link the system libraries only: no build-tree RUNPATH.
    if readelf -d "$exe" 2>/dev/null | grep -E 'R(UN)?PATH' | grep -qF "$build"; then
        fail "$exe keeps a RUNPATH into the build tree"
    fi
done
version=$(bin/repolens-cli --version)
echo "installed repolens-cli --version: $version"
