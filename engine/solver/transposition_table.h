// TranspositionTable: the solver's table of bounds on the value of the remaining tricks, at trick
// boundaries. An entry holds the live cards of the position it bounds as places (PowerPlaces;
// with the shape they give its hands), the leader and a search context (declarer, question,
// trump structure) in the tag, and is found by the hands' shape
// (MoveOrder::Shape): an entry bounds every position of its shape, within the card points the
// correspondence moves (quasi-symmetry, solver.h). Fixed size, allocated once; buckets of four
// entries in two cache lines: a new key replaces an entry of an older search first, then the
// one with fewer cards left (cheaper to redo). The best card is kept as its place among the live
// cards in power order (MoveOrder::PlaceOf), the same in every position of the shape; it is
// kNoCard when the storing node failed to its own side (no move reached the window), so a
// stored move is one that proved a bound.
#ifndef SKAT_ENGINE_SOLVER_TRANSPOSITION_TABLE_H_
#define SKAT_ENGINE_SOLVER_TRANSPOSITION_TABLE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/card_set.h"

namespace skat {

class TranspositionTable {
 public:
  struct Entry {
    std::array<uint32_t, 3> shape;  // the key, with the tag
    uint32_t live;                  // the live cards of the position bounded, as places
    uint16_t tag;                   // context << 2 | leader, plus 1 << 15 when used
    uint8_t lower;                  // the value is >= lower
    uint8_t upper;                  // the value is <= upper
    uint8_t best;                   // the best card's place among the live cards, or kNoCard
    uint8_t cards;                  // cards left in the hands
    uint8_t age;                    // the search that stored it (NewSearch), mod 256
  };
  static constexpr uint8_t kNoCard = 0xFF;

  // 2^(bits-2) buckets of four entries (128 bytes each, 96 used). REQUIRES: 10 <= bits <= 26.
  explicit TranspositionTable(int bits);

  // Marks the start of a new top-level search (for replacement only: entries stay valid).
  void NewSearch() { ++age_; }

  // The entries of this shape and tag, at most kBucketSize, into `out` (the rest untouched).
  // Returns their number.
  static constexpr int kBucketSize = 4;
  int Probe(const std::array<CardSet, 3>& shape, uint16_t tag,
            std::array<const Entry*, kBucketSize>& out) const {
    const Bucket& bucket = buckets_[BucketIndex(shape, tag)];
    int n = 0;
    for (const Entry& e : bucket.entries) {
      if (SameShape(e, shape, tag)) out[n++] = &e;
    }
    return n;
  }
  // Starts loading the shape's bucket into the cache (a hint; no effect on results).
  void Prefetch(const std::array<CardSet, 3>& shape, uint16_t tag) const {
    const char* bucket = reinterpret_cast<const char*>(&buckets_[BucketIndex(shape, tag)]);
    __builtin_prefetch(bucket);
    __builtin_prefetch(bucket + 64);
  }
  // Records lower <= value <= upper for the position with this shape and these live cards (as
  // places), tightening the bounds already held for it.
  void Store(const std::array<CardSet, 3>& shape, uint32_t live, uint16_t tag, int lower, int upper,
             int best);

 private:
  static constexpr uint16_t kUsed = 1u << 15;
  static_assert(sizeof(Entry) == 24);
  struct alignas(64) Bucket {
    std::array<Entry, kBucketSize> entries;
  };
  static bool SameShape(const Entry& e, const std::array<CardSet, 3>& shape, uint16_t tag) {
    return e.tag == (tag | kUsed) && e.shape[0] == shape[0].bits() &&
           e.shape[1] == shape[1].bits() && e.shape[2] == shape[2].bits();
  }
  // Index of the key's bucket. The products are mixed down (xor-shift,
  // multiply, xor-shift) so that every key bit reaches the low bits the mask keeps (measured:
  // with a single xor-shift, 20 bench/solver_bench boards took ~1.3x the median nodes).
  size_t BucketIndex(const std::array<CardSet, 3>& shape, uint16_t tag) const {
    uint64_t h = (uint64_t{shape[0].bits()} << 32 | shape[1].bits()) * 0x9E3779B97F4A7C15ull;
    h ^= (uint64_t{shape[2].bits()} << 32 | tag) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    h ^= h >> 32;
    return static_cast<size_t>(h & mask_);
  }

  struct Free {
    void operator()(Bucket* b) const;
  };
  std::unique_ptr<Bucket[], Free> buckets_;
  uint64_t mask_;
  uint8_t age_ = 0;
};

}  // namespace skat

#endif  // SKAT_ENGINE_SOLVER_TRANSPOSITION_TABLE_H_
