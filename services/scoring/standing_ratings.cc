#include "services/scoring/standing_ratings.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "services/common/names.h"

namespace skat::service {
namespace {

// The rating entering the event of each of its players who has one to show, by resource name.
std::map<std::string, double> PlayerRatings(const RegistryRatings& ratings,
                                            const EventScores& scores) {
  std::map<std::string, double> out;
  for (const auto& [id, player] : scores.player_by_id) {
    if (player->person_id.empty()) continue;
    const std::string person = ratings.Kept(player->person_id);
    auto record = ratings.persons.find(person);
    if (record == ratings.persons.end() || record->second.hidden) continue;
    const std::optional<double> entering = ratings.Entering(scores.event.id, person);
    if (entering) out[ChildResourceName(scores.event.id, "players", id)] = *entering;
  }
  return out;
}

void SetRatings(const std::map<std::string, double>& by_player,
                google::protobuf::RepeatedPtrField<v1::Standing>& standings) {
  for (v1::Standing& s : standings) {
    auto it = by_player.find(s.player());
    if (it != by_player.end()) s.set_rating(it->second);
  }
}

}  // namespace

Status AddRatings(RatingsCache& ratings, const EventScores& scores, v1::Standings* out) {
  if (!scores.event.rated || scores.event.registry_id.empty()) return Status::Ok();
  Result<std::shared_ptr<const RegistryRatings>> replayed = ratings.Get(scores.event.registry_id);
  if (!replayed.ok()) return replayed.status();
  const std::map<std::string, double> by_player = PlayerRatings(**replayed, scores);
  if (by_player.empty()) return Status::Ok();
  SetRatings(by_player, *out->mutable_overall());
  for (v1::DirectionStandings& d : *out->mutable_by_direction()) {
    SetRatings(by_player, *d.mutable_standings());
  }
  return Status::Ok();
}

}  // namespace skat::service
