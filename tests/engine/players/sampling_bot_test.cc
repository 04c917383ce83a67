// The sampling player (engine/players/sampling_bot.h): tables of three sampling players finish
// games under every profile with legal acts only, each act is the same again for the same seed,
// view and memory, and different seeds make different choices on some decisions (so tables of
// these players do not all play a board alike). Its strength is measured in bench/strength_bench
// (docs/bots.md), not here.
#include "engine/players/sampling_bot.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/players/play_memory.h"
#include "engine/players/random_play.h"
#include "tests/test_scale.h"

namespace skat {
namespace sampling_bot_test {

const std::vector<std::string> kProfiles = {"nasl-1909",
                                            "eichhorn-1898",
                                            "laws-1900",
                                            "gucki-variation",
                                            "eichhorn-1898+frage+contra+revolution",
                                            "laws-1900+revolution+uno-duo",
                                            "isko"};

SamplingOptions Cheap() {
  SamplingOptions o;
  o.worlds = 6;
  return o;
}

TEST(SamplingBotTest, TablesOfSamplingPlayersFinishEveryProfilesGames) {
  Rng rng(27101);
  const int games = testing_scale::Scaled(4, 1);
  for (const std::string& id : kProfiles) {
    const Profile& profile = *FindProfile(id);
    int played_out = 0;
    for (int g = 0; g < games; ++g) {
      Game game(profile, RandomBoard(rng));
      const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
        const uint64_t seed = g * 1000 + game.acts().size();
        const Act a = ChooseSamplingAct(profile, view, PlayedCards(game), legal, seed, Cheap());
        // The same arguments give the same act (asked again at every fifth act).
        if (seed % 5 == 0) {
          EXPECT_EQ(a, ChooseSamplingAct(profile, view, PlayedCards(game), legal, seed, Cheap()));
        }
        return a;
      });
      ASSERT_TRUE(s.ok()) << id << ": " << s.ToString();
      ASSERT_TRUE(game.finished());
      ++played_out;
    }
    EXPECT_EQ(played_out, games) << id;
  }
}

TEST(SamplingBotTest, SeedsVaryTheCardPlay) {
  // The same games, each card decision asked with two seeds: some answers differ.
  Rng rng(27102);
  const Profile& profile = *FindProfile("nasl-1909");
  int decisions = 0;
  int differ = 0;
  for (int g = 0; g < testing_scale::Scaled(4, 2); ++g) {
    Game game(profile, RandomBoard(rng));
    const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
      const std::vector<Card> played = PlayedCards(game);
      const Act a = ChooseSamplingAct(profile, view, played, legal, 1, Cheap());
      if (view.phase == Phase::kPlaying && legal.size() > 1) {
        ++decisions;
        differ += !(a == ChooseSamplingAct(profile, view, played, legal, 2, Cheap()));
      }
      return a;
    });
    ASSERT_TRUE(s.ok()) << s.ToString();
  }
  EXPECT_GT(decisions, testing_scale::Scaled(40, 20));
  EXPECT_GT(differ, 0) << "of " << decisions;
}

TEST(SamplingBotTest, WithoutAFittingMemoryItPlaysTheHeuristicsCard) {
  Rng rng(27103);
  const Profile& profile = *FindProfile("nasl-1909");
  int checked = 0;
  for (int g = 0; g < 10; ++g) {
    Game game(profile, RandomBoard(rng));
    const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
      if (view.phase == Phase::kPlaying && !view.ramsch) {
        const Act wrong_memory = ChooseSamplingAct(profile, view, {}, legal, 3, Cheap());
        // In the card play the valuation's shift changes nothing of the heuristic's act.
        if (game.position().cards_played() > 0) {
          EXPECT_EQ(wrong_memory, ChooseBotAct(profile, view, legal, 3));
          ++checked;
        }
      }
      return ChooseBotAct(profile, view, legal, 3);
    });
    ASSERT_TRUE(s.ok());
  }
  EXPECT_GT(checked, 50);
}

