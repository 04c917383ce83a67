// Results from physical play (docs/tables.md "Physical play"): a chair or the director enters
// what the table reports after a board played with real cards; the engine scores it on the board
// (engine/physical_result.h: matadors, value, charges, every pad entry, fines) and refuses a
// report that contradicts the board. A seat's entry counts once another chair confirms it; the
// director's entries and corrections count at once. A correction keeps the old row with who,
// when and why (store CorrectResult).
//
// A refusal must not tell a seat the cards of a board (docs/tables.md "Refused reports"): a seat
// reports only a board its table has reached, every refused report is kept for the director, and
// after kRefusedReportsPerBoard refusals of a board at a table only the director reports it.
// A seat's check (validate_only) must not tell them either (docs/tables.md "What a check tells a
// seat"): it is read from the report alone (engine PreviewPhysicalResult), never from the board,
// so it cannot refuse or answer differently for any hidden card, and it keeps nothing.
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "engine/physical_result.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/store/result_transaction.h"
#include "services/table/physical_report.h"
#include "services/table/results_desk.h"
#include "services/table/table_auth.h"

namespace skat::service {
namespace {

constexpr size_t kMaxReason = 500;
constexpr char kDirector[] = "director";
constexpr int kRefusedReportsPerBoard = 3;

std::string By(int chair) { return chair == 0 ? kDirector : "chair " + std::to_string(chair); }

std::string BoardOf(const store::TableRecord& table, int board_number) {
  return "board " + std::to_string(board_number) + " of " +
         TableResourceName(table.event_id, table.id);
}

// The board a result RPC names: its table, which must play with physical cards, and the board's
// 0-based place in the table's round.
struct PhysicalBoard {
  store::TableRecord table;
  int index = 0;

  int number() const { return table.boards[index]; }
  std::string name() const { return BoardOf(table, number()); }
};

// Db: the store, or a ResultTransaction (the reads of SubmitResult in its one transaction).
template <typename Db>
Result<PhysicalBoard> FindPhysicalBoard(Db& store, const TableName& name, int board_number) {
  Result<store::TableRecord> table = store.GetTable(name.event, name.table);
  if (!table.ok()) return table.status();
  if (!table->physical) {
    return Status::NotAllowed(TableResourceName(name.event, name.table) +
                              " plays online: its results come from the accepted acts; results are "
                              "entered only at a table opened with TABLE_MODE_PHYSICAL");
  }
  const auto it = std::find(table->boards.begin(), table->boards.end(), board_number);
  if (it != table->boards.end()) {
    const int index = static_cast<int>(it - table->boards.begin());
    return PhysicalBoard{std::move(table).value(), index};
  }
  std::string boards;
  for (int b : table->boards) boards += (boards.empty() ? "" : ", ") + std::to_string(b);
  return Status::InvalidArgument(
      "board_number " + std::to_string(board_number) + " is not a board of " +
      TableResourceName(table->event_id, table->id) + " (its boards: " + boards + ")");
}

// The report as stored (JSON with the proto's field names).
Result<std::string> ReportJson(const v1::PhysicalReport& report, const std::string& board) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(report, &json, options).ok()) {
    return Status::Internal("the report for " + board + " cannot be written as JSON");
  }
  return json;
}

// kNotAllowed unless a seat may report the board: its table's earlier boards, and every board
// of the session's previous round, have a result entered (confirmed or not). One query, whatever
// the event's size (ResultTransaction::FirstMissingResult).
Status CheckReached(store::ResultTransaction& store, const PhysicalBoard& board) {
  const store::TableRecord& table = board.table;
  Result<std::optional<store::MissingResult>> missing =
      store.FirstMissingResult(table, board.index);
  if (!missing.ok()) return missing.status();
  if (!missing->has_value()) return Status::Ok();
  const store::MissingResult& first = **missing;
  const std::string refused = board.name() + " is not reached yet: ";
  const std::string director = "; the director enters any board";
  if (first.table_id == table.id) {
    return Status::NotAllowed(refused + "board " + std::to_string(first.board_number) +
                              ", before it at this table, has no result" + director);
  }
  return Status::NotAllowed(refused + "round " + std::to_string(first.round) +
                            " is not finished (board " + std::to_string(first.board_number) +
                            " of " + TableResourceName(table.event_id, first.table_id) +
                            " has no result)" + director);
}

