// skat events export EVENT --out FILE and skat events import FILE (docs/event-archive.md): the
// file travels byte for byte in chunks of 1 MiB; skatd writes and checks it
// (EventService.ExportEvent, ImportEvent). A file of more than one chunk shows its progress on
// stderr.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/cli/token_files.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

// docs/event-archive.md "Limits": skatd refuses a larger file or chunk.
constexpr std::streamoff kMaxArchiveBytes = 268'435'456;
constexpr size_t kChunkBytes = 1'048'576;
// A progress line every this many chunks (and after the last) of a file of more than one.
constexpr size_t kProgressChunks = 16;
// A transfer's deadline instead of NewContext's 30 s: 256 MiB at 0.5 MiB/s.
constexpr std::chrono::minutes kTransferDeadline{10};

std::unique_ptr<grpc::ClientContext> TransferContext(const ServerOptions& server) {
  auto context = NewContext(server);
  context->set_deadline(std::chrono::system_clock::now() + kTransferDeadline);
  return context;
}

// "events export: 16 of 300 MiB received" on stderr, for files of more than one chunk.
void Progress(const char* command, bool sent, size_t done, size_t total) {
  if (total <= kChunkBytes || (done % (kProgressChunks * kChunkBytes) != 0 && done != total)) {
    return;
  }
  const auto mib = [](size_t bytes) {
    return static_cast<long long>((bytes + kChunkBytes - 1) >> 20);
  };
  std::cerr << command << ": "
            << (sent ? Tr("{0} of {1} MiB sent", mib(done), mib(total))
                     : Tr("{0} of {1} MiB received", mib(done), mib(total)))
            << "\n";
}

struct ArchiveOptions {
  ServerOptions server;
  std::string event;
  std::string file;
  std::string out;          // export: the archive; import: the director token
  std::string tokens_file;  // import: the seat tokens and table codes
};

int Export(const ArchiveOptions& o) {
  v1::ExportEventRequest request;
  request.set_name(o.event);
  auto stub = v1::EventService::NewStub(Connect(o.server));
  auto context = TransferContext(o.server);
  std::unique_ptr<grpc::ClientReader<v1::ExportEventResponse>> reader =
      stub->ExportEvent(context.get(), request);
  std::string file;
  v1::ExportEventResponse chunk;
  while (reader->Read(&chunk)) {
    // skatd's bound; a larger stream is not an archive it wrote.
    if (chunk.file_bytes() > kMaxArchiveBytes ||
        file.size() + chunk.chunk().size() > static_cast<size_t>(kMaxArchiveBytes)) {
      context->TryCancel();
      break;
    }
    if (file.empty()) file.reserve(static_cast<size_t>(chunk.file_bytes()));
    file += chunk.chunk();
    Progress("events export", false, file.size(), static_cast<size_t>(chunk.file_bytes()));
  }
  const grpc::Status s = reader->Finish();
  if (!s.ok()) return ReportFailure("events export", s, *context, o.server);
  // Mode 0600 and atomic: the file holds the revealed seeds and every result.
  if (std::string error; !WriteTokenFile(o.out, file, error)) {
    return Fail("events export", Tr("--out {0}: {1}", o.out, error));
  }
  std::cout << Tr("{0} written to {1} ({2} bytes)", o.event, o.out,
                  static_cast<long long>(file.size()))
            << "\n";
  return 0;
}

// The tokens file: per seat "table chair token round player", per code a comment (as skat
// sessions start writes them; skat bot --tokens-file reads them).
std::string TokensText(const v1::ImportEventResponse& r) {
  std::ostringstream text;
  text << "# seat tokens of " << r.event().name() << " (skat events import)\n";
  for (const v1::SeatToken& t : r.seat_tokens()) {
    const std::string player =
        t.player().empty() ? t.table() + "/chair-" + std::to_string(t.chair()) : t.player();
    text << t.table() << " " << t.chair() << " " << t.token() << " " << t.round() << " " << player
         << "\n";
  }
  for (const v1::TableCode& c : r.table_codes()) {
    text << "# table code of round " << c.round() << ", table " << c.table_number() << " ("
         << c.table() << "): " << c.code() << "\n";
  }
  return text.str();
}

