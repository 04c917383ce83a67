// What the terminal client (skat play) offers and reads on a seat's turn: the numbered menu of
// legal acts and the reading of a typed line as one of them. Nothing is sent from here: a line
// that names no legal act is an error for the player, never an act.
#ifndef SKAT_SERVICES_CLI_PLAY_INPUT_H_
#define SKAT_SERVICES_CLI_PLAY_INPUT_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/act.h"
#include "engine/view.h"

namespace skat::cli {

// An act as the player reads it: "bid 18", "play C-J", "passt mir nicht (turn skat card 2)".
std::string Label(const Act& a);
// The text in lower case, and without the white space around it.
std::string Lower(std::string s);
std::string Trim(const std::string& s);

struct MenuEntry {
  Act act;
  std::string label;
};

// The menu: bidding: hold and pass, then the next few legal values; discarding: a suggestion
// (type any two cards); the card play: the legal cards in hand order; else every legal act.
std::vector<MenuEntry> Menu(const SeatView& view, const std::vector<Act>& legal);

// The act of `legal` a typed line means: a menu number, a bid value, a card, two cards to
// discard, an act's name ("pass", "hold", "guckser", "passt mir nicht"), a game ("hand grand",
// "hearts solo", "null ouvert"), a trump ("hearts"), or an act line as in game records
// ("play C-J"). Otherwise nullopt, with `error` saying why (e.g. "D-7 is not a legal card now").
std::optional<Act> Interpret(const std::string& typed, Direction seat,
                             const std::vector<Act>& legal, const std::vector<MenuEntry>& menu,
                             std::string& error);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_INPUT_H_
