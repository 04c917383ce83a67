#include "bench/seat_latency/track.h"

#include <algorithm>

namespace skat::service::seat_latency {

using load::Micros;

void TableTrack::Sent(int actor, Position key, Clock::time_point sent) {
  std::lock_guard lock(mutex_);
  Pending& p = pending_.emplace_back();
  p.key = key;
  p.actor = actor;
  p.sent = sent;
}

void TableTrack::Seen(int chair, Position position, Clock::time_point at) {
  std::lock_guard lock(mutex_);
  for (Pending& p : pending_) {
    if (!p.saw[chair] && p.key <= position) {
      p.saw[chair] = true;
      p.seen[chair] = at;
    }
  }
  Resolve();
}

void TableTrack::Answered(int actor, bool ok, Position key, Clock::time_point at) {
  std::lock_guard lock(mutex_);
  for (auto it = pending_.begin(); it != pending_.end(); ++it) {
    if (it->actor != actor || it->answered) continue;
    if (!ok || it->key != key) {
      if (ok) ++mismatched_;
      pending_.erase(it);
    } else {
      it->answered = true;
      it->acked = at;
      act_us.push_back(static_cast<uint32_t>(Micros(at - it->sent)));
    }
    break;
  }
  Resolve();
}

long TableTrack::unresolved() {
  std::lock_guard lock(mutex_);
  return static_cast<long>(pending_.size());
}

long TableTrack::mismatched() {
  std::lock_guard lock(mutex_);
  return mismatched_;
}

void TableTrack::Resolve() {
  for (auto it = pending_.begin(); it != pending_.end();) {
    bool all = it->answered;
    for (int c = 0; c < kChairs && all; ++c) all = it->saw[c];
    if (!all) {
      ++it;
      continue;
    }
    own_view_us.push_back(Micros(it->seen[it->actor] - it->acked));
    for (int c = 0; c < kChairs; ++c) {
      if (c == it->actor) continue;
      ack_view_us.push_back(Micros(it->seen[c] - it->acked));
      send_view_us.push_back(Micros(it->seen[c] - it->sent));
    }
    it = pending_.erase(it);
  }
}

SignedPercentiles SummarizeSigned(std::vector<int64_t> us) {
  SignedPercentiles p;
  p.n = us.size();
  if (us.empty()) return p;
  std::sort(us.begin(), us.end());
  p.p50 = load::QuantileMs(us, 0.5);
  p.p99 = load::QuantileMs(us, 0.99);
  p.max = static_cast<double>(us.back()) / 1000.0;
  p.min = static_cast<double>(us.front()) / 1000.0;
  p.negative = static_cast<double>(std::lower_bound(us.begin(), us.end(), 0) - us.begin()) /
               static_cast<double>(us.size());
  return p;
}

}  // namespace skat::service::seat_latency
