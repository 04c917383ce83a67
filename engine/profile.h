// Rule profiles as data (docs/rules.md "Rule profiles": value tables + flags, not a code branch
// per profile). The engine reads every number and permission from a Profile; a new profile is a
// new table, not new code. nasl-1909 is the default (docs/rules.md "Rule profiles").
#ifndef SKAT_ENGINE_PROFILE_H_
#define SKAT_ENGINE_PROFILE_H_

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/declaration.h"

namespace skat {

// Levels of one game class (RULES N2, N5). Won levels are indexed [announced][achieved], both as
// Announcement values (achieved: kNone = simple game, kSchneider, kSchwarz); 0 marks a
// combination that is no win (an announcement not made). Lost levels are indexed
// [announced][outcome], outcome 0 = the declarer took more than 30 card points (or conceded),
// 1 = he was schneidered (<= 30), 2 = he took no trick.
//
// value = unit * (matadors + level) * factor[announced] + unit * won_bonus[announced][achieved]
// (the bonus only when won), where an ouvert suit or grand game adds `ouvert` to the level, won
// or lost (isko: "+ ouvert", ISkO 5.2; 0 elsewhere: there Grand Ouvert is its own unit). nasl-1909
// has factor 1 and no bonus; the gucki variation doubles an announced schneider, trebles an
// announced schwarz and adds one unit for schwarz made after announcing schneider (RULES "Profile
// deltas": 33 -> 66 -> 77).
struct LevelTable {
  std::array<std::array<int8_t, 3>, 3> won;
  std::array<std::array<int8_t, 3>, 3> lost;
  std::array<int8_t, 3> factor = {1, 1, 1};
  std::array<std::array<int8_t, 3>, 3> won_bonus = {};
  int8_t ouvert = 0;
  int Won(Announcement announced, Announcement achieved) const {
    return won[static_cast<int>(announced)][static_cast<int>(achieved)];
  }
  int Lost(Announcement announced, int outcome) const {
    return lost[static_cast<int>(announced)][outcome];
  }
  int Factor(Announcement announced) const { return factor[static_cast<int>(announced)]; }
  int WonBonus(Announcement announced, Announcement achieved) const {
    return won_bonus[static_cast<int>(announced)][static_cast<int>(achieved)];
  }
  bool AllowsAnnouncement(Announcement a) const { return Won(a, a) > 0; }
};

// How Ramsch ties for the most card points are decided (RULES N10 and its profile row).
enum class RamschTieRule : uint8_t {
  kLastTrickOrAllTied,  // nasl-1909, laws-1900: the tied player who took the last trick; if
                        // none of them took it, each tied player pays
  kAllTied,             // eichhorn-1898 (000 §18 G3 DECISION): every tied player pays
};

struct Fines {
  int misdeal = 0;  // P3, XI: dealer misdeals
  int dealer_looks_at_skat = 0;
  int player_looks_at_skat = 0;  // before the game is awarded (X.16)
  int skat_found_in_hand = 0;
};

struct Profile;

// An optional rule a table agrees to before play (RULES "Profile deltas": "flag"), e.g. Frage
// under eichhorn-1898. apply sets the option's data (units, levels, permissions) on a copy of
// the base profile; the result is found as "<id>+<option>+..." (FindProfile).
struct ProfileOption {
  std::string_view name;  // "frage"
  void (*apply)(Profile&);
};

struct Profile {
  std::string_view id;     // "nasl-1909"; with options "eichhorn-1898+frage+contra"
  std::string_view title;  // "North American Skat League congress rules, 1909"

  // unit[handling][type][ouvert]: the unit as won (RULES N2); 0 means the profile has no such
  // game. For Null the unit is the game's fixed value.
  std::array<std::array<std::array<int16_t, 2>, kGameTypeCount>, kSkatHandlingCount> unit{};
  // The unit charged when lost, where it differs (Guckser 32, RULES N7); 0 = same as unit.
  std::array<int16_t, kSkatHandlingCount> lost_unit{};
  // Lost values are multiplied by this (Passt mir nicht 2, RULES N7).
  std::array<int8_t, kSkatHandlingCount> loss_factor{};
  // d in the overbid charge (RULES N9).
  std::array<int8_t, kSkatHandlingCount> overbid_factor{};
  std::array<LevelTable, kSkatHandlingCount> levels{};
  // An ouvert suit or grand game counts as schwarz announced (RULES N3: Grand Ouvert level 5).
  bool ouvert_announces_schwarz = true;

