// An event's overall standings with each player's person (docs/seasons.md "Season table"): what
// the season table, the league table and the money read of an event. A player counts for the
// person it is linked to; a merged person for the person it was merged into (followed to the
// end); a person hidden by the registry is marked (the season table leaves it out, as the person
// pages do: docs/persons.md "Privacy").
#ifndef SKAT_SERVICES_SEASON_EVENT_PLACINGS_H_
#define SKAT_SERVICES_SEASON_EVENT_PLACINGS_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/scoring/fraction.h"
#include "engine/status.h"
#include "services/season/season_event_scores.h"
#include "services/store/registry_store.h"

namespace skat::service {

// One player of an event's overall standings.
struct EventPlacing {
  std::string player_id, player_name;
  std::string club_id, club_name;  // empty for none
  // The person the player counts for (merges followed), or nullopt for a player not linked to a
  // person of the season's registry.
  std::optional<store::PersonRecord> person;
  int rank = 0;
  bool tied = false;
  int boards = 0;           // the (board, direction) comparisons the player took part in
  scoring::Fraction ratio;  // percentage / 100, exact (matchpoints, session-total)
  scoring::Fraction diff;   // the sum of the player's diffs, exact
  long long total = 0;      // the sum of the player's board scores
};

struct EventPlacings {
  std::shared_ptr<const SeasonEventScores> scores;
  std::vector<EventPlacing> placings;  // in the order of the overall standings (rank order)
  // Whether the event's comparison gives percentages (docs/seasons.md "Season table" 1).
  bool percentages = false;
};

// The persons of one registry, read once each (the merges followed to the person kept).
class PersonLinks {
 public:
  // REQUIRES: the store outlives this.
  PersonLinks(store::RegistryStore& registries, std::string registry_id)
      : registries_(registries), registry_id_(std::move(registry_id)) {}
  // The person `person_id` counts for; nullopt for an empty id or a person not of the registry.
  // kUnavailable and the like from the store.
  Result<std::optional<store::PersonRecord>> Resolve(const std::string& person_id);

 private:
  store::RegistryStore& registries_;
  const std::string registry_id_;
  std::map<std::string, std::optional<store::PersonRecord>> resolved_;
};

// Event `event_id`'s overall standings from `source`, each player with its person through `links`
// (a player linked to a person of another registry has none).
Result<EventPlacings> LoadEventPlacings(const EventScoresSource& source, PersonLinks& links,
                                        const std::string& event_id);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_EVENT_PLACINGS_H_
