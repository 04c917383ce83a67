// Chair totals (docs/events-and-scoring.md 4.12): the session total of each chair of a physical
// table, entered by the director from the players' paper sheets, and compared by the scoring
// service under the session-total comparison. A table's totals stand instead of its board
// results, never beside them.
#include <map>
#include <string>
#include <utility>

#include "services/common/director.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/table/results_desk.h"

namespace skat::service {
namespace {

constexpr int64_t kMaxChairTotal = 100000;

void ToProto(const store::TableRecord& table, const store::ChairTotalRecord& total,
             v1::ChairTotal* out) {
  out->set_table(TableResourceName(table.event_id, table.id));
  out->set_chair(total.chair);
  out->set_total(total.total);
  const std::string& player = table.player_ids[total.chair - 1];
  out->set_player(player.empty() ? "" : ChildResourceName(table.event_id, "players", player));
  out->mutable_enter_time()->set_seconds(total.entered_unix);
  out->set_round(table.round);
  out->set_table_number(table.table_number);
}

// kOk when chair totals may be entered at `table` of the event `event`.
Status CheckChairTotalTable(store::ResultStore& store, const store::EventRecord& event,
                            const store::TableRecord& table) {
  const std::string name = TableResourceName(table.event_id, table.id);
  if (!table.physical) {
    return Status::NotAllowed(name +
                              " plays online: chair totals are for tables played with "
                              "real cards (TABLE_MODE_PHYSICAL)");
  }
  if (table.session_id.empty()) {
    return Status::NotAllowed(name +
                              " is not a table of a session: only a session's chairs "
                              "are compared");
  }
  if (event.comparison != "session-total") {
    return Status::NotAllowed(EventName(event.id) + " compares " + event.comparison +
                              ", not session totals: chair totals are scored only under the "
                              "session-total comparison (skat events create --comparison "
                              "session-total)");
  }
  Result<std::vector<store::ResultRecord>> results =
      store.ListResults(table.event_id, table.id, false);
  if (!results.ok()) return results.status();
  if (!results->empty()) {
    return Status::NotAllowed(name + " has " + std::to_string(results->size()) +
                              " board results: its chairs' totals come from them, not from "
                              "entered totals");
  }
  return Status::Ok();
}

}  // namespace

grpc::Status ResultsDesk::SubmitChairTotal(grpc::ServerContext* context,
                                           const v1::SubmitChairTotalRequest* request,
                                           v1::ChairTotal* response) {
  Result<TableName> name = ParseTableName(request->table());
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::EventRecord> event =
      DirectorEvent(events_, *context, name->event, request->table());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<store::TableRecord> table = tables_.GetTable(name->event, name->table);
  if (!table.ok()) return ToGrpc(table.status(), context);
  if (request->chair() < 1 || request->chair() > table->chairs) {
    return ToGrpc(Status::InvalidArgument("chair " + std::to_string(request->chair()) +
                                          " is not a chair of " + request->table() + " (1.." +
                                          std::to_string(table->chairs) + ")"),
                  context);
  }
  if (request->total() < -kMaxChairTotal || request->total() > kMaxChairTotal) {
    return ToGrpc(Status::InvalidArgument("total " + std::to_string(request->total()) +
                                          " is not in -100000..100000"),
                  context);
  }
  if (Status s = CheckChairTotalTable(results_, *event, *table); !s.ok()) {
    return ToGrpc(s, context);
  }
  store::ChairTotalRecord entry{.event_id = table->event_id,
                                .table_id = table->id,
                                .chair = request->chair(),
                                .total = request->total()};
  if (!request->validate_only()) {
    Result<store::ChairTotalRecord> stored = results_.PutChairTotal(entry, request->replace());
    if (!stored.ok() && stored.status().code() == ErrorCode::kAlreadyExists) {
      return ToGrpc(Status::AlreadyExists(stored.status().message() +
                                          "; to replace it, enter the total again with replace"),
                    context);
    }
    if (!stored.ok()) return ToGrpc(stored.status(), context);
    entry = *stored;
  }
  ToProto(*table, entry, response);
  return grpc::Status::OK;
}

grpc::Status ResultsDesk::ListChairTotals(grpc::ServerContext* context,
                                          const v1::ListChairTotalsRequest* request,
                                          v1::ListChairTotalsResponse* response) {
  Result<ChildName> session_name = ParseChildName(request->parent(), "sessions");
  if (!session_name.ok()) return ToGrpc(session_name.status(), context);
  Result<store::EventRecord> event =
      DirectorEvent(events_, *context, session_name->event, request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<store::SessionRecord> session = sessions_.GetSession(event->id, session_name->id);
  if (!session.ok()) return ToGrpc(session.status(), context);
  Result<std::vector<store::ChairTotalRecord>> totals = results_.ListChairTotals(event->id, "");
  if (!totals.ok()) return ToGrpc(totals.status(), context);
  std::map<std::pair<std::string, int>, const store::ChairTotalRecord*> by_chair;
  for (const store::ChairTotalRecord& t : *totals) by_chair[{t.table_id, t.chair}] = &t;
  for (const store::TableRecord& t : session->tables) {
    for (int chair = 1; chair <= t.chairs; ++chair) {
      auto it = by_chair.find({t.id, chair});
      if (it != by_chair.end()) ToProto(t, *it->second, response->add_chair_totals());
    }
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
