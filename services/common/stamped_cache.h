// A cache of loaded values by key, each kept with the stamp of the stored rows it was loaded from:
// a value is served only while the stamp read now is the same (a caller reads the stamp before it
// loads, so rows written after it make the next stamp differ, never a stale hit). At most
// `capacity` values; the least recently used goes first. Thread-safe.
#ifndef SKAT_SERVICES_COMMON_STAMPED_CACHE_H_
#define SKAT_SERVICES_COMMON_STAMPED_CACHE_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace skat::service {

template <typename Key, typename Value>
class StampedCache {
 public:
  explicit StampedCache(size_t capacity) : capacity_(capacity) {}

  // The value kept for `key` at `stamp`, or null.
  std::shared_ptr<const Value> Find(const Key& key, const std::string& stamp) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry& e : entries_) {
      if (e.key == key && e.stamp == stamp) {
        e.used = ++clock_;
        return e.value;
      }
    }
    return nullptr;
  }

  // Keeps `value`, loaded for `key` at `stamp`, in place of the key's older value or of the
  // least recently used one; counts a load.
  void Put(const Key& key, std::string stamp, std::shared_ptr<const Value> value) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++loads_;
    Entry* slot = nullptr;
    for (Entry& e : entries_) {
      if (e.key == key) slot = &e;
    }
    if (slot == nullptr && entries_.size() < capacity_) slot = &entries_.emplace_back();
    if (slot == nullptr) {
      slot = &entries_[0];
      for (Entry& e : entries_) {
        if (e.used < slot->used) slot = &e;
      }
    }
    *slot = Entry{key, std::move(stamp), std::move(value), ++clock_};
  }

  // Loads so far (for tests): a value found in the cache does not count.
  uint64_t loads() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return loads_;
  }

 private:
  struct Entry {
    Key key;
    std::string stamp;
    std::shared_ptr<const Value> value;
    uint64_t used = 0;  // clock_ at the last use
  };

  const size_t capacity_;
  mutable std::mutex mutex_;  // guards the members below
  std::vector<Entry> entries_;
  uint64_t clock_ = 0;
  uint64_t loads_ = 0;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_STAMPED_CACHE_H_
