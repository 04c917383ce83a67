// ISS records and engine games (docs/iss-game-records.md): replaying
// a record through Game under a profile (isko+iss) and comparing the outcome with the record's own
// R[...] fields, and the other way round, the record of a finished engine game.
#ifndef SKAT_ENGINE_ISS_REPLAY_H_
#define SKAT_ENGINE_ISS_REPLAY_H_

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/iss_record.h"
#include "engine/profile.h"
#include "engine/status.h"

namespace skat {

// A result field where the record and the replay disagree.
struct IssMismatch {
  std::string field;     // "declarer", "outcome", "value", "matadors", "overbid", "card points",
                         // "tricks", "schneider", "schwarz", "passed"
  std::string recorded;  // as the record has it
  std::string replayed;  // as the replayed game gives it
  friend bool operator==(const IssMismatch&, const IssMismatch&) = default;
};

struct IssReplay {
  Game game;           // finished; game.acts() are the record's moves as engine acts
  IssResult replayed;  // R[...] as the replayed game gives it (IssResultOf)
  std::vector<IssMismatch> mismatches;  // empty when the record's own fields all agree
};

// Replays the record's moves through Game under `profile` (IskoIss() for ISS games): the deal
// move's board, then every kAct move (a declaration read before its discard is applied after it),
// RE and TI as the profile's resign and timeout; SC and the server's skat move are checked against
// the game and change nothing. Then compares the fields the record has (declarer, win/loss, value,
// matadors, overbid, card points, tricks, schneider, schwarz; "passed") with the replay's.
// Errors: kInvalidArgument when the deal is missing or has hidden cards, a skat or shown-card
// move disagrees with the board, LE (a player left: no game to replay), or the moves end before
// the game does; an act the game refuses keeps the engine's code and message, prefixed with
// "move N (<mover> <kind>): " (N counts the record's moves, IssRecord::moves, from 1; a game
// with its discard is two of them). A resign or timeout before the card play is refused as such
// (kWrongPhase, D56, D62), also where it stands between a game and its discard ("1 C w TI.1").
// docs/iss-game-records.md "Refusals" lists every class with an example.
Result<IssReplay> ReplayIss(const IssRecord& record, const Profile& profile);

// The fields that differ, as one line: "value recorded 72, replayed 96; tricks recorded 7,
// replayed 8" (the import's refusal and `skat analyse --iss`'s warning).
std::string IssMismatchText(const std::vector<IssMismatch>& mismatches);

// The R[...] fields of a finished game, as the ISS writes them (every field set; p0-p2 0,
// l: -1, to: the seat that timed out or -1, r: 1 after a resignation). s: and z: say whether
// schneider and schwarz happened, to either side (0 in Null), except that a lost game leaves
// each at 0 where it was announced (a suit or grand ouvert counts as both announced), as the
// ISS does (docs/iss-game-records.md).
IssResult IssResultOf(const Game& game);

// The record of a finished game: the deal, the acts as ISS moves, R[...] from IssResultOf; the
// header fields empty but GM[Skat]. kInvalidArgument for an act ISS cannot express (Tournée,
// Guckser, claims, Contra, ...) or a game that is not finished.
Result<IssRecord> IssRecordFromGame(const Game& game);

}  // namespace skat

#endif  // SKAT_ENGINE_ISS_REPLAY_H_
