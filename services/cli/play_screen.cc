#include "services/cli/play_screen.h"

#include <iostream>
#include <sstream>

#include "engine/board_set.h"
#include "services/cli/hand_order.h"
#include "services/cli/seat_client.h"

namespace skat::cli {

Screen::Screen(const v1::Table& table, int chair) : table_(table), chair_(chair) {
  pad_.assign(table.chairs(), 0);
}

int Screen::ChairOf(Direction d, int board) const {
  return (ForehandChair(board, table_.chairs()) - 1 + Index(d)) % table_.chairs() + 1;
}

std::string Screen::Who(Direction d, int board) const {
  const int chair = ChairOf(d, board);
  return std::string(DirectionName(d)) + " (chair " + std::to_string(chair) +
         (chair == chair_ ? ", you)" : ")");
}

void Screen::Show(const v1::SeatView& wire, const SeatView& v, const std::vector<Act>& legal) {
  const int board = wire.board_number();
  std::ostringstream out;
  out << "\n== board " << board << " (" << wire.board_index() + 1 << " of " << table_.boards_size()
      << ") at " << ShortTableName(table_.name()) << ": you are chair " << chair_ << ", "
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

void Screen::Prompt(const std::vector<MenuEntry>& menu) {
  std::ostringstream out;
  out << "your move:\n";
  for (size_t i = 0; i < menu.size(); ++i) {
    out << "  " << (i + 1 < 10 ? " " : "") << i + 1 << ") " << menu[i].label << "\n";
  }
  out << "(a number, or the act: e.g. 18, pass, C-J, \"S-7 D-8\", hand grand; q quits)\n";
  out << "play> ";
  std::cout << out.str() << std::flush;
}

void Screen::Final() {
  std::cout << "\ntable " << ShortTableName(table_.name()) << " finished; pad by chair:";
  for (int c = 0; c < table_.chairs(); ++c) {
    std::cout << "  " << c + 1 << (c + 1 == chair_ ? " (you)" : "") << ": " << Signed(pad_[c]);
  }
  std::cout << std::endl;
}

}  // namespace skat::cli