  int win_points = 61;          // RULES N4
  int schneider_points = 91;    // declarer schneider at >= this
  int schneidered_points = 30;  // declarer schneidered at <= this

  bool ramsch = true;  // RULES B3 / N10: all pass -> Ramsch; false: the board is passed in
  std::array<int16_t, 3> ramsch_charge{};  // by number of players who took no trick: 0, 1, 2
  RamschTieRule ramsch_tie = RamschTieRule::kLastTrickOrAllTied;
  // Where neither tied player took the last trick, each pays this charge instead (laws-1900:
  // "the two high scores lose 20 points each"); 0 = the ordinary charge.
  int ramsch_tied_charge = 0;
  // The skat goes to the winner of the last trick and counts for him (RULES N10); eichhorn-1898:
  // "The Skat does not count" (000 §6.12).
  bool ramsch_skat_counts = true;
  // A three-way tie (40-40-40) is no score (laws-1900, 003:L17); otherwise the last trick loses.
  bool ramsch_three_way_tie_no_score = false;

  // RULES N11: the declarer may concede until this many cards have been played (nasl-1909:
  // before the second card of trick 2, i.e. at most 4 cards played).
  int concede_max_cards_played = 4;
  // After that, the declarer may still concede, charged the contingencies as they stand (his
  // tricks and points so far; eichhorn-1898, 000 §10.1).
  bool concede_later_as_stands = false;
  // Hand games (Solo class) may be conceded; laws-1900: "A Solo cannot be abandoned" (001:L58).
  bool concede_hand_games = true;
  // The International Skat Server's resign and timeout (ActType kResign, kTimeout) during the
  // card play, so that its game records replay (isko; D56). Off in every other profile: their
  // online tables offer neither act.
  bool resign_and_timeout = false;
  // ISkO 4.3.3-4.3.6 (isko; docs/rules-decisions.md D73-D75): a party gives the game up, the
  // declarer at any time (concede or resign) or one defender for both (concede or resign, no
  // partner's answer), and the game ends there, settled by ISkO 4.1.3-4.1.5 (GameEnd
  // kDeclarerGaveUp, kDefendersGaveUp). Off in isko+iss, which keeps the ISS's rules (D55, D56),
  // and in every other profile (RULES N11).
  bool isko_give_up = false;
  // The move clock of an online table (docs/rules-decisions.md D72): the seconds a table waits
  // for the seat to move before it applies the timeout rule; 0: no clock. A table may set its
  // own limit when it is opened.
  int move_seconds = 0;

  // RULES G4 / XI.13: a Solo declarer may raise his game before the first card (nasl-1909 and
  // its descendants); isko: the game is announced once (ISkO 3.4), no raise.
  bool raise_before_first_card = true;

  // The per-game bonus of the profile's usual tournament scoring, weighed by the bot
  // (engine/players/bot.h) when it bids and declares: isko 50 (Seeger-Fabian: +50 for a won game,
  // -50 for a lost one, D57; `skat match --rules isko` scores with it by default); 0
  // elsewhere. It changes no game value: the board score is the event's (docs/comparative.md
  // "Scoring, in two layers").
  int tournament_bonus = 0;

  bool any_positive_bid = false;  // RULES B2: eichhorn-1898, laws-1900
  std::vector<int> legal_bids;    // sorted; every value some game can be won at (RULES B2)

  Fines fines;
  bool fines_on_pad = false;  // RULES P3: nasl-1909 keeps fines in a separate column

  // Contra / Re-contra (eichhorn-1898 flag "contra", 000 §11): a defender may double, the
  // declarer then redouble; pad entries as 000 §11's table.
  bool contra = false;

