// skat play: a terminal client for a human at one seat of an online table. Plain line-based
// output (no curses): on every view change it prints the board, the bidding, the declaration,
// the tricks and the hand in the game's order with the legal cards marked; on this seat's turn a
// numbered menu of the legal acts and a prompt "play> ". It reads a menu number or the act as
// text, prints each board's result and the running pad, and exits when the table is finished,
// on end of input or on "q".
//
// Two threads: one reads the seat's WatchSeat stream (reconnecting) and hands every view to the
// main thread through a queue and a pipe; the main thread waits on that pipe and standard input
// with poll() and sends the acts (services/cli/seat_client.h: retries and sequence numbers).
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/board_set.h"
#include "engine/bot.h"
#include "engine/card_set.h"
#include "services/cli/commands.h"
#include "services/cli/seat_client.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

// --- The game's order of cards -----------------------------------------------------------------

// Rank order within a suit, highest first: A 10 K Q 9 8 7 (jacks are trumps), or in Null the
// natural A K Q J 10 9 8 7.
int RankKey(Rank r, bool null) {
  if (null) return 7 - static_cast<int>(r);
  switch (r) {
    case Rank::kAce: return 0;
    case Rank::kTen: return 1;
    case Rank::kKing: return 2;
    case Rank::kQueen: return 3;
    case Rank::kNine: return 4;
    case Rank::kEight: return 5;
    case Rank::kSeven: return 6;
    case Rank::kJack: return 7;
  }
  return 8;
}

// The hand in groups: trumps first (jacks ♣ ♠ ♥ ♦, then the trump suit), then the other suits
// ♣ ♠ ♥ ♦; in Null no trumps and every suit in natural order. Before the game is known (and in
// Ramsch) as in Grand: the jacks, then the suits.
std::vector<std::vector<Card>> Grouped(CardSet hand, std::optional<GameType> game) {
  const bool null = game == GameType::kNull;
  std::vector<std::vector<Card>> groups;
  auto suit_cards = [&](Suit s, bool with_jack) {
    std::vector<Card> cards;
    for (Card c : hand& CardSet::OfSuit(s)) {
      if (c.is_jack() && !with_jack) continue;
      cards.push_back(c);
    }
    std::sort(cards.begin(), cards.end(),
              [&](Card a, Card b) { return RankKey(a.rank(), null) < RankKey(b.rank(), null); });
    return cards;
  };
  constexpr Suit kSuits[] = {Suit::kClubs, Suit::kSpades, Suit::kHearts, Suit::kDiamonds};
  std::optional<Suit> trump;
  if (!null) {
    std::vector<Card> trumps;
    for (Suit s : kSuits) {
      if (hand.contains(Card(s, Rank::kJack))) trumps.push_back(Card(s, Rank::kJack));
    }
    if (game && IsSuitGame(*game)) {
      trump = TrumpSuit(*game);
      for (Card c : suit_cards(*trump, false)) trumps.push_back(c);
    }
    if (!trumps.empty()) groups.push_back(trumps);
  }
  for (Suit s : kSuits) {
    if (s == trump) continue;
    std::vector<Card> cards = suit_cards(s, null);
    if (!cards.empty()) groups.push_back(cards);
  }
  return groups;
}

std::optional<GameType> OrderOf(const SeatView& v) {
  if (v.declaration) return v.declaration->type;
  return std::nullopt;
}

std::vector<Card> InOrder(CardSet hand, std::optional<GameType> game) {
  std::vector<Card> out;
  for (const auto& group : Grouped(hand, game)) out.insert(out.end(), group.begin(), group.end());
  return out;
}

// "C-J* S-J | H-A H-10* ...": groups separated by '|', legal cards marked with '*'.
std::string HandText(CardSet hand, std::optional<GameType> game, CardSet legal) {
  std::string out;
  for (const auto& group : Grouped(hand, game)) {
    if (!out.empty()) out += " | ";
    for (size_t i = 0; i < group.size(); ++i) {
      out += (i ? " " : "") + ToString(group[i]) + (legal.contains(group[i]) ? "*" : "");
    }
  }
  return out.empty() ? "(no cards)" : out;
}

// --- Acts as the player sees and types them ---------------------------------------------------

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

