// EventService.ExportEvent and ImportEvent (docs/event-archive.md): the file's format is
// archive_file.h, the checks of an import archive_checks.h, the rows the store's
// (archive_store.h). Both stream the file in chunks; the server holds the whole file while it
// writes or checks it (docs/event-archive.md "Limits").
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/table_code.h"
#include "services/event/archive_checks.h"
#include "services/event/archive_file.h"
#include "services/event/event_service.h"

namespace skat::service {
namespace {

// What version 1 does not carry: imported games (their tables, sessions and sets) and a set
// whose boards wait for a beacon value (its seed is withheld until the reveal).
Status CheckExportable(const v1::EventArchive& archive) {
  const std::string rule = " (docs/event-archive.md \"What the file holds\")";
  if (archive.seats_size() > kMaxArchiveSeats) {
    return Status::NotAllowed("the event has " + std::to_string(archive.seats_size()) +
                              " seats, an event archive at most " +
                              std::to_string(kMaxArchiveSeats) + rule);
  }
  for (const v1::ArchivedTable& t : archive.tables()) {
    if (t.mode() == "imported") {
      return Status::NotAllowed("table " + t.id() +
                                " holds imported game records, which an event archive of "
                                "version 1 does not carry" +
                                rule);
    }
  }
  for (const v1::ArchivedBoardSet& s : archive.board_sets()) {
    if (s.source() != "generated") {
      return Status::NotAllowed("board set " + s.id() + " was imported from game records, which " +
                                "an event archive of version 1 does not carry" + rule);
    }
    if (!s.revealed() && !s.beacon_source().empty() && !s.has_beacon_value()) {
      return Status::NotAllowed("board set " + s.id() +
                                " awaits its beacon value: enter it before the export" + rule);
    }
  }
  return Status::Ok();
}

// A JSON string of ids and hex digits only (checked before), so no escaping is needed.
std::string Quoted(const std::string& text) { return "\"" + text + "\""; }

// New seat tokens for every seat and new codes for the tables that had one: the import's hashes
// (ArchiveImport) and the response's tokens.
void NewTokens(const v1::EventArchive& archive, const std::string& event_id,
               store::ArchiveImport& import, v1::ImportEventResponse* response) {
  std::map<std::string, const v1::ArchivedTable*> tables;
  for (const v1::ArchivedTable& t : archive.tables()) tables[t.id()] = &t;
  std::string seats, codes;
  for (const v1::ArchivedSeat& s : archive.seats()) {
    const std::string token = NewToken();
    seats += std::string(seats.empty() ? "" : ",") + "{\"table_id\":" + Quoted(s.table_id()) +
             ",\"chair\":" + std::to_string(s.chair()) +
             ",\"token_sha256\":" + Quoted(Sha256Hex(token)) + "}";
    v1::SeatToken* out = response->add_seat_tokens();
    out->set_table(TableResourceName(event_id, s.table_id()));
    out->set_round(tables.at(s.table_id())->round());
    out->set_chair(s.chair());
    if (s.has_player_id()) out->set_player(ChildResourceName(event_id, "players", s.player_id()));
    out->set_token(token);
  }
  for (const v1::ArchivedTable& t : archive.tables()) {
    if (!t.has_code()) continue;
    const std::string code = NewTableCode();
    codes += std::string(codes.empty() ? "" : ",") + "{\"table_id\":" + Quoted(t.id()) +
             ",\"code_sha256\":" + Quoted(Sha256Hex(code)) + "}";
    v1::TableCode* out = response->add_table_codes();
    out->set_table(TableResourceName(event_id, t.id()));
    out->set_round(t.round());
    out->set_table_number(t.table_number());
    out->set_code(PrintedTableCode(code));
  }
  import.seat_tokens_json = "[" + seats + "]";
  import.table_codes_json = "[" + codes + "]";
}

// At most this many archive transfers at once on a server: each holds a whole file and its
// parse (docs/event-archive.md "Limits").
constexpr int kMaxArchiveTransfers = 2;

// A place among the server's archive transfers, given back when it goes out of scope.
class TransferSlot {
 public:
  explicit TransferSlot(std::atomic<int>& count)
      : count_(count), taken_(count.fetch_add(1) < kMaxArchiveTransfers) {}
  ~TransferSlot() { count_.fetch_sub(1); }
  TransferSlot(const TransferSlot&) = delete;
  TransferSlot& operator=(const TransferSlot&) = delete;

