#!/usr/bin/env bash
# Builds the .deb from this build tree (cpack -G DEB with the build's CPackConfig.cmake, into a
# scratch directory), inspects it (dpkg-deb --info/--contents: control fields, Depends computed
# by dpkg-shlibdeps, the FHS layout), extracts it into a scratch root (dpkg-deb -x, no root
# needed) and runs the installed programs from there against the system Qt.
set -euo pipefail
build=$1 cpack=$2 id=$3 version=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/packagelib.sh"

build_package DEB 'repolens_*.deb'
deb=$package

info=$(dpkg-deb --info "$deb")
echo "$info"
for field in "Package: repolens" "Version: $version" "Architecture: $(dpkg --print-architecture)" \
             "Maintainer:" "Section: devel" "Homepage:" "Description:"; do
    grep -q "^ $field" <<<"$info" || fail "control field '$field' missing"
done
depends=$(grep '^ Depends:' <<<"$info") || fail "no Depends line"
# Computed by dpkg-shlibdeps (versioned, from the linked libraries), plus the run-time plugins
# it cannot see. No Qt SQL: SQLite is linked directly.
# (t64: the package names of Debian/Ubuntu's 64-bit time_t transition.)
for lib in 'libc6 \(>=' 'libqt6core6(t64)? \(>=' 'libqt6widgets6(t64)? \(>=' \
           'libsqlite3-0 \(>=' 'libstdc\+\+6 \(>=' 'qt6-qpa-plugins'; do
    grep -qE "[ ,]$lib" <<<"$depends" || fail "Depends does not match '$lib': $depends"
done
! grep -q 'libqt6sql6' <<<"$depends" || fail "Depends names Qt SQL, which RepoLens does not use: $depends"

# Files only (directories start with d), as ./usr/... paths.
files=$(dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ {print $NF}' | sort)
"$here/expect-layout.sh" "$id" ./usr <<<"$files"

root="$scratch/root"
dpkg-deb -x "$deb" "$root"
grep -q "MIT License" "$root/usr/share/doc/repolens/copyright" || fail "copyright is not the MIT licence"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$root/usr/share/applications/$id.desktop" || fail "installed desktop file"
fi
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/$id.metainfo.xml" >/dev/null \
        || fail "installed metainfo does not validate"
fi

# The extracted programs, with a private HOME; nothing from the build tree on their paths.
cd "$scratch"
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share"
export XDG_CACHE_HOME="$scratch/home/.cache" XDG_RUNTIME_DIR="$scratch/run"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset LD_LIBRARY_PATH QT_PLUGIN_PATH
out=$("$root/usr/bin/repolens-cli" --version)
echo "installed repolens-cli --version: $out"
grep -qF "$version" <<<"$out" || fail "repolens-cli --version does not say $version: $out"
out=$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/repolens" --version)
grep -qF "$version" <<<"$out" || fail "repolens --version does not say $version: $out"

# The KSyntaxHighlighting helper, where the app looks for it (../libexec/repolens beside bin/),
# against the system's KF5 library (in Depends through dpkg-shlibdeps).
for lib in 'libkf5syntaxhighlighting5 \(>=' 'libqt5core5a \(>='; do
    grep -qE "[ ,]$lib" <<<"$depends" || fail "Depends does not match '$lib': $depends"
done
helper="$root/usr/libexec/repolens/repolens-highlighter"
out=$("$helper" --version) || fail "installed repolens-highlighter --version failed"
echo "installed repolens-highlighter --version: $out"
grep -qE "^repolens-highlighter $version \(KSyntaxHighlighting 5\.[0-9.]+, protocol [0-9]+\)$" <<<"$out" \
    || fail "repolens-highlighter --version: $out"
printf 'FROM debian:12\nRUN make\n' >"$scratch/Dockerfile"
out=$("$helper" --highlight "$scratch/Dockerfile") || fail "installed repolens-highlighter --highlight failed"
grep -q "^definition Dockerfile, 2 lines" <<<"$out" || fail "repolens-highlighter --highlight: $out"

QT_QPA_PLATFORM=offscreen "$root/usr/bin/repolens" --self-test --data-dir "$scratch/data" \
    || fail "installed repolens --self-test failed"
echo "installed repolens --self-test: ok (whole test ${SECONDS} s)"
