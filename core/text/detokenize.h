// detokenize.h — the streaming detokenizer: turns token bytes, arriving one token at a
// time, into text that is safe to show, holding back the bytes of a character that is
// not complete yet (a Chinese character split over tokens shows only with its last byte).
//
//   tj::StreamingDetokenizer d(tj::DetokenizeMode::incremental);
//   for (uint32_t id : ids) std::cout << d.push(enc.token_bytes(id), now);
//   std::cout << d.finish(now);
//
// Two modes give the same text, at different cost, so the difference can be measured:
//   incremental  keeps only the held bytes (at most 3) and decodes each token's bytes once;
//   naive        keeps every byte so far and re-decodes the whole text after each token,
//                showing what is new — what a client does that calls decode(all ids).
// Whatever comes in, what comes out is valid UTF-8: invalid bytes become U+FFFD.
// Hold statistics use the caller's clock (seconds, token index, anything increasing).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tj {

enum class DetokenizeMode { incremental, naive };

struct HoldStats {
    uint64_t tokens = 0;          // pushes
    uint64_t held_tokens = 0;     // pushes after which some bytes were held back
    uint64_t holds = 0;           // times a hold began (a character started but not finished)
    uint64_t held_bytes_total = 0;// sum over pushes of the bytes held after that push
    size_t max_held_bytes = 0;
    double hold_time_total = 0;   // sum of durations from a hold's start to its release
    double hold_time_max = 0;
};

class StreamingDetokenizer {
public:
    explicit StreamingDetokenizer(DetokenizeMode mode = DetokenizeMode::incremental) : mode_(mode) {}

    // Adds one token's bytes at time now; returns the text that became showable.
    std::string push(std::string_view token_bytes, double now = 0);
    // End of stream: releases held bytes (an unfinished character becomes U+FFFD).
    std::string finish(double now = 0);
    void reset();

    size_t held_bytes() const { return mode_ == DetokenizeMode::incremental ? held_.size() : all_.size() - shown_bytes_; }
    const HoldStats& stats() const { return stats_; }
    DetokenizeMode mode() const { return mode_; }

private:
    void account(double now, bool released_old_hold);

    DetokenizeMode mode_;
    std::string held_;          // incremental: bytes of the unfinished character
    std::string all_;           // naive: every byte so far
    size_t shown_bytes_ = 0;    // naive: bytes of all_ already shown
    size_t shown_text_ = 0;     // naive: length of the decoded text already shown
    bool holding_ = false;
    double hold_since_ = 0;
    HoldStats stats_;
};

} // namespace tj
