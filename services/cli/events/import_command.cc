// skat import-iss FILE: imports a file of International Skat Server game records through skatd's
// EventService.ImportGames (docs/iss-game-records.md), in batches so that a file of 100,000
// records works: each batch is one call and one transaction on the server, which reads and
// replays every record itself. Prints the event (and its director token when the import made
// it), the board set and session, the counts and the first refusals as FILE:line:column.
//
// A batch whose answer is lost (skatd unreachable, deadline) is sent again: records the event has
// already count as duplicates, so a repeat imports nothing twice; the same holds for running the
// command again on the same file with --event and --board-set after an interruption.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/common/auth.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

constexpr size_t kMaxBatchBytes = 3 << 20;  // below gRPC's 4 MiB message limit
constexpr int kShownRefusals = 10;
constexpr int kBatchAttempts = 3;

int ImportFail(const std::string& message) {
  std::cerr << "skat import-iss: " << message << "\n";
  return 1;
}

// One call's share of the file: whole lines from first_line on.
struct Batch {
  int first_line = 1;
  int next_line = 1;  // the file line the text's end starts
  int records = 0;
  std::string text;
};

// True for a line the reader skips (blank, or a '#' comment).
bool Skipped(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

// The file's lines cut into batches of at most `size` records and kMaxBatchBytes bytes.
std::vector<Batch> Batches(const std::string& text, int size) {
  std::vector<Batch> batches;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (Skipped(line)) continue;
    if (batches.empty() || batches.back().records >= size ||
        batches.back().text.size() + line.size() + 1 > kMaxBatchBytes) {
      batches.push_back(Batch{.first_line = number, .next_line = number, .records = 0, .text = ""});
    }
    Batch& batch = batches.back();
    // Keep the file's line numbers: skipped lines inside a batch stay as empty lines.
    batch.text.append(static_cast<size_t>(number - batch.next_line), '\n');
    batch.text += line + "\n";
    batch.next_line = number + 1;
    ++batch.records;
  }
  return batches;
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  return name.empty() ? "records" : name.substr(0, 200);
}

bool BatchRetryable(const grpc::Status& s) {
  return s.error_code() == grpc::StatusCode::UNAVAILABLE ||
         s.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED;
}

// The options of `skat import-iss`.
struct ImportOptions {
  ServerOptions server;
  std::string file;
  std::string event;
  std::string board_set;
  std::string name;
  int batch = 500;
  bool quiet = false;
};

// What the batches imported so far add up to, and what the last reply said of the event.
struct ImportTally {
  int imported = 0;
  int duplicates = 0;
  int refused = 0;
  int sent = 0;
  std::vector<v1::ImportRefusal> shown;  // the first kShownRefusals
  v1::ImportGamesResponse last;
  std::string token;  // the director token of the event this import made
};

// One batch sent, retried while skatd is unavailable or busy. Returns 0, or the exit code after
// the failure is printed.
int SendBatch(v1::EventService::Stub& stub, const ImportOptions& o,
              const v1::ImportGamesRequest& request, const Batch& batch, int imported,
              v1::ImportGamesResponse& response) {
  for (int attempt = 1;; ++attempt) {
    auto context = NewContext(o.server);
    response.Clear();
    const grpc::Status s = stub.ImportGames(context.get(), request, &response);
    if (s.ok()) return 0;
    if (!BatchRetryable(s) || attempt == kBatchAttempts) {
      std::cerr << "skat import-iss: "
                << TrN("stopped at line {0} after {n} imported record",
                       "stopped at line {0} after {n} imported records", imported, batch.first_line)
                << "\n";
      return ReportFailure("import-iss", s, *context, o.server);
    }
    std::this_thread::sleep_for(std::chrono::seconds(attempt));
  }
}

// A batch's reply counted; the next batches go to the event and set it made.
void CountBatch(const v1::ImportGamesResponse& response, ImportOptions& o,
                v1::ImportGamesRequest& request, ImportTally& t) {
  if (!response.director_token().empty()) {
    // The event this import made: the next batches go to it as its director.
    t.token = response.director_token();
    o.server.token = t.token;
    request.set_parent(response.event().name());
  }
  if (!response.board_set().empty()) request.set_board_set(response.board_set());
  if (response.has_event()) *t.last.mutable_event() = response.event();
  if (!response.board_set().empty()) {
    t.last.set_board_set(response.board_set());
    t.last.set_session(response.session());
    t.last.set_board_count(response.board_count());
  }
  t.imported += response.imported();
  t.duplicates += response.duplicates();
  t.refused += response.refusals_size();
  for (const v1::ImportRefusal& r : response.refusals()) {
    if (static_cast<int>(t.shown.size()) < kShownRefusals) t.shown.push_back(r);
  }
}

