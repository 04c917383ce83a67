#include "engine/profile.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace skat {
namespace {

constexpr int kHand = static_cast<int>(SkatHandling::kHand);
constexpr int kTournee = static_cast<int>(SkatHandling::kTournee);
constexpr int kPmn = static_cast<int>(SkatHandling::kPasstMirNicht);
constexpr int kGuckser = static_cast<int>(SkatHandling::kGuckser);
constexpr int kPickup = static_cast<int>(SkatHandling::kPickup);
constexpr int kFrage = static_cast<int>(SkatHandling::kFrage);
constexpr int kRevolution = static_cast<int>(SkatHandling::kRevolution);
constexpr int kUno = static_cast<int>(SkatHandling::kUno);
constexpr int kDuo = static_cast<int>(SkatHandling::kDuo);
constexpr int kGrand = static_cast<int>(GameType::kGrand);
constexpr int kNull = static_cast<int>(GameType::kNull);

// RULES N2: Tournée/Guckser class: game 1, schneider 2, schwarz 3; nothing announced. RULES N5:
// lost at 1, 2 when schneidered, 3 without a trick.
constexpr LevelTable kSkatGameLevels = {
    .won = {{{1, 2, 3}, {0, 0, 0}, {0, 0, 0}}},
    .lost = {{{1, 2, 3}, {0, 0, 0}, {0, 0, 0}}},
};
// RULES N2: Solo class: game 1, schneider 2, schwarz 3, schneider announced 3, schwarz after
// schneider announced 4, schwarz announced 5. RULES N5: lost level = max(outcome level,
// announced level), announced schneider 3, announced schwarz 5.
constexpr LevelTable kSoloLevels = {
    .won = {{{1, 2, 3}, {0, 3, 4}, {0, 0, 5}}},
    .lost = {{{1, 2, 3}, {3, 3, 3}, {5, 5, 5}}},
};

Profile MakeNasl1909() {
  Profile p;
  p.id = "nasl-1909";
  p.title = "North American Skat League congress rules, Milwaukee 1909";
  // RULES "Values": Tournée ♦5 ♥6 ♠7 ♣8, Grand Tournée 12; Solo ♦9 ♥10 ♠11 ♣12, Grand Solo 20,
  // Grand Ouvert 24; Guckser 16 (32 lost); Null 20, Null Ouvert 40.
  for (int s = 0; s < 4; ++s) {
    p.unit[kTournee][s][0] = static_cast<int16_t>(5 + s);
    p.unit[kPmn][s][0] = static_cast<int16_t>(5 + s);
    p.unit[kHand][s][0] = static_cast<int16_t>(9 + s);
  }
  p.unit[kTournee][kGrand][0] = 12;
  p.unit[kPmn][kGrand][0] = 12;
  p.unit[kGuckser][kGrand][0] = 16;
  p.unit[kHand][kGrand][0] = 20;
  p.unit[kHand][kGrand][1] = 24;
  p.unit[kHand][kNull][0] = 20;
  p.unit[kHand][kNull][1] = 40;
  p.lost_unit[kGuckser] = 32;             // RULES N7
  p.loss_factor = {1, 1, 2, 1, 1, 1};     // RULES N7: Passt mir nicht losses count double
  p.overbid_factor = {1, 1, 2, 2, 1, 1};  // RULES N9: d = 2 for Passt mir nicht and Guckser
  p.levels[kHand] = kSoloLevels;
  p.levels[kTournee] = kSkatGameLevels;
  p.levels[kPmn] = kSkatGameLevels;
  p.levels[kGuckser] = kSkatGameLevels;
  p.ouvert_announces_schwarz = true;  // RULES N3
  p.ramsch = true;                    // RULES B3, X.12
  p.ramsch_charge = {20, 30, 50};     // RULES N10
  p.concede_max_cards_played = 4;     // RULES N11, X.19
  p.fines = {10, 10, 10, 25};         // RULES P3
  p.fines_on_pad = false;
  p.legal_bids = WinnableValues(p);  // RULES B2: 71 values, 10 ... 216
  return p;
}

// seed000 §7.3: "loss: m = 1 + n + max([pts<=30], [annSchneider]) + [annSchneider] +
// [noTricks OR annSchwarz] + [annSchwarz]": a lost announced schneider with no trick is level 4.
constexpr LevelTable kEichhornSoloLevels = {
    .won = {{{1, 2, 3}, {0, 3, 4}, {0, 0, 5}}},
    .lost = {{{1, 2, 3}, {3, 3, 4}, {5, 5, 5}}},
};
// seed003 §10.3 (003:L1-L3): "as usual" without an announcement (game 1, schneider 2, schwarz
// 3); announced schneider: (game + schneider + matadors) doubled, schwarz made after it adds one
// unit after the doubling; announced schwarz: (game + schneider + schwarz + matadors) trebled.
// Lost: the announced levels (or the outcome's, 003 §10.3 [I]), doubled by loss_factor.
constexpr LevelTable kGuckiLevels = {
    .won = {{{1, 2, 3}, {0, 2, 2}, {0, 0, 3}}},
    .lost = {{{1, 2, 3}, {2, 2, 2}, {3, 3, 3}}},
    .factor = {1, 2, 3},
    .won_bonus = {{{0, 0, 0}, {0, 0, 1}, {0, 0, 0}}},
};

// RULES "Profile deltas": Frage (call play) ♦1 ♥2 ♠3 ♣4, eichhorn-1898 flag, default off.
// 000 §6.2 (L1407-1522): the skat taken up unseen by others, two cards discarded, then any suit
// named as trump; the Tournée class's levels (no announcements, 000 §6.1), single losses, the
// overbid charge with d = 1 (000 §19 #16: "lost unless Schneider reaches 9").
void ApplyFrage(Profile& p) {
  for (int s = 0; s < 4; ++s) p.unit[kFrage][s][0] = static_cast<int16_t>(1 + s);
  p.levels[kFrage] = kSkatGameLevels;
  p.loss_factor[kFrage] = 1;
  p.overbid_factor[kFrage] = 1;
}

// RULES "Profile deltas": Contra / Re-contra, eichhorn-1898 flag, default off (000 §11).
void ApplyContra(Profile& p) { p.contra = true; }

// isko option "iss" (docs/rules-decisions.md D55, D56, D62, D75): the International Skat
// Server's rules for giving up, for replaying and importing its records: the declarer concedes
// only before the first card, a defender's concession needs his partner's consent (RULES N11),
// a defender's resign counts once both have resigned, and whoever gives up, the cards not yet in
// tricks go to the other side.
void ApplyIss(Profile& p) { p.isko_give_up = false; }

// RULES "Profile deltas": Revolution 60, eichhorn-1898 and laws-1900 flag, default off. 000
// §6.11 (L765-769, L1370-1376): Nullo Ouvert Force, the declarer's hand laid open, the skat
// untouched, the defenders combining their hands with open counsel but no exchange; 003:L11:
// "revolution, if played, 60"; single loss (001 §6.2 #13). D26, D27.
void ApplyRevolution(Profile& p) {
  p.unit[kRevolution][kNull][1] = 60;
  p.loss_factor[kRevolution] = 1;
  p.overbid_factor[kRevolution] = 1;
  p.defenders_consult[kRevolution] = true;
}

// RULES "Profile deltas": Uno and Duo 20, open 40, laws-1900 flag, default off. 001:L31: Grands
// in which the declarer takes exactly one (Uno) or two (Duo) tricks, "neither more nor less";
// 003:L11: "Uno and duo, if played, shall be worth 20, or if played open 40"; fixed values, the
// skat untouched, lost at the value (001-003 §16 recommendation). D28, D29.
void ApplyUnoDuo(Profile& p) {
  for (int h : {kUno, kDuo}) {
    p.unit[h][kGrand][0] = 20;
    p.unit[h][kGrand][1] = 40;
    p.loss_factor[h] = 1;
    p.overbid_factor[h] = 1;
  }
  p.target_tricks[kUno] = 1;
  p.target_tricks[kDuo] = 2;
}

// RULES "Profile deltas", eichhorn-1898 column; seed000 §13.1 (L1247-1388).
Profile MakeEichhorn1898() {
  Profile p;
  p.id = "eichhorn-1898";
  p.title = "J. C. Eichhorn, American Skat, 1898 (St. Louis rules)";
  for (int s = 0; s < 4; ++s) {
    p.unit[kTournee][s][0] = static_cast<int16_t>(5 + s);  // 000 §13.1: Tourne 5 6 7 8
    p.unit[kHand][s][0] = static_cast<int16_t>(9 + s);     // Solo 9 10 11 12
  }
  p.unit[kTournee][kGrand][0] = 12;  // Grand Tourne 12
  p.unit[kGuckser][kGrand][0] = 12;  // Grand Guckser won 12 (L1338-1344)
  p.unit[kHand][kGrand][0] = 16;     // Grand Solo 16 (L1322)
  p.unit[kHand][kGrand][1] = 24;     // Grand Ouvert 24 (L1352)
  p.unit[kHand][kNull][0] = 20;      // Nullo 20
  p.unit[kHand][kNull][1] = 40;      // Nullo Ouvert 40
  p.lost_unit[kGuckser] = 24;        // Grand Guckser lost 24 (L1346-1350)
  p.loss_factor = {1, 1, 1, 1, 1, 1};
  p.overbid_factor = {1, 1, 1, 2, 1, 1};  // 000 §9.5: Guckser max(24 m, 2 * 12 * ceil(bid / 12))
  p.levels[kHand] = kEichhornSoloLevels;
  p.levels[kTournee] = kSkatGameLevels;
  p.levels[kGuckser] = kSkatGameLevels;
  p.ouvert_announces_schwarz = true;       // 000 §6.8: 24 x (n + 5)
  p.ramsch = true;                         // 000 §5.4
  p.ramsch_charge = {10, 15, 15};          // 000 §6.12: 10, Jungfer 15 (§18 G3: still 15)
  p.ramsch_tie = RamschTieRule::kAllTied;  // 000 §18 G3 DECISION
  p.ramsch_skat_counts = false;            // 000 §6.12 (L1932-1939)
  p.concede_max_cards_played = 3;          // 000 §10.1: before the second trick is led
  p.concede_later_as_stands = true;        // 000 §10.1 (L2477-2480)
  p.fines = {10, 10, 10, 0};               // 000 §14: misdeal, looking at the skat 10
  p.fines_on_pad = true;                   // 000 §12.2: fines are pad deductions
  p.any_positive_bid = true;               // RULES B2; 000 §18 G1
  p.legal_bids = WinnableValues(p);        // the values games reach, offered as sensible bids
  p.options = {{"frage", ApplyFrage}, {"contra", ApplyContra}, {"revolution", ApplyRevolution}};
  return p;
}

// RULES "Profile deltas", laws-1900 column; seed001-003 §6.2, §9, §11.
Profile MakeLaws1900() {
  Profile p = MakeNasl1909();
  p.id = "laws-1900";
  p.title = "The Laws of Skat and Foster's description, about 1900";
  // 003 Law 1: the nasl-1909 units; the Guckser is the Gucki Grand (16, lost double: 001:L28,
  // 003:L15), the game of taking the skat unseen without an announcement (001:L52).
  // Gucki Null 15, Gucki Null Ouvert 30, announced before touching the skat (001:L35, L52);
  // "All Guckis lose double" (001:L35, 003:L15): the Gucki Grand's 32 as 16 x 2.
  p.unit[kGuckser][kNull][0] = 15;
  p.unit[kGuckser][kNull][1] = 30;
  p.lost_unit[kGuckser] = 0;
  p.loss_factor[kGuckser] = 2;
  p.ramsch_tied_charge = 20;               // 003:L17: "the two high scores lose 20 points each"
  p.ramsch_three_way_tie_no_score = true;  // 003:L17: 40-40-40 no score
  p.concede_hand_games = false;            // 001:L58: "A Solo cannot be abandoned"
  p.fines = {10, 10, 10, 0};               // 001 §13: ten points
  p.fines_on_pad = true;                   // 001 §14.1 / §17: -10 pad entry
  p.any_positive_bid = true;               // RULES B2; 001 §5.3 (bid 11, L51)
  p.legal_bids = WinnableValues(p);
  p.options = {{"revolution", ApplyRevolution}, {"uno-duo", ApplyUnoDuo}};
  return p;
}

// RULES "Profile deltas", gucki-variation column; seed001-003 §10 (003:L1-L3).
Profile MakeGuckiVariation() {
  Profile p;
  p.id = "gucki-variation";
  p.title = "The Laws of Skat, variation: the highest bidder always sees the skat (003:L1-L3)";
  // Every game sees the skat: Solo units for suits (003:L3: spade 11, diamond 9), Grand 20,
  // Grand Ouvert 24 also after the skat (the 1,008 example), Null 20, Null Ouvert 40.
  for (int s = 0; s < 4; ++s) p.unit[kPickup][s][0] = static_cast<int16_t>(9 + s);
  p.unit[kPickup][kGrand][0] = 20;
  p.unit[kPickup][kGrand][1] = 24;
  p.unit[kPickup][kNull][0] = 20;
  p.unit[kPickup][kNull][1] = 40;
  p.loss_factor = {1, 1, 1, 1, 2, 1};  // 003:L1: "if he loses he always loses double"
  p.overbid_factor = {1, 1, 1, 1, 2, 1};
  p.levels[kPickup] = kGuckiLevels;
  p.ouvert_announces_schwarz = true;
  p.ramsch = true;
  p.ramsch_charge = {20, 30, 50};  // RULES "Profile deltas": 20/30/50
  p.concede_max_cards_played = 4;  // RULES N11
  p.fines = {10, 10, 10, 0};       // as laws-1900 (003 has no penalties)
  p.fines_on_pad = true;
  p.legal_bids = WinnableValues(p);  // won values, smallest 18 (003:L3)
  return p;
}

// ISkO 5.2 (multipliers): matadors + game + hand + schneider + schneider announced + schwarz +
// schwarz announced + ouvert; announcing schwarz includes schneider announced, and a suit or grand
// ouvert counts schneider and schwarz announced (the engine's ouvert_announces_schwarz) plus the
// ouvert level. Lost: the levels announced, and schneider / schwarz when the declarer was
// schneidered or took no trick (ISkO 5.3; docs/rules-decisions.md D51, D52).
constexpr LevelTable kIskoHandLevels = {
    .won = {{{2, 3, 4}, {0, 4, 5}, {0, 0, 6}}},
    .lost = {{{2, 3, 4}, {4, 4, 5}, {6, 6, 6}}},
    .ouvert = 1,
};
// The skat picked up: game 1, schneider 2, schwarz 3; no announcements (ISkO 3.4: announcements
// and suit / grand ouvert only in hand games).
constexpr LevelTable kIskoPickupLevels = {
    .won = {{{1, 2, 3}, {0, 0, 0}, {0, 0, 0}}},
    .lost = {{{1, 2, 3}, {0, 0, 0}, {0, 0, 0}}},
};

// The International Skat Order 1999 (docs/rules/profiles.md "isko").
Profile MakeIsko() {
  Profile p;
  p.id = "isko";
  p.title = "International Skat Order (DSkV and ISPA), in force since 1999, tournament play";
  // ISkO 5.1 (base values): suits 9 10 11 12, Grand 24, the skat picked up or played hand; suit
  // and grand ouvert only as hand games; Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand
  // 59 (jskat util/SkatConstants.java getGameBaseValue).
  for (int s = 0; s < 4; ++s) {
    p.unit[kPickup][s][0] = static_cast<int16_t>(9 + s);
    p.unit[kHand][s][0] = static_cast<int16_t>(9 + s);
    p.unit[kHand][s][1] = static_cast<int16_t>(9 + s);
  }
  p.unit[kPickup][kGrand][0] = 24;
  p.unit[kHand][kGrand][0] = 24;
  p.unit[kHand][kGrand][1] = 24;
  p.unit[kPickup][kNull][0] = 23;
  p.unit[kPickup][kNull][1] = 46;
  p.unit[kHand][kNull][0] = 35;
  p.unit[kHand][kNull][1] = 59;
  // ISkO 5.3: every lost game counts double; 5.4: an overbid game is charged the smallest
  // multiple of its base value that reaches the bid, doubled as a loss.
  p.loss_factor = {2, 1, 1, 1, 2, 1, 1, 1, 1};
  p.overbid_factor = {2, 1, 1, 1, 2, 1, 1, 1, 1};
  p.levels[kHand] = kIskoHandLevels;
  p.levels[kPickup] = kIskoPickupLevels;
  p.ouvert_announces_schwarz = true;  // ISkO 5.2: ouvert includes schneider and schwarz announced
  p.schneider_points = 90;            // ISkO 2.2: schneider at 90 card points (defenders <= 30)
  p.schneidered_points = 30;          // the declarer schneidered at <= 30
  p.ramsch = false;                   // tournament play: all pass, the board is passed in
  p.raise_before_first_card = false;  // ISkO 3.4: the game is announced once
  p.concede_max_cards_played = 0;     // D55 (isko+iss): given up before the first card
  p.resign_and_timeout = true;        // resign (ISkO 4.3.6) and the table clock's timeout (D72)
  p.isko_give_up = true;              // ISkO 4.3.3-4.3.6, settled by 4.1.3-4.1.5 (D73-D75)
  p.move_seconds = 60;                // D72: an online table's clock, a minute a decision
  p.tournament_bonus = 50;            // Seeger-Fabian, the scoring of ISkO tournaments
  p.fines = {0, 0, 0, 0};             // tournament penalties are not game values
  p.fines_on_pad = false;
  // 63 values 18 ... 264 (jskat util/SkatConstants.java bidOrder); WinnableValues gives exactly
  // these (isko_profile_test pins the list).
  p.legal_bids = WinnableValues(p);
  p.options = {{"iss", ApplyIss}};
  return p;
}

}  // namespace

