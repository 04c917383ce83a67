// Property tests over 100,000 random complete games through the validated API (random legal
// bids, skat choices, declarations, cards, claims and concessions), four seeded shards of 25,000.
// Every step checks card conservation, legal cards against the slow reference, that every seat's
// view shows only cards it may know (RULES T5), and that a random illegal act is refused without
// changing the game (RULES P1). Every game end checks points, pad entries and settlement.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/game.h"
#include "engine/random_play.h"
#include "engine/settlement.h"
#include "engine/view.h"
#include "tests/engine/reference.h"

namespace skat {
namespace {

constexpr int kGamesPerShard = 25'000;

// RULES T5, computed independently of the engine's view: what each seat may know so far.
struct Knowledge {
  std::array<CardSet, 3> known;
  CardSet public_known;  // what everyone knows (the resting dealer's view, RULES C3)

  Knowledge(const Board& board) {
    for (Direction d : kDirections) known[Index(d)] = board.hand(d);
  }
  void ToAll(CardSet cards) {
    for (CardSet& k : known) k.add(cards);
    public_known.add(cards);
  }
  // Called after `act` was applied to `game`.
  void Learn(const Game& game, const Act& act) {
    const Board& board = game.board();
    switch (act.type) {
      case ActType::kTurnSkatCard: known[Index(act.seat)].add(board.skat[0]); break;
      case ActType::kAccept: ToAll(board.skat[0]); break;
      case ActType::kPasstMirNicht: ToAll(board.skat[1]); break;
      case ActType::kGuckser:
      case ActType::kTakeSkat: known[Index(act.seat)].add(board.skat_set()); break;
      case ActType::kPlay: ToAll(act.cards[0]); break;
      default: break;
    }
    if (game.turned_card() && game.phase() == Phase::kDiscarding) {
      known[Index(*game.declarer())].add(board.skat_set());  // he takes both cards (G1)
    }
    for (Direction d : kDirections) {
      if (game.exposed(d)) ToAll(game.hand(d));
    }
    // After the game the skat (hand games, Ramsch) or the discards are counted openly.
    if (game.finished()) ToAll(game.discards().empty() ? board.skat_set() : game.discards());
  }
};

// A random act built from the factories, legal or not.
Act RandomAnyAct(const Game& game, Rng& rng) {
  const Direction seat = static_cast<Direction>(rng.Below(3));
  const Card a = Card::FromIndex(static_cast<int>(rng.Below(32)));
  const Card b = Card::FromIndex(static_cast<int>(rng.Below(32)));
  const Declaration d{static_cast<SkatHandling>(rng.Below(kSkatHandlingCount)),
                      static_cast<GameType>(rng.Below(kGameTypeCount)), rng.Chance(1, 2),
                      static_cast<Announcement>(rng.Below(3))};
  switch (rng.Below(9)) {
    case 0: return Act::Bid(seat, static_cast<int>(rng.Below(230)));
    case 1: return Act::Simple(static_cast<ActType>(rng.Below(kActTypeCount)), seat);
    case 2: return Act::Discard(seat, std::min(a, b), std::max(a, b));  // as LegalActs lists
    case 3: return Act::Declare(seat, d);
    case 4: return Act::ChooseTrump(seat, static_cast<GameType>(rng.Below(kGameTypeCount)));
    case 5: return Act::Answer(seat, rng.Chance(1, 2));
    default: return Act::Play(game.phase() == Phase::kPlaying ? game.to_move() : seat, a);
  }
}

void CheckConservation(const Game& game) {
  CardSet seen;
  int count = 0;
  auto add = [&](CardSet s) {
    ASSERT_FALSE(seen.intersects(s)) << ToString(seen & s);
    seen.add(s);
    count += s.size();
  };
  for (Direction d : kDirections) add(game.hand(d));
  if (game.has_position()) {
    const Position& p = game.position();
    for (int i = 0; i < p.cards_played(); ++i) add(p.played(i));
  }
  // The skat cards not in a hand: untouched skat, or the discards.
  const CardSet skat = game.board().skat_set();
  add(game.discards().empty() ? skat - seen : game.discards());
  EXPECT_EQ(count, 32);
  EXPECT_EQ(seen, CardSet::All());
}

void CheckLegalCards(const Game& game) {
  const Position& p = game.position();
  std::vector<Card> hand, trick;
  for (Card c : p.hand(p.to_move())) hand.push_back(c);
  for (int i = p.cards_played() - p.trick_size(); i < p.cards_played(); ++i) {
    trick.push_back(p.played(i));
  }
  const GameType type = game.is_ramsch() ? GameType::kGrand : game.declaration()->type;
  CardSet expected;
  for (Card c : reference::LegalCards(hand, trick, type)) expected.add(c);
  ASSERT_EQ(p.LegalCards(), expected);
}

void CheckResult(const Game& game) {
  const GameResult& r = game.result();
  int points = 0, tricks = 0;
  for (int i = 0; i < 3; ++i) {
    points += r.card_points[i];
    tricks += r.tricks[i];
  }
  const bool complete =
      r.kind == ResultKind::kRamsch ||
      (r.kind == ResultKind::kDeclarerGame && !r.early_end && r.outcome.end == GameEnd::kPlayedOut);
  if (complete) {
    EXPECT_EQ(points, 120);  // card points total 120 (RULES C1)
    EXPECT_EQ(tricks, 10);
  }
  if (r.kind == ResultKind::kDeclarerGame) {
    for (Direction d : kDirections) {
      if (d != r.declarer) {
        EXPECT_EQ(r.pad[Index(d)], 0);  // RULES S1
      }
    }
    EXPECT_EQ(r.pad[Index(r.declarer)], r.valuation.won ? r.valuation.value : -r.valuation.value);
    EXPECT_GT(r.valuation.value, 0);
    if (r.valuation.won) {
      EXPECT_GE(r.valuation.value, r.floor);  // RULES N8
    }
  }
  if (r.kind == ResultKind::kRamsch) {
    EXPECT_TRUE(
        std::any_of(r.ramsch_loser.begin(), r.ramsch_loser.end(), [](bool b) { return b; }));
  }
  std::array<long long, 3> pad = {r.pad[0], r.pad[1], r.pad[2]};
  std::vector<long long> net = Settle(pad);
  EXPECT_EQ(net[0] + net[1] + net[2], 0);  // RULES S2
}

class PropertyTest : public ::testing::TestWithParam<int> {};

TEST_P(PropertyTest, RandomGamesKeepEveryInvariant) {
  Rng rng(0x5EED0000ull + static_cast<uint64_t>(GetParam()));
  std::array<int, 3> kinds{};
  std::array<int, kActTypeCount> act_counts{};
  for (int g = 0; g < kGamesPerShard; ++g) {
    Game game(Nasl1909(), RandomBoard(rng));
    Knowledge knowledge(game.board());
    while (!game.finished()) {
      // A random act that is not legal now must be refused and change nothing (RULES P1).
      const std::vector<Act> legal = game.LegalActs();
      ASSERT_FALSE(legal.empty());
      const Act probe = RandomAnyAct(game, rng);
      if (std::find(legal.begin(), legal.end(), probe) == legal.end()) {
        const size_t acts_before = game.acts().size();
        const Phase phase_before = game.phase();
        const CardSet hand_before = game.hand(probe.seat);
        ASSERT_FALSE(game.Apply(probe).ok()) << ToString(probe);
        ASSERT_EQ(game.acts().size(), acts_before);
        ASSERT_EQ(game.phase(), phase_before);
        ASSERT_EQ(game.hand(probe.seat), hand_before);
      }
      if (game.phase() == Phase::kPlaying && !game.proposal()) CheckLegalCards(game);
      const Act act = RandomAct(game, rng);
      const Status s = game.Apply(act);
      ASSERT_TRUE(s.ok()) << ToString(act) << ": " << s.ToString();
      knowledge.Learn(game, act);
      CheckConservation(game);
      for (Direction d : kDirections) {
        const SeatView v = ViewOf(game, d);
        ASSERT_EQ(v.hand, game.hand(d));
        ASSERT_TRUE(knowledge.known[Index(d)].contains(CardsShown(v)))
            << DirectionName(d) << " sees " << ToString(CardsShown(v) - knowledge.known[Index(d)])
            << " after " << ToString(act);
      }
      const SeatView public_view = PublicViewOf(game);
      ASSERT_TRUE(public_view.hand.empty());
      ASSERT_TRUE(knowledge.public_known.contains(CardsShown(public_view)))
          << "the public view shows " << ToString(CardsShown(public_view) - knowledge.public_known)
          << " after " << ToString(act);
      ++act_counts[static_cast<int>(act.type)];
    }
    CheckResult(game);
    ++kinds[static_cast<int>(game.result().kind)];
  }
  // The random players reach every kind of result.
  EXPECT_GT(kinds[static_cast<int>(ResultKind::kDeclarerGame)], kGamesPerShard / 2);
  EXPECT_GT(kinds[static_cast<int>(ResultKind::kRamsch)], 100);
  EXPECT_EQ(kinds[static_cast<int>(ResultKind::kPassedIn)], 0);  // nasl-1909 always has Ramsch
  // Every act of nasl-1909 occurs; taking the skat openly is not in the profile (RULES G6).
  for (int t = 0; t < kActTypeCount; ++t) {
    if (static_cast<ActType>(t) == ActType::kTakeSkat) {
      EXPECT_EQ(act_counts[t], 0);
    } else {
      EXPECT_GT(act_counts[t], 10) << ActTypeName(static_cast<ActType>(t));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Shards, PropertyTest, ::testing::Range(0, 4));

}  // namespace
}  // namespace skat