Status RefusedTooOften(const PhysicalBoard& board) {
  return Status::PermissionDenied(
      board.name() + ": " + std::to_string(kRefusedReportsPerBoard) +
      " reports of it were refused at this table; the director enters its result");
}

// A refusal the report itself caused (kept for the director), not a fault of the service.
bool IsRefusal(ErrorCode code) {
  return code == ErrorCode::kInvalidArgument || code == ErrorCode::kNotAllowed;
}

// What SubmitResult answers, decided in its one transaction.
struct Submission {
  std::optional<PhysicalBoard> board;  // once found
  // The row stored or previewed, or the refusal to answer.
  Result<store::ResultRecord> answer = Status::Internal("the result was not decided");
  bool stored = false;    // answer is the store's SubmitResult's (Reply rewords it)
  bool withheld = false;  // a seat's check without the value (Preview)
};

// Keeps a refused report for the director and sets out.answer to the refusal to answer:
// RefusedTooOften when a seat's report would exceed the board's limit (then nothing is kept).
// A seat's kept refusal ends with how many more reports of the board the table may send
// ("; 2 tries left", docs/web.md "The table page"); `refused_before` is the board's count of
// refused reports before this one. Returns the transaction's status: not OK when the report
// could not be kept.
Status KeepRefused(store::ResultTransaction& store, const PhysicalBoard& board, int chair,
                   int refused_before, const v1::PhysicalReport& report, const Status& refusal,
                   Submission& out) {
  Result<std::string> json = ReportJson(report, board.name());
  if (!json.ok()) return json.status();
  const store::RefusedReportRecord record{.event_id = board.table.event_id,
                                          .table_id = board.table.id,
                                          .board_index = board.index,
                                          .board_number = board.number(),
                                          .report_json = *json,
                                          .entered_by = By(chair),
                                          .reason = std::string(ErrorCodeName(refusal.code())),
                                          .message = refusal.message()};
  Result<bool> kept = store.AddRefusedReport(record, chair == 0 ? 0 : kRefusedReportsPerBoard);
  if (!kept.ok()) return kept.status();
  if (!*kept) {
    out.answer = RefusedTooOften(board);
  } else if (chair == 0) {
    out.answer = refusal;
  } else {
    const int left = std::max(0, kRefusedReportsPerBoard - refused_before - 1);
    out.answer = Status(refusal.code(), refusal.message() + "; " + std::to_string(left) +
                                            (left == 1 ? " try left" : " tries left"));
  }
  return Status::Ok();
}

// The profile of the table's event.
template <typename Db>
Result<const Profile*> ProfileOf(Db& store, const store::TableRecord& table) {
  Result<store::EventRecord> event = store.GetEvent(table.event_id);
  if (!event.ok()) return event.status();
  const Profile* profile = FindProfile(event->profile);
  if (profile == nullptr) {
    return Status::Internal("event " + table.event_id + " has unknown profile " + event->profile);
  }
  return profile;
}

// The engine's refusal of a report as the RPC's: said of the board; a game the profile does not
// have is a report the table cannot have played (kInvalidArgument).
Status RefusalOf(const PhysicalBoard& board, const Status& engine) {
  const ErrorCode code =
      engine.code() == ErrorCode::kIllegalDeclaration ? ErrorCode::kInvalidArgument : engine.code();
  return Status(code, "report for " + board.name() + ": " + engine.message());
}

