// What the terminal client (skat play) shows for one chair of an online table, in one of two
// forms:
// - plain lines (stdout not a terminal, TERM=dumb, --plain): on every view the board, the seats,
//   the bidding, the game, the tricks and the hand in the game's order with each card's letter
//   and the legal cards marked; after each board its result and the running pad by chair; the
//   numbered menu and the prompt "play> " on the seat's turn.
// - a fixed screen drawn in place with ANSI escapes (a terminal): the board line, the seats with
//   their names, running pad, tricks, card in the current trick and who is to move (with the
//   clock), the bidding, the game, the current and the last trick, the open information, the hand
//   with each card's letter (legal cards bright), the menu of keys, a message line (the last
//   refusal or information) and the prompt, always on the same rows. Cards as ♣J ♠J ♥A ♦10, the
//   red suits in red (or C-J with --ascii).
// Shows only what the seat's view holds (RULES T5).
#ifndef SKAT_SERVICES_CLI_PLAY_PLAY_SCREEN_H_
#define SKAT_SERVICES_CLI_PLAY_PLAY_SCREEN_H_

#include <chrono>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "engine/act.h"
#include "engine/view.h"
#include "services/cli/play/play_input.h"
#include "skat/v1/table_service.pb.h"

namespace skat::cli {

struct ScreenOptions {
  bool fixed = false;  // the fixed screen; else plain lines
  CardStyle cards;     // how cards are written (plain: always "C-J")
};

class Screen {
 public:
  // The screen of chair `chair` (1-based) at `table`.
  Screen(const v1::Table& table, int chair, ScreenOptions options = {});

  // The chair sitting in direction `d` on board number `board`, and "middlehand (chair 2, you)".
  int ChairOf(Direction d, int board) const;
  std::string Who(Direction d, int board) const;

  // A new view (`wire` as received, `v` the engine's reading of it) with the `legal` acts: the
  // cards' letters follow it (keys()); a finished board's result is added to the running pad
  // once. Plain: printed at once; fixed: drawn by the next Draw.
  void Show(const v1::SeatView& wire, const SeatView& v, const std::vector<Act>& legal);
  // The seat is asked to act with `menu` (Menu() with keys()). Plain: the numbered menu and the
  // prompt are printed; fixed: the keys are drawn by the next Draw.
  void Prompt(const std::vector<MenuEntry>& menu);
  // The seat is not asked to act (fixed: the menu rows say whom the table waits for).
  void Unprompt();
  // A line for the player: a refusal (`refusal`) or information. Plain: printed, followed by the
  // prompt again when `reprompt`; fixed: the message line of the next Draw.
  void Message(const std::string& text, bool refusal = false, bool reprompt = false);
  // Fixed: the line being typed, drawn after the prompt.
  void SetTyped(const std::string& typed) { typed_ = typed; }
  // Fixed: draws the whole screen in place; `clear` erases the terminal first (after a resize or
  // Ctrl-L). Plain: nothing.
  void Draw(bool clear = false);
  // Whether a move clock runs down on the screen (fixed: Draw once a second).
  bool Ticking() const;
  // The table's end: the pad by chair (plain: printed).
  void Final();
  // Fixed: what stays on the terminal after the screen is gone: each finished board's result, the
  // running pad, and the table's end once Final was called.
  std::string Summary() const;

  const CardKeys& keys() const { return keys_; }
  CardStyle style() const { return options_.fixed ? options_.cards : CardStyle(); }
  bool fixed() const { return options_.fixed; }

  // Fixed: the screen's rows for a terminal `width` columns wide (with ANSI attributes, without
  // cursor movement), the prompt line last.
  std::vector<std::string> Rows(int width) const;

 private:
  void ShowPlain(const v1::SeatView& wire, const SeatView& v, const std::vector<Act>& legal);
  std::string Name(int chair) const;  // "Anna", "chair 2"
  std::string FinalText() const;
  std::string Cards(const std::vector<Card>& cards) const;
  std::vector<std::string> MenuRows(int width) const;
  // MenuRows without a menu: what the seat waits for (the answers to a claim, the table, the
  // seat to move), or nothing.
  std::vector<std::string> WaitingRows(int board) const;
  // ShowPlain's game: Ramsch, or the declarer and his game, and the skat card only he saw.
  void PlainGame(const SeatView& v, int board, std::ostream& out) const;
  // ShowPlain's tricks won, last trick and current trick, once cards are played.
  void PlainTricks(const SeatView& v, std::ostream& out) const;
  // ShowPlain's end: the board's result and the running pad when it is finished, else who is to
  // move (with the clock).
  void PlainFooter(const v1::SeatView& wire, const SeatView& v, std::ostream& out) const;
  // The rows of Rows between the title and the menu, once a view has come: the seats, the
  // bidding, the game, the trick, the last trick, the info rows and the hand.
  void BoardRows(int width, std::vector<std::string>& rows) const;
  // A row per seat of the board, then one per resting chair.
  void SeatRows(int board, std::vector<std::string>& rows) const;
  // The bidding: the latest acts when they do not all fit in `width`.
  std::string BiddingRow(int width) const;
  std::string GameRow(int board) const;
  std::string TrickRow(int board) const;
  // The last trick of this board, else of the board before.
  std::string LastRow(int board) const;
  // The hand: each card with its letter, the legal ones bright, the others dim while cards are
  // played; the groups (trumps, then each suit) apart; as many rows as `width` needs.
  std::vector<std::string> HandRows(int width) const;
  std::vector<std::string> InfoRows() const;
  std::string SeatRow(Direction d) const;
  int SecondsLeft() const;

  const v1::Table table_;
  const int chair_;
  const ScreenOptions options_;
  std::vector<long long> pad_;
  std::set<int> counted_;  // boards whose result is in pad_
  CardKeys keys_;
  std::vector<std::string> results_;  // "board 1: <summary>  pad F -20 M 0 R 0"
  bool final_ = false;

  // The fixed screen's state.
  std::optional<v1::SeatView> wire_;
  SeatView view_;
  std::vector<Act> legal_;
  std::chrono::steady_clock::time_point received_;
  std::optional<std::vector<MenuEntry>> menu_;  // set while the seat is asked to act
  std::string message_;
  bool refusal_ = false;
  std::string typed_;
  // The board before: its number and last trick (shown until this board has its own).
  int previous_board_ = 0;
  TrickView previous_trick_;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_PLAY_SCREEN_H_
