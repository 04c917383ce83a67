#include "engine/movement/movement.h"

#include <cassert>

#include "engine/board_set.h"

namespace skat::movement {

int ForehandChairAt(const TableRound& tr, int board) {
  const int chairs = static_cast<int>(tr.players.size());
  assert((chairs == 3 || chairs == 4) && tr.forehand_chair >= 0 && tr.forehand_chair <= chairs);
  return tr.forehand_chair != 0 ? tr.forehand_chair : ForehandChair(board, chairs);
}

BoardSeating SeatingOf(const TableRound& tr, int board) {
  const int chairs = static_cast<int>(tr.players.size());
  const int forehand = ForehandChairAt(tr, board) - 1;  // 0-based chair
  BoardSeating seating;
  // Directions follow clockwise from forehand; at four chairs the dealer, in the chair before
  // forehand, rests (RULES C3).
  for (int d = 0; d < 3; ++d) seating.direction_player[d] = tr.players[(forehand + d) % chairs];
  if (chairs == 4) seating.resting_dealer = tr.players[(forehand + 3) % 4];
  return seating;
}

std::string PlayerName(const Movement& m, int player) {
  assert(player >= 0 && player < m.players);
  if (m.club.empty() || player >= static_cast<int>(m.club.size())) {
    return std::to_string(player + 1);
  }
  int rank = 1;  // 1-based place within the club
  for (int i = 0; i < player; ++i) rank += m.club[i] == m.club[player] ? 1 : 0;
  const int club = m.club[player];
  const char letter = club == kClubA ? 'A' : club == kClubB ? 'B' : club == kNeutral ? 'N' : '?';
  return letter + std::to_string(rank);
}

}  // namespace skat::movement
