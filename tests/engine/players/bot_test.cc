// The bots (engine/players/bot.h) and Game::LegalActs(seat): bots play complete games under every
// profile and option set through Game::Apply (every act accepted), always choose one of their
// legal acts, choose the same act again for the same seed and view, reach the game classes each
// profile offers (pinned counts from fixed seeds), and the heuristic bot beats random play on a
// fixed set of boards by a clear margin, compared the duplicate way (bench/bot_bench.cc
// measures the same on more boards).
#include "engine/players/bot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <ostream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/players/random_play.h"
#include "engine/view.h"
#include "tests/test_scale.h"

namespace skat {
namespace bot_test {

const std::vector<std::string>& AllProfiles() {
  static const std::vector<std::string> ids = {"nasl-1909",
                                               "eichhorn-1898",
                                               "laws-1900",
                                               "gucki-variation",
                                               "eichhorn-1898+frage+contra+revolution",
                                               "laws-1900+revolution+uno-duo",
                                               "isko"};
  return ids;
}

uint64_t Seed(uint64_t a, uint64_t b) { return a * 0x9E3779B97F4A7C15ull + b * 1000003 + 17; }

TEST(LegalActsBySeatTest, EqualsTheFilteredLegalActs) {
  Rng rng(20260101);
  for (const std::string& id : AllProfiles()) {
    const Profile& profile = *FindProfile(id);
    for (int i = 0; i < 150; ++i) {
      Game game(profile, RandomBoard(rng));
      while (!game.finished()) {
        const std::vector<Act> all = game.LegalActs();
        for (Direction d : kDirections) {
          std::vector<Act> mine;
          std::copy_if(all.begin(), all.end(), std::back_inserter(mine),
                       [d](const Act& a) { return a.seat == d; });
          ASSERT_EQ(game.LegalActs(d), mine) << id << " " << DirectionName(d);
        }
        ASSERT_TRUE(game.Apply(RandomAct(game, rng)).ok());
      }
      for (Direction d : kDirections) EXPECT_TRUE(game.LegalActs(d).empty());
    }
  }
}

enum class Player { kBot, kRandom, kHighestCard };

// Plays one game with the given players per direction, checking on every act that the choice is
// legal and (with `again`) that the same seed and view give the same act again.
Game PlayChecked(const Profile& profile, const Board& board, std::array<Player, 3> players,
                 uint64_t seed, bool again = true) {
  Game game(profile, board);
  const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
    const Direction seat = *view.seat;
    const uint64_t d = Seed(seed + Index(seat), game.acts().size());
    auto choose = [&] {
      switch (players[Index(seat)]) {
        case Player::kBot: return ChooseBotAct(profile, view, legal, d);
        case Player::kRandom: return ChooseRandomAct(legal, d);
        case Player::kHighestCard: return ChooseHighestCardAct(view, legal, d);
      }
      return legal.front();
    };
    const Act act = choose();
    EXPECT_NE(std::find(legal.begin(), legal.end(), act), legal.end()) << ToString(act);
    EXPECT_EQ(act.seat, seat);
    if (!again) return act;
    const SeatView copy = ViewOf(game, seat);  // a fresh copy of the same view
    EXPECT_EQ(ChooseBotAct(profile, copy, legal, d), ChooseBotAct(profile, view, legal, d));
    EXPECT_EQ(ChooseHighestCardAct(copy, legal, d), ChooseHighestCardAct(view, legal, d));
    EXPECT_EQ(ChooseRandomAct(legal, d), ChooseRandomAct(legal, d));
    return act;
  });
  EXPECT_TRUE(s.ok()) << profile.id << ": " << s.ToString();
  EXPECT_TRUE(game.finished());
  return game;
}

class BotProfileTest : public testing::TestWithParam<std::string> {};

