// StandingsStream: one open WatchStandings stream, served with gRPC's callback API (no thread per
// stream). StandingsStreams (standings_streams.h) computes the standings on its worker and hands
// them to every stream of the event (Send), serialized once for all of them (a grpc::ByteBuffer
// shares its bytes among its copies: the method is served raw, scoring_service.h); the reactor
// has at most one write in flight, and of the standings that arrive meanwhile only the latest
// waits, so changes that come while a write is in flight are coalesced into one message.
//
// Who the stream is for is decided once, by the worker, from the bearer token the request
// carried (the director's view with the event's director token, else the public one; see
// event_scores.h "Who may see what").
//
// Lifetime: reference counted; gRPC holds one reference until OnDone (which also gives back the
// stream's place under StreamLimits and unregisters it), StandingsStreams one while registered
// and one for each refresh that uses it.
#ifndef SKAT_SERVICES_SCORING_STANDINGS_STREAM_H_
#define SKAT_SERVICES_SCORING_STANDINGS_STREAM_H_

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "engine/status.h"
#include "services/common/stream_limits.h"
#include "services/scoring/event_scores.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::service {

class StandingsStreams;

class StandingsStream final : public grpc::ServerWriteReactor<grpc::ByteBuffer> {
 public:
  StandingsStream(grpc::CallbackServerContext* context, StandingsStreams& owner,
                  std::string event_id, std::string session, std::string token, StreamPlace place);

  void Ref() { refs_.fetch_add(1, std::memory_order_relaxed); }
  void Unref();

  const std::string& event_id() const { return event_id_; }
  // The session's id or number as the request named it; empty: every session combined.
  const std::string& session() const { return session_; }

  // True while the stream goes on and has not been sent the standings of `version`.
  bool Wants(uint64_t version);
  // Sends standings (a serialized v1::Standings) computed at notifier version `version`; while a
  // write is in flight they wait, replacing any standings that waited before.
  void Send(std::shared_ptr<const grpc::ByteBuffer> standings, uint64_t version);
  // Ends the stream with the error (its reason in the trailing metadata) after the write in
  // flight; waiting standings are dropped.
  void Fail(const Status& status);
  // Ends the stream with `status` after the write in flight; waiting standings are dropped.
  void End(grpc::Status status);

  void OnWriteDone(bool ok) override;
  void OnCancel() override;
  void OnDone() override;

 private:
  friend class StandingsStreams;
  ~StandingsStream() override = default;

  // Starts the next write or the Finish when due. Releases lock.
  void Pump(std::unique_lock<std::mutex>& lock);
  // Decides the end of the stream. REQUIRES: mutex_ is held.
  void EndLocked(grpc::Status status);

  grpc::CallbackServerContext* const context_;
  StandingsStreams& owner_;
  const std::string event_id_;
  const std::string session_;
  std::atomic<int> refs_{1};  // gRPC's, until OnDone

  // Used by the StandingsStreams worker only.
  std::string token_;  // the request's bearer token, until the audience is decided
  bool audience_known_ = false;
  Audience audience_ = Audience::kPublic;

  std::mutex mutex_;  // guards the rest
  StreamPlace place_;
  bool sent_any_ = false;
  uint64_t sent_version_ = 0;                        // of the last standings sent or waiting
  std::shared_ptr<const grpc::ByteBuffer> writing_;  // the write in flight, or null
  std::shared_ptr<const grpc::ByteBuffer> waiting_;  // the next write, or null
  bool finish_pending_ = false;  // Finish(finish_status_) once the write in flight is done
  grpc::Status finish_status_;
  bool finished_ = false;  // Finish was called
  bool done_ = false;      // OnDone ran
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_STANDINGS_STREAM_H_
