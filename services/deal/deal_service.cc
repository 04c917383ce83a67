#include "services/deal/deal_service.h"

#include <algorithm>

#include "engine/board_set_format.h"
#include "engine/deal/generator.h"
#include "engine/text_scan.h"
#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/deal/printouts.h"

namespace skat::service {
namespace {

constexpr int kMaxBoards = 1000;
// The reason of a forced reveal, in bytes (as a correction's or an adjustment's reason).
constexpr size_t kMaxReason = 500;

void AddCards(CardSet cards, google::protobuf::RepeatedPtrField<std::string>* out) {
  // Highest first, as the engine prints hands.
  for (int i = kCardCount - 1; i >= 0; --i) {
    if (cards.contains(Card::FromIndex(i))) out->Add(ToString(Card::FromIndex(i)));
  }
}

// A file name from the label: lower-case letters, digits and dashes.
std::string FileStem(const std::string& label) {
  std::string stem;
  for (char c : label) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      stem += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!stem.empty() && stem.back() != '-') {
      stem += '-';
    }
  }
  while (!stem.empty() && stem.back() == '-') stem.pop_back();
  return stem.empty() ? "board-set" : stem.substr(0, 60);
}

// The label of a set made without one: the event's name with every control character as a
// space and no blanks around it, since an archive's label holds neither (CheckBoardSet), while
// an event's name may (docs/reliability.md "Hostile input": an event named "Skat\tClub" could not
// make a set without a label, and the refusal spoke of a label nobody gave).
std::string DefaultLabel(const std::string& event_name) {
  std::string label;
  for (size_t i = 0; i < event_name.size();) {
    char32_t cp = 0;
    const size_t length = text::DecodeUtf8(event_name, i, &cp);
    if (length == 0 || text::IsControl(cp)) {
      label += ' ';
      i += std::max<size_t>(length, 1);
    } else {
      label.append(event_name, i, length);
      i += length;
    }
  }
  return std::string(text::TrimBlanks(label));
}

// A forced reveal keeps why (docs/board-sets.md "Reveal"): force needs a reason that is not
// blank, of at most kMaxReason bytes, storable; a reason without force is refused, since a plain
// reveal keeps none.
Status CheckRevealRequest(const v1::RevealBoardSetRequest& request) {
  const std::string& reason = request.reason();
  if (!request.force()) {
    if (reason.empty()) return Status::Ok();
    return Status::InvalidArgument(
        "reason is kept only for a forced reveal: set force too, or leave reason empty");
  }
  if (reason.find_first_not_of(" \t\r\n") == std::string::npos) {
    return Status::InvalidArgument(
        "reason is empty: a forced reveal (force) keeps why the seed was published "
        "while boards may be in play");
  }
  if (reason.size() > kMaxReason) {
    return Status::InvalidArgument("reason: " + std::to_string(reason.size()) + " bytes, at most " +
                                   std::to_string(kMaxReason));
  }
  return CheckStorableText("reason", reason);
}

// A set named with a beacon source has no boards until the value is entered.
bool AwaitsBeacon(const store::BoardSetRecord& r) {
  return !r.set.beacon_source.empty() && r.set.beacon_value.empty();
}

}  // namespace

void ToProto(const store::BoardSetRecord& r, v1::BoardSet* out) {
  out->set_name(BoardSetResourceName(r.event_id, r.id));
  out->set_label(r.set.label);
  out->set_generator_version(r.set.generator_version);
  out->set_commitment(r.set.commitment);
  out->set_beacon_source(r.set.beacon_source);
  out->set_beacon_value(r.set.beacon_value);
  if (r.revealed) out->set_seed(r.secret_seed);
  out->set_board_count(r.board_count);
  out->set_table_size(r.set.table_size);
  out->set_revealed(r.revealed);
  out->set_boards_ready(!AwaitsBeacon(r));
  out->mutable_create_time()->set_seconds(r.created_unix);
  if (r.revealed && r.revealed_unix > 0) out->mutable_reveal_time()->set_seconds(r.revealed_unix);
  out->set_reveal_forced(r.reveal_forced);
  out->set_reveal_reason(r.reveal_reason);
}

