// Duplicate play of one board by two or three players (docs/arena.md): the board is played under
// all 6 seatings, so each player holds each direction on the same cards as the others and the
// luck of the deal cancels out of the comparison.
//   - Three players: the 6 orders of the players on forehand, middlehand and rearhand.
//   - Two players: one plays alone against two copies of the other, at each direction, and
//     each player is the one alone (3 x 2). The copies draw their own seeds.
// Each player holds each direction equally often: twice (three players) or three times (two).
#ifndef SKAT_ENGINE_PLAYERS_DUPLICATE_H_
#define SKAT_ENGINE_PLAYERS_DUPLICATE_H_

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "engine/act.h"
#include "engine/board.h"
#include "engine/game_result.h"
#include "engine/profile.h"
#include "engine/status.h"
#include "engine/view.h"

namespace skat {

// A seating: the player (0-based) holding forehand, middlehand and rearhand.
using Seating = std::array<int, 3>;

// The 6 seatings of 2 or 3 players, in a fixed order. REQUIRES: players is 2 or 3.
std::vector<Seating> Seatings(int players);

// A player: its act from the seat's view, its memory of the card play (the cards played so far,
// engine/players/play_memory.h), the legal acts and a seed. Must return one of `legal`.
using ArenaPolicy = std::function<Act(const SeatView& view, std::span<const Card> played,
                                      std::span<const Act> legal, uint64_t seed)>;

struct SeatedGame {
  Seating seating{};
  GameResult result;
};

// Plays `board` under every seating of players.size() players. The seed of each decision is a
// hash of `seed`, the seating, the direction and the number of acts so far: a match is
// reproducible from its seed, and copies of one player draw differently. An illegal act is
// refused with the player and the act named. REQUIRES: players.size() is 2 or 3;
// CheckBoard(board).ok().
Result<std::vector<SeatedGame>> PlayDuplicateBoard(const Profile& profile, const Board& board,
                                                   std::span<const ArenaPolicy> players,
                                                   uint64_t seed);

}  // namespace skat

#endif  // SKAT_ENGINE_PLAYERS_DUPLICATE_H_
