#!/usr/bin/env bash
# One application id everywhere: the desktop file name, the metainfo <id>, <launchable>,
# <icon>, the icon file name, the desktop file's Icon= and the GUI's setDesktopFileName(); the
# metainfo's project_license matches LICENSE.
set -euo pipefail
src=$1 id=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
p="$src/packaging"
[ -f "$p/$id.desktop" ] || fail "$p/$id.desktop missing"
[ -f "$p/$id.metainfo.xml" ] || fail "$p/$id.metainfo.xml missing"
[ -f "$p/icons/$id.svg" ] || fail "$p/icons/$id.svg missing"
grep -qx "Icon=$id" "$p/$id.desktop" || fail "desktop file Icon= is not $id"
grep -qx "MimeType=inode/directory;" "$p/$id.desktop" || fail "desktop file does not open folders"
grep -q "<id>$id</id>" "$p/$id.metainfo.xml" || fail "metainfo <id> is not $id"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$p/$id.metainfo.xml" \
    || fail "metainfo <launchable> is not $id.desktop"
grep -q "<icon type=\"stock\">$id</icon>" "$p/$id.metainfo.xml" || fail "metainfo <icon> is not $id"
grep -q "setDesktopFileName(QStringLiteral(REPOLENS_APP_ID))" "$src/app/gui/main.cpp" \
    || fail "app/gui/main.cpp does not call setDesktopFileName(REPOLENS_APP_ID)"
for shot in $(grep -o 'docs/screenshots/[a-z-]*\.png' "$p/$id.metainfo.xml"); do
    [ -f "$src/$shot" ] || fail "metainfo screenshot $shot does not exist"
done
# The licence: LICENSE (installed as share/doc/repolens/copyright) is what the metainfo declares.
grep -q "<project_license>MIT</project_license>" "$p/$id.metainfo.xml" || fail "metainfo project_license is not MIT"
head -n1 "$src/LICENSE" | grep -qx "MIT License" || fail "LICENSE is not the MIT licence"
grep -qE "^Copyright \(c\) [0-9, -]+ The RepoLens authors$" "$src/LICENSE" || fail "LICENSE copyright line"
echo "app id $id: consistent"