void ToProto(const SetBoard& b, int table_size, v1::Board* out) {
  out->set_number(b.number);
  out->set_forehand_chair(ForehandChair(b.number, table_size));
  out->set_deal_number(DealNumber(b.board));
  AddCards(b.board.hands[0], out->mutable_forehand());
  AddCards(b.board.hands[1], out->mutable_middlehand());
  AddCards(b.board.hands[2], out->mutable_rearhand());
  out->add_skat(ToString(b.board.skat[0]));
  out->add_skat(ToString(b.board.skat[1]));
}

Result<store::BoardSetRecord> DealServiceImpl::Load(grpc::ServerContext* context,
                                                    const std::string& name, Access access,
                                                    store::BoardRange boards) {
  Result<BoardSetName> parsed = ParseBoardSetName(name);
  if (!parsed.ok()) return parsed.status();
  Result<store::BoardSetRecord> record = store_.GetBoardSet(parsed->event, parsed->set, boards);
  if (!record.ok()) return record.status();
  const bool director = access == Access::kDirector ||
                        (access == Access::kDirectorUntilRevealed && !record->revealed);
  if (director) {
    if (Result<store::EventRecord> event = DirectorEvent(store_, *context, parsed->event, name);
        !event.ok()) {
      return event.status();
    }
  }
  return record;
}

