#include "services/cli/play/play_input.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "engine/card_set.h"
#include "engine/declaration.h"
#include "engine/players/bot.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/play/hand_order.h"

namespace skat::cli {
namespace {

bool Same(const Act& a, const Act& b) {
  if (a.type == ActType::kDiscard && b.type == ActType::kDiscard) {
    return a.seat == b.seat && (CardSet(a.cards[0]) | CardSet(a.cards[1])) ==
                                   (CardSet(b.cards[0]) | CardSet(b.cards[1]));
  }
  return a == b;
}

// Words joined by single spaces, '-', '_' and ',' read as spaces: "passt mir nicht" and
// "passt-mir-nicht" are the same.
std::string Normal(const std::string& s) {
  std::string out;
  for (char c : Lower(s)) {
    if (c == '-' || c == '_' || c == ',' || std::isspace(static_cast<unsigned char>(c))) c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// One typed line read against the legal acts (Interpret), step by step: each step answers
// with the act, with no act and the error set, or (nullopt) leaves the line to the next step.
using Reading = std::optional<std::optional<Act>>;

Reading Refused() { return Reading(std::in_place); }

struct TypedLine {
  const std::string text;
  const std::string n;  // the text normalised (Normal)
  const Direction seat;
  const std::vector<Act>& legal;
  const std::vector<MenuEntry>& menu;
  const CardKeys& keys;
  const CardStyle style;
  std::string& error;

  std::optional<Act> Find(const Act& wanted) const {
    for (const Act& a : legal) {
      if (Same(a, wanted)) return a;
    }
    return std::nullopt;
  }
  std::optional<Act> FirstOf(ActType t) const {
    for (const Act& a : legal) {
      if (a.type == t) return a;
    }
    return std::nullopt;
  }
  std::string Name(Card c) const { return CardName(c, style); }
  // Why a card of no legal act is refused: not in the hand (any more), or not legal now.
  std::string NotLegal(Card c) const {
    if (!keys.empty() && !keys.hand().contains(c)) {
      std::optional<char> k = keys.KeyOf(c);
      const std::string card = Name(c) + (k ? " (" + std::string(1, *k) + ")" : std::string());
      return k ? Tr("{0} is no longer in your hand", card) : Tr("{0} is not in your hand", card);
    }
    std::string why = Tr("{0} is not a legal card now", Name(c));
    if (!FirstOf(ActType::kPlay)) return why;
    if (keys.empty()) return why + " (" + Tr("legal: the cards marked *") + ")";
    std::string legal_keys;
    for (const Act& a : legal) {
      if (a.type != ActType::kPlay) continue;
      std::optional<char> k = keys.KeyOf(a.cards[0]);
      legal_keys += " " + (k ? std::string(1, *k) : ToString(a.cards[0]));
    }
    return why + " (" + Tr("legal now:") + legal_keys + ")";
  }

  // Card letters: one plays a card, two discard ("c e", "c,e", or "ce" while discarding).
  Reading Letters() const {
    if (!keys.empty()) {
      const std::string lower = Lower(text);
      std::vector<char> letters;
      bool all_letters = true;
      for (size_t i = 0; i < lower.size(); ++i) {
        const char c = lower[i];
        if (c == ' ' || c == ',' || c == '\t') continue;
        const bool alone = (i + 1 == lower.size() || lower[i + 1] == ' ' || lower[i + 1] == ',' ||
                            lower[i + 1] == '\t');
        if (c < CardKeys::kFirst || c > CardKeys::kLast || !alone) {
          all_letters = false;
          break;
        }
        letters.push_back(c);
      }
      if (!all_letters && lower.size() == 2 && FirstOf(ActType::kDiscard) &&
          keys.CardOf(lower[0]) && keys.CardOf(lower[1])) {
        letters = {lower[0], lower[1]};
        all_letters = true;
      }
      if (all_letters && !letters.empty()) {
        std::vector<Card> cards;
        for (char k : letters) {
          std::optional<Card> c = keys.CardOf(k);
          if (!c) {
            error = Tr("no card has the key {0}", std::string(1, k));
            return Refused();
          }
          if (!keys.hand().contains(*c)) {
            error = Tr("{0} was {1}, which is no longer in your hand", std::string(1, k), Name(*c));
            return Refused();
          }
          cards.push_back(*c);
        }
        if (cards.size() == 1) {
          if (std::optional<Act> a = Find(Act::Play(seat, cards[0]))) return Reading(a);
          error = FirstOf(ActType::kDiscard)
                      ? Tr("to discard, type two cards' letters (e.g. {0} and another)",
                           std::string(1, letters[0]))
                      : NotLegal(cards[0]);
          return Refused();
        }
        if (cards.size() == 2 && cards[0] != cards[1]) {
          if (std::optional<Act> a = Find(Act::Discard(seat, cards[0], cards[1])))
            return Reading(a);
          error = FirstOf(ActType::kPlay) ? Tr("play one card at a time")
                                          : Tr("discarding {0} {1} is not possible now",
                                               Name(cards[0]), Name(cards[1]));
          return Refused();
        }
        error = Tr("cannot read '{0}' as a legal act now", text);
        return Refused();
      }
    }
    return std::nullopt;
  }

  // A number: a menu entry, else a bid by its value.
  Reading Number() const {
    if (n.size() <= 7 && n.find_first_not_of("0123456789") == std::string::npos) {
      const int number = std::stoi(n);
      if (number >= 1 && number <= static_cast<int>(menu.size()))
        return Reading(menu[number - 1].act);
      if (std::optional<Act> bid = Find(Act::Bid(seat, number))) return Reading(bid);
      if (FirstOf(ActType::kBid)) {
        int next = 0;
        for (const Act& a : legal) {
          if (a.type == ActType::kBid && (next == 0 || a.bid < next)) next = a.bid;
        }
        error = Tr("{0} is not a legal bid now (the next legal bid is {1})", number, next);
      } else if (!menu.empty()) {
        error = Tr("there is no menu entry {0}", number);
      } else {
        error = Tr("{0} is no key now (a bid is its value; a card its letter)", number);
      }
      return Refused();
    }
    return std::nullopt;
  }

  // The acts' keys, their names and aliases, the answers to a claim.
  Reading Words() const {
    // The acts' keys ("t", "claim", "hand grand", "hearts" after taking the skat).
    for (const Act& a : legal) {
      if (a.type != ActType::kPlay && a.type != ActType::kDiscard && a.type != ActType::kBid &&
          Normal(KeyOf(a, keys)) == n) {
        return Reading(a);
      }
    }
    // Names and aliases.
    static const std::map<std::string, ActType> kNames = {
        {"hold", ActType::kHold},
        {"yes", ActType::kHold},
        {"y", ActType::kHold},
        {"pass", ActType::kPass},
        {"p", ActType::kPass},
        {"tournee", ActType::kTurnSkatCard},
        {"turn", ActType::kTurnSkatCard},
        {"turn skat card", ActType::kTurnSkatCard},
        {"accept", ActType::kAccept},
        {"passt mir nicht", ActType::kPasstMirNicht},
        {"pmn", ActType::kPasstMirNicht},
        {"guckser", ActType::kGuckser},
        {"take skat", ActType::kTakeSkat},
        {"take", ActType::kTakeSkat},
        {"t", ActType::kTakeSkat},
        {"concede", ActType::kConcede},
        {"claim", ActType::kClaim},
        {"contra", ActType::kContra},
        {"re contra", ActType::kRecontra},
        {"recontra", ActType::kRecontra},
        {"resign", ActType::kResign}};
    if (FirstOf(ActType::kAnswer)) {
      if (n == "yes" || n == "y" || n == "accept" || n == "answer accept") {
        return Reading(Find(Act::Answer(seat, true)));
      }
      if (n == "no" || n == "n" || n == "refuse" || n == "answer refuse") {
        return Reading(Find(Act::Answer(seat, false)));
      }
    }
    if (n == "no" || n == "n") {
      if (std::optional<Act> a = FirstOf(ActType::kPass)) return Reading(a);
      error = Tr("'{0}' is not possible now", text);
      return Refused();
    }
    if (auto it = kNames.find(n); it != kNames.end()) {
      if (std::optional<Act> a = FirstOf(it->second)) return Reading(a);
      error = Tr("'{0}' is not possible now", text);
      return Refused();
    }
    return std::nullopt;
  }

  // A card or two, by name ("play C-J", "discard S-7 D-8").
  Reading Cards() const {
    std::string cards = text;
    for (const char* verb : {"play ", "discard "}) {
      if (Lower(cards).rfind(verb, 0) == 0) cards = cards.substr(std::string(verb).size());
    }
    if (std::optional<std::vector<Card>> list = ParseCardList(cards)) {
      if (list->size() == 1) {
        if (std::optional<Act> a = Find(Act::Play(seat, (*list)[0]))) return Reading(a);
        error = NotLegal((*list)[0]);
        return Refused();
      }
      if (list->size() == 2) {
        if (std::optional<Act> a = Find(Act::Discard(seat, (*list)[0], (*list)[1])))
          return Reading(a);
        error = Tr("discarding {0} {1} is not possible now", Name((*list)[0]), Name((*list)[1]));
        return Refused();
      }
    }
    return std::nullopt;
  }

  // Games and trumps by name, then an act line without the seat; else the error.
  std::optional<Act> Rest() const {
    // Games and trumps by name.
    std::string game = n;
    if (game.rfind("declare ", 0) == 0) game = game.substr(8);
    for (const Act& a : legal) {
      if (a.type == ActType::kDeclare &&
          (Normal(ToString(a.declaration)) == game || Normal(Label(a)) == n)) {
        return a;
      }
      if (a.type == ActType::kChooseTrump &&
          (Normal(std::string(GameTypeName(a.trump))) == game || Normal(Label(a)) == n ||
           "trump " + Normal(std::string(GameTypeName(a.trump))) == n)) {
        return a;
      }
    }
    if (std::optional<Declaration> d = ParseGame(text)) {
      if (std::optional<Act> a = Find(Act::Declare(seat, *d))) return a;
    }
    // An act line without the seat, with or without the act's name.
    for (const char* prefix : {"", "declare ", "choose-trump ", "bid "}) {
      Result<Act> line = ParseActLine(std::string(1, DirectionLetter(seat)) + " " + prefix + text);
      if (line.ok()) {
        if (std::optional<Act> a = Find(*line)) return a;
      }
    }
    error = Tr("cannot read '{0}' as a legal act now", text);
    return std::nullopt;
  }
};

}  // namespace

std::string CardName(Card c, CardStyle style) {
  if (!style.symbols && !style.colour) return ToString(c);
  std::string name = ToString(c);
  if (style.symbols) name = std::string(SuitSymbol(c.suit())) + name.substr(name.find('-') + 1);
  const bool red = c.suit() == Suit::kHearts || c.suit() == Suit::kDiamonds;
  return style.colour && red ? "\x1b[31m" + name + "\x1b[39m" : name;
}

std::string CardNames(const std::vector<Card>& cards, CardStyle style) {
  std::string out;
  for (Card c : cards) out += (out.empty() ? "" : " ") + CardName(c, style);
  return out;
}

std::string Label(const Act& a) { return Label(a, CardStyle()); }

std::string Label(const Act& a, CardStyle style) {
  switch (a.type) {
    case ActType::kBid: return Tr("bid {0}", a.bid);
    case ActType::kHold: return Tr("hold (yes)");
    case ActType::kPass: return Tr("pass");
    case ActType::kTurnSkatCard: return Tr("tournee: turn skat card 1");
    case ActType::kAccept: return Tr("accept the card as trump");
    case ActType::kPasstMirNicht: return Tr("passt mir nicht (turn skat card 2)");
    case ActType::kChooseTrump:
      return a.trump == GameType::kGrand ? Tr("trump: grand tournee")
                                         : Tr("trump: {0}", GameTypeName(a.trump));
    case ActType::kGuckser: return Tr("guckser (take the skat unseen, play grand)");
    case ActType::kTakeSkat: return Tr("take the skat");
    case ActType::kDiscard:
      return Tr("discard {0} {1}", CardName(a.cards[0], style), CardName(a.cards[1], style));
    case ActType::kDeclare: return Tr("declare {0}", ToString(a.declaration));
    case ActType::kPlay: return Tr("play {0}", CardName(a.cards[0], style));
    case ActType::kConcede: return Tr("concede");
    case ActType::kClaim: return Tr("claim the remaining tricks");
    case ActType::kAnswer: return a.accept ? Tr("answer: accept") : Tr("answer: refuse");
    case ActType::kContra: return Tr("contra");
    case ActType::kRecontra: return Tr("re-contra");
    case ActType::kResign: return Tr("resign (give the game up)");
    case ActType::kTimeout: return Tr("timeout");
  }
  return std::string(ActTypeName(a.type));
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string Trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r\n") + 1 - a);
}

void CardKeys::Update(int board_index, const std::vector<Card>& hand) {
  if (board_index != board_index_) {
    *this = CardKeys();
    board_index_ = board_index;
  }
  hand_ = CardSet();
  for (Card c : hand) {
    hand_.add(c);
    if (key_[c.index()] == 0 && next_ <= kLast) key_[c.index()] = next_++;
  }
}

std::optional<char> CardKeys::KeyOf(Card c) const {
  if (key_[c.index()] == 0) return std::nullopt;
  return key_[c.index()];
}

std::optional<Card> CardKeys::CardOf(char key) const {
  for (int i = 0; i < kCardCount; ++i) {
    if (key_[i] == key) return Card::FromIndex(i);
  }
  return std::nullopt;
}

std::string KeyOf(const Act& a, const CardKeys& keys) {
  auto letter = [&](Card c) {
    std::optional<char> k = keys.KeyOf(c);
    return k ? std::string(1, *k) : std::string();
  };
  switch (a.type) {
    case ActType::kBid: return std::to_string(a.bid);
    case ActType::kHold: return "y";
    case ActType::kPass: return "p";
    case ActType::kTurnSkatCard: return "turn";
    case ActType::kAccept: return "accept";
    case ActType::kPasstMirNicht: return "pmn";
    case ActType::kChooseTrump: return std::string(GameTypeName(a.trump));
    case ActType::kGuckser: return "guckser";
    case ActType::kTakeSkat: return "t";
    case ActType::kDiscard: {
      const std::string k1 = letter(a.cards[0]), k2 = letter(a.cards[1]);
      return k1.empty() || k2.empty() ? ToString(a.cards[0]) + " " + ToString(a.cards[1])
                                      : k1 + " " + k2;
    }
    case ActType::kDeclare: {
      // A game after taking the skat by its name alone: "hearts", "null ouvert".
      std::string name = Normal(ToString(a.declaration));
      const std::string pickup = " with the skat";
      if (a.declaration.handling == SkatHandling::kPickup && name.size() > pickup.size() &&
          name.compare(name.size() - pickup.size(), pickup.size(), pickup) == 0) {
        name.erase(name.size() - pickup.size());
      }
      return name;
    }
    case ActType::kPlay: return letter(a.cards[0]);
    case ActType::kConcede: return "concede";
    case ActType::kClaim: return "claim";
    case ActType::kAnswer: return a.accept ? "y" : "n";
    case ActType::kContra: return "contra";
    case ActType::kRecontra: return "recontra";
    case ActType::kResign: return "resign";
    case ActType::kTimeout: return "";
  }
  return "";
}

std::vector<MenuEntry> Menu(const SeatView& view, const std::vector<Act>& legal) {
  return Menu(view, legal, CardKeys());
}

std::vector<MenuEntry> Menu(const SeatView& view, const std::vector<Act>& legal,
                            const CardKeys& keys) {
  std::vector<MenuEntry> menu;
  auto add = [&](const Act& a, std::string label = "") {
    menu.push_back({a, label.empty() ? Label(a) : std::move(label), KeyOf(a, keys)});
  };
  auto of = [&](ActType t) {
    std::vector<Act> out;
    for (const Act& a : legal) {
      if (a.type == t) out.push_back(a);
    }
    return out;
  };
  std::set<ActType> listed;
  for (ActType t : {ActType::kHold, ActType::kPass}) {
    for (const Act& a : of(t)) add(a);
    listed.insert(t);
  }
  std::vector<Act> bids = of(ActType::kBid);
  std::sort(bids.begin(), bids.end(), [](const Act& a, const Act& b) { return a.bid < b.bid; });
  for (size_t i = 0; i < bids.size() && i < 5; ++i) add(bids[i]);
  listed.insert(ActType::kBid);
  std::vector<Act> discards = of(ActType::kDiscard);
  if (!discards.empty()) {
    const Act suggestion = ChooseHighestCardAct(view, discards, 0);
    add(suggestion, Label(suggestion) + " (" + Tr("the two with the fewest points") + ")");
    listed.insert(ActType::kDiscard);
  }
  std::vector<Act> plays = of(ActType::kPlay);
  for (Card c : InOrder(view.hand, OrderOf(view))) {
    for (const Act& a : plays) {
      if (a.cards[0] == c) add(a);
    }
  }
  listed.insert(ActType::kPlay);
  for (const Act& a : legal) {
    if (listed.count(a.type) == 0) add(a);
  }
  return menu;
}

std::string MenuText(const std::vector<MenuEntry>& menu) {
  std::string out = Tr("your move:") + "\n";
  for (size_t i = 0; i < menu.size(); ++i) {
    out += std::string("  ") + (i + 1 < 10 ? " " : "") + std::to_string(i + 1) + ") " +
           menu[i].label + "\n";
  }
  out += Tr("(a number, a card's letter, or the act: e.g. 18, pass, C-J, \"S-7 D-8\", hand "
            "grand; q quits)") +
         "\n";
  out += "play> ";
  return out;
}

std::string KeyedHandText(CardSet hand, std::optional<GameType> game, CardSet legal,
                          const CardKeys& keys) {
  std::string out;
  int group = -2;
  for (Card c : InOrder(hand, game)) {
    const bool trump = game != GameType::kNull &&
                       (c.is_jack() || (game && IsSuitGame(*game) && c.suit() == TrumpSuit(*game)));
    const int g = trump ? -1 : static_cast<int>(c.suit());
    if (!out.empty()) out += g == group ? " " : " | ";
    group = g;
    if (std::optional<char> k = keys.KeyOf(c)) out += std::string(1, *k) + ":";
    out += ToString(c) + (legal.contains(c) ? "*" : "");
  }
  return out.empty() ? Tr("(no cards)") : out;
}

std::optional<Act> Interpret(const std::string& typed, Direction seat,
                             const std::vector<Act>& legal, const std::vector<MenuEntry>& menu,
                             std::string& error) {
  return Interpret(typed, seat, legal, menu, CardKeys(), CardStyle(), error);
}

std::optional<Act> Interpret(const std::string& typed, Direction seat,
                             const std::vector<Act>& legal, const std::vector<MenuEntry>& menu,
                             const CardKeys& keys, CardStyle style, std::string& error) {
  const std::string text = Trim(typed);
  const TypedLine line{text, Normal(text), seat, legal, menu, keys, style, error};
  if (line.n.empty()) {
    error = Tr("type a key or an act");
    return std::nullopt;
  }
  for (Reading (TypedLine::*step)() const :
       {&TypedLine::Letters, &TypedLine::Number, &TypedLine::Words, &TypedLine::Cards}) {
    if (Reading read = (line.*step)()) return *read;
  }
  return line.Rest();
}

}  // namespace skat::cli
