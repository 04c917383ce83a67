#include "services/cli/persons/person_history.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/common/csv.h"
#include "services/common/game_proto.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

using service::DirectionWord;

// "suit 5 (won 4), grand 2 (won 2), null 0".
std::string Declared(const v1::PersonTotal& t) {
  std::string out;
  for (const v1::GameClassTotal& g : t.declared()) {
    // The class as skatd names it ("suit", "grand", "null"), in the reader's words.
    const std::string game = g.game_class() == "suit" ? Tr("suit") : Tr(g.game_class());
    out += (out.empty() ? "" : ", ") + game + " " + std::to_string(g.declared());
    if (g.declared() > 0) out += " (" + Tr("won {0}", g.won()) + ")";
  }
  return out;
}

struct YearTotal {
  int events = 0, boards = 0;
  double percentage_sum = 0;
};

// The games declared and won by class per year (GetPersonTotals: boards played online or entered
// per board; chair totals have none), or a failed call's exit code in `failed`.
std::map<int, std::string> DeclaredByYear(const ServerOptions& server,
                                          v1::ScoringService::Stub& stub, const std::string& person,
                                          int* failed) {
  v1::GetPersonTotalsRequest request;
  request.set_name(person + "/totals");
  v1::PersonTotals totals;
  auto context = NewContext(server);
  const grpc::Status s = stub.GetPersonTotals(context.get(), request, &totals);
  std::map<int, std::string> out;
  if (!s.ok()) {
    *failed = ReportFailure("persons history", s, *context, server);
    return out;
  }
  for (const v1::PersonTotal& y : totals.years()) out[y.year()] = Declared(y);
  return out;
}

void CsvRows(const v1::PersonEvent& e, CsvWriter& csv) {
  const std::string date = UtcText(e.create_time().seconds()).substr(0, 10);
  for (const v1::ScorecardRow& r : e.scorecard().rows()) {
    csv.Row({CsvText(e.event()), CsvText(e.display_name()), CsvText(date),
             CsvNumber(static_cast<int64_t>(r.session())),
             CsvNumber(static_cast<int64_t>(r.round())), CsvNumber(static_cast<int64_t>(r.board())),
             CsvText(DirectionWord(r.direction())), CsvText(r.summary()),
             CsvNumber(r.board_score()), CsvNumber(r.matchpoints()), CsvNumber(r.top()),
             CsvNumber(Fixed(r.diff(), 2))});
  }
}

}  // namespace

int PersonHistory(const ServerOptions& server, const std::string& person,
                  const std::string& csv_file) {
  auto stub = v1::ScoringService::NewStub(Connect(server));
  v1::ListPersonEventsRequest request;
  request.set_parent(person);
  v1::ListPersonEventsResponse all;
  if (int failed = ListAllPages(
          server, "persons history", request,
          [&](grpc::ClientContext* c, auto r, auto* page) {
            r.set_page_size(100);
            return stub->ListPersonEvents(c, r, page);
          },
          &all);
      failed != 0) {
    return failed;
  }
  int failed = 0;
  const std::map<int, std::string> declared = DeclaredByYear(server, *stub, person, &failed);
  if (failed != 0) return failed;
  CsvWriter csv;
  std::map<std::string, YearTotal> years;
  csv.TextRow({"event", "event_name", "date", "session", "round", "board", "direction", "contract",
               "board_score", "matchpoints", "top", "diff"});
  for (const v1::PersonEvent& e : all.events()) {
    const v1::Standing& s = e.scorecard().standing();
    const std::string date = UtcText(e.create_time().seconds()).substr(0, 10);
    std::cout << date << "  " << e.display_name() << "  " << e.event()
              << (e.rated() ? "  " + Tr("rated") : "") << "\n    "
              << Decimal(Fixed(s.percentage(), 2)) << " %  "
              << TrN("{n} board", "{n} boards", e.scorecard().rows_size()) << "\n";
    YearTotal& y = years[date.substr(0, 4)];
    ++y.events;
    y.boards += e.scorecard().rows_size();
    y.percentage_sum += s.percentage();
    CsvRows(e, csv);
  }
  if (all.events().empty()) std::cout << Tr("no events yet") << "\n";
  for (const auto& [year, y] : years) {
    std::cout << year << ": " << TrN("{n} event", "{n} events", y.events) << ", "
              << TrN("{n} board", "{n} boards", y.boards) << ", "
              << Tr("mean {0} %", Decimal(Fixed(y.percentage_sum / y.events, 2)));
    auto d = declared.find(std::stoi(year));
    if (d != declared.end()) std::cout << "; " << Tr("declared {0}", d->second);
    std::cout << "\n";
  }
  if (csv_file.empty()) return 0;
  std::ofstream out(csv_file, std::ios::binary);
  out << csv.Take();
  if (!out) return Fail("persons history", Tr("--csv {0}: cannot be written", csv_file));
  std::cerr << Tr("persons history: the boards written to {0}", csv_file) << "\n";
  return 0;
}

}  // namespace skat::cli
