// engine.h — the discrete-event engine both models run on.
//
// Simulated time is a double in seconds: nanoseconds on the chip, weeks in the fab.
// Events are ordered by (time, insertion sequence), so two events at the same time
// always run in the order they were scheduled: runs are reproducible bit for bit.
// An event carries a small integer type and two integer arguments; the model
// dispatches on the type. No callbacks are allocated per event.
//
// Usage:
//   Engine eng;
//   EventId id = eng.schedule(eng.now() + 1e-6, kEvArrival, station, parcel);
//   eng.cancel(id);
//   eng.run_until(t_end, [&](const Event& e) { ... may schedule more ... });
//   Event e; if (eng.step(e)) handle(e);      // one event at a time
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tj {

using EventId = uint64_t;

struct Event {
    double time = 0;
    EventId seq = 0;   // insertion order: breaks ties, and names the event for cancel()
    uint32_t type = 0;
    uint32_t a = 0;
    uint64_t b = 0;
};

class Engine {
public:
    double now() const { return now_; }
    size_t pending() const { return heap_.size() - cancelled_live_; }
    uint64_t processed() const { return processed_; }

    // Schedules an event; a time in the past runs at now() (time never goes back).
    EventId schedule(double time, uint32_t type, uint32_t a = 0, uint64_t b = 0);
    // Cancels a pending event; returns false if it already ran or was unknown.
    bool cancel(EventId id);
    // Time of the next live event, or +inf when none.
    double next_time();
    // Pops the next live event, advancing now() to its time. False when empty.
    bool step(Event& out);
    // Runs every event with time <= t_end through handler, then sets now() = t_end.
    // max_events bounds the work of one call (0 = no bound); returns events run.
    template <class Handler>
    uint64_t run_until(double t_end, Handler&& handler, uint64_t max_events = 0) {
        uint64_t n = 0;
        Event e;
        while (next_time() <= t_end && (max_events == 0 || n < max_events)) {
            if (!step(e)) break;  // empty: next_time() is +inf, which an infinite end admits
            handler(e);
            n++;
        }
        if (next_time() > t_end && t_end > now_) now_ = t_end;
        return n;
    }
    void clear();

private:
    // Pops cancelled events off the top; the common case (nothing cancelled) is inline.
    void drop_cancelled_top() {
        if (cancelled_live_ != 0) drop_cancelled_top_slow();
    }
    void drop_cancelled_top_slow();

    std::vector<Event> heap_;
    std::vector<EventId> cancelled_;  // sorted; ids of cancelled events still in heap_
    size_t cancelled_live_ = 0;
    double now_ = 0;
    EventId next_seq_ = 1;
    uint64_t processed_ = 0;
};

}  // namespace tj
