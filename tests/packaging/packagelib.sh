# Sourced by check-deb.sh and check-tgz.sh (which set $build and $cpack first).
fail() { echo "FAIL: $*" >&2; exit 1; }

# build_package GENERATOR FILE-GLOB: runs cpack with the build tree's CPackConfig.cmake into a
# private scratch directory ($scratch, removed on exit; parallel builds or earlier packages do
# not interfere) and sets $package to the file it made.
build_package() {
    local gen=$1 glob=$2
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/repolens-$gen.XXXXXX")
    trap 'rm -rf "$scratch"' EXIT
    SECONDS=0
    "$cpack" -G "$gen" --config "$build/CPackConfig.cmake" -B "$scratch/out" >"$scratch/cpack.log" 2>&1 \
        || { cat "$scratch/cpack.log" >&2; fail "cpack -G $gen failed"; }
    package=$(find "$scratch/out" -maxdepth 1 -name "$glob" | head -n1)
    [ -n "$package" ] || { cat "$scratch/cpack.log" >&2; fail "no $glob produced"; }
    echo "built $(basename "$package") ($(du -k "$package" | cut -f1) KiB) in ${SECONDS} s"
}
