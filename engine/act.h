// Acts: everything a seat can do in a game, as one value type (logged, replayed, sent over the
// wire). Game::Apply validates an act against the rules; Game::LegalActs lists the acts it
// would accept.
#ifndef SKAT_ENGINE_ACT_H_
#define SKAT_ENGINE_ACT_H_

#include <array>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/status.h"

namespace skat {

enum class ActType : uint8_t {
  kBid,            // a value (RULES B1, B2)
  kHold,           // "yes" to the bid (B1)
  kPass,           // B1, B3
  kTurnSkatCard,   // Tournée: look at skat card 1 alone (G1)
  kAccept,         // accept the looked-at card as trump (G1)
  kPasstMirNicht,  // refuse it; card 2 is turned (G2)
  kChooseTrump,    // a turned jack: its suit or Grand Tournée (G1, G2)
  kGuckser,        // announce Guckser and take the skat unseen (G3)
  kTakeSkat,       // take the skat openly (pickup profiles; not nasl-1909)
  kDiscard,        // put two cards away (G1)
  kDeclare,        // a hand game (G4), a pickup game, or the XI.13 raise before the first card
  kPlay,           // a card (T1-T3)
  kConcede,        // declarer: concede (N11); defender: offer the partner to concede together
                   // (isko: one defender gives up for both, ISkO 4.3.3, D73)
  kClaim,          // offer all remaining tricks to the claimant's side (N12)
  kAnswer,         // accept or refuse a claim or a defender's concession (N11, N12)
  kContra,         // a defender doubles (profile option "contra", 000 §11)
  kRecontra,       // the declarer redoubles after a contra (000 §11)
  // Profiles with resign_and_timeout. isko+iss, for ISS game records: the declarer resigns and
  // loses, the rest of the cards going to the defenders; a defender resigns, and once both have
  // the rest goes to the declarer, who wins (docs/rules-decisions.md D56, ISS "RE"). isko: a
  // party gives the game up, settled as a concession (ISkO 4.3.3, 4.3.6; D73).
  kResign,
  // The seat to move ran out of time (ISS "TI.<seat>"; an online table's clock, never a player,
  // D72, D76): the declarer loses as if he resigned under isko+iss; a defender's timeout gives
  // the declarer the game as if both defenders resigned.
  kTimeout,
};
inline constexpr int kActTypeCount = 19;

struct Act {
  ActType type = ActType::kPass;
  Direction seat = Direction::kForehand;
  int bid = 0;                        // kBid
  std::array<Card, 2> cards{};        // kPlay: cards[0]; kDiscard: both
  GameType trump = GameType::kGrand;  // kChooseTrump
  Declaration declaration;            // kDeclare
  bool accept = false;                // kAnswer

  static Act Bid(Direction seat, int value);
  static Act Simple(ActType type, Direction seat);  // kHold, kPass, kTurnSkatCard, ...
  static Act ChooseTrump(Direction seat, GameType trump);
  static Act Discard(Direction seat, Card a, Card b);
  static Act Declare(Direction seat, const Declaration& d);
  static Act Play(Direction seat, Card card);
  static Act Answer(Direction seat, bool accept);

  friend bool operator==(const Act&, const Act&) = default;
};

std::string_view ActTypeName(ActType t);  // "bid", "hold", "passt-mir-nicht", ...
// "middlehand bid 18", "forehand play C-J", "rearhand declare hearts solo".
std::string ToString(const Act& act);

// The act line of a game record (docs/game-records.md), without a new line: "M bid 18",
// "F discard H-8 H-9", "F declare hand hearts ouvert=no announce=none", "M answer accept".
std::string ActLine(const Act& act);
// Reads one act line as the game record reader does (lenient in spelling: any case for keywords,
// seats as letters or names, any card form ParseCard accepts, extra spaces). kInvalidArgument
// naming the offending word otherwise, its 1-based column first: "column 3: unknown act 'bod'
// (known: ...)". ParseActLine(ActLine(a)) == a for every act a the engine makes (the fields its
// type does not use left at their defaults, as Act's factories leave them).
Result<Act> ParseActLine(std::string_view line);

}  // namespace skat

#endif  // SKAT_ENGINE_ACT_H_
