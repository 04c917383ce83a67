#include "engine/season/money.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "engine/num.h"

namespace skat::season {
namespace {

const char kRule[] = " (docs/seasons.md \"Money\")";

// ⌊a × b / c⌋ for 0 ≤ a, 0 ≤ b ≤ c, 0 < c < 3·10^9, without overflow: a = q·c + r, so
// a·b/c = q·b + r·b/c with r·b < c².
int64_t MulDiv(int64_t a, int64_t b, int64_t c) { return (a / c) * b + (a % c) * b / c; }

// The prize of each place 1 … field (0 past the split).
std::vector<int64_t> PlacePrizes(int64_t amount, const std::vector<int>& split, int field) {
  std::vector<int64_t> places(static_cast<size_t>(field), 0);
  if (!split.empty()) {
    for (int p = 0; p < field && p < static_cast<int>(split.size()); ++p) {
      places[static_cast<size_t>(p)] = MulDiv(amount, split[static_cast<size_t>(p)], 1000);
    }
    return places;
  }
  const int64_t k = field / 2;  // the top half: weights k, k−1, …, 1
  const int64_t weights = k * (k + 1) / 2;
  for (int64_t p = 0; p < k; ++p) {
    places[static_cast<size_t>(p)] = MulDiv(amount, k - p, weights);
  }
  return places;
}

Status CheckFee(const char* name, int64_t cents) {
  if (cents >= 0 && cents <= kMaxFeeCents) return Status::Ok();
  return Status::InvalidArgument(std::string(name) + " " + std::to_string(cents) +
                                 " is not within 0 and " + std::to_string(kMaxFeeCents) + kRule);
}

Status CheckPermille(const char* name, int value) {
  if (value >= 0 && value <= 1000) return Status::Ok();
  return Status::InvalidArgument(std::string(name) + " " + Num(value) +
                                 " is not a per mille within 0 and 1000" + kRule);
}

Status CheckSplit(const char* name, const std::vector<int>& split) {
  int64_t sum = 0;
  for (int share : split) {
    if (Status s = CheckPermille(name, share); !s.ok()) return s;
    sum += share;
  }
  if (sum <= 1000) return Status::Ok();
  return Status::InvalidArgument(std::string(name) + " adds up to " + std::to_string(sum) +
                                 " per mille, more than 1000" + kRule);
}

Status CheckRules(const MoneyRules& r) {
  for (Status s : {CheckFee("entry_fee_cents", r.entry_fee_cents),
                   CheckFee("loss_fee_cents", r.loss_fee_cents),
                   CheckFee("loss_fee_after_cents", r.loss_fee_after_cents),
                   CheckPermille("pot_permille", r.pot_permille),
                   CheckSplit("prize_split_permille", r.prize_split_permille),
                   CheckSplit("pot_split_permille", r.pot_split_permille)}) {
    if (!s.ok()) return s;
  }
  if (r.loss_fee_games < 0) {
    return Status::InvalidArgument("loss_fee_games " + Num(r.loss_fee_games) + " is negative" +
                                   kRule);
  }
  return Status::Ok();
}

Status CheckField(const std::string& what, size_t size) {
  if (size <= static_cast<size_t>(kMaxField)) return Status::Ok();
  return Status::InvalidArgument(what + " has " + std::to_string(size) + " places, more than " +
                                 Num(kMaxField) + kRule);
}

Status CheckRank(const std::string& holder, int rank) {
  if (rank >= 1) return Status::Ok();
  return Status::InvalidArgument("rank " + Num(rank) + " of " + holder + " is below 1" + kRule);
}

Status CheckEvenings(const std::vector<Evening>& evenings) {
  if (evenings.size() > static_cast<size_t>(kMaxEvenings)) {
    return Status::InvalidArgument(std::to_string(evenings.size()) + " evenings, more than " +
                                   Num(kMaxEvenings) + kRule);
  }
  for (size_t e = 0; e < evenings.size(); ++e) {
    const std::string what = "evening " + std::to_string(e + 1);
    if (Status s = CheckField(what, evenings[e].players.size()); !s.ok()) return s;
    for (const EveningPlayer& p : evenings[e].players) {
      if (Status s = CheckRank(p.holder, p.rank); !s.ok()) return s;
      if (p.lost_games < 0 || p.lost_games > kMaxLostGames) {
        return Status::InvalidArgument("lost games " + Num(p.lost_games) + " of " + p.holder +
                                       " in " + what + " are not within 0 and " +
                                       Num(kMaxLostGames) + kRule);
      }
    }
  }
  return Status::Ok();
}

// The holders' statements, each created on first sight.
class Statements {
 public:
  Statement& Of(const std::string& holder) {
    auto [it, added] = index_.emplace(holder, statements_.size());
    if (added) statements_.push_back(Statement{.holder = holder, .lines = {}, .balance_cents = 0});
    return statements_[it->second];
  }
  std::vector<Statement> Take() && { return std::move(statements_); }

