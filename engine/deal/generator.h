// The board generator (docs/comparative.md "Board and board set"; docs/board-sets.md): a keyed,
// counter-mode cryptographic stream turned into uniform deal numbers by rejection sampling, then
// boards through the engine's UnrankBoard. The only engine code that links a third-party
// library (libsodium); the core engine target stays free of it.
//
// Version 1 (never changes once published; a new algorithm gets a new version):
//   key   = BLAKE2b-256(key = seed, message = "skat-deal-v1" || lp(label) || lp(beacon_value))
//   words = ChaCha20 (IETF, nonce 0, counter from 0) keystream read as little-endian uint64
//   deal  = word & (2^53 - 1), accepted when < 5,506,588,817,009,280; boards 1, 2, ... in order
// where lp(x) = 4-byte big-endian length || bytes.
//   commitment = SHA-256("skat-board-set-commitment" || be32(version) || lp(label) || lp(seed)
//                        || lp(beacon_source))
// docs/board-sets.md carries published test vectors; tests pin them.
#ifndef SKAT_ENGINE_DEAL_GENERATOR_H_
#define SKAT_ENGINE_DEAL_GENERATOR_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/board_set.h"
#include "engine/status.h"

namespace skat::deal {

inline constexpr int kGeneratorVersion = 1;
using Seed = std::array<uint8_t, 32>;

// 32 bytes from the operating system's secure random source.
Seed RandomSeed();

// Lower-case hex, and back: the reader takes either case, and gives kInvalidArgument unless its
// input is exactly 64 hex digits (no prefix, no spaces).
std::string SeedToHex(const Seed& seed);
Result<Seed> SeedFromHex(std::string_view hex);

// The commitment published before play, lower-case hex. REQUIRES: version == kGeneratorVersion.
std::string Commitment(int version, std::string_view label, const Seed& seed,
                       std::string_view beacon_source);

// Boards 1..count of the set. kInvalidArgument for an unknown version or count outside 1..10000.
Result<std::vector<Board>> GenerateBoards(int version, std::string_view label, const Seed& seed,
                                          std::string_view beacon_value, int count);

// The raw deal numbers (for statistics and benchmarks). REQUIRES: a known version.
class DealStream {
 public:
  DealStream(std::string_view label, const Seed& seed, std::string_view beacon_value);
  uint64_t Next();  // the next accepted deal number, uniform in [0, kDealCount)
  uint64_t words_drawn() const { return words_drawn_; }

 private:
  void Refill();
  std::array<uint8_t, 32> key_;
  std::array<uint64_t, 64> buffer_;  // 512 bytes of keystream
  size_t next_ = 64;
  uint64_t block_counter_ = 0;
  uint64_t words_drawn_ = 0;
};

// Makes a new set: label, version, commitment, beacon, table size and boards numbered 1..count;
// no seed shown (seed is nullopt: the caller keeps it secret until the reveal). With a beacon
// source and no beacon value yet, boards is empty (GenerateBoards makes them once the value is
// entered). REQUIRES: 1 <= count <= 10000.
BoardSet MakeBoardSet(std::string_view label, const Seed& seed, std::string_view beacon_source,
                      std::string_view beacon_value, int count, int table_size);

// RULES-free check of a revealed set: the seed matches the commitment and every board is the one
// the generator makes. Every failure is kInvalidArgument (there is no separate "mismatch" code):
// no seed or a malformed one; an unknown generator version; a commitment that is not the one of
// the set's version, label, seed and beacon source (the message says "commitment"); a beacon
// source without a beacon value; no boards, or boards not numbered 1, 2, ... in order; and a
// board that is not the generated one, where the message names the first such board ("board 7
// is not the generated board: forehand holds C-J instead of H-9; ...", or "the skat order is
// ..."). A set may hold fewer boards than were made: boards 1..n are checked. The deal number is
// a function of the hands and skat order, so a file whose deal number disagrees with its hands
// is the archive reader's concern; Verify compares boards.
Status Verify(const BoardSet& set);

}  // namespace skat::deal

#endif  // SKAT_ENGINE_DEAL_GENERATOR_H_
