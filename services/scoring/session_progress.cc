// GetSessionProgress (scoring_service.proto; docs/web.md "The live screen"): which boards each
// table of a session has finished, read from the director's scores (every counted result and
// director's score) but answering only board numbers, so that anyone may see it.
#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/scoring/scoring_names.h"
#include "services/scoring/scoring_service.h"

namespace skat::service {

grpc::Status ScoringServiceImpl::GetSessionProgress(grpc::ServerContext* context,
                                                    const v1::GetSessionProgressRequest* request,
                                                    v1::SessionProgress* response) {
  Result<ScoringName> name =
      ParseScoringName(request->name(), {"events/{event}/sessions/{session}/progress"});
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<std::shared_ptr<const EventScores>> scores = scores_.Get(name->event, Audience::kDirector);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  Result<int> number = SessionNumber(**scores, name->session);
  if (!number.ok()) return ToGrpc(number.status(), context);
  const SessionScores& session = (*scores)->sessions.at(*number - 1);
  // (table id, board) of every counted result and every director's score of the session.
  std::set<std::pair<std::string, int>> finished;
  for (const scoring::Traveller& t : session.travellers) {
    for (const scoring::TravellerRow& row : t.rows) finished.insert({row.table, t.board});
  }
  std::vector<const store::TableRecord*> tables;
  for (const store::TableRecord& t : session.session.tables) tables.push_back(&t);
  std::sort(tables.begin(), tables.end(), [](const auto* a, const auto* b) {
    return std::pair(a->round, a->table_number) < std::pair(b->round, b->table_number);
  });
  response->set_name(ScoringParent(**scores, *number) + "/progress");
  for (const store::TableRecord* t : tables) {
    v1::TableProgress* out = response->add_tables();
    out->set_table(TableResourceName((*scores)->event.id, t->id));
    out->set_round(t->round);
    out->set_table_number(t->table_number);
    for (const int board : t->boards) {
      out->add_boards(board);
      if (finished.count({t->id, board}) != 0) out->add_finished_boards(board);
    }
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
