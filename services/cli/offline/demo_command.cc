// skat demo: one random board played out with random legal play at several tables, each table's
// game and value, and the comparison per direction (docs/comparative.md
// "Scoring, in two layers": settled board score with
// k = 3, matchpoints 2 per result beaten and 1 per tie).
#include <iomanip>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/players/random_play.h"
#include "engine/settlement.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/common/game_proto.h"

namespace skat::cli {

Runner AddDemoCommand(CLI::App& app) {
  struct Options {
    uint64_t seed = 0;
    std::string deal;
    int tables = 3;
    std::string profile = "nasl-1909";
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "demo", Tr("Play one random board at several tables and compare each direction."));
  sub->footer(
      Tr("Every table gets the same board (same hands, same lead, same skat order); the players\n"
         "are random legal players. Without --seed a fresh seed is drawn and printed."));
  sub->add_option("-s,--seed", o->seed, Tr("seed for the board and the players (0: random)"));
  sub->add_option("-d,--deal", o->deal, Tr("play this deal number instead of a random board"));
  sub->add_option("-t,--tables", o->tables, Tr("number of tables (2-40)"))
      ->check(CLI::Range(2, 40))
      ->capture_default_str();
  sub->add_option("--profile", o->profile, Tr("rule profile"))->capture_default_str();
  return [o]() {
    const Profile* profile = FindProfile(o->profile);
    if (!profile) {
      std::cerr << "skat demo: " << Tr("unknown profile '{0}'", o->profile) << "\n";
      return 1;
    }
    uint64_t seed = o->seed;
    if (seed == 0) seed = (uint64_t{std::random_device{}()} << 32) | std::random_device{}();
    Rng board_rng(seed);
    Board board = RandomBoard(board_rng);
    if (!o->deal.empty()) {
      Result<uint64_t> number = ParseDealNumber(o->deal);
      if (!number.ok()) {
        std::cerr << "skat demo: " << number.status().message() << "\n";
        return 1;
      }
      board = UnrankBoard(*number);
    }
    std::cout << Tr("seed {0}, profile {1}", seed, profile->id) << "\n";
    std::cout << Tr("board {0}", DealNumber(board)) << "\n";
    for (Direction d : kDirections) {
      std::cout << "  " << std::left << std::setw(11) << DirectionText(service::ToProto(d))
                << ToString(board.hand(d)) << "\n";
    }
    std::cout << "  " << std::left << std::setw(11) << Tr("skat") << ToString(board.skat[0]) << " "
              << ToString(board.skat[1]) << "\n\n";
    // settled[t][d]: RULES S2 with k = 3 (docs/comparative.md "Board score of a seat").
    std::vector<std::array<long long, 3>> settled;
    for (int t = 0; t < o->tables; ++t) {
      Game game(*profile, board);
      Rng rng(seed + 1000003ull * static_cast<uint64_t>(t + 1));
      PlayOutRandomly(game, rng);
      const GameResult& r = game.result();
      std::array<long long, 3> pad = {r.pad[0], r.pad[1], r.pad[2]};
      std::vector<long long> net = Settle(pad);
      settled.push_back({net[0], net[1], net[2]});
      std::cout << Tr("table {0}", t + 1) << ": " << GameText(r) << "\n";
    }
    std::cout << "\n"
              << Tr("comparison (settled score; matchpoints: 2 per table beaten, 1 per tie, top "
                    "{0})",
                    2 * (o->tables - 1))
              << "\n";
    for (Direction d : kDirections) {
      std::cout << "  " << std::left << std::setw(11) << DirectionText(service::ToProto(d));
      for (int t = 0; t < o->tables; ++t) {
        int mp = 0;
        for (int u = 0; u < o->tables; ++u) {
          if (u == t) continue;
          const long long a = settled[t][Index(d)], b = settled[u][Index(d)];
          mp += a > b ? 2 : a == b ? 1 : 0;
        }
        std::cout << " T" << t + 1 << " " << std::showpos << settled[t][Index(d)] << std::noshowpos
                  << " (" << Tr("{0} mp", mp) << ")";
      }
      std::cout << "\n";
    }
    return 0;
  };
}

}  // namespace skat::cli
