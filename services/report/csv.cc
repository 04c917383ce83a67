// The report's CSV files (RFC 4180): a header row, CRLF line ends, a field quoted when it holds a
// comma, a quote, CR or LF (quotes doubled). One file per section; doubles in their shortest
// exact form, matchpoints and tops as the exact text skatd gives.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "services/report/report_internal.h"

namespace skat::report::internal {
namespace {

std::string Field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

class Csv {
 public:
  explicit Csv(const std::vector<std::string>& header) { Row(header); }
  void Row(const std::vector<std::string>& fields) {
    for (size_t i = 0; i < fields.size(); ++i) {
      if (i > 0) text_ += ',';
      text_ += Field(fields[i]);
    }
    text_ += "\r\n";
  }
  std::string Take() { return std::move(text_); }

 private:
  std::string text_;
};

std::string Int(int64_t v) { return std::to_string(v); }
std::string Bool(bool v) { return v ? "true" : "false"; }

std::string StandingsCsv(const v1::Standings& standings) {
  int rounds = 0;
  for (const v1::Standing& s : standings.overall()) {
    for (const v1::RoundPercentage& r : s.rounds()) rounds = std::max(rounds, r.round());
  }
  std::vector<std::string> header = {"scope",
                                     "rank",
                                     "tied",
                                     "player",
                                     "display_name",
                                     "club",
                                     "boards",
                                     "forehand_boards",
                                     "middlehand_boards",
                                     "rearhand_boards",
                                     "matchpoints",
                                     "top",
                                     "percentage",
                                     "diff",
                                     "total",
                                     "own_points"};
  for (int r = 1; r <= rounds; ++r) header.push_back("round_" + std::to_string(r));
  Csv csv(header);
  auto add = [&](std::string_view scope, const v1::Standing& s) {
    std::vector<std::string> row = {std::string(scope), Int(s.rank()), Bool(s.tied()), s.player(),
                                    s.display_name(),   s.club(),      Int(s.boards())};
    for (int d = 0; d < 3; ++d) {
      row.push_back(d < s.direction_boards_size() ? Int(s.direction_boards(d)) : "");
    }
    for (std::string v : {s.matchpoints(), s.top(), Exact(s.percentage()), Exact(s.diff()),
                          Int(s.total()), Int(s.own_points())}) {
      row.push_back(std::move(v));
    }
    std::vector<std::string> by_round(static_cast<size_t>(rounds));
    for (const v1::RoundPercentage& r : s.rounds()) {
      if (r.round() >= 1 && r.round() <= rounds) by_round[r.round() - 1] = Exact(r.percentage());
    }
    for (std::string& v : by_round) row.push_back(std::move(v));
    csv.Row(row);
  };
  for (const v1::Standing& s : standings.overall()) add("overall", s);
  for (const v1::DirectionStandings& d : standings.by_direction()) {
    for (const v1::Standing& s : d.standings()) add(DirectionName(d.direction()), s);
  }
  return csv.Take();
}

// The last two columns are the open-hand analysis (docs/par.md), empty without one: the board's
// par contract, and the card points the row's side lost against open-hand play at its table.
std::string TravellersCsv(const ReportData& data) {
  Csv csv({"session",      "board",       "deal_number", "direction",   "version",
           "planned",      "datum",       "table",       "table_label", "player",
           "display_name", "board_score", "matchpoints", "top",         "diff",
           "assigned",     "artificial",  "declarer",    "won",         "value",
           "summary",      "hand",        "skat",        "par",         "lost"});
  for (const v1::Traveller& t : data.travellers) {
    const v1::BoardAnalysis* analysis = AnalysisOf(data, t);
    for (const v1::DirectionTraveller& d : t.directions()) {
      const int hand_index = static_cast<int>(d.direction()) - 1;
      const std::string hand =
          hand_index >= 0 && hand_index < t.hands_size() ? t.hands(hand_index) : "";
      for (const v1::TravellerRow& row : d.rows()) {
        const v1::GameResult& r = row.result();
        const bool declarer_game = r.kind() == v1::GameResult::KIND_DECLARER_GAME;
        const std::optional<int> lost = PointsLost(GameOf(analysis, row.table()), d.direction());
        csv.Row({Int(t.session()),
                 Int(t.board()),
                 std::to_string(t.deal_number()),
                 std::string(DirectionName(d.direction())),
                 Int(d.version()),
                 Int(d.planned()),
                 Exact(d.datum()),
                 row.table(),
                 TableName(row.table(), row.table_label()),
                 row.player(),
                 row.display_name(),
                 Int(row.board_score()),
                 row.matchpoints(),
                 row.top(),
                 Exact(row.diff()),
                 Bool(row.assigned()),
                 Bool(row.artificial()),
                 declarer_game ? std::string(DirectionName(r.declarer())) : "",
                 declarer_game ? Bool(r.won()) : "",
                 declarer_game ? Int(r.value()) : "",
                 r.summary(),
                 hand,
                 t.skat(),
                 analysis ? ParContract(analysis->par()) : "",
                 lost ? Int(*lost) : ""});
      }
    }
  }
  return csv.Take();
}

std::string ScorecardsCsv(const std::vector<v1::Scorecard>& scorecards) {
  Csv csv({"player", "display_name", "session", "round", "board", "direction", "table",
           "board_score", "matchpoints", "top", "diff", "summary"});
  for (const v1::Scorecard& card : scorecards) {
    for (const v1::ScorecardRow& row : card.rows()) {
      csv.Row({card.standing().player(), card.standing().display_name(), Int(row.session()),
               Int(row.round()), Int(row.board()), std::string(DirectionName(row.direction())),
               row.table(), Int(row.board_score()), row.matchpoints(), row.top(), Exact(row.diff()),
               row.summary()});
    }
  }
  return csv.Take();
}

std::string TeamCsv(const v1::TeamMatch& team) {
  Csv csv({"board", "direction", "club_a", "club_a_score", "club_b", "club_b_score", "net"});
  for (const v1::TeamLine& line : team.lines()) {
    csv.Row({Int(line.board()), std::string(DirectionName(line.direction())), team.club_a(),
             Int(line.club_a()), team.club_b(), Int(line.club_b()), Int(line.net())});
  }
  csv.Row({"total", "", team.club_a(), Int(team.total_a()), team.club_b(), Int(team.total_b()),
           Int(team.net())});
  return csv.Take();
}

std::string PrizesCsv(const v1::PrizeList& prizes) {
  Csv csv({"sitting", "place", "category", "player", "display_name", "detail"});
  for (const v1::Prize& p : prizes.prizes()) {
    csv.Row(
        {Int(p.sitting()), Int(p.place()), p.category(), p.player(), p.display_name(), p.detail()});
  }
  return csv.Take();
}

std::string SeriesCsv(const v1::SeriesLists& lists) {
  Csv csv({"session", "round", "table", "table_label", "four_players", "rank", "player",
           "display_name", "game_points", "won", "lost", "opponents_lost", "opponents_points",
           "total", "lot"});
  for (const v1::SeriesList& l : lists.lists()) {
    for (const v1::SeriesRow& r : l.rows()) {
      csv.Row({Int(l.session()), Int(l.round()), l.table(), l.table_label(), Bool(l.four_players()),
               Int(r.rank()), r.player(), r.display_name(), Int(r.game_points()), Int(r.won()),
               Int(r.lost()), Int(r.opponents_lost()), Int(r.opponents_points()), Int(r.total()),
               Bool(r.lot())});
    }
  }
  return csv.Take();
}

}  // namespace

std::vector<File> CsvFiles(const ReportData& data) {
  std::vector<File> files;
  files.push_back({"standings.csv", StandingsCsv(data.standings)});
  files.push_back({"travellers.csv", TravellersCsv(data)});
  files.push_back({"scorecards.csv", ScorecardsCsv(data.scorecards)});
  if (data.team) files.push_back({"team.csv", TeamCsv(*data.team)});
  if (data.prizes) files.push_back({"prizes.csv", PrizesCsv(*data.prizes)});
  if (data.series) files.push_back({"series.csv", SeriesCsv(*data.series)});
  return files;
}

}  // namespace skat::report::internal
