// The heuristic bot's hand valuation: how strong a hand is for each game class, the chance of
// winning it, what winning and losing it would enter on the pad at a given bid, and from that
// the bid, the skat handling, the turned jack's game, the discards and the declaration.
//
// Strength is measured in rough trick equivalents (TrumpStrength) or as Null danger; a logistic
// curve per class turns it into a chance of winning. The curves were fitted (maximum likelihood)
// to 20,000 random boards on which forehand was made to declare each class (hand suit game and
// Grand, Tournée, Guckser, hand Null, laws-1900 Gucki Null) and three bots played it out; re-fit
// them when the card play changes much. A game's worth at a bid is
// chance * won pad + (1 - chance) * lost pad, with the pads from the engine's own valuation
// (ValueGameUnchecked), so the overbid charge, passt mir nicht's double loss and every profile's
// units count exactly as the rules count them.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/players/bot_internal.h"
#include "engine/position.h"
#include "engine/value.h"

namespace skat::bot {
namespace {

constexpr double kNever = -std::numeric_limits<double>::infinity();
constexpr int kGrandIndex = static_cast<int>(GameType::kGrand);

// Logistic fits: chance = 1 / (1 + exp(-(strength - center) / width)). Null uses -danger.
enum class Fit : uint8_t { kSuitHand, kSuitSkat, kGrandHand, kGrandSkat, kNullHand, kNullSkat };
struct Logistic {
  double center;
  double width;
};
constexpr Logistic kFits[] = {
    {8.25, 0.8},   // suit hand game: TrumpStrength of the 10 cards
    {9.05, 0.85},  // suit game with the skat: SkatStrength after the discard
    {7.9, 1.2},    // Grand hand game
    {8.7, 1.15},   // Grand with the skat
    {-4.6, 2.05},  // Null hand game: -NullDanger
    {-3.9, 2.0},   // Null with the skat, after the discard
};
// What taking up the skat and discarding adds to TrumpStrength(hand + skat) on average (voids
// made, points put away): suit games, Grand.
constexpr double kSkatGain[2] = {0.94, 0.71};
double SkatGain(GameType t) { return kSkatGain[t == GameType::kGrand ? 1 : 0]; }
// Card points put away per unit of strength.
constexpr double kPointsPerUnit = 12.0;
// The danger two unknown skat cards add to the best eight of the ten known cards, before the
// Null declarer discards his two worst: measured about none (choosing 10 of 12 makes up for it).
constexpr double kNullSkatDanger = 0.0;
// Certain games (Grand Ouvert, Null Ouvert on a safe hand) are still played by people.
constexpr double kSureChance = 0.97;
// The bot bids only where its best game is worth this much more than passing.
constexpr double kBidMargin = 0.5;

// `shift`: the calibration (engine/players/bot_internal.h), by class: Null's or the trump games'.
double Chance(Fit fit, double strength, Calibration shift) {
  const Logistic& f = kFits[static_cast<int>(fit)];
  const bool null = fit == Fit::kNullHand || fit == Fit::kNullSkat;
  const double bonus = null ? shift.null : shift.trump;
  return 1.0 / (1.0 + std::exp(-(strength + bonus - f.center) / f.width));
}

Fit TrumpFit(GameType t, bool skat) {
  if (t == GameType::kGrand) return skat ? Fit::kGrandSkat : Fit::kGrandHand;
  return skat ? Fit::kSuitSkat : Fit::kSuitHand;
}

bool Has(CardSet cards, Suit s, Rank r) { return cards.contains(Card(s, r)); }

// Grand Ouvert that cannot be lost: the three top jacks (all four unless forehand leads) and
// every other suit solid from the ace down (RULES C2: A 10 K Q 9 8 7).
bool SureGrandOuvert(CardSet cards, bool forehand) {
  const CardSet jacks = cards & CardSet::Jacks();
  if (!Has(jacks, Suit::kClubs, Rank::kJack) || !Has(jacks, Suit::kSpades, Rank::kJack) ||
      !Has(jacks, Suit::kHearts, Rank::kJack) || (jacks.size() < 4 && !forehand)) {
    return false;
  }
  constexpr Rank kOrder[] = {Rank::kAce,  Rank::kTen,   Rank::kKing, Rank::kQueen,
                             Rank::kNine, Rank::kEight, Rank::kSeven};
  for (int s = 0; s < kSuitCount; ++s) {
    const CardSet held = cards & (CardSet::OfSuit(static_cast<Suit>(s)) - CardSet::Jacks());
    int prefix = 0;
    while (prefix < 7 && held.contains(Card(static_cast<Suit>(s), kOrder[prefix]))) ++prefix;
    if (prefix != held.size()) return false;
  }
  return true;
}

// The lowest Null danger left after putting two of the cards away.
int NullDangerWithout2(CardSet cards) {
  int best = NullDanger(cards);
  for (Card a : cards) {
    for (Card b : cards) {
      if (a < b) best = std::min(best, NullDanger(cards - a - b));
    }
  }
  return best;
}

// What a game would enter on the declarer's pad, won at level 1 (Grand Ouvert schwarz, Null
// without a trick) and lost at level 1, at this floor (RULES N2-N9).
struct Stakes {
  double won = 0;
  double lost = 0;
  bool ok = false;  // the profile has the game and the bot may declare it at this floor
};

Stakes StakesOf(const Profile& profile, const Declaration& d, CardSet cards, int floor) {
  Stakes s;
  if (!profile.Allows(d) || d.announced != Announcement::kNone) return s;
  if (profile.FixedValue(d)) {
    // RULES G7: a fixed value below the floor cannot be declared. Uno and Duo are not played.
    if (profile.Unit(d) < floor || profile.TargetTricks(d) > 0) return s;
    const Matadors none;
    s.won = ValueGameUnchecked(profile, d, none, floor, {0, 0, GameEnd::kPlayedOut}).pad;
    s.lost = ValueGameUnchecked(profile, d, none, floor, {10, 1, GameEnd::kPlayedOut}).pad;
  } else {
    const Matadors m = CountMatadors(cards, d.type);
    const bool schwarz = d.ouvert && profile.ouvert_announces_schwarz;
    const PlayOutcome won = schwarz ? PlayOutcome{120, 10} : PlayOutcome{75, 6};
    s.won = ValueGameUnchecked(profile, d, m, floor, won).pad;
    s.lost = ValueGameUnchecked(profile, d, m, floor, {45, 4}).pad;
  }
  // The tournament scoring's bonus (Seeger-Fabian under isko) is won or lost with the game.
  s.won += profile.tournament_bonus;
  s.lost -= profile.tournament_bonus;
  s.ok = true;
  return s;
}

double Worth(const Stakes& s, double chance) {
  return s.ok ? chance * s.won + (1 - chance) * s.lost : kNever;
}

// What the bidder knows: his ten cards; the skat is two of the unseen cards. Strengths of the
// hand and what each unseen card would add, per trump game (index = GameType, Grand 4).
class Outlook {
 public:
  Outlook(const Profile& profile, CardSet hand, CardSet unseen, bool forehand, int floor,
          Calibration shift)
      : profile_(profile),
        hand_(hand),
        unseen_(unseen),
        forehand_(forehand),
        floor_(floor),
        shift_(shift) {
    for (int t = 0; t <= kGrandIndex; ++t) {
      const GameType type = static_cast<GameType>(t);
      base_[t] = TrumpStrength(hand, type, forehand);
      double sum = 0;
      for (Card u : unseen) {
        gain_[t][u.index()] = TrumpStrength(hand | u, type, forehand) - base_[t];
        sum += gain_[t][u.index()];
      }
      mean_gain_[t] = unseen.empty() ? 0 : sum / unseen.size();
    }
    null_danger_ = NullDanger(hand);
    // With the skat: two unknown cards come in, the two worst go out.
    null_skat_danger_ = NullDangerWithout2(hand) + kNullSkatDanger;
  }

