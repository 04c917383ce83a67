// skat play's reading of typed lines, its keys and its hand order (services/cli/play/play_input.h,
// services/cli/play/hand_order.h): a line that names no legal act is refused with a reason and
// never becomes an act ("Online play never accepts an illegal act"); a card's letter stays with the
// card for the whole board, so a late key is refused, never read as another card.
#include "services/cli/play/play_input.h"

#include <gtest/gtest.h>

#include "services/cli/play/hand_order.h"

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

// A dealt hand in the order skat play shows it before the game is known (jacks, then the suits).
std::vector<Card> Dealt() {
  return {C(Suit::kClubs, Rank::kJack),     C(Suit::kHearts, Rank::kJack),
          C(Suit::kClubs, Rank::kAce),      C(Suit::kClubs, Rank::kSeven),
          C(Suit::kSpades, Rank::kTen),     C(Suit::kHearts, Rank::kAce),
          C(Suit::kHearts, Rank::kKing),    C(Suit::kHearts, Rank::kSeven),
          C(Suit::kDiamonds, Rank::kQueen), C(Suit::kDiamonds, Rank::kEight)};
}

TEST(PlayInputTest, EachCardKeepsItsLetterForTheWholeBoard) {
  CardKeys keys;
  keys.Update(0, Dealt());
  EXPECT_EQ(keys.KeyOf(C(Suit::kClubs, Rank::kJack)), 'a');
  EXPECT_EQ(keys.KeyOf(C(Suit::kDiamonds, Rank::kEight)), 'j');
  EXPECT_EQ(keys.CardOf('f'), C(Suit::kHearts, Rank::kAce));
  // The skat's two cards get the next letters; the others keep theirs.
  std::vector<Card> twelve = Dealt();
  twelve.insert(twelve.begin() + 1, C(Suit::kSpades, Rank::kJack));
  twelve.push_back(C(Suit::kDiamonds, Rank::kSeven));
  keys.Update(0, twelve);
  EXPECT_EQ(keys.KeyOf(C(Suit::kSpades, Rank::kJack)), 'k');
  EXPECT_EQ(keys.KeyOf(C(Suit::kDiamonds, Rank::kSeven)), 'l');
  EXPECT_EQ(keys.KeyOf(C(Suit::kHearts, Rank::kJack)), 'b');
  // Hearts declared: the hand is shown in another order, two cards discarded, two played; every
  // card still in the hand keeps its letter, and the letters of the cards gone stay theirs.
  const std::vector<Card> later = {
      C(Suit::kClubs, Rank::kJack),     C(Suit::kSpades, Rank::kJack),
      C(Suit::kHearts, Rank::kAce),     C(Suit::kHearts, Rank::kSeven),
      C(Suit::kClubs, Rank::kSeven),    C(Suit::kSpades, Rank::kTen),
      C(Suit::kDiamonds, Rank::kQueen), C(Suit::kDiamonds, Rank::kSeven)};
  keys.Update(0, later);
  EXPECT_EQ(keys.KeyOf(C(Suit::kClubs, Rank::kJack)), 'a');
  EXPECT_EQ(keys.KeyOf(C(Suit::kSpades, Rank::kJack)), 'k');
  EXPECT_EQ(keys.KeyOf(C(Suit::kHearts, Rank::kAce)), 'f');
  EXPECT_EQ(keys.KeyOf(C(Suit::kHearts, Rank::kSeven)), 'h');
  EXPECT_EQ(keys.KeyOf(C(Suit::kDiamonds, Rank::kSeven)), 'l');
  EXPECT_EQ(keys.CardOf('c'), C(Suit::kClubs, Rank::kAce));  // played: still its letter
  EXPECT_FALSE(keys.hand().contains(C(Suit::kClubs, Rank::kAce)));
  // The menu's keys are the cards' letters, whatever the number of cards.
  SeatView view;
  view.seat = kM;
  view.phase = Phase::kPlaying;
  view.declaration = Declaration{SkatHandling::kPickup, GameType::kHearts};
  for (Card c : later) view.hand.add(c);
  const std::vector<Act> legal = {Act::Play(kM, C(Suit::kHearts, Rank::kSeven)),
                                  Act::Play(kM, C(Suit::kClubs, Rank::kJack))};
  const std::vector<MenuEntry> menu = Menu(view, legal, keys);
  ASSERT_EQ(menu.size(), 2u);
  EXPECT_EQ(menu[0].key, "a");
  EXPECT_EQ(menu[1].key, "h");
  EXPECT_EQ(menu[1].label, "play H-7");
  // A new board starts afresh.
  keys.Update(1, {C(Suit::kDiamonds, Rank::kSeven)});
  EXPECT_EQ(keys.KeyOf(C(Suit::kDiamonds, Rank::kSeven)), 'a');
  EXPECT_EQ(keys.CardOf('c'), std::nullopt);
}

