#include "services/cli/seasons/seasons_standings.h"

#include <iostream>
#include <string>
#include <vector>

#include "services/cli/i18n/tr.h"
#include "services/common/csv.h"

namespace skat::cli {
namespace seasons {
namespace {

std::string RankText(const v1::SeasonStanding& s) {
  if (s.rank() == 0) return "–";  // unranked: below the minimum attendance
  return std::to_string(s.rank()) + (s.tied() ? "=" : "");
}

// One cell per event: the percentage, in brackets when it does not count (best n of m), "–" for
// an event not played.
std::string EventCell(const v1::SeasonStanding& s, const std::string& event) {
  for (const v1::SeasonEventResult& e : s.events()) {
    if (e.event() == event) return e.counted() ? e.percentage() : "(" + e.percentage() + ")";
  }
  return "–";
}

void PrintText(const v1::SeasonStandings& t) {
  std::cout << t.display_name() << "  (" << t.season() << ")\n";
  std::cout << (t.aggregate() == v1::SEASON_AGGREGATE_AVERAGE ? Tr("average of the percentages")
                                                              : Tr("sum of the percentages"));
  if (t.best_of() > 0) std::cout << ", " << Tr("best {0} events count", t.best_of());
  if (t.min_attendance() > 1) std::cout << ", " << Tr("ranked from {0} events", t.min_attendance());
  std::cout << "\n";
  for (int i = 0; i < t.events_size(); ++i) {
    std::cout << "  " << Tr("event {0}: {1}", i + 1, t.event_display_names(i)) << "\n";
  }
  std::cout << Tr("rank") << "\t" << Tr("person") << "\t" << Tr("events") << "\t" << Tr("value")
            << "\t" << Tr("diff");
  for (int i = 0; i < t.events_size(); ++i) std::cout << "\t" << i + 1;
  std::cout << "\n";
  for (const v1::SeasonStanding& s : t.standings()) {
    std::cout << RankText(s) << "\t" << s.display_name();
    if (!s.club().empty()) std::cout << " (" << s.club() << ")";
    std::cout << "\t" << s.events_played() << "\t" << s.value() << "\t" << s.diff();
    for (const std::string& event : t.events()) std::cout << "\t" << EventCell(s, event);
    std::cout << "\n";
  }
  if (t.standings().empty()) std::cout << Tr("no persons ranked yet") << "\n";
}

// Machine output: English column names, one row per person, one column per event (its
// percentage, empty when not played).
void PrintCsv(const v1::SeasonStandings& t) {
  CsvWriter csv;
  std::vector<CsvCell> header;
  for (const char* column :
       {"rank", "tied", "person", "name", "club", "member_number", "events", "value", "diff"}) {
    header.push_back(CsvText(column));
  }
  for (const std::string& event : t.events()) header.push_back(CsvText(event));
  csv.Row(header);
  for (const v1::SeasonStanding& s : t.standings()) {
    std::vector<CsvCell> row = {CsvNumber(s.rank()),
                                CsvText(s.tied() ? "true" : "false"),
                                CsvText(s.person()),
                                CsvText(s.display_name()),
                                CsvText(s.club()),
                                CsvText(s.member_number()),
                                CsvNumber(s.events_played()),
                                CsvNumber(s.value()),
                                CsvNumber(s.diff())};
    for (const std::string& event : t.events()) {
      CsvCell cell;
      for (const v1::SeasonEventResult& e : s.events()) {
        if (e.event() == event) cell = CsvNumber(e.percentage());
      }
      row.push_back(cell);
    }
    csv.Row(row);
  }
  std::cout << csv.Take();
}

}  // namespace
}  // namespace seasons

int SeasonStandings(const ServerOptions& server, const std::string& season,
                    const std::string& format, v1::SeasonService::Stub& stub) {
  v1::GetSeasonStandingsRequest request;
  request.set_name(season + "/standings");
  v1::SeasonStandings response;
  auto context = NewContext(server);
  const grpc::Status s = stub.GetSeasonStandings(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("seasons standings", s, *context, server);
  if (format == "csv") {
    seasons::PrintCsv(response);
  } else {
    seasons::PrintText(response);
  }
  return 0;
}

}  // namespace skat::cli