// The row a report makes (entered_by and confirmed_by unset): its game, pad entries (players
// of them; none when the value is withheld) and summary.
Result<store::ResultRecord> RecordOf(const PhysicalBoard& board, const PhysicalResult& result,
                                     bool withheld, std::string summary,
                                     const v1::PhysicalReport& report) {
  store::ResultRecord record;
  record.event_id = board.table.event_id;
  record.table_id = board.table.id;
  record.board_index = board.index;
  record.board_number = board.number();
  record.source = "physical";
  record.game = result.game;
  if (!withheld) record.pad.assign(result.pad.begin(), result.pad.begin() + result.players);
  record.summary = std::move(summary);
  Result<std::string> json = ReportJson(report, board.name());
  if (!json.ok()) return json.status();
  record.report_json = std::move(json).value();
  return record;
}

// The report (`outcome` read from `report`) scored on its board, as the row to store
// (entered_by and confirmed_by unset).
template <typename Db>
Result<store::ResultRecord> Score(Db& store, const PhysicalBoard& board,
                                  const ReportedOutcome& outcome,
                                  const v1::PhysicalReport& report) {
  const store::TableRecord& table = board.table;
  Result<const Profile*> profile = ProfileOf(store, table);
  if (!profile.ok()) return profile.status();
  Result<store::BoardSetRecord> set =
      store.GetBoardSet(table.event_id, table.set_id, store::BoardRange::One(board.number()));
  if (!set.ok()) return set.status();
  if (set->set.boards.size() != 1 || set->set.boards[0].number != board.number()) {
    return Status::Internal(board.name() + " is missing from its set");
  }
  Result<PhysicalResult> scored = ScorePhysicalResult(**profile, set->set.boards[0].board, outcome);
  if (!scored.ok()) return RefusalOf(board, scored.status());
  return RecordOf(board, *scored, false, SummaryOf(**profile, outcome, *scored), report);
}

// A seat's check of a report (docs/tables.md "What a check tells a seat"): the row the report
// would make, read from the report alone (PreviewPhysicalResult), never from the board. *withheld:
// the value needs the matadors, and the row has no pad entries.
Result<store::ResultRecord> SeatCheck(store::ResultTransaction& store, const PhysicalBoard& board,
                                      const ReportedOutcome& outcome,
                                      const v1::PhysicalReport& report, bool* withheld) {
  Result<const Profile*> profile = ProfileOf(store, board.table);
  if (!profile.ok()) return profile.status();
  Result<PhysicalPreview> preview = PreviewPhysicalResult(**profile, outcome);
  if (!preview.ok()) return RefusalOf(board, preview.status());
  *withheld = preview->value_withheld;
  return RecordOf(board, preview->result, *withheld, PreviewSummaryOf(**profile, outcome, *preview),
                  report);
}

void SetTime(int64_t unix_seconds, google::protobuf::Timestamp* out) {
  out->set_seconds(unix_seconds);
}

Status EntryFromRecord(const store::ResultRecord& r, v1::ResultEntry* out) {
  out->set_id(r.id);
  out->set_table(TableResourceName(r.event_id, r.table_id));
  out->set_board_number(r.board_number);
  out->set_board_index(r.board_index);
  out->set_source(r.source);
  v1::GameResult* result = out->mutable_result();
  service::ToProto(r.game, result);
  result->set_summary(r.summary);  // the stored row lacks what Describe() needs (matadors, ...)
  for (int entry : r.pad) out->add_pad(entry);
  if (!r.report_json.empty() &&
      !google::protobuf::util::JsonStringToMessage(r.report_json, out->mutable_report()).ok()) {
    return Status::Internal("the stored report of result " + std::to_string(r.id) +
                            " is unreadable");
  }
  out->set_entered_by(r.entered_by);
  SetTime(r.entered_unix, out->mutable_enter_time());
  if (!r.confirmed_by.empty()) {
    out->set_confirmed_by(r.confirmed_by);
    SetTime(r.confirmed_unix, out->mutable_confirm_time());
  }
  if (r.replaced_by != 0) {
    out->set_replaced_by(r.replaced_by);
    out->set_correction_reason(r.correction_reason);
    out->set_corrected_by(r.corrected_by);
    SetTime(r.replaced_unix, out->mutable_correct_time());
  }
  out->set_counts(r.counts());
  return Status::Ok();
}

