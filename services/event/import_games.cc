// EventService.ImportGames (docs/iss-game-records.md, `skat import-iss`): International Skat
// Server game records become an imported board set, its session, and one table with one game per
// record (migration 0004; docs/iss-game-records.md).
//
// The server trusts nothing the client sends: it reads every line with the engine's reader
// (ReadIssRecords: a refusal names its line and column), replays every record under isko+iss,
// isko with the ISS's rules for giving up (ReplayIss; D75), and refuses a record whose own R[...]
// disagrees with the replay, then
// stores the replayed game: the board is the record's deal, the act log is the engine's act lines
// of the replay (chair 1 = P0 = forehand), and the result row is the one an online game gets
// (OnlineResult, services/common/online_result.h) with source "imported". One call is one
// transaction (store ImportGames), so a client imports a big file batch by batch.
#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "engine/profile.h"
#include "engine/text_scan.h"
#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/online_result.h"
#include "services/event/event_service.h"
#include "services/store/import_records.h"

namespace skat::service {
namespace {

constexpr char kProfile[] = "isko+iss";  // D75: the ISS's rules for giving up
constexpr int kMaxRecords = 1000;
constexpr size_t kMaxBytes = 4 << 20;
constexpr int kMaxFirstLine = 100'000'000;
constexpr size_t kMaxGameId = 200;

bool IsLowerHex64(std::string_view text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// The lines of `text` as ReadIssRecords numbers them (1-based; a CR before the line break and
// blanks around the line dropped).
std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(text::TrimBlanks(line));
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

// The 1-based column (in characters) of byte `offset` of `line`, or 1 when `offset` is npos.
int ColumnOf(std::string_view line, size_t offset) {
  if (offset == std::string_view::npos) return 1;
  int column = 1;
  for (size_t i = 0; i < offset && i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;
  }
  return column;
}

// The column of a record's field "NAME[" (its name), or 1 without one.
int FieldColumn(std::string_view line, std::string_view name) {
  for (size_t at = line.find(name); at != std::string_view::npos; at = line.find(name, at + 1)) {
    const bool starts = at == 0 || line[at - 1] == ']' || line[at - 1] == ';' ||
                        text::TrimBlanks(line.substr(at - 1, 1)).empty();
    if (starts && line.substr(at + name.size(), 1) == "[") return ColumnOf(line, at);
  }
  return 1;
}

// "line L, column C: message" -> "message".
std::string WithoutPosition(const std::string& message) {
  const size_t colon = message.find(": ");
  if (message.rfind("line ", 0) == 0 && colon != std::string::npos) {
    return message.substr(colon + 2);
  }
  return message;
}

struct Refusal {
  int line = 0;
  int column = 0;
  std::string message;
};

// What the request asks for, checked.
struct Request {
  std::string event_id;  // empty: a new event
  std::string set_id;    // empty: a new set
  std::string display_name;
  std::string file_name;
  std::string file_sha256;
  int first_line = 1;
};

Result<Request> CheckRequest(const v1::ImportGamesRequest& r) {
  Request out;
  if (!r.parent().empty()) {
    Result<std::string> id = ParseEventName(r.parent());
    if (!id.ok()) return id.status();
    out.event_id = *id;
  }
  if (!r.board_set().empty()) {
    Result<BoardSetName> set = ParseBoardSetName(r.board_set());
    if (!set.ok()) return set.status();
    if (set->event != out.event_id) {
      return Status::InvalidArgument("board_set " + r.board_set() + " is not a set of parent '" +
                                     r.parent() + "' (a set is appended to within its event)");
    }
    out.set_id = set->set;
  }
  out.file_name = r.file_name().empty() ? "records" : r.file_name();
  if (out.file_name.size() > kMaxDisplayName ||
      out.file_name.find_first_of(std::string_view("/\\\n\r\0", 5)) != std::string::npos) {
    return Status::InvalidArgument(
        "file_name must have 1 to 200 characters, no directory and no line break");
  }
  out.display_name = r.display_name().empty() ? "ISS games: " + out.file_name : r.display_name();
  if (out.display_name.size() > kMaxDisplayName) {
    return Status::InvalidArgument("display_name must have 1 to 200 characters, has " +
                                   std::to_string(out.display_name.size()));
  }
  if (Status s = CheckStorableText("display_name", out.display_name); !s.ok()) return s;
  if (!r.file_sha256().empty() && !IsLowerHex64(r.file_sha256())) {
    return Status::InvalidArgument(
        "file_sha256 must be 64 lower-case hex digits (SHA-256) or empty");
  }
  out.file_sha256 = r.file_sha256().empty() ? Sha256Hex(r.records()) : r.file_sha256();
  if (r.first_line() < 0 || r.first_line() > kMaxFirstLine) {
    return Status::InvalidArgument("first_line " + std::to_string(r.first_line()) +
                                   " is not in 0.." + std::to_string(kMaxFirstLine));
  }
  out.first_line = r.first_line() == 0 ? 1 : r.first_line();
  if (r.records().size() > kMaxBytes) {
    return Status::InvalidArgument("records: " + std::to_string(r.records().size()) +
                                   " bytes; at most " + std::to_string(kMaxBytes) +
                                   " per call (send the file in batches)");
  }
  return out;
}

// kInvalidArgument unless the three names can be the three players of one table.
Status CheckPlayers(const IssRecord& record) {
  std::set<std::string> names;
  for (int i = 0; i < 3; ++i) {
    const std::string field = "P" + std::to_string(i);
    const std::string& name = record.players[i];
    if (name.empty() || name.size() > kMaxDisplayName) {
      return Status::InvalidArgument(field +
                                     "[...]: a player's name of 1 to 200 characters is needed");
    }
    if (Status s = CheckStorableText(field, name); !s.ok()) return s;
    if (!names.insert(name).second) {
      return Status::InvalidArgument(field + "[" + name + "] sits at the table twice");
    }
  }
  return Status::Ok();
}

// The game to store for one replayed record (ids, tokens and the result row).
store::ImportedGame GameOf(const std::string& event_id, int line, std::string_view text,
                           const IssRecord& record, const Game& game) {
  store::ImportedGame g;
  g.line = line;
  g.record = std::string(text);
  g.record_sha256 = Sha256Hex(text);
  if (!record.id.empty() && record.id.size() <= kMaxGameId) {
    g.game_key = "iss:" + record.id;
  } else {
    Result<std::string> written = WriteIssRecord(record);
    g.game_key = "sha256:" + (written.ok() ? Sha256Hex(*written) : g.record_sha256);
  }
  g.played_at = record.date.size() <= kMaxDisplayName ? record.date : "";
  g.board = game.board();
  g.table_id = NewId("tb-");
  g.label = !record.id.empty() && record.id.size() <= kMaxGameId ? "ISS " + record.id
                                                                 : "line " + std::to_string(line);
  for (int chair = 1; chair <= 3; ++chair) {
    g.players[chair - 1] = record.players[chair - 1];
    g.seat_token_sha256[chair - 1] = Sha256Hex(NewToken());  // never issued
  }
  std::array<int64_t, 3> sequence{};
  const std::vector<Act>& acts = game.acts();
  for (size_t i = 0; i < acts.size(); ++i) {
    const int chair = Index(acts[i].seat) + 1;  // forehand in chair 1
    g.acts.push_back(store::LoggedActRecord{.board_index = 0,
                                            .act_index = static_cast<int>(i),
                                            .chair = chair,
                                            .sequence = ++sequence[chair - 1],
                                            .act = ActLine(acts[i])});
  }
  store::TableRecord table;
  table.event_id = event_id;
  table.id = g.table_id;
  table.boards = {1};  // the store numbers the board
  table.chairs = 3;
  g.result = OnlineResult(table, 0, game);
  g.result.source = "imported";
  return g;
}

// The event to import into, named by the request's parent: the director's, and an isko one;
// none (nullopt) for a new event.
Result<std::optional<store::EventRecord>> ImportTargetEvent(store::EventStore& events,
                                                            const grpc::ServerContext& context,
                                                            const std::string& parent) {
  if (parent.empty()) return std::optional<store::EventRecord>();
  Result<store::EventRecord> found = DirectorEvent(events, context, parent);
  if (!found.ok()) return found.status();
  if (found->profile != kProfile) {
    return Status::NotAllowed(parent + " plays the " + found->profile +
                              " profile; ISS games are played under isko+iss (the ISS's rules for "
                              "giving up, D75): import them into an isko+iss event or a new one");
  }
  return std::optional<store::EventRecord>(*found);
}

// kInvalidArgument unless the request holds 1 to kMaxRecords records.
Status CheckRecordCount(const std::vector<IssRecordLine>& read) {
  if (read.empty()) return Status::InvalidArgument("records holds no record");
  if (read.size() > kMaxRecords) {
    return Status::InvalidArgument("records holds " + std::to_string(read.size()) +
                                   " records; at most " + std::to_string(kMaxRecords) +
                                   " per call (send the file in batches)");
  }
  return Status::Ok();
}

// A batch into `event`, or into a new event (named in the batch) whose director token is
// returned in `token`.
store::ImportBatch NewBatch(const std::optional<store::EventRecord>& event, const Request& r,
                            std::string& token) {
  store::ImportBatch batch;
  if (event) {
    batch.event_id = event->id;
  } else {
    token = NewToken();
    store::EventRecord e;
    e.id = NewId("ev-");
    e.name = r.display_name;
    e.profile = kProfile;
    e.director_token_sha256 = Sha256Hex(token);
    e.board_score = "seeger-fabian";
    e.comparison = "total";  // a board played at one table compares with nothing else
    batch.event_id = e.id;
    batch.new_event = e;
  }
  batch.set_id = r.set_id;
  batch.new_set_id = NewId("bs-");
  batch.new_session_id = NewId("se-");
  batch.label = r.display_name;
  batch.file_name = r.file_name;
  batch.file_sha256 = r.file_sha256;
  return batch;
}

// One read record at file line `line` (its text `text`) into the batch's games, or its refusal
// (naming the column of the field at fault) into `refusals`; its players' names into `names`.
void ImportRecord(const IssRecordLine& entry, int line, std::string_view text,
                  const Profile& profile, store::ImportBatch& batch, std::vector<Refusal>& refusals,
                  std::set<std::string>& names) {
  if (!entry.record.ok()) {
    refusals.push_back(
        {line, std::max(entry.where.column, 1), WithoutPosition(entry.record.status().message())});
    return;
  }
  const IssRecord& record = *entry.record;
  if (Status s = CheckStorableText("the record", text); !s.ok()) {
    refusals.push_back({line, ColumnOf(text, text.find('\0')), s.message()});
    return;
  }
  if (Status s = CheckPlayers(record); !s.ok()) {
    refusals.push_back({line, FieldColumn(text, "P0"), s.message()});
    return;
  }
  Result<IssReplay> replay = ReplayIss(record, profile);
  if (!replay.ok()) {
    refusals.push_back({line, FieldColumn(text, "MV"),
                        "does not replay under isko+iss: " + replay.status().message()});
    return;
  }
  if (!replay->mismatches.empty()) {
    refusals.push_back({line, FieldColumn(text, "R"),
                        "R[...] disagrees with the replay under isko+iss: " +
                            IssMismatchText(replay->mismatches)});
    return;
  }
  batch.games.push_back(GameOf(batch.event_id, line, text, record, replay->game));
  for (const std::string& name : record.players) names.insert(name);
}

// The stored batch's board set, session, counts and the refusals into the reply.
void ReplyImported(const store::ImportBatch& batch, const store::ImportOutcome& outcome,
                   const std::vector<Refusal>& refusals, v1::ImportGamesResponse* response) {
  if (!outcome.set_id.empty()) {
    response->set_board_set(BoardSetResourceName(batch.event_id, outcome.set_id));
    response->set_session(ChildResourceName(batch.event_id, "sessions", outcome.session_id));
  }
  response->set_imported(outcome.imported);
  response->set_first_board(outcome.first_board);
  response->set_board_count(outcome.board_count);
  int duplicates = 0;
  for (int number : outcome.board_numbers) duplicates += number == 0 ? 1 : 0;
  response->set_duplicates(duplicates);
  for (const Refusal& refusal : refusals) {
    v1::ImportRefusal* out = response->add_refusals();
    out->set_line(refusal.line);
    out->set_column(refusal.column);
    out->set_message(refusal.message);
  }
}

}  // namespace

grpc::Status EventServiceImpl::ImportGames(grpc::ServerContext* context,
                                           const v1::ImportGamesRequest* request,
                                           v1::ImportGamesResponse* response) {
  Result<Request> checked = CheckRequest(*request);
  if (!checked.ok()) return ToGrpc(checked.status(), context);
  const Request& r = *checked;
  const Profile* profile = FindProfile(kProfile);
  if (profile == nullptr) {
    return ToGrpc(Status::Internal("the isko+iss profile is missing"), context);
  }
  std::optional<store::EventRecord> event;
  if (!r.event_id.empty()) {
    Result<std::optional<store::EventRecord>> found =
        ImportTargetEvent(store_.events, *context, request->parent());
    if (!found.ok()) return ToGrpc(found.status(), context);
    event = *found;
  }
  const std::vector<IssRecordLine> read = ReadIssRecords(request->records());
  if (Status s = CheckRecordCount(read); !s.ok()) return ToGrpc(s, context);
  // A new event counts against the caller's limit of events created, as CreateEvent does.
  if (!event) {
    if (grpc::Status s = TakeCreateEvent(context); !s.ok()) return s;
  }
  const std::vector<std::string_view> lines = Lines(request->records());
  std::string token;
  store::ImportBatch batch = NewBatch(event, r, token);
  std::vector<Refusal> refusals;
  std::set<std::string> names;
  for (const IssRecordLine& entry : read) {
    const std::string_view text = entry.line >= 1 && entry.line <= static_cast<int>(lines.size())
                                      ? lines[entry.line - 1]
                                      : std::string_view();
    ImportRecord(entry, entry.line + r.first_line - 1, text, *profile, batch, refusals, names);
  }
  for (size_t i = 0; i < names.size(); ++i) batch.new_player_ids.push_back(NewId("pl-"));

  store::ImportOutcome outcome;
  if (!batch.games.empty() || !r.set_id.empty()) {
    if (batch.games.empty()) batch.new_event.reset();
    Result<store::ImportOutcome> stored = store_.imports.ImportGames(batch);
    if (!stored.ok()) return ToGrpc(stored.status(), context);
    outcome = std::move(stored).value();
  }
  // A new event exists once a game was stored with it.
  if (batch.new_event && outcome.imported > 0) {
    event = *batch.new_event;
    Result<store::EventRecord> stored = store_.events.GetEvent(event->id);
    if (stored.ok()) event = *stored;
    response->set_director_token(token);
  }
  if (event) ToProto(*event, response->mutable_event());
  ReplyImported(batch, outcome, refusals, response);
  return grpc::Status::OK;
}

}  // namespace skat::service
