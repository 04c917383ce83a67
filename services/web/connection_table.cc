#include "services/web/connection_table.h"

namespace skat::web {

ConnectionTable::ConnectionTable(int per_client, int total)
    : per_client_(per_client), total_(total) {}

uint64_t ConnectionTable::Admit(const std::string& address, Closer closer) {
  Closer evicted;
  uint64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    const auto mine = by_client_.find(address);
    if (mine != by_client_.end() && mine->second >= per_client_) return 0;
    if (static_cast<int>(entries_.size()) >= total_) {
      if (idle_.empty()) return 0;
      const auto oldest = entries_.find(idle_.begin()->second);
      evicted = std::move(oldest->second.closer);
      Forget(oldest);
    }
    id = next_id_++;
    Entry& entry = entries_[id];
    entry.address = address;
    entry.closer = std::move(closer);
    entry.idle_since = next_idle_++;
    idle_.insert({entry.idle_since, id});
    ++by_client_[address];
  }
  if (evicted) evicted();
  return id;
}

void ConnectionTable::SetIdle(uint64_t id, bool idle) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(id);
  if (it == entries_.end() || (it->second.idle_since != 0) == idle) return;
  Entry& entry = it->second;
  if (idle) {
    entry.idle_since = next_idle_++;
    idle_.insert({entry.idle_since, id});
  } else {
    idle_.erase({entry.idle_since, id});
    entry.idle_since = 0;
  }
}

void ConnectionTable::Remove(uint64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(id);
  if (it != entries_.end()) Forget(it);
}

int ConnectionTable::open() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(entries_.size());
}

void ConnectionTable::Forget(std::map<uint64_t, Entry>::iterator it) {
  if (it->second.idle_since != 0) idle_.erase({it->second.idle_since, it->first});
  const auto client = by_client_.find(it->second.address);
  if (--client->second == 0) by_client_.erase(client);
  entries_.erase(it);
}

}  // namespace skat::web
