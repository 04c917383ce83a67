#include "services/scoring/standings_stream.h"

#include <utility>

#include "services/common/grpc_status.h"
#include "services/scoring/standings_streams.h"

namespace skat::service {

StandingsStream::StandingsStream(grpc::CallbackServerContext* context, StandingsStreams& owner,
                                 std::string event_id, std::string session, std::string token,
                                 StreamPlace place)
    : WriteQueueStream(std::move(place)),
      context_(context),
      owner_(owner),
      event_id_(std::move(event_id)),
      session_(std::move(session)),
      token_(std::move(token)) {}

bool StandingsStream::Wants(uint64_t version) {
  std::lock_guard lock(mutex_);
  if (EndedLocked()) return false;
  return !sent_any_ || sent_version_ != version;
}

void StandingsStream::Send(std::shared_ptr<const grpc::ByteBuffer> standings, uint64_t version) {
  std::unique_lock lock(mutex_);
  if (EndedLocked()) return;
  sent_any_ = true;
  sent_version_ = version;
  ReplaceLocked(*standings, lock);  // a copy shares the serialized bytes
}

void StandingsStream::Fail(const Status& status) {
  std::unique_lock lock(mutex_);
  if (EndedLocked()) return;
  EndLocked(ToGrpc(status, context_), EndMode::kFirstStands);  // the context lives until OnDone
  Pump(lock);
}

void StandingsStream::Detach() { owner_.Remove(this); }

}  // namespace skat::service
