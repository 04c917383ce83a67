#include "engine/act.h"

namespace skat {

Act Act::Bid(Direction seat, int value) {
  Act a = Simple(ActType::kBid, seat);
  a.bid = value;
  return a;
}

Act Act::Simple(ActType type, Direction seat) {
  Act a;
  a.type = type;
  a.seat = seat;
  return a;
}

Act Act::ChooseTrump(Direction seat, GameType trump) {
  Act a = Simple(ActType::kChooseTrump, seat);
  a.trump = trump;
  return a;
}

Act Act::Discard(Direction seat, Card first, Card second) {
  Act a = Simple(ActType::kDiscard, seat);
  a.cards = {first, second};
  return a;
}

Act Act::Declare(Direction seat, const Declaration& d) {
  Act a = Simple(ActType::kDeclare, seat);
  a.declaration = d;
  return a;
}

Act Act::Play(Direction seat, Card card) {
  Act a = Simple(ActType::kPlay, seat);
  a.cards[0] = card;
  return a;
}

Act Act::Answer(Direction seat, bool accept) {
  Act a = Simple(ActType::kAnswer, seat);
  a.accept = accept;
  return a;
}

std::string_view ActTypeName(ActType t) {
  constexpr std::string_view kNames[kActTypeCount] = {
      "bid",          "hold",    "pass",      "turn-skat-card", "accept",   "passt-mir-nicht",
      "choose-trump", "guckser", "take-skat", "discard",        "declare",  "play",
      "concede",      "claim",   "answer",    "contra",         "re-contra"};
  return kNames[static_cast<int>(t)];
}

std::string ToString(const Act& act) {
  std::string out = std::string(DirectionName(act.seat)) + " " + std::string(ActTypeName(act.type));
  switch (act.type) {
    case ActType::kBid: out += " " + std::to_string(act.bid); break;
    case ActType::kChooseTrump: out += " " + std::string(GameTypeName(act.trump)); break;
    case ActType::kDiscard:
      out += " " + ToString(act.cards[0]) + " " + ToString(act.cards[1]);
      break;
    case ActType::kDeclare: out += " " + ToString(act.declaration); break;
    case ActType::kPlay: out += " " + ToString(act.cards[0]); break;
    case ActType::kAnswer: out += act.accept ? " accept" : " refuse"; break;
    default: break;
  }
  return out;
}

}  // namespace skat
