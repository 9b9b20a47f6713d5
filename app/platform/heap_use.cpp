// heap_use.cpp — see heap_use.h.
#include "app/platform/heap_use.h"

#include <malloc.h>

size_t heap_in_use() {
#if defined(__EMSCRIPTEN__)
    return size_t(mallinfo().uordblks);
#elif defined(__GLIBC__)
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}