bool Same(const Act& a, const Act& b) {
  if (a.type == ActType::kDiscard && b.type == ActType::kDiscard) {
    return a.seat == b.seat && (CardSet(a.cards[0]) | CardSet(a.cards[1])) ==
                                   (CardSet(b.cards[0]) | CardSet(b.cards[1]));
  }
  return a == b;
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

struct MenuEntry {
  Act act;
  std::string label;
};

// The menu: bidding: hold and pass, then the next few legal values; discarding: a suggestion
// (type any two cards); the card play: the legal cards in hand order; else every legal act.
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

// The act a typed line means: a menu number, a bid value, a card, two cards to discard, an act's
// name ("pass", "hold", "guckser", "passt mir nicht"), a game ("hand grand", "hearts solo",
// "null ouvert"), a trump ("hearts"), or an act line as in game records ("play C-J").
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

// --- The screen --------------------------------------------------------------------------------

class Screen {
 public:
  Screen(const v1::Table& table, int chair) : table_(table), chair_(chair) {
    pad_.assign(table.chairs(), 0);
  }

  int ChairOf(Direction d, int board) const {
    return (ForehandChair(board, table_.chairs()) - 1 + Index(d)) % table_.chairs() + 1;
  }
  std::string Who(Direction d, int board) const {
    const int chair = ChairOf(d, board);
    return std::string(DirectionName(d)) + " (chair " + std::to_string(chair) +
           (chair == chair_ ? ", you)" : ")");
  }

  void Show(const v1::SeatView& wire, const SeatView& v, const std::vector<Act>& legal) {
    const int board = wire.board_number();
    std::ostringstream out;
    out << "\n== board " << board << " (" << wire.board_index() + 1 << " of "
        << table_.boards_size() << ") at " << ShortTableName(table_.name()) << ": you are chair "
        << chair_ << ", "
        << (v.seat ? std::string(DirectionName(*v.seat))
                   : std::string("the resting dealer (you sit this board out)"))
        << " ==\n";
    out << "seats:";
    for (Direction d : kDirections) {
      out << "  " << DirectionLetter(d) << " chair " << ChairOf(d, board)
          << (ChairOf(d, board) == chair_ ? " (you)" : "");
    }
    out << "\n";
    out << "bidding:";
    if (v.bidding.empty()) out << " (none yet)";
    for (size_t i = 0; i < v.bidding.size(); ++i) {
      const Act& a = v.bidding[i];
      out << (i ? ", " : " ") << DirectionLetter(a.seat) << " "
          << (a.type == ActType::kBid ? std::to_string(a.bid)
                                      : std::string(a.type == ActType::kHold ? "yes" : "pass"));
    }
    out << "\n";
    if (v.ramsch) {
      out << "game: Ramsch (all passed): jacks are trumps, fewest card points wins\n";
    } else if (v.declarer) {
      out << "game: " << Who(*v.declarer, board) << " ";
      if (v.declaration) {
        out << "plays " << ToString(*v.declaration);
      } else {
        out << "won the bidding; the game is not fixed yet";
      }
      out << ", floor " << v.floor;
      if (v.turned_card) out << ", turned card " << ToString(*v.turned_card);
      out << "\n";
    }
    if (v.looked_card) out << "skat card 1 (only you saw it): " << ToString(*v.looked_card) << "\n";
    for (Direction d : kDirections) {
      if (v.exposed[Index(d)].empty() || v.seat == d) continue;
      out << "open hand of " << Who(d, board) << ": "
          << HandText(v.exposed[Index(d)], OrderOf(v), CardSet()) << "\n";
    }
    if (!v.partner_hand.empty()) {
      out << "your partner's hand: " << HandText(v.partner_hand, OrderOf(v), CardSet()) << "\n";
    }
    if (v.phase == Phase::kPlaying || v.phase == Phase::kFinished) {
      out << "tricks won: F " << v.tricks_won[0] << "  M " << v.tricks_won[1] << "  R "
          << v.tricks_won[2] << "\n";
      if (v.last_trick.size > 0) {
        out << "last trick:";
        for (int i = 0; i < v.last_trick.size; ++i) {
          const Direction d = static_cast<Direction>((Index(v.last_trick.leader) + i) % 3);
          out << "  " << DirectionLetter(d) << " " << ToString(v.last_trick.cards[i]);
        }
        if (v.phase == Phase::kPlaying) {
          out << "  (won by " << DirectionLetter(v.current_trick.leader) << ")";
        }
        out << "\n";
      }
      if (v.phase == Phase::kPlaying) {
        out << "this trick:";
        if (v.current_trick.size == 0)
          out << " (" << DirectionLetter(v.current_trick.leader) << " to lead)";
        for (int i = 0; i < v.current_trick.size; ++i) {
          const Direction d = static_cast<Direction>((Index(v.current_trick.leader) + i) % 3);
          out << "  " << DirectionLetter(d) << " " << ToString(v.current_trick.cards[i]);
        }
        out << "\n";
      }
    }
    if (v.proposal) {
      out << Who(v.proposal->proposer, board) << " "
          << (v.proposal->kind == ActType::kClaim ? "claims the remaining tricks"
                                                  : "offers to concede")
          << "\n";
    }
    if (v.seat) {
      CardSet playable;
      for (const Act& a : legal) {
        if (a.type == ActType::kPlay) playable.add(a.cards[0]);
      }
      out << "your hand: " << HandText(v.hand, OrderOf(v), playable)
          << (playable.empty() ? "" : "   (* = legal now)") << "\n";
      if (!v.own_discards.empty()) out << "your discards: " << ToString(v.own_discards) << "\n";
    }
    if (v.phase == Phase::kFinished) {
      if (!v.skat.empty()) out << "skat: " << ToString(v.skat) << "\n";
      if (wire.has_result() && counted_.insert(wire.board_index()).second) {
        const v1::GameResult& r = wire.result();
        for (int d = 0; d < r.pad_size() && d < kDirectionCount; ++d) {
          pad_[ChairOf(static_cast<Direction>(d), board) - 1] += r.pad(d);
        }
      }
      if (wire.has_result()) {
        out << "result: board " << board << ": " << wire.result().summary() << "  pad "
            << PadLine(wire.result()) << "\n";
      }
      out << "running pad:";
      for (int c = 0; c < table_.chairs(); ++c) {
        out << "  chair " << c + 1 << (c + 1 == chair_ ? " (you) " : " ") << Signed(pad_[c]);
      }
      out << "\n";
    } else if (v.to_move) {
      out << "to move: " << Who(*v.to_move, board) << "\n";
    }
    std::cout << out.str() << std::flush;
  }

  void Prompt(const std::vector<MenuEntry>& menu) {
    std::ostringstream out;
    out << "your move:\n";
    for (size_t i = 0; i < menu.size(); ++i) {
      out << "  " << (i + 1 < 10 ? " " : "") << i + 1 << ") " << menu[i].label << "\n";
    }
    out << "(a number, or the act: e.g. 18, pass, C-J, \"S-7 D-8\", hand grand; q quits)\n";
    out << "play> ";
    std::cout << out.str() << std::flush;
  }

  void Final() {
    std::cout << "\ntable " << ShortTableName(table_.name()) << " finished; pad by chair:";
    for (int c = 0; c < table_.chairs(); ++c) {
      std::cout << "  " << c + 1 << (c + 1 == chair_ ? " (you)" : "") << ": " << Signed(pad_[c]);
    }
    std::cout << std::endl;
  }

 private:
  const v1::Table table_;
  const int chair_;
  std::vector<long long> pad_;
  std::set<int> counted_;
};

// Views from the watching thread to the main thread.
class Inbox {
 public:
  Inbox() {
    if (pipe(fds_) != 0) {
      fds_[0] = fds_[1] = -1;
      return;
    }
    fcntl(fds_[0], F_SETFL, fcntl(fds_[0], F_GETFL) | O_NONBLOCK);  // Take drains it
  }
  ~Inbox() {
    for (int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  bool ok() const { return fds_[0] >= 0; }
  int fd() const { return fds_[0]; }
  void Push(const v1::SeatUpdate& u) {
    {
      std::lock_guard lock(mutex_);
      updates_.push_back(u);
    }
    Wake();
  }
  void End(CallResult result) {
    {
      std::lock_guard lock(mutex_);
      ended_ = std::move(result);
    }
    Wake();
  }
  // Everything that arrived; `ended` is set once the watching stopped.
  std::vector<v1::SeatUpdate> Take(std::optional<CallResult>& ended) {
    char buffer[256];
    while (read(fds_[0], buffer, sizeof buffer) > 0) {
    }
    std::lock_guard lock(mutex_);
    std::vector<v1::SeatUpdate> out(updates_.begin(), updates_.end());
    updates_.clear();
    ended = ended_;
    return out;
  }

 private:
  void Wake() {
    const char byte = 1;
    while (write(fds_[1], &byte, 1) < 0 && errno == EINTR) {
    }
  }
  int fds_[2];
  std::mutex mutex_;
  std::deque<v1::SeatUpdate> updates_;
  std::optional<CallResult> ended_;
};

}  // namespace

Runner AddPlayCommand(CLI::App& app) {
  struct Options {
    std::string server;
    std::string table;
    std::string seat_token;
    int retry_for = 60;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand("play", "Play one seat of an online table at the terminal.");
  sub->footer(
      "On every change the table's state is printed: the board, the bidding, the game, the\n"
      "tricks and your hand in the game's order (trumps first; legal cards marked *). On your\n"
      "turn a numbered menu follows and the prompt \"play> \": type a menu number or the act\n"
      "(18, pass, hold, C-J, \"S-7 D-8\" to discard, hand grand, hearts solo, guckser, passt mir\n"
      "nicht, ...); a number that is no menu entry is a bid. \"?\" shows the state again; q or\n"
      "end of input leaves (the same token takes the seat again). After each board the result\n"
      "and the running pad; it exits when the table is finished.");
  sub->add_option("--table", o->table, "events/{event}/tables/{table}")->required();
  sub->add_option("--seat-token", o->seat_token,
                  "your chair's seat token from skat tables open (env SKAT_SEAT_TOKEN)");
  AddSeatOptions(*sub, o->server, o->retry_for);

  return [o]() -> int {
    const std::string token = SeatToken(o->seat_token);
    if (token.empty()) {
      std::cerr << "skat play: no seat token: pass --seat-token TOKEN or set SKAT_SEAT_TOKEN\n";
      return 2;
    }
    Stopper stopper;
    std::shared_ptr<grpc::Channel> channel = ConnectSeats(o->server);
    auto note = [](const std::string& line) { std::cerr << "skat play: " << line << std::endl; };
    SeatOptions options{.server = o->server,
                        .table = o->table,
                        .token = token,
                        .retry_for = std::chrono::seconds(o->retry_for),
                        .note = note};
    SeatClient seat(channel, options, stopper);
    CallResult joined = seat.Join();
    if (!joined.ok()) {
      std::cerr << "skat play: " << joined.Describe(o->server) << "\n";
      return 1;
    }
    v1::Table table;
    if (CallResult r = seat.GetTable(&table); !r.ok()) {
      std::cerr << "skat play: " << r.Describe(o->server) << "\n";
      return 1;
    }
    if (table.mode() == v1::TABLE_MODE_PHYSICAL || table.chairs() < 3) {
      std::cerr << "skat play: " << o->table << " plays with physical cards, not through skatd\n";
      return 1;
    }
    Screen screen(table, seat.chair());
    std::cout << "skat play: chair " << seat.chair() << " at " << table.name() << " ("
              << table.boards_size() << (table.boards_size() == 1 ? " board, " : " boards, ")
              << table.chairs() << " chairs); q quits" << std::endl;

    Inbox inbox;
    if (!inbox.ok()) {
      std::cerr << "skat play: cannot make a pipe\n";
      return 1;
    }
    SeatClient watcher(channel, options, stopper);
    std::thread watching([&] {
      CallResult r = watcher.Watch(
          [&](const v1::SeatUpdate& u) {
            inbox.Push(u);
            return true;
          },
          false);
      inbox.End(r);
    });
    auto finish = [&](int code) {
      stopper.Stop();
      watching.join();
      return code;
    };

    std::optional<v1::SeatView> current;  // the newest view
    std::optional<SeatView> current_view;
    std::vector<Act> current_legal;
    std::vector<MenuEntry> menu;
    std::pair<int, int> shown(-1, -1);  // (board index, act count) last printed
    std::pair<int, int> acted(-1, -1);  // the view an act was sent for
    bool table_finished = false;
    // May act now (legal acts, not yet acted on this view); asked to act: prompted with the menu.
    auto may_act = [&] {
      return current && !current_legal.empty() &&
             std::make_pair(current->board_index(), current->act_count()) != acted;
    };
    auto my_turn = [&] { return may_act() && AskedToAct(*current_view); };
    std::string pending_input;
    bool input_open = true;
    for (;;) {
      pollfd fds[2] = {{inbox.fd(), POLLIN, 0}, {0, POLLIN, 0}};
      const int ready = poll(fds, input_open ? 2 : 1, -1);
      if (ready < 0) {
        if (errno == EINTR) continue;
        std::cerr << "skat play: poll: " << std::strerror(errno) << "\n";
        return finish(1);
      }
      if (fds[0].revents != 0) {
        std::optional<CallResult> ended;
        bool prompt = false;
        for (const v1::SeatUpdate& u : inbox.Take(ended)) {
          const std::pair<int, int> key(u.view().board_index(), u.view().act_count());
          if (key <= shown && !u.table_finished()) continue;  // seen (a reconnected stream)
          Result<SeatView> view = EngineView(u.view());
          Result<std::vector<Act>> legal = service::LegalActsFromProto(u.view());
          if (!view.ok() || !legal.ok()) {
            std::cerr << "skat play: unreadable view from skatd: "
                      << (view.ok() ? legal.status() : view.status()).message() << "\n";
            return finish(1);
          }
          if (key > shown) screen.Show(u.view(), *view, *legal);
          shown = std::max(shown, key);
          current = u.view();
          current_view = *view;
          current_legal = *legal;
          table_finished = table_finished || u.table_finished();
          prompt = my_turn();
        }
        if (table_finished) {
          screen.Final();
          return finish(0);
        }
        if (ended && !ended->ok()) {
          if (ended->status.error_code() == grpc::StatusCode::CANCELLED && stopper.stopped()) {
            return finish(0);
          }
          std::cerr << "skat play: " << ended->Describe(o->server) << "\n";
          return finish(1);
        }
        if (current_view) {
          menu =
              current_legal.empty() ? std::vector<MenuEntry>() : Menu(*current_view, current_legal);
        }
        if (prompt) screen.Prompt(menu);
      }
      if (input_open && fds[1].revents != 0) {
        char buffer[1024];
        const ssize_t n = read(0, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          input_open = false;
          std::cout << "\nskat play: end of input; leaving the table (the same seat token takes "
                       "the seat again)"
                    << std::endl;
          return finish(0);
        }
        pending_input.append(buffer, static_cast<size_t>(n));
        size_t newline;
        while ((newline = pending_input.find('\n')) != std::string::npos) {
          const std::string line = Trim(pending_input.substr(0, newline));
          pending_input.erase(0, newline + 1);
          const std::string word = Lower(line);
          if (word == "q" || word == "quit" || word == "exit") {
            std::cout << "skat play: leaving the table (the same seat token takes the seat again)"
                      << std::endl;
            return finish(0);
          }
          if (word == "?" || word == "help") {
            if (current) screen.Show(*current, *current_view, current_legal);
            if (my_turn()) screen.Prompt(menu);
            continue;
          }
          if (line.empty()) continue;
          if (!may_act()) {
            std::cout << "(not your turn; waiting)" << std::endl;
            continue;
          }
          std::string error;
          std::optional<Act> act = Interpret(line, *current_view->seat, current_legal, menu, error);
          if (!act) {
            std::cout << error << "\nplay> " << std::flush;
            continue;
          }
          v1::Act request;
          service::ToProto(*act, &request);
          request.clear_text();
          CallResult r = seat.SendAct(request, current->board_number());
          if (r.ok()) {
            acted = std::make_pair(current->board_index(), current->act_count());
            std::cout << "you: " << Label(*act) << std::endl;
            continue;
          }
          if (r.status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
            // Another client used this seat's sequence numbers: learn the last one again.
            if (r.reason == "sequence-reused" && !seat.Join().ok()) return finish(1);
            std::cout << "refused: " << r.Describe(o->server) << "\nplay> " << std::flush;
            continue;
          }
          std::cerr << "skat play: " << r.Describe(o->server) << "\n";
          return finish(1);
        }
      }
    }
  };
}

}  // namespace skat::cli
