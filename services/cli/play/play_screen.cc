#include "services/cli/play/play_screen.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "engine/board_set.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/play/hand_order.h"
#include "services/cli/seat/seat_client.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

// ANSI attributes (SGR), each switched off by its own code so that they nest with the red of
// CardName.
std::string TermBold(const std::string& s) { return "\x1b[1m" + s + "\x1b[22m"; }
std::string TermDim(const std::string& s) { return "\x1b[2m" + s + "\x1b[22m"; }
std::string TermInverse(const std::string& s) { return "\x1b[7m" + s + "\x1b[27m"; }

// The columns `s` takes on a terminal: escape sequences take none, every UTF-8 character one.
int TermWidth(const std::string& s) {
  int width = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == 0x1b) {
      while (i + 1 < s.size() && !(s[i + 1] >= 0x40 && s[i + 1] <= 0x7e && s[i + 1] != '[')) ++i;
      ++i;
      continue;
    }
    if ((c & 0xc0) != 0x80) ++width;
  }
  return width;
}

// `s` cut to `width` columns (escape sequences kept whole; attributes reset after a cut).
std::string TermFit(const std::string& s, int width, const std::string& ellipsis) {
  if (TermWidth(s) <= width) return s;
  std::string out;
  int used = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == 0x1b) {
      const size_t start = i;
      while (i + 1 < s.size() && !(s[i + 1] >= 0x40 && s[i + 1] <= 0x7e && s[i + 1] != '[')) ++i;
      ++i;
      out += s.substr(start, i - start + 1);
      continue;
    }
    if ((c & 0xc0) != 0x80) {
      if (used == width - 1) break;
      ++used;
    }
    out += s[i];
  }
  return out + "\x1b[0m" + ellipsis;
}

// `s` followed by spaces to `width` columns.
std::string TermPad(const std::string& s, int width) {
  return s + std::string(static_cast<size_t>(std::max(0, width - TermWidth(s))), ' ');
}

// A row's label column: "Bidding  ".
std::string TermLabel(const std::string& label) { return TermPad(label, 9); }

// Chips ("a ♣J", "p pass") in rows of `width` columns after the label column, at most `max_rows`;
// an overflow ends the last row with `ellipsis`.
std::vector<std::string> TermPack(const std::string& label, const std::vector<std::string>& chips,
                                  int width, size_t max_rows, const std::string& ellipsis) {
  std::vector<std::string> rows;
  std::string row = TermLabel(label);
  bool empty = true;
  for (size_t i = 0; i < chips.size(); ++i) {
    const std::string sep = empty ? "" : "   ";
    if (!empty && TermWidth(row) + TermWidth(sep) + TermWidth(chips[i]) > width) {
      if (rows.size() + 1 == max_rows) {
        rows.push_back(row + "   " + ellipsis);
        return rows;
      }
      rows.push_back(row);
      row = TermLabel("");
      empty = true;
    }
    row += (empty ? "" : "   ") + chips[i];
    empty = false;
  }
  rows.push_back(row);
  return rows;
}

// The seat playing the i-th card of a trick led by `leader`.
Direction TrickSeatAt(Direction leader, int i) {
  return static_cast<Direction>((Index(leader) + i) % 3);
}

// A bid as the bidding line shows it: "F 18", "M yes", "R pass".
std::string BidText(const Act& a) {
  return std::string(1, DirectionLetter(a.seat)) + " " +
         (a.type == ActType::kBid    ? std::to_string(a.bid)
          : a.type == ActType::kHold ? Tr("yes")
                                     : Tr("pass"));
}

}  // namespace

Screen::Screen(const v1::Table& table, int chair, ScreenOptions options)
    : table_(table), chair_(chair), options_(options) {
  pad_.assign(table.chairs(), 0);
}

int Screen::ChairOf(Direction d, int board) const {
  return (ForehandChair(board, table_.chairs()) - 1 + Index(d)) % table_.chairs() + 1;
}

