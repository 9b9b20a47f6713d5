// detokenize.cpp — see detokenize.h.
#include "core/text/detokenize.h"

#include <algorithm>

#include "core/text/utf8.h"

namespace tj {

std::string StreamingDetokenizer::push(std::string_view token_bytes, double now) {
    const size_t held_before = held_bytes();
    bool released = false;  // did the bytes held before this push get shown?
    std::string out;
    if (mode_ == DetokenizeMode::incremental) {
        held_.append(token_bytes);
        const size_t n = utf8_complete_prefix(held_);
        out = utf8_sanitize(std::string_view(held_).substr(0, n));
        held_.erase(0, n);
        released = n > 0;
    } else {
        // Re-decode everything, as a client calling decode(all ids so far) would, and
        // show the part of the decoded text that is new.
        all_.append(token_bytes);
        const size_t n = utf8_complete_prefix(all_);
        const std::string text = utf8_sanitize(std::string_view(all_).substr(0, n));
        out = text.substr(shown_text_);
        shown_text_ = text.size();
        released = n > shown_bytes_;
        shown_bytes_ = n;
    }
    stats_.tokens++;
    account(now, held_before > 0 && released);
    return out;
}

std::string StreamingDetokenizer::finish(double now) {
    std::string out;
    if (mode_ == DetokenizeMode::incremental) {
        out = utf8_sanitize(held_);
        held_.clear();
    } else {
        out = utf8_sanitize(all_).substr(shown_text_);
        shown_text_ += out.size();
        shown_bytes_ = all_.size();
    }
    account(now, true);
    return out;
}

void StreamingDetokenizer::account(double now, bool released_old_hold) {
    if (holding_ && released_old_hold) {
        holding_ = false;
        const double d = now - hold_since_;
        stats_.hold_time_total += d;
        stats_.hold_time_max = std::max(stats_.hold_time_max, d);
    }
    const size_t held = held_bytes();
    if (held == 0)
        return;
    stats_.held_tokens++;
    stats_.held_bytes_total += held;
    stats_.max_held_bytes = std::max(stats_.max_held_bytes, held);
    if (!holding_) {  // a new unfinished character: its hold starts now
        holding_ = true;
        hold_since_ = now;
        stats_.holds++;
    }
}

void StreamingDetokenizer::reset() {
    held_.clear();
    all_.clear();
    shown_bytes_ = shown_text_ = 0;
    holding_ = false;
    hold_since_ = 0;
    stats_ = HoldStats{};
}

} // namespace tj
