#pragma once

namespace RepoLens {

// Hands the heap's free pages back to the system (glibc keeps what a large, short-lived
// structure freed, so the process's resident size stays at its high-water mark). For the end
// of a phase that freed much before one that allocates much; a no-op elsewhere.
void releaseFreedMemory();

} // namespace RepoLens