TEST(PlayInputTest, ALateKeyIsRefusedNeverReadAsAnotherCard) {
  CardKeys keys;
  keys.Update(0, Dealt());
  // Two cards played: C-A (c) and H-K (g).
  std::vector<Card> hand = Dealt();
  std::erase(hand, C(Suit::kClubs, Rank::kAce));
  std::erase(hand, C(Suit::kHearts, Rank::kKing));
  keys.Update(0, hand);
  const std::vector<Act> legal = {Act::Play(kM, C(Suit::kHearts, Rank::kAce)),
                                  Act::Play(kM, C(Suit::kHearts, Rank::kSeven)),
                                  Act::Play(kM, C(Suit::kHearts, Rank::kJack))};
  const CardStyle ascii;
  std::string error;
  EXPECT_EQ(Interpret("f", kM, legal, {}, keys, ascii, error), legal[0]);
  EXPECT_EQ(Interpret(" H ", kM, legal, {}, keys, ascii, error), legal[1]);
  EXPECT_EQ(Interpret("c", kM, legal, {}, keys, ascii, error), std::nullopt);
  EXPECT_EQ(error, "c was C-A, which is no longer in your hand");
  EXPECT_EQ(Interpret("g", kM, legal, {}, keys, ascii, error), std::nullopt);
  EXPECT_EQ(error, "g was H-K, which is no longer in your hand");
  EXPECT_EQ(Interpret("C-A", kM, legal, {}, keys, ascii, error), std::nullopt);
  EXPECT_EQ(error, "C-A (c) is no longer in your hand");
  // In the hand, not legal now: the legal cards by their letters.
  EXPECT_EQ(Interpret("a", kM, legal, {}, keys, ascii, error), std::nullopt);
  EXPECT_EQ(error, "C-J is not a legal card now (legal now: f h b)");
  EXPECT_EQ(Interpret("k", kM, legal, {}, keys, ascii, error), std::nullopt);
  EXPECT_EQ(error, "no card has the key k");
  // Without a numbered menu a small number is no act: never the n-th legal card.
  EXPECT_EQ(Interpret("1", kM, legal, {}, keys, ascii, error), std::nullopt);
  EXPECT_EQ(error, "1 is no key now (a bid is its value; a card its letter)");
  // With the symbols, the refusal names the card as the screen shows it.
  EXPECT_EQ(Interpret("c", kM, legal, {}, keys, CardStyle{.symbols = true}, error), std::nullopt);
  EXPECT_EQ(error, "c was \u2663A, which is no longer in your hand");
}

