// skat play: a terminal client for a human at one seat of an online table (no curses). On a
// terminal (stdout a tty, TERM not "dumb", no --plain) it draws a fixed screen in place with ANSI
// escapes (services/cli/play/play_screen.h): the board, the seats, the bidding, the game, the
// tricks, the hand with each card's letter, the keys, a message line and the prompt "play> " on the
// same rows, and edits the typed line itself (the terminal in non-canonical mode, restored on exit
// and on SIGTERM/SIGHUP/SIGINT). Otherwise (a pipe, a test, TERM=dumb, --plain) plain lines: on
// every view change the board, the bidding, the declaration, the tricks and the hand in the game's
// order with the legal cards marked; on this seat's turn a numbered menu of the legal acts and
// the prompt "play> ". It reads the keys and acts of services/cli/play/play_input.h, shows each
// board's result and the running pad, and exits when the table is finished, on end of input or
// on "q".
//
// Each run is play_session.h's.
#include <memory>

#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/play/play_session.h"
#include "services/cli/seat/seat_client.h"
#include "services/cli/token_files.h"

namespace skat::cli {

Runner AddPlayCommand(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  CLI::App* sub =
      app.add_subcommand("play", Tr("Play one seat of an online table at the terminal."));
  sub->footer(Tr(
      "On a terminal a fixed screen is drawn in place (ANSI escapes): the board, the seats with\n"
      "their names, running pad, tricks, card in the trick and who is to move (with the clock),\n"
      "the bidding, the game, the current and the last trick, your hand in the game's order\n"
      "(trumps first) with a letter per card (legal cards bright), the keys you may type now, a\n"
      "message line (the last refusal) and the prompt \"play> \". Cards as ♣J ♠J ♥A ♦"
      "10, red\n"
      "suits in red (--ascii: C-J). Type a key, then Enter:\n"
      "  a..l     a card of your hand: each card keeps its letter for the whole board (dealt\n"
      "           cards a..j, the skat's two k and l), so a late key never plays another card:\n"
      "           the letter of a card you no longer hold is refused; two letters discard (c e)\n"
      "  18 20 .. a bid, by its value      y  hold (yes)      p  pass      n  no\n"
      "  t        take the skat            y / n  accept or refuse a claim or concession\n"
      "  a game by the name shown: grand solo, hearts ouvert, null (a hand game; also hand\n"
      "           grand), after taking the skat: hearts, grand, null ouvert; the trump after a\n"
      "           turned jack: hearts, grand; turn, accept, pmn (passt mir nicht), guckser\n"
      "  claim, concede, contra, recontra, resign: when the keys show them\n"
      "  a card by name (C-J, cj, ♣J), two to discard (S-7 D-8), an act line (play "
      "C-J)\n"
      "  ? help and redraw; q (or Ctrl-C) leaves; the same token takes the seat again later.\n"
      "Backspace, Ctrl-U, Ctrl-W edit the line; Ctrl-L redraws.\n"
      "Where stdout is no terminal, TERM is \"dumb\" or with --plain: plain lines instead, the\n"
      "state printed after every change and on your turn a numbered menu (numbers follow the\n"
      "menu; on a terminal what was typed before the menu appeared is dropped); the keys above\n"
      "work there too. After each board the result and the running pad; it exits when the table\n"
      "is finished."));
  sub->add_option("--table", o->table,
                  Tr("events/{event}/tables/{table}, or with --session \"round 2 table 3\""))
      ->required();
  sub->add_option("--session", o->session,
                  Tr("events/{event}/sessions/{session}: --table names a table of it"));
  sub->add_flag("--plain", o->plain, Tr("plain lines even on a terminal (as into a pipe)"));
  sub->add_flag("--ascii", o->ascii, Tr("cards as C-J, not ♣J, on the fixed screen"));
  AddTokenOption(*sub, kSeatToken, o->seat_token);
  AddSeatOptions(*sub, o->server, o->retry_for);

  return [o]() -> int { return RunPlay(*o); };
}

}  // namespace skat::cli
