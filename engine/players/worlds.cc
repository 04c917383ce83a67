#include "engine/players/worlds.h"

#include <algorithm>

#include "engine/players/bot_internal.h"
#include "engine/value.h"

namespace skat {
namespace {

// Evidence is dropped after this many worlds that meet the hard constraints but not it.
constexpr int kEvidenceTries = 12;
// Hard constraints that fail to place every card are retried from scratch this often.
constexpr int kPlacementTries = 32;
// The declarer's game is "one a player would declare" when the heuristic's chance of winning it
// with his cards is at least this.
constexpr double kPlausibleChance = 0.1;

}  // namespace

std::optional<WorldSampler> WorldSampler::Make(const Profile& profile, const SeatView& view,
                                               std::span<const Card> played) {
  if (view.phase != Phase::kPlaying || !view.seat) return std::nullopt;
  WorldSampler s;
  s.profile_ = &profile;
  s.view_ = view;
  s.trick_type_ = view.declaration && !view.ramsch ? view.declaration->type : GameType::kGrand;
  s.played_.assign(played.begin(), played.end());
  const TrickRules rules(s.trick_type_);

  // Who played each card: forehand leads the first trick, the winner each later one (T3).
  CardSet seen;
  std::array<CardSet, 3> played_by{};
  std::array<int, 3> won{};
  Direction leader = Direction::kForehand;
  const size_t n = played.size();
  for (size_t start = 0; start < n; start += 3) {
    std::array<Card, 3> trick{};
    const size_t size = std::min<size_t>(3, n - start);
    for (size_t i = 0; i < size; ++i) {
      const Card c = played[start + i];
      if (seen.contains(c)) return std::nullopt;
      seen.add(c);
      trick[i] = c;
      const Direction by = static_cast<Direction>((Index(leader) + i) % 3);
      played_by[Index(by)].add(c);
      // A card that does not follow shows a void in the class led (RULES T2).
      if (i > 0 && !rules.FollowSet(trick[0]).contains(c)) {
        s.excluded_[Index(by)].add(rules.FollowSet(trick[0]));
      }
    }
    if (size < 3) {
      const TrickView& t = view.current_trick;
      if (t.leader != leader || t.size != static_cast<int>(size)) return std::nullopt;
      for (size_t i = 0; i < size; ++i) {
        if (t.cards[i] != trick[i]) return std::nullopt;
      }
      break;
    }
    leader = static_cast<Direction>((Index(leader) + rules.Winner(trick)) % 3);
    ++won[Index(leader)];
  }
  if (n % 3 == 0 && view.current_trick.size != 0) return std::nullopt;
  if (won != view.tricks_won) return std::nullopt;

  const Direction me = *view.seat;
  if (view.hand.intersects(seen)) return std::nullopt;
  for (Direction d : kDirections) {
    CardSet known = played_by[Index(d)] | (view.exposed[Index(d)] - seen);
    if (d == me) known.add(view.hand);
    if (d != me && view.declarer && d != *view.declarer) known.add(view.partner_hand);
    s.known_.hands[Index(d)] = known;
    s.room_[Index(d)] = 10 - known.size();
    if (s.room_[Index(d)] < 0 || (d == me && s.room_[Index(d)] != 0)) return std::nullopt;
  }
  s.known_.skat = view.own_discards;
  s.room_[kSkatSlot] = 2 - view.own_discards.size();
  CardSet all_known = s.known_.skat;
  for (const CardSet h : s.known_.hands) {
    if (all_known.intersects(h)) return std::nullopt;
    all_known.add(h);
  }
  s.unseen_ = CardSet::All() - all_known;
  int room = 0;
  for (int r : s.room_) room += r;
  if (room != s.unseen_.size()) return std::nullopt;
  // The turned skat card went to the declarer (Tournée, passt mir nicht): it is in his hand or
  // among his discards, never the other defender's.
  if (view.turned_card && view.declarer && s.unseen_.contains(*view.turned_card)) {
    for (Direction d : kDirections) {
      if (d != *view.declarer) s.excluded_[Index(d)].add(*view.turned_card);
    }
  }
  return s;
}

std::optional<World> WorldSampler::DrawPlain(Rng& rng) const {
  std::vector<Card> cards;
  for (Card c : unseen_) cards.push_back(c);
  auto options = [&](Card c) {
    int k = 0;
    for (int p = 0; p < 4; ++p) k += room_[p] > 0 && !excluded_[p].contains(c);
    return k;
  };
  for (int attempt = 0; attempt < kPlacementTries; ++attempt) {
    for (size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng.Below(i)]);
    std::stable_sort(cards.begin(), cards.end(),
                     [&](Card a, Card b) { return options(a) < options(b); });
    World w = known_;
    std::array<int, 4> room = room_;
    bool placed = true;
    for (Card c : cards) {
      int total = 0;
      for (int p = 0; p < 4; ++p) total += excluded_[p].contains(c) ? 0 : room[p];
      if (total == 0) {
        placed = false;
        break;
      }
      int pick = static_cast<int>(rng.Below(static_cast<uint64_t>(total)));
      int p = 0;
      for (;; ++p) {
        const int r = excluded_[p].contains(c) ? 0 : room[p];
        if (pick < r) break;
        pick -= r;
      }
      --room[p];
      (p == kSkatSlot ? w.skat : w.hands[p]).add(c);
    }
    if (placed) return w;
  }
  return std::nullopt;
}

bool WorldSampler::Plausible(const World& w) const {
  if (!view_.declarer || !view_.declaration || view_.ramsch || *view_.declarer == *view_.seat) {
    return true;
  }
  const Declaration& d = *view_.declaration;
  const Direction declarer = *view_.declarer;
  const CardSet hand = w.hands[Index(declarer)];
  if (!profile_->FixedValue(d)) {
    // RULES B1, N2: he bid no more than his game is worth (schneider allowed for).
    const Matadors m = CountMatadors(hand | w.skat, d.type);
    if (ValueGameUnchecked(*profile_, d, m, 0, {90, 8}).value < view_.floor) return false;
  }
  return bot::DeclarationChance(d, hand, w.skat, declarer == Direction::kForehand) >=
         kPlausibleChance;
}

std::optional<World> WorldSampler::Draw(Rng& rng) const {
  std::optional<World> first;
  for (int i = 0; i < kEvidenceTries; ++i) {
    std::optional<World> w = DrawPlain(rng);
    if (!w) return std::nullopt;
    if (Plausible(*w)) return w;
    if (!first) first = w;
  }
  return first;
}

Position WorldSampler::PositionIn(const World& w) const {
  Position p(w.hands, trick_type_);
  for (Card c : played_) p.Play(c);
  return p;
}

}  // namespace skat
