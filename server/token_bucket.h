// token_bucket.h — a rate limit for one client's messages: a bucket of `capacity`
// tokens refilled at `rate` a second; each message takes one, and a message that finds
// the bucket empty is refused (a burst of up to `capacity`, then `rate` a second).
//
// Usage:
//   TokenBucket bucket(10, 5);              // bursts of 10, then 5 a second
//   if (!bucket.take(now_seconds)) refuse("too many messages");
#pragma once
#include <algorithm>

namespace tj {

class TokenBucket {
public:
    TokenBucket(double capacity, double rate) : capacity_(capacity), rate_(rate), tokens_(capacity) {}
    bool take(double now) {
        if (last_ >= 0) tokens_ = std::min(capacity_, tokens_ + (now - last_) * rate_);
        last_ = now;
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }
    double rate() const { return rate_; }

private:
    double capacity_, rate_, tokens_;
    double last_ = -1;
};

}  // namespace tj