grpc::Status DealServiceImpl::CreateBoardSet(grpc::ServerContext* context,
                                             const v1::CreateBoardSetRequest* request,
                                             v1::BoardSet* response) {
  Result<std::string> event_id = ParseEventName(request->parent());
  if (!event_id.ok()) return ToGrpc(event_id.status(), context);
  const int count = request->board_count();
  const int table_size = request->table_size() == 0 ? 3 : request->table_size();
  if (count < 1 || count > kMaxBoards) {
    return ToGrpc(Status::InvalidArgument("board_count " + std::to_string(count) +
                                          " is outside 1.." + std::to_string(kMaxBoards)),
                  context);
  }
  if (table_size != 3 && table_size != 4) {
    return ToGrpc(
        Status::InvalidArgument("table_size " + std::to_string(table_size) +
                                " is not 3 or 4 (docs/tables.md \"Chairs and directions\")"),
        context);
  }
  if (request->label().size() > 200 || request->beacon_source().size() > 200) {
    return ToGrpc(Status::InvalidArgument("label and beacon_source have at most 200 characters"),
                  context);
  }
  for (const auto& [field, text] : {std::pair{"label", &request->label()},
                                    std::pair{"beacon_source", &request->beacon_source()}}) {
    if (Status s = CheckStorableText(field, *text); !s.ok()) return ToGrpc(s, context);
  }
  Result<store::EventRecord> event = DirectorEvent(store_, *context, *event_id, request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  const deal::Seed seed = deal::RandomSeed();
  const std::string label = request->label().empty() ? DefaultLabel(event->name) : request->label();
  store::BoardSetRecord record;
  record.event_id = *event_id;
  record.id = NewId("bs-");
  record.set = deal::MakeBoardSet(label, seed, request->beacon_source(), "", count, table_size);
  // The archive must be able to carry the label byte for byte (it is committed to).
  if (Status s = CheckBoardSet(record.set); !s.ok()) return ToGrpc(s, context);
  record.secret_seed = deal::SeedToHex(seed);
  record.board_count = count;
  Result<store::BoardSetRecord> stored = store_.CreateBoardSet(record);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status DealServiceImpl::GetBoardSet(grpc::ServerContext* context,
                                          const v1::GetBoardSetRequest* request,
                                          v1::BoardSet* response) {
  Result<store::BoardSetRecord> record = Load(context, request->name(), Access::kPublic);
  if (!record.ok()) return ToGrpc(record.status(), context);
  ToProto(*record, response);
  return grpc::Status::OK;
}

grpc::Status DealServiceImpl::ListBoardSets(grpc::ServerContext* context,
                                            const v1::ListBoardSetsRequest* request,
                                            v1::ListBoardSetsResponse* response) {
  Result<std::string> event_id = ParseEventName(request->parent());
  if (!event_id.ok()) return ToGrpc(event_id.status(), context);
  if (Result<store::EventRecord> e = store_.GetEvent(*event_id); !e.ok()) {
    return ToGrpc(e.status(), context);
  }
  // Keys: the set's id (the store orders by creation time, then id).
  const std::string list = "ListBoardSets " + *event_id;
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 0);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::BoardSetRecord>> read =
      store_.ListBoardSets(*event_id, page->after ? page->after->text : "", page->size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::BoardSetRecord> sets = std::move(read).value();
  response->set_next_page_token(EndPage(
      list, page->size, sets, [](const auto& r) { return PageKey{.numbers = {}, .text = r.id}; }));
  for (const store::BoardSetRecord& r : sets) ToProto(r, response->add_board_sets());
  return grpc::Status::OK;
}

grpc::Status DealServiceImpl::EnterBeacon(grpc::ServerContext* context,
                                          const v1::EnterBeaconRequest* request,
                                          v1::BoardSet* response) {
  Result<store::BoardSetRecord> record = Load(context, request->name(), Access::kDirector);
  if (!record.ok()) return ToGrpc(record.status(), context);
  const std::string& value = request->beacon_value();
  if (value.empty() || value.size() > 200 ||
      value.find_first_of(std::string_view("\n\0", 2)) != std::string::npos) {
    return ToGrpc(Status::InvalidArgument(
                      "beacon_value must be one line of 1 to 200 characters (no NUL byte)"),
                  context);
  }
  if (record->set.beacon_source.empty()) {
    return ToGrpc(
        Status::NotAllowed(request->name() + " names no beacon source; its boards exist already"),
        context);
  }
  if (!record->set.beacon_value.empty()) {
    return ToGrpc(Status::NotAllowed("the beacon value of " + request->name() +
                                     " was entered before: '" + record->set.beacon_value + "'"),
                  context);
  }
  Result<deal::Seed> seed = deal::SeedFromHex(record->secret_seed);
  if (!seed.ok()) return ToGrpc(Status::Internal(seed.status().message()), context);
  const BoardSet made = deal::MakeBoardSet(record->set.label, *seed, record->set.beacon_source,
                                           value, record->board_count, record->set.table_size);
  if (Status s = CheckBoardSet(made); !s.ok()) return ToGrpc(s, context);
  if (Status s =
          store_.SetBeacon(record->event_id, record->id, value, made.boards, record->version);
      !s.ok()) {
    return ToGrpc(s, context);
  }
  record.value().set.beacon_value = value;
  ToProto(*record, response);
  return grpc::Status::OK;
}

grpc::Status DealServiceImpl::GetBoard(grpc::ServerContext* context,
                                       const v1::GetBoardRequest* request, v1::Board* response) {
  Result<store::BoardSetRecord> record =
      Load(context, request->board_set(), Access::kDirectorUntilRevealed,
           store::BoardRange::One(request->number()));
  if (!record.ok()) return ToGrpc(record.status(), context);
  if (request->number() < 1 || request->number() > record->board_count) {
    return ToGrpc(Status::InvalidArgument("board " + std::to_string(request->number()) +
                                          " is outside 1.." + std::to_string(record->board_count)),
                  context);
  }
  if (AwaitsBeacon(*record)) {
    return ToGrpc(
        Status::NotAllowed(request->board_set() + " awaits its beacon value; no boards yet"),
        context);
  }
  ToProto(record->set.boards.front(), record->set.table_size, response);
  return grpc::Status::OK;
}

grpc::Status DealServiceImpl::RevealBoardSet(grpc::ServerContext* context,
                                             const v1::RevealBoardSetRequest* request,
                                             v1::BoardSet* response) {
  if (Status s = CheckRevealRequest(*request); !s.ok()) return ToGrpc(s, context);
  Result<store::BoardSetRecord> record = Load(context, request->name(), Access::kDirector);
  if (!record.ok()) return ToGrpc(record.status(), context);
  if (AwaitsBeacon(*record)) {
    return ToGrpc(
        Status::NotAllowed(request->name() + " awaits its beacon value; nothing to reveal yet"),
        context);
  }
  // The store refuses (kBoardInPlay) while a table of the set has a board without a counting
  // result, unless forced.
  Result<store::BoardSetRecord> revealed =
      store_.Reveal(record->event_id, record->id, record->version,
                    request->force() ? request->reason() : std::string());
  if (!revealed.ok()) return ToGrpc(revealed.status(), context);
  ToProto(*revealed, response);
  return grpc::Status::OK;
}

namespace {

// An imported set (generator version 0, migration 0004) has no seed to check or archive: its
// boards are the deals of game records, and its commitment is the imported file's SHA-256.
Status ImportedSet(const std::string& name) {
  return Status::NotAllowed(
      name +
      " was imported from game records (skat import-iss): its boards are the "
      "records' deals, not a seed's, so there is nothing to verify or archive; "
      "its commitment is the imported file's SHA-256 (export JSON or printouts)");
}

}  // namespace

grpc::Status DealServiceImpl::VerifyBoardSet(grpc::ServerContext* context,
                                             const v1::VerifyBoardSetRequest* request,
                                             v1::VerifyBoardSetResponse* response) {
  BoardSet set;
  switch (request->source_case()) {
    case v1::VerifyBoardSetRequest::kName: {
      Result<store::BoardSetRecord> record =
          Load(context, request->name(), Access::kPublic, store::BoardRange::All());
      if (!record.ok()) return ToGrpc(record.status(), context);
      if (!record->revealed) {
        return ToGrpc(
            Status::NotAllowed(request->name() + " is not revealed yet; its seed is secret"),
            context);
      }
      if (record->set.generator_version == 0) return ToGrpc(ImportedSet(request->name()), context);
      set = record->set;
      set.seed = record->secret_seed;
      break;
    }
    case v1::VerifyBoardSetRequest::kArchive: {
      Result<BoardSet> read = ReadBoardSet(request->archive());
      if (!read.ok()) return ToGrpc(read.status(), context);
      set = *read;
      break;
    }
    default:
      return ToGrpc(
          Status::InvalidArgument("give the name of a stored set or the text of an archive file"),
          context);
  }
  const Status verified = deal::Verify(set);
  response->set_ok(verified.ok());
  response->set_problem(verified.message());
  response->set_boards_checked(static_cast<int>(set.boards.size()));
  return grpc::Status::OK;
}

grpc::Status DealServiceImpl::ExportBoardSet(grpc::ServerContext* context,
                                             const v1::ExportBoardSetRequest* request,
                                             v1::ExportBoardSetResponse* response) {
  Result<store::BoardSetRecord> record =
      Load(context, request->name(), Access::kDirectorUntilRevealed, store::BoardRange::All());
  if (!record.ok()) return ToGrpc(record.status(), context);
  if (AwaitsBeacon(*record)) {
    return ToGrpc(
        Status::NotAllowed(request->name() + " awaits its beacon value; no boards to export"),
        context);
  }
  BoardSet set = record->set;
  if (record->revealed) set.seed = record->secret_seed;
  const std::string stem = FileStem(set.label);
  switch (request->format()) {
    case v1::EXPORT_FORMAT_ARCHIVE: {
      if (set.generator_version == 0) return ToGrpc(ImportedSet(request->name()), context);
      Result<std::string> archive = WriteBoardSet(set);
      if (!archive.ok()) return ToGrpc(archive.status(), context);
      response->set_content(*archive);
      response->set_media_type("text/plain");
      response->set_file_name(stem + ".skatboards");
      break;
    }
    case v1::EXPORT_FORMAT_JSON:
      response->set_content(BoardSetToJson(set));
      response->set_media_type("application/json");
      response->set_file_name(stem + ".json");
      break;
    case v1::EXPORT_FORMAT_PRINTOUT_HTML:
    case v1::EXPORT_FORMAT_PRINTOUT_TEXT: {
      // In the event's language and deck (docs/i18n.md "Printed sheets").
      Result<store::EventRecord> event = store_.GetEvent(record->event_id);
      if (!event.ok()) return ToGrpc(event.status(), context);
      const PrintoutOptions options{.language = event->language, .deck = event->deck};
      const bool html = request->format() == v1::EXPORT_FORMAT_PRINTOUT_HTML;
      response->set_content(html ? PrintoutsHtml(set, options) : PrintoutsText(set, options));
      response->set_media_type(html ? "text/html" : "text/plain");
      response->set_file_name(stem + (html ? "-printouts.html" : "-printouts.txt"));
      break;
    }
    default:
      return ToGrpc(
          Status::InvalidArgument("format must be ARCHIVE, JSON, PRINTOUT_HTML or PRINTOUT_TEXT"),
          context);
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
