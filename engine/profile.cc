#include "engine/profile.h"

#include <algorithm>
#include <set>

namespace skat {
namespace {

constexpr int kHand = static_cast<int>(SkatHandling::kHand);
constexpr int kTournee = static_cast<int>(SkatHandling::kTournee);
constexpr int kPmn = static_cast<int>(SkatHandling::kPasstMirNicht);
constexpr int kGuckser = static_cast<int>(SkatHandling::kGuckser);
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
  // RULES Values: Tournée ♦5 ♥6 ♠7 ♣8, Grand Tournée 12; Solo ♦9 ♥10 ♠11 ♣12, Grand Solo 20,
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
  p.lost_unit[kGuckser] = 32;          // RULES N7
  p.loss_factor = {1, 1, 2, 1, 1};     // RULES N7: Passt mir nicht losses count double
  p.overbid_factor = {1, 1, 2, 2, 1};  // RULES N9: d = 2 for Passt mir nicht and Guckser
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
  if (any_positive_bid) return value >= 1;
  return std::binary_search(legal_bids.begin(), legal_bids.end(), value);
}

std::vector<int> WinnableValues(const Profile& profile) {
  std::set<int> values;
  for (int h = 0; h < kSkatHandlingCount; ++h) {
    for (int t = 0; t < kGameTypeCount; ++t) {
      for (int o = 0; o < 2; ++o) {
        const int unit = profile.unit[h][t][o];
        if (unit == 0) continue;
        if (t == kNull) {
          values.insert(unit);
          continue;
        }
        const LevelTable& table = profile.levels[h];
        const int min_announced = (o == 1 && profile.ouvert_announces_schwarz) ? 2 : 0;
        for (int m = 1; m <= MaxMatadors(static_cast<GameType>(t)); ++m) {
          for (int a = min_announced; a < 3; ++a) {
            for (int l : table.won[a]) {
              if (l > 0) values.insert(unit * (m + l));
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

const Profile* FindProfile(std::string_view id) {
  if (id == Nasl1909().id) return &Nasl1909();
  return nullptr;
}

std::vector<std::string_view> ProfileIds() { return {Nasl1909().id}; }

}  // namespace skat
