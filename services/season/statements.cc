// GetSeasonStatements (season_service.proto): the money (docs/seasons.md "Money"): each evening's
// in, pot share and prizes, the season pot over the season table, each person's statement.
#include <algorithm>
#include <tuple>

#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/season/season_money.h"
#include "services/season/season_names.h"
#include "services/season/season_service.h"

namespace skat::service {
namespace {

void LineProto(const season::MoneyLine& line, const std::vector<EventPlacings>& events,
               v1::StatementLine* out) {
  if (line.evening >= 0) {
    out->set_event(EventName(events[static_cast<size_t>(line.evening)].scores->event.id));
  }
  out->set_entry_fee_cents(line.entry_fee_cents);
  out->set_lost_games(line.lost_games);
  out->set_loss_fees_cents(line.loss_fees_cents);
  out->set_rank(line.rank);
  out->set_prize_cents(line.prize_cents);
}

void EveningsProto(const season::SeasonMoney& money, const std::vector<EventPlacings>& events,
                   v1::SeasonStatements* out) {
  for (size_t e = 0; e < events.size(); ++e) {
    const season::EveningMoney& m = money.evenings[e];
    v1::EveningMoney* evening = out->add_evenings();
    evening->set_event(EventName(events[e].scores->event.id));
    evening->set_display_name(events[e].scores->event.name);
    evening->set_players(static_cast<int32_t>(events[e].placings.size()));
    evening->set_in_cents(m.in_cents);
    evening->set_to_pot_cents(m.to_pot_cents);
    evening->set_prizes_cents(m.prizes_cents);
    evening->set_rounding_cents(m.rounding_cents);
  }
  out->set_pot_cents(money.pot_cents);
  out->set_pot_paid_cents(money.pot_paid_cents);
  out->set_pot_left_cents(money.pot_left_cents);
}

// The statements by display name, then by holder.
void StatementsProto(const SeasonMoneyResult& result, const std::vector<EventPlacings>& events,
                     v1::SeasonStatements* out) {
  std::vector<const season::Statement*> order;
  for (const season::Statement& s : result.money.statements) order.push_back(&s);
  auto shown = [&](const std::string& holder) -> const std::string& {
    const auto name = result.display_names.find(holder);
    return name == result.display_names.end() ? holder : name->second;
  };
  auto key = [&](const season::Statement* s) { return std::tie(shown(s->holder), s->holder); };
  std::sort(order.begin(), order.end(),
            [&](const auto* a, const auto* b) { return key(a) < key(b); });
  for (const season::Statement* s : order) {
    v1::PersonStatement* statement = out->add_statements();
    statement->set_person(s->holder);
    statement->set_display_name(shown(s->holder));
    for (const season::MoneyLine& line : s->lines) {
      LineProto(line, events, statement->add_lines());
    }
    statement->set_balance_cents(s->balance_cents);
  }
}

}  // namespace

Result<SeasonMoneyResult> SeasonServiceImpl::SeasonMoneyOf(
    const store::SeasonRecord& season, const std::vector<EventPlacings>& placings,
    const v1::SeasonStandings& table) {
  std::vector<PotPlacing> pot;  // the season table's ranked persons receive the pot
  for (const v1::SeasonStanding& s : table.standings()) {
    if (s.rank() > 0) pot.push_back(PotPlacing{.person = s.person(), .rank = s.rank()});
  }
  return ComputeSeasonMoney(season, placings, pot);
}

grpc::Status SeasonServiceImpl::GetSeasonStatements(grpc::ServerContext* context,
                                                    const v1::GetSeasonStatementsRequest* request,
                                                    v1::SeasonStatements* response) {
  Result<store::SeasonRecord> season = ReadSeason(request->name(), "statements");
  if (!season.ok()) return ToGrpc(season.status(), context);
  const std::string name = SeasonResourceName(season->id);
  if (!HasMoney(*season)) {
    return ToGrpcWithReason(
        Status(ErrorCode::kNotAllowed,
               "season " + name + " has no entry fee and no loss fee (docs/seasons.md \"Money\")"),
        "season-without-money", context);
  }
  Result<std::vector<EventPlacings>> placings = SeasonPlacings(*season);
  if (!placings.ok()) return ToGrpc(placings.status(), context);
  const v1::SeasonStandings table = SeasonTableOf(*season, *placings);
  Result<SeasonMoneyResult> money = SeasonMoneyOf(*season, *placings, table);
  if (!money.ok()) return ToGrpc(money.status(), context);
  response->set_name(request->name());
  response->set_season(name);
  StatementsProto(*money, *placings, response);
  EveningsProto(money->money, *placings, response);
  return grpc::Status::OK;
}

}  // namespace skat::service
