// Property tests over random complete games through the validated API (random legal bids, skat
// choices, declarations, cards, claims and concessions): 100,000 under nasl-1909 (four seeded
// shards of 25,000) and 10,000 per shard under each other profile; a fifth as many under the
// sanitizers, which look for memory and undefined behaviour, not for rare deals.
// Every step checks card conservation, legal cards against the slow reference, that every seat's
// view shows only cards it may know (RULES T5), and that a random illegal act is refused without
// changing the game (RULES P1). Every game end checks points, pad entries and settlement.
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/players/random_play.h"
#include "engine/settlement.h"
#include "engine/view.h"
#include "tests/engine/reference.h"
#include "tests/test_scale.h"

namespace skat {
namespace property_test {

// Games per shard: nasl-1909 (the reference profile) and every other profile; fewer under the
// sanitizers (tests/test_scale.h), where the same invariants are checked on every act.
constexpr int kNaslGames = testing_scale::Scaled(25'000, 5'000);
constexpr int kGames = testing_scale::Scaled(10'000, 2'000);
// More than this many of each act and option game a profile has (the rarest, Re after Kontra,
// comes about 7 times in 2,000 random games).
constexpr int kSeen = testing_scale::Scaled(10, 2);

struct Shard {
  const char* profile;
  int index;
  int games;
};

void PrintTo(const Shard& s, std::ostream* os) { *os << s.profile << "/" << s.index; }

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
      case ActType::kDeclare:
        // laws-1900 Gucki Null: announced, then the skat taken unseen by others.
        if (act.declaration.handling == SkatHandling::kGuckser) {
          known[Index(act.seat)].add(board.skat_set());
        }
        // Revolution (D26): each defender learns his partner's whole hand, the declarer nothing.
        if (game.profile().defenders_consult[static_cast<int>(act.declaration.handling)]) {
          for (Direction d : kDirections) {
            if (d == act.seat) continue;
            known[Index(d)].add(board.hand(static_cast<Direction>(3 - Index(d) - Index(act.seat))));
          }
        }
        break;
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

// Whether a probe missing from LegalActs may still be legal: under any_positive_bid LegalActs
// lists only the next integer (RULES B2).
bool UnlistedLegalBid(const Game& game, const Act& probe) {
  return game.profile().any_positive_bid && game.phase() == Phase::kBidding &&
         probe.type == ActType::kBid && probe.seat == game.bidding().to_act() &&
         game.bidding().to_act_may_bid() && probe.bid > game.bidding().current_bid();
}

void CheckResult(const Game& game) {
  const GameResult& r = game.result();
  const Profile& profile = game.profile();
  int points = 0, tricks = 0;
  for (int i = 0; i < 3; ++i) {
    points += r.card_points[i];
    tricks += r.tricks[i];
  }
  const bool complete =
      r.kind == ResultKind::kRamsch ||
      (r.kind == ResultKind::kDeclarerGame && !r.early_end &&
       (r.outcome.end == GameEnd::kPlayedOut || r.outcome.end == GameEnd::kDeclarerResigned ||
        r.outcome.end == GameEnd::kDeclarerTimedOut ||
        r.outcome.end == GameEnd::kDefendersResigned ||
        r.outcome.end == GameEnd::kDefenderTimedOut));
  if (complete) {
    // Card points total 120 (RULES C1); eichhorn-1898 leaves the Ramsch skat uncounted.
    const bool skat_out = r.kind == ResultKind::kRamsch && !profile.ramsch_skat_counts;
    EXPECT_EQ(points, 120 - (skat_out ? game.board().skat_set().points() : 0));
    EXPECT_EQ(tricks, 10);
  }
  if (r.kind == ResultKind::kDeclarerGame) {
    const int entry = r.valuation.won ? r.valuation.value : -r.valuation.value;
    EXPECT_EQ(r.contra > 0, game.contra_by().has_value());
    for (Direction d : kDirections) {
      if (d == r.declarer) continue;
      // RULES S1; Contra / Re-contra (000 §11): the defender who said it -+V or -+2V.
      EXPECT_EQ(r.pad[Index(d)], r.contra > 0 && d == r.contra_by ? -entry * r.contra : 0);
    }
    EXPECT_EQ(r.pad[Index(r.declarer)], entry * (1 + r.contra));
    EXPECT_GT(r.valuation.value, 0);
    if (r.valuation.won) {
      EXPECT_GE(r.valuation.value, r.floor);  // RULES N8
    }
  }
  if (r.kind == ResultKind::kRamsch) {
    const bool no_score = profile.ramsch_three_way_tie_no_score && r.card_points[0] == 40 &&
                          r.card_points[1] == 40 && r.card_points[2] == 40;
    EXPECT_EQ(std::any_of(r.ramsch_loser.begin(), r.ramsch_loser.end(), [](bool b) { return b; }),
              !no_score);
  }
  std::array<long long, 3> pad = {r.pad[0], r.pad[1], r.pad[2]};
  std::vector<long long> net = Settle(pad);
  EXPECT_EQ(net[0] + net[1] + net[2], 0);  // RULES S2
}

// Whether random play under the profile must reach the act type (RULES G1-G6 per profile).
bool ProfileHasAct(const Profile& p, ActType t) {
  switch (t) {
    case ActType::kTakeSkat:
      return p.AllowsHandling(SkatHandling::kPickup) || p.AllowsHandling(SkatHandling::kFrage);
    case ActType::kTurnSkatCard:
    case ActType::kAccept: return p.AllowsHandling(SkatHandling::kTournee);
    case ActType::kPasstMirNicht: return p.AllowsHandling(SkatHandling::kPasstMirNicht);
    case ActType::kChooseTrump:
      return p.Allows(Declaration{SkatHandling::kTournee, GameType::kGrand});
    case ActType::kGuckser: return p.AllowsHandling(SkatHandling::kGuckser);
    case ActType::kContra:
    case ActType::kRecontra: return p.contra;
    case ActType::kResign:
    case ActType::kTimeout: return p.resign_and_timeout;
    default: return true;
  }
}

class PropertyTest : public ::testing::TestWithParam<Shard> {};

TEST_P(PropertyTest, RandomGamesKeepEveryInvariant) {
  const Shard shard = GetParam();
  const Profile* profile = FindProfile(shard.profile);
  ASSERT_NE(profile, nullptr);
  // nasl-1909 keeps its original seeds (0x5EED0000 + shard); other profiles add their position.
  uint64_t seed = 0x5EED0000ull + static_cast<uint64_t>(shard.index);
  const std::vector<std::string_view> ids = ProfileIds();
  seed += 0x10000ull *
          static_cast<uint64_t>(std::find(ids.begin(), ids.end(), profile->id) - ids.begin());
  Rng rng(seed);
  std::array<int, 3> kinds{};
  std::array<int, kActTypeCount> act_counts{};
  std::array<int, kSkatHandlingCount> handling_counts{};  // declarer games by skat handling
  const int games = shard.games;
  for (int g = 0; g < games; ++g) {
    Game game(*profile, RandomBoard(rng));
    Knowledge knowledge(game.board());
    while (!game.finished()) {
      // A random act that is not legal now must be refused and change nothing (RULES P1).
      const std::vector<Act> legal = game.LegalActs();
      ASSERT_FALSE(legal.empty());
      const Act probe = RandomAnyAct(game, rng);
      if (std::find(legal.begin(), legal.end(), probe) == legal.end() &&
          !UnlistedLegalBid(game, probe)) {
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
      ASSERT_TRUE(game.IsConsistent()) << ToString(game.acts().back());
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
    if (game.result().kind == ResultKind::kDeclarerGame) {
      ++handling_counts[static_cast<int>(game.result().declaration.handling)];
    }
  }
  // The random players reach every kind of result.
  EXPECT_GT(kinds[static_cast<int>(ResultKind::kDeclarerGame)], games / 2);
  // All passing: Ramsch, or the board passed in (isko).
  const ResultKind all_pass = profile->ramsch ? ResultKind::kRamsch : ResultKind::kPassedIn;
  const ResultKind never = profile->ramsch ? ResultKind::kPassedIn : ResultKind::kRamsch;
  EXPECT_GT(kinds[static_cast<int>(all_pass)], games / 250);
  EXPECT_EQ(kinds[static_cast<int>(never)], 0);
  // Every act of the profile occurs, and no act it lacks (e.g. taking the skat openly is not in
  // nasl-1909, RULES G6; the gucki variation has no Tournée or Guckser).
  for (int t = 0; t < kActTypeCount; ++t) {
    if (!ProfileHasAct(*profile, static_cast<ActType>(t))) {
      EXPECT_EQ(act_counts[t], 0) << ActTypeName(static_cast<ActType>(t));
    } else {
      EXPECT_GT(act_counts[t], kSeen) << ActTypeName(static_cast<ActType>(t));
    }
  }
  // The option games (Revolution, Uno, Duo: D26-D29) are played where the profile has them,
  // and never elsewhere.
  for (SkatHandling h : {SkatHandling::kRevolution, SkatHandling::kUno, SkatHandling::kDuo}) {
    const int n = handling_counts[static_cast<int>(h)];
    if (profile->AllowsHandling(h)) {
      EXPECT_GT(n, kSeen) << HandlingName(h);
    } else {
      EXPECT_EQ(n, 0) << HandlingName(h);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shards, PropertyTest,
    ::testing::Values(Shard{"nasl-1909", 0, kNaslGames}, Shard{"nasl-1909", 1, kNaslGames},
                      Shard{"nasl-1909", 2, kNaslGames}, Shard{"nasl-1909", 3, kNaslGames},
                      Shard{"eichhorn-1898", 0, kGames}, Shard{"eichhorn-1898", 1, kGames},
                      Shard{"eichhorn-1898+frage+contra", 0, kGames}, Shard{"laws-1900", 0, kGames},
                      Shard{"laws-1900", 1, kGames}, Shard{"gucki-variation", 0, kGames},
                      Shard{"gucki-variation", 1, kGames},
                      Shard{"eichhorn-1898+revolution", 0, kGames},
                      Shard{"laws-1900+revolution+uno-duo", 0, kGames}, Shard{"isko", 0, kGames},
                      Shard{"isko", 1, kGames}),
    [](const ::testing::TestParamInfo<Shard>& shard_info) {
      std::string name = shard_info.param.profile;
      std::replace(name.begin(), name.end(), '-', '_');
      std::replace(name.begin(), name.end(), '+', '_');
      return name + "_" + std::to_string(shard_info.param.index);
    });

}  // namespace property_test
}  // namespace skat
