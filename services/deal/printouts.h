// Punched-style printouts of a board set for physical play
// (docs/comparative.md "Board and board set"):
//   punch cards    per board, the pack in a fixed order and for each card the direction it goes
//                  to: F, M, R, S1 or S2 (skat card 1 and 2), punched like Southwell's hands;
//   curtain cards  per board and direction, the sorted hand with board number, direction and
//                  chair, to keep with the hand in the board;
//   dealing sheet  per board, the 32 cards in pack order with their destination, for volunteers
//                  making up boards from a sorted pack.
// The pack order is fixed: clubs, spades, hearts, diamonds; within a suit A K Q J 10 9 8 7 (the
// order in which ToString(CardSet::All()) prints, docs/cards.md), i.e. card index 31 down to 0.
//
// Written in a language and a deck given per call (an event's: docs/i18n.md "Printed sheets",
// docs/cards.md "Decks"): the words from services/cli/i18n's catalogues, the cards as the deck
// names them (suit symbols in the French decks, suit words in the German deck; rank letters
// the first letters of the rank names: B D K A in German, U O K D in the German deck). The
// data attributes stay in the engine's notation in every language.
//
// Pure functions, no I/O. The HTML is one self-contained, printable HTML5 document (inline CSS,
// print CSS with page breaks, no scripts, no external resources); a PDF comes from printing it in
// headless Chromium (docs/development.md "Headless Chromium"). Every card's destination is also
// machine-readable: each card
// element carries data-board="N" data-card="C-A" data-direction="F|M|R|S1|S2".
#ifndef SKAT_SERVICES_DEAL_PRINTOUTS_H_
#define SKAT_SERVICES_DEAL_PRINTOUTS_H_

#include <array>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/board_set.h"
#include "engine/card.h"
#include "services/cli/i18n/tr.h"

namespace skat {

struct PrintoutOptions {
  bool punch_cards = true;
  bool curtain_cards = true;
  bool dealing_sheet = true;
  // "en" or another language with a catalogue ("de"); an unknown one reads as English.
  cli::Language language = cli::kEnglish;
  // "french", "four" (the four-colour tournament deck) or "german"; another reads as "french".
  std::string deck = "french";
};

// The 32 cards in pack order: C-A C-K ... C-7 S-A ... D-7.
std::array<Card, kCardCount> PackOrder();

// Where a card of a board goes: "F", "M", "R", "S1" (skat card 1, the top card as it lies) or
// "S2". "?" when the card is nowhere on the board (the board fails CheckBoard).
std::string_view Destination(const Board& board, Card card);

// Chairs of board `board_number` at a table of `table_size` chairs numbered 1..k clockwise
// (docs/comparative.md "Directions and chairs"):
// forehand as ForehandChair, middlehand and rearhand the
// next chairs clockwise; at 4 chairs the dealer's chair rests. 0 for an unknown table size.
int DirectionChair(int board_number, int table_size, Direction d);
// The resting dealer's chair at a 4-chair table; 0 at 3 chairs.
int RestingChair(int board_number, int table_size);

// The printouts as one HTML5 document. The label and every other text from the set is escaped.
std::string PrintoutsHtml(const BoardSet& set, const PrintoutOptions& options = {});

// The same three parts as plain text (UTF-8) for a terminal (the sections' switches of
// `options` are not read: the text has all three).
std::string PrintoutsText(const BoardSet& set, const PrintoutOptions& options = {});

}  // namespace skat

#endif  // SKAT_SERVICES_DEAL_PRINTOUTS_H_
