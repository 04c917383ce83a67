#include "engine/game.h"

#include <algorithm>
#include <cassert>
#include <string>

namespace skat {
namespace {

std::string Who(Direction d) { return std::string(DirectionName(d)); }

Status Error(ErrorCode code, std::string message) { return Status(code, std::move(message)); }

}  // namespace

std::string_view PhaseName(Phase p) {
  constexpr std::string_view kNames[] = {"bidding",   "skat-decision", "tournee-card",
                                         "trump-choice", "discarding", "declaring",
                                         "playing",   "finished"};
  return kNames[static_cast<int>(p)];
}

Game::Game(const Profile& profile, const Board& board)
    : profile_(&profile), board_(board), bidding_(profile), hands_(board.hands) {
  assert(CheckBoard(board).ok());
  acts_.reserve(40);
}

CardSet Game::hand(Direction d) const {
  return position_ ? position_->hand(d) : hands_[Index(d)];
}

Direction Game::to_move() const {
  switch (phase_) {
    case Phase::kBidding: return bidding_.to_act();
    case Phase::kPlaying: return position_->to_move();
    default: return *declarer_;
  }
}

Status Game::CheckSeat(const Act& act, Direction expected) const {
  if (act.seat == expected) return Status::Ok();
  return Error(ErrorCode::kOutOfTurn, ToString(act) + ": " + Who(expected) + " is to act now");
}

Status Game::Apply(const Act& act) {
  if (Index(act.seat) < 0 || Index(act.seat) > 2) {
    return Error(ErrorCode::kInvalidArgument, "seat " + std::to_string(Index(act.seat)) +
                                                  " does not exist; seats are 0..2");
  }
  Status status;
  switch (phase_) {
    case Phase::kBidding: status = ApplyBidding(act); break;
    case Phase::kSkatDecision:
    case Phase::kTourneeCard:
    case Phase::kTrumpChoice:
    case Phase::kDiscarding: status = ApplySkat(act); break;
    case Phase::kDeclaring: status = ApplyDeclare(act); break;
    case Phase::kPlaying: status = ApplyPlaying(act); break;
    case Phase::kFinished:
      status = Error(ErrorCode::kWrongPhase, ToString(act) + ": the game is over");
      break;
  }
  if (status.ok()) acts_.push_back(act);
  return status;
}

// ---- Bidding (RULES B1-B4) ----

Status Game::ApplyBidding(const Act& act) {
  Status s;
  switch (act.type) {
    case ActType::kBid: s = bidding_.Bid(act.seat, act.bid); break;
    case ActType::kHold: s = bidding_.Hold(act.seat); break;
    case ActType::kPass: s = bidding_.Pass(act.seat); break;
    default:
      return Error(ErrorCode::kWrongPhase,
                   ToString(act) + ": the bidding is not over (RULES B1)");
  }
  if (!s.ok() || !bidding_.finished()) return s;
  declarer_ = bidding_.declarer();
  if (declarer_) {
    phase_ = Phase::kSkatDecision;
    return s;
  }
  if (profile_->ramsch) {
    ramsch_ = true;  // RULES B3 / N10: all passed, Ramsch is compulsory
    StartPlay();
  } else {
    result_.kind = ResultKind::kPassedIn;
    phase_ = Phase::kFinished;
  }
  return s;
}

// ---- The skat: Tournée, passt mir nicht, Guckser, pickup, discards (RULES G1-G3) ----

void Game::TakeSkat() {
  hands_[Index(*declarer_)].add(board_.skat_set());
  phase_ = Phase::kDiscarding;
}

void Game::FixTrump(GameType type) {
  declaration_ = Declaration{handling_, type, false, Announcement::kNone};
  TakeSkat();  // RULES G1: he then takes both cards into his hand
}

Status Game::ApplySkat(const Act& act) {
  if (Status s = CheckSeat(act, *declarer_); !s.ok()) return s;
  const Card card1 = board_.skat[0];
  const Card card2 = board_.skat[1];
  auto wrong = [&](const char* what) {
    return Error(ErrorCode::kWrongPhase, ToString(act) + ": " + what);
  };
  switch (phase_) {
    case Phase::kSkatDecision:
      switch (act.type) {
        case ActType::kTurnSkatCard:
          if (!profile_->AllowsHandling(SkatHandling::kTournee)) {
            return Error(ErrorCode::kNotAllowed, ToString(act) + ": " +
                                                     std::string(profile_->id) +
                                                     " has no Tournée (RULES G1)");
          }
          looked_ = true;
          handling_ = SkatHandling::kTournee;
          phase_ = Phase::kTourneeCard;
          return Status::Ok();
        case ActType::kGuckser:
          if (!profile_->AllowsHandling(SkatHandling::kGuckser)) {
            return Error(ErrorCode::kNotAllowed, ToString(act) + ": " +
                                                     std::string(profile_->id) +
                                                     " has no Guckser (RULES G3)");
          }
          handling_ = SkatHandling::kGuckser;
          FixTrump(GameType::kGrand);  // RULES G3: must play Grand
          return Status::Ok();
        case ActType::kTakeSkat:
          if (!profile_->AllowsHandling(SkatHandling::kPickup)) {
            return Error(ErrorCode::kNotAllowed,
                         ToString(act) + ": " + std::string(profile_->id) +
                             " has no game with the skat taken openly (RULES G6)");
          }
          handling_ = SkatHandling::kPickup;
          TakeSkat();
          return Status::Ok();
        case ActType::kDeclare: return ApplyDeclare(act);
        default: return wrong("the declarer chooses how to treat the skat (RULES G1-G4)");
      }
    case Phase::kTourneeCard: {
      Card turned;
      if (act.type == ActType::kAccept) {
        turned = card1;  // RULES G1: the accepted card is shown; its suit is trump
      } else if (act.type == ActType::kPasstMirNicht) {
        if (!profile_->AllowsHandling(SkatHandling::kPasstMirNicht)) {
          return Error(ErrorCode::kNotAllowed, ToString(act) + ": " +
                                                   std::string(profile_->id) +
                                                   " has no passt mir nicht (RULES G2)");
        }
        handling_ = SkatHandling::kPasstMirNicht;
        turned = card2;  // RULES G2: card 2 is turned and fixes the trump
      } else {
        return wrong("the declarer accepts skat card 1 or says passt mir nicht (RULES G1, G2)");
      }
      turned_ = turned;
      const Declaration grand{handling_, GameType::kGrand};
      if (turned.is_jack() && profile_->Allows(grand)) {
        phase_ = Phase::kTrumpChoice;  // RULES G1: the jack's suit or Grand Tournée
      } else {
        FixTrump(SuitGame(turned.suit()));
      }
      return Status::Ok();
    }
    case Phase::kTrumpChoice: {
      if (act.type != ActType::kChooseTrump) {
        return wrong("the declarer chooses the jack's suit or Grand Tournée (RULES G1)");
      }
      const GameType suit = SuitGame(turned_->suit());
      if (act.trump != suit && act.trump != GameType::kGrand) {
        return Error(ErrorCode::kIllegalDeclaration,
                     ToString(act) + ": a turned " + ToString(*turned_) + " allows " +
                         std::string(GameTypeName(suit)) + " or grand (RULES G1)");
      }
      FixTrump(act.trump);
      return Status::Ok();
    }
    case Phase::kDiscarding: {
      if (act.type != ActType::kDiscard) {
        return wrong("the declarer must discard two cards (RULES G1)");
      }
      const CardSet hand = hands_[Index(*declarer_)];
      const auto [a, b] = act.cards;
      if (a == b || !hand.contains(a) || !hand.contains(b)) {
        return Error(ErrorCode::kIllegalDiscard,
                     ToString(act) + ": discard two different cards of the declarer's hand " +
                         ToString(hand) + " (RULES G1)");
      }
      discards_ = CardSet(a) | b;
      hands_[Index(*declarer_)].remove(discards_);
      if (handling_ == SkatHandling::kPickup) {
        phase_ = Phase::kDeclaring;
      } else {
        StartPlay();
      }
      return Status::Ok();
    }
    default: return wrong("not a skat act now");
  }
}

// ---- Declarations (RULES G4-G7, XI.13) ----

Status Game::CheckHandDeclaration(const Declaration& d) const {
  // Messages are built only on refusal: LegalActs calls this for every possible declaration.
  auto refuse = [&](const std::string& why) {
    return Error(ErrorCode::kIllegalDeclaration, "declare " + ToString(d) + ": " + why);
  };
  if (d.handling != handling_) {
    return refuse("the skat was handled as " + std::string(HandlingName(handling_)) +
                  " (RULES G1-G4)");
  }
  if (!profile_->Allows(d)) {
    return refuse("no such game under " + std::string(profile_->id) + " (RULES G4-G6)");
  }
  const int h = static_cast<int>(d.handling);
  if (d.announced != Announcement::kNone &&
      (d.type == GameType::kNull || d.ouvert ||
       profile_->levels[h].Won(d.announced, d.announced) == 0)) {
    return refuse("only a Solo or Grand Solo may announce (RULES G4)");
  }
  if (d.type == GameType::kNull && profile_->Unit(d) < floor()) {
    // RULES G7: a value certain when declared and below the floor is refused.
    return refuse("its value " + std::to_string(profile_->Unit(d)) + " is below the bid " +
                  std::to_string(floor()) + " (RULES G7)");
  }
  return Status::Ok();
}

Status Game::CheckRaise(const Declaration& d) const {
  // RULES G4 / XI.13: before the first card a Solo declarer may raise his suit, switch to Grand
  // Solo or add or raise an announcement; never switch to Null or an ouvert game.
  const Declaration& now = *declaration_;
  auto refuse = [&](const std::string& why) {
    return Error(ErrorCode::kIllegalDeclaration, "declare " + ToString(d) + ": " + why);
  };
  if (now.handling != SkatHandling::kHand || now.type == GameType::kNull || now.ouvert) {
    return refuse("only a Solo may be raised (RULES G4, XI.13)");
  }
  if (d.type == GameType::kNull || d.ouvert) {
    return refuse("a Solo may not become Null or ouvert (RULES G4)");
  }
  const bool type_up = d.type == now.type ||
                       (now.type != GameType::kGrand && static_cast<int>(d.type) >
                                                            static_cast<int>(now.type));
  if (!type_up || d.announced < now.announced || d == now) {
    return refuse("not a raise of " + ToString(now) + " (RULES G4, XI.13)");
  }
  return CheckHandDeclaration(d);
}

Status Game::ApplyDeclare(const Act& act) {
  if (Status s = CheckSeat(act, *declarer_); !s.ok()) return s;
  if (act.type != ActType::kDeclare) {
    return Error(ErrorCode::kWrongPhase, ToString(act) + ": the declarer must declare a game");
  }
  Declaration d = act.declaration;
  if (phase_ == Phase::kSkatDecision && d.handling != SkatHandling::kHand) {
    return Error(ErrorCode::kIllegalDeclaration,
                 ToString(act) + ": without touching the skat only a hand game can be declared "
                                 "(RULES G4)");
  }
  // In kSkatDecision handling_ is still kHand; in kDeclaring it is kPickup.
  if (Status s = CheckHandDeclaration(d); !s.ok()) return s;
  declaration_ = d;
  StartPlay();
  return Status::Ok();
}

// ---- Card play (RULES T1-T4, N6, N11, N12) ----

void Game::StartPlay() {
  const GameType trick_type = ramsch_ ? GameType::kGrand : declaration_->type;
  position_.emplace(hands_, trick_type);
  if (!ramsch_ && declaration_->ouvert) exposed_[Index(*declarer_)] = true;  // RULES G5
  phase_ = Phase::kPlaying;
}

Status Game::ApplyPlaying(const Act& act) {
  const std::string what = ToString(act);
  if (proposal_) {
    if (act.type != ActType::kAnswer || !proposal_->awaiting[Index(act.seat)]) {
      return Error(ErrorCode::kWrongPhase,
                   what + ": a " + std::string(ActTypeName(proposal_->kind)) + " by " +
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
  const Position& pos = *position_;
  switch (act.type) {
    case ActType::kPlay: {
      if (Status s = CheckSeat(act, pos.to_move()); !s.ok()) return s;
      const Card card = act.cards[0];
      if (!pos.hand(act.seat).contains(card)) {
        return Error(ErrorCode::kIllegalCard, what + ": " + ToString(card) + " is not in " +
                                                  Who(act.seat) + "'s hand (RULES T2)");
      }
      if (!pos.LegalCards().contains(card)) {
        const Card led = pos.played(pos.cards_played() - pos.trick_size());
        return Error(ErrorCode::kIllegalCard,
                     what + ": " + Who(act.seat) + " must follow " + ToString(led) +
                         " with one of " + ToString(pos.LegalCards()) + " (RULES T2)");
      }
      position_->Play(card);
      AfterCard();
      return Status::Ok();
    }
    case ActType::kDeclare: {
      if (ramsch_ || act.seat != *declarer_ || pos.cards_played() > 0) {
        return Error(ErrorCode::kWrongPhase,
                     what + ": only the declarer may raise, before the first card (RULES G4)");
      }
      if (Status s = CheckRaise(act.declaration); !s.ok()) return s;
      declaration_ = act.declaration;
      position_.emplace(hands_, declaration_->type);  // no card played yet: new trumps
      return Status::Ok();
    }
    case ActType::kConcede: {
      if (ramsch_) return Error(ErrorCode::kNotAllowed, what + ": nobody concedes a Ramsch");
      if (act.seat == *declarer_) {
        if (pos.cards_played() > profile_->concede_max_cards_played) {
          return Error(ErrorCode::kNotAllowed,
                       what + ": too late, the declarer may concede only before the second card "
                              "of trick 2 (RULES N11)");
        }
        Finish(GameEnd::kDeclarerConceded);
        return Status::Ok();
      }
      // RULES N11: defenders concede only both together; the partner must agree.
      Proposal p{ActType::kConcede, act.seat, {}};
      for (Direction d : kDirections) p.awaiting[Index(d)] = d != act.seat && d != *declarer_;
      proposal_ = p;
      return Status::Ok();
    }
    case ActType::kClaim: {
      if (ramsch_) return Error(ErrorCode::kNotAllowed, what + ": nobody claims in a Ramsch");
      if (pos.trick_size() != 0) {
        return Error(ErrorCode::kNotAllowed,
                     what + ": a claim is made between tricks (RULES N12)");
      }
      Proposal p{ActType::kClaim, act.seat, {}};
      const bool declarer_side = act.seat == *declarer_;
      for (Direction d : kDirections) {
        p.awaiting[Index(d)] = declarer_side ? d != *declarer_ : d == *declarer_;
      }
      proposal_ = p;
      return Status::Ok();
    }
    default:
      return Error(ErrorCode::kWrongPhase, what + ": the cards are being played (RULES T1)");
  }
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
  const bool schwarz_announced =
      d.announced == Announcement::kSchwarz || (d.ouvert && d.type != GameType::kNull &&
                                                profile_->ouvert_announces_schwarz);
  if ((d.type == GameType::kNull && declarer_won) || (schwarz_announced && !declarer_won)) {
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
  if (claimant_) {
    // The remaining cards (a claim is made between tricks) go to the claimant's side.
    const int remaining = 10 - pos.tricks_played();
    CardSet rest;
    for (Direction d : kDirections) rest.add(pos.hand(d));
    const Direction taker = *claimant_;
    r.tricks[Index(taker)] += remaining;
    r.card_points[Index(taker)] += rest.points();
  }
  r.outcome.declarer_points = r.card_points[Index(decl)];
  r.outcome.declarer_tricks = r.tricks[Index(decl)];
  r.outcome.end = end;
  if (r.declaration.type != GameType::kNull) {
    // RULES N1: matadors over the declarer's 12 cards, hand and skat.
    r.matadors = CountMatadors(board_.hand(decl) | board_.skat_set(), r.declaration.type);
  }
  r.valuation = ValueGameUnchecked(*profile_, r.declaration, r.matadors, r.floor, r.outcome);
  if (r.early_end) r.valuation.rules |= kRuleN6;
  if (r.claim_accepted) r.valuation.rules |= kRuleN12;
  r.pad = {};
  r.pad[Index(decl)] = r.valuation.pad;  // RULES S1
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
  r.card_points[Index(last)] += board_.skat_set().points();  // RULES N10: skat to the last trick
  ChargeRamsch(*profile_, last, r);
}

// ---- Legal acts ----

std::vector<Act> Game::LegalActs() const {
  std::vector<Act> out;
  switch (phase_) {
    case Phase::kBidding: {
      const Direction seat = bidding_.to_act();
      if (bidding_.to_act_may_hold()) {
        out.push_back(Act::Simple(ActType::kHold, seat));
      } else if (profile_->any_positive_bid) {
        out.push_back(Act::Bid(seat, bidding_.current_bid() + 1));
      } else {
        for (int v : profile_->legal_bids) {
          if (v > bidding_.current_bid()) out.push_back(Act::Bid(seat, v));
        }
      }
      out.push_back(Act::Simple(ActType::kPass, seat));
      break;
    }
    case Phase::kSkatDecision: {
      const Direction seat = *declarer_;
      if (profile_->AllowsHandling(SkatHandling::kTournee)) {
        out.push_back(Act::Simple(ActType::kTurnSkatCard, seat));
      }
      if (profile_->AllowsHandling(SkatHandling::kGuckser)) {
        out.push_back(Act::Simple(ActType::kGuckser, seat));
      }
      if (profile_->AllowsHandling(SkatHandling::kPickup)) {
        out.push_back(Act::Simple(ActType::kTakeSkat, seat));
      }
      for (int t = 0; t < kGameTypeCount; ++t) {
        for (int o = 0; o < 2; ++o) {
          for (int a = 0; a < 3; ++a) {
            const Declaration d{SkatHandling::kHand, static_cast<GameType>(t), o == 1,
                                static_cast<Announcement>(a)};
            if (CheckHandDeclaration(d).ok()) out.push_back(Act::Declare(seat, d));
          }
        }
      }
      break;
    }
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
    case Phase::kDeclaring:
      for (int t = 0; t < kGameTypeCount; ++t) {
        for (int o = 0; o < 2; ++o) {
          for (int a = 0; a < 3; ++a) {
            const Declaration d{handling_, static_cast<GameType>(t), o == 1,
                                static_cast<Announcement>(a)};
            if (CheckHandDeclaration(d).ok()) out.push_back(Act::Declare(*declarer_, d));
          }
        }
      }
      break;
    case Phase::kPlaying: AppendPlayingActs(out); break;
    case Phase::kFinished: break;
  }
  return out;
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
  if (pos.cards_played() == 0) {
    for (int t = 0; t < kGameTypeCount; ++t) {
      for (int a = 0; a < 3; ++a) {
        const Declaration d{SkatHandling::kHand, static_cast<GameType>(t), false,
                            static_cast<Announcement>(a)};
        if (CheckRaise(d).ok()) out.push_back(Act::Declare(decl, d));
      }
    }
  }
  if (pos.cards_played() <= profile_->concede_max_cards_played) {
    out.push_back(Act::Simple(ActType::kConcede, decl));
  }
  for (Direction d : kDirections) {
    if (d != decl) out.push_back(Act::Simple(ActType::kConcede, d));
    if (pos.trick_size() == 0) out.push_back(Act::Simple(ActType::kClaim, d));
  }
}

}  // namespace skat
