// skat replay FILE: replays game records (docs/game-records.md) through the engine, prints each
// game's result and the table settlement (RULES S1, S2), and rejects the first illegal record with
// "FILE:line:column: reason" (the engine's message names the rule).
#include <array>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game_record.h"
#include "engine/settlement.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

// "F +30 M 0 R -30".
template <typename T>
std::string PerSeat(const std::array<T, 3>& values) {
  std::string out;
  for (Direction d : kDirections) {
    if (!out.empty()) out += ' ';
    out += DirectionLetter(d);
    out += ' ' + Signed(values[Index(d)]);
  }
  return out;
}

}  // namespace

Runner AddReplayCommand(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand(
      "replay",
      Tr("Replay game records: check every act against the rules, print each result and the table "
         "settlement."));
  sub->footer(
      Tr("FILE holds one or more game records (docs/game-records.md), e.g.\n"
         "  game 1\n"
         "  profile: nasl-1909\n"
         "  deal: 42 F: ...; M: ...; R: ...; S: ...\n"
         "  M bid 18\n"
         "  F pass\n"
         "  ...\n"
         "  F play H-J\n"
         "  pad: F 0 M +30 R 0\n"
         "Each game's acts are replayed through the engine and its stated result is checked.\n"
         "Prints per game: declarer, game, value and pad entries; then the pad totals per seat\n"
         "(direction F, M, R) and the settlement over them (RULES S2, k = 3).\n"
         "Exit codes: 0 every record is legal, 1 the first illegal or unreadable record is\n"
         "reported as FILE:line:column: reason, 2 usage errors.\n"
         "Example:\n"
         "  skat replay table3-session1.txt"));
  sub->add_option("file", *file, Tr("the record file"))->required();
  return [file]() {
    std::ifstream in(*file, std::ios::binary);
    if (!in) {
      std::cerr << "skat replay: " << Tr("cannot open '{0}'", *file) << "\n";
      return 1;
    }
    std::ostringstream text;
    text << in.rdbuf();
    FormatError where;
    Result<std::vector<GameRecord>> records = ReadGameRecords(text.str(), &where);
    if (!records.ok()) {
      std::string message = records.status().message();
      const std::string prefix =
          "line " + std::to_string(where.line) + ", column " + std::to_string(where.column) + ": ";
      if (message.rfind(prefix, 0) == 0) message = message.substr(prefix.size());
      std::cerr << *file << ":" << where.line << ":" << where.column << ": "
                << ErrorCodeName(records.status().code()) << ": " << message << "\n";
      return 1;
    }
    std::array<long long, 3> totals{};
    for (size_t i = 0; i < records->size(); ++i) {
      const GameRecord& record = (*records)[i];
      const GameResult& r = record.game.result();
      std::cout << Tr("game {0}", i + 1) << " (" << record.game.profile().id;
      if (!record.table.empty()) std::cout << ", " << Tr("table {0}", record.table);
      if (!record.board.empty()) std::cout << ", " << Tr("board {0}", record.board);
      if (!record.round.empty()) std::cout << ", " << Tr("round {0}", record.round);
      std::cout << "): " << GameText(r) << "\n";
      if (r.kind == ResultKind::kDeclarerGame) {
        std::cout << "  "
                  << Tr("declarer: {0}; game: {1}; value: {2}",
                        DirectionText(service::ToProto(r.declarer)), DeclarationText(r.declaration),
                        r.valuation.won ? Tr("won {0}", r.valuation.value)
                                        : Tr("lost {0}", r.valuation.value))
                  << "\n";
      }
      std::cout << "  " << Tr("pad: {0}", PerSeat(r.pad)) << "\n";
      for (Direction d : kDirections) totals[Index(d)] += r.pad[Index(d)];
    }
    const std::vector<long long> net = Settle(totals);
    std::cout << TrN("{n} game replayed", "{n} games replayed",
                     static_cast<long long>(records->size()))
              << "\n";
    std::cout << Tr("pad totals: {0}", PerSeat(totals)) << "\n";
    std::cout << Tr("settlement (RULES S2, k = 3): {0}",
                    PerSeat(std::array{net[0], net[1], net[2]}))
              << "\n";
    return 0;
  };
}

}  // namespace skat::cli
