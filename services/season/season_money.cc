#include "services/season/season_money.h"

#include "engine/season/lost_games.h"
#include "services/common/names.h"

namespace skat::service {
namespace {

// Every result of every session of the event, as the public sees them.
std::vector<scoring::TableResult> ResultsOf(const SeasonEventScores& scores) {
  std::vector<scoring::TableResult> results;
  for (const SeasonEventScores::Session& s : scores.sessions) {
    results.insert(results.end(), s.results.begin(), s.results.end());
  }
  return results;
}

}  // namespace

bool HasMoney(const store::SeasonRecord& season) {
  return season.entry_fee_cents > 0 || season.loss_fee_cents > 0 || season.loss_fee_after_cents > 0;
}

season::MoneyRules MoneyRulesOf(const store::SeasonRecord& s) {
  return season::MoneyRules{.entry_fee_cents = s.entry_fee_cents,
                            .loss_fee_cents = s.loss_fee_cents,
                            .loss_fee_games = s.loss_fee_games,
                            .loss_fee_after_cents = s.loss_fee_after_cents,
                            .pot_permille = s.pot_permille,
                            .prize_split_permille = s.prize_split_permille,
                            .pot_split_permille = s.pot_split_permille};
}

std::string HolderOf(const EventPlacing& placing, const std::string& event_id) {
  if (placing.person && !placing.person->hidden) {
    return PersonResourceName(placing.person->registry_id, placing.person->id);
  }
  return ChildResourceName(event_id, "players", placing.player_id);
}

Result<SeasonMoneyResult> ComputeSeasonMoney(const store::SeasonRecord& season,
                                             const std::vector<EventPlacings>& events,
                                             const std::vector<PotPlacing>& pot) {
  SeasonMoneyResult out;
  std::vector<season::Evening> evenings;
  for (const EventPlacings& e : events) {
    const std::string& event_id = e.scores->event.id;
    const std::map<std::string, int> lost = season::LostGamesAsDeclarer(ResultsOf(*e.scores));
    season::Evening& evening = evenings.emplace_back();
    for (const EventPlacing& p : e.placings) {
      const std::string holder = HolderOf(p, event_id);
      auto l = lost.find(p.player_id);
      evening.players.push_back(season::EveningPlayer{
          .holder = holder, .rank = p.rank, .lost_games = l == lost.end() ? 0 : l->second});
      const bool person = holder.rfind("registries/", 0) == 0;
      out.display_names.emplace(holder, person ? p.person->name : p.player_name);
    }
  }
  std::vector<season::Placing> pot_ranks;
  for (const PotPlacing& p : pot) pot_ranks.push_back({.holder = p.person, .rank = p.rank});
  Result<season::SeasonMoney> money =
      season::ComputeMoney(MoneyRulesOf(season), evenings, pot_ranks);
  if (!money.ok()) return money.status();
  out.money = std::move(money).value();
  return out;
}

}  // namespace skat::service
