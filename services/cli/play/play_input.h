// What the terminal client (skat play) offers and reads on a seat's turn: the menu of legal acts,
// the keys that name them, and the reading of a typed line as one of them. Nothing is sent from
// here: a line that names no legal act is an error for the player, never an act.
//
// Keys never move while the player types. Each card of the hand has a letter a..l that stays with
// that card for the whole board (CardKeys); the other acts have keys that do not depend on the
// cards or the menu: a bid its value ("18"), hold "y", pass "p", take the skat "t", the other acts
// and the games their names ("hand grand", "claim"). A key of a card that left the hand, or of an
// act that is no longer legal, is refused with a message, never read as another act. Only the
// plain output's numbered menu ("   1) play C-J") has numbers that follow the menu (kept for
// scripts; skat play drops type-ahead on a terminal before it shows such a menu).
#ifndef SKAT_SERVICES_CLI_PLAY_PLAY_INPUT_H_
#define SKAT_SERVICES_CLI_PLAY_PLAY_INPUT_H_

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/act.h"
#include "engine/view.h"

namespace skat::cli {

// How cards are written: "C-J" (plain output, --ascii) or "♣J" (the fixed screen), the red suits
// in red when `colour` (ANSI SGR 31, then 39: bold and dim around it survive).
struct CardStyle {
  bool symbols = false;
  bool colour = false;
};
std::string CardName(Card c, CardStyle style);
// The cards separated by single spaces.
std::string CardNames(const std::vector<Card>& cards, CardStyle style);

// An act as the player reads it: "bid 18", "play C-J", "passt mir nicht (turn skat card 2)".
std::string Label(const Act& a);
std::string Label(const Act& a, CardStyle style);
// The text in lower case, and without the white space around it.
std::string Lower(std::string s);
std::string Trim(const std::string& s);

// The letters of one board's cards: each card of the hand gets the next free letter of a..l the
// first time the seat sees it on the board (the ten dealt cards a..j in the hand's order then, the
// two of the skat k and l), and keeps it for the rest of the board, also after it left the hand,
// so that a late key still names that card (and is refused), never another.
class CardKeys {
 public:
  static constexpr char kFirst = 'a';
  static constexpr char kLast = 'l';

  // Takes the hand (in the order it is shown) of a view of the board with 0-based index
  // `board_index`; another board starts afresh.
  void Update(int board_index, const std::vector<Card>& hand);
  int board_index() const { return board_index_; }
  bool empty() const { return next_ == kFirst; }
  // The hand as of the last Update.
  CardSet hand() const { return hand_; }
  std::optional<char> KeyOf(Card c) const;
  std::optional<Card> CardOf(char key) const;

 private:
  int board_index_ = -1;
  char next_ = kFirst;
  CardSet hand_;
  std::array<char, kCardCount> key_{};  // by card index; 0: none
};

// One entry of the menu: the act, its label ("play C-J") and its key, which stays the same for the
// same act while the board lasts: the card's letter "c", the bid's value "18", "y", "p", "t", or
// the act's name ("hand grand", "claim"); for a discard the two cards' letters "e j".
struct MenuEntry {
  Act act;
  std::string label;
  std::string key;
};

// The key of an act (see MenuEntry); empty for a card without a letter.
std::string KeyOf(const Act& a, const CardKeys& keys);

// The menu: bidding: hold and pass, then the next few legal values; discarding: a suggestion
// (type any two cards); the card play: the legal cards in hand order; else every legal act. With
// `keys`, each entry has its key.
std::vector<MenuEntry> Menu(const SeatView& view, const std::vector<Act>& legal);
std::vector<MenuEntry> Menu(const SeatView& view, const std::vector<Act>& legal,
                            const CardKeys& keys);

// The plain output's menu and prompt: "your move:\n   1) play C-J\n...(hint)\nplay> ".
std::string MenuText(const std::vector<MenuEntry>& menu);
// The plain output's hand with the cards' letters, the cards of `legal` marked '*', the groups
// (trumps, then each suit, hand_order.h) separated by '|': "a:C-J* b:S-J | c:H-A* ...".
std::string KeyedHandText(CardSet hand, std::optional<GameType> game, CardSet legal,
                          const CardKeys& keys);

// The act of `legal` a typed line means: a card's key ("c"; two for a discard: "c e"), a bid
// value, a card ("C-J", "cj", "♣J"), two cards to discard, an act's name or key ("pass", "p",
// "hold", "y", "t", "guckser", "passt mir nicht"), a game ("hand grand", "hearts solo", "null
// ouvert"), a trump ("hearts"), an act line as in game records ("play C-J"), or a number of
// `menu` (the plain output's numbered menu; pass an empty menu where none is shown). Otherwise
// nullopt, with `error` saying why (e.g. "D-7 is not a legal card now", "c was C-J, which is no
// longer in your hand"). Card names in errors are written in `style`.
std::optional<Act> Interpret(const std::string& typed, Direction seat,
                             const std::vector<Act>& legal, const std::vector<MenuEntry>& menu,
                             std::string& error);
std::optional<Act> Interpret(const std::string& typed, Direction seat,
                             const std::vector<Act>& legal, const std::vector<MenuEntry>& menu,
                             const CardKeys& keys, CardStyle style, std::string& error);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PLAY_PLAY_INPUT_H_
