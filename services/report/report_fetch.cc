#include "services/report/report_fetch.h"

#include <algorithm>
#include <set>

#include "services/common/names.h"

namespace skat::report {

grpc::Status FetchReport(v1::ScoringService::StubInterface& stub, const std::string& event,
                         const std::function<std::unique_ptr<grpc::ClientContext>()>& new_context,
                         FetchedReport& out, std::unique_ptr<grpc::ClientContext>* failed) {
  ReportData& data = out.data;
  // Runs one call; keeps its context in *failed when it fails with a code not in `tolerated`.
  auto run = [&](auto&& call, grpc::StatusCode tolerated = grpc::StatusCode::OK) {
    std::unique_ptr<grpc::ClientContext> context = new_context();
    grpc::Status s = call(context.get());
    if (!s.ok() && s.error_code() != tolerated && failed != nullptr) *failed = std::move(context);
    return s;
  };
  {
    v1::GetStandingsRequest request;
    request.set_name(service::SessionScopedName(event, 0, "standings"));
    grpc::Status s = run([&](auto* c) { return stub.GetStandings(c, request, &data.standings); });
    if (!s.ok()) return s;
  }
  {
    v1::GetTeamMatchRequest request;
    request.set_name(service::SessionScopedName(event, 0, "teamMatch"));
    v1::TeamMatch team;
    grpc::Status s = run([&](auto* c) { return stub.GetTeamMatch(c, request, &team); },
                         grpc::StatusCode::FAILED_PRECONDITION);  // no team match
    if (s.ok()) {
      data.team = std::move(team);
    } else if (s.error_code() != grpc::StatusCode::FAILED_PRECONDITION) {
      return s;
    }
  }
  {
    v1::GetPrizeListRequest request;
    request.set_name(event + "/prizeList");
    v1::PrizeList prizes;
    grpc::Status s = run([&](auto* c) { return stub.GetPrizeList(c, request, &prizes); });
    if (!s.ok()) return s;
    data.prizes = std::move(prizes);
  }
  if (data.standings.board_score() == v1::BOARD_SCORE_SEEGER_FABIAN) {
    v1::GetSeriesListsRequest request;  // the event's own lists under Seeger-Fabian
    request.set_name(service::SessionScopedName(event, 0, "seriesLists"));
    v1::SeriesLists series;
    grpc::Status s = run([&](auto* c) { return stub.GetSeriesLists(c, request, &series); });
    if (!s.ok()) return s;
    data.series = std::move(series);
  }
  // Scorecards, and from them the sessions with results.
  std::set<int> sessions;
  for (const v1::Standing& standing : data.standings.overall()) {
    v1::GetScorecardRequest request;
    request.set_name(standing.player() + "/scorecard");
    v1::Scorecard card;
    grpc::Status s = run([&](auto* c) { return stub.GetScorecard(c, request, &card); });
    if (!s.ok()) return s;
    for (const v1::ScorecardRow& row : card.rows()) sessions.insert(std::max(1, row.session()));
    data.scorecards.push_back(std::move(card));
  }
  if (sessions.empty()) sessions.insert(1);
  // Travellers: every open board of each session, a page at a time.
  for (int session : sessions) {
    v1::ListTravellersRequest request;
    request.set_parent(event + "/sessions/" + std::to_string(session));
    do {
      v1::ListTravellersResponse page;
      grpc::Status s = run([&](auto* c) { return stub.ListTravellers(c, request, &page); });
      if (!s.ok()) return s;
      for (v1::Traveller& t : *page.mutable_travellers()) data.travellers.push_back(std::move(t));
      if (page.next_page_token().empty()) out.boards_in_play += page.boards_in_play_size();
      request.set_page_token(page.next_page_token());
    } while (!request.page_token().empty());
  }
  return grpc::Status::OK;
}

}  // namespace skat::report
