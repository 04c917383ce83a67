// The worlds a seat samples (engine/players/worlds.h) and its memory of the card play
// (engine/players/play_memory.h), on random games under every seed profile: from each seat at
// every point of the card play, the sampler accepts the true card play, and every world it draws
//   - puts every card the seat has seen where it saw it and deals every other card once,
//   - replays the card play legally (RULES T2): in particular no seat holds a card of a class it
//     failed to follow,
//   - keeps the turned skat card with the declarer (Tournée, passt mir nicht);
// without constraints the draws are uniform (each unseen card lands in each place as often as
// the place has room); a memory folded from the seat's own decision views equals the game's
// card play, and one that missed a trick says so.
#include "engine/players/worlds.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/players/play_memory.h"
#include "engine/players/random_play.h"
#include "tests/test_scale.h"

namespace skat {
namespace worlds_test {

const std::vector<std::string> kProfiles = {"nasl-1909", "eichhorn-1898", "laws-1900",
                                            "gucki-variation", "isko"};

// Every card seen by `view`'s seat, with where it saw it (hands: the start of the card play).
void ExpectConsistent(const Game& game, const SeatView& view, const std::vector<Card>& played,
                      const World& w, const std::string& where) {
  CardSet all = w.skat;
  for (const CardSet h : w.hands) {
    ASSERT_EQ(h.size(), 10) << where;
    ASSERT_FALSE(all.intersects(h)) << where;
    all.add(h);
  }
  ASSERT_EQ(all, CardSet::All()) << where;
  ASSERT_EQ(w.skat.size(), 2) << where;
  const Direction me = *view.seat;
  // Own hand now = own start hand minus what it played.
  Position p(w.hands, view.declaration && !view.ramsch ? view.declaration->type : GameType::kGrand);
  for (Card c : played) {
    ASSERT_TRUE(p.LegalCards().contains(c)) << where << ": " << ToString(c) << " not legal";
    p.Play(c);
  }
  EXPECT_EQ(p.hand(me), view.hand) << where;
  for (Direction d : kDirections) {
    EXPECT_TRUE(p.hand(d).contains(view.exposed[Index(d)])) << where;
  }
  if (!view.own_discards.empty()) {
    EXPECT_EQ(w.skat, view.own_discards) << where;
  }
  if (view.turned_card && view.declarer && *view.declarer != me) {
    const Direction decl = *view.declarer;
    const CardSet his = w.hands[Index(decl)] | w.skat;
    EXPECT_TRUE(his.contains(*view.turned_card)) << where;
  }
  (void)game;
}

TEST(WorldsTest, EveryDrawnWorldFitsWhatTheSeatSaw) {
  Rng rng(27001);
  const int games = testing_scale::Scaled(60, 12);
  int checked = 0;
  for (const std::string& id : kProfiles) {
    const Profile& profile = *FindProfile(id);
    for (int g = 0; g < games; ++g) {
      Game game(profile, RandomBoard(rng));
      while (!game.finished()) {
        if (game.phase() == Phase::kPlaying) {
          const std::vector<Card> played = PlayedCards(game);
          for (Direction seat : kDirections) {
            const SeatView view = ViewOf(game, seat);
            const std::optional<WorldSampler> sampler = WorldSampler::Make(profile, view, played);
            const std::string where = id + " game " + std::to_string(g) + " card " +
                                      std::to_string(played.size()) + " " +
                                      std::string(DirectionName(seat));
            ASSERT_TRUE(sampler.has_value()) << where;
            Rng draws(checked);
            for (int i = 0; i < 3; ++i) {
              const std::optional<World> w = sampler->Draw(draws);
              ASSERT_TRUE(w.has_value()) << where;
              ExpectConsistent(game, view, played, *w, where);
              if (HasFatalFailure()) return;
              ++checked;
            }
          }
        }
        ASSERT_TRUE(game.Apply(RandomAct(game, rng)).ok());
      }
    }
  }
  EXPECT_GT(checked, testing_scale::Scaled(20000, 4000));
}

TEST(WorldsTest, AMemoryThatDoesNotFitIsRefused) {
  Rng rng(27002);
  const Profile& profile = *FindProfile("nasl-1909");
  for (int g = 0; g < 20; ++g) {
    Game game(profile, RandomBoard(rng));
    while (!game.finished() &&
           !(game.phase() == Phase::kPlaying && game.position().cards_played() >= 4)) {
      ASSERT_TRUE(game.Apply(RandomAct(game, rng)).ok());
    }
    if (game.finished()) continue;
    std::vector<Card> played = PlayedCards(game);
    const SeatView view = ViewOf(game, Direction::kForehand);
    EXPECT_TRUE(WorldSampler::Make(profile, view, played).has_value());
    std::vector<Card> shorter(played.begin(), played.end() - 1);
    EXPECT_FALSE(WorldSampler::Make(profile, view, shorter).has_value());
    std::vector<Card> twice = played;
    twice[1] = twice[0];
    EXPECT_FALSE(WorldSampler::Make(profile, view, twice).has_value());
    std::vector<Card> swapped = played;
    std::swap(swapped[0], swapped[3]);  // another trick than the view's
    EXPECT_FALSE(WorldSampler::Make(profile, view, swapped).has_value());
  }
}

TEST(WorldsTest, UnconstrainedDrawsAreUniform) {
  // The declarer's view before the first card: no voids, no evidence (he is the declarer), so
  // each unseen card lies in each place in proportion to its room: 10 of 20 with each defender
  // (his discards known), or 10, 10 and 2 of 22 in a hand game (the skat unknown).
  Rng rng(27003);
  const Profile& profile = *FindProfile("nasl-1909");
  for (int g = 0;; ++g) {
    ASSERT_LT(g, 2000);
    Game game(profile, RandomBoard(rng));
    while (!game.finished() && game.phase() != Phase::kPlaying) {
      ASSERT_TRUE(game.Apply(RandomAct(game, rng)).ok());
    }
    if (game.finished() || game.is_ramsch() || *game.declarer() != Direction::kForehand) continue;
    const SeatView view = ViewOf(game, Direction::kForehand);
    const std::optional<WorldSampler> sampler = WorldSampler::Make(profile, view, {});
    ASSERT_TRUE(sampler.has_value());
    const CardSet unseen = ~(view.hand | view.own_discards);
    const Card probe = unseen.lowest();
    std::array<int, 4> where{};
    const int n = 4000;
    Rng draws(5);
    for (int i = 0; i < n; ++i) {
      const World w = *sampler->Draw(draws);
      for (int p = 0; p < 3; ++p) where[p] += w.hands[p].contains(probe);
      where[3] += w.skat.contains(probe);
    }
    const double u = unseen.size();
    // Five standard deviations of a binomial count of n draws.
    auto near = [&](int count, double share) {
      const double sd = std::sqrt(n * share * (1 - share));
      EXPECT_NEAR(count, n * share, 5 * sd + 1) << "share " << share;
    };
    near(where[1], 10 / u);
    near(where[2], 10 / u);
    near(where[3], (u - 20) / u);
    EXPECT_EQ(where[0], 0);
    return;
  }
}

TEST(PlayMemoryTest, TheSeatsDecisionViewsRebuildTheCardPlay) {
  Rng rng(27004);
  const Profile& profile = *FindProfile("isko");
  int decisions = 0;
  for (int g = 0; g < 40; ++g) {
    Game game(profile, RandomBoard(rng));
    std::array<PlayMemory, 3> memory;
    std::array<PlayMemory, 3> forgetful;  // misses one of the seat's turns in trick 3
    while (!game.finished()) {
      const Direction seat = game.to_move();
      const SeatView view = ViewOf(game, seat);
      memory[Index(seat)].See(view);
      const bool skip = game.phase() == Phase::kPlaying && game.position().tricks_played() == 2;
      if (!skip) forgetful[Index(seat)].See(view);
      if (game.phase() == Phase::kPlaying) {
        const std::optional<std::vector<Card>> played = memory[Index(seat)].Played(view);
        ASSERT_TRUE(played.has_value());
        EXPECT_EQ(*played, PlayedCards(game));
        if (game.position().tricks_played() >= 4) {
          EXPECT_FALSE(forgetful[Index(seat)].Played(view).has_value());
        }
        ++decisions;
      }
      ASSERT_TRUE(game.Apply(RandomAct(game, rng)).ok());
    }
  }
  EXPECT_GT(decisions, 500);
}

}  // namespace worlds_test
}  // namespace skat
