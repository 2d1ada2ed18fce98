#!/usr/bin/env bash
# Reads the list of installed files (one per line, relative, e.g. ./bin/repolens) on stdin and
# checks the FHS layout below ROOT (".", "./usr", ...): everything RepoLens installs is there,
# nothing else is. Shared by check-install.sh, check-deb.sh and check-tgz.sh.
set -euo pipefail
id=$1 root=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
files=$(cat)

expected=("$root/bin/repolens" "$root/bin/repolens-cli" "$root/libexec/repolens/repolens-highlighter"
    "$root/share/applications/$id.desktop" "$root/share/metainfo/$id.metainfo.xml"
    "$root/share/icons/hicolor/scalable/apps/$id.svg")
for size in 16 22 24 32 48 64 128 256; do
    expected+=("$root/share/icons/hicolor/${size}x${size}/apps/$id.png")
done
for lang in en de fr; do
    expected+=("$root/share/repolens/translations/repolens_$lang.qm")
done
expected+=("$root/share/doc/repolens/copyright" "$root/share/doc/repolens/README.md"
    "$root/share/doc/repolens/architecture.md")
# A tree built with REPOLENS_SHARED_LIBS installs its libraries to lib/repolens (the list of
# their names comes from CMake in REPOLENS_PRIVATE_LIBS); a static tree installs none.
private_libs=()
for lib in ${REPOLENS_PRIVATE_LIBS//:/ }; do
    private_libs+=("$root/lib/repolens/lib$lib.so")
done
expected+=("${private_libs[@]}")
for f in "${expected[@]}"; do
    grep -qxF "$f" <<<"$files" || fail "$f is not installed"
done

# Every file below one of the FHS places above; nothing from the tests or the build.
unexpected=$(grep -vE "^$root/(bin/repolens(-cli)?|libexec/repolens/repolens-highlighter|share/(applications|metainfo|icons/hicolor|repolens/translations|doc/repolens)/.*)$" <<<"$files" || true)
for lib in "${private_libs[@]}"; do
    unexpected=$(grep -vxF "$lib" <<<"$unexpected" || true)
done
[ -z "$unexpected" ] || fail "files outside the expected places: $unexpected"
nonlib=$files
for lib in "${private_libs[@]}"; do
    nonlib=$(grep -vxF "$lib" <<<"$nonlib" || true)
done
if grep -E 'tst_|connectlog|svgtopng|/include/|\.a$|\.so|/lib/' <<<"$nonlib"; then
    fail "test or build-only files are installed"
fi
echo "layout below $root: ok ($(wc -l <<<"$files") files, ${#private_libs[@]} private libraries)"