TEST(PlayInputTest, CardsAreReadInEveryForm) {
  CardKeys keys;
  keys.Update(0, Dealt());
  const std::vector<Act> legal = {
      Act::Play(kM, C(Suit::kClubs, Rank::kJack)), Act::Play(kM, C(Suit::kHearts, Rank::kTen)),
      Act::Play(kM, C(Suit::kSpades, Rank::kTen)), Act::Play(kM, C(Suit::kDiamonds, Rank::kQueen))};
  std::string error;
  for (const char* typed : {"C-J", "cj", "CJ", "\u2663J", "\u2663j", "play \u2663J", "a"}) {
    EXPECT_EQ(Interpret(typed, kM, legal, {}, keys, CardStyle(), error), legal[0]) << typed;
  }
  EXPECT_EQ(Interpret("\u2665"
                      "10",
                      kM, legal, {}, CardKeys(), CardStyle(), error),
            legal[1]);
  EXPECT_EQ(Interpret("\u2660T", kM, legal, {}, keys, CardStyle(), error), legal[2]);
  EXPECT_EQ(Interpret("\u2666Q", kM, legal, {}, keys, CardStyle(), error), legal[3]);
  EXPECT_EQ(CardName(C(Suit::kClubs, Rank::kJack), CardStyle{.symbols = true}), "\u2663J");
  EXPECT_EQ(CardName(C(Suit::kHearts, Rank::kTen), CardStyle{.symbols = true}),
            "\u2665"
            "10");
  // Red suits in red only with colour; the plain output keeps the ASCII names.
  EXPECT_EQ(CardName(C(Suit::kDiamonds, Rank::kAce), CardStyle{.symbols = true, .colour = true}),
            "\x1b[31m\u2666A\x1b[39m");
  EXPECT_EQ(CardName(C(Suit::kSpades, Rank::kAce), CardStyle{.symbols = true, .colour = true}),
            "\u2660A");
  EXPECT_EQ(CardName(C(Suit::kHearts, Rank::kTen), CardStyle()), "H-10");
}

TEST(PlayInputTest, OtherActsHaveKeysThatDoNotDependOnTheCards) {
  CardKeys keys;
  keys.Update(0, Dealt());
  SeatView view;
  view.seat = kM;
  std::string error;
  // Bidding: the value, y hold, p pass.
  const std::vector<Act> bidding = {Act::Bid(kM, 18), Act::Bid(kM, 20),
                                    Act::Simple(ActType::kPass, kM)};
  std::vector<MenuEntry> menu = Menu(view, bidding, keys);
  ASSERT_EQ(menu.size(), 3u);
  EXPECT_EQ(menu[0].key, "p");
  EXPECT_EQ(menu[1].key, "18");
  EXPECT_EQ(Interpret("20", kM, bidding, {}, keys, CardStyle(), error), bidding[1]);
  EXPECT_EQ(Interpret("p", kM, bidding, {}, keys, CardStyle(), error), bidding[2]);
  EXPECT_EQ(Interpret("y", kM, bidding, {}, keys, CardStyle(), error), std::nullopt);
  EXPECT_EQ(error, "'y' is not possible now");
  // A card's key while bidding: no card can be played.
  EXPECT_EQ(Interpret("a", kM, bidding, {}, keys, CardStyle(), error), std::nullopt);
  EXPECT_EQ(error, "C-J is not a legal card now");
  const std::vector<Act> listening = {Act::Simple(ActType::kHold, kM),
                                      Act::Simple(ActType::kPass, kM)};
  EXPECT_EQ(Interpret("y", kM, listening, {}, keys, CardStyle(), error), listening[0]);
  EXPECT_EQ(Menu(view, listening, keys)[0].key, "y");
  // The skat decision: t takes the skat, a hand game by its name.
  const Declaration hand_grand{SkatHandling::kHand, GameType::kGrand};
  const std::vector<Act> decision = {Act::Simple(ActType::kTakeSkat, kM),
                                     Act::Declare(kM, hand_grand)};
  EXPECT_EQ(Interpret("t", kM, decision, {}, keys, CardStyle(), error), decision[0]);
  EXPECT_EQ(Interpret("grand solo", kM, decision, {}, keys, CardStyle(), error), decision[1]);
  EXPECT_EQ(KeyOf(decision[1], keys), "grand solo");
  // After taking the skat: two letters discard; the game by its name alone.
  std::vector<Card> twelve = Dealt();
  twelve.push_back(C(Suit::kSpades, Rank::kSeven));
  twelve.push_back(C(Suit::kDiamonds, Rank::kSeven));
  keys.Update(0, twelve);
  const std::vector<Act> discard = {
      Act::Discard(kM, C(Suit::kSpades, Rank::kSeven), C(Suit::kDiamonds, Rank::kSeven)),
      Act::Discard(kM, C(Suit::kClubs, Rank::kSeven), C(Suit::kSpades, Rank::kSeven))};
  EXPECT_EQ(Interpret("l k", kM, discard, {}, keys, CardStyle(), error), discard[0]);
  EXPECT_EQ(Interpret("dk", kM, discard, {}, keys, CardStyle(), error), discard[1]);
  EXPECT_EQ(Interpret("k", kM, discard, {}, keys, CardStyle(), error), std::nullopt);
  EXPECT_EQ(error, "to discard, type two cards' letters (e.g. k and another)");
  EXPECT_EQ(KeyOf(discard[0], keys), "k l");
  const Declaration hearts{SkatHandling::kPickup, GameType::kHearts};
  const std::vector<Act> declaring = {
      Act::Declare(kM, hearts),
      Act::Declare(kM, Declaration{SkatHandling::kPickup, GameType::kNull, true})};
  EXPECT_EQ(Interpret("hearts", kM, declaring, {}, keys, CardStyle(), error), declaring[0]);
  EXPECT_EQ(Interpret("Null Ouvert", kM, declaring, {}, keys, CardStyle(), error), declaring[1]);
  EXPECT_EQ(Interpret("grand", kM, declaring, {}, keys, CardStyle(), error), std::nullopt);
}

