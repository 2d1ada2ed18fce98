// Force-included (-include) into tree-sitter-swift 0.7.1's src/scanner.c, which is third-party
// source and is never edited. Its tree_sitter_swift_external_scanner_create() allocates the
// scanner state with calloc(0, sizeof(struct ScannerState)): zero elements, so every read and
// write of the 4-byte state is out of bounds. glibc hands out a 16-byte chunk for a zero-size
// request, which hides it in release builds; AddressSanitizer reports a heap-buffer-overflow.
// The macro makes a zero element count one; calloc inside the helper is the real function.
#pragma once
#include <stdlib.h>

static inline void *repolens_calloc_at_least_one(size_t count, size_t size)
{
    return calloc(count ? count : 1, size);
}
#define calloc(count, size) repolens_calloc_at_least_one((count), (size))
