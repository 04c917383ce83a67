// Wakes WatchStandings streams when an event's scores change, in this process or any other:
// one thread LISTENs on PostgreSQL's 'skat_scores' channel (store ScoreListener; migration
// 0003's trigger notifies the event id at the commit of every result or adjustment) and counts
// changes per event. After a lost connection it reconnects and counts a change for every event,
// since notifications sent meanwhile are lost.
#ifndef SKAT_SERVICES_SCORING_SCORE_NOTIFIER_H_
#define SKAT_SERVICES_SCORING_SCORE_NOTIFIER_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace skat::service {

class ScoreNotifier {
 public:
  // Starts listening on `database_url`.
  explicit ScoreNotifier(std::string database_url);
  ~ScoreNotifier();
  ScoreNotifier(const ScoreNotifier&) = delete;
  ScoreNotifier& operator=(const ScoreNotifier&) = delete;

  // A number that grows with every change of the event's scores.
  uint64_t Version(const std::string& event_id);
  // Waits until Version(event_id) != seen, at most `timeout`; returns the version then.
  uint64_t WaitForChange(const std::string& event_id, uint64_t seen,
                         std::chrono::milliseconds timeout);

 private:
  void Listen();
  uint64_t VersionLocked(const std::string& event_id) const;

  const std::string url_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, uint64_t> versions_;
  uint64_t reconnects_ = 0;  // added to every event's version
  bool stopping_ = false;
  std::thread listener_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SCORE_NOTIFIER_H_
