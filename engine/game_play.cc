// Game: the card play, early ends, concessions, claims and the result (RULES T1-T4, N4, N6,
// N10-N12). The bidding and the skat are in game.cc, the list of legal acts in game_legal_acts.cc.
#include <algorithm>
#include <string>

#include "engine/game.h"
#include "engine/value.h"

namespace skat {
namespace {

std::string Who(Direction d) { return std::string(DirectionName(d)); }

}  // namespace

// ---- Card play (RULES T1-T4, N6, N11, N12) ----

void Game::StartPlay() {
  const GameType trick_type = ramsch_ ? GameType::kGrand : declaration_->type;
  position_.emplace(hands_, trick_type);
  if (!ramsch_ && declaration_->ouvert) exposed_[Index(*declarer_)] = true;  // RULES G5
  phase_ = Phase::kPlaying;
}

Status Game::ApplyPlaying(const Act& act) {
  if (proposal_) return ApplyAnswer(act);
  switch (act.type) {
    case ActType::kPlay: return ApplyCard(act);
    case ActType::kDeclare: return ApplyRaise(act);
    case ActType::kConcede: return ApplyConcede(act);
    case ActType::kContra:
    case ActType::kRecontra: {
      if (Status s = CheckContra(act); !s.ok()) return s;
      if (act.type == ActType::kContra) {
        contra_by_ = act.seat;
        contra_at_ = position_->cards_played();
      } else {
        recontra_ = true;
      }
      return Status::Ok();
    }
    case ActType::kResign:
    case ActType::kTimeout: return ApplyResignOrTimeout(act);
    case ActType::kClaim: return ApplyClaim(act);
    default:
      return Status(ErrorCode::kWrongPhase,
                    ToString(act) + ": the cards are being played (RULES T1)");
  }
}

Status Game::ApplyAnswer(const Act& act) {
  if (act.type != ActType::kAnswer || !proposal_->awaiting[Index(act.seat)]) {
    return Status(ErrorCode::kWrongPhase,
                  ToString(act) + ": a " + std::string(ActTypeName(proposal_->kind)) + " by " +
                      Who(proposal_->proposer) + " awaits its answer (RULES N11, N12)");
  }
  if (!act.accept) {
    // RULES N12: a refused claim continues with the claimant's hand face up.
    if (proposal_->kind == ActType::kClaim) exposed_[Index(proposal_->proposer)] = true;
    proposal_.reset();
    return Status::Ok();
  }
  proposal_->awaiting[Index(act.seat)] = false;
  if (std::none_of(proposal_->awaiting.begin(), proposal_->awaiting.end(),
                   [](bool b) { return b; })) {
    ResolveProposal();
  }
  return Status::Ok();
}

Status Game::ApplyCard(const Act& act) {
  const Position& pos = *position_;
  if (Status s = CheckSeat(act, pos.to_move(), "T1"); !s.ok()) return s;
  const Card card = act.cards[0];
  if (!pos.hand(act.seat).contains(card)) {
    return Status(ErrorCode::kIllegalCard, ToString(act) + ": " + ToString(card) + " is not in " +
                                               Who(act.seat) + "'s hand (RULES T2)");
  }
  if (!pos.LegalCards().contains(card)) {
    const Card led = pos.played(pos.cards_played() - pos.trick_size());
    return Status(ErrorCode::kIllegalCard, ToString(act) + ": " + Who(act.seat) + " must follow " +
                                               ToString(led) + " with one of " +
                                               ToString(pos.LegalCards()) + " (RULES T2)");
  }
  position_->Play(card);
  AfterCard();
  return Status::Ok();
}

Status Game::ApplyRaise(const Act& act) {
  if (ramsch_ || act.seat != *declarer_ || position_->cards_played() > 0) {
    return Status(
        ErrorCode::kWrongPhase,
        ToString(act) + ": only the declarer may raise, before the first card (RULES G4)");
  }
  if (Status s = CheckRaise(act.declaration); !s.ok()) return s;
  declaration_ = act.declaration;
  position_.emplace(hands_, declaration_->type);  // no card played yet: new trumps
  return Status::Ok();
}

Status Game::ApplyConcede(const Act& act) {
  if (ramsch_) return Status::NotAllowed(ToString(act) + ": nobody concedes a Ramsch");
  if (act.seat == *declarer_) {
    if (!DeclarerMayConcede()) {
      return Status::NotAllowed(ToString(act) + ": the declarer may not concede now under " +
                                std::string(profile_->id) + " (RULES N11 and the profile deltas)");
    }
    if (profile_->isko_give_up) {
      Finish(GameEnd::kDeclarerGaveUp);  // ISkO 4.3.3-4.3.6 (D73)
    } else {
      Finish(position_->cards_played() > profile_->concede_max_cards_played
                 ? GameEnd::kDeclarerConcededAsStands
                 : GameEnd::kDeclarerConceded);
    }
    return Status::Ok();
  }
  if (profile_->isko_give_up) {
    // ISkO 4.3.3: one defender gives the game up for both (joint liability); no answer.
    Finish(GameEnd::kDefendersGaveUp);
    return Status::Ok();
  }
  // RULES N11: defenders concede only both together; the partner must agree.
  Proposal p{ActType::kConcede, act.seat, {}};
  for (Direction d : kDirections) p.awaiting[Index(d)] = d != act.seat && d != *declarer_;
  proposal_ = p;
  return Status::Ok();
}

Status Game::ApplyClaim(const Act& act) {
  if (ramsch_) return Status::NotAllowed(ToString(act) + ": nobody claims in a Ramsch");
  if (position_->trick_size() != 0) {
    return Status::NotAllowed(ToString(act) + ": a claim is made between tricks (RULES N12)");
  }
  Proposal p{ActType::kClaim, act.seat, {}};
  const bool declarer_side = act.seat == *declarer_;
  for (Direction d : kDirections) {
    p.awaiting[Index(d)] = declarer_side ? d != *declarer_ : d == *declarer_;
  }
  proposal_ = p;
  return Status::Ok();
}

Status Game::CheckContra(const Act& act) const {
  // 000 §11 (L2331-2361): Contra by one defender once the game is announced (after the discard
  // in games with the skat), at the latest before the second card of trick 1; Re-contra by the
  // declarer before the next card after the Contra (000 §11 DECISION; docs/rules-decisions.md).
  auto refuse = [&](const std::string& why) {
    return Status::NotAllowed(ToString(act) + ": " + why);
  };
  if (!profile_->contra) {
    return refuse(std::string(profile_->id) +
                  " has no Contra (000 §11: only where agreed; the eichhorn-1898 option "
                  "\"contra\")");
  }
  if (ramsch_) return refuse("a Ramsch has no declarer to double (000 §11)");
  const int played = position_->cards_played();
  if (act.type == ActType::kContra) {
    if (act.seat == *declarer_) return refuse("only a defender says Contra (000 §11)");
    if (contra_by_) return refuse("Contra was said already (000 §11)");
    if (played >= 2) {
      return refuse("Contra comes before the second card of trick 1 (000 §11, L2359-2361)");
    }
    return Status::Ok();
  }
  if (act.seat != *declarer_) return refuse("only the declarer says Re-contra (000 §11)");
  if (!contra_by_) return refuse("Re-contra answers a Contra (000 §11)");
  if (recontra_) return refuse("Re-contra was said already (000 §11)");
  if (played != contra_at_) {
    return refuse("Re-contra comes before the next card after the Contra (000 §11)");
  }
  return Status::Ok();
}

bool Game::MayResign(Direction seat) const {
  return profile_->resign_and_timeout && !ramsch_ && !resigned_[Index(seat)];
}

Status Game::ApplyResignOrTimeout(const Act& act) {
  // D56: the International Skat Server's "RE" and "TI.<seat>", for replaying its records
  // (profiles with resign_and_timeout). A resign by the declarer ends the game, lost; a
  // defender's resign counts once both defenders have resigned (play goes on meanwhile). A
  // timeout is the seat to move running out of time.
  auto refuse = [&](const std::string& why) {
    return Status::NotAllowed(ToString(act) + ": " + why);
  };
  if (!profile_->resign_and_timeout) {
    return refuse(std::string(profile_->id) +
                  " has no resign or timeout (ISS game records; the isko profile)");
  }
  if (phase_ != Phase::kPlaying) {
    // D56, D62: before the card play (in the bidding, before the discard) the ISS's resign and
    // timeout leave no game to replay.
    return Status(ErrorCode::kWrongPhase,
                  ToString(act) +
                      ": resign and timeout come only during the card play, not in the " +
                      std::string(PhaseName(phase_)) + " phase (docs/rules-decisions.md D56, D62)");
  }
  if (ramsch_) return refuse("a Ramsch has no declarer to resign to");
  const Direction decl = *declarer_;
  if (act.type == ActType::kTimeout) {
    if (Status s = CheckSeat(act, position_->to_move(), "T1"); !s.ok()) return s;
    rest_to_ = act.seat == decl ? Next(decl) : decl;
    Finish(act.seat == decl ? GameEnd::kDeclarerTimedOut : GameEnd::kDefenderTimedOut);
    return Status::Ok();
  }
  if (resigned_[Index(act.seat)]) return refuse("he has resigned already");
  if (profile_->isko_give_up) {
    // ISkO 4.3.3, 4.3.6: a resign is a party giving the game up, settled as a concession (D73).
    Finish(act.seat == decl ? GameEnd::kDeclarerGaveUp : GameEnd::kDefendersGaveUp);
    return Status::Ok();
  }
  if (act.seat == decl) {
    rest_to_ = Next(decl);
    Finish(GameEnd::kDeclarerResigned);
    return Status::Ok();
  }
  resigned_[Index(act.seat)] = true;
  bool both = true;
  for (Direction d : kDirections) both = both && (d == decl || resigned_[Index(d)]);
  if (both) {
    rest_to_ = decl;
    Finish(GameEnd::kDefendersResigned);
  }
  return Status::Ok();
}

bool Game::DeclarerMayConcede() const {
  // RULES N11 and the profile deltas: laws-1900 never in a Solo (001:L58); eichhorn-1898 later
  // with the contingencies as they stand (000 §10.1).
  if (SkatUntouched(declaration_->handling) && !profile_->concede_hand_games) return false;
  // ISkO 4.3.3-4.3.6: the declarer may give up at any time (D73).
  return position_->cards_played() <= profile_->concede_max_cards_played ||
         profile_->concede_later_as_stands || profile_->isko_give_up;
}

void Game::AfterCard() {
  const Position& pos = *position_;
  if (pos.trick_size() != 0) return;
  if (pos.finished()) {
    Finish(GameEnd::kPlayedOut);
    return;
  }
  if (ramsch_) return;
  // RULES N6: early ends.
  const bool declarer_won = pos.trick_winner(pos.tricks_played() - 1) == *declarer_;
  const Declaration& d = *declaration_;
  const bool fixed = profile_->FixedValue(d);
  const bool schwarz_announced = d.announced == Announcement::kSchwarz ||
                                 (d.ouvert && !fixed && profile_->ouvert_announces_schwarz);
  // Null and Revolution end at the declarer's first trick; Uno and Duo once he has taken more
  // than his target or can no longer reach it (D28).
  const int target = profile_->TargetTricks(d);
  const int taken = pos.tricks_won(*declarer_);
  const bool target_missed = fixed && (taken > target || taken + 10 - pos.tricks_played() < target);
  if (target_missed || (schwarz_announced && !declarer_won)) {
    result_.early_end = true;
    Finish(GameEnd::kPlayedOut);
  }
}

void Game::ResolveProposal() {
  const Proposal p = *proposal_;
  proposal_.reset();
  if (p.kind == ActType::kConcede) {
    Finish(GameEnd::kDefendersConceded);
    return;
  }
  claimant_ = p.proposer;  // RULES N12: all remaining tricks to the claimant's side
  rest_to_ = p.proposer;
  Finish(GameEnd::kPlayedOut);
}

void Game::Finish(GameEnd end) {
  phase_ = Phase::kFinished;
  if (ramsch_) {
    FinishRamsch();
    return;
  }
  const Position& pos = *position_;
  const Direction decl = *declarer_;
  GameResult& r = result_;
  r.kind = ResultKind::kDeclarerGame;
  r.declarer = decl;
  r.declaration = *declaration_;
  r.floor = floor();
  r.claim_accepted = claimant_.has_value();
  for (Direction d : kDirections) {
    r.tricks[Index(d)] = pos.tricks_won(d);
    r.card_points[Index(d)] = pos.taken(d).points();
  }
  // RULES N4: the skat (hand games) or the discards count for the declarer.
  r.card_points[Index(decl)] += (discards_.empty() ? board_.skat_set() : discards_).points();
  if (rest_to_) {
    // RULES N12: the remaining cards (a claim is made between tricks) go to the claimant's side.
    // In Null the declarer's side wins by taking no trick, so a claim means the other side
    // takes the rest (docs/rules-decisions.md). A resign or timeout (D56) gives the rest, the
    // cards of an unfinished trick included, to the other side, as the ISS records count it.
    const int remaining = 10 - pos.tricks_played();
    CardSet rest;
    for (Direction d : kDirections) rest.add(pos.hand(d));
    for (int i = pos.cards_played() - pos.trick_size(); i < pos.cards_played(); ++i) {
      rest.add(pos.played(i));
    }
    Direction taker = *rest_to_;
    // Likewise in Uno and Duo: the declarer's claim says he takes no further trick (D29).
    if (profile_->FixedValue(r.declaration)) taker = taker == decl ? Next(decl) : decl;
    r.tricks[Index(taker)] += remaining;
    r.card_points[Index(taker)] += rest.points();
  }
  r.outcome.declarer_points = r.card_points[Index(decl)];
  r.outcome.declarer_tricks = r.tricks[Index(decl)];
  r.outcome.end = end;
  if (IskoGaveUp(end)) {
    // ISkO 4.3.3-4.3.6: the defenders' card points and tricks until the game was given up; the
    // cards not yet in tricks count for nobody (D73).
    for (Direction d : kDirections) {
      if (d == decl) continue;
      r.outcome.defender_points += r.card_points[Index(d)];
      r.outcome.defender_tricks += r.tricks[Index(d)];
    }
  }
  if (r.declaration.type != GameType::kNull) {
    // RULES N1: matadors over the declarer's 12 cards, hand and skat.
    r.matadors = CountMatadors(board_.hand(decl) | board_.skat_set(), r.declaration.type);
  }
  r.valuation = ValueGameUnchecked(*profile_, r.declaration, r.matadors, r.floor, r.outcome);
  if (r.early_end) r.valuation.rules |= kRuleN6;
  if (r.claim_accepted) r.valuation.rules |= kRuleN12;
  r.pad = {};
  r.pad[Index(decl)] = r.valuation.pad;  // RULES S1
  if (contra_by_) ApplyContra(recontra_ ? 2 : 1, *contra_by_, r);
}

void Game::FinishRamsch() {
  const Position& pos = *position_;
  GameResult& r = result_;
  r.kind = ResultKind::kRamsch;
  for (Direction d : kDirections) {
    r.tricks[Index(d)] = pos.tricks_won(d);
    r.card_points[Index(d)] = pos.taken(d).points();
  }
  const Direction last = pos.trick_winner(9);
  // RULES N10: skat to the last trick (eichhorn-1898: the skat does not count, 000 §6.12).
  if (profile_->ramsch_skat_counts) r.card_points[Index(last)] += board_.skat_set().points();
  ChargeRamsch(*profile_, last, r);
}

}  // namespace skat
