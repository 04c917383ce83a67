// What the terminal client (skat play) prints for one chair of an online table: on every view
// the board, the seats, the bidding, the game, the tricks and the hand in the game's order with
// the legal cards marked; after each board its result and the running pad by chair; the menu and
// the prompt "play> " on the seat's turn. Prints only what the seat's view holds (RULES T5).
#ifndef SKAT_SERVICES_CLI_PLAY_SCREEN_H_
#define SKAT_SERVICES_CLI_PLAY_SCREEN_H_

#include <set>
#include <string>
#include <vector>

#include "engine/act.h"
#include "engine/view.h"
#include "services/cli/play_input.h"
#include "skat/v1/table_service.pb.h"

namespace skat::cli {

class Screen {
 public:
  // The screen of chair `chair` (1-based) at `table`.
  Screen(const v1::Table& table, int chair);

  // The chair sitting in direction `d` on board number `board`, and "middlehand (chair 2, you)".
  int ChairOf(Direction d, int board) const;
  std::string Who(Direction d, int board) const;

  // Prints the view (`wire` as received, `v` the engine's reading of it) with the `legal` acts'
  // cards marked; a finished board's result is added to the running pad once.
  void Show(const v1::SeatView& wire, const SeatView& v, const std::vector<Act>& legal);
  // The numbered menu and the prompt.
  void Prompt(const std::vector<MenuEntry>& menu);
  // The table's end: the pad by chair.
  void Final();

 private:
  const v1::Table table_;
  const int chair_;
  std::vector<long long> pad_;
  std::set<int> counted_;  // boards whose result is in pad_
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_SCREEN_H_
