// Seats played by the engine's bots (engine/players/bot.h) over gRPC, shared by `skat bot` and
// `skat match`: one thread per seat joins it, watches its views and, whenever the seat is to move
// (or a claim awaits its answer), sends the policy's choice (services/cli/seat/seat_client.h for
// the retries and sequence numbers). What happens is told to a BotObserver; printing is the
// caller's.
//
// A player's seats in several rounds (seats naming the same `player`) share one thread and are
// played one after the other in round order: the seat of round r+1 joins once the player's table
// of round r is finished (the 1909 congress: a player sits at one table at a time).
#ifndef SKAT_SERVICES_CLI_SEAT_BOT_DRIVER_H_
#define SKAT_SERVICES_CLI_SEAT_BOT_DRIVER_H_

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "services/cli/seat/bot_stats.h"
#include "skat/v1/table_service.pb.h"

namespace skat::cli {

// kBot: the heuristic (engine/players/bot.h); kSampling: the sampling player
// (engine/players/sampling_bot.h), which remembers the card play from the views it is asked on.
enum class BotPolicy { kBot, kSampling, kRandom, kHighest };
// "sampling", "random", "highest"; anything else ("heuristic", "bot") is kBot.
BotPolicy PolicyNamed(const std::string& name);

// One seat: its table ("events/{event}/tables/{table}") and its seat token; optionally the
// player who holds it and the round (seats of one player are played in ascending round order,
// one at a time; empty player: the seat is played on its own, at once).
struct BotSeat {
  std::string table;
  std::string token;
  std::string player = {};
  int round = 0;
};

struct BotOptions {
  std::string server;  // for messages
  BotPolicy policy = BotPolicy::kBot;
  // Choices are a pure function of the seed, the table's label (its name when it has none: a
  // session's tables are labelled "round r, table t"), the chair, the board and the view, so two
  // events started alike are played alike.
  uint64_t seed = 0;
  // kBot only: this share (0..100) of its card plays is a random legal act instead of the
  // heuristic's choice, drawn from the same seed: a fallible player, so that tables holding
  // the same cards do not all play alike.
  int slip_percent = 0;
  // kSampling only: worlds drawn per card decision (engine/players/sampling_bot.h; the budget).
  int worlds = 16;
  std::chrono::seconds retry_for{60};
  // If set, every acknowledged act's latency and every finished seat are counted here.
  BotStats* stats = nullptr;
  // Play each seat on gRPC's callback API (no thread wake-up per message; less CPU in a process
  // driving many seats), falling back to the retrying blocking path after any failure.
  bool callbacks = false;
};

// Told what the seats see. The driver calls one method at a time (never two at once), from the
// seats' threads and the caller's.
class BotObserver {
 public:
  virtual ~BotObserver() = default;
  // Every table is known and every seat is about to start.
  virtual void Started(int /*seats*/, int /*tables*/) {}
  // A board's result at a table: once per table and board.
  virtual void BoardFinished(const std::string& /*table*/, int /*board_number*/,
                             const v1::GameResult& /*result*/) {}
  // A board no seat saw end (a stream that reconnected just after it) and ListResults did not
  // return either.
  virtual void BoardMissed(const std::string& /*table*/, int /*board_number*/) {}
  // Every seat played at the table saw it finish: its board count and the pad total by chair
  // (chair 1 first).
  virtual void TableFinished(const std::string& /*table*/, int /*boards*/,
                             const std::vector<long long>& /*pad_by_chair*/) {}
  // A line about a retry or a stale view, naming the seat ("tb-x chair 2: unavailable: ...").
  virtual void Note(const std::string& /*line*/) {}
};

// Plays every seat until its table is finished. Returns the errors, each naming its seat or
// table (empty: every table finished); after the first error the other seats stop too.
// REQUIRES: no token twice.
std::vector<std::string> PlaySeats(const std::shared_ptr<grpc::Channel>& channel,
                                   const std::vector<BotSeat>& seats, const BotOptions& options,
                                   BotObserver& observer);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_SEAT_BOT_DRIVER_H_
