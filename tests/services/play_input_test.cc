// skat play's reading of typed lines and its hand order (services/cli/play_input.h,
// services/cli/hand_order.h): a line that names no legal act is refused with a reason and never
// becomes an act ("Online play never accepts an illegal act").
#include "services/cli/play_input.h"

#include <gtest/gtest.h>

#include "services/cli/hand_order.h"

namespace skat::cli {
namespace {

constexpr Direction kM = Direction::kMiddlehand;

Card C(Suit s, Rank r) { return Card(s, r); }

TEST(PlayInputTest, BiddingMenuListsPassThenTheNextBids) {
  SeatView view;
  view.seat = kM;
  const std::vector<Act> legal = {Act::Bid(kM, 22), Act::Bid(kM, 18), Act::Bid(kM, 20),
                                  Act::Simple(ActType::kPass, kM)};
  const std::vector<MenuEntry> menu = Menu(view, legal);
  ASSERT_EQ(menu.size(), 4u);
  EXPECT_EQ(menu[0].label, "pass");
  EXPECT_EQ(menu[1].label, "bid 18");
  EXPECT_EQ(menu[3].label, "bid 22");
  std::string error;
  EXPECT_EQ(Interpret("2", kM, legal, menu, error), Act::Bid(kM, 18));   // a menu number
  EXPECT_EQ(Interpret("20", kM, legal, menu, error), Act::Bid(kM, 20));  // beyond the menu: a bid
  EXPECT_EQ(Interpret(" P ", kM, legal, menu, error), Act::Simple(ActType::kPass, kM));
  EXPECT_EQ(Interpret("no", kM, legal, menu, error), Act::Simple(ActType::kPass, kM));
  EXPECT_EQ(Interpret("19", kM, legal, menu, error), std::nullopt);
  EXPECT_EQ(error, "19 is not a legal bid now (the next legal bid is 18)");
  EXPECT_EQ(Interpret("passt-mir-nicht", kM, legal, menu, error), std::nullopt);
  EXPECT_EQ(error, "'passt-mir-nicht' is not possible now");
  EXPECT_EQ(Interpret("hand grand", kM, legal, menu, error), std::nullopt);
  EXPECT_EQ(error, "cannot read 'hand grand' as a legal act now");
}

TEST(PlayInputTest, CardPlayTakesOnlyLegalCards) {
  SeatView view;
  view.seat = kM;
  view.phase = Phase::kPlaying;
  view.declaration = Declaration{SkatHandling::kHand, GameType::kHearts};
  view.hand = CardSet(C(Suit::kHearts, Rank::kAce)) | C(Suit::kClubs, Rank::kJack) |
              C(Suit::kSpades, Rank::kSeven) | C(Suit::kHearts, Rank::kJack);
  // Hearts led: the trumps are legal, the spade is not (RULES T2).
  const std::vector<Act> legal = {Act::Play(kM, C(Suit::kClubs, Rank::kJack)),
                                  Act::Play(kM, C(Suit::kHearts, Rank::kJack)),
                                  Act::Play(kM, C(Suit::kHearts, Rank::kAce))};
  const std::vector<MenuEntry> menu = Menu(view, legal);
  ASSERT_EQ(menu.size(), 3u);
  EXPECT_EQ(menu[0].label, "play C-J");  // hand order: jacks, then the trump suit
  EXPECT_EQ(menu[2].label, "play H-A");
  std::string error;
  EXPECT_EQ(Interpret("h-a", kM, legal, menu, error), legal[2]);
  EXPECT_EQ(Interpret("play H-J", kM, legal, menu, error), legal[1]);
  EXPECT_EQ(Interpret("S-7", kM, legal, menu, error), std::nullopt);
  EXPECT_EQ(error, "S-7 is not a legal card now (legal: the cards marked *)");
  EXPECT_EQ(Interpret("4", kM, legal, menu, error), std::nullopt);
  EXPECT_EQ(error, "there is no menu entry 4");
  CardSet marked;
  for (const Act& a : legal) marked.add(a.cards[0]);
  EXPECT_EQ(HandText(view.hand, OrderOf(view), marked), "C-J* H-J* H-A* | S-7");
}

TEST(PlayInputTest, HandOrderFollowsTheGame) {
  const CardSet hand = CardSet(C(Suit::kDiamonds, Rank::kJack)) | C(Suit::kClubs, Rank::kTen) |
                       C(Suit::kClubs, Rank::kKing) | C(Suit::kClubs, Rank::kJack) |
                       C(Suit::kHearts, Rank::kSeven);
  // Grand (and before the game is known): the jacks, then each suit A 10 K Q 9 8 7.
  EXPECT_EQ(HandText(hand, std::nullopt, CardSet()), "C-J D-J | C-10 C-K | H-7");
  // Null: no trumps, natural order, the jacks in their suits.
  EXPECT_EQ(HandText(hand, GameType::kNull, CardSet()), "C-K C-J C-10 | H-7 | D-J");
  EXPECT_EQ(HandText(CardSet(), GameType::kNull, CardSet()), "(no cards)");
}

}  // namespace
}  // namespace skat::cli