std::string Screen::Who(Direction d, int board) const {
  const int chair = ChairOf(d, board);
  const std::string direction = DirectionText(service::ToProto(d));
  return chair == chair_ ? Tr("{0} (chair {1}, you)", direction, chair)
                         : Tr("{0} (chair {1})", direction, chair);
}

std::string Screen::Name(int chair) const {
  if (chair >= 1 && chair <= table_.player_names_size() &&
      !table_.player_names(chair - 1).empty()) {
    return table_.player_names(chair - 1);
  }
  return Tr("chair {0}", chair);
}

std::string Screen::Cards(const std::vector<Card>& cards) const {
  return CardNames(cards, style());
}

void Screen::Show(const v1::SeatView& wire, const SeatView& v, const std::vector<Act>& legal) {
  keys_.Update(wire.board_index(), InOrder(v.hand, OrderOf(v)));
  const int board = wire.board_number();
  if (wire.has_result() && counted_.insert(wire.board_index()).second) {
    const v1::GameResult& r = wire.result();
    for (int d = 0; d < r.pad_size() && d < kDirectionCount; ++d) {
      pad_[ChairOf(static_cast<Direction>(d), board) - 1] += r.pad(d);
    }
    results_.push_back(Tr("board {0}", board) + ": " + GameText(r) + "  " +
                       Tr("pad {0}", PadLine(r)));
  }
  if (!options_.fixed) {
    ShowPlain(wire, v, legal);
    return;
  }
  if (wire_ && wire_->board_index() != wire.board_index()) {
    previous_board_ = wire_->board_number();
    previous_trick_ = view_.last_trick;
    message_.clear();
  }
  wire_ = wire;
  view_ = v;
  legal_ = legal;
  received_ = std::chrono::steady_clock::now();
}

void Screen::ShowPlain(const v1::SeatView& wire, const SeatView& v, const std::vector<Act>& legal) {
  const int board = wire.board_number();
  std::ostringstream out;
  out << "\n== "
      << Tr("board {0} ({1} of {2}) at {3}: you are chair {4}, {5}", board, wire.board_index() + 1,
            table_.boards_size(), ShortTableName(table_.name()), chair_,
            v.seat ? DirectionText(service::ToProto(*v.seat))
                   : Tr("the resting dealer (you sit this board out)"))
      << " ==\n";
  out << Tr("seats:");
  for (Direction d : kDirections) {
    out << "  " << DirectionLetter(d) << " " << Tr("chair {0}", ChairOf(d, board))
        << (ChairOf(d, board) == chair_ ? " (" + Tr("you") + ")" : "");
  }
  out << "\n";
  out << Tr("bidding:");
  if (v.bidding.empty()) out << " " << Tr("(none yet)");
  for (size_t i = 0; i < v.bidding.size(); ++i) out << (i ? ", " : " ") << BidText(v.bidding[i]);
  out << "\n";
  PlainGame(v, board, out);
  for (Direction d : kDirections) {
    if (v.exposed[Index(d)].empty() || v.seat == d) continue;
    out << Tr("open hand of {0}: {1}", Who(d, board),
              HandText(v.exposed[Index(d)], OrderOf(v), CardSet()))
        << "\n";
  }
  if (!v.partner_hand.empty()) {
    out << Tr("your partner's hand: {0}", HandText(v.partner_hand, OrderOf(v), CardSet())) << "\n";
  }
  PlainTricks(v, out);
  if (v.proposal) {
    const std::string who = Who(v.proposal->proposer, board);
    out << (v.proposal->kind == ActType::kClaim ? Tr("{0} claims the remaining tricks", who)
                                                : Tr("{0} offers to concede", who))
        << "\n";
  }
  if (v.seat) {
    CardSet playable;
    for (const Act& a : legal) {
      if (a.type == ActType::kPlay) playable.add(a.cards[0]);
    }
    out << Tr("your hand: {0}", KeyedHandText(v.hand, OrderOf(v), playable, keys_))
        << (playable.empty() ? "" : "   " + Tr("(* = legal now)")) << "\n";
    if (!v.own_discards.empty()) {
      out << Tr("your discards: {0}", ToString(v.own_discards)) << "\n";
    }
  }
  PlainFooter(wire, v, out);
  std::cout << out.str() << std::flush;
}

