#include "memory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace RepoLens {

void releaseFreedMemory()
{
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

} // namespace RepoLens
