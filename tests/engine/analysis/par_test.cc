// Par tables and outcome classes (engine/analysis/, docs/par.md).
#include "engine/analysis/par.h"

#include <gtest/gtest.h>

#include <array>
#include <string>

#include "engine/analysis/outcome.h"
#include "engine/analysis/par_pool.h"
#include "engine/players/random_play.h"
#include "engine/random.h"
#include "tests/engine/game_test_util.h"

namespace skat {
namespace par_test {

using game_test::kF;
using game_test::kM;
using game_test::kR;

std::vector<const Profile*> AllProfiles() {
  std::vector<const Profile*> out;
  for (const std::string_view id : ProfileIds()) out.push_back(FindProfile(id));
  out.push_back(FindProfile("eichhorn-1898+frage+contra+revolution"));
  out.push_back(FindProfile("laws-1900+revolution+uno-duo"));
  return out;
}

// outcome.h's claim: for every declaration of every profile and every matador count, the pad
// entry never falls as the class rises, so the value of the highest class secured is the
// open-hand value of the contract. Null has two outcomes: won with no trick, else one charge.
TEST(OutcomeClassTest, PadNeverFallsAsTheClassRises) {
  int checked = 0;
  for (const Profile* profile : AllProfiles()) {
    ASSERT_NE(profile, nullptr);
    for (int h = 0; h < kSkatHandlingCount; ++h) {
      for (int t = 0; t < kGameTypeCount; ++t) {
        for (const bool ouvert : {false, true}) {
          for (int a = 0; a < 3; ++a) {
            const Declaration d{static_cast<SkatHandling>(h), static_cast<GameType>(t), ouvert,
                                static_cast<Announcement>(a)};
            if (!CheckDeclaration(*profile, d).ok() || profile->TargetTricks(d) > 0) continue;
            if (profile->FixedValue(d)) {
              // Null: won with no trick, the same charge for any trick taken.
              const int won = ClassPad(*profile, d, {}, OutcomeClass::kNoTrick);
              EXPECT_GT(won, 0) << profile->id << " " << ToString(d);
              for (int c = 1; c < kOutcomeClassCount; ++c) {
                EXPECT_EQ(ClassPad(*profile, d, {}, static_cast<OutcomeClass>(c)),
                          ClassPad(*profile, d, {}, OutcomeClass::kSchneidered));
                EXPECT_LT(ClassPad(*profile, d, {}, static_cast<OutcomeClass>(c)), 0);
              }
              continue;
            }
            const int max = MaxMatadors(d.type);
            for (int m = 1; m <= max; ++m) {
              for (const bool with : {true, false}) {
                int last = -100000;
                for (int c = 0; c < kOutcomeClassCount; ++c) {
                  const int pad = ClassPad(*profile, d, {m, with}, static_cast<OutcomeClass>(c));
                  EXPECT_GE(pad, last) << profile->id << " " << ToString(d) << " m=" << m
                                       << " class " << OutcomeClassName(OutcomeClass(c));
                  last = pad;
                  ++checked;
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

// RULES N4 thresholds (nasl-1909: schneider at 91; isko at 90; schneidered at <= 30).
TEST(OutcomeClassTest, ClassOfPlayedOutResults) {
  const Profile& nasl = Nasl1909();
  EXPECT_EQ(ClassOf(nasl, 0, 0), OutcomeClass::kNoTrick);
  EXPECT_EQ(ClassOf(nasl, 21, 0), OutcomeClass::kNoTrick);  // the skat alone
  EXPECT_EQ(ClassOf(nasl, 30, 1), OutcomeClass::kSchneidered);
  EXPECT_EQ(ClassOf(nasl, 31, 1), OutcomeClass::kLost);
  EXPECT_EQ(ClassOf(nasl, 60, 4), OutcomeClass::kLost);
  EXPECT_EQ(ClassOf(nasl, 61, 4), OutcomeClass::kWon);
  EXPECT_EQ(ClassOf(nasl, 90, 7), OutcomeClass::kWon);
  EXPECT_EQ(ClassOf(nasl, 91, 7), OutcomeClass::kSchneider);
  EXPECT_EQ(ClassOf(nasl, 120, 9), OutcomeClass::kSchneider);  // a trick of 7 8 9 lost
  EXPECT_EQ(ClassOf(nasl, 120, 10), OutcomeClass::kSchwarz);
  EXPECT_EQ(ClassOf(Isko(), 90, 7), OutcomeClass::kSchneider);
  // Each class's representative lies in it.
  for (const Profile* profile : {&Nasl1909(), &Isko()}) {
    for (int c = 0; c < kOutcomeClassCount; ++c) {
      const PlayOutcome o = RepresentativeOutcome(*profile, static_cast<OutcomeClass>(c));
      EXPECT_EQ(ClassOf(*profile, o.declarer_points, o.declarer_tricks), OutcomeClass(c));
    }
  }
}

// SecuredClass (<= 3 threshold searches) against the class read off the exact search: exact
// card points, then the schwarz and no-trick questions, on random positions of 1-4 tricks.
TEST(OutcomeClassTest, SecuredClassAgreesWithExactPoints) {
  Rng rng(909);
  Solver solver(16);
  const Profile& profile = Nasl1909();
  for (int i = 0; i < 400; ++i) {
    Board board = RandomBoard(rng);
    const auto type = static_cast<GameType>(rng.Below(5));  // suits and Grand
    Position p(board.hands, type);
    const int tricks_left = 1 + static_cast<int>(rng.Below(4));
    while (p.tricks_played() < 10 - tricks_left) {
      const CardSet legal = p.LegalCards();
      int k = static_cast<int>(rng.Below(legal.size()));
      for (const Card c : legal) {
        if (k-- == 0) {
          p.Play(c);
          break;
        }
      }
    }
    const Direction declarer = kDirections[rng.Below(3)];
    const int credited = board.skat_set().points();
    const int points = solver.DeclarerPoints(p, declarer, credited);
    OutcomeClass expected = ClassOf(profile, points, 1);
    if (points == 120 && solver.DeclarerTakesAllTricks(p, declarer)) {
      expected = OutcomeClass::kSchwarz;
    }
    if (expected == OutcomeClass::kSchneidered &&
        solver.DefendersHoldDeclarerTrickless(p, declarer)) {
      expected = OutcomeClass::kNoTrick;
    }
    EXPECT_EQ(SecuredClass(solver, profile, p, declarer, credited), expected) << "position " << i;
  }
}

// game_test::kSolo: forehand holds the four jacks and H-A H-10 H-K H-Q H-9 H-8, the skat H-7
// D-7, so nobody else holds a trump in hearts or Grand. Checked by hand:
//   - Grand Ouvert (RULES N3): the jacks take four tricks, then the hearts (no heart is out):
//     schwarz, 24 x (with 4 + level 5) = 216, the highest value of nasl-1909: the par contract;
//   - hearts Solo, schwarz announced: with 11 (J J J J A 10 K Q 9 8 and the skat's H-7),
//     10 x (11 + 5) = 160;
//   - hearts Tournée (skat card 1 H-7 turned): schwarz unannounced, 6 x (11 + 3) = 84;
//   - Null: he cannot avoid a trick with four jacks: -20.
TEST(ParTest, HandCheckedBoard) {
  const Board board = ParseBoard(game_test::kSolo).value();
  Solver solver(18);
  const ParTable table = ComputePar(Nasl1909(), board, solver);
  ASSERT_FALSE(table.all_pass());
  const ParEntry& par = table.entries[table.par];
  EXPECT_EQ(par.declarer, kF);
  EXPECT_EQ(par.game,
            (Declaration{SkatHandling::kHand, GameType::kGrand, true, Announcement::kNone}));
  EXPECT_EQ(par.outcome, OutcomeClass::kSchwarz);
  EXPECT_EQ(par.value, 216);
  auto row = [&](Direction seat, SkatHandling h, GameType t, bool ouvert = false) {
    for (const ParEntry& e : table.entries) {
      if (e.declarer == seat && e.game.handling == h && e.game.type == t &&
          e.game.ouvert == ouvert) {
        return e;
      }
    }
    ADD_FAILURE() << "no row " << DirectionName(seat) << " " << HandlingName(h) << " "
                  << GameTypeName(t);
    return ParEntry{};
  };
  const ParEntry solo = row(kF, SkatHandling::kHand, GameType::kHearts);
  EXPECT_EQ(solo.game.announced, Announcement::kSchwarz);
  EXPECT_EQ(solo.matadors, (Matadors{11, true}));
  EXPECT_EQ(solo.value, 160);
  const ParEntry tournee = row(kF, SkatHandling::kTournee, GameType::kHearts);
  EXPECT_EQ(tournee.outcome, OutcomeClass::kSchwarz);
  EXPECT_EQ(tournee.value, 84);
  EXPECT_EQ(tournee.discards.size(), 2);
  EXPECT_EQ(row(kF, SkatHandling::kHand, GameType::kNull).value, -20);
  // Skat card 1 is no jack: no Grand Tournée row; passt mir nicht turns D-7: diamonds.
  for (const ParEntry& e : table.entries) {
    if (e.game.handling == SkatHandling::kTournee) {
      EXPECT_EQ(e.game.type, GameType::kHearts);
    }
    if (e.game.handling == SkatHandling::kPasstMirNicht) {
      EXPECT_EQ(e.game.type, GameType::kDiamonds);
    }
  }
  EXPECT_TRUE(table.not_analysed.empty());
  // A turned jack (game_test::kJackUp: skat card 1 D-J) gives Tournée two rows: diamonds, Grand.
  const ParTable jack = ComputePar(Nasl1909(), ParseBoard(game_test::kJackUp).value(), solver);
  int tournee_rows = 0;
  for (const ParEntry& e : jack.entries) {
    tournee_rows += e.declarer == kF && e.game.handling == SkatHandling::kTournee;
  }
  EXPECT_EQ(tournee_rows, 2);
}

// A pickup row is the best of the 66 discards: the incremental search (one question per
// discard once a class is secured) against asking every discard for its whole class.
TEST(ParTest, PickupRowIsTheBestOfAllDiscards) {
  Rng rng(1905);
  Solver solver(18);
  const Profile& profile = Nasl1909();
  for (int b = 0; b < 2; ++b) {
    const Board board = RandomBoard(rng);
    const ParTable table = ComputePar(profile, board, solver);
    for (const ParEntry& e : table.entries) {
      if (e.game.handling != SkatHandling::kGuckser) continue;
      const CardSet twelve = board.hand(e.declarer) | board.skat_set();
      OutcomeClass best = OutcomeClass::kNoTrick;
      for (const Card a : twelve) {
        for (const Card c : twelve) {
          if (c.index() <= a.index()) continue;
          std::array<CardSet, 3> hands = board.hands;
          hands[Index(e.declarer)] = twelve - (CardSet(a) | c);
          const Position p(hands, GameType::kGrand);
          const OutcomeClass got =
              SecuredClass(solver, profile, p, e.declarer, (CardSet(a) | c).points());
          best = std::max(best, got);
        }
      }
      EXPECT_EQ(e.outcome, best) << ToString(board) << " " << ToString(e);
      // The reported discards reach that class.
      std::array<CardSet, 3> hands = board.hands;
      hands[Index(e.declarer)] = twelve - e.discards;
      EXPECT_EQ(SecuredClass(solver, profile, Position(hands, GameType::kGrand), e.declarer,
                             e.discards.points()),
                best);
    }
  }
}

// The par contract is the highest row (ties to the earlier row), or all pass.
TEST(ParTest, ParContractIsTheHighestRowOrAllPass) {
  Rng rng(2026);
  Solver solver(18);
  int all_pass = 0;
  for (int b = 0; b < 6; ++b) {
    const ParTable table = ComputePar(Nasl1909(), RandomBoard(rng), solver);
    int best = 0;
    int at = -1;
    for (int i = 0; i < static_cast<int>(table.entries.size()); ++i) {
      if (table.entries[i].value > best) {
        best = table.entries[i].value;
        at = i;
      }
    }
    EXPECT_EQ(table.par, at);
    all_pass += table.all_pass();
    // nasl-1909 rows per seat: Tournée 1-2, passt mir nicht 1-2, Guckser, 4 Solos, Grand Solo,
    // Grand Ouvert, Null, Null Ouvert.
    EXPECT_GE(table.entries.size(), 3u * 11);
    EXPECT_LE(table.entries.size(), 3u * 13);
  }
  EXPECT_LT(all_pass, 6);
}

// isko: every game with the skat picked up or played hand; Tournée does not exist.
TEST(ParTest, IskoRows) {
  Solver solver(18);
  const ParTable table = ComputePar(Isko(), ParseBoard(game_test::kSolo).value(), solver);
  int pickup = 0;
  for (const ParEntry& e : table.entries) {
    EXPECT_TRUE(e.game.handling == SkatHandling::kHand || e.game.handling == SkatHandling::kPickup)
        << ToString(e);
    pickup += e.game.handling == SkatHandling::kPickup;
  }
  // Per seat: 4 suits, Grand, Null, Null Ouvert picked up.
  EXPECT_EQ(pickup, 3 * 7);
  // Forehand's Grand Ouvert with 4: level 6 (schwarz announced) + 1 (ouvert), 24 x 11 = 264
  // (D51), the highest isko value.
  EXPECT_EQ(table.entries[table.par].value, 264);
}

// Uno and Duo are listed as not analysed; Revolution (D26: a Null Ouvert, no exchange) is
// analysed as a Null with the skat untouched: on game_test::kSolo forehand (four jacks) cannot
// avoid a trick.
TEST(ParTest, UnoAndDuoAreListedRevolutionIsANull) {
  Solver solver(16);
  const Profile& profile = *FindProfile("laws-1900+revolution+uno-duo");
  const ParTable table = ComputePar(profile, ParseBoard(game_test::kSolo).value(), solver);
  const std::string text = ToString(table);
  EXPECT_NE(text.find("not analysed: uno"), std::string::npos) << text;
  EXPECT_NE(text.find("not analysed: duo"), std::string::npos) << text;
  EXPECT_EQ(text.find("not analysed: revolution"), std::string::npos) << text;
  int revolution = 0;
  for (const ParEntry& e : table.entries) {
    if (e.game.handling != SkatHandling::kRevolution) continue;
    ++revolution;
    EXPECT_EQ(e.game.type, GameType::kNull);
    EXPECT_TRUE(e.discards.empty());
    if (e.declarer == kF) {
      EXPECT_EQ(e.outcome, OutcomeClass::kSchneidered) << ToString(e);  // took a trick: lost
      EXPECT_LT(e.value, 0);
    }
  }
  EXPECT_EQ(revolution, 3);
}

// The pool gives the tables ComputePar gives, in the boards' order, whatever the worker count,
// and reports progress once per board.
TEST(ParPoolTest, SameTablesAnyWorkerCount) {
  Rng rng(7);
  std::vector<Board> boards;
  for (int i = 0; i < 4; ++i) boards.push_back(RandomBoard(rng));
  Solver solver(18);
  std::vector<std::string> expected;
  for (const Board& b : boards) expected.push_back(ToString(ComputePar(Nasl1909(), b, solver)));
  int calls = 0;
  int last = 0;
  const auto tables = ComputeParTables(Nasl1909(), boards, 2, [&](int done, int total) {
    ++calls;
    EXPECT_EQ(total, 4);
    EXPECT_EQ(done, last + 1);
    last = done;
  });
  EXPECT_EQ(calls, 4);
  ASSERT_EQ(tables.size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(ToString(tables[i]), expected[i]);
}

}  // namespace par_test
}  // namespace skat
