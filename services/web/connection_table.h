// The web side's open connections, bounded per client address and in total (docs/web.md
// "Limits"). When the total is reached, a new connection takes the place of the one that has
// waited longest for its next request (idle: between requests, or while a request is still
// arriving); a connection with a request in flight or a stream open is never closed for another.
// With no idle connection to close, or with its address at its own bound, the new one is refused.
// Thread-safe.
#ifndef SKAT_SERVICES_WEB_CONNECTION_TABLE_H_
#define SKAT_SERVICES_WEB_CONNECTION_TABLE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>

namespace skat::web {

class ConnectionTable {
 public:
  // Asks an open connection to close; called without the table's lock, at most once.
  using Closer = std::function<void()>;

  ConnectionTable(int per_client, int total);

  // A place for a new connection of `address` (a client address without its port), idle until
  // it says otherwise: its id (> 0), or 0 when refused. May close the longest idle connection.
  uint64_t Admit(const std::string& address, Closer closer);
  // The connection waits for (or reads) its next request: idle; or works on one: busy.
  void SetIdle(uint64_t id, bool idle);
  // The connection is gone (also after it was closed for another); unknown ids are ignored.
  void Remove(uint64_t id);

  int open() const;

 private:
  struct Entry {
    std::string address;
    Closer closer;
    uint64_t idle_since = 0;  // 0: busy; else its place in idle_ (smaller: idle longer)
  };
  void Forget(std::map<uint64_t, Entry>::iterator it);  // with mutex_ held

  const int per_client_;
  const int total_;
  mutable std::mutex mutex_;
  uint64_t next_id_ = 1;
  uint64_t next_idle_ = 1;
  std::map<uint64_t, Entry> entries_;
  std::set<std::pair<uint64_t, uint64_t>> idle_;  // (idle_since, id)
  std::map<std::string, int> by_client_;
};

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_CONNECTION_TABLE_H_