  // A game declared without touching the skat (hand games, Revolution) or laws-1900's Gucki
  // Null, announced before the skat is taken.
  double DeclarationWorth(const Declaration& d) const {
    const Stakes s = StakesOf(profile_, d, hand_, floor_);
    if (!s.ok) return kNever;
    if (d.type == GameType::kNull) {
      if (d.ouvert) return null_danger_ == 0 ? Worth(s, kSureChance) : kNever;
      if (d.handling == SkatHandling::kGuckser) {
        return Worth(s, Chance(Fit::kNullSkat, -null_skat_danger_, shift_));
      }
      return Worth(s, Chance(Fit::kNullHand, -null_danger_, shift_));
    }
    if (d.handling != SkatHandling::kHand) return kNever;
    if (d.ouvert) return SureGrandOuvert(hand_, forehand_) ? Worth(s, kSureChance) : kNever;
    return Worth(s, Chance(TrumpFit(d.type, false), base_[static_cast<int>(d.type)], shift_));
  }

  // The best game declared without touching the skat.
  double BestHandGame() const {
    double best = kNever;
    for (SkatHandling h : {SkatHandling::kHand, SkatHandling::kRevolution}) {
      for (int t = 0; t < kGameTypeCount; ++t) {
        for (bool ouvert : {false, true}) {
          best = std::max(best, DeclarationWorth({h, static_cast<GameType>(t), ouvert}));
        }
      }
    }
    for (bool ouvert : {false, true}) {
      best = std::max(best, DeclarationWorth({SkatHandling::kGuckser, GameType::kNull, ouvert}));
    }
    return best;
  }

