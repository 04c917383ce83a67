// SeatStream: one open WatchSeat stream, served with gRPC's callback API (no thread per stream).
//
// The stream is registered with the held table (TableHost::Held::streams). Every
// accepted act builds each registered stream's next messages on the act's thread, under the
// table's mutex (Advance), and queues them here (WriteQueueStream, write_queue_stream.h: at most
// one write in flight, OnWriteDone starts the next). The messages are those the former blocking
// WatchSeat sent: first the current view (or the previous board's final view first when the board
// in play has no act yet), the final view of every board finished since the last message, no two
// views of a board with the same act count, table_finished on the last board's final view and then
// OK.
//
// Opening (authorization, Hold: possibly loading the table from the database) and reopening
// after the table was dropped (lease lost, state in doubt after a failed commit, a seat token
// replaced) run on the service's stream worker thread, never on a gRPC callback thread. A stream
// whose table was dropped is authorized again and attached to the reloaded table and goes on where
// it was; when its token was replaced it ends with PERMISSION_DENIED, and when the table cannot be
// held any more with the status of Hold (e.g. UNAVAILABLE, "table-owned-elsewhere" in the
// skat-reason trailer). StopStreams and client cancellation end it (CANCELLED).
//
// Lifetime: reference counted (WriteQueueStream); gRPC holds one reference until OnDone (which
// also unregisters the stream from its table and gives back its place under StreamLimits), the
// stream worker one per queued task.
#ifndef SKAT_SERVICES_TABLE_SEAT_STREAM_H_
#define SKAT_SERVICES_TABLE_SEAT_STREAM_H_

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "services/common/names.h"
#include "services/common/stream_limits.h"
#include "services/common/write_queue_stream.h"
#include "services/table/live_table.h"
#include "services/table/table_host.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::service {

class SeatStream final : public WriteQueueStream<v1::SeatUpdate> {
 public:
  SeatStream(grpc::CallbackServerContext* context, std::string table, std::string token,
             StreamPlace place);

  // Builds the messages due since the last one from the table and queues them.
  // REQUIRES: the table's mutex (of the held table this stream is registered with) is held.
  void Advance(const LiveTable& table);

 private:
  friend class TableHost;
  ~SeatStream() override = default;

  // Remembers the held table the stream is registered with; false when the call is done.
  bool SetHeld(std::shared_ptr<TableHost::Held> held);
  // Unregisters the stream from its held table.
  void Detach() override;

  grpc::CallbackServerContext* const context_;
  const std::string table_;  // the resource name requested
  const std::string token_;  // the bearer token of the request

  // Set by the stream worker at every attach (authorization), before the stream is registered
  // with the held table.
  bool authorized_ = false;
  TableName name_;
  int chair_ = 0;

  // Guarded by the mutex of the held table the stream is registered with (or by the stream
  // worker before it is registered).
  int next_index_ = -1;     // the board whose view is sent next; -1 before the first message
  int sent_acts_ = -1;      // act count of the last view sent of board next_index_
  uint64_t sent_bots_ = 0;  // the table's bots_version() when the last view was sent
  uint64_t seen_ = 0;       // table version of the last look

  // Guarded by mutex_ (taken after a table's mutex, never before): the table registered with.
  std::shared_ptr<TableHost::Held> held_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_TABLE_SEAT_STREAM_H_
