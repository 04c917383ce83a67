// Canonical snapshots of a Game (game_snapshot.h). Only plain std:: containers and string
// building: no <ranges> (docs/development.md "clang 14 with libstdc++ 12": some views fail).
#include "tests/fuzz/game_snapshot.h"

#include <optional>
#include <string>

#include "engine/card_set.h"
#include "engine/game_result.h"
#include "engine/num.h"
#include "engine/view.h"

namespace skat::fuzz {
namespace {

std::string SeatText(std::optional<Direction> d) {
  return d ? std::string(1, DirectionLetter(*d)) : std::string("-");
}

std::string CardText(std::optional<Card> c) { return c ? ToString(*c) : std::string("-"); }

// Appends "handling/type/ouvert/announced" (the numbers, not the names: cheap, and exact).
void AppendDeclaration(std::string& out, const Declaration& d) {
  out += static_cast<char>('0' + static_cast<int>(d.handling));
  out += '/';
  out += static_cast<char>('0' + static_cast<int>(d.type));
  out += '/';
  out += d.ouvert ? '1' : '0';
  out += '/';
  out += static_cast<char>('0' + static_cast<int>(d.announced));
}

std::string DeclarationText(const std::optional<Declaration>& d) {
  if (!d) return "-";
  std::string out;
  AppendDeclaration(out, *d);
  return out + " (" + ToString(*d) + ")";
}

// Every field of the act, compactly: "type.seat.bid.card0.card1.trump.declaration.accept".
void AppendRawAct(std::string& out, const Act& act) {
  out += '[';
  out += std::to_string(static_cast<int>(act.type));
  out += '.';
  out += std::to_string(static_cast<int>(act.seat));
  out += '.';
  out += std::to_string(act.bid);
  out += '.';
  out += std::to_string(act.cards[0].index());
  out += '.';
  out += std::to_string(act.cards[1].index());
  out += '.';
  out += std::to_string(static_cast<int>(act.trump));
  out += '.';
  AppendDeclaration(out, act.declaration);
  out += '.';
  out += act.accept ? '1' : '0';
  out += ']';
}

std::string ProposalText(const std::optional<Proposal>& p) {
  if (!p) return "-";
  std::string out =
      std::string(ActTypeName(p->kind)) + " by " + SeatText(p->proposer) + " awaiting";
  for (Direction d : kDirections) {
    if (p->awaiting[Index(d)]) out += " " + SeatText(d);
  }
  return out;
}

std::string TrickText(const TrickView& t) {
  std::string out = SeatText(t.leader) + ":" + Num(t.size);
  for (int i = 0; i < t.size && i < 3; ++i) out += " " + ToString(t.cards[i]);
  return out;
}

std::string ResultText(const GameResult& r) {
  std::string out =
      Describe(r) + "\n  kind=" + Num(static_cast<int>(r.kind)) +
      " declarer=" + SeatText(r.declarer) + " declaration=" + DeclarationText(r.declaration) +
      " floor=" + Num(r.floor) + " matadors=" + Num(r.matadors.count) +
      (r.matadors.with ? "with" : "without") + " points=" + Num(r.outcome.declarer_points) +
      " tricks=" + Num(r.outcome.declarer_tricks) + " end=" + Num(static_cast<int>(r.outcome.end)) +
      " early=" + Num(r.early_end ? 1 : 0) + " claim=" + Num(r.claim_accepted ? 1 : 0) +
      " contra=" + Num(r.contra) + "/" + SeatText(r.contra_by) +
      " won=" + Num(r.valuation.won ? 1 : 0) + " overbid=" + Num(r.valuation.overbid ? 1 : 0) +
      " level=" + Num(r.valuation.level) + " value=" + Num(r.valuation.value) +
      " vpad=" + Num(r.valuation.pad) + " achieved=" + Num(static_cast<int>(r.valuation.achieved));
  for (int i = 0; i < 3; ++i) {
    out += "\n  seat " + Num(i) + ": points=" + Num(r.card_points[i]) +
           " tricks=" + Num(r.tricks[i]) + " ramsch_loser=" + Num(r.ramsch_loser[i] ? 1 : 0) +
           " pad=" + Num(r.pad[i]);
  }
  return out;
}

std::string ViewText(const SeatView& v) {
  std::string out =
      "view " + SeatText(v.seat) + ": phase=" + std::string(PhaseName(v.phase)) +
      " to_move=" + SeatText(v.to_move) + " hand=" + ToString(v.hand) +
      " declarer=" + SeatText(v.declarer) + " floor=" + Num(v.floor) +
      " ramsch=" + Num(v.ramsch ? 1 : 0) + " declaration=" + DeclarationText(v.declaration) +
      " turned=" + CardText(v.turned_card) + " looked=" + CardText(v.looked_card) +
      " partner=" + ToString(v.partner_hand) + " current=" + TrickText(v.current_trick) +
      " last=" + TrickText(v.last_trick) + " own_discards=" + ToString(v.own_discards) +
      " proposal=" + ProposalText(v.proposal) + " skat=" + ToString(v.skat) + "\n";
  out += "  bidding: ";
  for (const Act& a : v.bidding) AppendRawAct(out, a);
  out += "\n  exposed:";
  for (CardSet e : v.exposed) out += " {" + ToString(e) + "}";
  out += " tricks_won:";
  for (int t : v.tricks_won) out += " " + Num(t);
  out += "\n  trick_log:";
  for (Card c : v.trick_log) out += " " + ToString(c);
  out += "\n  result: " + (v.result ? ResultText(*v.result) : std::string("-")) + "\n";
  return out;
}

}  // namespace

std::string RawActText(const Act& act) {
  std::string out;
  AppendRawAct(out, act);
  return out;
}

std::string Snapshot(const Game& game) {
  std::string out = "profile " + std::string(game.profile().id) + "\nboard " +
                    ToString(game.board()) + "\nphase " + std::string(PhaseName(game.phase())) +
                    "\nacts ";
  for (const Act& a : game.acts()) AppendRawAct(out, a);
  const Bidding& b = game.bidding();
  out += "\nbidding finished=" + Num(b.finished() ? 1 : 0) + " to_act=" + SeatText(b.to_act()) +
         " bid=" + Num(b.current_bid()) + " may_hold=" + Num(b.to_act_may_hold() ? 1 : 0) +
         " declarer=" + SeatText(b.declarer()) + " floor=" + Num(game.floor());
  out += "\nramsch=" + Num(game.is_ramsch() ? 1 : 0) + " declarer=" + SeatText(game.declarer()) +
         " declaration=" + DeclarationText(game.declaration()) +
         " handling=" + Num(static_cast<int>(game.handling())) +
         " turned=" + CardText(game.turned_card()) +
         " looked=" + Num(game.skat_card1_looked() ? 1 : 0) +
         " discards=" + ToString(game.discards()) + " proposal=" + ProposalText(game.proposal()) +
         " contra_by=" + SeatText(game.contra_by()) + " recontra=" + Num(game.recontra() ? 1 : 0) +
         " to_move=" + (game.finished() ? std::string("-") : SeatText(game.to_move()));
  for (Direction d : kDirections) {
    out += "\nseat " + SeatText(d) + ": hand=" + ToString(game.hand(d)) +
           " exposed=" + Num(game.exposed(d) ? 1 : 0) + " waits=" + Num(WaitsFor(game, d) ? 1 : 0) +
           " legal: ";
    for (const Act& a : game.LegalActs(d)) AppendRawAct(out, a);
  }
  if (game.has_position()) {
    const Position& p = game.position();
    out += "\nplay to_move=" + SeatText(p.to_move()) + " cards=" + Num(p.cards_played()) +
           " leader=" + SeatText(p.leader());
    for (int i = 0; i < p.cards_played(); ++i) {
      out += " " + SeatText(p.player(i)) + ":" + ToString(p.played(i));
    }
    for (Direction d : kDirections) {
      out += "\n  taken " + SeatText(d) + "=" + ToString(p.taken(d)) +
             " tricks=" + Num(p.tricks_won(d)) + " hand=" + ToString(p.hand(d));
    }
  }
  out += "\nlegal: ";
  for (const Act& a : game.LegalActs()) AppendRawAct(out, a);
  out += "\n";
  for (Direction d : kDirections) out += ViewText(ViewOf(game, d));
  out += ViewText(PublicViewOf(game));
  if (game.finished()) out += "result " + ResultText(game.result()) + "\n";
  return out;
}

}  // namespace skat::fuzz