  // OK, or kResourceExhausted when kMaxArchiveTransfers others are in progress.
  Status status() const {
    if (taken_) return Status::Ok();
    return Status::ResourceExhausted(
        "event archive: " + std::to_string(kMaxArchiveTransfers) +
        " archive transfers are in progress on this server; retry later (docs/event-archive.md "
        "\"Limits\")");
  }

 private:
  std::atomic<int>& count_;
  bool taken_;
};

// Cancels a call that is still moving its file (receiving an import's, sending an export's) after
// `limit` (docs/event-archive.md "Limits"): a client that sends or reads slowly or not at all
// would otherwise hold a transfer for good.
class TransferDeadline {
 public:
  TransferDeadline(grpc::ServerContext& context, std::chrono::milliseconds limit)
      : watch_([this, &context, limit] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (!ended_.wait_for(lock, limit, [this] { return done_; })) {
            expired_ = true;
            context.TryCancel();
          }
        }) {}
  ~TransferDeadline() { End(); }
  TransferDeadline(const TransferDeadline&) = delete;
  TransferDeadline& operator=(const TransferDeadline&) = delete;

  // Stops the watch; true when the limit had passed (the call is cancelled).
  bool End() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    ended_.notify_all();
    if (watch_.joinable()) watch_.join();
    return expired_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ended_;
  bool done_ = false;
  bool expired_ = false;
  std::thread watch_;  // last: started once the members above exist
};

// The file a client streams, checked as its chunks arrive (docs/event-archive.md "Limits"): no
// chunk over kArchiveChunkBytes, the header within its first bytes, no byte beyond the length
// the header gives. Holds at most that length.
Result<std::string> ReceiveArchive(
    grpc::ServerReaderWriter<v1::ImportEventResponse, v1::ImportEventRequest>& stream) {
  std::string file;
  size_t length = 0;  // from the header; 0 until it has arrived
  v1::ImportEventRequest request;
  while (stream.Read(&request)) {
    if (request.chunk().size() > kArchiveChunkBytes) {
      return Status::InvalidArgument("event archive: a chunk of " +
                                     std::to_string(request.chunk().size()) + " bytes, at most " +
                                     std::to_string(kArchiveChunkBytes) +
                                     " (docs/event-archive.md \"Limits\")");
    }
    file += request.chunk();
    if (length == 0) {
      Result<size_t> declared = ArchiveFileLength(file);
      if (!declared.ok()) return declared.status();
      length = *declared;
    }
    // More than the header says: refused now (ReadArchiveFile names it "more bytes follow").
    if (length != 0 && file.size() > length) return file;
  }
  return file;
}

// Writes the import's answer: the event and the director token first, then the seat tokens and
// table codes at most kArchiveTokensPerMessage to a message. False when the client has gone.
bool SendImported(
    const v1::ImportEventResponse& all,
    grpc::ServerReaderWriter<v1::ImportEventResponse, v1::ImportEventRequest>& stream) {
  const int n = kArchiveTokensPerMessage;
  const int messages =
      std::max({1, (all.seat_tokens_size() + n - 1) / n, (all.table_codes_size() + n - 1) / n});
  for (int m = 0; m < messages; ++m) {
    v1::ImportEventResponse out;
    if (m == 0) {
      *out.mutable_event() = all.event();
      out.set_director_token(all.director_token());
    }
    for (int i = m * n; i < std::min((m + 1) * n, all.seat_tokens_size()); ++i) {
      *out.add_seat_tokens() = all.seat_tokens(i);
    }
    for (int i = m * n; i < std::min((m + 1) * n, all.table_codes_size()); ++i) {
      *out.add_table_codes() = all.table_codes(i);
    }
    if (!stream.Write(out)) return false;
  }
  return true;
}

}  // namespace

