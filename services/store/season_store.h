// The store's seasons (store.h; docs/seasons.md): a named series of events of one registry with
// the rules of its tables and its money, and its events in the order they were added.
#ifndef SKAT_SERVICES_STORE_SEASON_STORE_H_
#define SKAT_SERVICES_STORE_SEASON_STORE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/status.h"

namespace skat::store {

// Bounds of docs/seasons.md: a registry holds at most kMaxSeasonsPerRegistry seasons, a season at
// most kMaxSeasonEvents events.
inline constexpr int kMaxSeasonsPerRegistry = 1000;
inline constexpr int kMaxSeasonEvents = 100;

// A season's row of migration 0018 (the column defaults are the member defaults).
struct SeasonRecord {
  std::string id;  // "se-" + 10 lower-case base32 characters; seasons/{id}
  std::string registry_id;
  std::string name;  // 1..200 characters
  int64_t created_unix = 0;
  int64_t created_micros = 0;  // the creation time in microseconds: the list's order
  // docs/seasons.md "Season table".
  std::string aggregate = "sum";  // "sum", "average"
  int best_of = 0;
  int min_attendance = 0;
  // docs/seasons.md "League table".
  int win_points = 2;
  int draw_points = 1;
  int loss_points = 0;
  std::vector<int> placing_points{3, 2, 1, 0};
  // docs/seasons.md "Money".
  int64_t entry_fee_cents = 0;
  std::vector<int> prize_split_permille;
  int pot_permille = 0;
  std::vector<int> pot_split_permille;
  int64_t loss_fee_cents = 0;
  int loss_fee_games = 0;
  int64_t loss_fee_after_cents = 0;
  // The season's event ids in the order they were added (read only: AddSeasonEvent changes it).
  std::vector<std::string> event_ids;
};

class SeasonStore {
 public:
  virtual ~SeasonStore() = default;

  // Stores a new season (id, registry, name and rules; events are ignored) and returns it with
  // its creation time. kNotFound for no such registry; kResourceExhausted when the registry
  // holds kMaxSeasonsPerRegistry seasons.
  virtual Result<SeasonRecord> CreateSeason(const SeasonRecord& season) = 0;
  // kNotFound for no such season.
  virtual Result<SeasonRecord> GetSeason(const std::string& id) = 0;
  // The registry's seasons newest first (creation time, then id, both descending), after the
  // season of key (after_micros, after_id) when after_id is not empty, at most `limit`
  // (1..kMaxPageRows). kNotFound for no such registry.
  virtual Result<std::vector<SeasonRecord>> ListSeasons(const std::string& registry_id,
                                                        int64_t after_micros,
                                                        const std::string& after_id, int limit) = 0;
  // Reads the season with its row locked, lets `merge` change its name and rules (the update
  // mask, then the rule checks: a refusal from `merge` writes nothing), stores them and returns
  // the season, in one transaction: two updates of different fields never undo each other.
  // kNotFound for no such season.
  virtual Result<SeasonRecord> UpdateSeason(const std::string& id,
                                            const std::function<Status(SeasonRecord&)>& merge) = 0;
  // Appends the event to the season. kNotFound for no such season, or no such event of the
  // season's registry; kAlreadyExists when it is in the season; kResourceExhausted when the season
  // holds kMaxSeasonEvents events.
  virtual Result<SeasonRecord> AddSeasonEvent(const std::string& season_id,
                                              const std::string& event_id) = 0;
  // Takes the event out of the season, its team sheets with it. kNotFound for no such season or
  // an event not in it.
  virtual Result<SeasonRecord> RemoveSeasonEvent(const std::string& season_id,
                                                 const std::string& event_id) = 0;
  // The oldest season holding the event that has money (an entry fee or a loss fee:
  // docs/seasons.md "Export"), or nullopt for none.
  virtual Result<std::optional<SeasonRecord>> MoneySeasonOfEvent(const std::string& event_id) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_SEASON_STORE_H_
