#include "services/cli/play_input.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "engine/bot.h"
#include "engine/card_set.h"
#include "engine/declaration.h"
#include "services/cli/hand_order.h"

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

}  // namespace

std::string Label(const Act& a) {
  switch (a.type) {
    case ActType::kBid: return "bid " + std::to_string(a.bid);
    case ActType::kHold: return "hold (yes)";
    case ActType::kPass: return "pass";
    case ActType::kTurnSkatCard: return "tournee: turn skat card 1";
    case ActType::kAccept: return "accept the card as trump";
    case ActType::kPasstMirNicht: return "passt mir nicht (turn skat card 2)";
    case ActType::kChooseTrump:
      return a.trump == GameType::kGrand ? "trump: grand tournee"
                                         : "trump: " + std::string(GameTypeName(a.trump));
    case ActType::kGuckser: return "guckser (take the skat unseen, play grand)";
    case ActType::kTakeSkat: return "take the skat";
    case ActType::kDiscard: return "discard " + ToString(a.cards[0]) + " " + ToString(a.cards[1]);
    case ActType::kDeclare: return "declare " + ToString(a.declaration);
    case ActType::kPlay: return "play " + ToString(a.cards[0]);
    case ActType::kConcede: return "concede";
    case ActType::kClaim: return "claim the remaining tricks";
    case ActType::kAnswer: return a.accept ? "answer: accept" : "answer: refuse";
    case ActType::kContra: return "contra";
    case ActType::kRecontra: return "re-contra";
    case ActType::kResign: return "resign (the game is lost; as a defender: give it up)";
    case ActType::kTimeout: return "timeout";
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

std::vector<MenuEntry> Menu(const SeatView& view, const std::vector<Act>& legal) {
  std::vector<MenuEntry> menu;
  auto add = [&](const Act& a, std::string label = "") {
    menu.push_back({a, label.empty() ? Label(a) : std::move(label)});
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
    add(suggestion, Label(suggestion) + " (the two with the fewest points)");
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

std::optional<Act> Interpret(const std::string& typed, Direction seat,
                             const std::vector<Act>& legal, const std::vector<MenuEntry>& menu,
                             std::string& error) {
  const std::string text = Trim(typed);
  const std::string n = Normal(text);
  auto find = [&](const Act& wanted) -> std::optional<Act> {
    for (const Act& a : legal) {
      if (Same(a, wanted)) return a;
    }
    return std::nullopt;
  };
  auto first_of = [&](ActType t) -> std::optional<Act> {
    for (const Act& a : legal) {
      if (a.type == t) return a;
    }
    return std::nullopt;
  };
  if (!n.empty() && n.size() <= 7 && n.find_first_not_of("0123456789") == std::string::npos) {
    const int number = std::stoi(n);
    if (number >= 1 && number <= static_cast<int>(menu.size())) return menu[number - 1].act;
    if (std::optional<Act> bid = find(Act::Bid(seat, number))) return bid;
    if (first_of(ActType::kBid)) {
      int next = 0;
      for (const Act& a : legal) {
        if (a.type == ActType::kBid && (next == 0 || a.bid < next)) next = a.bid;
      }
      error = std::to_string(number) + " is not a legal bid now (the next legal bid is " +
              std::to_string(next) + ")";
    } else {
      error = "there is no menu entry " + std::to_string(number);
    }
    return std::nullopt;
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
      {"concede", ActType::kConcede},
      {"claim", ActType::kClaim},
      {"contra", ActType::kContra},
      {"re contra", ActType::kRecontra},
      {"recontra", ActType::kRecontra},
      {"resign", ActType::kResign}};
  if (first_of(ActType::kAnswer)) {
    if (n == "yes" || n == "y" || n == "accept" || n == "answer accept") {
      return find(Act::Answer(seat, true));
    }
    if (n == "no" || n == "n" || n == "refuse" || n == "answer refuse") {
      return find(Act::Answer(seat, false));
    }
  }
  if (n == "no" || n == "n") return first_of(ActType::kPass);
  if (auto it = kNames.find(n); it != kNames.end()) {
    if (std::optional<Act> a = first_of(it->second)) return a;
    error = "'" + text + "' is not possible now";
    return std::nullopt;
  }
  // A card or two.
  std::string cards = text;
  for (const char* verb : {"play ", "discard "}) {
    if (Lower(cards).rfind(verb, 0) == 0) cards = cards.substr(std::string(verb).size());
  }
  if (std::optional<std::vector<Card>> list = ParseCardList(cards)) {
    if (list->size() == 1) {
      if (std::optional<Act> a = find(Act::Play(seat, (*list)[0]))) return a;
      error = ToString((*list)[0]) + " is not a legal card now" +
              (first_of(ActType::kPlay) ? " (legal: the cards marked *)" : "");
      return std::nullopt;
    }
    if (list->size() == 2) {
      if (std::optional<Act> a = find(Act::Discard(seat, (*list)[0], (*list)[1]))) return a;
      error = "discarding " + ToString((*list)[0]) + " " + ToString((*list)[1]) +
              " is not possible now";
      return std::nullopt;
    }
  }
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
    if (std::optional<Act> a = find(Act::Declare(seat, *d))) return a;
  }
  // An act line without the seat, with or without the act's name.
  for (const char* prefix : {"", "declare ", "choose-trump ", "bid "}) {
    Result<Act> line = ParseActLine(std::string(1, DirectionLetter(seat)) + " " + prefix + text);
    if (line.ok()) {
      if (std::optional<Act> a = find(*line)) return a;
    }
  }
  error = "cannot read '" + text + "' as a legal act now";
  return std::nullopt;
}

}  // namespace skat::cli