// The game line of the plain screen: Ramsch, or the declarer and his game (or not yet fixed).
void Screen::PlainGame(const SeatView& v, int board, std::ostream& out) const {
  if (v.ramsch) {
    out << Tr("game: Ramsch (all passed): jacks are trumps, fewest card points wins") << "\n";
  } else if (v.declarer) {
    const std::string who = Who(*v.declarer, board);
    out << (v.declaration ? Tr("game: {0} plays {1}", who, DeclarationText(*v.declaration))
                          : Tr("game: {0} won the bidding; the game is not fixed yet", who));
    out << ", " << Tr("floor {0}", v.floor);
    if (v.turned_card) out << ", " << Tr("turned card {0}", ToString(*v.turned_card));
    out << "\n";
  }
  if (v.looked_card) {
    out << Tr("skat card 1 (only you saw it): {0}", ToString(*v.looked_card)) << "\n";
  }
}

void Screen::PlainTricks(const SeatView& v, std::ostream& out) const {
  if (v.phase != Phase::kPlaying && v.phase != Phase::kFinished) return;
  out << Tr("tricks won: F {0}  M {1}  R {2}", v.tricks_won[0], v.tricks_won[1], v.tricks_won[2])
      << "\n";
  if (v.last_trick.size > 0) {
    out << Tr("last trick:");
    for (int i = 0; i < v.last_trick.size; ++i) {
      out << "  " << DirectionLetter(TrickSeatAt(v.last_trick.leader, i)) << " "
          << ToString(v.last_trick.cards[i]);
    }
    if (v.phase == Phase::kPlaying) {
      out << "  (" << Tr("won by {0}", DirectionLetter(v.current_trick.leader)) << ")";
    }
    out << "\n";
  }
  if (v.phase == Phase::kPlaying) {
    out << Tr("this trick:");
    if (v.current_trick.size == 0) {
      out << " (" << Tr("{0} to lead", DirectionLetter(v.current_trick.leader)) << ")";
    }
    for (int i = 0; i < v.current_trick.size; ++i) {
      out << "  " << DirectionLetter(TrickSeatAt(v.current_trick.leader, i)) << " "
          << ToString(v.current_trick.cards[i]);
    }
    out << "\n";
  }
}

void Screen::PlainFooter(const v1::SeatView& wire, const SeatView& v, std::ostream& out) const {
  const int board = wire.board_number();
  if (v.phase == Phase::kFinished) {
    if (!v.skat.empty()) out << Tr("skat") << ": " << ToString(v.skat) << "\n";
    if (wire.has_result()) {
      out << Tr("result: board {0}: {1}", board, GameText(wire.result())) << "  "
          << Tr("pad {0}", PadLine(wire.result())) << "\n";
    }
    out << Tr("running pad:");
    for (int c = 0; c < table_.chairs(); ++c) {
      out << "  " << Tr("chair {0}", c + 1) << (c + 1 == chair_ ? " (" + Tr("you") + ") " : " ")
          << Signed(pad_[c]);
    }
    out << "\n";
  } else if (v.to_move) {
    out << Tr("to move: {0}", Who(*v.to_move, board));
    if (wire.move_seconds() > 0 && wire.move_ms_left() > 0) {
      out << " (" << Tr("{0} s left", (wire.move_ms_left() + 999) / 1000) << ")";
    }
    out << "\n";
  }
}

void Screen::Prompt(const std::vector<MenuEntry>& menu) {
  if (options_.fixed) {
    menu_ = menu;
    return;
  }
  std::cout << MenuText(menu) << std::flush;
}

void Screen::Unprompt() { menu_.reset(); }

