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
#include "services/common/auth.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

constexpr size_t kMaxBatchBytes = 3 << 20;  // below gRPC's 4 MiB message limit
constexpr int kShownRefusals = 10;
constexpr int kBatchAttempts = 3;

int Fail(const std::string& message) {
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

}  // namespace

Runner AddImportCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string file;
    std::string event;
    std::string board_set;
    std::string name;
    int batch = 500;
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "import-iss",
      "Import International Skat Server game records as one board set with its games (through "
      "skatd).");
  sub->footer(
      "FILE holds ISS game records, one per line (docs/iss-game-records.md), e.g.\n"
      "  (;GM[Skat]PC[International Skat Server]SE[24072]ID[541932]DT[...]P0[zoot]P1[kermit]\n"
      "   P2[foo]MV[w HA.SK.SJ... 1 p 2 18 0 p 2 s ...]R[d:2 loss v:-54 m:-2 bidok p:59 ...] ;)\n"
      "skatd reads each record, replays it under the isko profile and stores it as a board of one\n"
      "imported board set and a table of three chairs (P0 forehand, P1 middlehand, P2 rearhand)\n"
      "with its game, act log and result; a record that cannot be read, does not replay, or whose\n"
      "R[...] disagrees with the replay is refused with its line and column, the others are\n"
      "imported. Without --event a new event is made (profile isko, Seeger-Fabian board scores\n"
      "compared as totals) and its director token printed once. Records the event has already\n"
      "(same ISS game ID) are counted as duplicates and not imported again: to finish an\n"
      "interrupted import, run it again with --event, the director token (--token-file or\n"
      "SKAT_DIRECTOR_TOKEN) and --board-set.\n"
      "Progress goes to stderr when the file has more than one batch.\n"
      "Exit codes: 0 every record imported (or imported before), 1 records refused (the others\n"
      "are imported) or a failure, 2 usage errors.\n"
      "Examples:\n"
      "  skat import-iss iss-2010-12.sgf --name \"ISS December 2010\"\n"
      "  skat import-iss more.sgf --event events/ev-... --token-file director-token "
      "--batch 1000");
  sub->add_option("file", o->file, "the record file")->required();
  sub->add_option("--event", o->event,
                  "events/{event}: import into this event (isko; needs its director token)");
  sub->add_option("--board-set", o->board_set,
                  "events/{event}/boardSets/{set}: append to this imported set (needs --event)");
  sub->add_option("--name", o->name,
                  "the new event's name and the set's label (default: \"ISS games: FILE\")");
  sub->add_option("--batch", o->batch, "records per call (one transaction each)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_flag("--quiet", o->quiet, "no progress on stderr");
  AddServerOptions(*sub, o->server);
  return [o]() {
    if (!o->board_set.empty() && o->event.empty()) return Fail("--board-set needs --event");
    std::ifstream in(o->file, std::ios::binary);
    if (!in) return Fail("cannot open '" + o->file + "'");
    std::ostringstream read;
    read << in.rdbuf();
    const std::string text = read.str();
    const std::vector<Batch> batches = Batches(text, o->batch);
    if (batches.empty()) return Fail("'" + o->file + "' holds no records");
    int total = 0;
    for (const Batch& b : batches) total += b.records;

    auto stub = v1::EventService::NewStub(Connect(o->server));
    v1::ImportGamesRequest request;
    request.set_parent(o->event);
    request.set_board_set(o->board_set);
    request.set_display_name(o->name);
    request.set_file_name(BaseName(o->file));
    request.set_file_sha256(service::Sha256Hex(text));
    v1::ImportGamesResponse last;
    std::string token;
    int imported = 0, duplicates = 0, refused = 0, sent = 0;
    std::vector<v1::ImportRefusal> shown;
    const auto start = std::chrono::steady_clock::now();
    for (const Batch& batch : batches) {
      request.set_records(batch.text);
      request.set_first_line(batch.first_line);
      v1::ImportGamesResponse response;
      grpc::Status s;
      for (int attempt = 1;; ++attempt) {
        auto context = NewContext(o->server);
        response.Clear();
        s = stub->ImportGames(context.get(), request, &response);
        if (s.ok()) break;
        if (!BatchRetryable(s) || attempt == kBatchAttempts) {
          std::cerr << "skat import-iss: stopped at line " << batch.first_line << " after "
                    << imported << " imported records\n";
          return ReportFailure("import-iss", s, *context, o->server);
        }
        std::this_thread::sleep_for(std::chrono::seconds(attempt));
      }
      if (!response.director_token().empty()) {
        // The event this import made: the next batches go to it as its director.
        token = response.director_token();
        o->server.token = token;
        request.set_parent(response.event().name());
      }
      if (!response.board_set().empty()) request.set_board_set(response.board_set());
      if (response.has_event()) *last.mutable_event() = response.event();
      if (!response.board_set().empty()) {
        last.set_board_set(response.board_set());
        last.set_session(response.session());
        last.set_board_count(response.board_count());
      }
      imported += response.imported();
      duplicates += response.duplicates();
      refused += response.refusals_size();
      for (const v1::ImportRefusal& r : response.refusals()) {
        if (static_cast<int>(shown.size()) < kShownRefusals) shown.push_back(r);
      }
      sent += batch.records;
      if (batches.size() > 1 && !o->quiet) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cerr << "import-iss: " << sent << "/" << total << " records read, " << imported
                  << " imported, " << duplicates << " duplicates, " << refused << " refused ("
                  << static_cast<long long>(seconds > 0 ? sent / seconds : 0) << " records/s)\n";
      }
    }
    if (last.has_event()) {
      std::cout << "event: " << last.event().name() << "  " << last.event().display_name() << "  ("
                << last.event().profile() << ")\n";
    }
    if (!token.empty()) {
      std::cout << "director token: " << token << "\n"
                << "(shown once; keep it: export SKAT_DIRECTOR_TOKEN=" << token << ")\n";
    }
    if (!last.board_set().empty()) {
      std::cout << "board set: " << last.board_set() << "  (" << last.board_count() << " boards)\n"
                << "session: " << last.session() << "\n";
    }
    std::cout << "records: " << total << "; imported: " << imported
              << "; duplicates: " << duplicates << "; refused: " << refused << "\n";
    for (const v1::ImportRefusal& r : shown) {
      std::cout << o->file << ":" << r.line() << ":" << r.column() << ": " << r.message() << "\n";
    }
    if (refused > static_cast<int>(shown.size())) {
      std::cout << "... and " << refused - static_cast<int>(shown.size()) << " more refused\n";
    }
    return refused == 0 ? 0 : 1;
  };
}

}  // namespace skat::cli
