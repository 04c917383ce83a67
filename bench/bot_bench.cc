// bot_bench: is the heuristic bot (engine/players/bot.h) better than simple players, measured the
// comparative way. A plain program, not Google Benchmark.
//
//   cmake --build build --target bot_bench
//   build/bot_bench [--boards N] [--seed S] [--profile P]      (defaults 1000, 1, nasl-1909)
//
// Every board is played under all 6 seatings of three players {bot, A, B}, where A and B are two
// instances of one opponent (different seeds): once with the random player (ChooseRandomAct),
// once with the highest-legal-card player (ChooseHighestCardAct). For each direction of a board
// the paired difference is the bot's mean board score when it held that direction minus the mean
// board score of the opponents when they held it (same cards, same seat: the luck of the deal
// cancels): the pad entry (RULES S1), or under a profile with a tournament bonus (isko) its
// Seeger-Fabian score, against which a third opponent plays too: the same bot ignoring the
// bonus (Profile::tournament_bonus, a copy of the profile with it 0). The sum over the three
// directions is one sample per board, so samples are independent. It prints per opponent the mean,
// standard deviation, n, the 99 % confidence interval mean ± 2.576·sd/√n and whether it lies above
// zero, the mix of games played (suit, grand, null, ramsch, passed; and those the bot declared,
// with how many it won), and the games per second. Exit code 0 only when the intervals against
// random and highest-card play lie above zero (the bonus comparison is a measurement: its margin
// needs some 20,000 boards).
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/scoring/board_score.h"
#include "engine/view.h"

namespace skat {
namespace {

uint64_t Mix(uint64_t a, uint64_t b) {
  uint64_t z = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A seed for one decision: the player's seed and the number of acts so far, so that the random
// player draws afresh at every act (also after a refused claim, which changes no card).
uint64_t DecisionSeed(uint64_t player_seed, const Game& game) {
  return Mix(player_seed, game.acts().size());
}

enum class Opponent { kRandom, kHighestCard, kBotWithoutBonus };
const char* Name(Opponent o) {
  switch (o) {
    case Opponent::kRandom: return "random";
    case Opponent::kHighestCard: return "highest-card";
    case Opponent::kBotWithoutBonus: return "bot-without-bonus";
  }
  return "?";
}

// The board score the comparison uses: Seeger-Fabian where the profile's tournaments use it.
scoring::BoardScoreKind ScoreKind(const Profile& profile) {
  return profile.tournament_bonus > 0 ? scoring::BoardScoreKind::kSeegerFabian
                                      : scoring::BoardScoreKind::kPad;
}

struct Mix5 {
  int suit = 0, grand = 0, null = 0, ramsch = 0, passed = 0;
  void Add(const GameResult& r) {
    if (r.kind == ResultKind::kRamsch) {
      ++ramsch;
    } else if (r.kind == ResultKind::kPassedIn) {
      ++passed;
    } else if (r.declaration.type == GameType::kNull) {
      ++null;
    } else if (r.declaration.type == GameType::kGrand) {
      ++grand;
    } else {
      ++suit;
    }
  }
};

struct Stats {
  std::vector<double> samples;
  Mix5 all;
  Mix5 bot_declared;
  int bot_won = 0;
  int bot_pad_sum = 0;
  int games = 0;
};

// One game: seats[d] is the player (0 = bot, 1 = A, 2 = B) holding direction d.
// `without_bonus`: the profile with tournament_bonus 0, for the kBotWithoutBonus opponent.
GameResult PlayOne(const Profile& profile, const Profile& without_bonus, const Board& board,
                   const std::array<int, 3>& seats, Opponent opponent,
                   const std::array<uint64_t, 3>& seeds) {
  Game game(profile, board);
  const Status s = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
    const int player = seats[Index(*view.seat)];
    const uint64_t seed = DecisionSeed(seeds[player], game);
    if (player == 0) return ChooseBotAct(profile, view, legal, seed);
    switch (opponent) {
      case Opponent::kRandom: return ChooseRandomAct(legal, seed);
      case Opponent::kHighestCard: return ChooseHighestCardAct(view, legal, seed);
      case Opponent::kBotWithoutBonus: break;
    }
    return ChooseBotAct(without_bonus, view, legal, seed);
  });
  if (!s.ok()) {
    std::fprintf(stderr, "bot_bench: an illegal act: %s\n", s.ToString().c_str());
    std::exit(2);
  }
  return game.result();
}

void PlayBoard(const Profile& profile, const Profile& without_bonus, const Board& board,
               uint64_t board_seed, Opponent opponent, Stats& stats) {
  static constexpr std::array<std::array<int, 3>, 6> kSeatings = {
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {2, 0, 1}, {1, 2, 0}, {2, 1, 0}}};
  const std::array<uint64_t, 3> seeds = {Mix(board_seed, 1), Mix(board_seed, 2),
                                         Mix(board_seed, 3)};
  std::array<double, 3> bot_sum{};
  std::array<double, 3> opp_sum{};
  for (const auto& seats : kSeatings) {
    const GameResult r = PlayOne(profile, without_bonus, board, seats, opponent, seeds);
    ++stats.games;
    stats.all.Add(r);
    for (Direction d : kDirections) {
      (seats[Index(d)] == 0 ? bot_sum : opp_sum)[Index(d)] +=
          static_cast<double>(scoring::BoardScore(ScoreKind(profile), r, d));
    }
    if (r.kind == ResultKind::kDeclarerGame && seats[Index(r.declarer)] == 0) {
      stats.bot_declared.Add(r);
      stats.bot_won += r.valuation.won;
      stats.bot_pad_sum += r.pad[Index(r.declarer)];
    }
  }
  // The bot holds each direction in 2 seatings, the opponents in 4.
  double sample = 0;
  for (int d = 0; d < 3; ++d) sample += bot_sum[d] / 2 - opp_sum[d] / 4;
  stats.samples.push_back(sample);
}

