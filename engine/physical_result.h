// Results from physical play (docs/tables.md "Physical play"): what a table reports after a deal
// played with real cards
// -> every seat's pad entry, the fines column and the settlement. The board decides what the
// table cannot misreport (matadors, the turned card, the skat's points); a report that contradicts
// it is refused. Irregularities and fines follow RULES P2 and P3 (1909 booklet Section XI); under
// isko a concession is a party giving up, valued as online (docs/rules-decisions.md D73, D74).
// A seat's check before its board is finished (PreviewPhysicalResult) reads the report alone: it
// must not tell a card of the board (docs/tables.md "What a check tells a seat").
#ifndef SKAT_ENGINE_PHYSICAL_RESULT_H_
#define SKAT_ENGINE_PHYSICAL_RESULT_H_

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/game_result.h"
#include "engine/profile.h"
#include "engine/status.h"
#include "engine/value.h"

namespace skat {

// A place at the table: the three directions and the resting dealer of a 4-player table (RULES
// C3). At a 3-player table the dealer is rearhand.
enum class Party : uint8_t { kForehand = 0, kMiddlehand, kRearhand, kDealer };
inline constexpr int kPartyCount = 4;
constexpr Party PartyOf(Direction d) { return static_cast<Party>(Index(d)); }
std::string_view PartyName(Party p);  // "forehand", ..., "dealer"

// RULES P2, 1909 booklet XI.7-XI.9, X.10: a revoke or a lead out of turn that the other
// side did not excuse. The game ends at the error.
struct PlayError {
  enum class Kind : uint8_t { kRevoke, kLeadOutOfTurn };
  Kind kind = Kind::kRevoke;
  Direction seat = Direction::kForehand;  // who erred
  int after_tricks = 0;                   // complete tricks before the error, 0..9
  // Of those tricks: the declarer's number and the card points in each side's tricks (the skat
  // not counted: RULES P2 "the level counts only the tricks taken until the error").
  int declarer_tricks = 0;
  int declarer_points = 0;
  int defender_points = 0;
};

// RULES P3 (1909 booklet XI.1, XI.3, XI.6 and X.16).
enum class FineKind : uint8_t {
  kMisdeal,            // XI.1: the dealer misdeals, 10
  kDealerLooksAtSkat,  // XI.3: the dealer looks at the skat, 10
  kPlayerLooksAtSkat,  // X.16: a player looks at the skat before the game is awarded, 10
  kSkatFoundInHand,    // XI.6: skat cards found in a hand, 25
};
std::string_view FineKindName(FineKind k);  // "misdeal", "dealer-looks", "player-looks", ...
std::optional<FineKind> ParseFineKind(std::string_view name);

struct FineReport {
  FineKind kind = FineKind::kMisdeal;
  Party party = Party::kDealer;  // who is fined; kDealer: the dealer (rearhand at 3 players)
};

// What a table reports after one deal.
struct ReportedOutcome {
  ResultKind kind = ResultKind::kDeclarerGame;
  int players = 3;  // 3, or 4 with a resting dealer (RULES C3, S2)

  // A declarer game.
  Direction declarer = Direction::kForehand;
  Declaration declaration;  // the skat handling, the game and the announcements
  // Tournée / Passt mir nicht: the turned card; unset = the board's skat card 1 (Tournée) or
  // card 2 (Passt mir nicht).
  std::optional<Card> turned;
  int floor = 0;            // the contract floor, the highest bid (RULES B4)
  int declarer_points = 0;  // card points with the skat or the discards (RULES N4)
  int declarer_tricks = 0;
  std::optional<Matadors> matadors;   // as reported: must agree with the board on entry
  std::optional<Announcement> level;  // the level the table wrote down as made (schneider,
                                      // schwarz, or kNone = simple): checked against the numbers
  // kPlayedOut, kDeclarerConceded or kDefendersConceded (RULES N11). Under a profile that
  // settles giving up by the ISkO (isko_give_up; docs/rules-decisions.md D73, D74) a concession
  // (kDeclarerGaveUp, kDefendersGaveUp named as such, or either concession) is a party giving
  // the game up, one defender for both, and is valued by ValueGame as online play values it.
  GameEnd end = GameEnd::kPlayedOut;
  // Complete tricks when the game was conceded (RULES N11; isko: given up by either side).
  std::optional<int> conceded_after_tricks;
  // isko, a game given up (D73, D74): the card points in the defenders' tricks and their tricks
  // at that moment (PlayOutcome::defender_points, defender_tricks); 0 in every other report.
  int defender_points = 0;
  int defender_tricks = 0;
  bool claim_accepted = false;  // RULES N12
  // Contra / Re-contra (000 §11, profiles with the option "contra"): 0 none, 1 Contra, 2
  // Re-contra; contra_by is the defender who said Contra. Pad entries as online (D25); not with
  // an irregularity (D71).
  int contra = 0;
  Direction contra_by = Direction::kForehand;

