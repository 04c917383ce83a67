// seat_latency's HTTP door (see bench/seat_latency.cc): a Seat that does what the play page does.
// On the Loop's thread it opens two connections to the web side: POST
// /api/skat.v1.TableService/WatchSeat with Accept: text/event-stream on one, read as server-sent
// events, and POST /api/skat.v1.TableService/Act with the act as JSON on the other, keep-alive
// (a browser's fetch() cannot share the connection an event stream holds; an act connection
// skatd closed is opened again, counted in reopened()). A SeatUpdate's place is found by a scan
// of its JSON; the message is parsed whole only when the view has legal acts (the seat's turn)
// or ends the table. The thinking is timed on the Loop. Start, Close and everything else run on
// the Loop's thread.
#ifndef SKAT_BENCH_SEAT_LATENCY_HTTP_SEAT_H_
#define SKAT_BENCH_SEAT_LATENCY_HTTP_SEAT_H_

#include <string>
#include <string_view>

#include "bench/seat_latency/loop.h"
#include "bench/seat_latency/seat.h"

namespace skat::service::seat_latency {

constexpr char kActPath[] = "/api/skat.v1.TableService/Act";

class HttpSeat final : public Seat {
 public:
  HttpSeat(PhaseShared& shared, TableTrack& track, int table_no, int chair, std::string table,
           std::string token, Loop& loop, int port);

  // Opens both connections and the stream.
  void Start();
  // Closes both connections; the stream ends.
  void Close();
  long reopened() const { return reopened_; }

 protected:
  void Schedule(Clock::duration delay) override;
  void Send(const v1::ActRequest& request) override;

 private:
  // Server-sent events: blocks "event: message\ndata: <json>\n\n", "event: end", ": keep-alive".
  void OnStream(std::string_view data, Clock::time_point at);
  void OnMessage(std::string_view json, Clock::time_point at);
  void OnReply(Clock::time_point at);

  Loop& loop_;
  const int port_;
  Conn stream_;
  Conn acts_;
  std::string events_, refusal_, end_error_;
  std::string reply_;
  bool waiting_ = false;
  long reopened_ = 0;
};

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_HTTP_SEAT_H_
