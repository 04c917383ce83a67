// StandingsStream: one open WatchStandings stream, served with gRPC's callback API (no thread per
// stream). StandingsStreams (standings_streams.h) computes the standings on its worker and hands
// them to every stream of the event (Send), serialized once for all of them (a grpc::ByteBuffer
// shares its bytes among its copies: the method is served raw, scoring_service.h); the reactor
// (WriteQueueStream, write_queue_stream.h) has at most one write in flight, and of the standings
// that arrive meanwhile only the latest waits, so changes that come while a write is in flight
// are coalesced into one message.
//
// Who the stream is for is decided once, by the worker, from the bearer token the request
// carried (the director's view with the event's director token, else the public one; see
// event_scores.h "Who may see what").
//
// Lifetime: reference counted (WriteQueueStream); gRPC holds one reference until OnDone (which also
// gives back the stream's place under StreamLimits and unregisters it), StandingsStreams one while
// registered and one for each refresh that uses it.
#ifndef SKAT_SERVICES_SCORING_STANDINGS_STREAM_H_
#define SKAT_SERVICES_SCORING_STANDINGS_STREAM_H_

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <memory>
#include <string>

#include "engine/status.h"
#include "services/common/stream_limits.h"
#include "services/common/write_queue_stream.h"
#include "services/scoring/event_scores.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::service {

class StandingsStreams;

class StandingsStream final : public WriteQueueStream<grpc::ByteBuffer> {
 public:
  StandingsStream(grpc::CallbackServerContext* context, StandingsStreams& owner,
                  std::string event_id, std::string session, std::string token, StreamPlace place);

  const std::string& event_id() const { return event_id_; }
  // The session's id or number as the request named it; empty: every session combined.
  const std::string& session() const { return session_; }

  // True while the stream goes on and has not been sent the standings of `version`.
  bool Wants(uint64_t version);
  // Sends standings (a serialized v1::Standings) computed at notifier version `version`; while a
  // write is in flight they wait, replacing any standings that waited before.
  void Send(std::shared_ptr<const grpc::ByteBuffer> standings, uint64_t version);
  // Ends the stream with the error (its reason in the trailing metadata) after the write in
  // flight; waiting standings are dropped. An end decided before stands.
  void Fail(const Status& status);
  // Ends the stream with `status` after the write in flight; waiting standings are dropped. An
  // end decided before stands.
  void Stop(grpc::Status status) { EndUnlessEnded(std::move(status)); }

 private:
  friend class StandingsStreams;
  ~StandingsStream() override = default;

  // Unregisters the stream from StandingsStreams.
  void Detach() override;

  grpc::CallbackServerContext* const context_;
  StandingsStreams& owner_;
  const std::string event_id_;
  const std::string session_;

  // Used by the StandingsStreams worker only.
  std::string token_;  // the request's bearer token, until the audience is decided
  bool audience_known_ = false;
  Audience audience_ = Audience::kPublic;

  // Guarded by mutex_.
  bool sent_any_ = false;
  uint64_t sent_version_ = 0;  // of the last standings sent or waiting
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_STANDINGS_STREAM_H_