  // Tournée accepting skat card 1 (c1 known, card 2 not): its suit, or Grand if it is a jack.
  double AcceptWorth(Card c1) const {
    double best = kNever;
    for (GameType t : TurnedGames(c1, SkatHandling::kTournee)) {
      const int i = static_cast<int>(t);
      const double strength = base_[i] + gain_[i][c1.index()] + mean_gain_[i] + SkatGain(t);
      best =
          std::max(best, Worth(StakesOf(profile_, {SkatHandling::kTournee, t}, hand_ | c1, floor_),
                               Chance(TrumpFit(t, true), strength, shift_)));
    }
    return best;
  }

  // Passt mir nicht on skat card 1: card 2 is one of the other unseen cards.
  double PasstMirNichtWorth(Card c1) const {
    if (!profile_.AllowsHandling(SkatHandling::kPasstMirNicht)) return kNever;
    double sum = 0;
    int n = 0;
    for (Card c2 : unseen_ - c1) {
      sum += TurnedWorth(c1, c2, SkatHandling::kPasstMirNicht);
      ++n;
    }
    return n ? sum / n : kNever;
  }

  // The best game once the turned card is known and both skat cards are (c1 then c2).
  double TurnedWorth(Card c1, Card c2, SkatHandling h) const {
    double best = kNever;
    for (GameType t : TurnedGames(c2, h)) {
      const int i = static_cast<int>(t);
      const double strength = base_[i] + gain_[i][c1.index()] + gain_[i][c2.index()] + SkatGain(t);
      best = std::max(best, Worth(StakesOf(profile_, {h, t}, hand_ | c1 | c2, floor_),
                                  Chance(TrumpFit(t, true), strength, shift_)));
    }
    return best;
  }

  // Tournée before looking: skat card 1 is any unseen card; accept or passt mir nicht.
  double TourneeWorth() const {
    if (!profile_.AllowsHandling(SkatHandling::kTournee) || unseen_.empty()) return kNever;
    double sum = 0;
    for (Card c1 : unseen_) sum += std::max(AcceptWorth(c1), PasstMirNichtWorth(c1));
    return sum / unseen_.size();
  }

  // Guckser: Grand with both skat cards taken unseen by the others (RULES G3).
  double GuckserWorth() const {
    const Declaration d{SkatHandling::kGuckser, GameType::kGrand};
    const double strength =
        base_[kGrandIndex] + 2 * mean_gain_[kGrandIndex] + SkatGain(GameType::kGrand);
    return Worth(StakesOf(profile_, d, hand_, floor_), Chance(Fit::kGrandSkat, strength, shift_));
  }

  // Taking the skat up and then declaring (pickup profiles, eichhorn-1898's Frage).
  double PickupWorth() const {
    const SkatHandling h = profile_.AllowsHandling(SkatHandling::kPickup) ? SkatHandling::kPickup
                                                                          : SkatHandling::kFrage;
    if (!profile_.AllowsHandling(h)) return kNever;
    double best = kNever;
    for (int t = 0; t <= kGrandIndex; ++t) {
      const GameType type = static_cast<GameType>(t);
      const double strength = base_[t] + 2 * mean_gain_[t] + SkatGain(type);
      best = std::max(best, Worth(StakesOf(profile_, {h, type}, hand_, floor_),
                                  Chance(TrumpFit(type, true), strength, shift_)));
    }
    const double null_chance = Chance(Fit::kNullSkat, -null_skat_danger_, shift_);
    return std::max(best,
                    Worth(StakesOf(profile_, {h, GameType::kNull}, hand_, floor_), null_chance));
  }

  double MeanGain(int type_index) const { return mean_gain_[type_index]; }

