#include "services/cli/persons/person_boards.h"

#include <ctime>
#include <fstream>
#include <iostream>

#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/common/csv.h"
#include "services/common/game_proto.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

using service::DirectionWord;

// The most boards the CSV holds (docs/persons.md "Boards"): 20 pages of 500.
constexpr int kCsvPages = 20;

// Seconds since 1970 of "YYYY-MM-DD" at 00:00 UTC; -1 for another text.
int64_t DayStart(const std::string& text) {
  std::tm tm{};
  const char* end = strptime(text.c_str(), "%Y-%m-%d", &tm);
  if (end == nullptr || *end != '\0' || text.size() != 10) return -1;
  return static_cast<int64_t>(timegm(&tm));
}

const char* RoleWord(v1::PersonBoard::Role r) {
  switch (r) {
    case v1::PersonBoard::ROLE_DECLARER: return "declarer";
    case v1::PersonBoard::ROLE_DEFENDER: return "defender";
    case v1::PersonBoard::ROLE_NO_GAME: return "no game";
    default: return "";
  }
}

// RoleWord in the reader's language (the CSV keeps RoleWord).
std::string RoleText(v1::PersonBoard::Role r) {
  switch (r) {
    case v1::PersonBoard::ROLE_DECLARER: return Tr("declarer");
    case v1::PersonBoard::ROLE_DEFENDER: return Tr("defender");
    case v1::PersonBoard::ROLE_NO_GAME: return Tr("no game");
    default: return "";
  }
}

// The game stays as skatd describes it (docs/i18n.md "What the engine writes").
void PrintBoard(const v1::PersonBoard& b) {
  std::cout << UtcText(b.event_time().seconds()).substr(0, 10) << "  " << b.event_display_name()
            << "  " << Tr("session {0} board {1}", b.session(), b.board()) << "  "
            << DirectionText(b.direction()) << ", " << RoleText(b.role()) << "  " << b.summary()
            << "\n    "
            << Tr("score {0}  {1}/{2} mp  diff {3}", b.board_score(), b.matchpoints(), b.top(),
                  Decimal(Fixed(b.diff(), 2, true)));
  if (!b.par().empty()) std::cout << "  " << Tr("par {0}", b.par());
  if (b.has_side_lost()) {
    std::cout << "  " << Tr("side lost {0} card points", b.side_lost());
  }
  std::cout << "\n";
}

void WriteCsvRow(const v1::PersonBoard& b, CsvWriter& csv) {
  csv.Row({CsvText(b.event()), CsvText(b.event_display_name()),
           CsvText(UtcText(b.event_time().seconds()).substr(0, 10)),
           CsvNumber(static_cast<int64_t>(b.session())), CsvNumber(static_cast<int64_t>(b.round())),
           CsvNumber(static_cast<int64_t>(b.board())), CsvText(DirectionWord(b.direction())),
           CsvText(RoleWord(b.role())), CsvText(b.game_type()), CsvText(b.summary()),
           CsvNumber(b.board_score()), CsvNumber(b.matchpoints()), CsvNumber(b.top()),
           CsvNumber(Fixed(b.diff(), 2)), CsvText(b.par()),
           b.has_side_lost() ? CsvNumber(static_cast<int64_t>(b.side_lost())) : CsvText(""),
           CsvText(b.traveller())});
}

}  // namespace

void AddPersonBoardsOptions(CLI::App& verb, PersonBoardsOptions& o) {
  verb.add_option("--event", o.event, Tr("only this event: events/{event}"));
  verb.add_option("--from", o.from,
                  Tr("only events created on or after this day (YYYY-MM-DD, UTC)"));
  verb.add_option("--to", o.to, Tr("only events created on or before this day (YYYY-MM-DD, UTC)"));
  verb.add_option("--profile", o.profile, Tr("only events of this rule profile"));
  verb.add_option("--role", o.role,
                  Tr("only boards where the person was declarer, defender, or "
                     "where nobody declared (no-game)"))
      ->check(CLI::IsMember({"declarer", "defender", "no-game"}));
  verb.add_option("--game", o.game, Tr("only this game type"))
      ->check(CLI::IsMember(
          {"diamonds", "hearts", "spades", "clubs", "grand", "null", "ramsch", "passed"}));
  verb.add_option("--limit", o.limit, Tr("print at most this many boards (1..500, default 50)"))
      ->check(CLI::Range(1, 500));
  verb.add_option("--csv", o.csv, Tr("also write every board the filters keep (at most 10,000)"));
}

int PersonBoards(const ServerOptions& server, const std::string& person,
                 const PersonBoardsOptions& o) {
  v1::ListPersonBoardsRequest request;
  request.set_parent(person);
  request.set_event(o.event);
  request.set_profile(o.profile);
  request.set_game_type(o.game);
  if (o.role == "declarer") request.set_role(v1::PersonBoard::ROLE_DECLARER);
  if (o.role == "defender") request.set_role(v1::PersonBoard::ROLE_DEFENDER);
  if (o.role == "no-game") request.set_role(v1::PersonBoard::ROLE_NO_GAME);
  for (const auto& [text, field] : {std::pair{o.from, request.mutable_start_time()},
                                    std::pair{o.to, request.mutable_end_time()}}) {
    if (text.empty()) continue;
    const int64_t day = DayStart(text);
    if (day < 0) return Fail("persons boards", Tr("\"{0}\" is not a day YYYY-MM-DD", text));
    field->set_seconds(field == request.mutable_end_time() ? day + 86400 : day);
  }
  auto stub = v1::ScoringService::NewStub(Connect(server));
  CsvWriter csv;
  csv.TextRow({"event", "event_name", "date", "session", "round", "board", "direction", "role",
               "game_type", "contract", "board_score", "matchpoints", "top", "diff", "par",
               "side_lost", "traveller"});
  int printed = 0;
  request.set_page_size(o.csv.empty() ? o.limit : 500);
  for (int page = 0; page < (o.csv.empty() ? 1 : kCsvPages); ++page) {
    v1::ListPersonBoardsResponse response;
    auto context = NewContext(server);
    const grpc::Status s = stub->ListPersonBoards(context.get(), request, &response);
    if (!s.ok()) return ReportFailure("persons boards", s, *context, server);
    for (const v1::PersonBoard& b : response.boards()) {
      if (printed++ < o.limit) PrintBoard(b);
      WriteCsvRow(b, csv);
    }
    if (response.next_page_token().empty()) break;
    request.set_page_token(response.next_page_token());
  }
  if (printed == 0) std::cout << Tr("no boards") << "\n";
  if (printed > o.limit) {
    std::cout << "(" << TrN("{n} more in the CSV", "{n} more in the CSV", printed - o.limit)
              << ")\n";
  }
  if (o.csv.empty()) return 0;
  std::ofstream out(o.csv, std::ios::binary);
  out << csv.Take();
  if (!out) return Fail("persons boards", Tr("--csv {0}: cannot be written", o.csv));
  std::cerr << "persons boards: "
            << TrN("{n} board written to {0}", "{n} boards written to {0}", printed, o.csv) << "\n";
  return 0;
}

}  // namespace skat::cli
