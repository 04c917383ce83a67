#include "engine/analysis/par.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace skat {
namespace {

// Every handling but Uno and Duo (par.h). Revolution keeps the skat untouched: a hand Null.
constexpr std::array<SkatHandling, 7> kAnalysedHandlings = {
    SkatHandling::kHand,      SkatHandling::kTournee, SkatHandling::kPasstMirNicht,
    SkatHandling::kGuckser,   SkatHandling::kPickup,  SkatHandling::kFrage,
    SkatHandling::kRevolution};

// The best way found for one (seat, game type, skat taken or not): the class and the discards.
struct Way {
  OutcomeClass outcome = OutcomeClass::kNoTrick;
  CardSet discards;
};

// The open-hand analysis of one seat as declarer. Results depend only on the game type and on
// whether the skat is taken, so Tournée, passt mir nicht, Guckser and pickup rows of one trump
// type share one search over the discards, and ouvert rows share their plain row's search.
class SeatAnalysis {
 public:
  SeatAnalysis(const Profile& profile, const Board& board, Direction seat, Solver& solver)
      : profile_(profile), board_(board), seat_(seat), solver_(solver) {}

  // Solver nodes spent so far.
  uint64_t nodes() const { return nodes_; }

  // The best way with the skat untouched (hand games: the skat counts for him, RULES N4).
  Way Hand(GameType type) {
    std::optional<Way>& way = hand_[static_cast<int>(type)];
    if (!way) way = Way{Secured(type, board_.hand(seat_), board_.skat_set().points()), CardSet()};
    return *way;
  }

  // The best way over the 66 discards of his 12 cards (RULES G1: any two; the discards count for
  // him, N4). Discards are tried in a heuristic order; once one way secures class c, the others
  // are asked only whether they secure more (one threshold search each). The first discard in
  // that order reaching the best class is reported.
  Way Pickup(GameType type) {
    std::optional<Way>& way = pickup_[static_cast<int>(type)];
    if (way) return *way;
    const CardSet twelve = board_.hand(seat_) | board_.skat_set();
    std::optional<Way> best;
    const OutcomeClass top =
        type == GameType::kNull ? OutcomeClass::kNoTrick : OutcomeClass::kSchwarz;
    for (const CardSet discards : DiscardOrder(twelve, type)) {
      const CardSet hand = twelve - discards;
      if (!best) {
        best = Way{Secured(type, hand, discards.points()), discards};
      } else if (type == GameType::kNull) {
        if (Secured(type, hand, 0) == OutcomeClass::kNoTrick)
          best = Way{OutcomeClass::kNoTrick, discards};
      } else {
        // Raise the class while this way secures the next one.
        auto c = best->outcome;
        while (c != top && Secures(type, hand, discards.points(), Next(c))) c = Next(c);
        if (c != best->outcome) best = Way{c, discards};
      }
      if (best->outcome == top) break;
    }
    way = best;
    return *way;
  }

 private:
  static OutcomeClass Next(OutcomeClass c) {
    return static_cast<OutcomeClass>(static_cast<int>(c) + 1);
  }

  Position PositionWith(GameType type, CardSet declarer_hand) const {
    std::array<CardSet, 3> hands = board_.hands;
    hands[Index(seat_)] = declarer_hand;
    return Position(hands, type);
  }

  OutcomeClass Secured(GameType type, CardSet hand, int credited) {
    const Position position = PositionWith(type, hand);
    if (type == GameType::kNull) return SecuredNullClass(solver_, position, seat_, &nodes_);
    return SecuredClass(solver_, profile_, position, seat_, credited, &nodes_);
  }

  bool Secures(GameType type, CardSet hand, int credited, OutcomeClass c) {
    return SecuresClass(solver_, profile_, PositionWith(type, hand), seat_, credited, c, &nodes_);
  }

