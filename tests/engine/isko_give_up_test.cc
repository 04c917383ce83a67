// Giving up a game under isko as the International Skat Order settles it (docs/rules-decisions.md
// D73-D77; ISkO 4.3.3-4.3.6 read with 4.1.3-4.1.5): a game already decided stays with the side
// that decided it, with the card points it has; one defender gives up for both, without his
// partner's answer; the defenders award the declarer the level his bid needs while it can still
// be reached. The ISS's rules (the rest of the cards to the side that did not give up, D55, D56)
// stay with the variant isko+iss, which replays and imports ISS records.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/game_result.h"
#include "engine/physical_result.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/value.h"
#include "tests/engine/game_test_util.h"
#include "tests/engine/isko_give_up_examples.h"

namespace skat {
namespace isko_give_up_test {

using namespace game_test;  // NOLINT

const Profile& I() { return Isko(); }
const Profile& Iss() { return IskoIss(); }

using isko_examples::DeclarerPoints;
using isko_examples::DefenderPoints;
using isko_examples::Example;
using isko_examples::Examples;

Declaration Pickup(GameType t) { return {SkatHandling::kPickup, t}; }

// The game of example `i` under isko, given up, and its acts replayed under isko+iss up to the
// act that gives it up.
struct Pair {
  Game isko;
  Game iss;
};
Pair Given(int i) {
  Example e = Examples(I())[static_cast<size_t>(i)];
  Game iss(Iss(), e.before.board());
  for (const Act& a : e.before.acts()) Must(iss, a);
  Must(e.before, e.give_up);
  EXPECT_TRUE(e.before.finished());
  EXPECT_EQ(e.before.result().pad[Index(*e.before.declarer())], e.declarer_pad);
  return {e.before, iss};
}

// Issue case 1a (D73): clubs after the pickup, without 2, bid 18. The defenders hold 60 card
// points when middlehand, a defender, concedes: the defenders have won (ISkO 4.1.3), the
// declarer lost simple, 2 x 36 = -72 (ISkO 5.3). The ISS's rule gave the declarer the rest: +36.
TEST(IskoGiveUpTest, DefendersConcedeAGameTheyHaveWon) {
  Pair p = Given(0);
  const GameResult& r = p.isko.result();
  EXPECT_EQ(r.outcome.end, GameEnd::kDefendersGaveUp);  // ISkO 4.3.3: no partner's answer
  EXPECT_EQ(r.outcome.defender_points, 60);
  EXPECT_FALSE(r.valuation.won);
  EXPECT_EQ(r.pad, (std::array<int, 3>{-72, 0, 0}));
  EXPECT_EQ(r.matadors, (Matadors{2, false}));

  Must(p.iss, Act::Simple(ActType::kConcede, kM));
  EXPECT_FALSE(p.iss.finished());  // isko+iss: the partner answers (RULES N11)
  Must(p.iss, Act::Answer(kR, true));
  EXPECT_EQ(p.iss.result().pad, (std::array<int, 3>{36, 0, 0}));
}

// Issue case 1b (D73): diamonds after the pickup, with 6. The declarer holds 71 card points and
// resigns: he has won (ISkO 4.1.3), simple, +63. The ISS gave the defenders the rest: -126.
TEST(IskoGiveUpTest, DeclarerResignsAGameHeHasWon) {
  Pair p = Given(1);
  const GameResult& r = p.isko.result();
  EXPECT_EQ(r.outcome.end, GameEnd::kDeclarerGaveUp);
  EXPECT_EQ(r.outcome.declarer_points, 71);
  EXPECT_TRUE(r.valuation.won);
  EXPECT_EQ(r.pad, (std::array<int, 3>{63, 0, 0}));

  Game conceded = p.iss;  // the same acts
  Must(p.iss, Act::Simple(ActType::kResign, kF));
  EXPECT_EQ(p.iss.result().pad, (std::array<int, 3>{-126, 0, 0}));
  // A concession settles alike (ISkO 4.3.3 and 4.3.6 both lead to 4.1.3).
  Game isko_conceded(I(), conceded.board());
  for (const Act& a : conceded.acts()) Must(isko_conceded, a);
  Must(isko_conceded, Act::Simple(ActType::kConcede, kF));
  EXPECT_EQ(isko_conceded.result().pad, (std::array<int, 3>{63, 0, 0}));
}

// Issue case 1c (D73): hearts hand with 1, schneider announced. The defenders hold more than 30
// card points when one resigns: the announced schneider can no longer be made, the declarer has
// lost (ISkO 4.1.3, 5.2.5): 1 + game + hand + schneider + announced = 5 x 10 x 2 = -100.
TEST(IskoGiveUpTest, DefenderResignsWhenTheAnnouncementIsOutOfReach) {
  Pair p = Given(2);
  EXPECT_EQ(p.isko.result().outcome.end, GameEnd::kDefendersGaveUp);  // one for both
  EXPECT_EQ(p.isko.result().pad, (std::array<int, 3>{0, -100, 0}));

  Must(p.iss, Act::Simple(ActType::kResign, kR));
  EXPECT_FALSE(p.iss.finished());  // isko+iss: play goes on until both have resigned (D56)
}

// Issue case 2 (D74, ISkO 4.1.5): bid 66, diamonds after the pickup with 6 (simple 63). A
// defender concedes before the first card: schneider, the level the bid needs, can still be
// reached and is awarded: 9 x 8 = +72. The ISS's rule: won simple 63, below the bid: overbid,
// 2 x 9 x 8 = -144.
TEST(IskoGiveUpTest, DefendersConcedeTheLevelTheBidNeeds) {
  Pair p = Given(3);
  EXPECT_TRUE(p.isko.result().valuation.won);
  EXPECT_EQ(p.isko.result().valuation.achieved, Announcement::kSchneider);
  EXPECT_EQ(p.isko.result().pad, (std::array<int, 3>{72, 0, 0}));

  Must(p.iss, Act::Simple(ActType::kConcede, kR));
  Must(p.iss, Act::Answer(kM, true));
  EXPECT_TRUE(p.iss.result().valuation.overbid);
  EXPECT_EQ(p.iss.result().pad, (std::array<int, 3>{-144, 0, 0}));
}

// ISkO 4.1.4: the declarer who gives up an undecided game loses simple: (1 + 2) x 10 x 2.
TEST(IskoGiveUpTest, DeclarerGivesUpAnUndecidedGameAtAnyTime) {
  Game g = Bid(I(), kTricks, kM, 18);
  Must(g, Act::Declare(kM, Hand(GameType::kHearts)));
  ExpectLegalActsApply(g);
  Must(Game(g), Act::Simple(ActType::kConcede, kM));
  Play(g, kF, "S-A");
  Game conceded = g;
  Must(conceded, Act::Simple(ActType::kConcede, kM));  // mid-trick, after the first card
  EXPECT_EQ(conceded.result().outcome.end, GameEnd::kDeclarerGaveUp);
  EXPECT_EQ(conceded.result().pad, (std::array<int, 3>{0, -60, 0}));
  // Under isko+iss only before the first card (D55).
  Game iss(Iss(), g.board());
  for (const Act& a : g.acts()) Must(iss, a);
  Refused(iss, Act::Simple(ActType::kConcede, kM), ErrorCode::kNotAllowed);
}

// The table clock's timeout is ours (D72, D76), not the ISkO's: under isko it keeps the rule of
// D56 (the declarer's loses as if the rest went to the defenders).
TEST(IskoGiveUpTest, TheClockTimeoutKeepsItsOwnRule) {
  Game g = Bid(I(), kTricks, kM, 18);
  Must(g, Act::Declare(kM, Hand(GameType::kHearts)));
  Play(g, kF, "S-A");
  Must(g, Act::Simple(ActType::kTimeout, kM));
  EXPECT_EQ(g.result().outcome.end, GameEnd::kDeclarerTimedOut);
  EXPECT_EQ(g.result().pad, (std::array<int, 3>{0, -100, 0}));
}

// Issue case 4 (RULES G4, N3): an ouvert suit or grand game already counts schneider and schwarz
// announced; the redundant announcement is refused with that reason.
TEST(IskoGiveUpTest, OuvertWithSchwarzAnnouncedSaysOuvertIncludesIt) {
  Game g = Bid(I(), kSolo, kF, 18);
  const Status s = g.Apply(Act::Declare(kF, Hand(GameType::kGrand, true, Announcement::kSchwarz)));
  EXPECT_EQ(s.code(), ErrorCode::kIllegalDeclaration);
  EXPECT_NE(s.message().find("already counts schneider and schwarz announced"), std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("declare grand ouvert without the announcement"), std::string::npos)
      << s.message();
  Must(g, Act::Declare(kF, Hand(GameType::kGrand, true)));
}

// `skat value`'s arithmetic for the four cases (ValueGame with the card points as they stood).
TEST(IskoGiveUpTest, ValueGameSettlesTheGivenUpOutcome) {
  auto value = [](const Declaration& d, Matadors m, int floor, PlayOutcome o) {
    Result<Valuation> v = ValueGame(Isko(), d, m, floor, o);
    EXPECT_TRUE(v.ok()) << v.status().ToString();
    return v.ok() ? v->pad : 0;
  };
  PlayOutcome o;
  o = {40, 2, GameEnd::kDefendersGaveUp, 60, 4};
  EXPECT_EQ(value(Pickup(GameType::kClubs), {2, false}, 18, o), -72);
  o = {71, 5, GameEnd::kDeclarerGaveUp, 20, 1};
  EXPECT_EQ(value(Pickup(GameType::kDiamonds), {6, true}, 18, o), 63);
  o = {30, 3, GameEnd::kDefendersGaveUp, 50, 3};
  EXPECT_EQ(value(Hand(GameType::kHearts, false, Announcement::kSchneider), {1, true}, 18, o),
            -100);
  o = {0, 0, GameEnd::kDefendersGaveUp, 0, 0};
  EXPECT_EQ(value(Pickup(GameType::kDiamonds), {6, true}, 66, o), 72);
  // D74: with 31 card points for the defenders the schneider the bid needs is out of reach: the
  // declarer has overbid, whoever gives up: max(2 x 63, 2 x 9 x 8).
  o = {40, 3, GameEnd::kDefendersGaveUp, 31, 1};
  EXPECT_EQ(value(Pickup(GameType::kDiamonds), {6, true}, 66, o), -144);
  o.end = GameEnd::kDeclarerGaveUp;
  EXPECT_EQ(value(Pickup(GameType::kDiamonds), {6, true}, 66, o), -144);
  o = {0, 0, GameEnd::kDefendersGaveUp, 0, 0};
  // The bid 81 needs schwarz (9 x 9): reachable while the defenders have no trick; after their
  // first trick overbid, max(2 x 63, 2 x 9 x 9).
  EXPECT_EQ(value(Pickup(GameType::kDiamonds), {6, true}, 81, o), 81);
  o.defender_tricks = 1;
  o.defender_points = 4;
  EXPECT_EQ(value(Pickup(GameType::kDiamonds), {6, true}, 81, o), -162);
  // Impossible numbers are refused.
  o = {70, 5, GameEnd::kDefendersGaveUp, 60, 4};
  EXPECT_FALSE(ValueGame(Isko(), Pickup(GameType::kClubs), {1, true}, 18, o).ok());
  o = {30, 5, GameEnd::kDefendersGaveUp, 30, 6};
  EXPECT_FALSE(ValueGame(Isko(), Pickup(GameType::kClubs), {1, true}, 18, o).ok());
}

// The property (D73): under isko, giving up never changes the winner of a game already decided
// by card points. Random games: random bidding and declarations, random cards; at a random point
// of the card play a random seat concedes or resigns. Where the card points then already decide
// the game (the declarer's win as the points stand, or the defenders' 60), the game given up has
// that winner, the one the game played out has too.
TEST(IskoGiveUpTest, GivingUpNeverChangesTheWinnerOfADecidedGame) {
  Rng rng(0x15C0'6173ull);
  int decided = 0, checked = 0;
  for (int n = 0; n < 3000; ++n) {
    Game game(I(), RandomBoard(rng));
    while (!game.finished() && game.phase() != Phase::kPlaying) {
      ASSERT_TRUE(game.Apply(RandomAct(game, rng)).ok());
    }
    if (game.finished()) continue;  // passed in
    const int stop = static_cast<int>(rng.Below(30));
    std::optional<Game> given_up;
    std::optional<bool> winner;  // the declarer's win, if decided at the stop
    while (!game.finished()) {
      const Position& pos = game.position();
      if (!given_up && pos.cards_played() >= stop) {
        ++checked;
        const Declaration d = *game.declaration();
        const Direction decl = *game.declarer();
        if (!game.profile().FixedValue(d)) {
          const Matadors m =
              CountMatadors(game.board().hand(decl) | game.board().skat_set(), d.type);
          const Valuation now = ValueGameUnchecked(I(), d, m, game.floor(),
                                                   {DeclarerPoints(game), pos.tricks_won(decl)});
          if (now.won) winner = true;
          if (DefenderPoints(game) >= 60) winner = false;
        }
        std::vector<Act> give_ups;
        for (const Act& a : game.LegalActs()) {
          if (a.type == ActType::kConcede || a.type == ActType::kResign) give_ups.push_back(a);
        }
        ASSERT_EQ(give_ups.size(), 6u);  // each seat concedes or resigns
        given_up = game;
        ASSERT_TRUE(given_up->Apply(give_ups[rng.Below(give_ups.size())]).ok());
        ASSERT_TRUE(given_up->finished());
      }
      std::vector<Act> cards;
      for (const Act& a : game.LegalActs()) {
        if (a.type == ActType::kPlay) cards.push_back(a);
      }
      ASSERT_TRUE(game.Apply(cards[rng.Below(cards.size())]).ok());
    }
    if (!given_up || !winner) continue;
    ++decided;
    EXPECT_EQ(given_up->result().valuation.won, *winner) << Describe(given_up->result());
    EXPECT_EQ(game.result().valuation.won, *winner) << Describe(game.result());
  }
  EXPECT_GT(checked, 1500);
  EXPECT_GT(decided, 300);
}

// --- Physical play (docs/tables.md "Physical play"): a table reports the game given up --------

// A concession reported from a physical table: `by_declarer` or one defender, with each side's
// card points and tricks at that moment.
ReportedOutcome GivenUpReport(Direction declarer, Declaration d, int floor, bool by_declarer,
                              int points, int tricks, int defender_points, int defender_tricks) {
  ReportedOutcome r;
  r.kind = ResultKind::kDeclarerGame;
  r.declarer = declarer;
  r.declaration = d;
  r.floor = floor;
  r.declarer_points = points;
  r.declarer_tricks = tricks;
  r.end = by_declarer ? GameEnd::kDeclarerConceded : GameEnd::kDefendersConceded;
  r.conceded_after_tricks = tricks + defender_tricks;
  r.defender_points = defender_points;
  r.defender_tricks = defender_tricks;
  return r;
}

int PhysicalPad(const Profile& profile, const char* board, const ReportedOutcome& r) {
  Result<PhysicalResult> p = ScorePhysicalResult(profile, *ParseBoard(board), r);
  EXPECT_TRUE(p.ok()) << p.status().ToString();
  return p.ok() ? p->pad[Index(r.declarer)] : 0;
}

// D73, D74: the four examples reported from a physical table are settled as at an online table
// (ValueGame, ISkO 4.3.3-4.3.6 with 4.1.3-4.1.5): -72, +63, -100, +72. Under isko+iss the same
// concessions keep the ISS's rule (RULES N11, D55): +36; the declarer's concession after the
// first card refused; -144 overbid.
TEST(IskoGiveUpTest, PhysicalReportsSettleTheFourExamplesAsOnline) {
  using isko_examples::kStrongDiamonds;
  using isko_examples::kWeakClubs;
  // Clubs without 2, bid 18; the defenders hold 60 when middlehand concedes: lost -72.
  ReportedOutcome clubs = GivenUpReport(kF, Pickup(GameType::kClubs), 18, false, 40, 2, 60, 4);
  EXPECT_EQ(PhysicalPad(I(), kWeakClubs, clubs), -72);
  Result<PhysicalResult> scored = ScorePhysicalResult(I(), *ParseBoard(kWeakClubs), clubs);
  ASSERT_TRUE(scored.ok());
  EXPECT_EQ(scored->game.outcome.end, GameEnd::kDefendersGaveUp);
  EXPECT_EQ(scored->game.outcome.defender_points, 60);
  EXPECT_NE(Describe(scored->game).find("defenders gave up with 60 card points"), std::string::npos)
      << Describe(scored->game);
  // Diamonds with 6; the declarer holds 71 and resigns: won +63.
  const ReportedOutcome diamonds =
      GivenUpReport(kF, Pickup(GameType::kDiamonds), 18, true, 71, 5, 25, 2);
  EXPECT_EQ(PhysicalPad(I(), kStrongDiamonds, diamonds), 63);
  // Hearts hand with 1, schneider announced; the defenders hold 50 when rearhand resigns: -100.
  const ReportedOutcome hearts = GivenUpReport(
      kM, Hand(GameType::kHearts, false, Announcement::kSchneider), 18, false, 40, 3, 50, 3);
  EXPECT_EQ(PhysicalPad(I(), kTricks, hearts), -100);
  // Bid 66, diamonds with 6; rearhand concedes before the first card: schneider, +72.
  ReportedOutcome bid66 = GivenUpReport(kF, Pickup(GameType::kDiamonds), 66, false, 0, 0, 0, 0);
  EXPECT_EQ(PhysicalPad(I(), kStrongDiamonds, bid66), 72);

  // isko+iss: the ISS's rule, without the defenders' numbers (RULES N11, D55).
  clubs.defender_points = clubs.defender_tricks = 0;
  clubs.conceded_after_tricks.reset();
  EXPECT_EQ(PhysicalPad(Iss(), kWeakClubs, clubs), 36);
  bid66.conceded_after_tricks.reset();
  EXPECT_EQ(PhysicalPad(Iss(), kStrongDiamonds, bid66), -144);
  ReportedOutcome late = diamonds;
  late.defender_points = late.defender_tricks = 0;
  late.conceded_after_tricks.reset();
  Result<PhysicalResult> refused = ScorePhysicalResult(Iss(), *ParseBoard(kStrongDiamonds), late);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("may concede only before"), std::string::npos)
      << refused.status().message();
}

// The examples' games as played online, reported from a physical table with the numbers at the
// moment they were given up: the same valuation and pad entries (one rule, ValueGame).
TEST(IskoGiveUpTest, PhysicalReportOfAnOnlineGameGivesTheSameEntries) {
  for (Example e : Examples(I())) {
    SCOPED_TRACE(e.name);
    Must(e.before, e.give_up);
    const GameResult& online = e.before.result();
    const ReportedOutcome r =
        GivenUpReport(online.declarer, online.declaration, online.floor,
                      online.outcome.end == GameEnd::kDeclarerGaveUp,
                      online.outcome.declarer_points, online.outcome.declarer_tricks,
                      online.outcome.defender_points, online.outcome.defender_tricks);
    Result<PhysicalResult> p = ScorePhysicalResult(I(), e.before.board(), r);
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    EXPECT_EQ(p->game.pad, online.pad);
    EXPECT_EQ(p->game.valuation.value, online.valuation.value);
    EXPECT_EQ(p->game.valuation.won, online.valuation.won);
    EXPECT_EQ(p->game.pad[Index(online.declarer)], e.declarer_pad);
  }
}

// The defenders' numbers belong to a game given up under isko and must add up (D73).
TEST(IskoGiveUpTest, PhysicalReportsRefuseNumbersThatDoNotFit) {
  const Board board = *ParseBoard(isko_examples::kStrongDiamonds);
  auto refusal = [&](const Profile& profile, const ReportedOutcome& r) {
    Result<PhysicalResult> p = ScorePhysicalResult(profile, board, r);
    EXPECT_FALSE(p.ok());
    return p.ok() ? std::string() : p.status().message();
  };
  ReportedOutcome r = GivenUpReport(kF, Pickup(GameType::kDiamonds), 18, true, 71, 5, 25, 2);
  r.conceded_after_tricks = 6;
  EXPECT_NE(refusal(I(), r).find("given up after 6 tricks"), std::string::npos);
  r.conceded_after_tricks = 7;
  r.defender_points = 50;
  EXPECT_NE(refusal(I(), r).find("outside 0..120"), std::string::npos);
  r.defender_points = 25;
  r.end = GameEnd::kPlayedOut;
  r.conceded_after_tricks.reset();
  EXPECT_NE(refusal(I(), r).find("describe a game given up"), std::string::npos);
  r.end = GameEnd::kDeclarerGaveUp;
  EXPECT_NE(refusal(Iss(), r).find("belongs to a profile that has that rule"), std::string::npos);
}

}  // namespace isko_give_up_test
}  // namespace skat