  // Revolution (option "revolution", 000 §6.11, 001:L30): in games of these handlings each
  // defender sees his partner's hand from the declaration on (docs/rules-decisions.md D26).
  std::array<bool, kSkatHandlingCount> defenders_consult{};
  // Uno / Duo (laws-1900 option "uno-duo", 001:L31): the declarer must take exactly this many
  // tricks; 0 = no such target. Games with a target have a fixed value, the unit.
  std::array<int8_t, kSkatHandlingCount> target_tricks{};

  // The options this base profile offers, in their canonical order, and the ones set.
  std::vector<ProfileOption> options;
  std::vector<std::string_view> options_on;

  int Unit(const Declaration& d) const {
    return unit[static_cast<int>(d.handling)][static_cast<int>(d.type)][d.ouvert ? 1 : 0];
  }
  int LostUnit(const Declaration& d) const {
    int lost = lost_unit[static_cast<int>(d.handling)];
    return lost ? lost : Unit(d);
  }
  bool Allows(const Declaration& d) const { return Unit(d) > 0; }
  // Null, Revolution, Uno and Duo have a fixed value (the unit); suit and Grand games grow.
  bool FixedValue(const Declaration& d) const {
    return d.type == GameType::kNull || target_tricks[static_cast<int>(d.handling)] > 0;
  }
  // The tricks a fixed-value game's declarer must take: 0 in Null and Revolution.
  int TargetTricks(const Declaration& d) const {
    return d.type == GameType::kNull ? 0 : target_tricks[static_cast<int>(d.handling)];
  }
  bool AllowsHandling(SkatHandling h) const;
  int smallest_bid() const { return any_positive_bid ? 1 : legal_bids.front(); }
  bool IsLegalBid(int value) const;
};

// The highest bid under any_positive_bid. RULES B2 allows any positive integer there; the engine
// bounds it all the same (a bid of 2^31 - 1 overflowed LegalActs' next bid and the
// overbid charge). It is far above every profile's highest game value (216; isko 264;
// gucki-variation 504),
// so every bid a game can be won at, and any deliberate overbid a table plays, stays legal.
inline constexpr int kMaxAnyPositiveBid = 9999;

// The nasl-1909 profile (docs/rules.md "Rule profiles"; seed 002 sections IX-XII).
const Profile& Nasl1909();
// J. C. Eichhorn, American Skat, 1898: St. Louis rules (RULES "Profile deltas", seed 000).
const Profile& Eichhorn1898();
// "The Laws of Skat" and Foster (RULES "Profile deltas", seeds 001, 003).
const Profile& Laws1900();
// Seed 003's variation: the declarer always sees the skat (RULES "Profile deltas").
const Profile& GuckiVariation();
// The International Skat Order (ISkO, DSkV and ISPA, in force since 1 January 1999) as played in
// tournaments: no Ramsch, no Contra (docs/rules-decisions.md); giving up as ISkO 4.3.3-4.3.6
// settle it (D73-D76). Its option "iss" (IskoIss) keeps the ISS's rules, so that the server's
// records replay (D55, D56, D75).
const Profile& Isko();
// isko+iss: isko with the International Skat Server's rules for giving up (resign, timeout,
// the rest of the cards to the other side; D55, D56, D75), the profile ISS records replay and
// import under (ReplayIss, `skat import-iss`, `skat analyse --iss`).
const Profile& IskoIss();
// The profile with this id, or nullptr. "<base>+<option>+<option>" names a base profile with
// options set (ProfileOption); the returned profile's id lists them in canonical order, and it
// lives as long as the program. Unknown or repeated options give nullptr.
const Profile* FindProfile(std::string_view id);
// Every profile id, default first.
std::vector<std::string_view> ProfileIds();

// The largest number of matadors a game type can have: 11 in suit games, 4 in Grand (RULES N1).
constexpr int MaxMatadors(GameType t) { return t == GameType::kGrand ? 4 : 11; }

// Every value at which some game of the profile can be won (RULES B2), sorted; computed from the
// profile's units and level tables.
std::vector<int> WinnableValues(const Profile& profile);

}  // namespace skat

#endif  // SKAT_ENGINE_PROFILE_H_
