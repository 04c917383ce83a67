// GetPersonTotals (scoring_service.proto; docs/persons.md "Totals"): a person's totals per year
// and per event, summed from the rows of their boards (person_boards.h).
#include <map>
#include <string>

#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/scoring/person_boards.h"
#include "services/scoring/ratings_cache.h"
#include "services/scoring/scoring_service.h"

namespace skat::service {
namespace {

constexpr std::string_view kTotalsSuffix = "/totals";
constexpr const char* kClasses[3] = {"suit", "grand", "null"};

// Sums `t` into `out`, whose percentage is set from the sums by Finish.
struct Sum {
  int events = 0, boards = 0;
  double matchpoints = 0, top = 0, diff = 0;
  std::array<int, 3> declared{}, won{};

  void Add(const store::PersonTotalRecord& t) {
    ++events;
    boards += t.boards;
    matchpoints += t.matchpoints;
    top += t.top;
    diff += t.diff;
    for (int c = 0; c < 3; ++c) {
      declared[c] += t.declared[c];
      won[c] += t.won[c];
    }
  }
  void Finish(v1::PersonTotal* out) const {
    out->set_events(events);
    out->set_boards(boards);
    out->set_percentage(top > 0 ? 100 * matchpoints / top : 0);
    out->set_diff(diff);
    for (int c = 0; c < 3; ++c) {
      v1::GameClassTotal* g = out->add_declared();
      g->set_game_class(kClasses[c]);
      g->set_declared(declared[c]);
      g->set_won(won[c]);
    }
  }
};

}  // namespace

grpc::Status ScoringServiceImpl::GetPersonTotals(grpc::ServerContext* context,
                                                 const v1::GetPersonTotalsRequest* request,
                                                 v1::PersonTotals* response) {
  const std::string& full = request->name();
  if (full.size() <= kTotalsSuffix.size() || !full.ends_with(kTotalsSuffix)) {
    return ToGrpc(
        Status::InvalidArgument("name \"" + full.substr(0, 200) +
                                "\": expected registries/{registry}/persons/{person}/totals"),
        context);
  }
  const std::string parent = full.substr(0, full.size() - kTotalsSuffix.size());
  Result<PersonName> name = ParsePersonName(parent);
  if (!name.ok()) return ToGrpc(name.status(), context);
  if (Status s = ReadyPersonBoards(store_, scores_, name->registry, name->person, parent);
      !s.ok()) {
    return ToGrpc(s, context);
  }
  Result<std::vector<store::PersonTotalRecord>> totals =
      store_.person_boards.ListPersonTotals(name->registry, name->person);
  if (!totals.ok()) return ToGrpc(totals.status(), context);
  response->set_name(full);
  std::map<int, Sum, std::greater<>> years;  // newest first
  for (const store::PersonTotalRecord& t : *totals) {
    years[UtcYear(t.event_unix)].Add(t);
    Sum one;
    one.Add(t);
    v1::PersonTotal* e = response->add_events();
    e->set_year(UtcYear(t.event_unix));
    e->set_event(EventName(t.event_id));
    e->set_event_display_name(t.event_name);
    e->mutable_event_time()->set_seconds(t.event_unix);
    one.Finish(e);
  }
  for (const auto& [year, sum] : years) {
    v1::PersonTotal* y = response->add_years();
    y->set_year(year);
    sum.Finish(y);
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
