// heap_use.h — how many bytes the heap has handed out, natively (glibc) and in the
// browser (emscripten's allocator): for memory budgets (rewind snapshots) and the
// page's state(). 0 where the allocator does not say.
#pragma once
#include <cstddef>

size_t heap_in_use();
