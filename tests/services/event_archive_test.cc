// EventService.ExportEvent and ImportEvent over real gRPC against PostgreSQL (label db;
// docs/event-archive.md): who may export, the round trip of a small event (its re-export equal
// but for the event's id), and every kind of bad file refused with its status code and reason
// while no row of any event-keyed table is written. The played event (acts, results,
// corrections, totals, adjustments) is tests/services/event_archive_cli_test.cc's.
#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <memory>
#include <pqxx/pqxx>
#include <string>
#include <thread>
#include <vector>

#include "services/common/auth.h"
#include "services/event/archive_checks.h"
#include "services/event/archive_file.h"
#include "services/event/event_service.h"
#include "services/store/store.h"
#include "tests/services/table_test_util.h"
#include "tests/services/test_database.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

// The rows of every table an import writes, in one text.
std::string ArchiveRows() {
  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::nontransaction tx(conn);
  std::string rows;
  for (const char* t :
       {"events", "clubs", "players", "board_sets", "boards", "sessions", "play_tables", "seatings",
        "games", "game_acts", "results", "chair_totals", "adjustments"}) {
    rows += std::string(t) + "=" +
            tx.exec1(std::string("SELECT count(*) FROM ") + t)[0].as<std::string>() + " ";
  }
  return rows;
}

std::string ArchiveReplaced(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// A file of `content` with a header that matches it.
std::string ArchiveWithHeader(const std::string& content,
                              const std::string& format = "skat-event-archive", int version = 1) {
  return "{\"format\":\"" + format + "\",\"version\":" + std::to_string(version) +
         ",\"content_sha256\":\"" + Sha256Hex(content) +
         "\",\"content_length\":" + std::to_string(content.size()) + "}\n" + content;
}

class EventArchiveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    // Two events from one address: the one below and one import (CreateEvent's bucket).
    events_ = std::make_unique<EventServiceImpl>(
        *store_, EventServiceOptions{.create_event = {.burst = 2, .per_minute = 1},
                                     .archive_chunk_bytes = kChunk,
                                     .archive_receive_limit = std::chrono::seconds(1)});
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(events_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    stub_ = v1::EventService::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                                          grpc::InsecureChannelCredentials()));
    v1::CreateEventRequest create;
    create.set_display_name("Archive test");
    v1::CreateEventResponse created;
    ASSERT_TRUE(stub_->CreateEvent(Context("").get(), create, &created).ok());
    event_ = created.event().name();
    director_ = created.director_token();
    v1::AddClubRequest club;
    club.set_parent(event_);
    club.set_display_name("Herz Dame");
    v1::Club made;
    ASSERT_TRUE(stub_->AddClub(Context(director_).get(), club, &made).ok());
    for (const char* name : {"Anna", "Bert"}) {
      v1::AddPlayerRequest player;
      player.set_parent(event_);
      player.set_display_name(name);
      player.set_club(made.name());
      v1::Player added;
      ASSERT_TRUE(stub_->AddPlayer(Context(director_).get(), player, &added).ok());
    }
  }
  void TearDown() override {
    if (server_) server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  }

  // The file from ExportEvent's stream; `chunks` counts its messages, each checked to be full
  // but for the last, and to name the file's length.
  grpc::Status Export(const std::string& name, const std::string& token, std::string* file,
                      int* chunks = nullptr) {
    v1::ExportEventRequest request;
    request.set_name(name);
    auto context = Context(token);
    auto reader = stub_->ExportEvent(context.get(), request);
    std::vector<v1::ExportEventResponse> messages;
    for (v1::ExportEventResponse m; reader->Read(&m);) messages.push_back(m);
    file->clear();
    for (const v1::ExportEventResponse& m : messages) *file += m.chunk();
    for (size_t i = 0; i < messages.size(); ++i) {
      EXPECT_EQ(messages[i].file_bytes(), static_cast<int64_t>(file->size()));
      if (i + 1 < messages.size()) {
        EXPECT_EQ(messages[i].chunk().size(), kChunk);
      }
    }
    if (chunks != nullptr) *chunks = static_cast<int>(messages.size());
    return reader->Finish();
  }

  // Streams `file` in chunks of `chunk` bytes (an empty file: one empty chunk) and reads the
  // answer's messages into one; `messages` counts them.
  grpc::Status Import(const std::string& file, v1::ImportEventResponse* response,
                      size_t chunk = kArchiveChunkBytes, int* messages = nullptr) {
    auto context = Context("");
    auto stream = stub_->ImportEvent(context.get());
    for (size_t at = 0; at < file.size() || at == 0; at += chunk) {
      v1::ImportEventRequest request;
      request.set_chunk(file.substr(at, chunk));
      if (!stream->Write(request)) break;
    }
    stream->WritesDone();
    int read = 0;
    for (v1::ImportEventResponse part; stream->Read(&part); ++read) response->MergeFrom(part);
    if (messages != nullptr) *messages = read;
    return stream->Finish();
  }

  // ExportEvent's chunk here: small, so that the small event's file takes several.
  static constexpr size_t kChunk = 256;

  std::unique_ptr<store::Store> store_;
  std::unique_ptr<EventServiceImpl> events_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<v1::EventService::Stub> stub_;
  std::string event_, director_;
};

