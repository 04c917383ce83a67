#include "engine/deal/generator.h"

#include <sodium.h>

#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

namespace skat::deal {
namespace {

constexpr std::string_view kKeyDomain = "skat-deal-v1";
constexpr std::string_view kCommitmentDomain = "skat-board-set-commitment";
constexpr uint64_t kLow53 = (uint64_t{1} << 53) - 1;
constexpr int kMaxBoards = 10'000;
static_assert(kDealCount <= kLow53);

// libsodium must be initialised once before use (it picks the fastest ChaCha20 and BLAKE2b code
// for this CPU and opens the system random source). sodium_init() is thread-safe.
void InitSodium() {
  static const bool ok = [] { return sodium_init() >= 0; }();
  if (!ok) std::abort();  // no secure random source: nothing safe can be done
}

void AppendBe32(std::string& out, uint32_t v) {
  out += static_cast<char>((v >> 24) & 0xFF);
  out += static_cast<char>((v >> 16) & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
  out += static_cast<char>(v & 0xFF);
}

// lp(x) = 4-byte big-endian length || bytes.
void AppendLp(std::string& out, std::string_view bytes) {
  AppendBe32(out, static_cast<uint32_t>(bytes.size()));
  out += bytes;
}

std::string ToHex(const uint8_t* data, size_t size) {
  constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * size);
  for (size_t i = 0; i < size; ++i) {
    out += kDigits[data[i] >> 4];
    out += kDigits[data[i] & 0xF];
  }
  return out;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string_view SeedBytes(const Seed& seed) {
  return std::string_view(reinterpret_cast<const char*>(seed.data()), seed.size());
}

// The cards as "C-A H-9", or "nothing".
std::string Cards(CardSet cards) { return cards.empty() ? "nothing" : ToString(cards); }

// What differs between a board of the set and the generated one; empty when they are equal.
std::string Difference(const Board& found, const Board& expected) {
  std::string out;
  auto append = [&out](const std::string& part) {
    if (!out.empty()) out += "; ";
    out += part;
  };
  for (Direction d : kDirections) {
    const CardSet has = found.hand(d);
    const CardSet want = expected.hand(d);
    if (has == want) continue;
    append(std::string(DirectionName(d)) + " holds " + Cards(has - want) + " instead of " +
           Cards(want - has));
  }
  if (found.skat != expected.skat) {
    if (found.skat_set() == expected.skat_set()) {
      append("the skat order is " + ToString(found.skat[0]) + " " + ToString(found.skat[1]) +
             " instead of " + ToString(expected.skat[0]) + " " + ToString(expected.skat[1]));
    } else {
      append("the skat is " + ToString(found.skat[0]) + " " + ToString(found.skat[1]) +
             " instead of " + ToString(expected.skat[0]) + " " + ToString(expected.skat[1]));
    }
  }
  return out;
}

}  // namespace

Seed RandomSeed() {
  InitSodium();
  Seed seed;
  randombytes_buf(seed.data(), seed.size());
  return seed;
}

std::string SeedToHex(const Seed& seed) { return ToHex(seed.data(), seed.size()); }

Result<Seed> SeedFromHex(std::string_view hex) {
  if (hex.size() != 2 * std::tuple_size_v<Seed>) {
    return Status::InvalidArgument("a seed is 64 hex digits (32 bytes), found " +
                                   std::to_string(hex.size()) + " characters");
  }
  Seed seed;
  for (size_t i = 0; i < seed.size(); ++i) {
    const int hi = HexDigit(hex[2 * i]);
    const int lo = HexDigit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      const size_t at = hi < 0 ? 2 * i : 2 * i + 1;
      return Status::InvalidArgument("the seed has '" + std::string(1, hex[at]) + "' at position " +
                                     std::to_string(at + 1) + ", not a hex digit");
    }
    seed[i] = static_cast<uint8_t>(hi << 4 | lo);
  }
  return seed;
}

std::string Commitment(int version, std::string_view label, const Seed& seed,
                       std::string_view beacon_source) {
  assert(version == kGeneratorVersion);
  InitSodium();
  std::string message(kCommitmentDomain);
  AppendBe32(message, static_cast<uint32_t>(version));
  AppendLp(message, label);
  AppendLp(message, SeedBytes(seed));
  AppendLp(message, beacon_source);
  std::array<uint8_t, crypto_hash_sha256_BYTES> digest;
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(message.data()),
                     message.size());
  return ToHex(digest.data(), digest.size());
}

DealStream::DealStream(std::string_view label, const Seed& seed, std::string_view beacon_value) {
  InitSodium();
  std::string message(kKeyDomain);
  AppendLp(message, label);
  AppendLp(message, beacon_value);
  static_assert(std::tuple_size_v<decltype(key_)> == crypto_stream_chacha20_ietf_KEYBYTES);
  crypto_generichash(key_.data(), key_.size(),
                     reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                     seed.data(), seed.size());
}

