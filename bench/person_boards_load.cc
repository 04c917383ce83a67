// A person's boards from PostgreSQL (docs/performance.md "A person's boards"): how long
// ScoringService.ListPersonBoards takes to answer a page for a person with 10,000 boards, over
// real gRPC on loopback (the service in this process), beside its two store queries alone. A plain
// program:
//
//   1. sets up, through the store API, a registry of 12 persons and E events (default 210) of
//      one session each: 4 three-chair tables playing the same B boards (default 48), every
//      player linked to a person (person 1 plays every event: E x B boards, 10,080 by default),
//      one result per (table, board) played by the heuristic bot, entered by the director;
//   2. measures ListPersonBoards for person 1 (pages of 50): the first call, which builds the
//      rows of every event; then R times each (default 50): the first page, a page 5,000 rows
//      deep, the first page of declared grands; the stamps query and the page query alone; and
//      the first page after an adjustment in one event (one event rebuilt);
//   3. prints the percentiles, the ratio of a page to its two queries and the command.
//
//   cmake --build build --target person_boards_load   (a RelWithDebInfo or Release build)
//   SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start /tmp/bench-pg) build/person_boards_load
//
// The database is a throwaway one on SKAT_TEST_DATABASE_URL (or --database-url as given, or an
// embedded cluster), dropped at the end. Bench, service and PostgreSQL share the machine's cores.
#include <grpcpp/grpcpp.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_common.h"
#include "engine/analysis/par.h"
#include "engine/deal/generator.h"
#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/profile.h"
#include "services/common/auth.h"
#include "services/scoring/scoring_service.h"
#include "services/store/store.h"

namespace skat::service {
namespace {

using load::Clock;
using load::Micros;
using load::Seconds;

constexpr char kUsage[] =
    "Usage: person_boards_load [--events E] [--boards B] [--repeat R] [--database-url URL]\n"
    "Stores E events (default 210) of 4 three-chair tables x B boards (default 48) whose 12\n"
    "players are the same 12 persons of a registry, then times ScoringService.ListPersonBoards\n"
    "for the person who played E x B boards (R times each, default 50). The server: the URL, else\n"
    "a throwaway database on SKAT_TEST_DATABASE_URL, else an embedded cluster.\n";

struct Options {
  int events = 210, boards = 48, repeat = 50;
  std::string database_url;
};

[[noreturn]] void Die(const std::string& message) { throw std::runtime_error(message); }

template <typename T>
T Check(Result<T> r, const std::string& what) {
  if (!r.ok()) Die(what + ": " + r.status().ToString());
  return std::move(r).value();
}

Options Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    if (i + 1 >= argc) Die("missing value after " + arg + "\n" + kUsage);
    const std::string value = argv[++i];
    int* number = arg == "--events"   ? &o.events
                  : arg == "--boards" ? &o.boards
                  : arg == "--repeat" ? &o.repeat
                                      : nullptr;
    if (arg == "--database-url") {
      o.database_url = value;
    } else if (number == nullptr) {
      Die("unknown option " + arg + "\n" + kUsage);
    } else {
      *number = std::atoi(value.c_str());
      if (*number < 1 || *number > 100000) Die("bad value for " + arg + ": " + value);
    }
  }
  return o;
}

struct Setup {
  std::string registry, subject;                 // the registry; person 1's id
  std::vector<std::string> events;               // ids, oldest first
  std::vector<store::TableRecord> first_tables;  // the first event's tables
};

