// EventService: seat tokens of a session issued again (with new table codes for a physical
// session: docs/tables.md "Table codes"), and the director token rotated
// (docs/events-and-scoring.md "Seat tokens"). Only tokens' SHA-256 are stored, so a token that
// was lost cannot be shown again: a new one is issued and the old one revoked.
#include <algorithm>
#include <charconv>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/table_code.h"
#include "services/event/event_service.h"
#include "services/event/seat_token_proto.h"

namespace skat::service {
namespace {

constexpr int kDefaultTablesPerPage = 200;
constexpr int kMaxTablesPerPage = 1000;

// The page token: "<round>.<table number>" of the previous page's last table.
std::string PageToken(const store::TableRecord& last) {
  return std::to_string(last.round) + "." + std::to_string(last.table_number);
}

// The (round, table number) a page token names; kInvalidArgument for a token no reply gave.
Result<std::pair<int, int>> ParsePageToken(const std::string& token) {
  if (token.empty()) return std::pair<int, int>(0, 0);
  const Status bad =
      Status::InvalidArgument("page_token is not one a previous IssueSeatTokens returned");
  const size_t dot = token.find('.');
  if (dot == std::string::npos || token.size() > 24) return bad;
  int round = 0;
  int table = 0;
  const char* begin = token.data();
  const char* end = begin + token.size();
  auto [after_round, e1] = std::from_chars(begin, begin + dot, round);
  auto [after_table, e2] = std::from_chars(begin + dot + 1, end, table);
  if (e1 != std::errc() || after_round != begin + dot || e2 != std::errc() || after_table != end ||
      round < 1 || table < 1) {
    return bad;
  }
  return std::pair<int, int>(round, table);
}

}  // namespace

grpc::Status EventServiceImpl::IssueSeatTokens(grpc::ServerContext* context,
                                               const v1::IssueSeatTokensRequest* request,
                                               v1::IssueSeatTokensResponse* response) {
  Result<ChildName> name = ParseChildName(request->name(), "sessions");
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, EventName(name->event));
  if (!event.ok()) return ToGrpc(event.status(), context);
  if (request->page_size() < 0) {
    return ToGrpc(Status::InvalidArgument("page_size " + std::to_string(request->page_size()) +
                                          " is negative"),
                  context);
  }
  const int page_size = request->page_size() == 0
                            ? kDefaultTablesPerPage
                            : std::min(request->page_size(), kMaxTablesPerPage);
  Result<std::pair<int, int>> after = ParsePageToken(request->page_token());
  if (!after.ok()) return ToGrpc(after.status(), context);

  Result<store::SessionPage> page =
      store_.sessions.GetSessionPage(name->event, name->id, after->first, after->second, page_size);
  if (!page.ok()) return ToGrpc(page.status(), context);
  if (page->session.movement == "imported") {
    return ToGrpc(
        Status::NotAllowed(request->name() + " holds imported games: its tables have no seats"),
        context);
  }
  std::vector<store::SeatTokenChange> changes;
  std::vector<std::string> tokens;
  std::vector<store::TableCodeChange> code_changes;
  std::vector<std::string> codes;  // by table; "" for an online one
  for (const store::TableRecord& t : page->session.tables) {
    for (int chair = 1; chair <= t.chairs; ++chair) {
      tokens.push_back(NewToken());
      changes.push_back(
          {.table_id = t.id, .chair = chair, .token_sha256 = Sha256Hex(tokens.back())});
    }
    codes.push_back(t.physical ? NewTableCode() : "");
    if (t.physical) {
      code_changes.push_back({.table_id = t.id, .code_sha256 = Sha256Hex(codes.back())});
    }
  }
  if (!changes.empty()) {
    if (Status s = store_.tables.ReplaceSeatTokens(name->event, changes, code_changes); !s.ok()) {
      return ToGrpc(s, context);
    }
  }
  size_t next = 0;
  for (size_t i = 0; i < page->session.tables.size(); ++i) {
    const store::TableRecord& t = page->session.tables[i];
    ToProto(t, response->add_tables());
    AddSeatTokens(t, std::span(tokens).subspan(next, t.chairs), response->mutable_seat_tokens());
    AddTableCode(t, codes[i], response->mutable_table_codes());
    next += t.chairs;
  }
  const int seen = page->tables_before + static_cast<int>(page->session.tables.size());
  if (!page->session.tables.empty() && seen < page->table_count) {
    response->set_next_page_token(PageToken(page->session.tables.back()));
  }
  response->set_total_size(page->table_count);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::RotateDirectorToken(grpc::ServerContext* context,
                                                   const v1::RotateDirectorTokenRequest* request,
                                                   v1::RotateDirectorTokenResponse* response) {
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, request->name());
  if (!event.ok()) return ToGrpc(event.status(), context);
  const std::string token = NewToken();
  Result<store::EventRecord> rotated =
      store_.events.RotateDirectorToken(event->id, event->director_token_sha256, Sha256Hex(token));
  if (!rotated.ok() && rotated.status().code() == ErrorCode::kAborted) {
    return ToGrpc(Status::PermissionDenied("the token given is no longer the director token of " +
                                           request->name() + ": another rotation replaced it"),
                  context);
  }
  if (!rotated.ok()) return ToGrpc(rotated.status(), context);
  ToProto(*rotated, response->mutable_event());
  response->set_director_token(token);
  return grpc::Status::OK;
}

void AddSeatTokens(const store::TableRecord& table, std::span<const std::string> tokens,
                   google::protobuf::RepeatedPtrField<v1::SeatToken>* out) {
  for (int chair = 1; chair <= table.chairs; ++chair) {
    v1::SeatToken* token = out->Add();
    token->set_table(TableResourceName(table.event_id, table.id));
    token->set_round(table.round);
    token->set_chair(chair);
    const std::string& player = table.player_ids[chair - 1];
    if (!player.empty()) token->set_player(ChildResourceName(table.event_id, "players", player));
    token->set_token(tokens[chair - 1]);
  }
}

void AddTableCode(const store::TableRecord& table, const std::string& code,
                  google::protobuf::RepeatedPtrField<v1::TableCode>* out) {
  if (code.empty()) return;
  v1::TableCode* entry = out->Add();
  entry->set_table(TableResourceName(table.event_id, table.id));
  entry->set_round(table.round);
  entry->set_table_number(table.table_number);
  entry->set_code(PrintedTableCode(code));
}

}  // namespace skat::service
