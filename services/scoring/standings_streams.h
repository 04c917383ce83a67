// StandingsStreams: every open WatchStandings stream of a ScoringService, by event, and the one
// worker thread that feeds them (no thread per stream, no polling).
//
// A stream is sent the standings when it opens, at once, and after changes of its event's scores
// (ScoreNotifier: LISTEN/NOTIFY, every result or adjustment committed by any skatd): the worker
// reads the notifier's version of the event, then scores the event once per audience and builds
// the standings once per (audience, session) among the event's streams that have not been sent
// that version, and hands the same message to each (StandingsStream::Send coalesces what
// arrives while a write is in flight). Changes that arrive while the worker refreshes an event
// make it refresh the event once more afterwards. An error (the event is gone, an unknown
// session, the database unavailable) ends the streams it concerns with its status.
//
// Pacing: refreshes after a change send at most `messages_per_second` messages a second over
// all events. After a refresh that sent k messages, the next one (of any event; changed events
// wait their turn first come, first served) starts k / messages_per_second seconds later, and
// changes meanwhile are coalesced. An event with a few watchers is thus refreshed after every
// change, one with 10,000 watchers every few seconds, and a skatd's cores stay with its tables
// (docs/deployment.md "Open streams"). A new stream's first standings are not paced: they go
// out at once, to the new streams alone.
//
// Scoring and the database are used on the worker only, never on a gRPC callback thread.
#ifndef SKAT_SERVICES_SCORING_STANDINGS_STREAMS_H_
#define SKAT_SERVICES_SCORING_STANDINGS_STREAMS_H_

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "services/scoring/event_scores_cache.h"
#include "services/scoring/ratings_cache.h"
#include "services/scoring/score_notifier.h"
#include "services/scoring/scoring_stores.h"
#include "services/scoring/standings_stream.h"

namespace skat::service {

class StandingsStreams {
 public:
  // skatd --standings-rate's default: a 2-core machine sends this many while its tables play on
  // (docs/performance.md "Open streams").
  static constexpr double kDefaultMessagesPerSecond = 1000;

  // REQUIRES: store, scores, ratings and notifier outlive this object; messages_per_second > 0.
  StandingsStreams(ScoringStores store, EventScoresCache& scores, RatingsCache& ratings,
                   ScoreNotifier& notifier, double messages_per_second = kDefaultMessagesPerSecond);
  // Ends every stream (StopAll) and joins the worker.
  ~StandingsStreams();
  StandingsStreams(const StandingsStreams&) = delete;
  StandingsStreams& operator=(const StandingsStreams&) = delete;

  // Registers a new stream and queues its first standings; after StopAll it ends at once (OK).
  void Add(StandingsStream* stream);
  // Unregisters a stream (its OnDone).
  void Remove(StandingsStream* stream);
  // The notifier's listener: the events whose scores changed, or every event.
  void Changed(const std::vector<std::string>& events, bool every_event);
  // Ends every stream with OK, now and from now on.
  void StopAll();
  // Streams registered now (tests).
  size_t size() const;

 private:
  using Clock = std::chrono::steady_clock;

  void Work();
  // Sends the event's standings to those of `streams` not sent the current version; returns
  // how many were sent.
  size_t Refresh(const std::string& event_id, const std::vector<StandingsStream*>& streams);

  ScoringStores store_;
  EventScoresCache& scores_;
  RatingsCache& ratings_;  // the ratings beside the names (standing_ratings.h)
  ScoreNotifier& notifier_;
  mutable std::mutex mutex_;  // guards the rest; taken before a stream's, never after
  std::condition_variable wake_;
  const double messages_per_second_;
  std::map<std::string, std::set<StandingsStream*>> by_event_;  // each holds a reference
  std::set<std::string> opened_;           // events with streams not yet sent anything
  std::deque<std::string> changed_queue_;  // events changed since their last refresh, in order
  std::set<std::string> changed_;          // the same events, to find them
  Clock::time_point next_change_refresh_;  // the pacing: no refresh after a change before this
  size_t size_ = 0;
  bool stopping_ = false;
  bool quit_ = false;
  std::thread worker_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_STANDINGS_STREAMS_H_
