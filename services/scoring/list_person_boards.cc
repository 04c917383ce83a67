// ListPersonBoards (scoring_service.proto; docs/persons.md "Boards"): a page of a person's boards,
// from the store's rows brought up to date first (person_boards.h).
#include <set>
#include <string>
#include <vector>

#include "engine/analysis/par.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/scoring/person_boards.h"
#include "services/scoring/scoring_service.h"

namespace skat::service {
namespace {

constexpr int kDefaultBoards = 50;
constexpr int kMaxBoards = 500;

const std::set<std::string> kGameTypes = {"diamonds", "hearts", "spades", "clubs",
                                          "grand",    "null",   "ramsch", "passed"};

const char* RoleText(v1::PersonBoard::Role role) {
  switch (role) {
    case v1::PersonBoard::ROLE_DECLARER: return "declarer";
    case v1::PersonBoard::ROLE_DEFENDER: return "defender";
    case v1::PersonBoard::ROLE_NO_GAME: return "no-game";
    default: return "";
  }
}

v1::PersonBoard::Role RoleProto(const std::string& role) {
  if (role == "declarer") return v1::PersonBoard::ROLE_DECLARER;
  if (role == "defender") return v1::PersonBoard::ROLE_DEFENDER;
  return v1::PersonBoard::ROLE_NO_GAME;
}

// The request's filters, checked (docs/persons.md "Boards").
Result<store::PersonBoardFilter> Filter(const v1::ListPersonBoardsRequest& r) {
  store::PersonBoardFilter f;
  if (!r.event().empty()) {
    Result<std::string> id = ParseEventName(r.event());
    if (!id.ok()) return id.status();
    f.event_id = *id;
  }
  f.start_unix = r.start_time().seconds();
  f.end_unix = r.end_time().seconds();
  constexpr int64_t kYear10000 = 253402300800;  // PostgreSQL's to_timestamp goes further
  for (const int64_t t : {f.start_unix, f.end_unix}) {
    if (t < 0 || t >= kYear10000) {
      return Status::InvalidArgument("start_time and end_time: from 1970 to 9999, not " +
                                     std::to_string(t) + " seconds");
    }
  }
  if (f.start_unix != 0 && f.end_unix != 0 && f.end_unix < f.start_unix) {
    return Status::InvalidArgument("end_time " + std::to_string(f.end_unix) +
                                   " is before start_time " + std::to_string(f.start_unix));
  }
  if (!r.profile().empty() && FindProfile(r.profile()) == nullptr) {
    return Status::InvalidArgument("profile: no rule profile named \"" + r.profile().substr(0, 40) +
                                   "\" (docs/rules.md)");
  }
  f.profile = r.profile();
  if (!v1::PersonBoard::Role_IsValid(r.role())) {
    return Status::InvalidArgument("role " + std::to_string(r.role()) + ": no such role");
  }
  f.role = RoleText(r.role());
  if (!r.game_type().empty() && kGameTypes.count(r.game_type()) == 0) {
    return Status::InvalidArgument("game_type \"" + r.game_type().substr(0, 40) +
                                   "\": one of diamonds, hearts, spades, clubs, grand, null, "
                                   "ramsch, passed");
  }
  f.game_type = r.game_type();
  return f;
}

void BoardProto(const store::PersonBoardRecord& r, v1::PersonBoard* out) {
  const std::string event = EventName(r.event_id);
  out->set_event(event);
  out->set_event_display_name(r.event_name);
  out->mutable_event_time()->set_seconds(r.event_unix);
  out->set_profile(r.profile);
  out->set_session(r.session);
  out->set_round(r.round);
  out->set_board(r.board);
  if (std::optional<Direction> d = ParseDirection(r.direction)) out->set_direction(ToProto(*d));
  out->set_table(TableResourceName(r.event_id, r.table_id));
  out->set_role(RoleProto(r.role));
  out->set_game_type(r.game_type);
  out->set_summary(r.summary);
  out->set_board_score(r.board_score);
  out->set_matchpoints(r.matchpoints);
  out->set_top(r.top);
  out->set_diff(r.diff);
  out->set_par(r.par);
  out->set_traveller(TravellerName(event, r.session, r.board));
  if (r.declarer_won) out->set_declarer_won(*r.declarer_won);
  if (r.side_lost) out->set_side_lost(*r.side_lost);
}

}  // namespace

grpc::Status ScoringServiceImpl::ListPersonBoards(grpc::ServerContext* context,
                                                  const v1::ListPersonBoardsRequest* request,
                                                  v1::ListPersonBoardsResponse* response) {
  Result<PersonName> name = ParsePersonName(request->parent());
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::PersonBoardFilter> filter = Filter(*request);
  if (!filter.ok()) return ToGrpc(filter.status(), context);
  // The filters belong to the list: a token of other filters is refused.
  const std::string list = "ListPersonBoards " + request->parent() + " " + filter->event_id + " " +
                           std::to_string(filter->start_unix) + " " +
                           std::to_string(filter->end_unix) + " " + filter->profile + " " +
                           filter->role + " " + filter->game_type;
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 3);
  if (!page.ok()) return ToGrpc(page.status(), context);
  const int size = request->page_size() == 0 ? kDefaultBoards : std::min(page->size, kMaxBoards);
  if (Status s =
          ReadyPersonBoards(store_, scores_, name->registry, name->person, request->parent());
      !s.ok()) {
    return ToGrpc(s, context);
  }
  std::optional<store::PersonBoardKey> after;
  if (page->after) {
    after = store::PersonBoardKey{.event_micros = page->after->numbers[0],
                                  .event_id = page->after->text,
                                  .session = static_cast<int>(page->after->numbers[1]),
                                  .board = static_cast<int>(page->after->numbers[2])};
  }
  Result<store::PersonBoardStore::BoardPage> read = store_.person_boards.ListPersonBoards(
      name->registry, name->person, *filter, after ? &*after : nullptr, size + 1, kParVersion);
  if (!read.ok()) return ToGrpc(read.status(), context);
  store::PersonBoardStore::BoardPage boards = std::move(read).value();
  if (boards.rows.size() > static_cast<size_t>(size)) {
    const store::PersonBoardKey& last = boards.keys[size - 1];
    response->set_next_page_token(PageToken(
        list,
        PageKey{.numbers = {last.event_micros, last.session, last.board}, .text = last.event_id}));
    boards.rows.resize(size);
  }
  for (const store::PersonBoardRecord& r : boards.rows) BoardProto(r, response->add_boards());
  return grpc::Status::OK;
}

}  // namespace skat::service
