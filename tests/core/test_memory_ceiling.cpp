// test_memory_ceiling.cpp — the chain scene at its most demanding settings (every lot
// of one, every capacity and pile cap at its maximum) with compare on (a second model
// beside it, at the defaults): the heap the two models hold stays under the chain's
// budget, and all of it is returned when they go. Memory is counted, not timed: this
// executable's operator new and delete keep a tally of live bytes (the sanitizer's
// own count in the sanitizer build).
// The run is the whole of the scene's time (ten years; three under the sanitizers), two
// weeks a call as at the fastest lens: the line folds lots of one at a million a week into bigger ones
// (fab/line.h), which bounds its work as well as its memory.
#include <catch2/catch.hpp>

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "core/scenes/scenes.h"

// Under AddressSanitizer the sanitizer owns the heap (replacing operator new beside it
// mixes its allocations with ours), so its own count of live bytes is read instead.
#if defined(__SANITIZE_ADDRESS__)
// The sanitizer runtime's public interface (sanitizer/allocator_interface.h, which
// Debian's GCC does not install).
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
namespace {
long long live_bytes() { return (long long)__sanitizer_get_current_allocated_bytes(); }
}  // namespace
#else
namespace {
std::atomic<long long> g_live_bytes{0};
long long live_bytes() { return g_live_bytes; }
}  // namespace

void* operator new(std::size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    g_live_bytes += (long long)malloc_usable_size(p);
    return p;
}
void operator delete(void* p) noexcept {
    if (!p) return;
    g_live_bytes -= (long long)malloc_usable_size(p);
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete[](void* p, std::size_t) noexcept { operator delete(p); }
#endif

using namespace tj;

TEST_CASE("the chain at its extreme settings, compared with the defaults, stays within its memory budget",
          "[fab][memory]") {
    const long long bytes0 = live_bytes();
    auto a = make_model("fab"), b = make_model("fab");
    REQUIRE(a);
    ParamValues extreme(a->registry()), defaults(b->registry());
    int set = 0;
    for (size_t i = 0; i < a->registry().size(); i++) {
        const ParamDef& d = a->registry()[i];
        const auto ends_with = [&](const char* s) {
            const std::string tail(s);
            return d.id.size() > tail.size() && d.id.compare(d.id.size() - tail.size(), tail.size(), tail) == 0;
        };
        const bool lot = ends_with(".lot"), big = ends_with(".capacity") || ends_with(".buffer_cap");
        if (!lot && !big) continue;
        REQUIRE(extreme.set(d.id, lot ? d.min : d.max) == "");
        set++;
    }
    REQUIRE(set > 20);
    a->reset(extreme, 1);
    b->reset(defaults, 1);

    const double week = a->natural_time_unit();
    REQUIRE(a->max_time() >= 520 * week);
#if defined(__SANITIZE_ADDRESS__)
    // The sanitizer build runs the first three years (the ten take it three minutes); the
    // release build runs them all, and holds the budget over them.
    const double end = 156 * week;
#else
    const double end = a->max_time();
#endif
    long long peak_bytes = 0;
    for (double t = 2 * week; t <= end; t += 2 * week) {  // two weeks a call: the fastest lens, 26 weeks a second
        a->advance_to(t);
        b->advance_to(t);
        a->metrics(), b->metrics();  // what a frame reads
        peak_bytes = std::max(peak_bytes, live_bytes() - bytes0);
    }
    REQUIRE(a->now() == Approx(end));
    std::printf("chain at extreme settings, with compare: peak %.1f MB live over %.0f weeks\n", peak_bytes / 1e6, end / week);
    // The budget for the chain's models (run, no-respin twin, compare): 128 MB; the
    // app's rewind snapshots have their own (96 MB).
    CHECK(peak_bytes < 128'000'000);
    a.reset();
    b.reset();
    CHECK(live_bytes() - bytes0 < 1'000'000);  // the registry and statics stay; the models are gone
}