void Screen::Message(const std::string& text, bool refusal, bool reprompt) {
  if (options_.fixed) {
    message_ = text;
    refusal_ = refusal;
    return;
  }
  std::cout << text << (reprompt ? "\nplay> " : "\n") << std::flush;
}

int Screen::SecondsLeft() const {
  if (!wire_ || wire_->move_seconds() <= 0 || wire_->move_ms_left() <= 0) return -1;
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now() - received_)
                           .count();
  const long long left = wire_->move_ms_left() - elapsed;
  return left <= 0 ? 0 : static_cast<int>((left + 999) / 1000);
}

bool Screen::Ticking() const {
  return options_.fixed && wire_ && view_.phase != Phase::kFinished && SecondsLeft() > 0;
}

std::string Screen::SeatRow(Direction d) const {
  const int board = wire_->board_number();
  const int chair = ChairOf(d, board);
  const bool moving = view_.to_move == d && view_.phase != Phase::kFinished;
  std::string name = std::to_string(chair);
  if (chair <= table_.player_names_size() && !table_.player_names(chair - 1).empty()) {
    name += " " + table_.player_names(chair - 1);
  }
  if (chair == chair_) name += " (" + Tr("you") + ")";
  for (int c : wire_->bot_chairs()) {
    if (c == chair) name += " [bot]";
  }
  std::string who = TermPad(name, 24);
  std::string row = (moving ? TermBold(">") : std::string(" ")) + " " +
                    TermPad(DirectionText(service::ToProto(d)), 11) +
                    (chair == chair_ ? TermBold(who) : who);
  row += TermPad(Signed(static_cast<int>(pad_[chair - 1])), 7);
  const bool play = view_.phase == Phase::kPlaying || view_.phase == Phase::kFinished;
  row += TermPad(play ? std::to_string(view_.tricks_won[Index(d)]) : std::string(), 7);
  std::string card;
  for (int i = 0; i < view_.current_trick.size; ++i) {
    if (TrickSeatAt(view_.current_trick.leader, i) == d)
      card = CardName(view_.current_trick.cards[i], style());
  }
  row += TermPad(card, 6);
  // To move (and the clock) first: the end of a narrow row is cut.
  std::string status;
  if (moving) {
    status = Tr("to move");
    if (const int left = SecondsLeft(); left >= 0) status += " " + std::to_string(left) + " s";
    status = TermBold(status);
  }
  if (view_.declarer == d && !view_.ramsch) status += (moving ? ", " : "") + Tr("declarer");
  return row + status;
}

std::vector<std::string> Screen::InfoRows() const {
  std::vector<std::string> rows;
  const SeatView& v = view_;
  const int board = wire_->board_number();
  auto who = [&](Direction d) {
    return std::string(1, DirectionLetter(d)) + " " + Name(ChairOf(d, board));
  };
  if (v.phase == Phase::kFinished && wire_->has_result()) {
    rows.push_back(TermLabel(Tr("Result")) + TermBold(GameText(wire_->result())) + "  " +
                   Tr("pad {0}", PadLine(wire_->result())));
  }
  if (v.phase == Phase::kFinished && !v.skat.empty()) {
    rows.push_back(TermLabel(Tr("Skat")) + Cards(InOrder(v.skat, OrderOf(v))));
  }
  if (v.proposal) {
    const std::string proposer = who(v.proposal->proposer);
    rows.push_back(TermLabel(Tr("Proposal")) +
                   (v.proposal->kind == ActType::kClaim
                        ? Tr("{0} claims the remaining tricks", proposer)
                        : Tr("{0} offers to concede", proposer)));
  }
  if (v.looked_card) {
    rows.push_back(TermLabel(Tr("Skat")) +
                   Tr("card 1 (only you saw it): {0}", CardName(*v.looked_card, style())));
  }
  for (Direction d : kDirections) {
    if (v.exposed[Index(d)].empty() || v.seat == d) continue;
    rows.push_back(TermLabel(Tr("Open")) + who(d) + ": " +
                   Cards(InOrder(v.exposed[Index(d)], OrderOf(v))));
  }
  if (!v.partner_hand.empty()) {
    rows.push_back(TermLabel(Tr("Partner")) + Cards(InOrder(v.partner_hand, OrderOf(v))));
  }
  if (!v.own_discards.empty() && v.phase != Phase::kFinished) {
    rows.push_back(TermLabel(Tr("Discards")) + Cards(InOrder(v.own_discards, OrderOf(v))));
  }
  if (v.phase != Phase::kFinished && !results_.empty() && previous_board_ != 0) {
    rows.push_back(TermLabel(Tr("Before")) + results_.back());
  }
  return rows;
}

