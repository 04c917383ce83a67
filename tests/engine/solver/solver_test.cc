// The open-hand solver (engine/solver/solver.h, docs/par.md): agreement with a plain minimax on
// random positions, hand-made positions with known values, and a pinned node-count signature.
#include "engine/solver/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/card_set.h"
#include "engine/position.h"
#include "engine/random.h"
#include "engine/solver/bounds.h"
#include "engine/solver/move_order.h"
#include "engine/solver/pext.h"
#include "engine/solver/search_state.h"
#include "tests/test_scale.h"

namespace skat {
namespace solver_test {

constexpr Direction kF = Direction::kForehand;
constexpr Direction kM = Direction::kMiddlehand;
constexpr Direction kR = Direction::kRearhand;

CardSet Cards(const char* text) { return *ParseCardSet(text); }

// ---- The reference: plain minimax, no table, no pruning, no equivalent cards. ----

// Points the declarer takes from the tricks completed from here on; he maximises.
int MinimaxPoints(Position& p, Direction declarer) {
  if (p.finished()) return 0;
  const bool maximise = p.to_move() == declarer;
  int best = maximise ? -1 : 1000;
  for (const Card c : p.LegalCards()) {
    p.Play(c);
    int v = 0;
    if (p.trick_size() == 0) {
      const int t = p.tricks_played() - 1;
      if (p.trick_winner(t) == declarer) {
        v = (CardSet(p.played(3 * t)) | p.played(3 * t + 1) | p.played(3 * t + 2)).points();
      }
    }
    v += MinimaxPoints(p, declarer);
    p.Undo();
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// Tricks the declarer takes from here on; he maximises them (`declarer_wants`) or minimises
// them (Null), the defenders the opposite.
int MinimaxTricks(Position& p, Direction declarer, bool declarer_wants) {
  if (p.finished()) return 0;
  const bool maximise = (p.to_move() == declarer) == declarer_wants;
  int best = maximise ? -1 : 1000;
  for (const Card c : p.LegalCards()) {
    p.Play(c);
    int v = 0;
    if (p.trick_size() == 0 && p.trick_winner(p.tricks_played() - 1) == declarer) v = 1;
    v += MinimaxTricks(p, declarer, declarer_wants);
    p.Undo();
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

struct RandomPosition {
  Position position;
  Direction declarer;
  int skat_points;
};

// A random deal from `rng`: the three hands, and the skat's card points.
struct Deal {
  std::array<CardSet, 3> hands;
  int skat_points;
};
Deal RandomDeal(Rng& rng) {
  std::array<int, kCardCount> cards{};
  for (int i = 0; i < kCardCount; ++i) cards[i] = i;
  for (int i = kCardCount - 1; i > 0; --i) std::swap(cards[i], cards[rng.Below(i + 1)]);
  Deal deal{};
  for (int i = 0; i < 30; ++i) deal.hands[i / 10].add(Card::FromIndex(cards[i]));
  deal.skat_points = (CardSet(Card::FromIndex(cards[30])) | Card::FromIndex(cards[31])).points();
  return deal;
}

// A random deal, game type (Null included), declarer and prefix of random play leaving
// 1..max_tricks tricks unfinished, possibly with a trick in progress.
RandomPosition MakeRandomPosition(Rng& rng, int max_tricks) {
  const Deal deal = RandomDeal(rng);
  const std::array<CardSet, 3>& hands = deal.hands;
  const int skat_points = deal.skat_points;
  const auto type = static_cast<GameType>(rng.Below(kGameTypeCount));
  const auto declarer = static_cast<Direction>(rng.Below(3));
  Position p(hands, type);
  const int tricks_left = 1 + static_cast<int>(rng.Below(max_tricks));
  const int in_trick = static_cast<int>(rng.Below(3));
  const int prefix = 30 - 3 * tricks_left + in_trick;
  while (p.cards_played() < prefix) {
    const CardSet legal = p.LegalCards();
    int k = static_cast<int>(rng.Below(legal.size()));
    for (const Card c : legal) {
      if (k-- == 0) {
        p.Play(c);
        break;
      }
    }
  }
  return {p, declarer, type == GameType::kNull ? 0 : skat_points};
}

// 10,000 random positions of up to five tricks (1,000 under the sanitizers, tests/test_scale.h):
// every question against the plain minimax.
TEST(SolverTest, AgreesWithPlainMinimaxOnRandomPositions) {
  constexpr int kPositions = testing_scale::Scaled(10'000, 1'000);
  Rng rng(20260923);
  Solver solver(16);
  int nulls = 0;
  int schwarz = 0;
  int trickless = 0;
  for (int n = 0; n < kPositions; ++n) {
    RandomPosition r = MakeRandomPosition(rng, 5);
    Position& p = r.position;
    const Direction d = r.declarer;
    const int banked = p.taken(d).points() + r.skat_points;
    const int exact = banked + MinimaxPoints(p, d);
    ASSERT_EQ(solver.DeclarerPoints(p, d, r.skat_points), exact) << "position " << n;
    // A guess changes no answer: right, a few points off, or anywhere (drawn without the rng,
    // which keeps the sample).
    const int guess = n % 3 == 0 ? exact : n % 3 == 1 ? exact + n % 7 - 3 : n * 37 % 121;
    ASSERT_EQ(solver.DeclarerPoints(p, d, r.skat_points, guess), exact) << n << " " << guess;
    ASSERT_TRUE(solver.DeclarerReaches(p, d, r.skat_points, exact)) << n;
    ASSERT_FALSE(solver.DeclarerReaches(p, d, r.skat_points, exact + 1)) << n;
    const int target = static_cast<int>(rng.Below(122));
    ASSERT_EQ(solver.DeclarerReaches(p, d, r.skat_points, target), exact >= target) << n;

    const int remaining = 10 - p.tricks_played();
    const int most = MinimaxTricks(p, d, true);
    const bool all = p.tricks_won(d) == p.tricks_played() && most == remaining;
    const bool none = p.tricks_won(d) == 0 && most == 0;
    ASSERT_EQ(solver.DeclarerTakesAllTricks(p, d), all) << n;
    ASSERT_EQ(solver.DefendersHoldDeclarerTrickless(p, d), none) << n;
    schwarz += all;
    trickless += none;

    const bool avoids = p.tricks_won(d) == 0 && MinimaxTricks(p, d, false) == 0;
    ASSERT_EQ(solver.DeclarerAvoidsAllTricks(p, d), avoids) << n;
    nulls += avoids;
  }
  // The sample reaches every answer of the yes/no questions often (the seeded sample has 5
  // schwarz, 457 trickless and 320 null positions of 10,000; 1, 40 and 30 of the first 1,000).
  EXPECT_GT(schwarz, 0);
  EXPECT_GT(trickless, testing_scale::Scaled(100, 10));
  EXPECT_GT(nulls, testing_scale::Scaled(100, 10));
}

// SearchState mirrors Position through random play and undo: the hands, the seat to move and
// the live cards (the hands and the trick in progress), from positions in mid-trick too.
TEST(SolverTest, SearchStateMirrorsPosition) {
  Rng rng(20261126);
  int moves = 0;
  for (int n = 0; n < 500; ++n) {
    RandomPosition r = MakeRandomPosition(rng, 1 + static_cast<int>(rng.Below(9)));
    Position& p = r.position;
    SearchState state;
    state.Init(p.rules());
    state.Set(p);
    int depth = 0;
    auto same = [&] {
      CardSet live = p.hand(kF) | p.hand(kM) | p.hand(kR);
      for (int i = p.cards_played() - p.trick_size(); i < p.cards_played(); ++i) {
        live.add(p.played(i));
      }
      ASSERT_EQ(state.live(), live) << n;
      ASSERT_EQ(state.to_move(), p.to_move()) << n;
      ASSERT_EQ(state.LegalCards(), p.LegalCards()) << n;
      for (const Direction d : {kF, kM, kR}) ASSERT_EQ(state.hand(d), p.hand(d)) << n;
    };
    // A random walk of plays and undos, then back to the start.
    for (int step = 0; step < 40 || depth > 0; ++step) {
      if (depth > 0 && (p.finished() || step >= 40 || rng.Below(3) == 0)) {
        p.Undo();
        state.Undo();
        --depth;
      } else {
        const CardSet legal = p.LegalCards();
        int k = static_cast<int>(rng.Below(legal.size()));
        for (const Card c : legal) {
          if (k-- == 0) {
            p.Play(c);
            state.Play(c);
            break;
          }
        }
        ++depth;
        ++moves;
      }
      same();
    }
  }
  EXPECT_GT(moves, 5000);
}

// The sure-trick bounds (engine/solver/bounds.h) hold the plain minimax value at trick
// boundaries, on card points and on tricks, in every game type (Null only on points, as the
// solver asks).
TEST(SolverTest, BoundsHoldTheMinimaxValue) {
  Rng rng(20261125);
  int checked = 0;
  int decided = 0;  // bounds equal to the value on one side
  constexpr int kPositions = testing_scale::Scaled(3'000, 500);  // tests/test_scale.h
  while (checked < kPositions) {
    RandomPosition r = MakeRandomPosition(rng, 4);
    Position& p = r.position;
    if (p.trick_size() != 0) continue;
    ++checked;
    const Direction d = r.declarer;
    const bool null = p.rules().trumps().empty();
    SearchState state;
    state.Init(p.rules());
    state.Set(p);
    Bounds bounds;
    for (const bool points : {true, false}) {
      if (null && !points) continue;
      const int value = points ? MinimaxPoints(p, d) : MinimaxTricks(p, d, true);
      int remaining = 10 - p.tricks_played();
      if (points) {
        remaining = (p.hand(kF) | p.hand(kM) | p.hand(kR)).points();
      }
      bounds.Init(p.rules(), points);
      for (const Bounds::Range b :
           {bounds.Masters(state, d, remaining), bounds.QuickTricks(state, d, remaining),
            bounds.TrumpLength(state, d, remaining)}) {
        ASSERT_LE(b.lower, value) << checked;
        ASSERT_GE(b.upper, value) << checked;
        decided += b.lower == value || b.upper == value;
      }
    }
  }
  // 13,241 at 3,000 positions, 2,188 at 500 (pinned below by some 10 %).
  EXPECT_GT(decided, testing_scale::Scaled(12'000, 2'000));
}

// The same table kept across questions and positions of one deal gives the same answers as a
// fresh solver (entries are keyed by question, declarer and trump structure).
TEST(SolverTest, SharedTableMatchesFreshSolver) {
  Rng rng(7);
  Solver shared(12);  // small: many slot collisions
  for (int n = 0; n < 300; ++n) {
    RandomPosition r = MakeRandomPosition(rng, 6);
    Solver fresh(12);
    ASSERT_EQ(shared.DeclarerPoints(r.position, r.declarer, r.skat_points),
              fresh.DeclarerPoints(r.position, r.declarer, r.skat_points));
    ASSERT_EQ(shared.DeclarerTakesAllTricks(r.position, r.declarer),
              fresh.DeclarerTakesAllTricks(r.position, r.declarer));
    ASSERT_EQ(shared.DeclarerAvoidsAllTricks(r.position, r.declarer),
              fresh.DeclarerAvoidsAllTricks(r.position, r.declarer));
  }
}

// Forehand holds the four jacks and the six best clubs: he takes every trick, 120 points.
TEST(SolverTest, AllTrumpsTakeEveryTrick) {
  const Position p({Cards("C-J S-J H-J D-J C-A C-10 C-K C-Q C-9 C-8"),
                    Cards("S-A S-10 S-K S-Q S-9 S-8 S-7 H-A H-10 H-K"),
                    Cards("H-Q H-9 H-8 H-7 D-A D-10 D-K D-Q D-9 D-8")},
                   GameType::kClubs);  // skat C-7 D-7: 0 points
  Solver solver(16);
  EXPECT_EQ(solver.DeclarerPoints(p, kF, 0), 120);
  EXPECT_TRUE(solver.DeclarerReaches(p, kF, 0, 120));
  EXPECT_TRUE(solver.DeclarerTakesAllTricks(p, kF));
  EXPECT_FALSE(solver.DefendersHoldDeclarerTrickless(p, kF));
  EXPECT_FALSE(solver.DeclarerAvoidsAllTricks(p, kF));
}

// The same deal mid-game, a trick in progress: still every trick.
TEST(SolverTest, MidGameWithTrickInProgress) {
  Position p({Cards("C-J S-J H-J D-J C-A C-10 C-K C-Q C-9 C-8"),
              Cards("S-A S-10 S-K S-Q S-9 S-8 S-7 H-A H-10 H-K"),
              Cards("H-Q H-9 H-8 H-7 D-A D-10 D-K D-Q D-9 D-8")},
             GameType::kClubs);
  for (const char* card : {"C-J", "S-7", "D-8", "S-J", "H-K"}) p.Play(*ParseCard(card));
  ASSERT_EQ(p.trick_size(), 2);
  Solver solver(16);
  EXPECT_EQ(solver.DeclarerPoints(p, kF, 0), 120);
  EXPECT_TRUE(solver.DeclarerTakesAllTricks(p, kF));
  // Middlehand's view as the declarer of the same clubs game: he cannot take a trick.
  EXPECT_EQ(solver.DeclarerPoints(p, kM, 0), 0);
  EXPECT_TRUE(solver.DefendersHoldDeclarerTrickless(p, kM));
}

// Grand: forehand holds only 7s, 8s and 9s and leads once; the defenders hold him trickless and
// he keeps only the skat (C-K C-A, 15 points).
TEST(SolverTest, LowCardsAreHeldTrickless) {
  const Position p({Cards("D-7 D-8 D-9 H-7 H-8 H-9 S-7 S-8 S-9 C-7"),
                    Cards("D-10 D-Q D-K D-A H-10 H-Q H-K H-A C-J S-J"),
                    Cards("S-10 S-Q S-K S-A C-8 C-9 C-10 C-Q H-J D-J")},
                   GameType::kGrand);
  Solver solver(16);
  EXPECT_EQ(solver.DeclarerPoints(p, kF, 15), 15);
  EXPECT_FALSE(solver.DeclarerReaches(p, kF, 15, 61));
  EXPECT_TRUE(solver.DefendersHoldDeclarerTrickless(p, kF));
  EXPECT_FALSE(solver.DeclarerTakesAllTricks(p, kF));
}

// Null: all the 7s and 8s with two 9s win; a long top suit loses on the first trick.
TEST(SolverTest, NullWonAndLost) {
  const Position won({Cards("D-7 D-8 H-7 H-8 S-7 S-8 C-7 C-8 S-9 C-9"),
                      Cards("D-9 D-10 D-J D-Q D-K D-A H-9 H-10 H-J H-Q"),
                      Cards("H-K H-A S-10 S-J S-Q S-K S-A C-10 C-J C-Q")},
                     GameType::kNull);
  Solver solver(16);
  EXPECT_TRUE(solver.DeclarerAvoidsAllTricks(won, kF));
  const Position lost({Cards("C-A C-K C-Q C-J C-10 C-9 C-8 C-7 S-A S-K"),
                       Cards("D-7 D-8 D-9 D-10 D-J D-Q D-K D-A H-7 H-8"),
                       Cards("H-9 H-10 H-J H-Q H-K H-A S-7 S-8 S-9 S-10")},
                      GameType::kNull);
  EXPECT_FALSE(solver.DeclarerAvoidsAllTricks(lost, kF));
  // Rearhand, declaring the same Null, is never forced to take a trick over forehand's clubs.
  EXPECT_TRUE(solver.DeclarerAvoidsAllTricks(lost, kR));
}

// Null from trick 1 with the declarer on lead holding every diamond: he leads his 7s, never wins
// a trick and discards diamonds on everything. Holding the top diamond (a trick he could win if
// he wanted) must not count against him.
TEST(SolverTest, NullDeclarerOnLeadWithATopCardStillWins) {
  const Position p({Cards("D-A D-K D-Q D-J D-10 D-9 D-8 D-7 H-7 S-7"),
                    Cards("H-8 H-9 H-10 H-J H-Q S-8 S-9 S-10 S-J S-Q"),
                    Cards("H-K H-A S-K S-A C-7 C-8 C-9 C-10 C-J C-Q")},
                   GameType::kNull);
  Solver solver(16);
  EXPECT_TRUE(solver.DeclarerAvoidsAllTricks(p, kF));
}

// Equivalent cards: with C-9 and C-8 adjacent (C-10 already gone), only one is searched.
TEST(SolverTest, RunsOfEquivalentCardsAreSearchedOnce) {
  Position p({Cards("C-J S-J H-J D-J C-A C-10 C-K C-Q C-9 C-8"),
              Cards("S-A S-10 S-K S-Q S-9 S-8 S-7 H-A H-10 H-K"),
              Cards("H-Q H-9 H-8 H-7 D-A D-10 D-K D-Q D-9 D-8")},
             GameType::kClubs);
  MoveOrder order;
  order.Init(p.rules(), /*count_points=*/true, /*declarer_wants_tricks=*/true);
  // Forehand's trumps C-J S-J H-J D-J are one run (2 points each, adjacent); C-A, C-10, C-K,
  // C-Q have different points; C-9 C-8 are one run (and C-7 is in the skat, not live).
  EXPECT_EQ(order.Representatives(p), Cards("D-J C-A C-10 C-K C-Q C-8"));
  order.Init(p.rules(), /*count_points=*/false, /*declarer_wants_tricks=*/true);
  EXPECT_EQ(order.Representatives(p), Cards("C-8"));
  // Null: 7 8 9 10 J Q K A. Middlehand's S-7 S-8 S-9 S-10 and S-Q S-K S-A are runs (forehand's
  // S-J between them is live); in hearts H-10 stands alone and H-K H-A are a run.
  Position null_p({Cards("C-J S-J H-J D-J C-A C-10 C-K C-Q C-9 C-8"),
                   Cards("S-A S-10 S-K S-Q S-9 S-8 S-7 H-A H-10 H-K"),
                   Cards("H-Q H-9 H-8 H-7 D-A D-10 D-K D-Q D-9 D-8")},
                  GameType::kNull);
  null_p.Play(*ParseCard("C-J"));  // middlehand is void in clubs: any card
  order.Init(null_p.rules(), false, false);
  EXPECT_EQ(order.Representatives(null_p), Cards("S-7 S-Q H-10 H-K"));
}

// The representatives (found for all legal cards at once, engine/solver/move_order.cc) are the
// legal cards whose next lower live card of their class (in a hand or the trick in progress, by
// power) is not legal, or has other card points when points count: the definition, checked on
// random positions of every game type, where played cards lie between the live ones.
TEST(SolverTest, RepresentativesFollowTheirDefinition) {
  Rng rng(20261127);
  int left_out = 0;
  for (int n = 0; n < 3000; ++n) {
    const RandomPosition r = MakeRandomPosition(rng, 9);
    const Position& p = r.position;
    const TrickRules& rules = p.rules();
    CardSet live = p.hand(kF) | p.hand(kM) | p.hand(kR);
    for (int i = p.cards_played() - p.trick_size(); i < p.cards_played(); ++i)
      live.add(p.played(i));
    const CardSet legal = p.LegalCards();
    for (const bool points : {true, false}) {
      CardSet expected;
      for (const Card c : legal) {
        bool found = false;
        Card next_lower = c;
        for (const Card x : live& rules.FollowSet(c)) {
          if (rules.Power(x) < rules.Power(c) &&
              (!found || rules.Power(x) > rules.Power(next_lower))) {
            next_lower = x;
            found = true;
          }
        }
        const bool run =
            found && legal.contains(next_lower) && (!points || next_lower.points() == c.points());
        if (!run) expected.add(c);
      }
      MoveOrder order;
      order.Init(rules, points, !rules.trumps().empty());
      ASSERT_EQ(order.Representatives(p), expected) << n << " " << points;
      left_out += (legal - expected).size();
    }
  }
  EXPECT_GT(left_out, 3000);  // runs are common
}

// Cards of a suit without its jack (the jacks are trumps in every suit game).
int Length(CardSet hand, Suit suit) {
  return (hand & (CardSet::OfSuit(suit) - CardSet::Jacks())).size();
}

// Table keys: positions whose live cards of each follow class have the same owners in power
// order share a shape, whatever the cards (hearts in a spades game: 7 8 9 Q K 10 A); the point
// shift pairs their live cards by place.
TEST(SolverTest, ShapeAndPointShiftOfHandMadePositions) {
  MoveOrder order;
  order.Init(TrickRules(GameType::kSpades), /*count_points=*/true, /*declarer_wants_tricks=*/true);
  const std::array<CardSet, 3> a = {Cards("H-7 H-A"), Cards("H-9 H-K"), Cards("H-10 H-Q")};
  const std::array<CardSet, 3> b = {Cards("H-8 H-A"), Cards("H-9 H-K"), Cards("H-10 H-Q")};
  // Owners in power order F M R M R F as in a, on the cards 7 8 9 Q K 10.
  const std::array<CardSet, 3> c = {Cards("H-7 H-10"), Cards("H-8 H-Q"), Cards("H-K H-9")};
  const std::array<CardSet, 3> d = {Cards("H-9 H-A"), Cards("H-7 H-K"), Cards("H-10 H-Q")};
  EXPECT_EQ(order.Shape(a), order.Shape(b));
  EXPECT_EQ(order.Shape(a), order.Shape(c));
  EXPECT_NE(order.Shape(a), order.Shape(d));  // 7 and 9 change owners
  auto live = [](const std::array<CardSet, 3>& h) { return h[0] | h[1] | h[2]; };
  // a to b: the 7 becomes the 8, no points move.
  EXPECT_EQ(order.PointShift(live(a), live(b)).up, 0);
  EXPECT_EQ(order.PointShift(live(a), live(b)).down, 0);
  // a to c, place by place: 7>7, 9>8, Q>9 (-3), K>Q (-1), 10>K (-6), A>10 (-1).
  EXPECT_EQ(order.PointShift(live(a), live(c)).up, 0);
  EXPECT_EQ(order.PointShift(live(a), live(c)).down, 11);
  EXPECT_EQ(order.PointShift(live(c), live(a)).up, 11);
  // Null: the order 7 8 9 10 J Q K A; any cards of a suit with the same owners in order.
  order.Init(TrickRules(GameType::kNull), false, false);
  EXPECT_EQ(order.Shape({Cards("H-9 H-A"), Cards("H-J"), Cards("H-Q")}),
            order.Shape({Cards("H-7 H-10"), Cards("H-8"), Cards("H-9")}));
}

// Quasi-symmetry (MoveOrder::Shape, PointShift): a deal and its twin, whose live cards of each
// follow class are other cards of the class in the same power order and owners, play alike card
// for card; after the same (corresponding) random tricks their values differ by at most the
// card points the correspondence moves.
TEST(SolverTest, PositionsOfOneShapeDifferByAtMostThePointShift) {
  Rng rng(7);
  int shifted = 0;
  int tighter = 0;
  for (int n = 0; n < 400; ++n) {
    const Deal deal = RandomDeal(rng);
    const std::array<CardSet, 3>& hands = deal.hands;
    const auto type = static_cast<GameType>(rng.Below(5));  // suit games and Grand
    const TrickRules rules(type);
    const CardSet live = hands[0] | hands[1] | hands[2];
    // The twin's card for each card: per class, the live cards in power order onto as many
    // random cards of the class in power order.
    std::array<Card, kCardCount> twin{};
    CardSet done;
    for (int i = 0; i < kCardCount; ++i) {
      const CardSet cls = rules.FollowSet(Card::FromIndex(i));
      if (done.intersects(cls)) continue;
      done = done | cls;
      std::vector<Card> all;
      for (const Card c : cls) all.push_back(c);
      auto by_power = [&](Card a, Card b) { return rules.Power(a) < rules.Power(b); };
      std::vector<Card> from;
      for (const Card c : all) {
        if (live.contains(c)) from.push_back(c);
      }
      for (int k = static_cast<int>(all.size()) - 1; k > 0; --k) {
        std::swap(all[k], all[rng.Below(k + 1)]);
      }
      std::vector<Card> to(all.begin(), all.begin() + static_cast<long>(from.size()));
      std::sort(from.begin(), from.end(), by_power);
      std::sort(to.begin(), to.end(), by_power);
      for (size_t k = 0; k < from.size(); ++k) twin[from[k].index()] = to[k];
    }
    std::array<CardSet, 3> twin_hands;
    for (int h = 0; h < 3; ++h) {
      for (const Card c : hands[h]) twin_hands[h].add(twin[c.index()]);
    }
    Position a(hands, type);
    Position b(twin_hands, type);
    const int tricks_left = 2 + static_cast<int>(rng.Below(2));
    while (a.cards_played() < 30 - 3 * tricks_left) {
      const CardSet legal = a.LegalCards();
      int k = static_cast<int>(rng.Below(legal.size()));
      for (const Card c : legal) {
        if (k-- == 0) {
          a.Play(c);
          b.Play(twin[c.index()]);
          break;
        }
      }
    }
    ASSERT_EQ(a.to_move(), b.to_move());
    const std::array<CardSet, 3> ha = {a.hand(kF), a.hand(kM), a.hand(kR)};
    const std::array<CardSet, 3> hb = {b.hand(kF), b.hand(kM), b.hand(kR)};
    MoveOrder order;
    order.Init(rules, true, true);
    ASSERT_EQ(order.Shape(ha), order.Shape(hb));
    const MoveOrder::Shift shift = order.PointShift(ha[0] | ha[1] | ha[2], hb[0] | hb[1] | hb[2]);
    EXPECT_EQ(shift.up - shift.down,
              (hb[0] | hb[1] | hb[2]).points() - (ha[0] | ha[1] | ha[2]).points());
    const auto declarer = static_cast<Direction>(rng.Below(3));
    // The same with the trumps each side surely wins in b (its master trumps): their pairs
    // move the value exactly or not at all.
    SearchState sb;
    sb.Init(rules);
    sb.Set(b);
    Bounds bounds;
    bounds.Init(rules, true);
    const Bounds::Range range = bounds.Masters(sb, declarer, (hb[0] | hb[1] | hb[2]).points());
    const MoveOrder::Shift sure = order.PointShift(ha[0] | ha[1] | ha[2], hb[0] | hb[1] | hb[2],
                                                   range.declarer_masters, range.defender_masters);
    EXPECT_LE(sure.up, shift.up);
    EXPECT_LE(sure.down, shift.down);
    const int va = MinimaxPoints(a, declarer);
    const int vb = MinimaxPoints(b, declarer);
    EXPECT_LE(vb, va + shift.up) << n;
    EXPECT_GE(vb, va - shift.down) << n;
    EXPECT_LE(vb, va + sure.up) << n;
    EXPECT_GE(vb, va - sure.down) << n;
    shifted += va != vb;
    tighter += sure.up + sure.down < shift.up + shift.down;
  }
  EXPECT_GT(shifted, 50);             // the twins do differ in value (78 of 400 from this seed)
  EXPECT_GT(tighter, 30) << tighter;  // and sure trumps often narrow it (47 of 400)
}

// Both bit extracts give the bits of x at m's places, packed from bit 0, as a plain loop does.
TEST(SolverTest, ParallelBitExtractAgreesWithAPlainLoop) {
  Rng rng(11);
  for (int n = 0; n < 100000; ++n) {
    const auto x = static_cast<uint32_t>(rng.Next());
    // Sparse and dense masks alike (the live cards are 0 to 30 of 32).
    uint32_t m = static_cast<uint32_t>(rng.Next());
    if (n % 3 == 0) m &= static_cast<uint32_t>(rng.Next());
    if (n % 3 == 1) m |= static_cast<uint32_t>(rng.Next());
    uint32_t expected = 0;
    int k = 0;
    for (int i = 0; i < 32; ++i) {
      if (!(m >> i & 1)) continue;
      if (x >> i & 1) expected |= 1u << k;
      ++k;
    }
    ASSERT_EQ(PextPortable(x, m), expected) << x << " " << m;
    ASSERT_EQ(Pext(x, m), expected) << x << " " << m;
  }
  EXPECT_EQ(Pext(0xFFFFFFFFu, 0x80000001u), 3u);
  EXPECT_EQ(PextPortable(0b1010'0000u, 0b1111'0000u), 0b1010u);
  RecordProperty("hardware", PextInHardware() ? "bmi2" : "portable");
}

// Node-count signature: the exact search and the 61 threshold from trick 1 on fixed boards
// (forehand declares a hand game in his longest suit). Changes to the search show up here.
// History: 4,524,375 / 51,126 at the first commit; 2,557,518 / 44,687 after the table hash
// mixes all key bits and fail-low nodes stop recording a best move; 1,557,361 / 25,528 with the
// quick-trick and master-trump bounds (engine/solver/bounds.h); 1,565,224 / 25,534 with the
// bounds taken before the table probe and three-entry buckets; 1,897,753 / 22,567 with the
// second seat's ordering by what the third can beat (worse on these five boards, better on the
// bench's 1,000: exact mean nodes -18%); 1,208,281 / 11,588 with leads an opponent can ruff
// ordered late (a defender's low lead to his partner's top card early), the quick tricks'
// followers counted by suit (an opponent follows while he can, a partner smears) and bounds
// from trump length where the table does not decide; 308,051 / 6,418 with table entries found by
// shape (quasi-symmetry: an entry of the same shape bounds a position within the card points
// the correspondence moves) and best cards kept as places among the live cards; 277,545 / 6,398
// with four-entry buckets holding the hands themselves (no canonical hands: a position of the
// same shape whose cards differ only within equal-point runs shifts no points); 258,891 / 6,264
// with the pairs of master trumps moving the shift exactly (the declarer's) or not at all.
TEST(SolverTest, NodeCountSignature) {
  Rng rng(1);
  Solver solver(20);
  Solver threshold_solver(20);  // its own table: the exact search's would answer at once
  uint64_t exact_nodes = 0;
  uint64_t threshold_nodes = 0;
  int points = 0;
  int wins = 0;
  for (int n = 0; n < 5; ++n) {
    const Deal deal = RandomDeal(rng);
    const std::array<CardSet, 3>& hands = deal.hands;
    const int skat = deal.skat_points;
    Suit trump = Suit::kClubs;
    for (int s = 3; s >= 0; --s) {
      const auto suit = static_cast<Suit>(s);
      if (Length(hands[0], suit) > Length(hands[0], trump)) {
        trump = suit;
      }
    }
    const Position p(hands, SuitGame(trump));
    points += solver.DeclarerPoints(p, kF, skat);
    exact_nodes += solver.nodes();
    wins += threshold_solver.DeclarerReaches(p, kF, skat, 61);
    threshold_nodes += threshold_solver.nodes();
  }
  EXPECT_EQ(points, 204);
  EXPECT_EQ(wins, 1);
  EXPECT_EQ(exact_nodes, 186615u);
  EXPECT_EQ(threshold_nodes, 5030u);
}

}  // namespace solver_test
}  // namespace skat
