#!/usr/bin/env bash
# Builds the .deb from this build tree (cpack -G DEB), inspects it, extracts it into a scratch
# root and runs the installed programs from there.
set -euo pipefail
build=$1 cpack=$2 id=$3
fail() { echo "FAIL: $*" >&2; exit 1; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/repolens-deb.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# A private package directory, so parallel builds or earlier packages do not interfere.
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/out" >"$scratch/cpack.log" 2>&1 \
    || { cat "$scratch/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$(find "$scratch/out" -maxdepth 1 -name 'repolens_*.deb' | head -n1)
[ -n "$deb" ] || { cat "$scratch/cpack.log" >&2; fail "no .deb produced"; }
echo "built $(basename "$deb")"

info=$(dpkg-deb --info "$deb")
echo "$info"
for field in "Package: repolens" "Maintainer:" "Section: devel" "Homepage:" "Description:"; do
    grep -q "$field" <<<"$info" || fail "control field '$field' missing"
done
depends=$(grep '^ Depends:' <<<"$info") || fail "no Depends line"
for lib in libqt6core6 libqt6widgets6 libqt6sql6-sqlite libsqlite3 libc6; do
    grep -q "$lib" <<<"$depends" || fail "Depends does not name $lib: $depends"
done

contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
for f in ./usr/bin/repolens ./usr/bin/repolens-cli \
         "./usr/share/applications/$id.desktop" "./usr/share/metainfo/$id.metainfo.xml" \
         "./usr/share/icons/hicolor/scalable/apps/$id.svg" \
         "./usr/share/icons/hicolor/16x16/apps/$id.png" \
         "./usr/share/icons/hicolor/48x48/apps/$id.png" \
         "./usr/share/icons/hicolor/256x256/apps/$id.png" \
         ./usr/share/repolens/translations/repolens_de.qm \
         ./usr/share/repolens/translations/repolens_fr.qm \
         ./usr/share/doc/repolens/README.md ./usr/share/doc/repolens/architecture.md; do
    grep -qxF "$f" <<<"$contents" || fail "$f is not in the package"
done
# Nothing from the build tree or the tests leaks into the package.
if grep -E 'tst_|connectlog|svgtopng|/include/|\.a$' <<<"$contents"; then
    fail "test or build-only files in the package"
fi

root="$scratch/root"
dpkg-deb -x "$deb" "$root"
version=$("$root/usr/bin/repolens-cli" --version)
echo "installed repolens-cli --version: $version"
grep -q "[0-9]\+\.[0-9]\+\.[0-9]\+" <<<"$version" || fail "unexpected --version output: $version"

export QT_QPA_PLATFORM=offscreen
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share"
mkdir -p "$HOME"
"$root/usr/bin/repolens" --self-test --data-dir "$scratch/data" || fail "installed repolens --self-test failed"
echo "installed repolens --self-test: ok"
