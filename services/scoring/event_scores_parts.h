// The pieces of LoadEventScores (event_scores.cc) that the incremental state
// (event_scores_state.h) shares, so that both read the stored rows the same way.
#ifndef SKAT_SERVICES_SCORING_EVENT_SCORES_PARTS_H_
#define SKAT_SERVICES_SCORING_EVENT_SCORES_PARTS_H_

#include <string>
#include <vector>

#include "engine/scoring/scoring.h"
#include "services/store/records.h"

namespace skat::service {

// The player id in `chair` (1-based), or a placeholder naming the empty chair so that it never
// merges with a real player.
std::string ChairPlayer(const store::TableRecord& table, int chair);
// The chair's comparison key (session_total.h ChairTotal).
std::string ChairKey(const store::TableRecord& table, int chair);
// The event's scoring options (the plan excepted: it is each session's).
Result<scoring::Options> OptionsOf(const store::EventRecord& event,
                                   const std::vector<store::ClubRecord>& clubs,
                                   const std::vector<store::PlayerRecord>& players);
// The stored adjustment as the engine reads it (its player and round not yet completed).
scoring::Adjustment AdjustmentOf(const store::AdjustmentRecord& a);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_EVENT_SCORES_PARTS_H_