TEST_P(BotProfileTest, PlaysCompleteGames) {
  // Three bots, and bots among random and highest-card players (claims, concessions, Contra,
  // odd declarations to defend against).
  const std::array<std::array<Player, 3>, 4> tables = {{
      {Player::kBot, Player::kBot, Player::kBot},
      {Player::kBot, Player::kRandom, Player::kRandom},
      {Player::kRandom, Player::kBot, Player::kHighestCard},
      {Player::kHighestCard, Player::kRandom, Player::kBot},
  }};
  const Profile& profile = *FindProfile(GetParam());
  Rng rng(1909);
  for (int i = 0; i < testing_scale::Scaled(500, 200); ++i) {
    const Board board = RandomBoard(rng);
    for (const auto& players : tables) {
      PlayChecked(profile, board, players, static_cast<uint64_t>(i));
      if (HasFailure()) return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllProfiles, BotProfileTest, testing::ValuesIn(AllProfiles()),
                         [](const testing::TestParamInfo<std::string>& param) {
                           std::string name = param.param;
                           std::replace_if(
                               name.begin(), name.end(), [](char c) { return !std::isalnum(c); },
                               '_');
                           return name;
                         });

TEST(BotTest, ChoiceIsAPureFunctionOfTheView) {
  // The same view rebuilt from a replayed game gives the same act (no memory across calls).
  Rng rng(77);
  const Profile& profile = Nasl1909();
  for (int i = 0; i < 50; ++i) {
    const Board board = RandomBoard(rng);
    const Game game = PlayChecked(profile, board, {Player::kBot, Player::kBot, Player::kBot}, 5);
    Game replay(profile, board);
    for (const Act& act : game.acts()) {
      const SeatView view = ViewOf(replay, act.seat);
      const std::vector<Act> legal = replay.LegalActs(act.seat);
      const uint64_t s = Seed(5 + Index(act.seat), replay.acts().size());
      EXPECT_EQ(ChooseBotAct(profile, view, legal, s), act);
      ASSERT_TRUE(replay.Apply(act).ok());
    }
  }
}

// How often each game class occurred.
struct Classes {
  int suit = 0, grand = 0, null = 0, ouvert = 0;                // declared games by type
  int hand = 0, tournee = 0, passt_mir_nicht = 0, guckser = 0;  // ... by skat handling
  int pickup = 0, frage = 0, revolution = 0, ramsch = 0, passed = 0;
  int won = 0;  // declared games the declarer won (pins the card play too)
  friend bool operator==(const Classes&, const Classes&) = default;
};

void PrintTo(const Classes& c, std::ostream* os) {
  *os << "{suit " << c.suit << ", grand " << c.grand << ", null " << c.null << ", ouvert "
      << c.ouvert << ", hand " << c.hand << ", tournee " << c.tournee << ", passt_mir_nicht "
      << c.passt_mir_nicht << ", guckser " << c.guckser << ", pickup " << c.pickup << ", frage "
      << c.frage << ", revolution " << c.revolution << ", ramsch " << c.ramsch << ", passed "
      << c.passed << ", won " << c.won << "}";
}

Classes CountClasses(const Profile& profile, int boards) {
  Classes c;
  Rng rng(2000);
  for (int i = 0; i < boards; ++i) {
    const Game game = PlayChecked(profile, RandomBoard(rng),
                                  {Player::kBot, Player::kBot, Player::kBot}, 42, false);
    const GameResult& r = game.result();
    if (r.kind == ResultKind::kRamsch) {
      ++c.ramsch;
      continue;
    }
    if (r.kind == ResultKind::kPassedIn) {
      ++c.passed;
      continue;
    }
    const Declaration& d = r.declaration;
    (d.type == GameType::kNull ? c.null : d.type == GameType::kGrand ? c.grand : c.suit)++;
    c.ouvert += d.ouvert;
    c.won += r.valuation.won;
    switch (d.handling) {
      case SkatHandling::kHand: ++c.hand; break;
      case SkatHandling::kTournee: ++c.tournee; break;
      case SkatHandling::kPasstMirNicht: ++c.passt_mir_nicht; break;
      case SkatHandling::kGuckser: ++c.guckser; break;
      case SkatHandling::kPickup: ++c.pickup; break;
      case SkatHandling::kFrage: ++c.frage; break;
      case SkatHandling::kRevolution: ++c.revolution; break;
      default: break;
    }
  }
  return c;
}

// Pinned from the bot as written: three bots, 2000 boards from Rng(2000), bot seeds 42. A
// change to the bot's valuation or play changes these counts; re-pin them only on purpose (and
// re-run bench/bot_bench). Every profile's bot reaches its profile's classes: suit games, Grand,
// Null, hand games, Tournée, passt mir nicht, Guckser (nasl-1909, eichhorn-1898, laws-1900),
// pickup (gucki-variation), Frage (the eichhorn-1898 option).
void ExpectClasses(const char* profile, const Classes& expected) {
  EXPECT_EQ(CountClasses(*FindProfile(profile), 2000), expected) << profile;
}

// {suit, grand, null, ouvert, hand, tournee, passt_mir_nicht, guckser, pickup, frage, revolution,
//  ramsch, passed, won}
TEST(BotClassesTest, Nasl1909) {
  ExpectClasses("nasl-1909", {1449, 289, 58, 3, 784, 684, 238, 90, 0, 0, 0, 204, 0, 1186});
}
TEST(BotClassesTest, Eichhorn1898) {
  ExpectClasses("eichhorn-1898", {1358, 220, 52, 3, 823, 759, 0, 48, 0, 0, 0, 370, 0, 1095});
}
TEST(BotClassesTest, Laws1900) {
  // Guckser here includes the Gucki Nulls (001:L35).
  ExpectClasses("laws-1900", {1324, 283, 242, 3, 772, 560, 217, 300, 0, 0, 0, 151, 0, 1237});
}
TEST(BotClassesTest, GuckiVariation) {
  ExpectClasses("gucki-variation", {1126, 279, 210, 30, 0, 0, 0, 0, 1615, 0, 0, 385, 0, 1261});
}
TEST(BotClassesTest, Isko) {
  // Hand games and pickup; all passing leaves the board passed in (docs/events-and-scoring.md 4.9).
  // Seeger-Fabian's bonus weighed (IskoBonusMakesBotsDeclareMore below).
  ExpectClasses("isko", {1245, 269, 222, 24, 190, 0, 0, 0, 1546, 0, 0, 0, 264, 1316});
}
// Seeger-Fabian's +50 for a won game and -50 for a lost one (Profile::tournament_bonus, anchors
// B7) is all that separates the isko bot from the one pinned before it weighed the bonus: with
// the bonus set to 0 the same boards give that bot's counts, and with it fewer boards are passed
// in (bench/bot_bench --profile isko measures the gain in Seeger-Fabian points).
TEST(BotClassesTest, IskoBonusMakesBotsDeclareMore) {
  Profile without_bonus = *FindProfile("isko");
  without_bonus.tournament_bonus = 0;
  const Classes before = CountClasses(without_bonus, 2000);
  EXPECT_EQ(before, (Classes{953, 289, 211, 28, 217, 0, 0, 0, 1236, 0, 0, 0, 547, 1137}));
  const Classes with_bonus = CountClasses(*FindProfile("isko"), 2000);
  EXPECT_LT(with_bonus.passed, before.passed * 6 / 10);
  EXPECT_GT(with_bonus.won, before.won);
}
TEST(BotClassesTest, EichhornWithOptions) {
  ExpectClasses("eichhorn-1898+frage+contra+revolution",
                {1715, 205, 48, 3, 765, 499, 0, 48, 0, 653, 3, 32, 0, 1343});
}

// The duplicate comparison of bot_bench on 300 fixed boards: per board, the bot's mean pad
// entry per direction minus its opponents' (all six seatings of bot, A, B), summed over the
// directions.
double MeanAdvantage(const Profile& profile, Player opponent, int boards) {
  constexpr std::array<std::array<int, 3>, 6> kSeatings = {
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {2, 0, 1}, {1, 2, 0}, {2, 1, 0}}};
  Rng rng(300);
  double total = 0;
  for (int b = 0; b < boards; ++b) {
    const Board board = RandomBoard(rng);
    std::array<double, 3> bot{};
    std::array<double, 3> other{};
    for (const auto& seats : kSeatings) {
      std::array<Player, 3> players;
      for (int d = 0; d < 3; ++d) players[d] = seats[d] == 0 ? Player::kBot : opponent;
      // A and B differ by their seeds: the seat is mixed into every decision's seed.
      const Game game = PlayChecked(profile, board, players, static_cast<uint64_t>(b) * 7, false);
      for (int d = 0; d < 3; ++d) (seats[d] == 0 ? bot : other)[d] += game.result().pad[d];
    }
    for (int d = 0; d < 3; ++d) total += bot[d] / 2 - other[d] / 4;
  }
  return total / boards;
}

TEST(BotTest, BeatsRandomAndHighestCardPlay) {
  const double vs_random = MeanAdvantage(Nasl1909(), Player::kRandom, 300);
  const double vs_highest = MeanAdvantage(Nasl1909(), Player::kHighestCard, 300);
  // Measured when pinned: +66.6 against random play, +39.4 against the highest card (per
  // board, summed over the three directions; bot_bench's 1000 boards give the same picture).
  EXPECT_GT(vs_random, 50) << vs_random;
  EXPECT_GT(vs_highest, 25) << vs_highest;
}

}  // namespace bot_test
}  // namespace skat
