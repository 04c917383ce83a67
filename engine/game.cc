// Game: the act dispatcher, the bidding, the skat and the declarations (RULES B1-B4, G1-G7).
// The card play and the result are in game_play.cc, the list of legal acts in game_legal_acts.cc.
#include "engine/game.h"

#include <algorithm>
#include <cassert>
#include <string>

#include "engine/value.h"

namespace skat {
namespace {

std::string Who(Direction d) { return std::string(DirectionName(d)); }

}  // namespace

std::string_view PhaseName(Phase p) {
  constexpr std::string_view kNames[] = {"bidding",      "skat-decision", "tournee-card",
                                         "trump-choice", "discarding",    "declaring",
                                         "playing",      "finished"};
  return kNames[static_cast<int>(p)];
}

Game::Game(const Profile& profile, const Board& board)
    : profile_(&profile), board_(board), bidding_(profile), hands_(board.hands) {
  assert(CheckBoard(board).ok());
  acts_.reserve(40);
}

CardSet Game::hand(Direction d) const { return position_ ? position_->hand(d) : hands_[Index(d)]; }

Direction Game::to_move() const {
  switch (phase_) {
    case Phase::kBidding: return bidding_.to_act();
    case Phase::kPlaying: return position_->to_move();
    default: return *declarer_;
  }
}

Status Game::CheckSeat(const Act& act, Direction expected, const char* rule) const {
  if (act.seat == expected) return Status::Ok();
  return Status(ErrorCode::kOutOfTurn,
                ToString(act) + ": " + Who(expected) + " is to act now (RULES " + rule + ")");
}

Status Game::Apply(const Act& act) {
  if (Index(act.seat) < 0 || Index(act.seat) > 2) {
    return Status::InvalidArgument("seat " + std::to_string(Index(act.seat)) +
                                   " does not exist; seats are 0..2");
  }
  Status status;
  const bool resign_or_timeout = act.type == ActType::kResign || act.type == ActType::kTimeout;
  if (resign_or_timeout && phase_ != Phase::kPlaying && phase_ != Phase::kFinished) {
    // D56: refused outside the card play, with that reason rather than the phase's own.
    return ApplyResignOrTimeout(act);
  }
  switch (phase_) {
    case Phase::kBidding: status = ApplyBidding(act); break;
    case Phase::kSkatDecision:
    case Phase::kTourneeCard:
    case Phase::kTrumpChoice:
    case Phase::kDiscarding: status = ApplySkat(act); break;
    case Phase::kDeclaring: status = ApplyDeclare(act); break;
    case Phase::kPlaying: status = ApplyPlaying(act); break;
    case Phase::kFinished:
      status = Status(ErrorCode::kWrongPhase, ToString(act) + ": the game is over");
      break;
  }
  if (status.ok()) acts_.push_back(act);
  assert(IsConsistent());
  return status;
}

bool Game::IsConsistent() const {
  CardSet seen;
  int count = 0;
  bool twice = false;
  auto add = [&](CardSet s) {
    twice |= seen.intersects(s);
    seen.add(s);
    count += s.size();
  };
  for (Direction d : kDirections) add(hand(d));
  if (has_position()) {
    for (int i = 0; i < position_->cards_played(); ++i) add(position_->played(i));
  }
  // The skat cards in no hand: the untouched skat, or the discards.
  add(discards_.empty() ? board_.skat_set() - seen : discards_);
  return !twice && count == kCardCount && seen == CardSet::All();
}

std::vector<Act> Game::LegalActs(Direction seat) const {
  std::vector<Act> out = LegalActs();
  std::erase_if(out, [seat](const Act& a) { return a.seat != seat; });
  return out;
}

// ---- Bidding (RULES B1-B4) ----

Status Game::ApplyBidding(const Act& act) {
  Status s;
  switch (act.type) {
    case ActType::kBid: s = bidding_.Bid(act.seat, act.bid); break;
    case ActType::kHold: s = bidding_.Hold(act.seat); break;
    case ActType::kPass: s = bidding_.Pass(act.seat); break;
    default:
      return Status(ErrorCode::kWrongPhase, ToString(act) + ": the bidding is not over (RULES B1)");
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
  if (Status s = CheckSeat(act, *declarer_, "B4"); !s.ok()) return s;
  switch (phase_) {
    case Phase::kSkatDecision: return ApplySkatDecision(act);
    case Phase::kTourneeCard: return ApplyTourneeCard(act);
    case Phase::kTrumpChoice: return ApplyTrumpChoice(act);
    case Phase::kDiscarding: return ApplyDiscard(act);
    default: return Status(ErrorCode::kWrongPhase, ToString(act) + ": not a skat act now");
  }
}

Status Game::ApplySkatDecision(const Act& act) {
  switch (act.type) {
    case ActType::kTurnSkatCard:
      if (!profile_->AllowsHandling(SkatHandling::kTournee)) {
        return Status::NotAllowed(ToString(act) + ": " + std::string(profile_->id) +
                                  " has no Tournée (RULES G1)");
      }
      looked_ = true;
      handling_ = SkatHandling::kTournee;
      phase_ = Phase::kTourneeCard;
      return Status::Ok();
    case ActType::kGuckser:
      if (!profile_->AllowsHandling(SkatHandling::kGuckser)) {
        return Status::NotAllowed(ToString(act) + ": " + std::string(profile_->id) +
                                  " has no Guckser (RULES G3)");
      }
      handling_ = SkatHandling::kGuckser;
      FixTrump(GameType::kGrand);  // RULES G3: must play Grand
      return Status::Ok();
    case ActType::kTakeSkat:
      // The skat taken up, then the game declared after the discard: the pickup games
      // (gucki-variation) or Frage (eichhorn-1898 flag, 000 §6.2); no profile has both.
      if (profile_->AllowsHandling(SkatHandling::kPickup)) {
        handling_ = SkatHandling::kPickup;
      } else if (profile_->AllowsHandling(SkatHandling::kFrage)) {
        handling_ = SkatHandling::kFrage;
      } else {
        return Status::NotAllowed(ToString(act) + ": " + std::string(profile_->id) +
                                  " has no game with the skat taken up before declaring (RULES G6; "
                                  "Frage is an eichhorn-1898 option)");
      }
      TakeSkat();
      return Status::Ok();
    case ActType::kDeclare: return ApplyDeclare(act);
    default:
      return Status(ErrorCode::kWrongPhase,
                    ToString(act) + ": the declarer chooses how to treat the skat (RULES G1-G4)");
  }
}

Status Game::ApplyTourneeCard(const Act& act) {
  Card turned;
  if (act.type == ActType::kAccept) {
    turned = board_.skat[0];  // RULES G1: the accepted card is shown; its suit is trump
  } else if (act.type == ActType::kPasstMirNicht) {
    if (!profile_->AllowsHandling(SkatHandling::kPasstMirNicht)) {
      return Status::NotAllowed(ToString(act) + ": " + std::string(profile_->id) +
                                " has no passt mir nicht (RULES G2)");
    }
    handling_ = SkatHandling::kPasstMirNicht;
    turned = board_.skat[1];  // RULES G2: card 2 is turned and fixes the trump
  } else {
    return Status(ErrorCode::kWrongPhase,
                  ToString(act) +
                      ": the declarer accepts skat card 1 or says passt mir nicht "
                      "(RULES G1, G2)");
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

Status Game::ApplyTrumpChoice(const Act& act) {
  if (act.type != ActType::kChooseTrump) {
    return Status(
        ErrorCode::kWrongPhase,
        ToString(act) + ": the declarer chooses the jack's suit or Grand Tournée (RULES G1)");
  }
  const GameType suit = SuitGame(turned_->suit());
  if (act.trump != suit && act.trump != GameType::kGrand) {
    return Status(ErrorCode::kIllegalDeclaration,
                  ToString(act) + ": a turned " + ToString(*turned_) + " allows " +
                      std::string(GameTypeName(suit)) + " or grand (RULES G1)");
  }
  FixTrump(act.trump);
  return Status::Ok();
}

Status Game::ApplyDiscard(const Act& act) {
  if (act.type != ActType::kDiscard) {
    return Status(ErrorCode::kWrongPhase,
                  ToString(act) + ": the declarer must discard two cards (RULES G1)");
  }
  const CardSet hand = hands_[Index(*declarer_)];
  const auto [a, b] = act.cards;
  if (a == b || !hand.contains(a) || !hand.contains(b)) {
    return Status(ErrorCode::kIllegalDiscard,
                  ToString(act) + ": discard two different cards of the declarer's hand " +
                      ToString(hand) + " (RULES G1)");
  }
  discards_ = CardSet(a) | b;
  hands_[Index(*declarer_)].remove(discards_);
  if (handling_ == SkatHandling::kPickup || handling_ == SkatHandling::kFrage) {
    // Frage: "two cards are discarded and his trump is announced" (000 §6.2, L1500-1502).
    phase_ = Phase::kDeclaring;
  } else {
    StartPlay();
  }
  return Status::Ok();
}

// ---- Declarations (RULES G4-G7, XI.13) ----

Status Game::CheckHandDeclaration(const Declaration& d) const {
  // Messages are built only on refusal: LegalActs calls this for every possible declaration.
  auto refuse = [&](const std::string& why) {
    return Status(ErrorCode::kIllegalDeclaration, "declare " + ToString(d) + ": " + why);
  };
  // Before the skat is touched (handling_ still kHand) any game that leaves it untouched may be
  // declared: a hand game, Revolution, Uno or Duo (RULES G4 and the profile deltas).
  const bool untouched = handling_ == SkatHandling::kHand && SkatUntouched(d.handling);
  if (d.handling != handling_ && !untouched) {
    return refuse("the skat was handled as " + std::string(HandlingName(handling_)) +
                  " (RULES G1-G4)");
  }
  if (!profile_->Allows(d)) {
    return refuse("no such game under " + std::string(profile_->id) +
                  " (RULES G4-G6; Revolution, Uno and Duo are profile options, D26-D29)");
  }
  const int h = static_cast<int>(d.handling);
  if (d.announced != Announcement::kNone && d.ouvert && !profile_->FixedValue(d) &&
      profile_->ouvert_announces_schwarz) {
    // RULES N3, ISkO 5.2.6: an ouvert suit or grand game already counts schneider and schwarz
    // announced; the game is declared once, without a redundant announcement.
    return refuse(
        "an ouvert game already counts schneider and schwarz announced (RULES G4, N3); "
        "declare " +
        ToString(Declaration{d.handling, d.type, true, Announcement::kNone}) +
        " without the announcement");
  }
  if (d.announced != Announcement::kNone &&
      (profile_->FixedValue(d) || d.ouvert ||
       !profile_->levels[h].AllowsAnnouncement(d.announced))) {
    return refuse("only a Solo or Grand Solo may announce (RULES G4)");
  }
  return CheckFloor(*profile_, d, floor());  // RULES G7, as skat value refuses it
}

Status Game::CheckGuckiNull(const Declaration& d) const {
  auto refuse = [&](const std::string& why) {
    return Status(ErrorCode::kIllegalDeclaration, "declare " + ToString(d) + ": " + why);
  };
  if (d.type != GameType::kNull || d.announced != Announcement::kNone || !profile_->Allows(d)) {
    return refuse("no Gucki Null under " + std::string(profile_->id) +
                  " (RULES \"Profile deltas\")");
  }
  return CheckFloor(*profile_, d, floor());  // RULES G7
}

Status Game::CheckRaise(const Declaration& d) const {
  // RULES G4 / XI.13: before the first card a Solo declarer may raise his suit, switch to Grand
  // Solo or add or raise an announcement; never switch to Null or an ouvert game.
  const Declaration& now = *declaration_;
  auto refuse = [&](const std::string& why) {
    return Status(ErrorCode::kIllegalDeclaration, "declare " + ToString(d) + ": " + why);
  };
  if (!profile_->raise_before_first_card) {
    return refuse("the game is announced once under " + std::string(profile_->id) +
                  " (no raise; ISkO 3.4)");
  }
  if (now.handling != SkatHandling::kHand || now.type == GameType::kNull || now.ouvert) {
    return refuse("only a Solo may be raised (RULES G4, XI.13)");
  }
  if (d.type == GameType::kNull || d.ouvert) {
    return refuse("a Solo may not become Null or ouvert (RULES G4)");
  }
  if (d.handling != SkatHandling::kHand) {
    return refuse("a Solo may not become " + std::string(HandlingName(d.handling)) +
                  " (RULES G4, D28)");
  }
  const bool type_up =
      d.type == now.type ||
      (now.type != GameType::kGrand && static_cast<int>(d.type) > static_cast<int>(now.type));
  if (!type_up || d.announced < now.announced || d == now) {
    return refuse("not a raise of " + ToString(now) + " (RULES G4, XI.13)");
  }
  return CheckHandDeclaration(d);
}

Status Game::ApplyDeclare(const Act& act) {
  if (Status s = CheckSeat(act, *declarer_, "B4"); !s.ok()) return s;
  if (act.type != ActType::kDeclare) {
    return Status(ErrorCode::kWrongPhase, ToString(act) + ": the declarer must declare a game");
  }
  Declaration d = act.declaration;
  if (phase_ == Phase::kSkatDecision && d.handling == SkatHandling::kGuckser) {
    // laws-1900 Gucki Null (open or not): announced before touching the skat, which he then
    // takes and discards from (001:L35, L52).
    if (Status s = CheckGuckiNull(d); !s.ok()) return s;
    handling_ = SkatHandling::kGuckser;
    declaration_ = d;
    TakeSkat();
    return Status::Ok();
  }
  if (phase_ == Phase::kSkatDecision && !SkatUntouched(d.handling)) {
    return Status(ErrorCode::kIllegalDeclaration,
                  ToString(act) +
                      ": without touching the skat only a hand game (or Revolution, Uno, Duo) "
                      "can be declared (RULES G4)");
  }
  // In kSkatDecision handling_ is still kHand; in kDeclaring it is kPickup or kFrage.
  if (Status s = CheckHandDeclaration(d); !s.ok()) return s;
  handling_ = d.handling;  // Revolution, Uno, Duo: declared like a hand game (D26, D28)
  declaration_ = d;
  StartPlay();
  return Status::Ok();
}

}  // namespace skat
