// Tables for the load benchmarks (bench/table_load.cc, bench/seat_latency.cc,
// bench/web_results_load.cc): an event with a board set and its tables, opened through gRPC by the
// director; the bots that play online seats (engine/players/bot.h ChooseBotAct, seeded per act, so
// that two runs play the same games); and act probes, accepted acts repeated to measure skatd's act
// path without PostgreSQL. Part of the skat_load_common library.
#ifndef SKAT_BENCH_LOAD_TABLES_H_
#define SKAT_BENCH_LOAD_TABLES_H_

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service::load {

// An event and a board set for 3 chairs, made through gRPC on a channel of its own (NewChannel id
// -1); its director opens the tables.
class BenchEvent {
 public:
  // CreateEvent (`profile`: "" for the server's default), then CreateBoardSet of `boards` boards.
  // Empty, or the error ("CreateEvent: ...", "CreateBoardSet: ...").
  std::string Create(const std::string& address, const std::string& display_name,
                     const std::string& profile, int boards);
  // OpenTable by the director: the set's boards 1..`boards`, `mode`, `label` ("": none).
  grpc::Status OpenTable(v1::TableMode mode, const std::string& label, int boards,
                         v1::OpenTableResponse* out);

  const std::string& name() const { return name_; }
  const std::string& director() const { return director_; }
  v1::TableService::Stub& tables() { return *tables_; }

 private:
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::TableService::Stub> tables_;
  std::string name_, director_, board_set_;
};

// --- Bots -------------------------------------------------------------------------------------

// What the bots of a play share: their profile and seed, the start, the counts the bench waits
// on, and the first error (Fail, failed: thread-safe; `error` may be read alone after the play).
struct BotsShared {
  const Profile* profile = &Nasl1909();
  uint64_t seed = 1;
  std::atomic<bool> released{false};
  std::atomic<int> first_views{0};  // seats whose stream delivered its first view
  std::atomic<int> in_flight{0};    // acts sent, not yet answered
  std::atomic<long> acts{0};        // acts accepted
  std::mutex error_mutex;
  std::string error;
  void Fail(const std::string& e) {
    std::lock_guard lock(error_mutex);
    if (error.empty()) error = e;
  }
  bool failed() {
    std::lock_guard lock(error_mutex);
    return !error.empty();
  }
};

// A 64-bit hash of a seed and some numbers (splitmix64 steps).
uint64_t Mix(uint64_t seed, std::initializer_list<uint64_t> parts);

// True when the view asks the seat for an act: it is to move, or a proposal awaits its answer
// (a defender not to move may have legal acts too, such as an offer to concede).
bool AskedToAct(const v1::SeatView& view);

// The bot's act for a view with legal acts (engine/players/bot.h ChooseBotAct, seeded by Mix(seed,
// {table, chair, the view's board number, its act count})), its text cleared. Empty, or the
// error ("unreadable view ...").
std::string BotAct(const Profile& profile, uint64_t seed, int table, int chair,
                   const v1::SeatView& view, v1::Act* out);

// --- Act probes -------------------------------------------------------------------------------

// An accepted act: skatd answers a repeat of its sequence number from the table's memory
// (authorization from the seat cache, the table's mutex; no PostgreSQL, no views pushed).
struct ActProbe {
  std::string table, token;
  v1::ActRequest request;
};

// On a table just opened (`tokens`: its seats', chair 1 first), the first seat asked to act acts
// (sequence 1, its first legal act); that act is appended to `probes` (nothing if no seat is
// asked). Empty, or the error ("JoinSeat: ...", "Act: ...").
std::string AddActProbe(v1::TableService::Stub& stub, const std::string& table,
                        const std::vector<std::string>& tokens, std::vector<ActProbe>& probes);

// A call for ClosedLoop: chain i repeats probes[i % size] (a callback Act, deadline 30 s). The
// stub and the probes outlive the calls.
std::function<void(int chain, std::function<void(bool)> done)> RepeatActs(
    v1::TableService::Stub& stub, const std::vector<ActProbe>& probes);

}  // namespace skat::service::load

#endif  // SKAT_BENCH_LOAD_TABLES_H_