std::vector<std::string> Screen::WaitingRows(int board) const {
  const SeatView& v = view_;
  const std::string waiting = TermLabel(Tr("Waiting"));
  if (!v.seat) return {waiting + Tr("you sit this board out (the resting dealer)")};
  if (v.proposal) {
    const std::string who = std::string(1, DirectionLetter(v.proposal->proposer)) + " " +
                            Name(ChairOf(v.proposal->proposer, board));
    return {waiting + (v.proposal->kind == ActType::kClaim
                           ? Tr("for the answers to {0}'s claim", who)
                           : Tr("for the answers to {0}'s offer to concede", who))};
  }
  if (v.to_move == v.seat) return {waiting + Tr("for the table (your act is sent)")};
  if (v.to_move) {
    return {waiting + Tr("for {0} ({1})", DirectionText(service::ToProto(*v.to_move)),
                         Name(ChairOf(*v.to_move, board)))};
  }
  return {};
}

std::vector<std::string> Screen::MenuRows(int width) const {
  const SeatView& v = view_;
  const int board = wire_->board_number();
  std::vector<std::string> chips;
  std::string label = Tr("Keys");
  auto chip = [&](const std::string& key, const std::string& text) {
    chips.push_back(TermBold(key) + (text.empty() ? "" : " " + text));
  };
  if (v.phase == Phase::kFinished) {
    const bool last = wire_->board_index() + 1 >= table_.boards_size();
    return {TermLabel(Tr("Board")) + (last ? Tr("finished; the table's result follows")
                                           : Tr("finished; the next board follows"))};
  }
  if (!menu_) return WaitingRows(board);
  bool more_bids = false, announcements = false;
  int bids = 0;
  for (const Act& a : legal_) {
    if (a.type == ActType::kBid) ++bids;
  }
  for (const MenuEntry& e : *menu_) {
    const Act& a = e.act;
    switch (a.type) {
      case ActType::kPlay:
        label = Tr("Play");
        chips.push_back(TermBold(e.key) + " " + CardName(a.cards[0], style()));
        break;
      case ActType::kBid:
        label = Tr("Bid");
        chip(e.key, "");
        more_bids = bids > 5;
        break;
      case ActType::kHold:
        chip("y", Tr("hold"));
        label = Tr("Hold?");
        break;
      case ActType::kPass: chip("p", Tr("pass")); break;
      case ActType::kTakeSkat:
        chip("t", Tr("take the skat"));
        label = Tr("Skat");
        break;
      case ActType::kDiscard:
        label = Tr("Discard");
        chips.push_back(Tr("type two letters, e.g. {0} (the two with the fewest points: {1} {2})",
                           TermBold(e.key), CardName(a.cards[0], style()),
                           CardName(a.cards[1], style())));
        break;
      case ActType::kDeclare:
        if (a.declaration.announced != Announcement::kNone) {
          announcements = true;
          break;
        }
        if (label == Tr("Keys")) label = Tr("Declare");
        chip(e.key, "");
        break;
      case ActType::kAnswer:
        label = Tr("Answer");
        chip(e.key, a.accept ? Tr("accept") : Tr("refuse"));
        break;
      case ActType::kChooseTrump:
        label = Tr("Trump");
        chip(e.key, "");
        break;
      case ActType::kTurnSkatCard: chip(e.key, Tr("(turn skat card 1)")); break;
      case ActType::kGuckser: chip(e.key, Tr("(take the skat unseen, play grand)")); break;
      case ActType::kPasstMirNicht: chip(e.key, Tr("(passt mir nicht: turn skat card 2)")); break;
      case ActType::kAccept: chip(e.key, Tr("the card as trump")); break;
      default: chip(e.key, ""); break;
    }
  }
  if (more_bids) chips.push_back(Tr("(any legal value)"));
  if (announcements) {
    chips.push_back(Tr("(announce: add \"schneider announced\" or \"schwarz announced\")"));
  }
  return TermPack(label, chips, width, 4, style().symbols ? "\u2026" : "...");
}

