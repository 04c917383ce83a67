#include "services/cli/persons/person_history.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/common/csv.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

const char* DirectionWord(v1::Direction d) {
  switch (d) {
    case v1::DIRECTION_FOREHAND: return "forehand";
    case v1::DIRECTION_MIDDLEHAND: return "middlehand";
    case v1::DIRECTION_REARHAND: return "rearhand";
    default: return "";
  }
}

struct YearTotal {
  int events = 0, boards = 0;
  double percentage_sum = 0;
};

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
  CsvWriter csv;
  csv.TextRow({"event", "event_name", "date", "session", "round", "board", "direction", "contract",
               "board_score", "matchpoints", "top", "diff"});
  std::map<std::string, YearTotal> years;
  for (const v1::PersonEvent& e : all.events()) {
    const v1::Standing& s = e.scorecard().standing();
    const std::string date = UtcText(e.create_time().seconds()).substr(0, 10);
    std::cout << date << "  " << e.display_name() << "  " << e.event()
              << (e.rated() ? "  rated" : "") << "\n    " << Fixed(s.percentage(), 2) << " %  "
              << e.scorecard().rows_size() << " boards\n";
    YearTotal& y = years[date.substr(0, 4)];
    ++y.events;
    y.boards += e.scorecard().rows_size();
    y.percentage_sum += s.percentage();
    CsvRows(e, csv);
  }
  if (all.events().empty()) std::cout << "no events yet\n";
  for (const auto& [year, y] : years) {
    std::cout << year << ": " << y.events << (y.events == 1 ? " event, " : " events, ") << y.boards
              << " boards, mean " << Fixed(y.percentage_sum / y.events, 2) << " %\n";
  }
  if (csv_file.empty()) return 0;
  std::ofstream out(csv_file, std::ios::binary);
  out << csv.Take();
  if (!out) return Fail("persons history", "--csv " + csv_file + ": cannot be written");
  std::cerr << "persons history: the boards written to " << csv_file << "\n";
  return 0;
}

}  // namespace skat::cli
