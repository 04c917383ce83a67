#include "engine/players/duplicate.h"

#include <cassert>
#include <string>

#include "engine/game.h"
#include "engine/players/bot.h"
#include "engine/random.h"

namespace skat {

std::vector<Seating> Seatings(int players) {
  assert(players == 2 || players == 3);
  if (players == 3) return {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  return {{0, 1, 1}, {1, 0, 1}, {1, 1, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
}

Result<std::vector<SeatedGame>> PlayDuplicateBoard(const Profile& profile, const Board& board,
                                                   std::span<const ArenaPolicy> players,
                                                   uint64_t seed) {
  std::vector<SeatedGame> out;
  const std::vector<Seating> seatings = Seatings(static_cast<int>(players.size()));
  for (size_t s = 0; s < seatings.size(); ++s) {
    const Seating& seating = seatings[s];
    Game game(profile, board);
    std::vector<Card> played;
    std::string refused_by;
    const Status status = PlayOut(game, [&](const SeatView& view, std::span<const Act> legal) {
      const Direction d = *view.seat;
      const int player = seating[Index(d)];
      played.clear();
      if (game.has_position()) {
        for (int i = 0; i < game.position().cards_played(); ++i) {
          played.push_back(game.position().played(i));
        }
      }
      const uint64_t decision =
          MixSeeds(MixSeeds(seed, s * 3 + static_cast<uint64_t>(Index(d))), game.acts().size());
      refused_by = "player " + std::to_string(player + 1);
      return players[player](view, played, legal, decision);
    });
    if (!status.ok()) {
      return Status(status.code(), refused_by + ": " + status.message());
    }
    out.push_back({seating, game.result()});
  }
  return out;
}

}  // namespace skat
