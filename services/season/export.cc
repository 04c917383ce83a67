// ExportResults (season_service.proto): the results for a federation as CSV or JSON
// (docs/seasons.md "Export", column by column).
#include <map>
#include <optional>
#include <utility>

#include "engine/season/lost_games.h"
#include "engine/season/season_table.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/season/export_table.h"
#include "services/season/season_money.h"
#include "services/season/season_names.h"
#include "services/season/season_service.h"

namespace skat::service {
namespace {

// The file's bound (season_service.proto "at most 4 MiB"): 4 MiB for the whole answer less room
// for the rest of the message, so that it fits gRPC's default 4 MiB for a message received.
constexpr size_t kMaxExportBytes = 4 * 1024 * 1024 - 1024;
const char kRule[] = " (docs/seasons.md \"Export\")";

using Cell = ExportCell;

// The evenings' money lines by (evening, player) index.
using MoneyLines = std::map<std::pair<int, int>, const season::MoneyLine*>;

MoneyLines IndexLines(const season::SeasonMoney& money) {
  MoneyLines out;
  for (const season::Statement& s : money.statements) {
    for (const season::MoneyLine& line : s.lines) {
      if (line.evening >= 0) out[{line.evening, line.player}] = &line;
    }
  }
  return out;
}

ExportTable ResultsTable() {
  return ExportTable{
      .key = "results",
      .columns = {"event", "event_name", "player", "person", "member_number", "display_name",
                  "club", "rank", "tied", "percentage", "matchpoints", "top", "diff", "total",
                  "boards", "lost_games", "entry_fee_cents", "loss_fees_cents", "prize_cents"},
      .rows = {}};
}

std::map<std::string, int> LostGames(const SeasonEventScores& scores) {
  std::vector<scoring::TableResult> results;
  for (const SeasonEventScores::Session& s : scores.sessions) {
    results.insert(results.end(), s.results.begin(), s.results.end());
  }
  return season::LostGamesAsDeclarer(results);
}

Cell TextOrEmpty(const std::string& text) { return text.empty() ? Cell() : Cell::Text(text); }

// The rows of one event, evening `index` of `lines` (nullptr: no money).
void AddResultRows(const EventPlacings& e, int index, const MoneyLines* lines, ExportTable& table) {
  const SeasonEventScores& scores = *e.scores;
  const std::map<std::string, int> lost = LostGames(scores);
  std::map<std::string, const scoring::Standing*> standing_of;
  for (const scoring::Standing& s : scores.overall) standing_of[s.player] = &s;
  for (size_t i = 0; i < e.placings.size(); ++i) {
    const EventPlacing& p = e.placings[i];
    const scoring::Standing& s = *standing_of.at(p.player_id);  // each placing is a standing's
    const bool person = p.person && !p.person->hidden;          // docs/persons.md "Privacy"
    auto l = lost.find(p.player_id);
    std::vector<Cell> row = {
        Cell::Text(EventName(scores.event.id)),
        Cell::Text(scores.event.name),
        Cell::Text(ChildResourceName(scores.event.id, "players", p.player_id)),
        person ? Cell::Text(PersonResourceName(p.person->registry_id, p.person->id)) : Cell(),
        person ? TextOrEmpty(p.person->member_number) : Cell(),
        Cell::Text(p.player_name),
        TextOrEmpty(p.club_name),
        Cell::Integer(p.rank),
        Cell::Bool(p.tied),
        e.percentages ? Cell::Decimal(season::HundredthsText(season::Hundredths(p.ratio * 100)))
                      : Cell(),
        Cell::Decimal(s.matchpoints.ToString()),
        Cell::Decimal(s.top.ToString()),
        Cell::Decimal(season::HundredthsText(season::Hundredths(p.diff))),
        Cell::Integer(p.total),
        Cell::Integer(s.boards),
        Cell::Integer(l == lost.end() ? 0 : l->second)};
    const season::MoneyLine* line = nullptr;
    if (lines != nullptr) {
      auto found = lines->find({index, static_cast<int>(i)});
      if (found != lines->end()) line = found->second;
    }
    for (auto cents : {&season::MoneyLine::entry_fee_cents, &season::MoneyLine::loss_fees_cents,
                       &season::MoneyLine::prize_cents}) {
      row.push_back(line != nullptr ? Cell::Integer(line->*cents) : Cell());
    }
    table.rows.push_back(std::move(row));
  }
}

// The season table's rows; the pot's prize and the balance from `money` (nullptr: none).
ExportTable SeasonTable(const v1::SeasonStandings& standings, const SeasonMoneyResult* money) {
  ExportTable table{
      .key = "season_table",
      .columns = {"rank", "tied", "person", "member_number", "display_name", "club", "value",
                  "diff", "events_played", "pot_prize_cents", "balance_cents"},
      .rows = {}};
  std::map<std::string, const season::Statement*> statement;
  if (money != nullptr) {
    for (const season::Statement& s : money->money.statements) statement[s.holder] = &s;
  }
  for (const v1::SeasonStanding& s : standings.standings()) {
    Cell pot, balance;
    if (auto found = statement.find(s.person()); found != statement.end()) {
      balance = Cell::Integer(found->second->balance_cents);
      pot = Cell::Integer(0);
      for (const season::MoneyLine& line : found->second->lines) {
        if (line.evening < 0) pot = Cell::Integer(line.prize_cents);
      }
    }
    table.rows.push_back({Cell::Integer(s.rank()), Cell::Bool(s.tied()), Cell::Text(s.person()),
                          TextOrEmpty(s.member_number()), Cell::Text(s.display_name()),
                          TextOrEmpty(s.club()), Cell::Decimal(s.value()), Cell::Decimal(s.diff()),
                          Cell::Integer(s.events_played()), pot, balance});
  }
  return table;
}

}  // namespace

Result<SeasonServiceImpl::Export> SeasonServiceImpl::ExportSeason(const std::string& name) {
  Result<store::SeasonRecord> season = ReadSeason(name, "");
  if (!season.ok()) return season.status();
  Result<std::vector<EventPlacings>> placings = SeasonPlacings(*season);
  if (!placings.ok()) return placings.status();
  const v1::SeasonStandings standings = SeasonTableOf(*season, *placings);
  std::optional<SeasonMoneyResult> money;
  if (HasMoney(*season)) {
    Result<SeasonMoneyResult> computed = SeasonMoneyOf(*season, *placings, standings);
    if (!computed.ok()) return computed.status();
    money = std::move(computed).value();
  }
  const MoneyLines lines = money ? IndexLines(money->money) : MoneyLines();
  Export out{.display_name = season->name, .tables = {ResultsTable()}};
  for (size_t e = 0; e < placings->size(); ++e) {
    AddResultRows((*placings)[e], static_cast<int>(e), money ? &lines : nullptr, out.tables[0]);
  }
  out.tables.push_back(SeasonTable(standings, money ? &*money : nullptr));
  return out;
}

Result<SeasonServiceImpl::Export> SeasonServiceImpl::ExportEvent(const std::string& name) {
  Result<std::string> event_id = ParseEventName(name);
  if (!event_id.ok()) return event_id.status();
  Result<store::EventRecord> event = store_.events.GetEvent(*event_id);
  if (!event.ok()) return event.status();
  PersonLinks links(store_.registries, event->registry_id);
  Result<EventPlacings> placings = LoadEventPlacings(scores_, links, *event_id);
  if (!placings.ok()) return placings.status();
  Export out{.display_name = event->name, .tables = {ResultsTable()}};
  Result<std::optional<store::SeasonRecord>> season = store_.seasons.MoneySeasonOfEvent(*event_id);
  if (!season.ok()) return season.status();
  if (!season->has_value()) {
    AddResultRows(*placings, 0, nullptr, out.tables[0]);
    return out;
  }
  // The evening's money under its season's rules; its pot is the season's business.
  const std::vector<EventPlacings> evening = {*placings};
  Result<SeasonMoneyResult> money = ComputeSeasonMoney(**season, evening, {});
  if (!money.ok()) return money.status();
  const MoneyLines lines = IndexLines(money->money);
  AddResultRows(*placings, 0, &lines, out.tables[0]);
  return out;
}

grpc::Status SeasonServiceImpl::ExportResults(grpc::ServerContext* context,
                                              const v1::ExportResultsRequest* request,
                                              v1::ExportResultsResponse* response) {
  const std::string& format = request->format();
  if (format != "csv" && format != "json") {
    return ToGrpc(
        Status::InvalidArgument("format '" + format.substr(0, 40) + "' is not csv or json" + kRule),
        context);
  }
  const std::string& name = request->name();
  Result<Export> made = name.rfind("events/", 0) == 0 ? ExportEvent(name)
                        : name.rfind("seasons/", 0) == 0
                            ? ExportSeason(name)
                            : Result<Export>(Status::InvalidArgument(
                                  "name '" + name.substr(0, 80) +
                                  "' is not seasons/{season} or events/{event}" + kRule));
  if (!made.ok()) return ToGrpc(made.status(), context);
  std::string content = format == "csv" ? ExportCsv(made->tables)
                                        : ExportJson(name, made->display_name, made->tables);
  if (content.size() > kMaxExportBytes) {
    return ToGrpc(Status::ResourceExhausted("the export of " + name + " has " +
                                            std::to_string(content.size()) + " bytes, more than " +
                                            std::to_string(kMaxExportBytes) + kRule),
                  context);
  }
  response->set_content_type(format == "csv" ? "text/csv" : "application/json");
  response->set_content(std::move(content));
  return grpc::Status::OK;
}

}  // namespace skat::service
