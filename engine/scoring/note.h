// A note of the standings or a prize's detail in structured form (docs/i18n.md "What the engine
// writes"): a stable code and its arguments, beside the English text the engine has always
// written, so that a reader's page can say it in the reader's language.
#ifndef SKAT_ENGINE_SCORING_NOTE_H_
#define SKAT_ENGINE_SCORING_NOTE_H_

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace skat::scoring {

struct Note {
  std::string code;               // one of kNoteCodes
  std::vector<std::string> args;  // numbers as decimal text and names, in the order listed below
  std::string text;               // the English text
};

// Every code, with its arguments in order. A field is (board, direction, version): the board's
// number, the engine's direction name ("forehand", "middlehand", "rearhand") and the version
// (0: the board as dealt). A game is its GameName ("solo-hearts", "tournee-grand",
// "passt-mir-nicht-spades") and its AnnouncementName ("none", "schneider", "schwarz").
//   field-seats-differ  board, direction, version, seats, planned N: N raised to the seats
//   no-real-result      board, direction, version: only artificial scores
//   single-result       board, direction, version: N = 1, no matchpoints
//   session-held-at     session, player id, tables holding the chair, tables of the session
//   session-one-player  session, player id: a chair held by one player alone
//   team-clubs          clubs, club A, club B: only A against B is scored
//   prize-net-games     net games, won, lost, own points (the 1st, 2nd, 4th and 5th prizes)
//   prize-solo          game, announcement, matadors without, level, own points
//   prize-tournee       game, announcement, matadors without, level, own points
//   prize-highest       game, announcement, value, own points
//   prize-none          (none): no player qualifies
inline constexpr std::array<std::string_view, 11> kNoteCodes = {
    "field-seats-differ", "no-real-result", "single-result",   "session-held-at",
    "session-one-player", "team-clubs",     "prize-net-games", "prize-solo",
    "prize-tournee",      "prize-highest",  "prize-none"};

// The number of arguments of each code, in the order of kNoteCodes.
inline constexpr std::array<int, 11> kNoteArgCounts = {5, 3, 3, 4, 2, 3, 4, 5, 5, 4, 0};

}  // namespace skat::scoring

#endif  // SKAT_ENGINE_SCORING_NOTE_H_
