// EventService and DealService over real gRPC on loopback against a real PostgreSQL, beside the
// two ceilings they cannot beat on the same machine (docs/development.md "Ceilings measured"):
// a gRPC
// round trip and a PostgreSQL commit. Every benchmark reports items_per_second (one item: one RPC
// or one commit) with 1 and 4 client threads; the last lines print the ratios.
//
//   cmake -S . -B build -G Ninja && cmake --build build --target deal_service_bench
//   build/deal_service_bench --benchmark_min_time=2
//
// The database: with SKAT_TEST_DATABASE_URL set, a throwaway database on that server (created
// and dropped here); otherwise a private embedded cluster in /tmp/skat-bench-XXXXXX (stopped and
// removed at the end). Either way synchronous_commit and fsync stay on. The gRPC server runs in
// this process on 127.0.0.1 with an ephemeral port; each client thread has its own channel (its
// own TCP connection). Server, clients and PostgreSQL share the machine's cores.
//
// Google Benchmark 1.7.1 takes --benchmark_min_time as plain seconds ("2", not "2s").
#include <benchmark/benchmark.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/impl/client_unary_call.h>
#include <grpcpp/impl/rpc_method.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "services/common/auth.h"
#include "services/deal/deal_service.h"
#include "services/event/event_service.h"
#include "services/store/database_admin.h"
#include "services/store/embedded_postgres.h"
#include "services/store/store.h"

namespace skat::service {
namespace {

constexpr int kMaxClients = 4;  // the most client threads a benchmark uses

// Everything the benchmarks share, set up once in main.
struct Bench {
  // The database: an embedded cluster or a throwaway database on SKAT_TEST_DATABASE_URL.
  std::optional<store::EmbeddedPostgres> embedded;
  std::string temp_dir;    // the embedded cluster's data directory
  std::string server_url;  // SKAT_TEST_DATABASE_URL
  std::string throwaway;   // the database made there
  std::string url;         // what the store connects to

  std::unique_ptr<store::Store> store;
  std::unique_ptr<EventServiceImpl> events;
  std::unique_ptr<DealServiceImpl> deals;
  std::unique_ptr<grpc::Server> server;
  // One channel per client thread, each its own connection.
  std::vector<std::shared_ptr<grpc::Channel>> channels;
  std::vector<std::unique_ptr<v1::EventService::Stub>> event_stubs;
  std::vector<std::unique_ptr<v1::DealService::Stub>> deal_stubs;