std::vector<std::string> Screen::Rows(int width) const {
  std::vector<std::string> rows;
  const bool ascii = !style().symbols;
  // --ascii: nothing but ASCII on the screen.
  const std::string dot = ascii ? " | " : " \u00b7 ";
  const std::string ellipsis = ascii ? "..." : "\u2026";
  std::string title = " skat play" + dot + ShortTableName(table_.name());
  if (wire_) {
    title += dot + Tr("board {0} ({1} of {2})", wire_->board_number(), wire_->board_index() + 1,
                      table_.boards_size());
  }
  title += dot + Tr("chair {0}", chair_) + dot + Tr("? help") + dot + Tr("q quits") + " ";
  rows.push_back(TermInverse(TermPad(TermFit(title, width, ellipsis), width)));
  if (!wire_) {
    rows.push_back("");
    rows.push_back(Tr("waiting for the table's state..."));
  } else {
    BoardRows(width, rows);
  }
  while (rows.size() < 16u + static_cast<size_t>(table_.chairs() - 3)) rows.push_back("");
  std::vector<std::string> menu = wire_ ? MenuRows(width) : std::vector<std::string>();
  menu.resize(4);
  rows.push_back("");
  rows.insert(rows.end(), menu.begin(), menu.end());
  rows.push_back("");
  rows.push_back(message_.empty() ? ""
                 : refusal_       ? (style().colour ? "\x1b[31m" + TermBold(message_) + "\x1b[39m"
                                                    : TermBold("! " + message_))
                                  : message_);
  for (std::string& row : rows) row = TermFit(row, width, ellipsis);
  rows.push_back("play> " + typed_);
  return rows;
}

void Screen::BoardRows(int width, std::vector<std::string>& rows) const {
  // The column heads, padded to the columns SeatRow fills (11, 24, 7, 7, 6).
  rows.push_back(TermDim("  " + Tr("seat       chair, player           pad    tricks trick ")));
  const int board = wire_->board_number();
  SeatRows(board, rows);
  rows.push_back("");
  rows.push_back(BiddingRow(width));
  rows.push_back(GameRow(board));
  rows.push_back(TrickRow(board));
  rows.push_back(LastRow(board));
  std::vector<std::string> info = InfoRows();
  info.resize(3);
  rows.insert(rows.end(), info.begin(), info.end());
  rows.push_back("");
  std::vector<std::string> hand_rows = HandRows(width);
  hand_rows.resize(2);
  rows.insert(rows.end(), hand_rows.begin(), hand_rows.end());
}

void Screen::SeatRows(int board, std::vector<std::string>& rows) const {
  std::set<int> seated;
  for (Direction d : kDirections) {
    rows.push_back(SeatRow(d));
    seated.insert(ChairOf(d, board));
  }
  for (int c = 1; c <= table_.chairs(); ++c) {
    if (seated.count(c) != 0) continue;
    rows.push_back(
        "  " + TermPad(Tr("(resting)"), 11) +
        TermPad(std::to_string(c) + " " + Name(c) + (c == chair_ ? " (" + Tr("you") + ")" : ""),
                24) +
        Signed(static_cast<int>(pad_[c - 1])));
  }
}