  // The 66 discards, the likeliest best first: in Null the highest cards (the ones that take
  // tricks); otherwise the most card points kept out of the defenders' reach, trumps last.
  static std::vector<CardSet> DiscardOrder(CardSet twelve, GameType type) {
    const TrickRules rules(type);
    std::vector<std::pair<int, CardSet>> scored;
    for (const Card a : twelve) {
      for (const Card b : twelve) {
        if (b.index() <= a.index()) continue;
        const CardSet pair = CardSet(a) | b;
        int score;
        if (type == GameType::kNull) {
          score = rules.Power(a) + rules.Power(b);
        } else {
          score = pair.points() - 100 * (pair & rules.trumps()).size();
        }
        scored.emplace_back(score, pair);
      }
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    std::vector<CardSet> order;
    order.reserve(scored.size());
    for (const auto& [score, pair] : scored) order.push_back(pair);
    return order;
  }

  const Profile& profile_;
  const Board& board_;
  Direction seat_;
  Solver& solver_;
  std::array<std::optional<Way>, kGameTypeCount> hand_{};
  std::array<std::optional<Way>, kGameTypeCount> pickup_{};
  uint64_t nodes_ = 0;
};

// The game types a handling can be played in on this board: a Tournée's turned card fixes the
// trump (a jack: its suit or Grand, RULES G1); passt mir nicht turns skat card 2 (G2).
std::vector<GameType> TypesFor(SkatHandling h, const Board& board) {
  if (h == SkatHandling::kTournee || h == SkatHandling::kPasstMirNicht) {
    const Card turned = board.skat[h == SkatHandling::kTournee ? 0 : 1];
    std::vector<GameType> types = {SuitGame(turned.suit())};
    if (turned.is_jack()) types.push_back(GameType::kGrand);
    return types;
  }
  std::vector<GameType> all;
  for (int t = 0; t < kGameTypeCount; ++t) all.push_back(static_cast<GameType>(t));
  return all;
}

// The best announcement for a class: the highest pad among those the profile allows.
std::pair<Announcement, int> BestAnnouncement(const Profile& profile, Declaration d,
                                              Matadors matadors, OutcomeClass c) {
  std::pair<Announcement, int> best = {Announcement::kNone, 0};
  bool any = false;
  for (const Announcement a :
       {Announcement::kNone, Announcement::kSchneider, Announcement::kSchwarz}) {
    d.announced = a;
    if (!CheckDeclaration(profile, d).ok()) continue;
    const int pad = ClassPad(profile, d, matadors, c);
    if (!any || pad > best.second) best = {a, pad};
    any = true;
  }
  return best;
}

}  // namespace

ParTable ComputePar(const Profile& profile, const Board& board, Solver& solver) {
  ParTable table;
  for (int h = 0; h < kSkatHandlingCount; ++h) {
    const auto handling = static_cast<SkatHandling>(h);
    const bool analysed = std::find(kAnalysedHandlings.begin(), kAnalysedHandlings.end(),
                                    handling) != kAnalysedHandlings.end();
    if (analysed || !profile.AllowsHandling(handling)) continue;
    for (int t = 0; t < kGameTypeCount; ++t) {
      for (const bool ouvert : {false, true}) {
        const Declaration d{handling, static_cast<GameType>(t), ouvert};
        if (profile.Allows(d)) table.not_analysed.push_back(d);
      }
    }
  }
  for (const Direction seat : kDirections) {
    SeatAnalysis analysis(profile, board, seat, solver);
    const CardSet twelve = board.hand(seat) | board.skat_set();
    for (const SkatHandling handling : kAnalysedHandlings) {
      if (!profile.AllowsHandling(handling)) continue;
      for (const GameType type : TypesFor(handling, board)) {
        for (const bool ouvert : {false, true}) {
          Declaration d{handling, type, ouvert};
          if (!profile.Allows(d)) continue;
          const Way way = SkatUntouched(handling) ? analysis.Hand(type) : analysis.Pickup(type);
          ParEntry e;
          e.declarer = seat;
          e.discards = way.discards;
          e.outcome = way.outcome;
          if (type != GameType::kNull) e.matadors = CountMatadors(twelve, type);
          const auto [announced, pad] = BestAnnouncement(profile, d, e.matadors, way.outcome);
          d.announced = announced;
          e.game = d;
          e.value = pad;
          table.entries.push_back(e);
        }
      }
    }
    table.nodes += analysis.nodes();
  }
  // RULES B3 / N10 (all pass) unless some row wins; ties to the earlier row (seat order first).
  for (int i = 0; i < static_cast<int>(table.entries.size()); ++i) {
    const int value = table.entries[i].value;
    if (value > 0 && (table.par < 0 || value > table.entries[table.par].value)) table.par = i;
  }
  return table;
}

std::string ToString(const ParEntry& e) {
  std::string out(1, DirectionLetter(e.declarer));
  out += ' ';
  out += ToString(e.game);
  if (e.game.type != GameType::kNull) out += ", " + ToString(e.matadors);
  if (!e.discards.empty()) out += ", discards " + ToString(e.discards);
  out += ": ";
  if (e.game.type == GameType::kNull) {
    out += e.outcome == OutcomeClass::kNoTrick ? "won" : "lost";
  } else {
    out += OutcomeClassName(e.outcome);
  }
  out += ", ";
  out += e.value > 0 ? "+" : "";
  out += std::to_string(e.value);
  return out;
}

std::string ToString(const ParTable& table) {
  std::string out;
  for (int i = 0; i < static_cast<int>(table.entries.size()); ++i) {
    out += i == table.par ? "* " : "  ";
    out += ToString(table.entries[i]);
    out += '\n';
  }
  out += "par: ";
  out += table.all_pass() ? "all pass" : ToString(table.entries[table.par]);
  out += '\n';
  for (const Declaration& d : table.not_analysed) out += "not analysed: " + ToString(d) + '\n';
  return out;
}

}  // namespace skat