 private:
  std::map<std::string, size_t> index_;
  std::vector<Statement> statements_;
};

EveningMoney Settle(const MoneyRules& rules, const Evening& evening, int index, Statements& out) {
  EveningMoney money;
  std::vector<Placing> placings;
  std::vector<MoneyLine> lines;
  for (const EveningPlayer& p : evening.players) {
    MoneyLine line{.evening = index,
                   .player = static_cast<int>(lines.size()),
                   .entry_fee_cents = rules.entry_fee_cents,
                   .lost_games = p.lost_games,
                   .loss_fees_cents = LossFees(rules, p.lost_games),
                   .rank = p.rank,
                   .prize_cents = 0};
    money.in_cents += line.entry_fee_cents + line.loss_fees_cents;
    placings.push_back(Placing{.holder = p.holder, .rank = p.rank});
    lines.push_back(line);
  }
  const int64_t share = MulDiv(money.in_cents, rules.pot_permille, 1000);
  const std::vector<int64_t> prizes =
      SplitPrizes(money.in_cents - share, rules.prize_split_permille, placings);
  for (size_t i = 0; i < lines.size(); ++i) {
    lines[i].prize_cents = prizes[i];
    money.prizes_cents += prizes[i];
    out.Of(placings[i].holder).lines.push_back(lines[i]);
  }
  money.rounding_cents = money.in_cents - share - money.prizes_cents;
  money.to_pot_cents = share + money.rounding_cents;
  return money;
}

}  // namespace

int64_t LossFees(const MoneyRules& rules, int lost) {
  const int64_t first = std::min(lost, std::max(rules.loss_fee_games, 0));
  return first * rules.loss_fee_cents + (lost - first) * rules.loss_fee_after_cents;
}

std::vector<int64_t> SplitPrizes(int64_t amount, const std::vector<int>& split,
                                 const std::vector<Placing>& placings) {
  const int field = static_cast<int>(placings.size());
  const std::vector<int64_t> places = PlacePrizes(amount, split, field);
  std::map<int, int> sharing;  // rank -> placings holding it
  for (const Placing& p : placings) ++sharing[p.rank];
  std::vector<int64_t> out;
  out.reserve(placings.size());
  for (const Placing& p : placings) {
    const int k = sharing[p.rank];
    int64_t pool = 0;
    for (int place = p.rank; place < p.rank + k && place <= field; ++place) {
      pool += places[static_cast<size_t>(place - 1)];
    }
    out.push_back(pool / k);
  }
  return out;
}

Result<SeasonMoney> ComputeMoney(const MoneyRules& rules, const std::vector<Evening>& evenings,
                                 const std::vector<Placing>& pot_ranks) {
  if (Status s = CheckRules(rules); !s.ok()) return s;
  if (Status s = CheckEvenings(evenings); !s.ok()) return s;
  if (Status s = CheckField("the season table", pot_ranks.size()); !s.ok()) return s;
  for (const Placing& p : pot_ranks) {
    if (Status s = CheckRank(p.holder, p.rank); !s.ok()) return s;
  }
  SeasonMoney money;
  Statements statements;
  for (size_t e = 0; e < evenings.size(); ++e) {
    money.evenings.push_back(Settle(rules, evenings[e], static_cast<int>(e), statements));
    money.pot_cents += money.evenings.back().to_pot_cents;
  }
  const std::vector<int64_t> pot_prizes =
      SplitPrizes(money.pot_cents, rules.pot_split_permille, pot_ranks);
  for (size_t i = 0; i < pot_ranks.size(); ++i) {
    statements.Of(pot_ranks[i].holder)
        .lines.push_back(MoneyLine{.evening = -1,
                                   .player = -1,
                                   .entry_fee_cents = 0,
                                   .lost_games = 0,
                                   .loss_fees_cents = 0,
                                   .rank = pot_ranks[i].rank,
                                   .prize_cents = pot_prizes[i]});
    money.pot_paid_cents += pot_prizes[i];
  }
  money.pot_left_cents = money.pot_cents - money.pot_paid_cents;
  money.statements = std::move(statements).Take();
  for (Statement& s : money.statements) {
    for (const MoneyLine& line : s.lines) {
      s.balance_cents += line.prize_cents - line.entry_fee_cents - line.loss_fees_cents;
    }
  }
  return money;
}

}  // namespace skat::season