// One event of `persons` (12 linked players on 4 tables), its results played by the bot.
void StoreEvent(store::Store& store, const Options& o, const std::vector<std::string>& persons,
                const std::string& registry, int n, Setup& setup) {
  const std::string event_id = NewId("ev-");
  store::EventRecord event;
  event.id = event_id;
  event.name = "Evening " + std::to_string(n + 1);
  event.profile = "nasl-1909";
  event.director_token_sha256 = Sha256Hex(NewToken());
  event.registry_id = registry;
  Check(store.CreateEvent(event), "CreateEvent");
  deal::Seed seed;
  seed.fill(static_cast<uint8_t>(n));
  store::BoardSetRecord set;
  set.event_id = event_id;
  set.id = NewId("bs-");
  set.set = deal::MakeBoardSet("person_boards_load", seed, "", "", o.boards, 3);
  set.secret_seed = deal::SeedToHex(seed);
  set.board_count = o.boards;
  Check(store.CreateBoardSet(set), "CreateBoardSet");
  store::SessionRecord session;
  session.event_id = event_id;
  session.id = NewId("se-");
  session.set_id = set.id;
  session.movement = "individual";
  for (int t = 0; t < 4; ++t) {
    store::TableRecord table;
    table.event_id = event_id;
    table.id = NewId("tb-");
    table.set_id = set.id;
    table.label = "table " + std::to_string(t + 1);
    for (int b = 1; b <= o.boards; ++b) table.boards.push_back(b);
    table.physical = true;
    table.round = 1;
    table.table_number = t + 1;
    for (int chair = 0; chair < 3; ++chair) {
      // Person 1 moves round the chairs from event to event.
      const int p = (3 * t + chair + n) % 12;
      store::PlayerRecord player;
      player.event_id = event_id;
      player.id = NewId("pl-");
      player.name = "P" + std::to_string(p + 1);
      player.person_id = persons[p];
      player.registry_id = registry;
      table.player_ids.push_back(Check(store.CreatePlayer(player), "CreatePlayer").id);
      table.player_names.push_back(player.name);
      table.seat_token_sha256.push_back(Sha256Hex(NewToken()));
    }
    session.tables.push_back(std::move(table));
  }
  const std::vector<store::TableRecord> tables =
      Check(store.CreateSession(session), "CreateSession").tables;
  const Profile& profile = *FindProfile("nasl-1909");
  for (const store::TableRecord& table : tables) {
    for (int b = 1; b <= o.boards; ++b) {
      Game game(profile, set.set.boards[b - 1].board);
      const uint64_t bot_seed = (static_cast<uint64_t>(n) << 20) + b * 7 + table.table_number;
      const Status played = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
        return ChooseBotAct(profile, view, legal, bot_seed);
      });
      if (!played.ok()) Die("PlayOut: " + played.ToString());
      store::ResultRecord r;
      r.event_id = event_id;
      r.table_id = table.id;
      r.board_index = b - 1;
      r.board_number = b;
      r.game = game.result();
      r.pad.assign(game.result().pad.begin(), game.result().pad.end());
      r.summary = Describe(game.result());
      r.entered_by = "director";
      r.confirmed_by = "director";
      Check(store.SubmitResult(r, 0), "SubmitResult");
    }
  }
  setup.events.push_back(event_id);
  if (n == 0) setup.first_tables = tables;
}

Setup MakeEvents(store::Store& store, const Options& o) {
  Setup setup;
  setup.registry = NewId("rg-");
  Check(store.CreateRegistry(
            {.id = setup.registry, .name = "Bench club", .token_sha256 = Sha256Hex(NewToken())}),
        "CreateRegistry");
  std::vector<store::PersonRecord> records;
  for (int p = 0; p < 12; ++p) {
    store::PersonRecord r;
    r.registry_id = setup.registry;
    r.id = NewId("pe-");
    r.name = "Person " + std::to_string(p + 1);
    records.push_back(r);
  }
  std::vector<std::string> persons;
  for (const auto& p : Check(store.AddPersons(records, "add"), "AddPersons")) {
    persons.push_back(p.id);
  }
  setup.subject = persons[0];
  const auto start = Clock::now();
  for (int n = 0; n < o.events; ++n) {
    StoreEvent(store, o, persons, setup.registry, n, setup);
    if ((n + 1) % 20 == 0 || n + 1 == o.events) {
      std::fprintf(stderr, "person_boards_load: %d / %d events stored, %.1f s\n", n + 1, o.events,
                   Seconds(Clock::now() - start));
    }
  }
  return setup;
}

// Times `f` `repeat` times: percentiles in ms.
load::Percentiles Time(int repeat, const std::function<void()>& f) {
  std::vector<uint32_t> us;
  for (int i = 0; i < repeat; ++i) {
    const auto start = Clock::now();
    f();
    us.push_back(static_cast<uint32_t>(Micros(Clock::now() - start)));
  }
  return load::Summarize(us);
}