// A reason worth keeping: not blank, at most kMaxReason bytes.
Status CheckReason(const std::string& reason) {
  if (reason.find_first_not_of(" \t\r\n") == std::string::npos) {
    return Status::InvalidArgument("reason is empty: a correction keeps why it was made");
  }
  if (reason.size() > kMaxReason) {
    return Status::InvalidArgument("reason: " + std::to_string(reason.size()) + " bytes, at most " +
                                   std::to_string(kMaxReason));
  }
  return CheckStorableText("reason", reason);
}

// The reply to a result RPC: the row the store returned, or its refusal; a refusal with code
// `reworded` (the row exists already, or is missing) is said of the board: "<board> <what>".
grpc::Status Reply(const Result<store::ResultRecord>& row, ErrorCode reworded,
                   const PhysicalBoard& board, const std::string& what,
                   grpc::ServerContext* context, v1::ResultEntry* response) {
  if (row.ok()) return ToGrpc(EntryFromRecord(*row, response), context);
  Status s = row.status();
  if (s.code() == reworded) s = Status(reworded, board.name() + what);
  return ToGrpc(s, context);
}

// kNotAllowed at a table scored by its chairs' totals: it has no board results beside them
// (chair_totals.cc).
Status CheckNoChairTotals(store::ResultTransaction& store, const PhysicalBoard& board) {
  Result<std::vector<store::ChairTotalRecord>> totals =
      store.ListChairTotals(board.table.event_id, board.table.id);
  if (!totals.ok()) return totals.status();
  if (totals->empty()) return Status::Ok();
  return Status::NotAllowed(TableResourceName(board.table.event_id, board.table.id) +
                            " is scored by its chairs' session totals; it takes no board results");
}

// The reply to a validate_only request (AIP-163): the entry the record would make, not stored
// (no id, no times); `withheld`: without the value and the pad entries (value_withheld).
grpc::Status Preview(const store::ResultRecord& record, bool withheld, grpc::ServerContext* context,
                     v1::ResultEntry* response) {
  if (Status s = EntryFromRecord(record, response); !s.ok()) return ToGrpc(s, context);
  response->clear_enter_time();
  response->clear_confirm_time();
  if (withheld) {
    response->set_value_withheld(true);
    response->mutable_result()->clear_won();
    response->mutable_result()->clear_value();
    response->mutable_result()->clear_pad();
    response->clear_pad();
  }
  return grpc::Status::OK;
}