std::string Screen::BiddingRow(int width) const {
  const SeatView& v = view_;
  const bool ascii = !style().symbols;
  const std::string dot = ascii ? " | " : " \u00b7 ";
  const std::string ellipsis = ascii ? "..." : "\u2026";
  // The bidding: the latest acts when they do not all fit.
  std::vector<std::string> acts;
  for (const Act& a : v.bidding) acts.push_back(BidText(a));
  size_t from = 0;
  auto joined = [&](size_t start) {
    std::string s = start > 0 ? ellipsis + " " : "";
    for (size_t i = start; i < acts.size(); ++i)
      s += (i > start ? (ascii ? ", " : dot) : "") + acts[i];
    return s;
  };
  while (from < acts.size() && 9 + TermWidth(joined(from)) > width) ++from;
  return TermLabel(Tr("Bidding")) + (acts.empty() ? Tr("(none yet)") : joined(from));
}

std::string Screen::GameRow(int board) const {
  const SeatView& v = view_;
  const std::string dot = style().symbols ? " \u00b7 " : " | ";
  std::string game;
  if (v.ramsch) {
    game = Tr("Ramsch (all passed): jacks are trumps, the fewest card points win");
  } else if (v.declarer) {
    const std::string who =
        std::string(1, DirectionLetter(*v.declarer)) + " " + Name(ChairOf(*v.declarer, board));
    game = v.declaration
               ? Tr("{0}: {1}, bid {2}", who, TermBold(DeclarationText(*v.declaration)), v.floor)
               : Tr("{0} won the bidding at {1}; the game is not fixed yet", who, v.floor);
    if (v.turned_card) game += dot + Tr("turned card {0}", CardName(*v.turned_card, style()));
  } else if (v.phase == Phase::kBidding) {
    game = Tr("(bidding)");
  }
  return TermLabel(Tr("Game")) + game;
}

std::string Screen::TrickRow(int board) const {
  const SeatView& v = view_;
  std::string trick;
  if (v.phase == Phase::kPlaying) {
    for (int i = 0; i < v.current_trick.size; ++i) {
      const Direction d = TrickSeatAt(v.current_trick.leader, i);
      trick += (i ? "   " : "") + std::string(1, DirectionLetter(d)) + " " +
               CardName(v.current_trick.cards[i], style());
    }
    if (v.current_trick.size == 0) {
      trick = "(" +
              Tr("{0} to lead", std::string(1, DirectionLetter(v.current_trick.leader)) + " " +
                                    Name(ChairOf(v.current_trick.leader, board))) +
              ")";
    }
  }
  return TermLabel(Tr("Trick")) + trick;
}

std::string Screen::LastRow(int board) const {
  const SeatView& v = view_;
  const bool ascii = !style().symbols;
  std::string last;
  auto trick_text = [&](const TrickView& t, int on_board, bool by_name) {
    std::string s;
    for (int i = 0; i < t.size; ++i) {
      const Direction d = TrickSeatAt(t.leader, i);
      s += (i ? "   " : "") +
           (by_name ? Name(ChairOf(d, on_board)) : std::string(1, DirectionLetter(d))) + " " +
           CardName(t.cards[i], style());
    }
    return s;
  };
  if (v.last_trick.size > 0) {
    last = trick_text(v.last_trick, board, false);
    if (v.phase == Phase::kPlaying) {
      last += std::string(ascii ? "  -> " : "  \u2192 ") +
              Tr("won by {0}", DirectionLetter(v.current_trick.leader));
    }
  } else if (previous_board_ != 0 && previous_trick_.size > 0) {
    last = Tr("board {0}", previous_board_) + ": " +
           trick_text(previous_trick_, previous_board_, true);
  }
  return TermLabel(Tr("Last")) + last;
}

