// Game::LegalActs: every act Game::Apply would accept now (the property tests hold the two to
// each other).
#include "engine/game.h"

namespace skat {

std::vector<Act> Game::LegalActs() const {
  std::vector<Act> out;
  switch (phase_) {
    case Phase::kBidding: AppendBiddingActs(out); break;
    case Phase::kSkatDecision: AppendSkatDecisionActs(out); break;
    case Phase::kTourneeCard:
      out.push_back(Act::Simple(ActType::kAccept, *declarer_));
      if (profile_->AllowsHandling(SkatHandling::kPasstMirNicht)) {
        out.push_back(Act::Simple(ActType::kPasstMirNicht, *declarer_));
      }
      break;
    case Phase::kTrumpChoice:
      out.push_back(Act::ChooseTrump(*declarer_, SuitGame(turned_->suit())));
      out.push_back(Act::ChooseTrump(*declarer_, GameType::kGrand));
      break;
    case Phase::kDiscarding: {
      const CardSet hand = hands_[Index(*declarer_)];
      for (Card a : hand) {
        for (Card b : hand) {
          if (a < b) out.push_back(Act::Discard(*declarer_, a, b));
        }
      }
      break;
    }
    case Phase::kDeclaring: AppendDeclarations(handling_, out); break;
    case Phase::kPlaying: AppendPlayingActs(out); break;
    case Phase::kFinished: break;
  }
  return out;
}

void Game::AppendBiddingActs(std::vector<Act>& out) const {
  const Direction seat = bidding_.to_act();
  if (bidding_.to_act_may_hold()) {
    out.push_back(Act::Simple(ActType::kHold, seat));
  } else if (profile_->any_positive_bid) {
    // The next integer, up to kMaxAnyPositiveBid (then only passing is left).
    if (profile_->IsLegalBid(bidding_.current_bid() + 1)) {
      out.push_back(Act::Bid(seat, bidding_.current_bid() + 1));
    }
  } else {
    for (int v : profile_->legal_bids) {
      if (v > bidding_.current_bid()) out.push_back(Act::Bid(seat, v));
    }
  }
  out.push_back(Act::Simple(ActType::kPass, seat));
}

void Game::AppendSkatDecisionActs(std::vector<Act>& out) const {
  const Direction seat = *declarer_;
  if (profile_->AllowsHandling(SkatHandling::kTournee)) {
    out.push_back(Act::Simple(ActType::kTurnSkatCard, seat));
  }
  if (profile_->AllowsHandling(SkatHandling::kGuckser)) {
    out.push_back(Act::Simple(ActType::kGuckser, seat));
  }
  if (profile_->AllowsHandling(SkatHandling::kPickup) ||
      profile_->AllowsHandling(SkatHandling::kFrage)) {
    out.push_back(Act::Simple(ActType::kTakeSkat, seat));
  }
  for (SkatHandling h :
       {SkatHandling::kHand, SkatHandling::kRevolution, SkatHandling::kUno, SkatHandling::kDuo}) {
    if (profile_->AllowsHandling(h)) AppendDeclarations(h, out);
  }
  for (int o = 0; o < 2; ++o) {
    const Declaration gucki_null{SkatHandling::kGuckser, GameType::kNull, o == 1};
    if (CheckGuckiNull(gucki_null).ok()) out.push_back(Act::Declare(seat, gucki_null));
  }
}

void Game::AppendDeclarations(SkatHandling h, std::vector<Act>& out) const {
  for (int t = 0; t < kGameTypeCount; ++t) {
    for (int o = 0; o < 2; ++o) {
      for (int a = 0; a < 3; ++a) {
        const Declaration d{h, static_cast<GameType>(t), o == 1, static_cast<Announcement>(a)};
        if (CheckHandDeclaration(d).ok()) out.push_back(Act::Declare(*declarer_, d));
      }
    }
  }
}

void Game::AppendPlayingActs(std::vector<Act>& out) const {
  if (proposal_) {
    for (Direction d : kDirections) {
      if (!proposal_->awaiting[Index(d)]) continue;
      out.push_back(Act::Answer(d, true));
      out.push_back(Act::Answer(d, false));
    }
    return;
  }
  const Position& pos = *position_;
  const Direction mover = pos.to_move();
  for (Card c : pos.LegalCards()) out.push_back(Act::Play(mover, c));
  if (ramsch_) return;
  const Direction decl = *declarer_;
  if (pos.cards_played() == 0 && profile_->raise_before_first_card) {
    for (int t = 0; t < kGameTypeCount; ++t) {
      for (int a = 0; a < 3; ++a) {
        const Declaration d{SkatHandling::kHand, static_cast<GameType>(t), false,
                            static_cast<Announcement>(a)};
        if (CheckRaise(d).ok()) out.push_back(Act::Declare(decl, d));
      }
    }
  }
  if (profile_->contra) {
    for (ActType t : {ActType::kContra, ActType::kRecontra}) {
      for (Direction d : kDirections) {
        if (CheckContra(Act::Simple(t, d)).ok()) out.push_back(Act::Simple(t, d));
      }
    }
  }
  if (DeclarerMayConcede()) {
    out.push_back(Act::Simple(ActType::kConcede, decl));
  }
  for (Direction d : kDirections) {
    if (d != decl) out.push_back(Act::Simple(ActType::kConcede, d));
    if (pos.trick_size() == 0) out.push_back(Act::Simple(ActType::kClaim, d));
  }
  if (profile_->resign_and_timeout) {  // D56: ISS resign and timeout
    for (Direction d : kDirections) {
      if (MayResign(d)) out.push_back(Act::Simple(ActType::kResign, d));
    }
    out.push_back(Act::Simple(ActType::kTimeout, mover));
  }
}

}  // namespace skat
