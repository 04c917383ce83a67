#include "services/season/event_placings.h"

#include <utility>

namespace skat::service {
namespace {

// A chain of merges is at most this long (a merge is into an unmerged person, so chains stay
// short; the bound only guards against a cycle in bad data).
constexpr int kMaxMergeHops = 20;

}  // namespace

Result<std::optional<store::PersonRecord>> PersonLinks::Resolve(const std::string& person_id) {
  if (person_id.empty()) return std::optional<store::PersonRecord>();
  if (auto found = resolved_.find(person_id); found != resolved_.end()) return found->second;
  std::optional<store::PersonRecord> out;
  std::string id = person_id;
  for (int hop = 0; hop < kMaxMergeHops; ++hop) {
    Result<store::PersonRecord> person = registries_.GetPerson(registry_id_, id);
    if (person.status().code() == ErrorCode::kNotFound) break;
    if (!person.ok()) return person.status();
    if (person->merged_into.empty()) {
      out = std::move(person).value();
      break;
    }
    id = person->merged_into;
  }
  resolved_[person_id] = out;
  return out;
}

Result<EventPlacings> LoadEventPlacings(const EventScoresSource& source, PersonLinks& links,
                                        const std::string& event_id) {
  Result<std::shared_ptr<const SeasonEventScores>> scores = source(event_id);
  if (!scores.ok()) return scores.status();
  EventPlacings out;
  out.scores = std::move(scores).value();
  const SeasonEventScores& s = *out.scores;
  out.percentages = s.options.comparison == scoring::ComparisonKind::kMatchpoints ||
                    s.options.comparison == scoring::ComparisonKind::kSessionTotal;
  std::map<std::string, const store::PlayerRecord*> player_of;
  for (const store::PlayerRecord& p : s.players) player_of[p.id] = &p;
  std::map<std::string, std::string> club_name;
  for (const store::ClubRecord& c : s.clubs) club_name[c.id] = c.name;
  for (const scoring::Standing& standing : s.overall) {
    EventPlacing placing;
    placing.player_id = standing.player;
    placing.rank = standing.rank;
    placing.tied = standing.tied;
    placing.boards = standing.boards;
    placing.ratio = standing.ratio;
    placing.diff = standing.diff_exact;
    placing.total = standing.total;
    auto player = player_of.find(standing.player);
    if (player != player_of.end()) {
      const store::PlayerRecord& p = *player->second;
      placing.player_name = p.name;
      placing.club_id = p.club_id;
      if (auto c = club_name.find(p.club_id); c != club_name.end()) placing.club_name = c->second;
      if (p.registry_id == s.event.registry_id || p.registry_id.empty()) {
        Result<std::optional<store::PersonRecord>> person = links.Resolve(p.person_id);
        if (!person.ok()) return person.status();
        placing.person = std::move(person).value();
      }
    }
    out.placings.push_back(std::move(placing));
  }
  return out;
}

}  // namespace skat::service
