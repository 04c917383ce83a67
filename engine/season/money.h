// A season's money (docs/seasons.md "Money"): each evening's entry fees and loss fees, its share
// for the season pot, its prizes over the evening's ranks, and the season pot paid over the
// season table's ranks. Whole cents in 64-bit integers and shares in per mille: no floating
// point. Pure C++, no I/O.
#ifndef SKAT_ENGINE_SEASON_MONEY_H_
#define SKAT_ENGINE_SEASON_MONEY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engine/status.h"

namespace skat::season {

// The season's money rules (the Season message's fields of the same names).
struct MoneyRules {
  int64_t entry_fee_cents = 0;            // per player and evening
  int64_t loss_fee_cents = 0;             // per game lost as declarer, for each of the first ...
  int loss_fee_games = 0;                 // ... loss_fee_games of an evening
  int64_t loss_fee_after_cents = 0;       // per lost game after those
  int pot_permille = 0;                   // the evening's in that goes to the season pot
  std::vector<int> prize_split_permille;  // of the evening's prize money, rank 1 first; empty:
                                          // top half
  std::vector<int> pot_split_permille;    // of the season pot, rank 1 first; empty: top half
};

// Bounds of the input (the schema's, migrations/0018_seasons.up.sql, and beyond any real field):
// they keep every product below 2^63.
inline constexpr int64_t kMaxFeeCents = 100'000'000;
inline constexpr int kMaxLostGames = 1'000;  // per player and evening
inline constexpr int kMaxField = 100'000;    // players of an evening, ranked persons of a season
inline constexpr int kMaxEvenings = 100;     // a season's events (docs/seasons.md)

// Whether someone takes a share: a rank in a field (1, 2, 2, 4: equal ranks share places).
struct Placing {
  std::string holder;  // whose statement the share goes to
  int rank = 1;
};

// One player of an evening: whose statement it is (the person the player is linked to, or the
// player itself), the rank in the evening's overall standings and the games lost as declarer.
struct EveningPlayer {
  std::string holder;
  int rank = 1;
  int lost_games = 0;
};

struct Evening {
  std::vector<EveningPlayer> players;
};

// One line of a statement: an evening, or the season pot (evening -1: no fees, the season
// table's rank and the pot's prize).
struct MoneyLine {
  int evening = -1;  // index into the evenings given; -1 for the season pot
  int player = -1;   // index into the evening's players; -1 for the season pot
  int64_t entry_fee_cents = 0;
  int lost_games = 0;
  int64_t loss_fees_cents = 0;
  int rank = 0;
  int64_t prize_cents = 0;
};

struct Statement {
  std::string holder;
  std::vector<MoneyLine> lines;  // evenings in order, the season pot's line last
  int64_t balance_cents = 0;     // prizes minus fees
};

struct EveningMoney {
  int64_t in_cents = 0;        // entry fees plus loss fees
  int64_t to_pot_cents = 0;    // pot_permille of in, rounded down, plus rounding
  int64_t prizes_cents = 0;    // paid to the evening's ranks
  int64_t rounding_cents = 0;  // what rounding and an incomplete split left (within to_pot)
};

struct SeasonMoney {
  std::vector<EveningMoney> evenings;  // as given
  // One per holder, in the order holders first appear (evenings in order, players as given;
  // then the season pot's ranks).
  std::vector<Statement> statements;
  int64_t pot_cents = 0;       // the evenings' to_pot summed
  int64_t pot_paid_cents = 0;  // to the season table's ranks
  int64_t pot_left_cents = 0;  // what rounding and an incomplete split left: kept
};

// The loss fees of `lost` games lost as declarer in one evening: loss_fee_cents for each of the
// first loss_fee_games, loss_fee_after_cents for each one after.
int64_t LossFees(const MoneyRules& rules, int lost);

// Splits `amount` cents over a field's placings (docs/seasons.md "Money"): place p's prize is
// split[p-1] per mille of amount (empty split: the top half, ⌊field / 2⌋ places weighted k, k−1,
// …, 1), each rounded down to the cent; placings of equal rank r shared by k pool the prizes of
// places r … r+k−1 and each receive the pool divided by k, rounded down. Returns each placing's
// prize in the order given; their sum is at most amount. The field is the placings given.
std::vector<int64_t> SplitPrizes(int64_t amount, const std::vector<int>& split,
                                 const std::vector<Placing>& placings);

// The season's money: each evening's in, to pot, prizes and rounding; the season pot paid over
// `pot_ranks` (the season table's ranked persons; unranked ones are not passed); each holder's
// statement. In cents, exactly: for each evening in = to_pot + prizes, and the balances plus
// pot_left add up to zero.
// Errors (kInvalidArgument, naming the value and docs/seasons.md "Money"): a negative or
// over-large fee, a per mille outside 0..1000, a split whose shares add up to more than 1000, a
// rank below 1, lost games outside 0..kMaxLostGames, a field over kMaxField, more than
// kMaxEvenings evenings.
Result<SeasonMoney> ComputeMoney(const MoneyRules& rules, const std::vector<Evening>& evenings,
                                 const std::vector<Placing>& pot_ranks);

}  // namespace skat::season

#endif  // SKAT_ENGINE_SEASON_MONEY_H_