TEST(PlayInputTest, ThePlainOutputKeepsItsShape) {
  SeatView view;
  view.seat = kM;
  view.phase = Phase::kPlaying;
  view.declaration = Declaration{SkatHandling::kHand, GameType::kHearts};
  view.hand = CardSet(C(Suit::kHearts, Rank::kAce)) | C(Suit::kClubs, Rank::kJack) |
              C(Suit::kSpades, Rank::kSeven) | C(Suit::kHearts, Rank::kJack);
  CardKeys keys;
  keys.Update(0, InOrder(view.hand, std::nullopt));  // dealt: C-J H-J | S-7 | H-A
  const std::vector<Act> legal = {Act::Play(kM, C(Suit::kClubs, Rank::kJack)),
                                  Act::Play(kM, C(Suit::kHearts, Rank::kJack)),
                                  Act::Play(kM, C(Suit::kHearts, Rank::kAce))};
  const std::vector<MenuEntry> menu = Menu(view, legal, keys);
  EXPECT_EQ(MenuText(menu),
            "your move:\n"
            "   1) play C-J\n"
            "   2) play H-J\n"
            "   3) play H-A\n"
            "(a number, a card's letter, or the act: e.g. 18, pass, C-J, \"S-7 D-8\", hand grand; "
            "q quits)\n"
            "play> ");
  CardSet marked;
  for (const Act& a : legal) marked.add(a.cards[0]);
  EXPECT_EQ(KeyedHandText(view.hand, OrderOf(view), marked, keys), "a:C-J* b:H-J* d:H-A* | c:S-7");
  EXPECT_EQ(KeyedHandText(CardSet(), std::nullopt, CardSet(), keys), "(no cards)");
  // The plain menu's numbers still pick its entries; the letters work there too.
  std::string error;
  EXPECT_EQ(Interpret("3", kM, legal, menu, keys, CardStyle(), error), legal[2]);
  EXPECT_EQ(Interpret("d", kM, legal, menu, keys, CardStyle(), error), legal[2]);
}

}  // namespace
}  // namespace skat::cli