bool Profile::AllowsHandling(SkatHandling h) const {
  for (const auto& by_type : unit[static_cast<int>(h)]) {
    for (int16_t u : by_type) {
      if (u > 0) return true;
    }
  }
  return false;
}

bool Profile::IsLegalBid(int value) const {
  if (any_positive_bid) return value >= 1 && value <= kMaxAnyPositiveBid;
  return std::binary_search(legal_bids.begin(), legal_bids.end(), value);
}

std::vector<int> WinnableValues(const Profile& profile) {
  std::set<int> values;
  for (int h = 0; h < kSkatHandlingCount; ++h) {
    for (int t = 0; t < kGameTypeCount; ++t) {
      for (int o = 0; o < 2; ++o) {
        const int unit = profile.unit[h][t][o];
        if (unit == 0) continue;
        if (t == kNull || profile.target_tricks[h] > 0) {  // fixed values
          values.insert(unit);
          continue;
        }
        const LevelTable& table = profile.levels[h];
        const int min_announced = (o == 1 && profile.ouvert_announces_schwarz) ? 2 : 0;
        for (int m = 1; m <= MaxMatadors(static_cast<GameType>(t)); ++m) {
          for (int a = min_announced; a < 3; ++a) {
            for (int x = 0; x < 3; ++x) {
              if (table.won[a][x] <= 0) continue;
              const int l = table.won[a][x] + (o == 1 ? table.ouvert : 0);
              values.insert(unit * (m + l) * table.factor[a] + unit * table.won_bonus[a][x]);
            }
          }
        }
      }
    }
  }
  return {values.begin(), values.end()};
}