  // Made before the benchmarks: an event with its director token and a set of 60 boards in it.
  std::string event_name;
  std::string director_token;
  std::string board_set_name;
};

Bench& Shared() {
  static Bench bench;
  return bench;
}

std::unique_ptr<grpc::ClientContext> Context(const std::string& token) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
  return context;
}

// A failed call stops the benchmark with the reason.
bool Check(benchmark::State& state, const grpc::Status& status, const char* what) {
  if (status.ok()) return true;
  state.SkipWithError((std::string(what) + ": " + status.error_message()).c_str());
  return false;
}

// The pure gRPC ceiling: the default health service's Check (no database), a tiny unary call.
void BM_GrpcEmptyRoundTrip(benchmark::State& state) {
  grpc::Channel& channel = *Shared().channels[state.thread_index()];
  const grpc::internal::RpcMethod method("/grpc.health.v1.Health/Check",
                                         grpc::internal::RpcMethod::NORMAL_RPC);
  grpc::Slice empty("");
  const grpc::ByteBuffer request(&empty, 1);  // HealthCheckRequest{service: ""}
  for (auto _ : state) {
    grpc::ClientContext context;
    grpc::ByteBuffer response;
    const grpc::Status status =
        grpc::internal::BlockingUnaryCall(&channel, method, &context, request, &response);
    if (!Check(state, status, "Health.Check")) break;
  }
  state.SetItemsProcessed(state.iterations());
}

// A round trip plus one indexed read: GetEvent of an existing event.
void BM_GrpcRoundTrip(benchmark::State& state) {
  v1::EventService::Stub& stub = *Shared().event_stubs[state.thread_index()];
  v1::GetEventRequest request;
  request.set_name(Shared().event_name);
  for (auto _ : state) {
    grpc::ClientContext context;
    v1::Event event;
    if (!Check(state, stub.GetEvent(&context, request, &event), "GetEvent")) break;
  }
  state.SetItemsProcessed(state.iterations());
}

// The commit ceiling through the store: one single-row INSERT committed per item, no gRPC.
void BM_PostgresCommit(benchmark::State& state) {
  store::Store& store = *Shared().store;
  store::EventRecord event;
  event.name = "bench";
  event.profile = "nasl-1909";
  event.director_token_sha256 = Sha256Hex(NewToken());
  for (auto _ : state) {
    event.id = NewId("ev-");
    const Result<store::EventRecord> stored = store.CreateEvent(event);
    if (!stored.ok()) {
      state.SkipWithError(("CreateEvent: " + stored.status().ToString()).c_str());
      break;
    }
  }
  state.SetItemsProcessed(state.iterations());
}

// A round trip plus one commit.
void BM_CreateEventRpc(benchmark::State& state) {
  v1::EventService::Stub& stub = *Shared().event_stubs[state.thread_index()];
  v1::CreateEventRequest request;
  request.set_display_name("Bench club");
  for (auto _ : state) {
    grpc::ClientContext context;
    v1::CreateEventResponse response;
    if (!Check(state, stub.CreateEvent(&context, request, &response), "CreateEvent")) break;
  }
  state.SetItemsProcessed(state.iterations());
}

// Generation of range(0) boards plus one transaction that stores them (and the director check).
void BM_CreateBoardSetRpc(benchmark::State& state) {
  v1::DealService::Stub& stub = *Shared().deal_stubs[state.thread_index()];
  v1::CreateBoardSetRequest request;
  request.set_parent(Shared().event_name);
  request.set_board_count(static_cast<int32_t>(state.range(0)));
  for (auto _ : state) {
    auto context = Context(Shared().director_token);
    v1::BoardSet set;
    if (!Check(state, stub.CreateBoardSet(context.get(), request, &set), "CreateBoardSet")) break;
  }
  state.SetItemsProcessed(state.iterations());
}

// One board of an unrevealed 60-board set, asked for by the director.
void BM_GetBoardRpc(benchmark::State& state) {
  v1::DealService::Stub& stub = *Shared().deal_stubs[state.thread_index()];
  v1::GetBoardRequest request;
  request.set_board_set(Shared().board_set_name);
  int number = 0;
  for (auto _ : state) {
    request.set_number(number % 60 + 1);
    ++number;
    auto context = Context(Shared().director_token);
    v1::Board board;
    if (!Check(state, stub.GetBoard(context.get(), request, &board), "GetBoard")) break;
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_GrpcEmptyRoundTrip)->UseRealTime()->Threads(1)->Threads(kMaxClients);
BENCHMARK(BM_GrpcRoundTrip)->UseRealTime()->Threads(1)->Threads(kMaxClients);
BENCHMARK(BM_PostgresCommit)->UseRealTime()->Threads(1)->Threads(kMaxClients);
BENCHMARK(BM_CreateEventRpc)->UseRealTime()->Threads(1)->Threads(kMaxClients);
BENCHMARK(BM_CreateBoardSetRpc)->Arg(12)->Arg(60)->UseRealTime()->Threads(1)->Threads(kMaxClients);
BENCHMARK(BM_GetBoardRpc)->UseRealTime()->Threads(1)->Threads(kMaxClients);

// Starts the database, the store and the server; makes the event and the set the benchmarks
// read. An error message, or empty.
std::string SetUp(Bench& b) {
  const char* server = std::getenv("SKAT_TEST_DATABASE_URL");
  if (server != nullptr && *server != '\0') {
    b.server_url = server;
    std::random_device random;
    b.throwaway =
        "skat_bench_" + std::to_string(getpid()) + "_" + std::to_string(random() % 1000000000);
    if (Status s = store::CreateDatabase(b.server_url, b.throwaway); !s.ok()) {
      b.throwaway.clear();
      return "cannot create the throwaway database: " + s.ToString();
    }
    b.url = store::UrlWithDatabase(b.server_url, b.throwaway);
    std::cerr << "deal_service_bench: database " << b.throwaway << " on SKAT_TEST_DATABASE_URL\n";
  } else {
    char dir[] = "/tmp/skat-bench-XXXXXX";
    if (mkdtemp(dir) == nullptr) return "mkdtemp failed";
    b.temp_dir = dir;
    store::EmbeddedPostgres::Options options;
    options.fast_for_tests = true;  // initdb --no-sync only; the server keeps fsync on
    std::cerr << "deal_service_bench: starting an embedded PostgreSQL in " << b.temp_dir << "\n";
    Result<store::EmbeddedPostgres> pg = store::EmbeddedPostgres::Start(b.temp_dir, options);
    if (!pg.ok()) return "embedded PostgreSQL: " + pg.status().ToString();
    b.embedded.emplace(std::move(pg).value());
    b.url = b.embedded->url();
  }
  Result<std::unique_ptr<store::Store>> store = store::Store::Connect(b.url, kMaxClients);
  if (!store.ok()) return "connect: " + store.status().ToString();
  b.store = std::move(store).value();
  if (Status s = b.store->Migrate(); !s.ok()) return "migrate: " + s.ToString();

  // BM_CreateEventRpc measures the call, not CreateEvent's per-client limit: no limit here.
  b.events = std::make_unique<EventServiceImpl>(
      *b.store, EventServiceOptions{.create_event = {.burst = 1 << 30, .per_minute = 1 << 30}});
  b.deals = std::make_unique<DealServiceImpl>(*b.store);
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
  builder.RegisterService(b.events.get());
  builder.RegisterService(b.deals.get());
  b.server = builder.BuildAndStart();
  if (b.server == nullptr || port == 0) return "the gRPC server did not start";
  for (int i = 0; i < kMaxClients; ++i) {
    grpc::ChannelArguments args;
    args.SetInt("skat.bench.client", i);  // distinct arguments: a connection of its own
    b.channels.push_back(grpc::CreateCustomChannel("127.0.0.1:" + std::to_string(port),
                                                   grpc::InsecureChannelCredentials(), args));
    b.event_stubs.push_back(v1::EventService::NewStub(b.channels.back()));
    b.deal_stubs.push_back(v1::DealService::NewStub(b.channels.back()));
  }

  v1::CreateEventRequest create;
  create.set_display_name("Bench club");
  v1::CreateEventResponse created;
  auto context = Context("");
  if (grpc::Status s = b.event_stubs[0]->CreateEvent(context.get(), create, &created); !s.ok()) {
    return "CreateEvent: " + s.error_message();
  }
  b.event_name = created.event().name();
  b.director_token = created.director_token();
  v1::CreateBoardSetRequest make_set;
  make_set.set_parent(b.event_name);
  make_set.set_board_count(60);
  v1::BoardSet set;
  context = Context(b.director_token);
  if (grpc::Status s = b.deal_stubs[0]->CreateBoardSet(context.get(), make_set, &set); !s.ok()) {
    return "CreateBoardSet: " + s.error_message();
  }
  b.board_set_name = set.name();
  return "";
}

// Stops what SetUp started; drops or removes the database. False when something was left.
bool TearDown(Bench& b) {
  bool ok = true;
  if (b.server) b.server->Shutdown();
  b.event_stubs.clear();
  b.deal_stubs.clear();
  b.channels.clear();
  b.server.reset();
  b.deals.reset();
  b.events.reset();
  b.store.reset();  // closes the pool's connections
  if (!b.throwaway.empty()) {
    if (Status s = store::DropDatabase(b.server_url, b.throwaway); !s.ok()) {
      std::cerr << "deal_service_bench: drop " << b.throwaway << ": " << s.ToString() << "\n";
      ok = false;
    }
  }
  if (b.embedded) {
    if (Status s = b.embedded->Stop(); !s.ok()) {
      std::cerr << "deal_service_bench: stop PostgreSQL: " << s.ToString() << "\n";
      ok = false;
    } else {
      std::error_code ec;
      std::filesystem::remove_all(b.embedded->socket_dir(), ec);
      std::filesystem::remove_all(b.temp_dir, ec);
      if (ec) {
        std::cerr << "deal_service_bench: remove " << b.temp_dir << ": " << ec.message() << "\n";
        ok = false;
      }
    }
  } else if (!b.temp_dir.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(b.temp_dir, ec);
  }
  return ok;
}

// The console output, with items_per_second kept by run name for the ratios.
// (A reporter passed to RunSpecifiedBenchmarks does not follow --benchmark_color: colour only on
// a terminal.)
class Reporter : public benchmark::ConsoleReporter {
 public:
  Reporter() : ConsoleReporter(isatty(STDOUT_FILENO) != 0 ? OO_Color : OO_None) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
      const auto it = run.counters.find("items_per_second");
      if (it != run.counters.end()) rates_[run.benchmark_name()] = it->second.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // Items per second of `name` at `threads` client threads; 0 when it did not run.
  double Rate(const std::string& name, int threads) const {
    const auto it = rates_.find(name + "/real_time/threads:" + std::to_string(threads));
    return it == rates_.end() ? 0 : it->second;
  }

 private:
  std::map<std::string, double> rates_;
};

void PrintRatio(const Reporter& r, const char* label, const std::string& a, const std::string& b) {
  for (int threads : {1, kMaxClients}) {
    const double x = r.Rate(a, threads);
    const double y = r.Rate(b, threads);
    if (x <= 0 || y <= 0) continue;
    std::printf("ratio %-40s threads:%d  %8.0f / %8.0f = %.2f\n", label, threads, x, y, x / y);
  }
}

}  // namespace
}  // namespace skat::service

