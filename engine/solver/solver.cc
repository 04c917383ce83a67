#include "engine/solver/solver.h"

#include <algorithm>
#include <cassert>

#include "engine/solver/card_points.h"

namespace skat {
namespace {

// 0..3 suit games, 4 Grand, 5 Null, read off the trump structure.
int TrumpStructure(const TrickRules& rules) {
  const CardSet trumps = rules.trumps();
  if (trumps.empty()) return 5;
  const CardSet plain = trumps - CardSet::Jacks();
  if (plain.empty()) return 4;
  return static_cast<int>(plain.lowest().suit());
}

// Cards of the trick in progress.
CardSet TrickCards(const Position& p) {
  CardSet cards;
  for (int i = p.cards_played() - p.trick_size(); i < p.cards_played(); ++i) cards.add(p.played(i));
  return cards;
}

}  // namespace

Solver::Solver(int table_bits) : table_(table_bits) {}

void Solver::Begin(const Position& position, Direction declarer, Goal goal) {
  // The trumps identify the trick rules (TrickRules: Null has none, Grand and Ramsch the jacks,
  // a suit game the jacks and the suit): the tables built from them are kept while they and the
  // goal stay the same, as from one question of a par table to the next.
  const uint64_t prepared = uint64_t{position.rules().trumps().bits()} << 8 |
                            static_cast<uint64_t>(goal) | uint64_t{1} << 63;
  if (prepared != prepared_) {
    prepared_ = prepared;
    position_.Init(position.rules());
    order_.Init(position.rules(), goal == Goal::kDeclarerPoints, goal != Goal::kDefenderTricks);
    bounds_.Init(position.rules(), goal == Goal::kDeclarerPoints);
  }
  position_.Set(position);
  table_.NewSearch();
  declarer_ = declarer;
  goal_ = goal;
  nodes_ = 0;
  history_ = {};
  const int structure = TrumpStructure(position.rules());
  context_ = static_cast<uint16_t>((structure * 3 + static_cast<int>(goal)) * 3 + Index(declarer));
  remaining_points_ = (position.hand(Direction::kForehand) | position.hand(Direction::kMiddlehand) |
                       position.hand(Direction::kRearhand) | TrickCards(position))
                          .points();
}

int Solver::RemainingMax() const {
  if (goal_ != Goal::kDeclarerPoints) return 10 - position_.tricks_played();
  return remaining_points_;
}

bool Solver::Reaches(int target) {
  if (target <= 0) return true;
  if (target > RemainingMax()) return false;
  return Search(target - 1, target) >= target;
}

void Solver::RewardCutoff(int card) {
  // Cut-offs high in the tree count more (the history heuristic).
  history_[Index(position_.to_move())][card] += 1u << (10 - position_.tricks_played());
}

int Solver::LastTrick() const {
  const SearchState& p = position_;
  if (p.finished()) return 0;
  // Every hand holds at most one card: the cards still to come follow the order of play.
  std::array<Card, 3> trick;
  std::array<Direction, 3> seat;
  const int first = 27;
  for (int i = first; i < p.cards_played(); ++i) {
    trick[i - first] = p.played(i);
    seat[i - first] = p.player(i);
  }
  Direction d = p.to_move();
  for (int i = p.cards_played() - first; i < 3; ++i) {
    trick[i] = p.hand(d).lowest();
    seat[i] = d;
    d = Next(d);
  }
  return TrickValue(seat[p.Winner(trick[0], trick[1], trick[2])],
                    CardPoints(trick[0]) + CardPoints(trick[1]) + CardPoints(trick[2]));
}

int Solver::TrickValue(Direction winner, int points) const {
  const bool declarer_won = winner == declarer_;
  if (goal_ == Goal::kDeclarerPoints) return declarer_won ? points : 0;
  return declarer_won == (goal_ == Goal::kDeclarerTricks) ? 1 : 0;
}

int Solver::LastTwoTricks() const {
  const SearchState& p = position_;
  const std::array<Direction, 3> seat = {p.to_move(), Next(p.to_move()), Next(Next(p.to_move()))};
  const std::array<CardSet, 3> hand = {p.hand(seat[0]), p.hand(seat[1]), p.hand(seat[2])};
  auto legal = [&](int s, Card led) {
    const CardSet follow = hand[s] & p.FollowSet(led);
    return follow.empty() ? hand[s] : follow;
  };
  // One line: the first trick a b c, then the last cards, led by the first trick's winner.
  auto line = [&](Card a, Card b, Card c) {
    const int w = p.Winner(a, b, c);
    const std::array<Card, 3> last = {(hand[0] - a).lowest(), (hand[1] - b).lowest(),
                                      (hand[2] - c).lowest()};
    const int w2 = (w + p.Winner(last[w], last[(w + 1) % 3], last[(w + 2) % 3])) % 3;
    return TrickValue(seat[w], CardPoints(a) + CardPoints(b) + CardPoints(c)) +
           TrickValue(seat[w2], CardPoints(last[0]) + CardPoints(last[1]) + CardPoints(last[2]));
  };
  auto better = [&](int s, int x, int y) {
    return seat[s] == declarer_ ? std::max(x, y) : std::min(x, y);
  };
  auto worst = [&](int s) { return seat[s] == declarer_ ? -1 : 1000; };
  int v0 = worst(0);
  for (const Card a : hand[0]) {
    int v1 = worst(1);
    for (const Card b : legal(1, a)) {
      int v2 = worst(2);
      for (const Card c : legal(2, a)) v2 = better(2, v2, line(a, b, c));
      v1 = better(1, v1, v2);
    }
    v0 = better(0, v0, v1);
  }
  return v0;
}

inline void Solver::ApplyTable(Node& node, CardSet declarer_sure, CardSet defenders_sure) {
  uint32_t sure = 0;  // the sure sets as places, once an entry needs them
  uint32_t lost = 0;
  bool placed_sure = false;
  std::array<const TranspositionTable::Entry*, TranspositionTable::kBucketSize> found;
  const int n = table_.Probe(node.shape, node.tag, found);
  for (int k = 0; k < n; ++k) {
    const TranspositionTable::Entry& e = *found[k];
    // The best card is kept as its place among the live cards, the same in every position
    // of the shape.
    if (e.best != TranspositionTable::kNoCard && node.hint == TranspositionTable::kNoCard) {
      node.hint = order_.CardAt(e.best, node.live).index();
    }
    // Quasi-symmetry: a position of the same shape differs in card points only (in tricks
    // not at all).
    // An entry whose own bounds are no tighter cannot help once shifted.
    if (e.lower <= node.lower && e.upper >= node.upper) continue;
    MoveOrder::Shift s{0, 0};
    if (goal_ == Goal::kDeclarerPoints && e.live != node.live) {
      if (!placed_sure) {
        sure = order_.Places(declarer_sure);
        lost = order_.Places(defenders_sure);
        placed_sure = true;
      }
      s = order_.PointShift(e.live, node.live, sure, lost);
    }
    node.lower = std::max(node.lower, e.lower - s.down);
    node.upper = std::min(node.upper, e.upper + s.up);
  }
}

inline int Solver::BoundBoundary(Node& node) {
  const SearchState& p = position_;
  node.live = p.placed_live();
  node.shape = order_.Shape(p.placed_hand(Direction::kForehand),
                            p.placed_hand(Direction::kMiddlehand), node.live);
  node.tag = static_cast<uint16_t>(context_ << 2 | Index(p.to_move()));
  // The table's bucket loads while the masters are computed.
  table_.Prefetch(node.shape, node.tag);
  // Sure tricks bound the value from both sides (not in Null: nobody wants tricks there):
  // master trumps first, as the table's point shifts use them.
  CardSet declarer_sure;
  CardSet defenders_sure;
  if (goal_ != Goal::kDefenderTricks) {
    const Bounds::Range r = bounds_.Masters(p, declarer_, RemainingMax());
    declarer_sure = r.declarer_masters;
    defenders_sure = r.defender_masters;
    if (const int v = node.Narrow(r.lower, r.upper); v >= 0) return v;
  }
  ApplyTable(node, declarer_sure, defenders_sure);
  if (const int v = node.Narrow(node.lower, node.upper); v >= 0) return v;
  // Bounds from quick tricks, then trump length, for the positions the table did not decide.
  if (goal_ != Goal::kDefenderTricks) {
    const Bounds::Range q = bounds_.QuickTricks(p, declarer_, RemainingMax());
    if (const int v = node.Narrow(q.lower, q.upper); v >= 0) return v;
    const Bounds::Range t = bounds_.TrumpLength(p, declarer_, RemainingMax());
    if (const int v = node.Narrow(t.lower, t.upper); v >= 0) return v;
  }
  return -1;
}

inline int Solver::PlayAndSearch(Card card, int a, int b) {
  SearchState& p = position_;
  p.Play(card);
  int gain = 0;
  int trick_points = 0;  // card points leaving play with a completed trick (points goal)
  if (p.trick_size() == 0) {
    const int t = p.tricks_played() - 1;
    const bool declarer_won = p.last_winner() == declarer_;
    if (goal_ == Goal::kDeclarerPoints) {
      trick_points = CardPoints(p.played(3 * t)) + CardPoints(p.played(3 * t + 1)) +
                     CardPoints(p.played(3 * t + 2));
      if (declarer_won) gain = trick_points;
      remaining_points_ -= trick_points;
    } else if (declarer_won == (goal_ == Goal::kDeclarerTricks)) {
      gain = 1;
    }
  }
  const int v = gain + Search(a - gain, b - gain);
  remaining_points_ += trick_points;
  p.Undo();
  return v;
}

inline void Solver::StoreBoundary(const Node& node, int a0, int b0, int best, int best_card,
                                  bool maximise) {
  // Fail-soft bounds relative to the window searched, (a0, b0).
  const int lo = best > a0 ? best : 0;
  const int hi = best < b0 ? best : RemainingMax();
  // A node whose every move failed to its own side names no best move.
  const bool failed = maximise ? best <= a0 : best >= b0;
  table_.Store(
      node.shape, node.live, node.tag, std::max(lo, node.lower), std::min(hi, node.upper),
      failed ? TranspositionTable::kNoCard : order_.PlaceOf(Card::FromIndex(best_card), node.live));
}

int Solver::Search(int alpha, int beta) {
  ++nodes_;
  SearchState& p = position_;
  if (p.cards_played() >= 27) return LastTrick();
  if (p.cards_played() == 24) return LastTwoTricks();
  const bool boundary = p.trick_size() == 0;
  Node node{alpha, beta, 0, RemainingMax()};
  if (node.upper <= alpha) return node.upper;
  if (node.lower >= beta) return node.lower;
  if (boundary) {
    if (const int v = BoundBoundary(node); v >= 0) return v;
  }
  const int a0 = std::max(alpha, node.lower);
  const int b0 = std::min(beta, node.upper);
  const bool maximise = p.to_move() == declarer_;
  MoveOrder::List moves;
  const int n = order_.Generate(p, declarer_, node.hint, history_[Index(p.to_move())], moves);
  int best = maximise ? -1 : 1000;
  int best_card = TranspositionTable::kNoCard;
  int a = a0;
  int b = b0;
  for (int i = 0; i < n; ++i) {
    const int v = PlayAndSearch(moves[i], a, b);
    if (maximise) {
      if (v > best) {
        best = v;
        best_card = moves[i].index();
        a = std::max(a, v);
        if (v >= b) {
          RewardCutoff(best_card);
          break;
        }
      }
    } else if (v < best) {
      best = v;
      best_card = moves[i].index();
      b = std::min(b, v);
      if (v <= a) {
        RewardCutoff(best_card);
        break;
      }
    }
  }
  if (boundary) StoreBoundary(node, a0, b0, best, best_card, maximise);
  return best;
}

int Solver::DeclarerPoints(const Position& position, Direction declarer, int skat_points,
                           int guess) {
  Begin(position, declarer, Goal::kDeclarerPoints);
  const int banked = position.taken(declarer).points() + skat_points;
  // Zero-window searches bisecting [lo, hi], all sharing the table; the fail-soft result
  // tightens the bound it proves beyond the test value. A guess g is tested first, as >= g and
  // then >= g + 1 (the two searches that prove it), while the range still holds them.
  int lo = 0;
  int hi = RemainingMax();
  const int g = guess - banked;
  uint64_t nodes = 0;
  while (lo < hi) {
    int beta = lo + (hi - lo + 1) / 2;
    if (lo < g && g <= hi) {
      beta = g;
    } else if (lo <= g && g < hi) {
      beta = g + 1;
    }
    nodes_ = 0;
    const int v = Search(beta - 1, beta);
    nodes += nodes_;
    if (v < beta) {
      hi = v;
    } else {
      lo = v;
    }
  }
  nodes_ = nodes;
  return banked + lo;
}

bool Solver::DeclarerReaches(const Position& position, Direction declarer, int skat_points,
                             int target) {
  Begin(position, declarer, Goal::kDeclarerPoints);
  return Reaches(target - position.taken(declarer).points() - skat_points);
}

bool Solver::DeclarerTakesAllTricks(const Position& position, Direction declarer) {
  Begin(position, declarer, Goal::kDeclarerTricks);
  if (position.tricks_won(declarer) != position.tricks_played()) return false;
  return Reaches(RemainingMax());
}

bool Solver::DefendersHoldDeclarerTrickless(const Position& position, Direction declarer) {
  Begin(position, declarer, Goal::kDeclarerTricks);
  if (position.tricks_won(declarer) != 0) return false;
  return !Reaches(1);
}

bool Solver::DeclarerAvoidsAllTricks(const Position& position, Direction declarer) {
  Begin(position, declarer, Goal::kDefenderTricks);
  if (position.tricks_won(declarer) != 0) return false;
  return Reaches(RemainingMax());
}

}  // namespace skat
