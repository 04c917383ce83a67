#include "engine/solver/transposition_table.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine/solver/count.h"

namespace skat {

namespace {

// Large tables are placed on 2 MiB boundaries and, on Linux, offered huge pages: a probe is a
// random access, and with 4 KiB pages most probes also miss the address translation cache.
constexpr size_t kHugePage = size_t{2} << 20;

}  // namespace

void TranspositionTable::Free::operator()(Bucket* b) const { std::free(b); }

TranspositionTable::TranspositionTable(int bits) : mask_((uint64_t{1} << (bits - 2)) - 1) {
  assert(bits >= 10 && bits <= 26);
  const size_t bytes = sizeof(Bucket) << (bits - 2);
  const size_t align = bytes >= kHugePage ? kHugePage : alignof(Bucket);
  void* memory = std::aligned_alloc(align, bytes);
  if (memory == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage) madvise(memory, bytes, MADV_HUGEPAGE);  // a hint; failure is harmless
#endif
  std::memset(memory, 0, bytes);
  buckets_.reset(static_cast<Bucket*>(memory));
}

void TranspositionTable::Store(const std::array<CardSet, 3>& shape, uint32_t live, uint16_t tag,
                               int lower, int upper, int best) {
  std::array<Entry, kBucketSize>& bucket = buckets_[BucketIndex(shape, tag)].entries;
  const int cards = Count(CardSet(live));
  // The key's entry, else the one to replace: an older search's first, then the cheaper.
  auto keep = [&](const Entry& e) { return (e.age == age_ ? 256 : 0) + e.cards; };
  int pick = 0;
  auto matches = [&](const Entry& e) { return SameShape(e, shape, tag) && e.live == live; };
  for (int i = 0; i < kBucketSize; ++i) {
    if (matches(bucket[i])) {
      pick = i;
      break;
    }
    if (keep(bucket[i]) < keep(bucket[pick])) pick = i;
  }
  Entry& e = bucket[pick];
  if (matches(e)) {
    lower = std::max<int>(lower, e.lower);
    upper = std::min<int>(upper, e.upper);
    if (best == kNoCard) best = e.best;
  }
  e.shape = {shape[0].bits(), shape[1].bits(), shape[2].bits()};
  e.live = live;
  e.tag = static_cast<uint16_t>(tag | kUsed);
  e.lower = static_cast<uint8_t>(lower);
  e.upper = static_cast<uint8_t>(upper);
  e.best = static_cast<uint8_t>(best);
  e.cards = static_cast<uint8_t>(cards);
  e.age = age_;
}

}  // namespace skat