// A seat's report (refusals kept and counted, the board reached, a check read from the report
// alone) or the director's entry, decided and written in the transaction `db`. Returns the
// transaction's status (not OK: rolled back, and the answer); the answer in `out`.
Status Submit(store::ResultTransaction& db, const grpc::ServerContext& context,
              const v1::SubmitResultRequest& request, PeerRateLimiter& code_guesses,
              Submission& out) {
  out = Submission{};
  Result<Caller> caller = SeatOrDirectorCaller(db, context, request.table(), code_guesses);
  if (!caller.ok()) return caller.status();
  Result<PhysicalBoard> found = FindPhysicalBoard(db, caller->table, request.board_number());
  if (!found.ok()) return found.status();
  const PhysicalBoard& board = out.board.emplace(std::move(found).value());
  if (Status s = CheckNoChairTotals(db, board); !s.ok()) return s;
  // A malformed report names its field and says nothing of the board: refused, not kept.
  Result<ReportedOutcome> outcome = ReportFromProto(request.report(), board.table.chairs);
  if (!outcome.ok()) return outcome.status();
  const bool seat = caller->chair != 0;
  const bool check = request.validate_only();
  int refused_before = 0;
  if (seat) {
    Result<int> refused = db.CountRefusedReports(board.table.event_id, board.table.id, board.index);
    if (!refused.ok()) return refused.status();
    refused_before = *refused;
    if (*refused >= kRefusedReportsPerBoard) return RefusedTooOften(board);
    // A seat's check reads no card, so its refusals tell nothing of the board: none is kept or
    // counted (docs/tables.md "What a check tells a seat").
    if (Status reached = CheckReached(db, board); !reached.ok()) {
      if (check) return reached;
      return KeepRefused(db, board, caller->chair, *refused, request.report(), reached, out);
    }
    if (check) {
      Result<store::ResultRecord> checked =
          SeatCheck(db, board, *outcome, request.report(), &out.withheld);
      if (!checked.ok()) return checked.status();
      checked.value().entered_by = By(caller->chair);
      out.answer = std::move(checked);
      return Status::Ok();
    }
  }
  Result<store::ResultRecord> scored = Score(db, board, *outcome, request.report());
  if (!scored.ok()) {
    if (!IsRefusal(scored.status().code())) return scored.status();
    return KeepRefused(db, board, caller->chair, refused_before, request.report(), scored.status(),
                       out);
  }
  store::ResultRecord record = std::move(scored).value();
  record.entered_by = By(caller->chair);
  // The director's word needs no second chair: the entry counts at once.
  if (!seat) record.confirmed_by = kDirector;
  if (check) {
    out.answer = std::move(record);
    return Status::Ok();
  }
  Result<store::ResultRecord> stored = db.SubmitResult(record, seat ? kRefusedReportsPerBoard : 0);
  if (stored.status().code() == ErrorCode::kPermissionDenied) return RefusedTooOften(board);
  out.stored = true;
  out.answer = std::move(stored);
  return out.answer.ok() ? Status::Ok() : out.answer.status();
}

}  // namespace

grpc::Status ResultsDesk::SubmitResult(grpc::ServerContext* context,
                                       const v1::SubmitResultRequest* request,
                                       v1::ResultEntry* response) {
  Submission out;
  const Status committed = results_.InResultTransaction(
      "submit a result to " + request->table(), [&](store::ResultTransaction& db) {
        return Submit(db, *context, *request, code_guesses_, out);
      });
  if (out.stored) {
    return Reply(committed.ok() ? out.answer : committed, ErrorCode::kAlreadyExists, *out.board,
                 " has a result already; the director corrects it (CorrectResult)", context,
                 response);
  }
  if (!committed.ok()) return ToGrpc(committed, context);
  if (!out.answer.ok()) return ToGrpc(out.answer.status(), context);
  return Preview(*out.answer, out.withheld, context, response);
}

grpc::Status ResultsDesk::ConfirmResult(grpc::ServerContext* context,
                                        const v1::ConfirmResultRequest* request,
                                        v1::ResultEntry* response) {
  StoreReads db = reads();
  Result<Caller> caller = SeatOrDirectorCaller(db, *context, request->table(), code_guesses_);
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  Result<PhysicalBoard> board = FindPhysicalBoard(db, caller->table, request->board_number());
  if (!board.ok()) return ToGrpc(board.status(), context);
  return Reply(results_.ConfirmResult(board->table.event_id, board->table.id, board->index,
                                      By(caller->chair)),
               ErrorCode::kNotFound, *board, " has no result to confirm", context, response);
}

