// EventService: sessions (docs/events-and-scoring.md). StartSession turns a movement
// (engine/movement) into the tables of every round: it generates the movement, checks it with the
// validator, and stores the session with all its tables, seatings and games in one transaction
// (store CreateSession), so a session opens completely or not at all; the table service then serves
// those tables like any other (its lease takes a table on the first seat that joins). A request_id
// makes a retry return the session its first attempt started (AIP-155); a reply carries the seat
// tokens only while it stays small (docs/events-and-scoring.md "Seat tokens"; IssueSeatTokens,
// tokens.cc, issues them otherwise).
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/board_set.h"
#include "engine/movement/movement.h"
#include "engine/movement/validator.h"
#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/common/playable_board_set.h"
#include "services/common/table_code.h"
#include "services/event/event_service.h"
#include "services/event/seat_token_proto.h"

namespace skat::service {
namespace {

const char* MovementText(v1::MovementKind kind) {
  switch (kind) {
    case v1::MOVEMENT_KIND_INDIVIDUAL: return "individual";
    case v1::MOVEMENT_KIND_INTER_CLUB: return "inter-club";
    case v1::MOVEMENT_KIND_CONGRESS: return "congress";
    case v1::MOVEMENT_KIND_MANUAL: return movement::kManualKind;
    default: return "";
  }
}

v1::MovementKind MovementProto(const std::string& text) {
  if (text == "individual") return v1::MOVEMENT_KIND_INDIVIDUAL;
  if (text == "inter-club") return v1::MOVEMENT_KIND_INTER_CLUB;
  if (text == "congress") return v1::MOVEMENT_KIND_CONGRESS;
  if (text == movement::kManualKind) return v1::MOVEMENT_KIND_MANUAL;
  return v1::MOVEMENT_KIND_UNSPECIFIED;
}

// Bounds checked before the movement is generated (docs/reliability.md "Hostile input": a request
// for 2^31 rounds must be refused, not generated until memory runs out): a board set has at most
// 1,000 boards and every round and every table plays at least one of them.
constexpr int kMaxMovementSize = 1000;

Status CheckSize(int value, const char* field) {
  if (value < 0 || value > kMaxMovementSize) {
    return Status::InvalidArgument(std::string(field) + " " + std::to_string(value) +
                                   " is not in 0.." + std::to_string(kMaxMovementSize) +
                                   " (0: the movement's default)");
  }
  return Status::Ok();
}

// The movement the request asks for, over `players` players.
Result<movement::Movement> Generate(const v1::StartSessionRequest& r, int players) {
  if (Status s = CheckSize(r.tables(), "tables"); !s.ok()) return s;
  if (Status s = CheckSize(r.boards_per_round(), "boards_per_round"); !s.ok()) return s;
  if (Status s = CheckSize(r.rounds(), "rounds"); !s.ok()) return s;
  if (!v1::TableMode_IsValid(r.mode()) || r.mode() == v1::TABLE_MODE_IMPORTED) {
    return Status::InvalidArgument("mode " + std::to_string(r.mode()) +
                                   " is not a mode a session is played in (online or physical)");
  }
  switch (r.movement()) {
    case v1::MOVEMENT_KIND_INTER_CLUB: {
      const int tables = r.tables() == 0 ? 4 : r.tables();
      const int per_round = r.boards_per_round() == 0 ? 4 : r.boards_per_round();
      return movement::InterClub(tables, per_round, r.neutral_third_chair());
    }
    case v1::MOVEMENT_KIND_INDIVIDUAL: {
      const int tables = r.tables() == 0 ? players / 3 : r.tables();
      const int per_round = r.boards_per_round() == 0 ? 3 : r.boards_per_round();
      return movement::Individual(tables, per_round, r.rounds() == 0 ? tables : r.rounds());
    }
    case v1::MOVEMENT_KIND_CONGRESS:
      return movement::Congress(players, r.rounds() == 0 ? movement::kCongressRounds : r.rounds(),
                                r.comparative(), r.draw_seed());
    default:
      return Status::InvalidArgument(
          "movement " + std::to_string(r.movement()) +
          " is not a movement kind (individual, inter-club, congress or manual)");
  }
}

// A manual movement's tables in one request (a congress of 1,020 players has 6,800).
constexpr int kMaxSeatingTables = 10000;

// The manual movement of r.seating(), over the players it names (appended to *players in order
// of first appearance; an empty name is an empty chair).
Result<movement::Movement> ManualMovement(
    const v1::StartSessionRequest& r, const std::string& event_id,
    const std::map<std::string, const store::PlayerRecord*>& by_id,
    std::vector<store::PlayerRecord>* players) {
  if (r.players_size() > 0) {
    return Status::InvalidArgument(
        "a manual movement names its players in `seating`; leave `players` empty");
  }
  if (r.seating_size() > kMaxSeatingTables) {
    return Status::InvalidArgument("seating has " + std::to_string(r.seating_size()) +
                                   " tables, at most " + std::to_string(kMaxSeatingTables));
  }
  std::map<std::string, int> index;
  std::map<int, movement::Round> rounds;
  for (const v1::SessionTable& t : r.seating()) {
    const std::string where =
        "round " + std::to_string(t.round()) + " table " + std::to_string(t.table_number());
    if (t.round() < 1 || t.round() > kMaxMovementSize || t.table_number() < 1 ||
        t.table_number() > kMaxMovementSize) {
      return Status::InvalidArgument("seating: " + where + ": rounds and tables are numbered 1.." +
                                     std::to_string(kMaxMovementSize));
    }
    if (t.boards_size() > kMaxMovementSize) {
      return Status::InvalidArgument("seating: " + where + " plays " +
                                     std::to_string(t.boards_size()) + " boards, at most " +
                                     std::to_string(kMaxMovementSize));
    }
    movement::TableRound tr{.table = t.table_number(),
                            .players = {},
                            .boards = {t.boards().begin(), t.boards().end()},
                            .forehand_chair = t.forehand_chair()};
    for (const std::string& name : t.players()) {
      if (name.empty()) {
        tr.players.push_back(-1);
        continue;
      }
      Result<ChildName> player = ParseChildName(name, "players");
      if (!player.ok()) return player.status();
      auto it = by_id.find(player->id);
      if (player->event != event_id || it == by_id.end()) {
        return Status::NotFound("seating: " + where + ": player " + name +
                                " is not a player of this event");
      }
      auto [at, added] = index.emplace(player->id, static_cast<int>(players->size()));
      if (added) players->push_back(*it->second);
      tr.players.push_back(at->second);
    }
    std::vector<movement::TableRound>& tables = rounds[t.round()].tables;
    for (const movement::TableRound& other : tables) {
      if (other.table == tr.table) {
        return Status::InvalidArgument("seating: " + where + " is listed twice");
      }
    }
    tables.push_back(std::move(tr));
  }
  std::vector<movement::Round> ordered;
  for (auto& [number, round] : rounds) {
    if (number != static_cast<int>(ordered.size()) + 1) {
      return Status::InvalidArgument("seating: round " + std::to_string(ordered.size() + 1) +
                                     " has no tables (rounds are numbered 1, 2, 3 ...)");
    }
    std::sort(round.tables.begin(), round.tables.end(),
              [](const auto& a, const auto& b) { return a.table < b.table; });
    ordered.push_back(std::move(round));
  }
  return movement::Manual(static_cast<int>(players->size()), std::move(ordered));
}

// kInvalidArgument unless the listed players fit the movement: their number, and for an
// inter-club match club A's players first, then club B's, then neutral players.
Status CheckPlayers(const movement::Movement& m, const std::vector<store::PlayerRecord>& players) {
  if (static_cast<int>(players.size()) != m.players) {
    return Status::InvalidArgument("the " + m.kind + " movement needs " +
                                   std::to_string(m.players) + " players, " +
                                   std::to_string(players.size()) + " are listed");
  }
  if (m.club.empty()) return Status::Ok();
  std::map<int, std::string> club_of_group;
  for (int i = 0; i < m.players; ++i) {
    const int group = m.club[i];
    if (group == movement::kNeutral) continue;
    const std::string& club = players[i].club_id;
    auto [it, added] = club_of_group.emplace(group, club);
    if (club.empty() || it->second != club) {
      return Status::InvalidArgument(
          "player " + std::to_string(i + 1) + " (" + players[i].name +
          ") is not of the club of the players listed before it in its group; list "
          "club A's players first, then club B's, then neutral players "
          "(docs/events-and-scoring.md \"Inter-club match\")");
    }
  }
  if (club_of_group.size() == 2 && club_of_group[0] == club_of_group[1]) {
    return Status::InvalidArgument("an inter-club match needs players of two different clubs");
  }
  return Status::Ok();
}

void ToProto(const store::SessionRecord& s, const std::vector<std::string>& warnings,
             v1::Session* out) {
  out->set_name(ChildResourceName(s.event_id, "sessions", s.id));
  out->set_number(s.number);
  out->set_board_set(BoardSetResourceName(s.event_id, s.set_id));
  out->set_movement(MovementProto(s.movement));
  for (const store::TableRecord& t : s.tables) service::ToProto(t, out->add_tables());
  for (const std::string& w : warnings) out->add_warnings(w);
  out->set_validation(s.validation);
  out->set_table_count(static_cast<int>(s.tables.size()));
}

std::vector<std::string> WarningLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// StartSession's replies stay below this size: a client's default limit is 4 MiB.
constexpr size_t kMaxReplyBytes = 1 << 20;

// The session in a StartSession reply: without its tables and validation printout when they
// would make the reply larger than kMaxReplyBytes.
void SessionReply(const store::SessionRecord& s, v1::StartSessionResponse* response) {
  v1::Session* out = response->mutable_session();
  ToProto(s, WarningLines(s.warnings), out);
  if (response->ByteSizeLong() > kMaxReplyBytes) {
    out->clear_tables();
    out->clear_validation();
  }
}

// AIP-155: kInvalidArgument unless the request id is 1..64 letters, digits, '-' or '_'.
Status CheckRequestId(const std::string& id) {
  bool ok = !id.empty() && id.size() <= 64;
  for (char c : id) {
    ok &= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
          c == '_';
  }
  if (ok) return Status::Ok();
  return Status::InvalidArgument(
      "request_id (" + std::to_string(id.size()) +
      " bytes) is not 1 to 64 letters, digits, '-' or '_' (a UUID, say)");
}

// The SHA-256 of the request without its request_id: what a retry must repeat. The message has
// no map fields, so one binary serializes equal requests to equal bytes.
std::string RequestSha256(const v1::StartSessionRequest& request) {
  v1::StartSessionRequest copy = request;
  copy.clear_request_id();
  return Sha256Hex(copy.SerializeAsString());
}

// The reply to a request whose request_id started `earlier`: that session, no tokens; or
// kAlreadyExists when the request differs from the one that started it.
Status ReplyAgain(const store::SessionRecord& earlier, const std::string& request_sha256,
                  v1::StartSessionResponse* response) {
  const std::string name = ChildResourceName(earlier.event_id, "sessions", earlier.id);
  if (earlier.request_sha256 != request_sha256) {
    return Status::AlreadyExists(
        "request_id " + earlier.request_id + " started " + name +
        " from another request; give each StartSession request its own request_id");
  }
  SessionReply(earlier, response);
  response->set_created(false);
  return Status::Ok();
}

// The players `request` lists, in order, from the event's players `by_id`: kInvalidArgument for
// a name of another event or one listed twice, kNotFound for no such player.
Status ReadListedPlayers(const v1::StartSessionRequest& request, const std::string& event_id,
                         const std::map<std::string, const store::PlayerRecord*>& by_id,
                         std::vector<store::PlayerRecord>& players) {
  std::set<std::string> listed;
  for (const std::string& name : request.players()) {
    Result<ChildName> player = ParseChildName(name, "players");
    if (!player.ok()) return player.status();
    if (player->event != event_id) {
      return Status::InvalidArgument("player " + name + " belongs to another event");
    }
    auto it = by_id.find(player->id);
    if (it == by_id.end()) return Status::NotFound("player " + name + " not found");
    if (!listed.insert(player->id).second) {
      return Status::InvalidArgument("player " + name + " is listed twice");
    }
    players.push_back(*it->second);
  }
  return Status::Ok();
}

// The validator's refusal of a movement: kInternal for a generated one (a bug), kInvalidArgument
// with the first few errors (a reply stays small) for a manual seating; Ok when it passes.
Status ValidationRefusal(const movement::Validation& validation, bool manual) {
  if (validation.ok()) return Status::Ok();
  if (!manual) {
    return Status::Internal("the generated movement fails the validator: " + validation.errors[0]);
  }
  constexpr size_t kShown = 10;
  std::string all;
  for (size_t i = 0; i < validation.errors.size() && i < kShown; ++i) {
    all += (i == 0 ? "" : "; ") + validation.errors[i];
  }
  if (validation.errors.size() > kShown) {
    all += "; and " + std::to_string(validation.errors.size() - kShown) + " more";
  }
  return Status::InvalidArgument("seating: " + all);
}

// The tables of every round of `m` into `session`, seated with `players`; their new seat tokens
// by table in session order, by chair; a physical table's new table code into `codes`, by table
// ("" for an online one; docs/tables.md "Table codes").
std::vector<std::vector<std::string>> AddTables(const movement::Movement& m,
                                                const std::vector<store::PlayerRecord>& players,
                                                bool physical, store::SessionRecord& session,
                                                std::vector<std::string>& codes) {
  std::vector<std::vector<std::string>> tokens;
  for (size_t r = 0; r < m.rounds.size(); ++r) {
    for (const movement::TableRound& tr : m.rounds[r].tables) {
      store::TableRecord t;
      t.id = NewId("tb-");
      t.label = "round " + std::to_string(r + 1) + ", table " + std::to_string(tr.table);
      t.boards = tr.boards;
      t.chairs = static_cast<int>(tr.players.size());
      t.physical = physical;
      t.forehand_chair = tr.forehand_chair;
      t.round = static_cast<int>(r) + 1;
      t.table_number = tr.table;
      tokens.emplace_back();
      for (int p : tr.players) {
        t.player_ids.push_back(p < 0 ? "" : players[p].id);
        t.player_names.push_back(p < 0 ? "" : players[p].name);
        tokens.back().push_back(NewToken());
        t.seat_token_sha256.push_back(Sha256Hex(tokens.back().back()));
      }
      codes.push_back(physical ? NewTableCode() : "");
      if (physical) t.code_sha256 = Sha256Hex(codes.back());
      session.tables.push_back(std::move(t));
    }
  }
  return tokens;
}

// validate_only: the session as it would start, with no names of tables or session.
void ReplyUnstored(store::SessionRecord& session, v1::StartSessionResponse* response) {
  for (store::TableRecord& t : session.tables) t.event_id = session.event_id;
  ToProto(session, WarningLines(session.warnings), response->mutable_session());
  response->mutable_session()->clear_name();
  for (v1::SessionTable& t : *response->mutable_session()->mutable_tables()) t.clear_table();
  response->set_created(false);
}

// The session started, with the seat tokens and table codes: every one or none (without them
// the director issues new ones, IssueSeatTokens).
void ReplyStarted(const store::SessionRecord& stored,
                  const std::vector<std::vector<std::string>>& tokens,
                  const std::vector<std::string>& codes, v1::StartSessionResponse* response) {
  SessionReply(stored, response);
  response->set_created(true);
  for (size_t i = 0; i < stored.tables.size(); ++i) {
    AddSeatTokens(stored.tables[i], tokens[i], response->mutable_seat_tokens());
    AddTableCode(stored.tables[i], codes[i], response->mutable_table_codes());
  }
  if (response->ByteSizeLong() > kMaxReplyBytes) {
    response->clear_seat_tokens();
    response->clear_table_codes();
  }
}

}  // namespace

void ToProto(const store::TableRecord& t, v1::SessionTable* out) {
  out->set_round(t.round);
  out->set_table_number(t.table_number);
  out->set_table(TableResourceName(t.event_id, t.id));
  for (int b : t.boards) out->add_boards(b);
  for (const std::string& p : t.player_ids) {
    out->add_players(p.empty() ? "" : ChildResourceName(t.event_id, "players", p));
  }
  out->set_forehand_chair(t.forehand_chair);
  for (int b : t.boards)
    out->add_board_forehand_chairs(ForehandChair(b, t.chairs, t.forehand_chair));
}

grpc::Status EventServiceImpl::StartSession(grpc::ServerContext* context,
                                            const v1::StartSessionRequest* request,
                                            v1::StartSessionResponse* response) {
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  // A retry of a request that started a session (its reply lost) finds that session.
  const std::string& request_id = request->request_id();
  const std::string request_sha256 = request_id.empty() ? "" : RequestSha256(*request);
  auto earlier = [&]() -> Result<std::optional<store::SessionRecord>> {
    if (request_id.empty()) return std::optional<store::SessionRecord>();
    return store_.sessions.FindSessionByRequest(event->id, request_id);
  };
  if (!request_id.empty()) {
    if (Status s = CheckRequestId(request_id); !s.ok()) return ToGrpc(s, context);
    Result<std::optional<store::SessionRecord>> found = earlier();
    if (!found.ok()) return ToGrpc(found.status(), context);
    if (*found) return ToGrpc(ReplyAgain(**found, request_sha256, response), context);
  }
  Result<store::BoardSetRecord> set =
      PlayableBoardSet(store_.events, event->id, request->board_set());
  if (!set.ok()) return ToGrpc(set.status(), context);

  Result<std::vector<store::PlayerRecord>> known = store_.sessions.ListPlayers(event->id);
  if (!known.ok()) return ToGrpc(known.status(), context);
  std::map<std::string, const store::PlayerRecord*> by_id;
  for (const store::PlayerRecord& p : *known) by_id[p.id] = &p;
  std::vector<store::PlayerRecord> players;
  if (Status s = ReadListedPlayers(*request, event->id, by_id, players); !s.ok()) {
    return ToGrpc(s, context);
  }

  const bool manual = request->movement() == v1::MOVEMENT_KIND_MANUAL;
  if (!manual && request->seating_size() > 0) {
    return ToGrpc(Status::InvalidArgument("seating is only for the manual movement"), context);
  }
  Result<movement::Movement> m = manual ? ManualMovement(*request, event->id, by_id, &players)
                                        : Generate(*request, static_cast<int>(players.size()));
  if (!m.ok()) return ToGrpc(m.status(), context);
  if (Status s = CheckPlayers(*m, players); !s.ok()) return ToGrpc(s, context);
  if (m->boards > set->board_count) {
    return ToGrpc(Status::InvalidArgument(
                      "the movement plays boards 1.." + std::to_string(m->boards) + " but " +
                      request->board_set() + " has " + std::to_string(set->board_count)),
                  context);
  }
  movement::Movement named = *m;
  for (const store::PlayerRecord& p : players) named.names.push_back(p.name);
  const movement::Validation validation = movement::Validate(named);
  if (Status s = ValidationRefusal(validation, manual); !s.ok()) return ToGrpc(s, context);

  store::SessionRecord session;
  session.event_id = event->id;
  session.id = NewId("se-");
  session.set_id = set->id;
  session.movement = MovementText(request->movement());
  for (const std::string& w : validation.warnings) session.warnings += w + "\n";
  session.validation = validation.Print(named);
  session.request_id = request_id;
  session.request_sha256 = request_sha256;
  std::vector<std::string> codes;
  const std::vector<std::vector<std::string>> tokens =
      AddTables(*m, players, request->mode() == v1::TABLE_MODE_PHYSICAL, session, codes);
  if (request->validate_only()) {
    ReplyUnstored(session, response);
    return grpc::Status::OK;
  }
  Result<store::SessionRecord> stored = store_.sessions.CreateSession(session);
  if (!stored.ok() && stored.status().code() == ErrorCode::kAlreadyExists && !request_id.empty()) {
    // A retry of this request committed first.
    Result<std::optional<store::SessionRecord>> found = earlier();
    if (found.ok() && *found) return ToGrpc(ReplyAgain(**found, request_sha256, response), context);
  }
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ReplyStarted(*stored, tokens, codes, response);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::GetSession(grpc::ServerContext* context,
                                          const v1::GetSessionRequest* request,
                                          v1::Session* response) {
  Result<ChildName> name = ParseChildName(request->name(), "sessions");
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::SessionRecord> session = store_.sessions.GetSession(name->event, name->id);
  if (!session.ok()) return ToGrpc(session.status(), context);
  ToProto(*session, WarningLines(session->warnings), response);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::ListSessions(grpc::ServerContext* context,
                                            const v1::ListSessionsRequest* request,
                                            v1::ListSessionsResponse* response) {
  Result<std::string> event_id = ParseEventName(request->parent());
  if (!event_id.ok()) return ToGrpc(event_id.status(), context);
  // Keys: the session's number.
  const std::string list = "ListSessions " + *event_id;
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::SessionRecord>> sessions = store_.sessions.ListSessions(*event_id);
  if (!sessions.ok()) return ToGrpc(sessions.status(), context);
  std::vector<store::SessionRecord> rows;
  for (store::SessionRecord& s : sessions.value()) {
    if (page->after && s.number <= page->after->numbers[0]) continue;
    if (rows.size() > static_cast<size_t>(page->size)) break;
    rows.push_back(std::move(s));
  }
  response->set_next_page_token(EndPage(list, page->size, rows, [](const auto& s) {
    return PageKey{.numbers = {s.number}, .text = ""};
  }));
  for (const store::SessionRecord& s : rows) {
    v1::Session* out = response->add_sessions();
    ToProto(s, WarningLines(s.warnings), out);
    out->clear_tables();
    out->clear_validation();
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