// Prints the summary; returns whether the 99 % interval lies above zero.
bool Report(Opponent opponent, const Stats& st) {
  const double n = static_cast<double>(st.samples.size());
  double mean = 0;
  for (double x : st.samples) mean += x;
  mean /= n;
  double var = 0;
  for (double x : st.samples) var += (x - mean) * (x - mean);
  const double sd = n > 1 ? std::sqrt(var / (n - 1)) : 0;
  const double half = 2.576 * sd / std::sqrt(n);
  const bool above = mean - half > 0;
  std::printf("opponent %s: mean %+.2f  sd %.2f  n %d  99%% CI [%+.2f, %+.2f]  %s\n",
              Name(opponent), mean, sd, static_cast<int>(n), mean - half, mean + half,
              above ? "above zero" : "NOT above zero");
  const Mix5& a = st.all;
  std::printf("  games: %d  suit %d  grand %d  null %d  ramsch %d  passed %d\n", st.games, a.suit,
              a.grand, a.null, a.ramsch, a.passed);
  const Mix5& b = st.bot_declared;
  const int declared = b.suit + b.grand + b.null;
  std::printf("  bot declared %d (suit %d  grand %d  null %d), won %d, mean pad %+.1f\n", declared,
              b.suit, b.grand, b.null, st.bot_won,
              declared ? static_cast<double>(st.bot_pad_sum) / declared : 0.0);
  return above;
}

int Usage() {
  std::fprintf(stderr, "usage: bot_bench [--boards N] [--seed S] [--profile P]\n");
  return 2;
}

int Main(int argc, char** argv) {
  int boards = 1000;
  uint64_t seed = 1;
  std::string profile_id = "nasl-1909";
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") return Usage(), 0;
    if (i + 1 >= argc) return Usage();
    const char* value = argv[++i];
    if (arg == "--boards") {
      boards = std::atoi(value);
      if (boards <= 1) return Usage();
    } else if (arg == "--seed") {
      seed = std::strtoull(value, nullptr, 10);
    } else if (arg == "--profile") {
      profile_id = value;
    } else {
      return Usage();
    }
  }
  const Profile* profile = FindProfile(profile_id);
  if (profile == nullptr) {
    std::fprintf(stderr, "bot_bench: unknown profile %s\n", profile_id.c_str());
    return 2;
  }
  std::printf("bot_bench: %d boards x 6 seatings, profile %s, seed %llu\n", boards,
              std::string(profile->id).c_str(), static_cast<unsigned long long>(seed));
  const auto start = std::chrono::steady_clock::now();
  Profile without_bonus = *profile;
  without_bonus.tournament_bonus = 0;
  bool ok = true;
  int games = 0;
  for (Opponent opponent :
       {Opponent::kRandom, Opponent::kHighestCard, Opponent::kBotWithoutBonus}) {
    if (opponent == Opponent::kBotWithoutBonus && profile->tournament_bonus == 0) continue;
    Rng rng(seed);  // the same boards against both opponents
    Stats stats;
    for (int b = 0; b < boards; ++b) {
      const Board board = RandomBoard(rng);
      PlayBoard(*profile, without_bonus, board, Mix(seed, static_cast<uint64_t>(b)), opponent,
                stats);
    }
    const bool above = Report(opponent, stats);
    if (opponent != Opponent::kBotWithoutBonus) ok = above && ok;
    games += stats.games;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d games in %.2f s: %.0f games/s\n", games, seconds, games / seconds);
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace skat

int main(int argc, char** argv) { return skat::Main(argc, argv); }
