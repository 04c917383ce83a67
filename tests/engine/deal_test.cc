// The board generator, commitment and verification (engine/deal/generator.h,
// docs/board-sets.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/deal/generator.h"
#include "engine/random.h"

namespace skat::deal {
namespace deal_test {

// gtest's own substring check (no gmock): prints both strings on failure.
::testing::AssertionResult Contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not contain '" << part << "'";
}

constexpr std::string_view kLabel = "Milwaukee 1909 / session 1";
constexpr std::string_view kBeaconSource = "DJIA close 2026-11-23";
constexpr std::string_view kBeaconValue = "34512.07";

Seed ZeroSeed() { return Seed{}; }

Seed CountingSeed() {  // 00 01 02 ... 1f
  Seed seed;
  for (size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<uint8_t>(i);
  return seed;
}

std::vector<uint64_t> FirstDeals(const Seed& seed, std::string_view beacon_value, int count) {
  Result<std::vector<Board>> boards = GenerateBoards(1, kLabel, seed, beacon_value, count);
  EXPECT_TRUE(boards.ok()) << boards.status().ToString();
  std::vector<uint64_t> deals;
  if (!boards.ok()) return deals;
  for (const Board& board : *boards) deals.push_back(DealNumber(board));
  return deals;
}

// Golden vectors (docs/board-sets.md "Test vectors"). Computed once with this implementation and
// cross-checked independently in Python: the commitment with hashlib.sha256, the key with
// hashlib.blake2b(message, key=seed, digest_size=32), and the deal numbers from that key with the
// ChaCha20 of the `cryptography` package (OpenSSL), reading the keystream as little-endian
// uint64 words, masking to 53 bits and rejecting >= kDealCount. They must never change: published
// sets are verified against them.
struct GoldenVector {
  Seed seed;
  std::string_view beacon_source;
  std::string_view beacon_value;
  std::string_view commitment;
  std::array<uint64_t, 3> deals;
};

std::vector<GoldenVector> GoldenVectors() {
  return {
      {ZeroSeed(),
       "",
       "",
       "4bf6ac5a18905d628cf7f0598d5aef00c628eeaa86f21efc8323a55862d7df6d",
       {3141538617266079, 2332204704137399, 3864396874807591}},
      {ZeroSeed(),
       kBeaconSource,
       kBeaconValue,
       "240b81fb076b53f956dfead7b42b9ed0d56fb8461d4e6f8d02aa54e45a6e2b26",
       {1029422955729863, 4888875149141082, 2966129491412195}},
      {CountingSeed(),
       "",
       "",
       "91484f8841d23f6ae9dd571f2e2c374a45913a0ffcc5651504ac05b663bd66ff",
       {447580551694989, 150111409516998, 3664592450623886}},
      {CountingSeed(),
       kBeaconSource,
       kBeaconValue,
       "b6ca6d107e366cd18400592904cf29f0869ea977e003c876bd8c8c45d0a5ddd5",
       {3581713786956132, 4705388563539897, 1018595974714531}},
  };
}

TEST(DealGeneratorTest, GoldenCommitments) {
  for (const GoldenVector& v : GoldenVectors()) {
    EXPECT_EQ(Commitment(1, kLabel, v.seed, v.beacon_source), v.commitment)
        << SeedToHex(v.seed) << " '" << v.beacon_source << "'";
  }
}

TEST(DealGeneratorTest, GoldenDealNumbers) {
  for (const GoldenVector& v : GoldenVectors()) {
    const std::vector<uint64_t> deals = FirstDeals(v.seed, v.beacon_value, 3);
    EXPECT_EQ(deals, std::vector<uint64_t>(v.deals.begin(), v.deals.end()))
        << SeedToHex(v.seed) << " '" << v.beacon_value << "'";
    DealStream stream(kLabel, v.seed, v.beacon_value);
    for (uint64_t deal : v.deals) EXPECT_EQ(stream.Next(), deal);
  }
}

// Past the first 512-byte buffer: the block counter advances (also cross-checked in Python).
TEST(DealGeneratorTest, GoldenThousandthDealNumber) {
  DealStream zero(kLabel, ZeroSeed(), "");
  DealStream counting(kLabel, CountingSeed(), "");
  uint64_t zero_deal = 0;
  uint64_t counting_deal = 0;
  for (int i = 0; i < 1000; ++i) {
    zero_deal = zero.Next();
    counting_deal = counting.Next();
  }
  EXPECT_EQ(zero_deal, 2784146297166852u);
  EXPECT_EQ(zero.words_drawn(), 1607u);
  EXPECT_EQ(counting_deal, 1886323113454918u);
  EXPECT_EQ(counting.words_drawn(), 1600u);
}

TEST(DealGeneratorTest, GoldenFirstBoard) {
  Result<std::vector<Board>> boards = GenerateBoards(1, kLabel, ZeroSeed(), "", 1);
  ASSERT_TRUE(boards.ok());
  EXPECT_EQ(ToString((*boards)[0]),
            "F: C-K C-10 C-9 C-8 S-10 H-K H-J H-9 D-K D-8; "
            "M: C-A C-Q S-K S-Q S-7 H-Q H-8 D-Q D-9 D-7; "
            "R: C-J C-7 S-A S-9 H-A H-10 H-7 D-A D-J D-10; S: S-J S-8");
}

TEST(DealGeneratorTest, SameInputsGiveSameBoards) {
  const Seed seed = RandomSeed();
  Result<std::vector<Board>> a = GenerateBoards(1, kLabel, seed, kBeaconValue, 200);
  Result<std::vector<Board>> b = GenerateBoards(1, kLabel, seed, kBeaconValue, 200);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
  // A shorter set is a prefix of a longer one.
  Result<std::vector<Board>> c = GenerateBoards(1, kLabel, seed, kBeaconValue, 36);
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(std::equal(c->begin(), c->end(), a->begin()));
  for (const Board& board : *a) EXPECT_TRUE(CheckBoard(board).ok());
}

TEST(DealGeneratorTest, EveryInputChangesTheBoards) {
  const Seed seed = CountingSeed();
  Seed other_seed = seed;
  other_seed[31] ^= 1;
  const std::vector<uint64_t> base = FirstDeals(seed, "", 10);
  Result<std::vector<Board>> other_label =
      GenerateBoards(1, "Milwaukee 1909 / session 2", seed, "", 10);
  ASSERT_TRUE(other_label.ok());
  int same = 0;
  for (size_t i = 0; i < base.size(); ++i) same += DealNumber((*other_label)[i]) == base[i];
  EXPECT_EQ(same, 0);
  EXPECT_NE(FirstDeals(seed, "34512.08", 10), FirstDeals(seed, "34512.07", 10));
  EXPECT_NE(FirstDeals(other_seed, "", 10), base);
  // The length prefixes keep label and beacon value apart.
  Result<std::vector<Board>> shifted = GenerateBoards(1, "ab", seed, "c", 3);
  Result<std::vector<Board>> unshifted = GenerateBoards(1, "a", seed, "bc", 3);
  ASSERT_TRUE(shifted.ok() && unshifted.ok());
  EXPECT_NE(*shifted, *unshifted);
  EXPECT_NE(Commitment(1, "ab", seed, "c"), Commitment(1, "a", seed, "bc"));
}

TEST(DealGeneratorTest, SeedHexRoundTrips) {
  const Seed seed = CountingSeed();
  EXPECT_EQ(SeedToHex(seed), "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  Result<Seed> back = SeedFromHex(SeedToHex(seed));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, seed);
  for (int i = 0; i < 20; ++i) {
    const Seed random = RandomSeed();
    const std::string hex = SeedToHex(random);
    EXPECT_EQ(hex.size(), 64u);
    Result<Seed> parsed = SeedFromHex(hex);
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(*parsed, random);
  }
  Result<Seed> upper =
      SeedFromHex("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F");
  ASSERT_TRUE(upper.ok());
  EXPECT_EQ(*upper, seed);
}

TEST(DealGeneratorTest, SeedHexRejectsMalformedInput) {
  const std::string good = SeedToHex(CountingSeed());
  for (const std::string& bad :
       {std::string(), good.substr(1), good + "0", good.substr(2), "g" + good.substr(1),
        good.substr(0, 63) + "x", " " + good.substr(1), "0x" + good.substr(2), good + " "}) {
    Result<Seed> seed = SeedFromHex(bad);
    ASSERT_FALSE(seed.ok()) << bad;
    EXPECT_EQ(seed.status().code(), ErrorCode::kInvalidArgument) << bad;
    EXPECT_TRUE(Contains(seed.status().message(), "seed"));
  }
}

TEST(DealGeneratorTest, RandomSeedsDiffer) {
  std::set<Seed> seen;
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(seen.insert(RandomSeed()).second);
  EXPECT_FALSE(seen.contains(Seed{}));
}

TEST(DealGeneratorTest, RejectsUnknownVersionAndBadCounts) {
  for (int version : {0, 2, -1}) {
    Result<std::vector<Board>> boards = GenerateBoards(version, kLabel, ZeroSeed(), "", 10);
    ASSERT_FALSE(boards.ok());
    EXPECT_EQ(boards.status().code(), ErrorCode::kInvalidArgument);
    EXPECT_TRUE(Contains(boards.status().message(), "version"));
  }
  for (int count : {0, -1, 10'001}) {
    Result<std::vector<Board>> boards = GenerateBoards(1, kLabel, ZeroSeed(), "", count);
    ASSERT_FALSE(boards.ok()) << count;
    EXPECT_EQ(boards.status().code(), ErrorCode::kInvalidArgument);
  }
  EXPECT_TRUE(GenerateBoards(1, kLabel, ZeroSeed(), "", 10'000).ok());
}

TEST(DealGeneratorTest, RejectionRateIsAsExpected) {
  // Acceptance is kDealCount / 2^53 = 0.6114.
  DealStream stream(kLabel, ZeroSeed(), "");
  for (int i = 0; i < 100'000; ++i) ASSERT_LT(stream.Next(), kDealCount);
  const double rate = 100'000.0 / static_cast<double>(stream.words_drawn());
  EXPECT_NEAR(rate, static_cast<double>(kDealCount) / 9007199254740992.0, 0.005);
}

TEST(MakeBoardSetTest, FillsTheSet) {
  const Seed seed = CountingSeed();
  const BoardSet set = MakeBoardSet(kLabel, seed, kBeaconSource, kBeaconValue, 36, 4);
  EXPECT_EQ(set.label, kLabel);
  EXPECT_EQ(set.generator_version, kGeneratorVersion);
  EXPECT_EQ(set.commitment, "b6ca6d107e366cd18400592904cf29f0869ea977e003c876bd8c8c45d0a5ddd5");
  EXPECT_EQ(set.beacon_source, kBeaconSource);
  EXPECT_EQ(set.beacon_value, kBeaconValue);
  EXPECT_FALSE(set.seed.has_value());
  EXPECT_EQ(set.table_size, 4);
  ASSERT_EQ(set.boards.size(), 36u);
  Result<std::vector<Board>> boards = GenerateBoards(1, kLabel, seed, kBeaconValue, 36);
  ASSERT_TRUE(boards.ok());
  for (size_t i = 0; i < set.boards.size(); ++i) {
    EXPECT_EQ(set.boards[i].number, static_cast<int>(i) + 1);
    EXPECT_EQ(set.boards[i].board, (*boards)[i]);
  }
  EXPECT_EQ(DealNumber(set.boards[0].board), 3581713786956132u);
}

TEST(MakeBoardSetTest, WaitsForTheBeaconValue) {
  const BoardSet set = MakeBoardSet(kLabel, ZeroSeed(), kBeaconSource, "", 36, 3);
  EXPECT_TRUE(set.boards.empty());
  EXPECT_EQ(set.commitment, "240b81fb076b53f956dfead7b42b9ed0d56fb8461d4e6f8d02aa54e45a6e2b26");
  // The commitment does not depend on the beacon value.
  EXPECT_EQ(MakeBoardSet(kLabel, ZeroSeed(), kBeaconSource, kBeaconValue, 36, 3).commitment,
            set.commitment);
  const BoardSet plain = MakeBoardSet(kLabel, ZeroSeed(), "", "", 5, 3);
  ASSERT_EQ(plain.boards.size(), 5u);
  EXPECT_EQ(DealNumber(plain.boards[0].board), 3141538617266079u);
}

class VerifyTest : public ::testing::Test {
 protected:
  static constexpr int kBoards = 12;
  VerifyTest() : seed_(RandomSeed()) {
    set_ = MakeBoardSet(kLabel, seed_, kBeaconSource, kBeaconValue, kBoards, 3);
    set_.seed = SeedToHex(seed_);
  }

  // Expects Verify to fail with a message containing each of `parts`.
  void ExpectFailure(const BoardSet& set, const std::vector<std::string>& parts) {
    const Status status = Verify(set);
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument);
    for (const std::string& part : parts) EXPECT_TRUE(Contains(status.message(), part));
  }
  static std::string BoardName(int k) { return "board " + std::to_string(k) + " "; }

  Seed seed_;
  BoardSet set_;
};

TEST_F(VerifyTest, PassesOnAGeneratedSet) {
  EXPECT_TRUE(Verify(set_).ok()) << Verify(set_).ToString();
  BoardSet plain = MakeBoardSet("club night", seed_, "", "", 1, 4);
  plain.seed = SeedToHex(seed_);
  EXPECT_TRUE(Verify(plain).ok());
}

TEST_F(VerifyTest, NeedsAWellFormedSeed) {
  BoardSet set = set_;
  set.seed.reset();
  ExpectFailure(set, {"seed"});
  set.seed = "abc";
  ExpectFailure(set, {"seed"});
  set.seed = SeedToHex(RandomSeed());  // well formed, wrong
  ExpectFailure(set, {"commitment"});
}

TEST_F(VerifyTest, NamesTheBoardWhenACardMovesBetweenHands) {
  Rng rng(4);
  for (int k = 1; k <= kBoards; ++k) {
    BoardSet set = set_;
    Board& board = set.boards[k - 1].board;
    const int from = static_cast<int>(rng.Below(3));
    const int to = (from + 1 + static_cast<int>(rng.Below(2))) % 3;
    // Swap one card of each hand: both hands still hold 10 cards.
    const Card a = board.hands[from].lowest();
    const Card b = board.hands[to].highest();
    board.hands[from].remove(a);
    board.hands[from].add(b);
    board.hands[to].remove(b);
    board.hands[to].add(a);
    ExpectFailure(set, {BoardName(k), std::string(DirectionName(Direction(from))) + " holds " +
                                          ToString(b) + " instead of " + ToString(a)});
  }
}

TEST_F(VerifyTest, NamesTheBoardWhenAHandCardMovesToTheSkat) {
  for (int k = 1; k <= kBoards; ++k) {
    BoardSet set = set_;
    Board& board = set.boards[k - 1].board;
    const Card hand_card = board.hands[2].lowest();
    board.hands[2].remove(hand_card);
    board.hands[2].add(board.skat[1]);
    board.skat[1] = hand_card;
    ExpectFailure(set, {BoardName(k), "rearhand", "skat"});
  }
}

TEST_F(VerifyTest, NamesTheBoardWhenTheSkatOrderChanges) {
  for (int k = 1; k <= kBoards; ++k) {
    BoardSet set = set_;
    std::swap(set.boards[k - 1].board.skat[0], set.boards[k - 1].board.skat[1]);
    ExpectFailure(set, {BoardName(k), "skat order"});
  }
}

TEST_F(VerifyTest, NamesTheBoardWhenABoardIsReplaced) {
  Rng rng(9);
  for (int k = 1; k <= kBoards; ++k) {
    BoardSet set = set_;
    set.boards[k - 1].board = UnrankBoard(rng.Below(kDealCount));
    ExpectFailure(set, {BoardName(k)});
    // Another board of the same set in its place.
    set = set_;
    set.boards[k - 1].board = set_.boards[k % kBoards].board;
    ExpectFailure(set, {BoardName(k)});
  }
  BoardSet swapped = set_;
  std::swap(swapped.boards[3].board, swapped.boards[7].board);
  ExpectFailure(swapped, {BoardName(4)});
}

TEST_F(VerifyTest, ChecksTheCommitmentLabelAndBeacon) {
  BoardSet set = set_;
  set.commitment[10] = set.commitment[10] == '0' ? '1' : '0';
  ExpectFailure(set, {"commitment"});
  set = set_;
  set.label += " ";
  ExpectFailure(set, {"commitment"});
  set = set_;
  set.beacon_source = "DJIA close 2026-11-24";
  ExpectFailure(set, {"commitment"});
  set = set_;
  set.beacon_source.clear();
  ExpectFailure(set, {"commitment"});
  set = set_;
  set.beacon_value = "34512.08";  // not in the commitment, but every board changes
  ExpectFailure(set, {BoardName(1)});
  set = set_;
  set.beacon_value.clear();
  ExpectFailure(set, {"beacon"});
  set = set_;
  set.generator_version = 2;
  ExpectFailure(set, {"version"});
}

TEST_F(VerifyTest, ChecksTheBoardNumbering) {
  BoardSet set = set_;
  set.boards[5].number = 7;
  ExpectFailure(set, {"board 6 ", "numbered 7"});
  set = set_;
  set.boards.clear();
  ExpectFailure(set, {"no boards"});
  // A truncated set is still the generator's first boards.
  set = set_;
  set.boards.resize(5);
  EXPECT_TRUE(Verify(set).ok());
}

}  // namespace deal_test
}  // namespace skat::deal
