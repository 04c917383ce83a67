#include "services/common/game_proto.h"

#include <string>

namespace skat::service {
namespace {

template <typename Engine>
constexpr int Wire(Engine e) {
  return static_cast<int>(e) + 1;
}

Result<Card> CardFromText(const std::string& text, std::string_view field) {
  std::optional<Card> card = ParseCard(text);
  if (!card)
    return Status::InvalidArgument(std::string(field) + ": '" + text.substr(0, 40) +
                                   "' is not a card");
  return *card;
}

void TrickToProto(const TrickView& trick, v1::Trick* out) {
  out->set_leader(service::ToProto(trick.leader));
  for (int i = 0; i < trick.size; ++i) out->add_cards(ToString(trick.cards[i]));
}

Result<TrickView> TrickFromProto(const v1::Trick& trick, std::string_view field) {
  TrickView out;
  if (trick.cards_size() > 3)
    return Status::InvalidArgument(std::string(field) + " has more than 3 cards");
  out.leader = service::FromProto(trick.leader()).value_or(Direction::kForehand);
  out.size = trick.cards_size();
  for (int i = 0; i < out.size; ++i) {
    Result<Card> card = CardFromText(trick.cards(i), field);
    if (!card.ok()) return card.status();
    out.cards[i] = *card;
  }
  return out;
}

Result<Card> OptionalCard(const std::string& text, std::string_view field,
                          std::optional<Card>& out) {
  if (text.empty()) return Card();
  Result<Card> card = CardFromText(text, field);
  if (card.ok()) out = *card;
  return card;
}

}  // namespace

v1::Direction ToProto(Direction d) { return static_cast<v1::Direction>(Wire(d)); }

v1::Direction ToProto(std::optional<Direction> d) {
  return d ? ToProto(*d) : v1::DIRECTION_UNSPECIFIED;
}

std::optional<Direction> FromProto(v1::Direction d) {
  if (d < v1::DIRECTION_FOREHAND || d > v1::DIRECTION_REARHAND) return std::nullopt;
  return static_cast<Direction>(d - 1);
}

std::string_view DirectionWord(v1::Direction d) {
  const std::optional<Direction> direction = FromProto(d);
  return direction ? DirectionName(*direction) : "";
}

void AddCards(CardSet cards, google::protobuf::RepeatedPtrField<std::string>* out) {
  for (int i = kCardCount - 1; i >= 0; --i) {
    if (cards.contains(Card::FromIndex(i))) out->Add(ToString(Card::FromIndex(i)));
  }
}

Result<CardSet> CardsFromProto(const google::protobuf::RepeatedPtrField<std::string>& cards,
                               std::string_view field) {
  CardSet out;
  if (cards.size() > kCardCount)
    return Status::InvalidArgument(std::string(field) + " has too many cards");
  for (const std::string& text : cards) {
    Result<Card> card = CardFromText(text, field);
    if (!card.ok()) return card.status();
    out.add(*card);
  }
  return out;
}

void ToProto(const Declaration& d, v1::Declaration* out) {
  out->set_handling(static_cast<v1::SkatHandling>(Wire(d.handling)));
  out->set_game(static_cast<v1::GameType>(Wire(d.type)));
  out->set_ouvert(d.ouvert);
  out->set_announcement(static_cast<v1::Announcement>(Wire(d.announced)));
}

Result<Declaration> FromProto(const v1::Declaration& d) {
  Declaration out;
  if (d.handling() < 1 || d.handling() > kSkatHandlingCount) {
    return Status::InvalidArgument("declaration.handling " + std::to_string(d.handling()) +
                                   " is not a skat handling (SKAT_HANDLING_HAND, _TOURNEE, ...)");
  }
  if (d.game() < 1 || d.game() > kGameTypeCount) {
    return Status::InvalidArgument("declaration.game " + std::to_string(d.game()) +
                                   " is not a game (GAME_TYPE_DIAMONDS ... GAME_TYPE_NULL)");
  }
  if (d.announcement() < 0 || d.announcement() > 3) {
    return Status::InvalidArgument("declaration.announcement " + std::to_string(d.announcement()) +
                                   " is not an announcement");
  }
  out.handling = static_cast<SkatHandling>(d.handling() - 1);
  out.type = static_cast<GameType>(d.game() - 1);
  out.ouvert = d.ouvert();
  out.announced = d.announcement() == v1::ANNOUNCEMENT_UNSPECIFIED
                      ? Announcement::kNone
                      : static_cast<Announcement>(d.announcement() - 1);
  return out;
}

void ToProto(const Act& act, v1::Act* out) {
  out->set_type(static_cast<v1::ActType>(Wire(act.type)));
  out->set_seat(ToProto(act.seat));
  switch (act.type) {
    case ActType::kBid: out->set_bid(act.bid); break;
    case ActType::kPlay: out->add_cards(ToString(act.cards[0])); break;
    case ActType::kDiscard:
      out->add_cards(ToString(act.cards[0]));
      out->add_cards(ToString(act.cards[1]));
      break;
    case ActType::kChooseTrump: out->set_trump(static_cast<v1::GameType>(Wire(act.trump))); break;
    case ActType::kDeclare: ToProto(act.declaration, out->mutable_declaration()); break;
    case ActType::kAnswer: out->set_accept(act.accept); break;
    default: break;
  }
  out->set_text(ActLine(act));
}

Result<Act> FromProto(const v1::Act& act, Direction seat) {
  if (act.type() < 1 || act.type() > kActTypeCount) {
    return Status::InvalidArgument("act.type " + std::to_string(act.type()) +
                                   " is not an act (ACT_TYPE_BID ...)");
  }
  if (act.seat() != v1::DIRECTION_UNSPECIFIED && FromProto(act.seat()) != seat) {
    return Status::InvalidArgument("act.seat " + std::to_string(act.seat()) +
                                   " is not this seat's direction (" +
                                   std::string(DirectionName(seat)) + ")");
  }
  Act out = Act::Simple(static_cast<ActType>(act.type() - 1), seat);
  auto cards = [&](int n) -> Status {
    if (act.cards_size() != n) {
      return Status::InvalidArgument("act.cards: " + std::string(ActTypeName(out.type)) +
                                     " needs " + std::to_string(n) + " card" + (n == 1 ? "" : "s") +
                                     ", got " + std::to_string(act.cards_size()));
    }
    for (int i = 0; i < n; ++i) {
      Result<Card> card = CardFromText(act.cards(i), "act.cards");
      if (!card.ok()) return card.status();
      out.cards[i] = *card;
    }
    return Status::Ok();
  };
  switch (out.type) {
    case ActType::kBid:
      if (act.bid() <= 0)
        return Status::InvalidArgument("act.bid " + std::to_string(act.bid()) + " is not a bid");
      out.bid = act.bid();
      break;
    case ActType::kPlay:
      if (Status s = cards(1); !s.ok()) return s;
      break;
    case ActType::kDiscard:
      if (Status s = cards(2); !s.ok()) return s;
      break;
    case ActType::kChooseTrump:
      if (act.trump() < 1 || act.trump() > kGameTypeCount) {
        return Status::InvalidArgument("act.trump " + std::to_string(act.trump()) +
                                       " is not a game");
      }
      out.trump = static_cast<GameType>(act.trump() - 1);
      break;
    case ActType::kDeclare: {
      if (!act.has_declaration())
        return Status::InvalidArgument("act.declaration is missing for declare");
      Result<Declaration> d = FromProto(act.declaration());
      if (!d.ok()) return d.status();
      out.declaration = *d;
      break;
    }
    case ActType::kAnswer: out.accept = act.accept(); break;
    default: break;
  }
  return out;
}

void ToProto(const GameResult& result, v1::GameResult* out) {
  switch (result.kind) {
    case ResultKind::kDeclarerGame:
      out->set_kind(v1::GameResult::KIND_DECLARER_GAME);
      out->set_declarer(ToProto(result.declarer));
      ToProto(result.declaration, out->mutable_declaration());
      out->set_won(result.valuation.won);
      out->set_value(result.valuation.value);
      break;
    case ResultKind::kRamsch: out->set_kind(v1::GameResult::KIND_RAMSCH); break;
    case ResultKind::kPassedIn: out->set_kind(v1::GameResult::KIND_PASSED_IN); break;
  }
  for (int i = 0; i < kDirectionCount; ++i) {
    out->add_pad(result.pad[i]);
    out->add_card_points(result.card_points[i]);
    out->add_tricks(result.tricks[i]);
  }
  out->set_summary(Describe(result));
}

void ToProto(const SeatView& view, v1::SeatView* out) {
  out->set_seat(ToProto(view.seat));
  out->set_phase(static_cast<v1::Phase>(Wire(view.phase)));
  out->set_to_move(ToProto(view.to_move));
  AddCards(view.hand, out->mutable_hand());
  for (const Act& act : view.bidding) ToProto(act, out->add_bidding());
  out->set_declarer(ToProto(view.declarer));
  out->set_floor(view.floor);
  out->set_ramsch(view.ramsch);
  if (view.declaration) ToProto(*view.declaration, out->mutable_declaration());
  if (view.turned_card) out->set_turned_card(ToString(*view.turned_card));
  if (view.looked_card) out->set_looked_card(ToString(*view.looked_card));
  for (int i = 0; i < kDirectionCount; ++i) {
    if (view.exposed[i].empty()) continue;
    v1::ExposedHand* hand = out->add_exposed();
    hand->set_seat(ToProto(static_cast<Direction>(i)));
    AddCards(view.exposed[i], hand->mutable_cards());
  }
  AddCards(view.partner_hand, out->mutable_partner_hand());
  TrickToProto(view.current_trick, out->mutable_current_trick());
  TrickToProto(view.last_trick, out->mutable_last_trick());
  for (int n : view.tricks_won) out->add_tricks_won(n);
  AddCards(view.own_discards, out->mutable_own_discards());
  if (view.proposal) {
    v1::Proposal* p = out->mutable_proposal();
    p->set_kind(static_cast<v1::ActType>(Wire(view.proposal->kind)));
    p->set_proposer(ToProto(view.proposal->proposer));
    for (int i = 0; i < kDirectionCount; ++i) {
      if (view.proposal->awaiting[i]) p->add_awaiting(ToProto(static_cast<Direction>(i)));
    }
  }
  if (view.contra_by) out->set_contra_by(ToProto(*view.contra_by));
  out->set_recontra(view.recontra);
  for (Card c : view.trick_log) out->add_trick_log(ToString(c));
  AddCards(view.skat, out->mutable_skat());
  if (view.result) ToProto(*view.result, out->mutable_result());
}

Result<SeatView> FromProto(const v1::SeatView& in) {
  SeatView view;
  view.seat = FromProto(in.seat());
  if (in.phase() < 1 || in.phase() > static_cast<int>(Phase::kFinished) + 1) {
    return Status::InvalidArgument("view.phase " + std::to_string(in.phase()) + " is not a phase");
  }
  view.phase = static_cast<Phase>(in.phase() - 1);
  view.to_move = FromProto(in.to_move());
  Result<CardSet> hand = CardsFromProto(in.hand(), "view.hand");
  if (!hand.ok()) return hand.status();
  view.hand = *hand;
  for (const v1::Act& act : in.bidding()) {
    std::optional<Direction> seat = FromProto(act.seat());
    if (!seat) return Status::InvalidArgument("view.bidding: an act without a seat");
    Result<Act> a = FromProto(act, *seat);
    if (!a.ok()) return a.status();
    view.bidding.push_back(*a);
  }
  view.declarer = FromProto(in.declarer());
  view.floor = in.floor();
  view.ramsch = in.ramsch();
  if (in.has_declaration()) {
    Result<Declaration> d = FromProto(in.declaration());
    if (!d.ok()) return d.status();
    view.declaration = *d;
  }
  if (Result<Card> c = OptionalCard(in.turned_card(), "view.turned_card", view.turned_card);
      !c.ok()) {
    return c.status();
  }
  if (Result<Card> c = OptionalCard(in.looked_card(), "view.looked_card", view.looked_card);
      !c.ok()) {
    return c.status();
  }
  for (const v1::ExposedHand& exposed : in.exposed()) {
    std::optional<Direction> seat = FromProto(exposed.seat());
    Result<CardSet> cards = CardsFromProto(exposed.cards(), "view.exposed");
    if (!seat || !cards.ok()) return Status::InvalidArgument("view.exposed: unreadable hand");
    view.exposed[Index(*seat)] = *cards;
  }
  Result<CardSet> partner = CardsFromProto(in.partner_hand(), "view.partner_hand");
  if (!partner.ok()) return partner.status();
  view.partner_hand = *partner;
  Result<TrickView> current = TrickFromProto(in.current_trick(), "view.current_trick");
  if (!current.ok()) return current.status();
  view.current_trick = *current;
  Result<TrickView> last = TrickFromProto(in.last_trick(), "view.last_trick");
  if (!last.ok()) return last.status();
  view.last_trick = *last;
  for (int i = 0; i < kDirectionCount && i < in.tricks_won_size(); ++i) {
    view.tricks_won[i] = in.tricks_won(i);
  }
  Result<CardSet> discards = CardsFromProto(in.own_discards(), "view.own_discards");
  if (!discards.ok()) return discards.status();
  view.own_discards = *discards;
  if (in.has_proposal()) {
    Proposal p;
    p.kind = static_cast<ActType>(std::max(0, in.proposal().kind() - 1));
    p.proposer = FromProto(in.proposal().proposer()).value_or(Direction::kForehand);
    for (int d : in.proposal().awaiting()) {
      if (std::optional<Direction> seat = FromProto(static_cast<v1::Direction>(d))) {
        p.awaiting[Index(*seat)] = true;
      }
    }
    view.proposal = p;
  }
  view.contra_by = FromProto(in.contra_by());
  view.recontra = in.recontra();
  for (const std::string& text : in.trick_log()) {
    Result<Card> card = CardFromText(text, "view.trick_log");
    if (!card.ok()) return card.status();
    view.trick_log.push_back(*card);
  }
  Result<CardSet> skat = CardsFromProto(in.skat(), "view.skat");
  if (!skat.ok()) return skat.status();
  view.skat = *skat;
  return view;
}

Result<std::vector<Act>> LegalActsFromProto(const v1::SeatView& view) {
  std::vector<Act> out;
  std::optional<Direction> seat = FromProto(view.seat());
  if (!seat) return out;
  for (const v1::Act& act : view.legal_acts()) {
    Result<Act> a = FromProto(act, *seat);
    if (!a.ok()) return a.status();
    out.push_back(*a);
  }
  return out;
}

}  // namespace skat::service
