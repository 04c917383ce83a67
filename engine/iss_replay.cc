// ISS records and engine games (engine/iss_replay.h): the replay, the R[...] fields of a game,
// and the record of a game.
#include "engine/iss_replay.h"

#include <optional>
#include <string>
#include <vector>

namespace skat {
namespace {

std::string Where(size_t k, const IssMove& m) {
  std::string mover = m.seat ? std::to_string(Index(*m.seat)) : std::string("w");
  return "move " + std::to_string(k + 1) + " (" + mover + " " +
         std::string(IssMoveKindName(m.kind)) + "): ";
}

// The known cards of `cards` that `hand` lacks, as ISS cards ("" when none).
std::string Missing(const std::vector<std::optional<Card>>& cards, CardSet hand) {
  std::string out;
  for (const std::optional<Card>& c : cards) {
    if (c && !hand.contains(*c)) out += (out.empty() ? "" : " ") + IssCard(*c);
  }
  return out;
}

std::string Text(const std::optional<int>& v) { return v ? std::to_string(*v) : "-"; }

std::string OutcomeText(const std::optional<IssOutcome>& o) {
  if (!o) return "-";
  return *o == IssOutcome::kWin ? "win" : *o == IssOutcome::kLoss ? "loss" : "penalty";
}

// The engine's act for an ISS resign ("<seat> RE") or timeout ("w TI.<seat>"): the profile's
// kResign and kTimeout (isko+iss; docs/rules-decisions.md D56, D75).
Result<Act> EndAct(const IssMove& m) {
  if (m.kind == IssMoveKind::kResign) {
    if (!m.seat) return Status::InvalidArgument("RE: the server (w) cannot resign");
    return Act::Simple(ActType::kResign, *m.seat);
  }
  if (!m.target) return Status::InvalidArgument("TI names no seat");
  return Act::Simple(ActType::kTimeout, *m.target);
}

// A move other than an act (kAct), at `where`, checked against the record's deal and the game:
// a deal (once), the skat, shown cards, a resign or timeout (applied); an error for a hidden
// discard or a player who left.
Status ReplayOtherMove(const IssRecord& record, const IssMove& m, const std::string& where,
                       bool& dealt, Game& game) {
  switch (m.kind) {
    case IssMoveKind::kDeal:
      if (dealt) return Status::InvalidArgument(where + "a second deal");
      dealt = true;
      return Status::Ok();
    case IssMoveKind::kSkat: {
      const std::string missing = Missing(m.cards, record.board->skat_set());
      if (!missing.empty()) return Status::InvalidArgument(where + missing + " is not in the skat");
      return Status::Ok();
    }
    case IssMoveKind::kHiddenDiscard:
      return Status::InvalidArgument(where + "the discard is hidden (??.?? in the record)");
    case IssMoveKind::kShowCards: {
      const std::string missing = Missing(m.cards, game.hand(m.seat.value_or(Direction{})));
      if (m.seat && !missing.empty()) {
        return Status::InvalidArgument(where + "shows " + missing + ", not in the hand");
      }
      return Status::Ok();
    }
    case IssMoveKind::kLeave:
      return Status::InvalidArgument(where +
                                     "a player left the table: the game was not played to its end");
    case IssMoveKind::kResign:
    case IssMoveKind::kTimeout: {
      Result<Act> act = EndAct(m);
      if (!act.ok()) return Status::InvalidArgument(where + act.status().message());
      if (Status s = game.Apply(*act); !s.ok()) return Status(s.code(), where + s.message());
      return Status::Ok();
    }
    case IssMoveKind::kAct: break;
  }
  return Status::Ok();
}

// The act of moves[k] applied to the game; whether it used moves[k + 1] too (a discard the live
// form gives after the game it belongs before).
Result<bool> ReplayAct(const std::vector<IssMove>& moves, size_t k, Game& game) {
  const IssMove& m = moves[k];
  const std::string where = Where(k, m);
  // The live form names a game with the skat taken before its discard ("0 G 0 SK.S7"): the
  // engine takes the discard first (RULES G1).
  const bool discard_next = m.act.type == ActType::kDeclare && game.phase() == Phase::kDiscarding &&
                            k + 1 < moves.size() && moves[k + 1].kind == IssMoveKind::kAct &&
                            moves[k + 1].act.type == ActType::kDiscard &&
                            moves[k + 1].seat == m.seat;
  if (discard_next) {
    if (Status s = game.Apply(moves[k + 1].act); !s.ok()) {
      return Status(s.code(), Where(k + 1, moves[k + 1]) + s.message());
    }
  }
  // A game named before its discard, then a timeout or resign instead of the discard ("1 C w
  // TI.1"): the refusal is the end act's (D56: only during the card play), not the missing
  // discard's.
  const bool ended_before_discard =
      m.act.type == ActType::kDeclare && game.phase() == Phase::kDiscarding && !discard_next &&
      k + 1 < moves.size() &&
      (moves[k + 1].kind == IssMoveKind::kTimeout || moves[k + 1].kind == IssMoveKind::kResign);
  if (ended_before_discard) {
    const std::string next = Where(k + 1, moves[k + 1]);
    Result<Act> end = EndAct(moves[k + 1]);
    if (!end.ok()) return Status::InvalidArgument(next + end.status().message());
    const Status s = game.Apply(*end);
    return s.ok() ? Status::Internal(next + "a game ended before its discard")
                  : Status(s.code(), next + s.message());
  }
  if (Status s = game.Apply(m.act); !s.ok()) return Status(s.code(), where + s.message());
  if (m.act.type == ActType::kDeclare && !m.cards.empty()) {
    const std::string missing = Missing(m.cards, game.hand(m.act.seat));
    if (!missing.empty()) {
      return Status::InvalidArgument(where + "shows " + missing + ", not in the hand");
    }
  }
  return discard_next;
}

// Where the record's R[...] (`a`; a field it leaves out is not compared) disagrees with the
// replay's (`b`).
std::vector<IssMismatch> Mismatches(const IssResult& a, const IssResult& b) {
  std::vector<IssMismatch> out;
  auto compare = [&](const char* field, const std::optional<int>& x, const std::optional<int>& y) {
    if (x && x != y) out.push_back({field, Text(x), Text(y)});
  };
  if (a.passed != b.passed) {
    out.push_back({"passed", a.passed ? "passed" : "played", b.passed ? "passed" : "played"});
  }
  compare("declarer", a.declarer, b.declarer);
  if (a.outcome && a.outcome != b.outcome) {
    out.push_back({"outcome", OutcomeText(a.outcome), OutcomeText(b.outcome)});
  }
  compare("value", a.value, b.value);
  compare("matadors", a.matadors, b.matadors);
  if (a.overbid && a.overbid != b.overbid) {
    out.push_back({"overbid", *a.overbid ? "overbid" : "bidok",
                   b.overbid.value_or(false) ? "overbid" : "bidok"});
  }
  compare("card points", a.card_points, b.card_points);
  compare("tricks", a.tricks, b.tricks);
  compare("schneider", a.schneider, b.schneider);
  compare("schwarz", a.schwarz, b.schwarz);
  return out;
}

}  // namespace

IssResult IssResultOf(const Game& game) {
  IssResult r;
  const GameResult& g = game.result();
  if (g.kind != ResultKind::kDeclarerGame) {
    r.passed = true;
    return r;
  }
  const int decl = Index(g.declarer);
  const bool null = g.declaration.type == GameType::kNull;
  r.declarer = decl;
  r.outcome = g.valuation.won ? IssOutcome::kWin : IssOutcome::kLoss;
  r.value = g.valuation.pad;
  r.matadors = null ? 0 : (g.matadors.with ? g.matadors.count : -g.matadors.count);
  r.overbid = g.valuation.overbid;
  r.card_points = g.outcome.declarer_points;
  r.tricks = g.outcome.declarer_tricks;
  // ISS s: and z: say whether schneider / schwarz happened, to either side (0 in Null); on a lost
  // game only where it was not announced, a suit or grand ouvert counting as both announced (ISS
  // game 13577: clubs ouvert lost at the first trick, p:0 t:0 s:0 z:0).
  const Profile& p = game.profile();
  const bool schneider =
      *r.card_points >= p.schneider_points || *r.card_points <= p.schneidered_points;
  const bool schwarz = *r.tricks == 10 || *r.tricks == 0;
  const Announcement announced =
      g.declaration.ouvert ? Announcement::kSchwarz : g.declaration.announced;
  const bool lost = !g.valuation.won;
  r.schneider = !null && schneider && !(lost && announced >= Announcement::kSchneider) ? 1 : 0;
  r.schwarz = !null && schwarz && !(lost && announced == Announcement::kSchwarz) ? 1 : 0;
  r.penalty = {0, 0, 0};
  r.left = -1;
  const GameEnd end = g.outcome.end;
  const bool timed_out = end == GameEnd::kDeclarerTimedOut || end == GameEnd::kDefenderTimedOut;
  r.timeout = timed_out && !game.acts().empty() ? Index(game.acts().back().seat) : -1;
  r.resigned = end == GameEnd::kDeclarerResigned || end == GameEnd::kDefendersResigned ? 1 : 0;
  return r;
}

Result<IssReplay> ReplayIss(const IssRecord& record, const Profile& profile) {
  if (!record.board) {
    return Status::InvalidArgument(
        "the record has no deal with all 32 cards known (w <32 cards> in MV)");
  }
  IssReplay out{.game = Game(profile, *record.board), .replayed = {}, .mismatches = {}};
  Game& game = out.game;
  const std::vector<IssMove>& moves = record.moves;
  bool dealt = false;
  for (size_t k = 0; k < moves.size(); ++k) {
    const IssMove& m = moves[k];
    if (game.finished()) {
      if (m.kind == IssMoveKind::kAct) {
        return Status::InvalidArgument(Where(k, m) + "the game has ended");
      }
      continue;
    }
    if (m.kind != IssMoveKind::kAct) {
      if (Status s = ReplayOtherMove(record, m, Where(k, m), dealt, game); !s.ok()) return s;
      continue;
    }
    Result<bool> used_next = ReplayAct(moves, k, game);
    if (!used_next.ok()) return used_next.status();
    if (*used_next) ++k;
  }
  if (!game.finished()) {
    return Status::InvalidArgument("the moves end before the game does (phase " +
                                   std::string(PhaseName(game.phase())) + ")");
  }
  out.replayed = IssResultOf(game);
  out.mismatches = Mismatches(record.result, out.replayed);
  return out;
}

std::string IssMismatchText(const std::vector<IssMismatch>& mismatches) {
  std::string out;
  for (const IssMismatch& m : mismatches) {
    out += (out.empty() ? "" : "; ") + m.field + " recorded " + m.recorded + ", replayed " +
           m.replayed;
  }
  return out;
}

Result<IssRecord> IssRecordFromGame(const Game& game) {
  if (!game.finished()) return Status::InvalidArgument("ISS record: the game is not finished");
  IssRecord r;
  r.game = "Skat";
  const Board& board = game.board();
  IssMove deal;
  deal.kind = IssMoveKind::kDeal;
  for (Direction d : kDirections) {
    for (Card c : board.hand(d)) deal.cards.push_back(c);
  }
  deal.cards.push_back(board.skat[0]);
  deal.cards.push_back(board.skat[1]);
  r.moves.push_back(std::move(deal));
  for (const Act& a : game.acts()) {
    IssMove m;
    m.seat = a.seat;
    m.act = a;
    switch (a.type) {
      case ActType::kBid:
      case ActType::kHold:
      case ActType::kPass:
      case ActType::kDiscard:
      case ActType::kPlay: r.moves.push_back(std::move(m)); break;
      case ActType::kResign:
        m.kind = IssMoveKind::kResign;
        m.act = Act();
        r.moves.push_back(std::move(m));
        break;
      case ActType::kTimeout:  // the server says who ran out of time: "w TI.<seat>"
        m.kind = IssMoveKind::kTimeout;
        m.seat.reset();
        m.target = a.seat;
        m.act = Act();
        r.moves.push_back(std::move(m));
        break;
      case ActType::kTakeSkat: {
        r.moves.push_back(std::move(m));
        IssMove skat;  // the server shows the skat to the declarer
        skat.kind = IssMoveKind::kSkat;
        skat.cards = {board.skat[0], board.skat[1]};
        r.moves.push_back(std::move(skat));
        break;
      }
      case ActType::kDeclare: {
        if (a.declaration.ouvert) {
          // The ouvert declarer's cards are shown with the game, as the ISS writes them.
          CardSet hand = board.hand(a.seat);
          if (a.declaration.handling == SkatHandling::kPickup) {
            hand = (hand | board.skat_set()) - game.discards();
          }
          for (Card c : hand) m.cards.push_back(c);
        }
        r.moves.push_back(std::move(m));
        break;
      }
      default:
        return Status::InvalidArgument("ISS record: the ISS has no move for a " +
                                       std::string(ActTypeName(a.type)) + " act");
    }
  }
  r.board = IssBoardOf(r.moves);
  r.result = IssResultOf(game);
  return r;
}

}  // namespace skat
