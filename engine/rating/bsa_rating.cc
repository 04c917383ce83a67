#include "engine/rating/bsa_rating.h"

#include <cmath>
#include <set>

#include "engine/num.h"

namespace skat::rating {

double EventWeight(long long player_hands) {
  if (player_hands <= 0) return 0;
  return 1 - std::exp(-std::sqrt(static_cast<double>(player_hands)) / 100);
}

namespace {

Status CheckEvent(const RatedEvent& e, int previous_year, int through_year) {
  const std::string where = "rated event " + e.id + ": ";
  if (e.year < previous_year) {
    return Status::InvalidArgument(where + "year " + Num(e.year) + " is before the previous " +
                                   "event's " + Num(previous_year) +
                                   " (docs/ratings.md \"Order\")");
  }
  if (e.year > through_year) {
    return Status::InvalidArgument(where + "year " + Num(e.year) + " is after " +
                                   Num(through_year));
  }
  if (e.player_hands <= 0) {
    return Status::InvalidArgument(where + "player-hands " + std::to_string(e.player_hands) +
                                   " must be positive");
  }
  std::set<std::string> seen;
  for (const RatedResult& r : e.results) {
    if (!seen.insert(r.person).second) {
      return Status::InvalidArgument(where + "person " + r.person + " appears twice");
    }
    if (!(r.score >= 0 && r.score <= 1)) {
      return Status::InvalidArgument(where + "person " + r.person + ": score " +
                                     std::to_string(r.score) + " is not within 0..1");
    }
    if (r.player_hands <= 0 || r.player_hands > e.player_hands) {
      return Status::InvalidArgument(where + "person " + r.person + ": player-hands " +
                                     std::to_string(r.player_hands) + " is not within 1.." +
                                     std::to_string(e.player_hands));
    }
  }
  return Status::Ok();
}

// Every rated person's New Year's Eve of `year`.
void NewYear(int year, Ratings& out) {
  for (auto& [person, r] : out.current) {
    const double after = (1 - kNewYearWeight) * r + kNewYearWeight * kStartRating;
    out.steps.push_back({person, "", year, kNewYearWeight, kStartRating, r, after});
    r = after;
  }
}

}  // namespace

Result<Ratings> Replay(const std::vector<RatedEvent>& events, int through_year) {
  Ratings out;
  int year = events.empty() ? through_year : events.front().year;
  for (const RatedEvent& e : events) {
    if (Status s = CheckEvent(e, year, through_year); !s.ok()) return s;
    for (; year < e.year; ++year) NewYear(year, out);
    const double w = EventWeight(e.player_hands);
    for (const RatedResult& r : e.results) {
      const double share =
          static_cast<double>(r.player_hands) / static_cast<double>(e.player_hands);
      const double weight = w * share;
      double& rating = out.current.try_emplace(r.person, kStartRating).first->second;
      const double after = (1 - weight) * rating + 100 * weight * r.score;
      out.steps.push_back({r.person, e.id, e.year, weight, 100 * r.score, rating, after});
      rating = after;
    }
  }
  for (; year < through_year; ++year) NewYear(year, out);
  return out;
}

}  // namespace skat::rating