  double BestGame() const {
    return std::max({BestHandGame(), TourneeWorth(), GuckserWorth(), PickupWorth()});
  }

 private:
  // The games a turned card allows: its suit, or Grand if it is a jack (RULES G1, G2).
  std::vector<GameType> TurnedGames(Card turned, SkatHandling h) const {
    std::vector<GameType> out;
    const GameType suit = SuitGame(turned.suit());
    if (profile_.Allows({h, suit})) out.push_back(suit);
    if (turned.is_jack() && profile_.Allows({h, GameType::kGrand})) {
      out.push_back(GameType::kGrand);
    }
    return out;
  }

  const Profile& profile_;
  CardSet hand_;
  CardSet unseen_;
  bool forehand_;
  int floor_;
  Calibration shift_;
  std::array<double, 5> base_{};
  std::array<std::array<double, kCardCount>, 5> gain_{};
  std::array<double, 5> mean_gain_{};
  int null_danger_ = 0;
  double null_skat_danger_ = 0;
};

// The declarer's strength once his twelve cards are known: the ten he keeps and the points he
// put away (RULES N4: the discards count for him).
double SkatStrength(CardSet kept, CardSet put_away, GameType t, bool forehand) {
  return TrumpStrength(kept, t, forehand) + put_away.points() / kPointsPerUnit;
}

// The worth of a declaration made after the discard (pickup, Frage) or of a fixed game played
// with the kept cards, at this floor.
double KeptWorth(const Profile& profile, const Declaration& d, CardSet kept, CardSet put_away,
                 bool forehand, int floor, Calibration shift) {
  const Stakes s = StakesOf(profile, d, kept | put_away, floor);
  if (!s.ok) return kNever;
  if (d.type == GameType::kNull) {
    const int danger = NullDanger(kept);
    if (d.ouvert) return danger == 0 ? Worth(s, kSureChance) : kNever;
    return Worth(s, Chance(Fit::kNullSkat, -danger, shift));
  }
  if (d.ouvert) return SureGrandOuvert(kept, forehand) ? Worth(s, kSureChance) : kNever;
  return Worth(
      s, Chance(TrumpFit(d.type, true), SkatStrength(kept, put_away, d.type, forehand), shift));
}

// The best declaration the handling allows for the kept cards.
double BestKeptWorth(const Profile& profile, SkatHandling h, CardSet kept, CardSet put_away,
                     bool forehand, int floor, Calibration shift) {
  double best = kNever;
  for (int t = 0; t < kGameTypeCount; ++t) {
    for (bool ouvert : {false, true}) {
      best = std::max(best, KeptWorth(profile, {h, static_cast<GameType>(t), ouvert}, kept,
                                      put_away, forehand, floor, shift));
    }
  }
  return best;
}

// RULES N10: what passing into a Ramsch is likely to cost (the charge times the chance of having
// the most card points; jacks, aces and tens take tricks).
double RamschWorth(const Profile& profile, CardSet hand) {
  if (!profile.ramsch) return 0;
  const int jacks = (hand & CardSet::Jacks()).size();
  const int aces = (hand & CardSet::OfRank(Rank::kAce)).size();
  const int tens = (hand & CardSet::OfRank(Rank::kTen)).size();
  const double x = -1.4 + 0.55 * jacks + 0.35 * aces + 0.25 * tens;
  return -profile.ramsch_charge[0] / (1.0 + std::exp(-x));
}

SkatHandling TakeSkatHandling(const Profile& profile) {
  return profile.AllowsHandling(SkatHandling::kPickup) ? SkatHandling::kPickup
                                                       : SkatHandling::kFrage;
}

}  // namespace

double TrumpStrength(CardSet cards, GameType type, bool forehand) {
  // Jacks ♦ ♥ ♠ ♣ (Card suit order); the trump suit's A 10 K Q, then 9 8 7.
  constexpr double kJack[kSuitCount] = {1.25, 1.35, 1.5, 1.7};
  constexpr double kGrandJack[kSuitCount] = {1.45, 1.55, 1.8, 2.0};
  const bool grand = type == GameType::kGrand;
  double s = 0;
  const CardSet jacks = cards & CardSet::Jacks();
  for (Card j : jacks) s += (grand ? kGrandJack : kJack)[static_cast<int>(j.suit())];
  int trumps = jacks.size();
  if (!grand) {
    const Suit ts = TrumpSuit(type);
    const CardSet held = cards & (CardSet::OfSuit(ts) - CardSet::Jacks());
    trumps += held.size();
    s += 0.9 * held.size() + 0.35 * Has(held, ts, Rank::kAce) + 0.2 * Has(held, ts, Rank::kTen) +
         0.1 * Has(held, ts, Rank::kKing) + 0.05 * Has(held, ts, Rank::kQueen);
  }
  const double ruff = 0.1 * std::min(trumps, 6);
  for (int si = 0; si < kSuitCount; ++si) {
    const Suit su = static_cast<Suit>(si);
    if (!grand && su == TrumpSuit(type)) continue;
    const CardSet held = cards & (CardSet::OfSuit(su) - CardSet::Jacks());
    const int n = held.size();
    const bool a = Has(held, su, Rank::kAce);
    const bool t = Has(held, su, Rank::kTen);
    const bool k = Has(held, su, Rank::kKing);
    if (grand) {
      s += a ? 1.3 : 0;
      s += t ? (a ? 1.1 : (n >= 2 ? 0.45 : 0.05)) : 0;
      s += k ? (a && t ? 0.6 : 0) : 0;
      s += Has(held, su, Rank::kQueen) && a && t && k ? 0.45 : 0;
      if (a && t && n >= 4) s += 0.5 * (n - 3);
      if (n == 0) s += 0.15;
    } else {
      s += a ? 1.1 : 0;
      s += t ? (a ? 0.85 : (n >= 2 ? 0.35 : 0.05)) : 0;
      s += k && a && t ? 0.4 : 0;
      if (n == 0) s += ruff;
      if (n == 1 && !a) s += ruff / 2;
    }
  }
  if (grand && forehand) s += 0.4;
  return s;
}

int NullDanger(CardSet cards) {
  // Card index order within a suit is 7 8 9 10 J Q K A, the Null order (RULES C2). The i-th
  // lowest card of a suit is safe at 7, 9, J, K (rank 2i) or lower.
  int danger = 0;
  for (int s = 0; s < kSuitCount; ++s) {
    int i = 0;
    for (Card c : cards& CardSet::OfSuit(static_cast<Suit>(s))) {
      danger += std::max(0, static_cast<int>(c.rank()) - 2 * i);
      ++i;
    }
  }
  return danger;
}

Act ChooseBid(const Profile& profile, const SeatView& view, std::span<const Act> legal,
              uint64_t hash, Calibration shift) {
  const Direction seat = *view.seat;
  const Act* hold = nullptr;
  const Act* bid = nullptr;
  const Act* pass = nullptr;
  for (const Act& a : legal) {
    if (a.type == ActType::kHold) hold = &a;
    if (a.type == ActType::kBid && (bid == nullptr || a.bid < bid->bid)) bid = &a;
    if (a.type == ActType::kPass) pass = &a;
  }
  const Act* yes = hold ? hold : bid;
  if (yes == nullptr) return pass ? *pass : legal[hash % legal.size()];
  if (pass == nullptr) return *yes;
  const int needed = hold ? view.floor : bid->bid;
  const Outlook outlook(profile, view.hand, ~view.hand, seat == Direction::kForehand, needed,
                        shift);
  // Forehand alone after two passes: passing means Ramsch (RULES B3).
  const bool ramsch_next = seat == Direction::kForehand && view.bidding.size() == 2 &&
                           std::none_of(view.bidding.begin(), view.bidding.end(),
                                        [](const Act& a) { return a.type == ActType::kBid; });
  const double pass_worth = ramsch_next ? RamschWorth(profile, view.hand) : 0;
  return outlook.BestGame() > pass_worth + kBidMargin ? *yes : *pass;
}

Act ChooseGameAct(const Profile& profile, const SeatView& view, std::span<const Act> legal,
                  uint64_t hash, Calibration shift) {
  const bool forehand = view.seat == Direction::kForehand;
  const int floor = view.floor;
  CardSet unseen = ~view.hand;
  if (view.looked_card) unseen.remove(*view.looked_card);
  if (view.turned_card) unseen.remove(*view.turned_card);
  const Outlook outlook(profile, view.hand, unseen, forehand, floor, shift);
  auto best = [&](auto worth) {
    return legal[BestOf(legal.size(), hash, [&](size_t i) { return worth(legal[i]); })];
  };
  switch (view.phase) {
    case Phase::kSkatDecision:
      return best([&](const Act& a) {
        switch (a.type) {
          case ActType::kTurnSkatCard: return outlook.TourneeWorth();
          case ActType::kGuckser: return outlook.GuckserWorth();
          case ActType::kTakeSkat: return outlook.PickupWorth();
          case ActType::kDeclare: return outlook.DeclarationWorth(a.declaration);
          default: return kNever;
        }
      });
    case Phase::kTourneeCard: {
      const Card c1 = *view.looked_card;
      return best([&](const Act& a) {
        return a.type == ActType::kAccept ? outlook.AcceptWorth(c1)
                                          : outlook.PasstMirNichtWorth(c1);
      });
    }
    case Phase::kTrumpChoice: {
      // The turned card is a jack: skat card 1 accepted (card 2 unknown), or card 2 after
      // passt mir nicht (both known).
      const Card c1 = *view.looked_card;
      const Card turned = *view.turned_card;
      const bool accepted = c1 == turned;
      const SkatHandling h = accepted ? SkatHandling::kTournee : SkatHandling::kPasstMirNicht;
      return best([&](const Act& a) {
        const int i = static_cast<int>(a.trump);
        const CardSet known = accepted ? view.hand | c1 : view.hand | c1 | turned;
        const double strength = TrumpStrength(known, a.trump, forehand) +
                                (accepted ? outlook.MeanGain(i) : 0) + SkatGain(a.trump);
        return Worth(StakesOf(profile, {h, a.trump}, known, floor),
                     Chance(TrumpFit(a.trump, true), strength, shift));
      });
    }
    case Phase::kDiscarding:
      return best([&](const Act& a) {
        const CardSet put_away = CardSet(a.cards[0]) | a.cards[1];
        const CardSet kept = view.hand - put_away;
        if (!view.declaration) {
          return BestKeptWorth(profile, TakeSkatHandling(profile), kept, put_away, forehand, floor,
                               shift);
        }
        const Declaration& d = *view.declaration;
        if (d.type == GameType::kNull) {
          // Fewest dangers; among equals, away with the highest cards.
          return -NullDanger(kept) + (a.cards[0].index() % 8 + a.cards[1].index() % 8) / 100.0;
        }
        return SkatStrength(kept, put_away, d.type, forehand);
      });
    case Phase::kDeclaring:
      return best([&](const Act& a) {
        return KeptWorth(profile, a.declaration, view.hand, view.own_discards, forehand, floor,
                         shift);
      });
    default: return legal[hash % legal.size()];
  }
}

double DeclarationChance(const Declaration& d, CardSet hand, CardSet skat, bool forehand) {
  if (d.type == GameType::kNull) {
    const Fit fit = SkatUntouched(d.handling) ? Fit::kNullHand : Fit::kNullSkat;
    return Chance(fit, -NullDanger(hand), Calibration{});
  }
  if (SkatUntouched(d.handling)) {
    return Chance(TrumpFit(d.type, false), TrumpStrength(hand, d.type, forehand), Calibration{});
  }
  return Chance(TrumpFit(d.type, true), SkatStrength(hand, skat, d.type, forehand), Calibration{});
}

std::optional<Act> ChooseDouble(const Profile& /*profile*/, const SeatView& view,
                                std::span<const Act> legal) {
  for (const Act& a : legal) {
    if (a.type != ActType::kContra && a.type != ActType::kRecontra) continue;
    if (!view.declaration || view.declaration->type == GameType::kNull) return std::nullopt;
    const GameType t = view.declaration->type;
    const bool forehand = view.seat == Direction::kForehand;
    if (a.type == ActType::kContra) {
      // A defender doubles holding the declarer's trumps: four with a jack in a suit game, or
      // two jacks and two aces in Grand.
      const CardSet trumps = view.hand & TrickRules(t).trumps();
      const int jacks = (view.hand & CardSet::Jacks()).size();
      const int aces = (view.hand & CardSet::OfRank(Rank::kAce)).size();
      const bool strong =
          t == GameType::kGrand ? jacks >= 2 && aces >= 2 : trumps.size() >= 4 && jacks >= 1;
      if (strong) return a;
      continue;
    }
    // Re-contra: the declarer's own chance is high.
    const bool hand_game = SkatUntouched(view.declaration->handling);
    const double chance =
        hand_game ? Chance(TrumpFit(t, false), TrumpStrength(view.hand, t, forehand), Calibration{})
                  : Chance(TrumpFit(t, true),
                           SkatStrength(view.hand, view.own_discards, t, forehand), Calibration{});
    if (chance >= 0.85) return a;
  }
  return std::nullopt;
}

}  // namespace skat::bot
