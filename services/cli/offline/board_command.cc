// skat board: a board and its deal number, both ways (docs/comparative.md "Board and board set").
#include <iostream>
#include <memory>
#include <string>

#include "engine/board.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

void Print(const Board& board) {
  std::cout << Tr("deal number: {0}", DealNumber(board)) << "\n";
  for (Direction d : kDirections) {
    std::cout << DirectionText(service::ToProto(d)) << ": " << ToString(board.hand(d)) << "\n";
  }
  std::cout << Tr("skat: {0} {1}  (card 1 first)", ToString(board.skat[0]), ToString(board.skat[1]))
            << "\n";
  std::cout << Tr("board: {0}", ToString(board)) << "\n";
}

}  // namespace

Runner AddBoardCommand(CLI::App& app) {
  struct Options {
    std::string number;
    std::string hands;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "board", Tr("Show a board from its deal number, or the deal number of a board."));
  sub->footer(
      Tr("Deal numbers run from 0 to 5506588817009279 (docs/cards.md).\n"
         "Examples:\n"
         "  skat board --number 0\n"
         "  skat board --hands \"F: C-J S-J ...; M: ...; R: ...; S: H-7 D-8\""));
  auto* number = sub->add_option("-n,--number", opts->number, Tr("deal number"));
  auto* hands = sub->add_option(
      "--hands", opts->hands,
      Tr("the board as \"F: <10 cards>; M: <10 cards>; R: <10 cards>; S: <card 1> <card 2>\""));
  number->excludes(hands);
  sub->require_option(1);
  return [opts]() {
    if (!opts->number.empty()) {
      Result<uint64_t> deal = ParseDealNumber(opts->number);
      if (!deal.ok()) {
        std::cerr << "skat board: " << deal.status().message() << "\n";
        return 1;
      }
      const Board board = UnrankBoard(*deal);
      Print(board);
      return 0;
    }
    Result<Board> board = ParseBoard(opts->hands);
    if (!board.ok()) {
      std::cerr << "skat board: " << board.status().message() << "\n";
      return 1;
    }
    Print(*board);
    return 0;
  };
}

}  // namespace skat::cli