// The sampling player's card choices in the games of a test, beside the heuristic's: how many
// there were and how many differed; with no node budget each must be the heuristic's card.
struct CardChoices {
  int decisions = 0;
  int own = 0;
  // The sampling player's act at `view`, counted when it is a card chosen among several.
  Act Choose(const Profile& profile, const Game& game, const SeatView& view,
             std::span<const Act> legal, uint64_t seed) {
    const Act a = ChooseSamplingAct(profile, view, PlayedCards(game), legal, seed, Cheap());
    if (view.phase == Phase::kPlaying && a.type == ActType::kPlay && legal.size() > 1) {
      ++decisions;
      const Act heuristic = ChooseBotAct(profile, view, legal, seed);
      own += !(a == heuristic);
      SamplingOptions none = Cheap();
      none.node_budget = 0;
      EXPECT_EQ(ChooseSamplingAct(profile, view, PlayedCards(game), legal, seed, none), heuristic);
    }
    return a;
  }
};

// Ramsch (every seat passes): the sampling player plays its own cards there, not the heuristic's,
// under a profile where the skat counts and one where it does not; with no node budget it draws
// no world and plays the heuristic's card.
TEST(SamplingBotTest, RamschIsSampled) {
  Rng rng(27104);
  for (const char* id : {"nasl-1909", "eichhorn-1898"}) {
    const Profile& profile = *FindProfile(id);
    CardChoices choices;
    for (int g = 0; g < testing_scale::Scaled(3, 1); ++g) {
      Game game(profile, RandomBoard(rng));
      const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
        for (const Act& a : legal) {
          if (a.type == ActType::kPass) return a;
        }
        EXPECT_TRUE(view.phase != Phase::kPlaying || view.ramsch);
        return choices.Choose(profile, game, view, legal, 5);
      });
      ASSERT_TRUE(s.ok()) << s.ToString();
      EXPECT_EQ(game.result().kind, ResultKind::kRamsch) << id;
    }
    EXPECT_GT(choices.decisions, testing_scale::Scaled(30, 10)) << id;
    EXPECT_GT(choices.own, 0) << id << ": of " << choices.decisions;
  }
}

// Uno and Duo (laws-1900 option uno-duo): the first seat to bid declares the game, the others
// pass; the sampling player plays the cards by play-outs, not the heuristic's, and with no node
// budget it plays the heuristic's card. Three games each at every scale: in fewer, every card
// may happen to be the heuristic's (one game under the sanitizers: 11 decisions, none differed).
TEST(SamplingBotTest, UnoAndDuoArePlayedOut) {
  Rng rng(27105);
  const Profile& profile = *FindProfile("laws-1900+uno-duo");
  for (const SkatHandling handling : {SkatHandling::kUno, SkatHandling::kDuo}) {
    CardChoices choices;
    for (int g = 0; g < 3; ++g) {
      Game game(profile, RandomBoard(rng));
      bool bid = false;
      const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
        if (view.phase == Phase::kBidding) {
          for (const Act& a : legal) {
            if (!bid && (a.type == ActType::kBid || a.type == ActType::kHold)) {
              bid = true;
              return a;
            }
          }
          for (const Act& a : legal) {
            if (a.type == ActType::kPass) return a;
          }
        }
        if (view.phase == Phase::kSkatDecision) {
          for (const Act& a : legal) {
            if (a.type == ActType::kDeclare && a.declaration.handling == handling) return a;
          }
        }
        return choices.Choose(profile, game, view, legal, 6);
      });
      ASSERT_TRUE(s.ok()) << s.ToString();
      ASSERT_EQ(game.result().kind, ResultKind::kDeclarerGame);
      EXPECT_EQ(game.result().declaration.handling, handling);
    }
    EXPECT_GT(choices.decisions, 30);
    EXPECT_GT(choices.own, 0) << "of " << choices.decisions;
  }
}

TEST(BotLevelTest, NamesRoundTrip) {
  for (BotLevel level : {BotLevel::kHeuristic, BotLevel::kSampling}) {
    EXPECT_EQ(ParseBotLevel(BotLevelName(level)), level);
  }
  EXPECT_FALSE(ParseBotLevel("strong").has_value());
}

}  // namespace sampling_bot_test
}  // namespace skat