grpc::Status ResultsDesk::CorrectResult(grpc::ServerContext* context,
                                        const v1::CorrectResultRequest* request,
                                        v1::ResultEntry* response) {
  StoreReads db = reads();
  Result<Caller> caller = DirectorCaller(db, *context, request->table());
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  if (Status s = CheckReason(request->reason()); !s.ok()) return ToGrpc(s, context);
  Result<PhysicalBoard> board = FindPhysicalBoard(db, caller->table, request->board_number());
  if (!board.ok()) return ToGrpc(board.status(), context);
  Result<ReportedOutcome> outcome = ReportFromProto(request->report(), board->table.chairs);
  if (!outcome.ok()) return ToGrpc(outcome.status(), context);
  Result<store::ResultRecord> scored = Score(db, *board, *outcome, request->report());
  if (!scored.ok()) return ToGrpc(scored.status(), context);
  store::ResultRecord record = std::move(scored).value();
  record.entered_by = kDirector;
  record.confirmed_by = kDirector;
  if (request->validate_only()) return Preview(record, false, context, response);
  return Reply(results_.CorrectResult(record, kDirector, request->reason()), ErrorCode::kNotFound,
               *board, " has no result to correct; enter it with SubmitResult", context, response);
}

grpc::Status ResultsDesk::ListResults(grpc::ServerContext* context,
                                      const v1::ListResultsRequest* request,
                                      v1::ListResultsResponse* response) {
  StoreReads db = reads();
  Result<Caller> caller = SeatOrDirectorCaller(db, *context, request->table(), code_guesses_);
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  // Keys: (replaced, board index, id), the store's order: current rows first, then the replaced
  // ones, each by board index and id.
  const std::string list = "ListResults " +
                           TableResourceName(caller->table.event, caller->table.table) +
                           (request->include_history() ? " with history" : "");
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 3);
  if (!page.ok()) return ToGrpc(page.status(), context);
  store::ResultPageKey after;
  if (page->after) {
    after.replaced = page->after->numbers[0] != 0;
    after.board_index = static_cast<int>(
        std::clamp<int64_t>(page->after->numbers[1], -1, std::numeric_limits<int>::max()));
    after.id = page->after->numbers[2];
  }
  Result<std::vector<store::ResultRecord>> results = results_.ListResults(
      caller->table.event, caller->table.table, request->include_history(), after, page->size + 1);
  if (!results.ok()) return ToGrpc(results.status(), context);
  std::vector<store::ResultRecord> rows = std::move(results).value();
  response->set_next_page_token(EndPage(list, page->size, rows, [](const auto& r) {
    return PageKey{.numbers = {r.replaced_by != 0, r.board_index, r.id}, .text = ""};
  }));
  for (const store::ResultRecord& r : rows) {
    if (Status s = EntryFromRecord(r, response->add_results()); !s.ok()) return ToGrpc(s, context);
  }
  return grpc::Status::OK;
}

grpc::Status ResultsDesk::ListRefusedReports(grpc::ServerContext* context,
                                             const v1::ListRefusedReportsRequest* request,
                                             v1::ListRefusedReportsResponse* response) {
  StoreReads db = reads();
  Result<Caller> caller = DirectorCaller(db, *context, request->table());
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  // Keys: the refused report's id (serial: oldest first).
  const std::string list =
      "ListRefusedReports " + TableResourceName(caller->table.event, caller->table.table);
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::RefusedReportRecord>> read =
      results_.ListRefusedReports(caller->table.event, caller->table.table,
                                  page->after ? page->after->numbers[0] : 0, page->size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::RefusedReportRecord> rows = std::move(read).value();
  response->set_next_page_token(EndPage(list, page->size, rows, [](const auto& r) {
    return PageKey{.numbers = {r.id}, .text = ""};
  }));
  for (const store::RefusedReportRecord& r : rows) {
    v1::RefusedReport* out = response->add_refused_reports();
    out->set_id(r.id);
    out->set_table(TableResourceName(r.event_id, r.table_id));
    out->set_board_number(r.board_number);
    if (!google::protobuf::util::JsonStringToMessage(r.report_json, out->mutable_report()).ok()) {
      return ToGrpc(
          Status::Internal("the stored refused report " + std::to_string(r.id) + " is unreadable"),
          context);
    }
    out->set_entered_by(r.entered_by);
    SetTime(r.entered_unix, out->mutable_enter_time());
    out->set_reason(r.reason);
    out->set_message(r.message);
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
