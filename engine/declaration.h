// What the declarer plays: how the skat was handled, the game type, ouvert and announcements
// (RULES G1-G6). Ramsch (N10) is not a declaration; a game knows it is Ramsch by itself.
#ifndef SKAT_ENGINE_DECLARATION_H_
#define SKAT_ENGINE_DECLARATION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/card.h"

namespace skat {

// The four suit games share their numbers with Suit.
enum class GameType : uint8_t { kDiamonds = 0, kHearts, kSpades, kClubs, kGrand, kNull };
inline constexpr int kGameTypeCount = 6;

constexpr bool IsSuitGame(GameType t) { return t <= GameType::kClubs; }
constexpr GameType SuitGame(Suit s) { return static_cast<GameType>(s); }
// REQUIRES: IsSuitGame(t).
constexpr Suit TrumpSuit(GameType t) { return static_cast<Suit>(t); }

// How the declarer treated the skat; selects the game class's units and levels.
enum class SkatHandling : uint8_t {
  kHand = 0,       // Solo class: the skat untouched until the end (G4)
  kTournee,        // skat card 1 turned and accepted (G1)
  kPasstMirNicht,  // card 1 refused, card 2 turned (G2)
  kGuckser,        // both cards taken unseen by others, Grand (G3)
  kPickup,         // the skat taken openly, then any game (isko, gucki-variation; not nasl-1909)
  kFrage,          // Frage (call play): both cards taken unseen by others, two discarded, then
                   // a suit named (eichhorn-1898 flag "frage", 000 §6.2)
  kRevolution,     // Revolution: a Null Ouvert against the defenders' combined hands, the skat
                   // untouched (options "revolution", 000 §6.11, 001:L30)
  kUno,            // Uno: a Grand in which the declarer takes exactly one trick, the skat
                   // untouched (laws-1900 option "uno-duo", 001:L31, 003:L11)
  kDuo,            // Duo: as Uno, exactly two tricks
};
inline constexpr int kSkatHandlingCount = 9;

// The handlings declared before the skat is touched (RULES G4 and the profile deltas): the hand
// games, Revolution, Uno and Duo. The skat stays untouched until the end.
constexpr bool SkatUntouched(SkatHandling h) {
  return h == SkatHandling::kHand || h >= SkatHandling::kRevolution;
}

enum class Announcement : uint8_t { kNone = 0, kSchneider = 1, kSchwarz = 2 };

struct Declaration {
  SkatHandling handling = SkatHandling::kHand;
  GameType type = GameType::kGrand;
  bool ouvert = false;
  Announcement announced = Announcement::kNone;
  friend bool operator==(const Declaration&, const Declaration&) = default;
};

std::string_view GameTypeName(GameType t);          // "diamonds" ... "grand", "null"
std::string_view HandlingName(SkatHandling h);      // "hand", "tournee", "passt-mir-nicht", ...
std::string_view AnnouncementName(Announcement a);  // "none", "schneider", "schwarz"

// The game's usual name: "hearts tournee", "grand tournee", "passt-mir-nicht spades",
// "guckser", "clubs solo, schneider announced", "grand ouvert", "null ouvert".
std::string ToString(const Declaration& d);

// Reads a game name as the CLI takes it: "tournee-hearts", "grand-tournee",
// "passt-mir-nicht-spades", "guckser", "gucki-null", "gucki-null-ouvert", "frage-hearts",
// "solo-clubs", "clubs-ouvert", "grand-solo", "grand-ouvert", "null", "null-ouvert",
// "pickup-hearts", "pickup-grand", "pickup-grand-ouvert", "pickup-null", "pickup-null-ouvert",
// "revolution", "uno", "uno-ouvert", "duo", "duo-ouvert" (announcements are separate). Returns
// nullopt for an unknown name. Every game of every profile has a name: ParseGame(GameName(d))
// gives d back with no announcement.
std::optional<Declaration> ParseGame(std::string_view name);
// The name ParseGame reads for the declaration's handling, type and ouvert (the announcement
// left out): "solo-clubs", "pickup-grand-ouvert", "gucki-null".
std::string GameName(const Declaration& d);
// The inverses of GameTypeName, HandlingName and AnnouncementName; nullopt for another name.
std::optional<GameType> ParseGameType(std::string_view name);
std::optional<SkatHandling> ParseHandling(std::string_view name);
std::optional<Announcement> ParseAnnouncement(std::string_view name);

}  // namespace skat

#endif  // SKAT_ENGINE_DECLARATION_H_
