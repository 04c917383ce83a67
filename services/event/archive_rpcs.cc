// EventService.ExportEvent and ImportEvent (docs/event-archive.md): the file's format is
// archive_file.h, the checks of an import archive_checks.h, the rows the store's
// (archive_store.h).
#include <google/protobuf/util/json_util.h>

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

}  // namespace

grpc::Status EventServiceImpl::ExportEvent(grpc::ServerContext* context,
                                           const v1::ExportEventRequest* request,
                                           v1::ExportEventResponse* response) {
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, request->name());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<std::string> json = store_.archives.ReadEventArchive(event->id);
  if (!json.ok()) return ToGrpc(json.status(), context);
  v1::EventArchive archive;
  if (!google::protobuf::util::JsonStringToMessage(*json, &archive).ok()) {
    return ToGrpc(Status::Internal("event " + event->id + ": its rows do not read as an archive"),
                  context);
  }
  if (Status s = CheckExportable(archive); !s.ok()) return ToGrpc(s, context);
  Result<std::string> file = WriteArchiveFile(archive);
  if (!file.ok()) return ToGrpc(file.status(), context);
  response->set_archive(std::move(file).value());
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::ImportEvent(grpc::ServerContext* context,
                                           const v1::ImportEventRequest* request,
                                           v1::ImportEventResponse* response) {
  Result<v1::EventArchive> archive = ReadArchiveFile(request->archive());
  if (!archive.ok()) return ToGrpc(archive.status(), context);
  if (Status s = CheckArchive(*archive); !s.ok()) return ToGrpc(s, context);
  if (Status s = ReplayArchive(*archive); !s.ok()) return ToGrpc(s, context);
  if (grpc::Status s = TakeCreateEvent(context); !s.ok()) return s;
  const std::string token = NewToken();
  store::ArchiveImport import;
  import.event_id = NewId("ev-");
  import.director_token_sha256 = Sha256Hex(token);
  import.content_json = ArchiveContent(*archive);
  NewTokens(*archive, import.event_id, import, response);
  Result<store::EventRecord> stored = store_.archives.WriteEventArchive(import);
  if (!stored.ok()) {
    response->Clear();
    return ToGrpc(stored.status(), context);
  }
  ToProto(*stored, response->mutable_event());
  response->set_director_token(token);
  return grpc::Status::OK;
}

}  // namespace skat::service