  // Irregularities that decide the game (at most one).
  std::optional<PlayError> play_error;                   // RULES P2, XI.7-XI.9
  std::optional<int> discarded;                          // cards discarded when not 2 (XI.2)
  bool declarer_looked_at_skat = false;                  // a Solo declarer (XI.4)
  std::optional<Direction> defender_looked_at_skat;      // XI.5
  std::array<bool, kDirectionCount> wrong_card_count{};  // found in play (XI.1)

  // Ramsch (RULES N10): card points (the skat added to the winner of the last trick) and tricks.
  std::array<int, kDirectionCount> card_points{};
  std::array<int, kDirectionCount> tricks{};
  Direction last_trick = Direction::kForehand;

  std::vector<FineReport> fines;  // RULES P3, any kind of deal
};

struct PhysicalResult {
  GameResult game;  // the deal as scored; game.pad holds the three directions' entries
  int players = 3;
  // Indexed by Party; [kDealer] is the resting dealer at a 4-player table, else unused (0).
  std::array<int, kPartyCount> pad{};    // RULES S1 (fines included when profile.fines_on_pad)
  std::array<int, kPartyCount> fines{};  // the fines column, as negative entries (RULES P3)
  // RULES S2 over pad: players entries (forehand, middlehand, rearhand[, resting dealer]).
  std::vector<long long> settled;
  std::string rules;  // the rule ids applied: "N1 N2 N4 P2 XI.8 S1 S2"
};

// Scores a reported outcome on its board. kInvalidArgument (the message names the value and the
// rule; never a card or count of the board the report does not name) for a report that
// contradicts the board or itself; kIllegalDeclaration for a game the profile does not have or
// play refuses at the report's floor (CheckFloor, RULES G7); kNotAllowed for a Contra under a
// profile without it.
Result<PhysicalResult> ScorePhysicalResult(const Profile& profile, const Board& board,
                                           const ReportedOutcome& report);

// What a report says by itself, before its board is finished at the table: the entry a seat's
// check (validate_only) answers.
struct PhysicalPreview {
  // As ScorePhysicalResult scores the report, where that needs no card of the board. With
  // value_withheld the declarer game holds the report's declaration, card points, tricks and
  // Contra only: no matadors, no valuation, no pad entries (pad and settled are zero and empty);
  // fines holds the fines reported.
  PhysicalResult result;
  // The value of a suit game or grand (its valuation, win or loss and every pad entry) depends
  // on the matadors, which the report does not state and only the board holds.
  bool value_withheld = false;
  // Valued with the matadors the report states (result.game.matadors); the entry checks them
  // against the board.
  bool matadors_reported = false;
};

// The checks of ScorePhysicalResult that need no board, and the score where it needs none. It
// reads no board, so its answer is the same whatever the cards: a refusal here is
// ScorePhysicalResult's refusal of the report on every board, word for word (same code and
// message); a preview with a value (not value_withheld) has the valuation, pad entries, fines,
// settlement and rule ids that ScorePhysicalResult gives on every board that accepts the report.
Result<PhysicalPreview> PreviewPhysicalResult(const Profile& profile,
                                              const ReportedOutcome& report);

// Describe (engine/game_result.h) for a preview, without what it does not know: "forehand grand
// hand: the value is computed when the result is entered (70 card points, 6 tricks)"; "forehand
// grand hand with 2 as reported: won 72 (...)"; no matadors where the value needs none (Uno, Duo).
std::string Describe(const PhysicalPreview& preview);

}  // namespace skat

#endif  // SKAT_ENGINE_PHYSICAL_RESULT_H_