std::vector<std::string> Screen::HandRows(int width) const {
  const SeatView& v = view_;
  const bool ascii = !style().symbols;
  // The hand: each card with its letter, the legal ones bright, the others dim while cards are
  // played; the groups (trumps, then each suit) apart.
  std::vector<std::string> hand_rows;
  if (!v.seat) {
    hand_rows.push_back(TermLabel(Tr("Hand")) + Tr("(you sit this board out)"));
  } else {
    CardSet playable;
    for (const Act& a : legal_) {
      if (a.type == ActType::kPlay) playable.add(a.cards[0]);
    }
    std::vector<std::string> chips;
    int group = -2;
    for (Card c : InOrder(v.hand, OrderOf(v))) {
      const std::optional<GameType> g = OrderOf(v);
      const bool trump = g != GameType::kNull &&
                         (c.is_jack() || (g && IsSuitGame(*g) && c.suit() == TrumpSuit(*g)));
      const int this_group = trump ? -1 : static_cast<int>(c.suit());
      if (!chips.empty() && this_group != group) chips.push_back(ascii ? "|" : "\u2502");
      group = this_group;
      std::optional<char> k = keys_.KeyOf(c);
      std::string text =
          (k ? TermBold(std::string(1, *k)) + " " : std::string()) + CardName(c, style());
      if (!playable.empty() && !playable.contains(c)) text = TermDim(text);
      chips.push_back(text);
    }
    if (chips.empty()) chips.push_back(Tr("(no cards)"));
    std::string row = TermLabel(Tr("Hand"));
    for (const std::string& c : chips) {
      if (TermWidth(row) + 2 + TermWidth(c) > width) {
        hand_rows.push_back(row);
        row = TermLabel("");
      }
      row += (TermWidth(row) > 9 ? "  " : "") + c;
    }
    hand_rows.push_back(row);
  }
  return hand_rows;
}

void Screen::Draw(bool clear) {
  if (!options_.fixed) return;
  winsize size{};
  int width = 80, height = 24;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    width = size.ws_col;
    height = size.ws_row;
  }
  std::vector<std::string> rows = Rows(width);
  // A short terminal loses the empty rows first, from the top.
  for (size_t i = 0; static_cast<int>(rows.size()) > height && i + 1 < rows.size();) {
    if (rows[i].empty()) {
      rows.erase(rows.begin() + static_cast<long>(i));
    } else {
      ++i;
    }
  }
  std::string out = clear ? "\x1b[0m\x1b[2J" : "";
  for (size_t i = 0; i < rows.size(); ++i) {
    std::string row = rows[i];
    if (i + 1 == rows.size()) {
      // The prompt: the end of what is typed when it is longer than the row.
      const std::string prompt = "play> ";
      std::string typed = typed_;
      while (!typed.empty() && TermWidth(prompt + typed) >= width) {
        size_t cut = 1;
        while (cut < typed.size() && (static_cast<unsigned char>(typed[cut]) & 0xc0) == 0x80) ++cut;
        typed.erase(0, cut);
      }
      row = prompt + typed;
    }
    out += "\x1b[" + std::to_string(i + 1) + ";1H" + row + "\x1b[0m\x1b[K";
  }
  out += "\x1b[J";
  // The cursor after the prompt (the end of the last row drawn).
  std::cout << out << std::flush;
}

std::string Screen::FinalText() const {
  std::string out = Tr("table {0} finished; pad by chair:", ShortTableName(table_.name()));
  for (int c = 0; c < table_.chairs(); ++c) {
    out += "  " + std::to_string(c + 1) + (c + 1 == chair_ ? " (" + Tr("you") + ")" : "") + ": " +
           Signed(static_cast<int>(pad_[c]));
  }
  return out;
}

void Screen::Final() {
  final_ = true;
  if (!options_.fixed) std::cout << "\n" << FinalText() << std::endl;
}

std::string Screen::Summary() const {
  std::string out;
  for (const std::string& r : results_) out += "skat play: " + r + "\n";
  if (final_) {
    out += FinalText() + "\n";
  } else if (!results_.empty()) {
    out += Tr("running pad:");
    for (int c = 0; c < table_.chairs(); ++c) {
      out += "  " + Tr("chair {0}", c + 1) + (c + 1 == chair_ ? " (" + Tr("you") + ") " : " ") +
             Signed(static_cast<int>(pad_[c]));
    }
    out += "\n";
  }
  return out;
}

}  // namespace skat::cli
