// Cards and card sets: notation (docs/cards.md), card points (RULES C1), CardSet arithmetic.
#include "engine/card.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/card_set.h"

namespace skat {
namespace card_test {

Card C(std::string_view text) {
  std::optional<Card> card = ParseCard(text);
  EXPECT_TRUE(card.has_value()) << text;
  return card.value_or(Card());
}

CardSet Set(std::string_view text) {
  std::optional<CardSet> cards = ParseCardSet(text);
  EXPECT_TRUE(cards.has_value()) << text;
  return cards.value_or(CardSet());
}

// docs/cards.md "Card index": index = 8 * suit + rank, suits D H S C, ranks 7 8 9 10 J Q K A.
TEST(CardTest, IndexFollowsTheDocumentedOrder) {
  EXPECT_EQ(Card(Suit::kDiamonds, Rank::kSeven).index(), 0);
  EXPECT_EQ(Card(Suit::kHearts, Rank::kTen).index(), 11);
  EXPECT_EQ(Card(Suit::kSpades, Rank::kJack).index(), 20);
  EXPECT_EQ(Card(Suit::kClubs, Rank::kAce).index(), 31);
  for (int i = 0; i < kCardCount; ++i) {
    const Card card = Card::FromIndex(i);
    EXPECT_EQ(card.index(), i);
    EXPECT_EQ(static_cast<int>(card.suit()), i / 8);
    EXPECT_EQ(static_cast<int>(card.rank()), i % 8);
    EXPECT_EQ(card.is_jack(), i % 8 == 4);
  }
}

TEST(CardTest, ToStringPrintsSuitDashRank) {
  EXPECT_EQ(ToString(Card::FromIndex(0)), "D-7");
  EXPECT_EQ(ToString(Card::FromIndex(11)), "H-10");
  EXPECT_EQ(ToString(Card::FromIndex(20)), "S-J");
  EXPECT_EQ(ToString(Card::FromIndex(31)), "C-A");
}

TEST(CardTest, NotationRoundTripsForAll32Cards) {
  std::vector<std::string> seen;
  for (int i = 0; i < kCardCount; ++i) {
    const Card card = Card::FromIndex(i);
    const std::string text = ToString(card);
    const std::optional<Card> parsed = ParseCard(text);
    ASSERT_TRUE(parsed.has_value()) << text;
    EXPECT_EQ(*parsed, card) << text;
    for (const std::string& other : seen) EXPECT_NE(other, text);
    seen.push_back(text);
  }
}

// docs/cards.md: no dash, T for ten, lower case, suit symbols.
TEST(CardTest, ParseCardAcceptsLenientForms) {
  EXPECT_EQ(ParseCard("CJ"), Card(Suit::kClubs, Rank::kJack));
  EXPECT_EQ(ParseCard("h10"), Card(Suit::kHearts, Rank::kTen));
  EXPECT_EQ(ParseCard("ST"), Card(Suit::kSpades, Rank::kTen));
  EXPECT_EQ(ParseCard("H-T"), Card(Suit::kHearts, Rank::kTen));
  EXPECT_EQ(ParseCard("ht"), Card(Suit::kHearts, Rank::kTen));
  EXPECT_EQ(ParseCard("c-j"), Card(Suit::kClubs, Rank::kJack));
  EXPECT_EQ(ParseCard("d7"), Card(Suit::kDiamonds, Rank::kSeven));
  EXPECT_EQ(ParseCard("\u2663A"), Card(Suit::kClubs, Rank::kAce));      // ♣A
  EXPECT_EQ(ParseCard("\u2663-J"), Card(Suit::kClubs, Rank::kJack));    // ♣-J
  EXPECT_EQ(ParseCard("\u2660Q"), Card(Suit::kSpades, Rank::kQueen));   // ♠Q
  EXPECT_EQ(ParseCard("\u266510"), Card(Suit::kHearts, Rank::kTen));    // ♥10
  EXPECT_EQ(ParseCard("\u2666K"), Card(Suit::kDiamonds, Rank::kKing));  // ♦K
}

TEST(CardTest, ParseCardRejectsMalformedText) {
  for (std::string_view text :
       {"X-A", "C-1", "", "C-JJ", "C", "C-", "-J", "C--J", "C-11", "J-C", "CJ ", "C-0"}) {
    EXPECT_FALSE(ParseCard(text).has_value()) << "'" << text << "'";
  }
}

TEST(CardTest, ParseSuitReadsLettersAndSymbols) {
  EXPECT_EQ(ParseSuit("C"), Suit::kClubs);
  EXPECT_EQ(ParseSuit("s"), Suit::kSpades);
  EXPECT_EQ(ParseSuit("\u2665"), Suit::kHearts);
  EXPECT_EQ(ParseSuit("D"), Suit::kDiamonds);
  EXPECT_FALSE(ParseSuit("X").has_value());
  EXPECT_FALSE(ParseSuit("CC").has_value());
  EXPECT_FALSE(ParseSuit("").has_value());
}

// RULES C1: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0.
TEST(CardTest, CardPointsPerRank) {
  const int expected[kRankCount] = {0, 0, 0, 10, 2, 3, 4, 11};  // 7 8 9 10 J Q K A
  for (int s = 0; s < kSuitCount; ++s) {
    for (int r = 0; r < kRankCount; ++r) {
      EXPECT_EQ(Card(static_cast<Suit>(s), static_cast<Rank>(r)).points(), expected[r]);
    }
  }
}

// RULES C1: the pack holds 120 card points.
TEST(CardTest, CardPointsSumTo120) {
  int sum = 0;
  for (int i = 0; i < kCardCount; ++i) sum += Card::FromIndex(i).points();
  EXPECT_EQ(sum, 120);
  EXPECT_EQ(CardSet::All().points(), 120);
  EXPECT_EQ(CardSet::OfSuit(Suit::kHearts).points(), 30);
  EXPECT_EQ(CardSet::Jacks().points(), 8);
  EXPECT_EQ(CardSet().points(), 0);
}

TEST(CardSetTest, SizeContainsAndMaskOperators) {
  const CardSet a = Set("C-J S-J H-A");
  const CardSet b = Set("C-J D-7");
  EXPECT_EQ(a.size(), 3);
  EXPECT_TRUE(a.contains(C("S-J")));
  EXPECT_FALSE(a.contains(C("D-7")));
  EXPECT_EQ(a | b, Set("C-J S-J H-A D-7"));
  EXPECT_EQ(a & b, Set("C-J"));
  EXPECT_EQ(a - b, Set("S-J H-A"));
  EXPECT_EQ((~a).size(), 29);
  EXPECT_EQ(~a & a, CardSet());
  EXPECT_TRUE(a.contains(Set("C-J H-A")));
  EXPECT_FALSE(a.contains(b));
  EXPECT_TRUE(a.intersects(b));
  EXPECT_FALSE(a.intersects(Set("D-7 D-8")));
  EXPECT_TRUE(CardSet().empty());
  EXPECT_FALSE(a.empty());
}

TEST(CardSetTest, AddRemoveLowestHighest) {
  CardSet s;
  s.add(C("H-9"));
  s.add(Set("S-A D-8"));
  EXPECT_EQ(s.size(), 3);
  EXPECT_EQ(s.lowest(), C("D-8"));
  EXPECT_EQ(s.highest(), C("S-A"));
  s.remove(C("S-A"));
  EXPECT_EQ(s.highest(), C("H-9"));
  s.remove(Set("H-9 D-8 C-A"));  // removing absent cards is harmless
  EXPECT_TRUE(s.empty());
}

TEST(CardSetTest, NamedSets) {
  EXPECT_EQ(CardSet::All().size(), 32);
  EXPECT_EQ(CardSet::OfSuit(Suit::kClubs), Set("C-A C-K C-Q C-J C-10 C-9 C-8 C-7"));
  EXPECT_EQ(CardSet::OfRank(Rank::kAce), Set("C-A S-A H-A D-A"));
  EXPECT_EQ(CardSet::Jacks(), Set("C-J S-J H-J D-J"));
  CardSet all_suits;
  for (int s = 0; s < kSuitCount; ++s) all_suits.add(CardSet::OfSuit(static_cast<Suit>(s)));
  EXPECT_EQ(all_suits, CardSet::All());
}

TEST(CardSetTest, IteratesFromLowestIndexUp) {
  std::vector<int> indices;
  for (Card c : Set("C-A D-7 H-10 S-J")) indices.push_back(c.index());
  EXPECT_EQ(indices, (std::vector<int>{0, 11, 20, 31}));
  int count = 0;
  for (Card c : CardSet::All()) EXPECT_EQ(c.index(), count++);
  EXPECT_EQ(count, 32);
}

// docs/cards.md "Sets of cards": clubs first, then spades, hearts, diamonds; A K Q J 10 9 8 7.
TEST(CardSetTest, ToStringOrdersClubsFirstAceDown) {
  EXPECT_EQ(ToString(Set("D-7 D-9 H-8 C-J S-9 D-A S-10 D-Q H-K C-A")),
            "C-A C-J S-10 S-9 H-K H-8 D-A D-Q D-9 D-7");
  EXPECT_EQ(ToString(CardSet::OfSuit(Suit::kSpades)), "S-A S-K S-Q S-J S-10 S-9 S-8 S-7");
  EXPECT_EQ(ToString(CardSet::All()).substr(0, 24), "C-A C-K C-Q C-J C-10 C-9");
  EXPECT_EQ(ToString(CardSet()), "");
}

TEST(CardSetTest, ParseCardSetAcceptsSpacesCommasAndLenientCards) {
  EXPECT_EQ(ParseCardSet("C-J, sj  h10,\u2666A"), Set("C-J S-J H-10 D-A"));
  EXPECT_EQ(ParseCardSet(""), CardSet());
  const CardSet all = CardSet::All();
  EXPECT_EQ(ParseCardSet(ToString(all)), all);
}

TEST(CardSetTest, ParseCardSetRejectsDuplicatesAndUnreadableCards) {
  EXPECT_FALSE(ParseCardSet("C-J S-J C-J").has_value());
  EXPECT_FALSE(ParseCardSet("C-J CJ").has_value());  // the same card in two notations
  EXPECT_FALSE(ParseCardSet("H-10 HT").has_value());
  EXPECT_FALSE(ParseCardSet("C-J X-A").has_value());
  EXPECT_FALSE(ParseCardSet("C-J;S-J").has_value());
}

}  // namespace card_test
}  // namespace skat
