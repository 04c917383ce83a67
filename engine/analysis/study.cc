#include "engine/analysis/study.h"

#include <cstdio>

namespace skat {
namespace {

// The schneider/schwarz tier of a class: won and lost share one (that line is the result's).
int Tier(OutcomeClass c) {
  switch (c) {
    case OutcomeClass::kNoTrick: return 0;
    case OutcomeClass::kSchneidered: return 1;
    case OutcomeClass::kLost:
    case OutcomeClass::kWon: return 2;
    case OutcomeClass::kSchneider: return 3;
    case OutcomeClass::kSchwarz: return 4;
  }
  return 0;
}

struct OpenValue {
  int points = 0;
  OutcomeClass outcome = OutcomeClass::kNoTrick;
};

class Evaluator {
 public:
  Evaluator(Solver& solver, const Profile& profile, Direction declarer, bool null, int credited)
      : solver_(solver), profile_(profile), declarer_(declarer), null_(null), credited_(credited) {}

  // The open-hand value of `p`. Exact points give every class defined by points; schwarz needs
  // 120 and "no trick" at most 30, each then asked of the solver (outcome.h: nested classes).
  // `guess`: the points it likely has (the value before the last card), or -1.
  OpenValue operator()(const Position& p, int guess = -1) {
    if (null_) return {0, SecuredNullClass(solver_, p, declarer_, &nodes_)};
    OpenValue v;
    v.points = solver_.DeclarerPoints(p, declarer_, credited_, guess);
    nodes_ += solver_.nodes();
    v.outcome = ClassOf(profile_, v.points, /*declarer_tricks=*/1);
    if (v.points == 120 &&
        SecuresClass(solver_, profile_, p, declarer_, credited_, OutcomeClass::kSchwarz, &nodes_)) {
      v.outcome = OutcomeClass::kSchwarz;
    } else if (v.outcome == OutcomeClass::kSchneidered &&
               !SecuresClass(solver_, profile_, p, declarer_, credited_, OutcomeClass::kSchneidered,
                             &nodes_)) {
      v.outcome = OutcomeClass::kNoTrick;
    }
    return v;
  }
  uint64_t nodes() const { return nodes_; }

 private:
  Solver& solver_;
  const Profile& profile_;
  Direction declarer_;
  bool null_;
  int credited_;
  uint64_t nodes_ = 0;
};

}  // namespace

Result<GameStudy> StudyGame(const Game& game, Solver& solver) {
  if (!game.has_position() || game.is_ramsch() || !game.declarer() || !game.declaration()) {
    return Status::InvalidArgument(
        "only a declarer's card play can be studied (not a passed-in board, Ramsch or "
        "a game still in the bidding)");
  }
  const Profile& profile = game.profile();
  const Declaration declaration = *game.declaration();
  if (profile.TargetTricks(declaration) > 0) {
    return Status::InvalidArgument(
        ToString(declaration) +
        " is won by an exact number of tricks; the open-hand study does not "
        "cover it (docs/par.md)");
  }
  GameStudy study;
  study.declarer = *game.declarer();
  study.declaration = declaration;
  const bool null = profile.FixedValue(declaration);
  const Board& board = game.board();
  // RULES N4: the skat counts for the declarer in hand games, his discards otherwise.
  const int credited =
      SkatUntouched(declaration.handling) ? board.skat_set().points() : game.discards().points();
  const Matadors matadors =
      null ? Matadors{}
           : CountMatadors(board.hand(study.declarer) | board.skat_set(), declaration.type);
  auto won = [&](OutcomeClass c) { return ClassPad(profile, declaration, matadors, c) > 0; };

  // The position at the first card, then forward through the cards played.
  Position p = game.position();
  const int played = p.cards_played();
  while (p.cards_played() > 0) p.Undo();
  Evaluator evaluate(solver, profile, study.declarer, null, credited);
  OpenValue before = evaluate(p);
  study.open_points = before.points;
  study.open_class = before.outcome;
  for (int ply = 0; ply < played; ++ply) {
    const Card card = game.position().played(ply);
    CardStudy c;
    c.ply = ply;
    c.seat = p.to_move();
    c.card = card;
    p.Play(card);
    // A card that loses nothing against open-hand play keeps the value: the likely answer.
    const OpenValue after = evaluate(p, before.points);
    c.before = before.points;
    c.after = after.points;
    c.class_before = before.outcome;
    c.class_after = after.outcome;
    c.changed_result = won(before.outcome) != won(after.outcome);
    c.changed_schneider = !null && Tier(before.outcome) != Tier(after.outcome);
    const bool by_declarer = c.seat == study.declarer;
    if (null) {
      c.cost = c.changed_result ? 1 : 0;
    } else {
      c.cost = by_declarer ? before.points - after.points : after.points - before.points;
    }
    (by_declarer ? study.declarer_cost : study.defenders_cost) += c.cost;
    study.cards.push_back(c);
    before = after;
  }
  if (game.finished()) {
    const PlayOutcome& outcome = game.result().outcome;
    study.actual_points = outcome.declarer_points;
    study.actual_class =
        null ? (outcome.declarer_tricks == 0 ? OutcomeClass::kNoTrick : OutcomeClass::kSchneidered)
             : ClassOf(profile, outcome.declarer_points, outcome.declarer_tricks);
  } else {
    study.actual_points = before.points;
    study.actual_class = before.outcome;
  }
  study.nodes = evaluate.nodes();
  return study;
}

std::string ToString(const GameStudy& s) {
  const bool null = s.declaration.type == GameType::kNull;
  auto describe = [&](int points, OutcomeClass c) {
    if (null) return std::string(c == OutcomeClass::kNoTrick ? "no trick" : "a trick taken");
    return std::to_string(points) + " (" + std::string(OutcomeClassName(c)) + ")";
  };
  std::string out = ToString(s.declaration) + " by " + std::string(DirectionName(s.declarer)) +
                    ": open-hand " + describe(s.open_points, s.open_class) + ", reached " +
                    describe(s.actual_points, s.actual_class) + "\n";
  out += null ? "  card  seat  card   secured        note\n"
              : "  card  seat  card   before -> after  cost  note\n";
  for (const CardStudy& c : s.cards) {
    char line[96];
    if (null) {
      std::snprintf(line, sizeof line, "  %4d  %c     %-5s  %-13s", c.ply + 1,
                    DirectionLetter(c.seat), ToString(c.card).c_str(),
                    c.class_after == OutcomeClass::kNoTrick ? "no trick" : "a trick");
    } else {
      std::snprintf(line, sizeof line, "  %4d  %c     %-5s  %6d -> %-5d  %4d", c.ply + 1,
                    DirectionLetter(c.seat), ToString(c.card).c_str(), c.before, c.after, c.cost);
    }
    out += line;
    if (c.changed_result) {
      out += c.seat == s.declarer ? "  lost the game" : "  gave the game away";
    }
    if (c.changed_schneider) out += "  schneider/schwarz changed";
    out += '\n';
  }
  if (null) {
    out += "declarer: " + std::to_string(s.declarer_cost) +
           " result-changing card(s); defenders: " + std::to_string(s.defenders_cost) + "\n";
  } else {
    out += "points lost against open-hand play: declarer " + std::to_string(s.declarer_cost) +
           ", defenders " + std::to_string(s.defenders_cost) + "\n";
  }
  return out;
}

}  // namespace skat