void DealStream::Refill() {
  constexpr uint64_t kBlocks = sizeof(buffer_) / 64;  // ChaCha20 blocks are 64 bytes
  // The IETF variant has a 32-bit block counter: 256 GiB of keystream, some 2 * 10^10 deal
  // numbers, far beyond any board set. Running past it would repeat the stream.
  if (block_counter_ + kBlocks > (uint64_t{1} << 32)) std::abort();
  static constexpr std::array<uint8_t, crypto_stream_chacha20_ietf_NONCEBYTES> kNonce = {};
  std::array<uint8_t, sizeof(buffer_)> bytes = {};
  crypto_stream_chacha20_ietf_xor_ic(bytes.data(), bytes.data(), bytes.size(), kNonce.data(),
                                     static_cast<uint32_t>(block_counter_), key_.data());
  block_counter_ += kBlocks;
  // Little-endian words, whatever the host's byte order.
  std::memcpy(buffer_.data(), bytes.data(), bytes.size());
  if constexpr (std::endian::native == std::endian::big) {
    for (uint64_t& w : buffer_) {
      uint64_t v = 0;
      for (int i = 7; i >= 0; --i) v = v << 8 | ((w >> (8 * (7 - i))) & 0xFF);
      w = v;
    }
  }
  next_ = 0;
}

uint64_t DealStream::Next() {
  for (;;) {
    if (next_ == buffer_.size()) Refill();
    const uint64_t deal = buffer_[next_++] & kLow53;
    ++words_drawn_;
    if (deal < kDealCount) return deal;
  }
}

Result<std::vector<Board>> GenerateBoards(int version, std::string_view label, const Seed& seed,
                                          std::string_view beacon_value, int count) {
  if (version != kGeneratorVersion) {
    return Status::InvalidArgument("unknown generator version " + std::to_string(version) +
                                   " (this build has " + std::to_string(kGeneratorVersion) + ")");
  }
  if (count < 1 || count > kMaxBoards) {
    return Status::InvalidArgument("a board set has 1 to " + std::to_string(kMaxBoards) +
                                   " boards, not " + std::to_string(count));
  }
  DealStream stream(label, seed, beacon_value);
  std::vector<Board> boards;
  boards.reserve(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) boards.push_back(UnrankBoard(stream.Next()));
  return boards;
}

BoardSet MakeBoardSet(std::string_view label, const Seed& seed, std::string_view beacon_source,
                      std::string_view beacon_value, int count, int table_size) {
  BoardSet set;
  set.label = std::string(label);
  set.generator_version = kGeneratorVersion;
  set.commitment = Commitment(kGeneratorVersion, label, seed, beacon_source);
  set.beacon_source = std::string(beacon_source);
  set.beacon_value = std::string(beacon_value);
  set.seed = std::nullopt;
  set.table_size = table_size;
  if (!beacon_source.empty() && beacon_value.empty()) return set;  // boards wait for the beacon
  Result<std::vector<Board>> boards =
      GenerateBoards(kGeneratorVersion, label, seed, beacon_value, count);
  assert(boards.ok());
  if (!boards.ok()) return set;
  set.boards.reserve(boards->size());
  int number = 1;
  for (const Board& board : *boards) set.boards.push_back(SetBoard{number++, board});
  return set;
}

Status Verify(const BoardSet& set) {
  if (!set.seed) {
    return Status::InvalidArgument("the set has no seed: it can be verified only after the reveal");
  }
  Result<Seed> seed = SeedFromHex(*set.seed);
  if (!seed.ok()) return seed.status();
  if (set.generator_version != kGeneratorVersion) {
    return Status::InvalidArgument("unknown generator version " +
                                   std::to_string(set.generator_version) + " (this build has " +
                                   std::to_string(kGeneratorVersion) + ")");
  }
  const std::string commitment =
      Commitment(set.generator_version, set.label, *seed, set.beacon_source);
  if (commitment != set.commitment) {
    return Status::InvalidArgument(
        "commitment mismatch: the set publishes " + set.commitment +
        " but SHA-256 of its version, label, seed and beacon source is " + commitment);
  }
  if (!set.beacon_source.empty() && set.beacon_value.empty()) {
    return Status::InvalidArgument("the set names the beacon '" + set.beacon_source +
                                   "' but has no beacon value");
  }
  if (set.boards.empty()) {
    return Status::InvalidArgument("the set has no boards to verify");
  }
  for (size_t i = 0; i < set.boards.size(); ++i) {
    if (set.boards[i].number != static_cast<int>(i) + 1) {
      return Status::InvalidArgument("board " + std::to_string(i + 1) + " is numbered " +
                                     std::to_string(set.boards[i].number) +
                                     " (boards run 1, 2, ... in order)");
    }
  }
  if (set.boards.size() > static_cast<size_t>(kMaxBoards)) {
    return Status::InvalidArgument("a board set has at most " + std::to_string(kMaxBoards) +
                                   " boards, found " + std::to_string(set.boards.size()));
  }
  DealStream stream(set.label, *seed, set.beacon_value);
  for (const SetBoard& entry : set.boards) {
    const Board expected = UnrankBoard(stream.Next());
    if (entry.board == expected) continue;
    return Status::InvalidArgument(
        "board " + std::to_string(entry.number) +
        " is not the generated board: " + Difference(entry.board, expected) +
        " (generated deal number " + std::to_string(DealNumber(expected)) + ")");
  }
  return Status::Ok();
}

}  // namespace skat::deal