TEST_F(EventArchiveTest, OnlyTheDirectorExports) {
  std::string file;
  EXPECT_EQ(Export(event_, "", &file).error_code(), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Export(event_, std::string(64, 'a'), &file).error_code(),
            StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Export("nonsense", director_, &file).error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Export("events/ev-0000000000", director_, &file).error_code(), StatusCode::NOT_FOUND);
  ASSERT_TRUE(Export(event_, director_, &file).ok());
  EXPECT_EQ(file.rfind("{\"format\":\"skat-event-archive\",\"version\":1,", 0), 0u) << file;
}

TEST_F(EventArchiveTest, RoundTripAndRefusals) {
  std::string file;
  int chunks = 0;
  ASSERT_TRUE(Export(event_, director_, &file, &chunks).ok());
  // Several chunks of kChunk bytes (the small event's file has some thousand bytes).
  EXPECT_GT(file.size(), 2 * kChunk);
  EXPECT_EQ(chunks, static_cast<int>((file.size() + kChunk - 1) / kChunk));
  const std::string content = file.substr(file.find('\n') + 1);
  const std::string before = ArchiveRows();
  // The content, printed a row at a time, is what protobuf's printer gives for the whole message
  // (docs/event-archive.md "The file").
  v1::EventArchive parsed;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(content, &parsed).ok());
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  options.add_whitespace = true;
  std::string whole;
  ASSERT_TRUE(google::protobuf::util::MessageToJsonString(parsed, &whole, options).ok());
  EXPECT_EQ(whole, content);
  EXPECT_EQ(ArchiveContent(parsed), content);

  // Each refused with its code and reason; nothing written.
  std::string unknown = content;
  unknown.replace(unknown.find("\"clubs\""), 0, "\"extra\": 1,\n ");
  std::string dangling = content;
  dangling.replace(dangling.find("\"club_id\": \"cl-") + 15, 10, "0000000000");
  std::string twice = content;
  const size_t anna = twice.find("\"id\": \"pl-") + 10;
  const size_t bert = twice.find("\"id\": \"pl-", anna) + 10;
  twice.replace(bert, 10, twice.substr(anna, 10));
  const std::string profile = ArchiveReplaced(content, "\"nasl-1909\"", "\"whist\"");
  std::string seats = "\"seats\": [";  // one more than a file may hold
  for (int i = 0; i <= kMaxArchiveSeats; ++i) {
    seats += std::string(i == 0 ? "" : ",") + "{\"table_id\": \"tb-0000000000\", \"chair\": 1}";
  }
  const std::string crowded = ArchiveReplaced(content, "\"seats\": [", seats);
  struct BadFile {
    std::string file;
    StatusCode code;
    std::string reason;
  };
  const std::vector<BadFile> cases = {
      {"", StatusCode::INVALID_ARGUMENT, "no header line"},
      {std::string(1'000, ' '), StatusCode::INVALID_ARGUMENT, "no header line in the first 1000"},
      {"{\"format\":\"skat-event-archive\",\"version\":1,\"content_sha256\":\"\",\"content_"
       "length\":" +
           std::to_string(kMaxArchiveBytes) + "}\n",
       StatusCode::INVALID_ARGUMENT, "at most 268435456"},
      {"{\"format\":\"skat-event-archive\",\"version\":1,\"content_sha256\":\"\",\"content_"
       "length\":-1}\n",
       StatusCode::INVALID_ARGUMENT, "content_length -1"},
      {"{\"format\":\n" + content, StatusCode::INVALID_ARGUMENT, "not the format's JSON header"},
      {ArchiveWithHeader(content, "zip"), StatusCode::INVALID_ARGUMENT, "format 'zip'"},
      {ArchiveWithHeader(content, "skat-event-archive", 2), StatusCode::FAILED_PRECONDITION,
       "version 2 is newer"},
      {ArchiveWithHeader(content, "skat-event-archive", 0), StatusCode::INVALID_ARGUMENT,
       "version 0"},
      {file + " ", StatusCode::INVALID_ARGUMENT, "more bytes follow"},
      {file.substr(0, file.size() - 1), StatusCode::INVALID_ARGUMENT, "truncated"},
      {file + std::string(3 * kArchiveChunkBytes, ' '), StatusCode::INVALID_ARGUMENT,
       "more bytes follow"},
      {ArchiveWithHeader(unknown), StatusCode::INVALID_ARGUMENT, "not an EventArchive"},
      {ArchiveWithHeader(dangling), StatusCode::INVALID_ARGUMENT,
       "club_id 'cl-0000000000' names no such row"},
      {ArchiveWithHeader(twice), StatusCode::INVALID_ARGUMENT, "appears twice"},
      {ArchiveWithHeader(profile), StatusCode::INVALID_ARGUMENT, "profile 'whist'"},
      {ArchiveWithHeader(crowded), StatusCode::INVALID_ARGUMENT, "seats '100001' are more than"},
  };
  for (const BadFile& c : cases) {
    v1::ImportEventResponse response;
    const grpc::Status s = Import(c.file, &response);
    EXPECT_EQ(s.error_code(), c.code) << c.reason << ": " << s.error_message();
    EXPECT_NE(s.error_message().find(c.reason), std::string::npos) << s.error_message();
    EXPECT_NE(s.error_message().find("docs/event-archive.md"), std::string::npos)
        << s.error_message();
    EXPECT_TRUE(response.director_token().empty());
  }
  // A chunk over 1 MiB, refused as it arrives.
  v1::ImportEventResponse big;
  const grpc::Status chunk =
      Import(file + std::string(kArchiveChunkBytes, ' '), &big, kArchiveChunkBytes + 1);
  EXPECT_EQ(chunk.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(chunk.error_message().find("a chunk of 1048577 bytes, at most 1048576"),
            std::string::npos)
      << chunk.error_message();
  EXPECT_EQ(ArchiveRows(), before);

  // The round trip: a new event, its own token, the same content but for the event's id.
  // Sent in chunks of 300 bytes: the server joins them.
  v1::ImportEventResponse imported;
  int messages = 0;
  const grpc::Status s = Import(file, &imported, 300, &messages);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(messages, 1);  // no seats: the event and its token in one message
  EXPECT_NE(imported.event().name(), event_);
  EXPECT_EQ(imported.event().display_name(), "Archive test");
  EXPECT_EQ(imported.director_token().size(), 64u);
  EXPECT_NE(imported.director_token(), director_);
  EXPECT_TRUE(imported.seat_tokens().empty());
  std::string again;
  EXPECT_EQ(Export(imported.event().name(), director_, &again).error_code(),
            StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(Export(imported.event().name(), imported.director_token(), &again).ok());
  const std::string id = event_.substr(7);
  EXPECT_EQ(
      ArchiveReplaced(again.substr(again.find('\n') + 1), imported.event().name().substr(7), id),
      content);

  // The bucket of events created is empty now: refused before anything is written.
  const std::string full = ArchiveRows();
  v1::ImportEventResponse refused;
  EXPECT_EQ(Import(file, &refused).error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(ArchiveRows(), full);
}

// Two imports whose files are still arriving hold the server's two transfers: a third transfer
// (an export here) is refused with RESOURCE_EXHAUSTED until one of them ends.
TEST_F(EventArchiveTest, TwoTransfersAtOnce) {
  std::vector<std::unique_ptr<grpc::ClientContext>> contexts;
  std::vector<
      std::unique_ptr<grpc::ClientReaderWriter<v1::ImportEventRequest, v1::ImportEventResponse>>>
      open;
  for (int i = 0; i < 2; ++i) {
    contexts.push_back(Context(""));
    open.push_back(stub_->ImportEvent(contexts.back().get()));
    v1::ImportEventRequest request;
    request.set_chunk("{\"format\":");  // a header still arriving
    ASSERT_TRUE(open.back()->Write(request));
  }
  // The calls reach their handlers in their own time: tried for up to 5 s.
  const auto refused = [this](StatusCode code) {
    std::string file;
    for (int attempt = 0; attempt < 100; ++attempt) {
      const grpc::Status s = Export(event_, director_, &file);
      if (s.error_code() == code) return s;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return grpc::Status(StatusCode::UNKNOWN, "never " + std::to_string(code));
  };
  const grpc::Status busy = refused(StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(busy.error_code(), StatusCode::RESOURCE_EXHAUSTED) << busy.error_message();
  EXPECT_NE(busy.error_message().find("2 archive transfers are in progress"), std::string::npos)
      << busy.error_message();
  // One import ends (its file refused: the header is not JSON): the export goes through.
  open[0]->WritesDone();
  EXPECT_EQ(open[0]->Finish().error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_TRUE(refused(StatusCode::OK).ok());
  contexts[1]->TryCancel();
  EXPECT_EQ(open[1]->Finish().error_code(), StatusCode::CANCELLED);
}

// An import whose file stops arriving is cancelled after the receive limit (1 s here), and its
// transfer is free again.
TEST_F(EventArchiveTest, AnImportThatStopsSendingIsCancelled) {
  auto context = Context("");
  auto stream = stub_->ImportEvent(context.get());
  v1::ImportEventRequest request;
  request.set_chunk("{\"format\":");  // and nothing more
  ASSERT_TRUE(stream->Write(request));
  const auto start = std::chrono::steady_clock::now();
  const grpc::Status s = stream->Finish();
  const auto waited = std::chrono::steady_clock::now() - start;
  // The server cancels the call: its client sees CANCELLED.
  EXPECT_EQ(s.error_code(), StatusCode::CANCELLED) << s.error_message();
  EXPECT_GT(waited, std::chrono::milliseconds(800));
  EXPECT_LT(waited, std::chrono::seconds(5));
  std::string file;
  EXPECT_TRUE(Export(event_, director_, &file).ok());
}

}  // namespace
}  // namespace skat::service