int ShowTokens(const ArchiveOptions& o, const v1::ImportEventResponse& r) {
  const std::string& token = r.director_token();
  if (o.out.empty()) {
    std::cout << Tr("director token: {0}", token) << "\n"
              << Tr("(shown once; keep it: export SKAT_DIRECTOR_TOKEN={0})", token) << "\n";
  } else if (std::string error; !WriteTokenFile(o.out, token + "\n", error)) {
    return Fail("events import", Tr("the event was imported, but writing --out {0} failed: {1} "
                                    "(skat events rotate-token needs the token: none is kept)",
                                    o.out, error));
  } else {
    std::cout << Tr("director token written to {0} (mode 0600)", o.out) << "\n";
  }
  if (o.tokens_file.empty()) {
    std::cout << Tr("{0} seat tokens and {1} table codes not shown (give --tokens-file; skat "
                    "sessions issue-tokens issues new ones)",
                    r.seat_tokens_size(), r.table_codes_size())
              << "\n";
  } else if (std::string error; !WriteTokenFile(o.tokens_file, TokensText(r), error)) {
    return Fail("events import", Tr("--tokens-file {0}: {1}", o.tokens_file, error));
  } else {
    std::cout << Tr("{0} seat tokens and {1} table codes written to {2} (mode 0600)",
                    r.seat_tokens_size(), r.table_codes_size(), o.tokens_file)
              << "\n";
  }
  return 0;
}

// Streams the file in chunks, then reads the answer's messages into one.
grpc::Status SendArchive(const ArchiveOptions& o, const std::string& file,
                         grpc::ClientContext& context, v1::ImportEventResponse& response) {
  auto stub = v1::EventService::NewStub(Connect(o.server));
  auto stream = stub->ImportEvent(&context);
  for (size_t at = 0; at < file.size() || at == 0; at += kChunkBytes) {
    v1::ImportEventRequest request;
    request.set_chunk(file.substr(at, kChunkBytes));
    if (!stream->Write(request)) break;  // skatd refused the file: Finish says why
    Progress("events import", true, std::min(at + kChunkBytes, file.size()), file.size());
  }
  stream->WritesDone();
  v1::ImportEventResponse part;
  while (stream->Read(&part)) response.MergeFrom(part);
  return stream->Finish();
}

int Import(const ArchiveOptions& o) {
  std::ifstream in(o.file, std::ios::binary);
  if (!in) return Fail("events import", Tr("{0}: cannot be read", o.file));
  in.seekg(0, std::ios::end);
  if (in.tellg() > kMaxArchiveBytes) {
    return Fail("events import", Tr("{0}: {1} bytes, an event archive has at most {2} "
                                    "(docs/event-archive.md)",
                                    o.file, static_cast<long long>(in.tellg()),
                                    static_cast<long long>(kMaxArchiveBytes)));
  }
  in.seekg(0);
  const std::string file(std::istreambuf_iterator<char>(in), {});
  v1::ImportEventResponse response;
  auto context = TransferContext(o.server);
  const grpc::Status s = SendArchive(o, file, *context, response);
  if (!s.ok()) return ReportFailure("events import", s, *context, o.server);
  std::cout << response.event().name() << "  " << response.event().display_name() << "  ("
            << response.event().profile() << ")\n";
  return ShowTokens(o, response);
}

}  // namespace

Subcommand AddEventsExportCommand(CLI::App& events) {
  auto o = std::make_shared<ArchiveOptions>();
  CLI::App* sub = events.add_subcommand(
      "export", Tr("Write the whole event as one archive file (director): players, clubs, board "
                   "sets, sessions, tables with their acts, results, totals, adjustments "
                   "(docs/event-archive.md)."));
  sub->add_option("event", o->event, Tr("events/{event}"))->required();
  sub->add_option("--out", o->file, Tr("the archive file to write (mode 0600)"))->required();
  AddServerOptions(*sub, o->server);
  return {sub, [o]() {
            ArchiveOptions options = *o;
            options.out = o->file;
            return Export(options);
          }};
}

Subcommand AddEventsImportCommand(CLI::App& events) {
  auto o = std::make_shared<ArchiveOptions>();
  CLI::App* sub = events.add_subcommand(
      "import", Tr("Recreate an exported event as a new event on this server; prints its new "
                   "director token once (docs/event-archive.md)."));
  sub->add_option("file", o->file, Tr("the archive file (skat events export)"))->required();
  sub->add_option("--out", o->out,
                  Tr("write the new director token to this file (mode 0600; --token-file reads "
                     "it) instead of printing it"));
  sub->add_option("--tokens-file", o->tokens_file,
                  Tr("write the new seat tokens and table codes to this file (mode 0600), as "
                     "sessions start writes them"));
  AddServerOptions(*sub, o->server);
  return {sub, [o]() { return Import(*o); }};
}

}  // namespace skat::cli
