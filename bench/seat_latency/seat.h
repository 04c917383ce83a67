// seat_latency's seat, whatever the door (see bench/seat_latency.cc): a bot at one chair of an
// online table. It takes its stream's messages (Update, or Seen for a message that does not ask
// it to act), thinks a random time, uniform in 0..think_ms ms, from the arrival of a view that
// asks it to act, then sends the bot's act (load::BotAct, seeded by table, chair, board and act);
// at most one act is in flight, and a view that arrives meanwhile is acted on after the answer.
// Every view and answer goes to the table's TableTrack. A door (GrpcSeat, HttpSeat) supplies the
// timer (Schedule) and the call (Send), and calls Update/Seen, Answered and StreamEnded.
#ifndef SKAT_BENCH_SEAT_LATENCY_SEAT_H_
#define SKAT_BENCH_SEAT_LATENCY_SEAT_H_

#include <cstdint>
#include <mutex>
#include <optional>
#include <random>
#include <string>

#include "bench/seat_latency/track.h"
#include "skat/v1/table_service.pb.h"

namespace skat::service::seat_latency {

class Seat {
 public:
  // `chair`: 0-based, the index of its seat token.
  Seat(PhaseShared& shared, TableTrack& track, int table_no, int chair, std::string table,
       std::string token);
  virtual ~Seat() = default;

  // A message of the seat's stream, whole.
  void Update(const v1::SeatUpdate& update, Clock::time_point at);
  // A message of the seat's stream that does not ask it to act (its place only).
  void Seen(int board_index, int act_count, bool table_finished, Clock::time_point at);
  // The play starts: a seat already asked to act starts thinking.
  void Release();
  // The thinking time has passed.
  void ThinkDone();
  // The answer to the act in flight: refused (`error`), or the act's place in the game.
  void Answered(const std::string& error, int board_index, int act_index, Clock::time_point at);
  // The stream ended (OK after the table's end, or an error).
  void StreamEnded(const std::string& error);

  Clock::time_point finished_at();

 protected:
  // Calls ThinkDone after `delay`.
  virtual void Schedule(Clock::duration delay) = 0;
  // Sends the act; Answered follows.
  virtual void Send(const v1::ActRequest& request) = 0;

  const std::string& table() const { return table_; }
  const std::string& token() const { return token_; }
  PhaseShared& shared() { return shared_; }

 private:
  Clock::duration ThinkTime();
  // Acts on the latest view if no act is in flight and the view is new.
  void TryAct(std::unique_lock<std::mutex>& lock);

  PhaseShared& shared_;
  TableTrack& track_;
  const int table_no_;
  const int chair_;  // 0-based
  const std::string table_;
  const std::string token_;
  std::mutex mutex_;
  std::mt19937_64 rng_;
  std::optional<v1::SeatView> latest_;
  std::optional<Position> acted_at_;
  bool thinking_ = false;
  bool in_flight_ = false;
  bool seen_first_ = false;
  bool finished_ = false;
  bool ended_ = false;
  Clock::time_point finished_at_{};
  int64_t sequence_ = 0;
};

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_SEAT_H_