// The event, its director token (shown once), the set, the counts and the first refusals.
// Returns the exit code: 1 when records were refused.
int PrintImportSummary(const ImportOptions& o, const ImportTally& t, int total) {
  if (t.last.has_event()) {
    std::cout << Tr("event: {0}", t.last.event().name()) << "  " << t.last.event().display_name()
              << "  (" << t.last.event().profile() << ")\n";
  }
  if (!t.token.empty()) {
    std::cout << Tr("director token: {0}", t.token) << "\n"
              << Tr("(shown once; keep it: export SKAT_DIRECTOR_TOKEN={0})", t.token) << "\n";
  }
  if (!t.last.board_set().empty()) {
    std::cout << Tr("board set: {0}", t.last.board_set()) << "  ("
              << TrN("{n} board", "{n} boards", t.last.board_count()) << ")\n"
              << Tr("session: {0}", t.last.session()) << "\n";
  }
  std::cout << Tr("records: {0}; imported: {1}; duplicates: {2}; refused: {3}", total, t.imported,
                  t.duplicates, t.refused)
            << "\n";
  for (const v1::ImportRefusal& r : t.shown) {
    std::cout << o.file << ":" << r.line() << ":" << r.column() << ": " << r.message() << "\n";
  }
  if (t.refused > static_cast<int>(t.shown.size())) {
    std::cout << Tr("... and {0} more refused", t.refused - static_cast<int>(t.shown.size()))
              << "\n";
  }
  return t.refused == 0 ? 0 : 1;
}

// skat import-iss: the file's records sent batch by batch, progress on stderr.
int RunImport(ImportOptions& o) {
  if (!o.board_set.empty() && o.event.empty()) return ImportFail(Tr("--board-set needs --event"));
  std::ifstream in(o.file, std::ios::binary);
  if (!in) return ImportFail(Tr("cannot open '{0}'", o.file));
  std::ostringstream read;
  read << in.rdbuf();
  const std::string text = read.str();
  const std::vector<Batch> batches = Batches(text, o.batch);
  if (batches.empty()) return ImportFail(Tr("'{0}' holds no records", o.file));
  int total = 0;
  for (const Batch& b : batches) total += b.records;

  auto stub = v1::EventService::NewStub(Connect(o.server));
  v1::ImportGamesRequest request;
  request.set_parent(o.event);
  request.set_board_set(o.board_set);
  request.set_display_name(o.name);
  request.set_file_name(BaseName(o.file));
  request.set_file_sha256(service::Sha256Hex(text));
  ImportTally t;
  const auto start = std::chrono::steady_clock::now();
  for (const Batch& batch : batches) {
    request.set_records(batch.text);
    request.set_first_line(batch.first_line);
    v1::ImportGamesResponse response;
    if (int code = SendBatch(*stub, o, request, batch, t.imported, response); code != 0) {
      return code;
    }
    CountBatch(response, o, request, t);
    t.sent += batch.records;
    if (batches.size() > 1 && !o.quiet) {
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cerr << "import-iss: "
                << Tr("{0}/{1} records read, {2} imported, {3} duplicates, {4} refused ({5} "
                      "records/s)",
                      t.sent, total, t.imported, t.duplicates, t.refused,
                      static_cast<long long>(seconds > 0 ? t.sent / seconds : 0))
                << "\n";
    }
  }
  return PrintImportSummary(o, t, total);
}

}  // namespace

Runner AddImportCommand(CLI::App& app) {
  auto o = std::make_shared<ImportOptions>();
  CLI::App* sub = app.add_subcommand(
      "import-iss",
      Tr("Import International Skat Server game records as one board set with its games (through "
         "skatd)."));
  sub->footer(Tr(
      "FILE holds ISS game records, one per line (docs/iss-game-records.md), e.g.\n"
      "  (;GM[Skat]PC[International Skat Server]SE[24072]ID[541932]DT[...]P0[zoot]P1[kermit]\n"
      "   P2[foo]MV[w HA.SK.SJ... 1 p 2 18 0 p 2 s ...]R[d:2 loss v:-54 m:-2 bidok p:59 ...] ;)\n"
      "skatd reads each record, replays it under isko+iss (isko with the ISS's rules for giving\n"
      "up, D75) and stores it as a board of one imported board set and a table of three chairs\n"
      "(P0 forehand, P1 middlehand, P2 rearhand) with its game, act log and result; a record\n"
      "that cannot be read, does not replay, or whose R[...] disagrees with the replay is\n"
      "refused with its line and column, the others are imported. Without --event a new event\n"
      "is made (profile isko+iss, Seeger-Fabian board scores compared as totals) and its\n"
      "director token printed once. Records the event has already (same ISS game ID) are\n"
      "counted as duplicates and not imported again: to finish an interrupted import, run it\n"
      "again with --event, the director token (--token-file or SKAT_DIRECTOR_TOKEN) and\n"
      "--board-set.\n"
      "Progress goes to stderr when the file has more than one batch.\n"
      "Exit codes: 0 every record imported (or imported before), 1 records refused (the others\n"
      "are imported) or a failure, 2 usage errors.\n"
      "Examples:\n"
      "  skat import-iss iss-2010-12.sgf --name \"ISS December 2010\"\n"
      "  skat import-iss more.sgf --event events/ev-... --token-file director-token "
      "--batch 1000"));
  sub->add_option("file", o->file, Tr("the record file"))->required();
  sub->add_option(
      "--event", o->event,
      Tr("events/{event}: import into this event (isko+iss; needs its director token)"));
  sub->add_option(
      "--board-set", o->board_set,
      Tr("events/{event}/boardSets/{set}: append to this imported set (needs --event)"));
  sub->add_option("--name", o->name,
                  Tr("the new event's name and the set's label (default: \"ISS games: FILE\")"));
  sub->add_option("--batch", o->batch, Tr("records per call (one transaction each)"))
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_flag("--quiet", o->quiet, Tr("no progress on stderr"));
  AddServerOptions(*sub, o->server);
  return [o]() { return RunImport(*o); };
}

}  // namespace skat::cli