int main(int argc, char** argv) {
  using namespace skat::service;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Bench& bench = Shared();
  if (const std::string error = SetUp(bench); !error.empty()) {
    std::cerr << "deal_service_bench: " << error << "\n";
    TearDown(bench);
    return 1;
  }
  Reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  std::fflush(stdout);
  PrintRatio(reporter, "CreateEventRpc / PostgresCommit", "BM_CreateEventRpc", "BM_PostgresCommit");
  PrintRatio(reporter, "CreateEventRpc / GrpcRoundTrip", "BM_CreateEventRpc", "BM_GrpcRoundTrip");
  PrintRatio(reporter, "GrpcRoundTrip / GrpcEmptyRoundTrip", "BM_GrpcRoundTrip",
             "BM_GrpcEmptyRoundTrip");
  PrintRatio(reporter, "CreateBoardSetRpc/12 / CreateEventRpc", "BM_CreateBoardSetRpc/12",
             "BM_CreateEventRpc");
  PrintRatio(reporter, "CreateBoardSetRpc/60 / CreateEventRpc", "BM_CreateBoardSetRpc/60",
             "BM_CreateEventRpc");
  PrintRatio(reporter, "GetBoardRpc / GrpcRoundTrip", "BM_GetBoardRpc", "BM_GrpcRoundTrip");
  std::fflush(stdout);
  return TearDown(bench) ? 0 : 1;
}
