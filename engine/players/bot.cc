// The bots' entry points, the two bench opponents (random, highest legal card) and the driver
// that plays a game out with a policy. The heuristic player's valuation is in bot_eval.cc, its
// card play in bot_play.cc.
#include "engine/players/bot.h"

#include <algorithm>
#include <cassert>
#include <vector>

#include "engine/players/bot_internal.h"
#include "engine/players/random_play_internal.h"
#include "engine/position.h"
#include "engine/random.h"

namespace skat {
namespace bot {

uint64_t ViewHash(const SeatView& v, uint64_t seed) {
  uint64_t h = Mix(seed, v.hand.bits());
  h = Mix(h, (uint64_t{v.seat ? static_cast<uint8_t>(*v.seat) : 3u} << 8) |
                 static_cast<uint64_t>(v.phase));
  h = Mix(h, (v.bidding.size() << 16) | static_cast<uint64_t>(v.floor));
  h = Mix(h, v.own_discards.bits());
  uint64_t trick = static_cast<uint64_t>(v.current_trick.leader);
  for (int i = 0; i < v.current_trick.size; ++i) {
    trick = (trick << 8) | static_cast<uint64_t>(v.current_trick.cards[i].index() + 1);
  }
  h = Mix(h, trick);
  h = Mix(h,
          static_cast<uint64_t>(v.tricks_won[0] | (v.tricks_won[1] << 4) | (v.tricks_won[2] << 8)));
  if (v.declaration) {
    h = Mix(h, static_cast<uint64_t>(v.declaration->type) |
                   (static_cast<uint64_t>(v.declaration->handling) << 8));
  }
  if (v.turned_card) h = Mix(h, static_cast<uint64_t>(v.turned_card->index()) + 64);
  if (v.looked_card) h = Mix(h, static_cast<uint64_t>(v.looked_card->index()) + 128);
  return h;
}

}  // namespace bot

namespace {

bool Has(std::span<const Act> acts, ActType type) {
  return std::any_of(acts.begin(), acts.end(), [type](const Act& a) { return a.type == type; });
}

// The ISS acts a bot never makes: it neither resigns nor runs out of time (D56).
bool GivesUp(ActType t) { return t == ActType::kResign || t == ActType::kTimeout; }

// The refusal among the answers, if an answer is awaited (RULES N11, N12).
const Act* Refusal(std::span<const Act> legal) {
  for (const Act& a : legal) {
    if (a.type == ActType::kAnswer && !a.accept) return &a;
  }
  return nullptr;
}

// The trick rules of the view's game: Ramsch plays by the Grand structure (RULES C2).
GameType TrickType(const SeatView& view) {
  return view.declaration && !view.ramsch ? view.declaration->type : GameType::kGrand;
}

}  // namespace

Act ChooseBotAct(const Profile& profile, const SeatView& view, std::span<const Act> legal,
                 uint64_t seed) {
  return bot::ChooseHeuristicAct(profile, view, legal, seed, bot::Calibration{});
}

Act bot::ChooseHeuristicAct(const Profile& profile, const SeatView& view,
                            std::span<const Act> legal, uint64_t seed, Calibration shift) {
  assert(!legal.empty() && view.seat);
  const uint64_t hash = bot::ViewHash(view, seed);
  // The bot never accepts a claim or a concession: refusing costs nothing, play goes on.
  if (const Act* refuse = Refusal(legal)) return *refuse;
  switch (view.phase) {
    case Phase::kBidding: return bot::ChooseBid(profile, view, legal, hash, shift);
    case Phase::kSkatDecision:
    case Phase::kTourneeCard:
    case Phase::kTrumpChoice:
    case Phase::kDiscarding:
    case Phase::kDeclaring: return bot::ChooseGameAct(profile, view, legal, hash, shift);
    case Phase::kPlaying: {
      if (std::optional<Act> d = bot::ChooseDouble(profile, view, legal)) return *d;
      CardSet cards;
      for (const Act& a : legal) {
        if (a.type == ActType::kPlay) cards.add(a.cards[0]);
      }
      if (cards.empty()) break;
      const Card card = bot::ChooseCard(view, cards, hash);
      for (const Act& a : legal) {
        if (a.type == ActType::kPlay && a.cards[0] == card) return a;
      }
      break;
    }
    case Phase::kFinished: break;
  }
  // Asked while another seat is to play: the bot claims and concedes nothing of its own accord,
  // so it takes the first act that is neither (in practice a driver asks the seat to move).
  for (const Act& a : legal) {
    if (a.type != ActType::kClaim && a.type != ActType::kConcede && !GivesUp(a.type)) return a;
  }
  return legal.front();
}

Act ChooseRandomAct(std::span<const Act> all, uint64_t seed) {
  assert(!all.empty());
  using random_play::OfType;
  Rng rng(seed);
  // The random bot makes every legal act but the ISS resign and timeout (D56).
  std::vector<Act> kept;
  for (const Act& a : all) {
    if (!GivesUp(a.type)) kept.push_back(a);
  }
  const std::span<const Act> legal = kept.empty() ? all : std::span<const Act>(kept);
  if (Has(legal, ActType::kPass)) {
    // The bidding: half the time hold or pass, else one of the next three values.
    const std::vector<Act> bids = OfType(legal, ActType::kBid);
    if (bids.empty()) return random_play::Pick(legal, rng);
    if (rng.Chance(1, 2)) return OfType(legal, ActType::kPass).front();
    return bids[rng.Below(std::min<size_t>(3, bids.size()))];
  }
  if (Has(legal, ActType::kPlay)) return random_play::DrawPlayingAct(legal, rng);
  // The skat decision and the rest: the kind of act weighted as RandomAct weighs the skat
  // decision (Tournée and taking the skat most often, Guckser least), then one act.
  return random_play::DrawWeightedKindAct(legal, rng);
}

Act ChooseHighestCardAct(const SeatView& view, std::span<const Act> legal, uint64_t seed) {
  assert(!legal.empty() && view.seat);
  const uint64_t hash = bot::ViewHash(view, seed);
  if (const Act* refuse = Refusal(legal)) return *refuse;
  const TrickRules rules(TrickType(view));
  auto best = [&](auto score) {
    return legal[bot::BestOf(legal.size(), hash, [&](size_t i) { return score(legal[i]); })];
  };
  constexpr double kNo = -1e9;
  switch (view.phase) {
    case Phase::kBidding: {
      // Two jacks or more: bid or hold up to 18; otherwise pass.
      const int limit = (view.hand & CardSet::Jacks()).size() >= 2 ? 18 : 0;
      return best([&](const Act& a) -> double {
        switch (a.type) {
          case ActType::kHold: return view.floor <= limit ? 1 : kNo;
          case ActType::kBid: return a.bid <= limit ? 1.0 - a.bid / 1000.0 : kNo;
          default: return 0;  // pass
        }
      });
    }
    case Phase::kPlaying:
      if (Has(legal, ActType::kPlay)) {
        return best([&](const Act& a) -> double {
          if (a.type != ActType::kPlay) return kNo;
          const Card c = a.cards[0];
          return 100.0 * c.points() + rules.Power(c) + (rules.trumps().contains(c) ? 50 : 0);
        });
      }
      break;
    default: break;
  }
  // The skat and the declaration: Tournée and accept, the jack's suit, taking the skat where it
  // is the only way; discard the two cards with the fewest points; declare the longest suit.
  auto suit_length = [&](GameType t) {
    return (view.hand & (CardSet::OfSuit(TrumpSuit(t)) | CardSet::Jacks())).size();
  };
  return best([&](const Act& a) -> double {
    switch (a.type) {
      case ActType::kTurnSkatCard: return 100;
      case ActType::kAccept: return 100;
      case ActType::kTakeSkat: return 50;
      case ActType::kChooseTrump: return a.trump == GameType::kGrand ? 0 : 1;
      case ActType::kDiscard:
        return -(a.cards[0].points() + a.cards[1].points()) -
               (rules.Power(a.cards[0]) + rules.Power(a.cards[1])) / 100.0;
      case ActType::kDeclare: {
        const Declaration& d = a.declaration;
        if (!IsSuitGame(d.type) || d.ouvert || d.announced != Announcement::kNone) return kNo;
        return 1 + suit_length(d.type) + static_cast<int>(d.type) / 10.0;
      }
      case ActType::kClaim:
      case ActType::kConcede: return 2 * kNo;
      default: return kNo;
    }
  });
}

std::optional<Direction> NextSeat(const Game& game) {
  if (game.finished()) return std::nullopt;
  const std::vector<Act> all = game.LegalActs();
  const Direction to_move = game.to_move();
  for (const Act& a : all) {
    if (a.seat == to_move) return to_move;
  }
  for (Direction d : kDirections) {
    for (const Act& a : all) {
      if (a.seat == d) return d;
    }
  }
  return std::nullopt;
}

Status PlayOut(Game& game, const BotPolicy& policy) {
  while (!game.finished()) {
    const std::optional<Direction> seat = NextSeat(game);
    if (!seat) return Status::Internal("no seat may act in an unfinished game");
    const std::vector<Act> legal = game.LegalActs(*seat);
    const Act act = policy(ViewOf(game, *seat), legal);
    if (Status s = game.Apply(act); !s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace skat