int Run(const Options& o, const std::string& url, const char* argv0) {
  std::unique_ptr<store::Store> store = Check(store::Store::Connect(url, 8), "connect");
  if (Status s = store->Migrate(); !s.ok()) Die("migrate: " + s.ToString());
  const Setup setup = MakeEvents(*store, o);
  ScoringServiceOptions options;
  options.analysis_threads = 1;
  ScoringServiceImpl scoring(*store, url, options);
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
  builder.RegisterService(&scoring);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  auto stub = v1::ScoringService::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials()));
  const std::string person = "registries/" + setup.registry + "/persons/" + setup.subject;
  const auto page = [&](v1::ListPersonBoardsRequest r) {
    r.set_parent(person);
    if (r.page_size() == 0) r.set_page_size(50);
    v1::ListPersonBoardsResponse out;
    grpc::ClientContext context;
    const grpc::Status s = stub->ListPersonBoards(&context, r, &out);
    if (!s.ok()) Die("ListPersonBoards: " + s.error_message());
    return out;
  };

  const auto cold_start = Clock::now();
  page({});
  const double cold_s = Seconds(Clock::now() - cold_start);
  const load::Percentiles first = Time(o.repeat, [&] { page({}); });
  // 5,000 rows deep: ten pages of 500.
  v1::ListPersonBoardsRequest deep;
  deep.set_page_size(500);
  long rows = 0;
  for (int i = 0; i < 10; ++i) {
    const v1::ListPersonBoardsResponse r = page(deep);
    rows += r.boards_size();
    deep.set_page_token(r.next_page_token());
  }
  deep.set_page_size(50);
  const load::Percentiles deep_page = Time(o.repeat, [&] { page(deep); });
  v1::ListPersonBoardsRequest grands;
  grands.set_role(v1::PersonBoard::ROLE_DECLARER);
  grands.set_game_type("grand");
  const load::Percentiles grand_page = Time(o.repeat, [&] { page(grands); });
  const load::Percentiles stamps = Time(o.repeat, [&] {
    Check(store->ListPersonBoardStamps(setup.registry, setup.subject), "ListPersonBoardStamps");
    Check(store->EventStamps(setup.events), "EventStamps");
  });
  const load::Percentiles query = Time(o.repeat, [&] {
    Check(store->ListPersonBoards(setup.registry, setup.subject, {}, nullptr, 51, kParVersion),
          "ListPersonBoards");
  });
  // One change in one event: the next page rebuilds that event's rows.
  const load::Percentiles changed = Time(std::min(o.repeat, 10), [&] {
    store::AdjustmentRecord a;
    a.event_id = setup.events[0];
    a.kind = "assigned";
    a.session = 1;
    a.board_number = 1;
    a.table_id = setup.first_tables[0].id;
    a.direction = 0;
    a.assigned_score = 50;
    a.reason = "bench";
    a.created_by = "director";
    Check(store->AddAdjustment(a), "AddAdjustment");
    page({});
  });
  server->Shutdown();
  scoring.StopStreams();

  std::printf(
      "\nperson_boards_load: %d events x 4 tables x %d boards; person 1 played %d boards "
      "(%ld read in the walk to row 5,000)\n",
      o.events, o.boards, o.events * o.boards, rows);
  std::printf("  first call, building every event's rows  %10.1f s\n", cold_s);
  std::printf("  %-42s %8s %8s %8s\n", "ListPersonBoards, 50 rows (ms)", "p50", "p90", "p99");
  const auto row = [](const char* label, const load::Percentiles& p) {
    std::printf("  %-42s %8.2f %8.2f %8.2f\n", label, p.p50, p.p90, p.p99);
  };
  row("the first page", first);
  row("a page 5,000 rows deep", deep_page);
  row("the first page of declared grands", grand_page);
  row("after one event changed (rebuilt)", changed);
  row("  the stamps' two queries alone", stamps);
  row("  the page's query alone", query);
  std::printf("  ratio first page / its two store steps     %8.2f (p50)\n",
              first.p50 / (stamps.p50 + query.p50));
  std::printf(
      "reproduce:\n  SKAT_TEST_DATABASE_URL=$(deploy/test-postgres start /tmp/bench-pg) "
      "%s --events %d --boards %d --repeat %d\n",
      argv0, o.events, o.boards, o.repeat);
  return 0;
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) {
  using namespace skat::service;
  try {
    const Options o = Parse(argc, argv);
    load::Database db;
    if (std::string error = load::OpenDatabase(o.database_url, "person-boards", db);
        !error.empty()) {
      std::fprintf(stderr, "person_boards_load: %s\n", error.c_str());
      return 1;
    }
    int rc = 1;
    try {
      rc = Run(o, db.url, argv[0]);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "person_boards_load: %s\n", e.what());
    }
    load::CloseDatabase(db);
    return rc;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "person_boards_load: %s\n", e.what());
    return 2;
  }
}
