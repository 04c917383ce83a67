// Tells the WatchStandings streams (standings_streams.h) when an event's scores change, in this
// process or any other: one thread LISTENs on PostgreSQL's 'skat_scores' channel (store
// ScoreListener; migration 0003's trigger notifies the event id at the commit of every result or
// adjustment), counts changes per event and calls the listener. After a lost connection it
// reconnects and counts a change for every event, since notifications sent meanwhile are lost.
#ifndef SKAT_SERVICES_SCORING_SCORE_NOTIFIER_H_
#define SKAT_SERVICES_SCORING_SCORE_NOTIFIER_H_

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace skat::service {

class ScoreNotifier {
 public:
  // Called on the notifier's thread after the versions changed: the events whose scores changed,
  // or every_event (after a reconnection: any event may have changed).
  using Listener = std::function<void(const std::vector<std::string>& events, bool every_event)>;

  // Starts listening on `database_url`.
  explicit ScoreNotifier(std::string database_url);
  ~ScoreNotifier();
  ScoreNotifier(const ScoreNotifier&) = delete;
  ScoreNotifier& operator=(const ScoreNotifier&) = delete;

  // A number that grows with every change of the event's scores.
  uint64_t Version(const std::string& event_id);
  // Replaces the listener (nullptr: none). Returns once no call of the previous one runs.
  void SetListener(Listener listener);

 private:
  void Listen();
  uint64_t VersionLocked(const std::string& event_id) const;
  void Tell(const std::vector<std::string>& events, bool every_event);

  const std::string url_;
  std::mutex mutex_;
  std::condition_variable stop_;
  std::map<std::string, uint64_t> versions_;
  uint64_t reconnects_ = 0;  // added to every event's version
  bool stopping_ = false;
  std::mutex listener_mutex_;  // held while the listener is called or replaced
  Listener listener_;
  std::thread listener_thread_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SCORE_NOTIFIER_H_
