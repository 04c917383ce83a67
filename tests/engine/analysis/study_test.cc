// The card-by-card study of played games (engine/analysis/study.h, docs/par.md "The study of a
// played game").
#include "engine/analysis/study.h"

#include <gtest/gtest.h>

#include "engine/players/random_play.h"
#include "engine/random.h"
#include "tests/engine/game_test_util.h"

namespace skat {
namespace study_test {

using game_test::Declared;
using game_test::Hand;
using game_test::kF;
using game_test::kM;
using game_test::kR;
using game_test::Play;

// Properties over random games of every profile: costs are never negative, each card's
// "before" is the previous card's "after", and the costs telescope: the open-hand value minus
// the value after the last card equals the declarer's cost minus the defenders' cost. A game
// played out to the last card ends at its real card points.
TEST(StudyTest, CostsTelescopeOverRandomGames) {
  Rng rng(1909);
  Solver solver(18);
  int studied = 0;
  int flagged = 0;
  for (int i = 0; studied < 12 && i < 400; ++i) {
    const Profile& profile = i % 2 ? Isko() : Nasl1909();
    Game game(profile, RandomBoard(rng));
    PlayOutRandomly(game, rng);
    const Result<GameStudy> study = StudyGame(game, solver);
    if (!study.ok()) {
      EXPECT_TRUE(game.is_ramsch() || !game.declarer() || !game.has_position())
          << study.status().ToString();
      continue;
    }
    ++studied;
    const GameStudy& s = *study;
    ASSERT_EQ(static_cast<int>(s.cards.size()), game.position().cards_played());
    const bool null = s.declaration.type == GameType::kNull;
    int previous = s.open_points;
    OutcomeClass previous_class = s.open_class;
    for (const CardStudy& c : s.cards) {
      EXPECT_GE(c.cost, 0);
      EXPECT_EQ(c.before, previous);
      EXPECT_EQ(c.class_before, previous_class);
      previous = c.after;
      previous_class = c.class_after;
      flagged += c.changed_result;
    }
    if (!null && !s.cards.empty()) {
      EXPECT_EQ(s.open_points - s.cards.back().after, s.declarer_cost - s.defenders_cost);
    }
    if (game.position().finished()) {
      EXPECT_EQ(previous_class, s.actual_class);
      if (!null) {
        EXPECT_EQ(previous, s.actual_points);
      }
    }
  }
  EXPECT_EQ(studied, 12);
  EXPECT_GT(flagged, 0);  // random play gives games away
}

// game_test::kSolo, hearts Solo by forehand (four jacks, H-A H-10 H-K H-Q H-9 H-8; nobody else
// holds a trump): every line wins schwarz, so no card costs anything and the open-hand value is
// all 120 points. The defenders' discards change nothing either.
TEST(StudyTest, UnbeatableHandCostsNothing) {
  Game g = Declared(game_test::kSolo, kF, Hand(GameType::kHearts));
  game_test::PlayOut(g);
  Solver solver(18);
  const Result<GameStudy> study = StudyGame(g, solver);
  ASSERT_TRUE(study.ok()) << study.status().ToString();
  EXPECT_EQ(study->open_points, 120);
  EXPECT_EQ(study->open_class, OutcomeClass::kSchwarz);
  EXPECT_EQ(study->actual_class, OutcomeClass::kSchwarz);
  EXPECT_EQ(study->declarer_cost, 0);
  EXPECT_EQ(study->defenders_cost, 0);
  EXPECT_EQ(study->cards.size(), 30u);
}

// game_test::kTricks, hearts Solo by middlehand (C-J H-J H-A H-10 H-K H-Q H-9 H-8 D-K D-Q);
// rearhand holds S-J D-J and no heart. A line in which middlehand ruffs the first trick low and
// rearhand overruffs, then first-legal-card play: a card has a cost exactly when it moved the
// secured points against its own side, and the declarer's costs add up to his total.
TEST(StudyTest, TheCardThatCostPointsIsNamed) {
  Game g = Declared(game_test::kTricks, kM, Hand(GameType::kHearts));
  // Trick 1: forehand leads S-A, middlehand (no spade) trumps with H-8, rearhand S-J over it.
  Play(g, kF, "S-A");
  Play(g, kM, "H-8");
  Play(g, kR, "S-J");
  game_test::PlayOut(g);
  Solver solver(18);
  const Result<GameStudy> study = StudyGame(g, solver);
  ASSERT_TRUE(study.ok()) << study.status().ToString();
  int declarer_cost = 0;
  for (const CardStudy& c : study->cards) {
    if (c.seat == kM) declarer_cost += c.cost;
    EXPECT_EQ(c.cost > 0, c.seat == kM ? c.after < c.before : c.after > c.before);
  }
  EXPECT_EQ(declarer_cost, study->declarer_cost);
  const std::string text = ToString(*study);
  EXPECT_NE(text.find("hearts solo by middlehand"), std::string::npos) << text;
  EXPECT_NE(text.find("points lost against open-hand play"), std::string::npos) << text;
}

// What cannot be studied is refused with a reason.
TEST(StudyTest, RefusesPassedInRamschAndExactTrickGames) {
  Solver solver(16);
  // isko: all pass, the board is passed in (D54).
  Game passed(Isko(), ParseBoard(game_test::kSolo).value());
  game_test::Must(passed, Act::Simple(ActType::kPass, kM));
  game_test::Must(passed, Act::Simple(ActType::kPass, kR));
  game_test::Must(passed, Act::Simple(ActType::kPass, kF));
  ASSERT_TRUE(passed.finished());
  EXPECT_EQ(StudyGame(passed, solver).status().code(), ErrorCode::kInvalidArgument);
  // Uno (laws-1900 option uno-duo): won by taking exactly one trick.
  Game uno = game_test::Bid(*FindProfile("laws-1900+uno-duo"), game_test::kSolo, kF, 18);
  game_test::Must(uno, Act::Declare(kF, Declaration{SkatHandling::kUno, GameType::kGrand}));
  game_test::PlayOut(uno);
  const Result<GameStudy> refused = StudyGame(uno, solver);
  EXPECT_EQ(refused.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(refused.status().message().find("exact number of tricks"), std::string::npos)
      << refused.status().message();
  Game bidding(Nasl1909(), ParseBoard(game_test::kSolo).value());
  EXPECT_EQ(StudyGame(bidding, solver).status().code(), ErrorCode::kInvalidArgument);
  // All pass: Ramsch under nasl-1909 (RULES B3).
  Game ramsch(Nasl1909(), ParseBoard(game_test::kSolo).value());
  game_test::Must(ramsch, Act::Simple(ActType::kPass, kM));
  game_test::Must(ramsch, Act::Simple(ActType::kPass, kR));
  game_test::Must(ramsch, Act::Simple(ActType::kPass, kF));
  ASSERT_TRUE(ramsch.is_ramsch());
  EXPECT_EQ(StudyGame(ramsch, solver).status().code(), ErrorCode::kInvalidArgument);
}

}  // namespace study_test
}  // namespace skat