grpc::Status EventServiceImpl::ExportEvent(grpc::ServerContext* context,
                                           const v1::ExportEventRequest* request,
                                           grpc::ServerWriter<v1::ExportEventResponse>* writer) {
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, request->name());
  if (!event.ok()) return ToGrpc(event.status(), context);
  const TransferSlot slot(archive_transfers_);
  if (Status s = slot.status(); !s.ok()) return ToGrpc(s, context);
  Result<std::string> json = store_.archives.ReadEventArchive(event->id);
  if (!json.ok()) return ToGrpc(json.status(), context);
  v1::EventArchive archive;
  if (!google::protobuf::util::JsonStringToMessage(*json, &archive).ok()) {
    return ToGrpc(Status::Internal("event " + event->id + ": its rows do not read as an archive"),
                  context);
  }
  json = std::string();  // the file below is its own copy
  if (Status s = CheckExportable(archive); !s.ok()) return ToGrpc(s, context);
  Result<std::string> file = WriteArchiveFile(archive);
  if (!file.ok()) return ToGrpc(file.status(), context);
  archive.Clear();
  const std::string_view bytes = *file;
  const size_t chunk = std::clamp<size_t>(archive_chunk_bytes_, 1, kArchiveChunkBytes);
  const TransferDeadline deadline(*context, archive_receive_limit_);
  for (size_t at = 0; at < bytes.size(); at += chunk) {
    v1::ExportEventResponse out;
    out.set_chunk(std::string(bytes.substr(at, chunk)));
    out.set_file_bytes(static_cast<int64_t>(bytes.size()));
    if (!writer->Write(out)) {
      return grpc::Status(grpc::StatusCode::CANCELLED, "the client stopped reading the archive");
    }
  }
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::ImportEvent(
    grpc::ServerContext* context,
    grpc::ServerReaderWriter<v1::ImportEventResponse, v1::ImportEventRequest>* stream) {
  const TransferSlot slot(archive_transfers_);
  if (Status s = slot.status(); !s.ok()) return ToGrpc(s, context);
  TransferDeadline deadline(*context, archive_receive_limit_);
  Result<std::string> file = ReceiveArchive(*stream);
  // Cancelled by the watch: the client sees CANCELLED, whatever is returned here.
  if (deadline.End()) return grpc::Status(grpc::StatusCode::CANCELLED, "the file came too slowly");
  if (!file.ok()) return ToGrpc(file.status(), context);
  Result<v1::EventArchive> archive = ReadArchiveFile(*file);
  file = std::string();  // the archive holds it now
  if (!archive.ok()) return ToGrpc(archive.status(), context);
  if (Status s = CheckArchive(*archive); !s.ok()) return ToGrpc(s, context);
  if (Status s = ReplayArchive(*archive); !s.ok()) return ToGrpc(s, context);
  if (grpc::Status s = TakeCreateEvent(context); !s.ok()) return s;
  const std::string token = NewToken();
  store::ArchiveImport import;
  import.event_id = NewId("ev-");
  import.director_token_sha256 = Sha256Hex(token);
  import.content_json = ArchiveContent(*archive);
  v1::ImportEventResponse response;
  NewTokens(*archive, import.event_id, import, &response);
  archive.value() = v1::EventArchive();
  Result<store::EventRecord> stored = store_.archives.WriteEventArchive(import);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response.mutable_event());
  response.set_director_token(token);
  if (!SendImported(response, *stream)) {
    return grpc::Status(grpc::StatusCode::CANCELLED,
                        "the event was imported, but the client stopped reading its tokens");
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