const Profile& Nasl1909() {
  static const Profile* const kProfile = new Profile(MakeNasl1909());
  return *kProfile;
}

const Profile& Eichhorn1898() {
  static const Profile* const kProfile = new Profile(MakeEichhorn1898());
  return *kProfile;
}

const Profile& Laws1900() {
  static const Profile* const kProfile = new Profile(MakeLaws1900());
  return *kProfile;
}

const Profile& GuckiVariation() {
  static const Profile* const kProfile = new Profile(MakeGuckiVariation());
  return *kProfile;
}

const Profile& Isko() {
  static const Profile* const kProfile = new Profile(MakeIsko());
  return *kProfile;
}

const Profile& IskoIss() {
  static const Profile* const kProfile = FindProfile("isko+iss");
  return *kProfile;
}

namespace {

const Profile* FindBaseProfile(std::string_view id) {
  for (const Profile* p : {&Nasl1909(), &Eichhorn1898(), &Laws1900(), &GuckiVariation(), &Isko()}) {
    if (id == p->id) return p;
  }
  return nullptr;
}

}  // namespace

const Profile* FindProfile(std::string_view id) {
  const size_t plus = id.find('+');
  const Profile* base = FindBaseProfile(id.substr(0, plus));
  if (base == nullptr || plus == std::string_view::npos) return base;
  // The options asked for, by their index in the base's canonical order.
  std::vector<bool> on(base->options.size(), false);
  std::string_view rest = id.substr(plus + 1);
  while (true) {
    const size_t next = rest.find('+');
    const std::string_view name = rest.substr(0, next);
    auto it = std::find_if(base->options.begin(), base->options.end(),
                           [&](const ProfileOption& o) { return o.name == name; });
    if (it == base->options.end()) return nullptr;
    const size_t i = static_cast<size_t>(it - base->options.begin());
    if (on[i]) return nullptr;
    on[i] = true;
    if (next == std::string_view::npos) break;
    rest = rest.substr(next + 1);
  }
  std::string canonical(base->id);
  for (size_t i = 0; i < on.size(); ++i) {
    if (on[i]) canonical += "+" + std::string(base->options[i].name);
  }
  // Profiles with options live as long as the program (Game keeps a pointer); there are at most
  // 2^options of them per base.
  static std::mutex mu;
  static auto* const cache = new std::map<std::string, std::unique_ptr<Profile>>;
  std::lock_guard<std::mutex> lock(mu);
  auto [it, inserted] = cache->try_emplace(canonical);
  if (inserted) {
    auto p = std::make_unique<Profile>(*base);
    p->id = it->first;
    for (size_t i = 0; i < on.size(); ++i) {
      if (!on[i]) continue;
      base->options[i].apply(*p);
      p->options_on.push_back(base->options[i].name);
    }
    p->legal_bids = WinnableValues(*p);
    it->second = std::move(p);
  }
  return it->second.get();
}

std::vector<std::string_view> ProfileIds() {
  return {Nasl1909().id, Eichhorn1898().id, Laws1900().id, GuckiVariation().id, Isko().id};
}

}  // namespace skat
