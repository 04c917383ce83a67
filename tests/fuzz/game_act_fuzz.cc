// libFuzzer target for the engine's act interface (engine/game.h Game::Apply and LegalActs;
// docs/reliability.md "Hostile input"). The input chooses a profile (every base profile with every
// subset of its options), a deal and a sequence of acts: acts picked from LegalActs(), legal acts
// with one field changed, and raw acts decoded from bytes (mostly illegal). Acts hold declared enum
// values and real cards, as services/common/game_proto.cc lets through; seats may be out of range
// and bids any number. When the input runs out the game is played to its end with RandomAct.
//
// Checked, aborting on the first violation (libFuzzer keeps the input):
//  - no crash, no AddressSanitizer or UndefinedBehaviorSanitizer finding;
//  - a rejected act returns a non-ok status with a message and changes nothing (RULES P1): the
//    canonical snapshot of the game (game_snapshot.h: the act log, every seat's view, the public
//    view, the legal acts, ...) is the same before and after;
//  - an accepted act was listed by LegalActs() (its used fields; under any_positive_bid a higher
//    bid than the next one, RULES B2), and every listed act is accepted;
//  - LegalActs() is empty exactly when the game is finished, and LegalActs(seat) splits it;
//  - card conservation after every accepted act (the 32 cards in hands, tricks and skat/discards);
//  - at the end: the cards' 120 points are all accounted for, a played-out game's card points total
//    120 (RULES C1; the eichhorn-1898 Ramsch skat aside) in 10 tricks, the pad settles to zero, and
//    the game record is written and read back to the same acts and pad (engine/game_record.h).
//
// Input layout: byte 0 the profile, bytes 1-8 the deal number (mod kDealCount), then per act an op
// byte and its operands (see NextAct). deploy/fuzz runs it from tests/fuzz/corpus/game_act/.
#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/game_record.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "engine/settlement.h"
#include "tests/fuzz/game_snapshot.h"

namespace skat::fuzz {
namespace {

constexpr int kMaxInputActs = 1000;   // acts taken from one input
constexpr int kMaxRandomActs = 2000;  // acts of the random play-out
constexpr int kInterestingBids[] = {0,   -1,  1,     2,       17,      18,          19,
                                    20,  22,  23,    24,      27,      264,         265,
                                    -18, 999, 10000, 1000000, INT_MAX, INT_MAX - 1, INT_MIN};

// Reads the input front to back; zeros once it is used up.
class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint64_t Wide(int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | Byte();
    return v;
  }
  int Below(int n) { return Byte() % n; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Every base profile, and every subset of its options ("eichhorn-1898+frage+contra", ...).
const std::vector<const Profile*>& AllProfiles() {
  static const std::vector<const Profile*> profiles = [] {
    std::vector<const Profile*> out;
    for (std::string_view base_id : ProfileIds()) {
      const Profile* base = FindProfile(base_id);
      if (base == nullptr) abort();
      const size_t n = base->options.size();
      for (size_t mask = 0; mask < (size_t{1} << n); ++mask) {
        std::string id(base_id);
        for (size_t i = 0; i < n; ++i) {
          if (mask & (size_t{1} << i)) id += "+" + std::string(base->options[i].name);
        }
        const Profile* p = FindProfile(id);
        if (p == nullptr) abort();
        out.push_back(p);
      }
    }
    return out;
  }();
  return profiles;
}

[[noreturn]] void Fail(const std::string& what, const Game& game) {
  fprintf(stderr, "game_act_fuzz: %s\n--- game ---\n%s\n", what.c_str(), Snapshot(game).c_str());
  abort();
}

Card AnyCard(Bytes& in) { return Card::FromIndex(in.Below(kCardCount)); }

int AnyBid(Bytes& in) {
  const uint8_t b = in.Byte();
  if (b < 128) return kInterestingBids[b % std::size(kInterestingBids)];
  return static_cast<int>(static_cast<int16_t>(in.Wide(2)));
}

Declaration AnyDeclaration(Bytes& in) {
  const uint8_t b = in.Byte();
  return Declaration{static_cast<SkatHandling>(in.Below(kSkatHandlingCount)),
                     static_cast<GameType>(in.Below(kGameTypeCount)), (b & 1) != 0,
                     static_cast<Announcement>((b >> 1) % 3)};
}

// A seat 0..3: seat 3 does not exist and must be refused.
Direction AnySeat(Bytes& in) { return static_cast<Direction>(in.Below(4)); }

// Every field from the input, whatever the type uses.
Act RawAct(Bytes& in) {
  Act a;
  a.type = static_cast<ActType>(in.Below(kActTypeCount));
  a.seat = AnySeat(in);
  const uint8_t fields = in.Byte();  // which of the other fields to fill
  if (fields & 1) a.bid = AnyBid(in);
  if (fields & 2) a.cards[0] = AnyCard(in);
  if (fields & 4) a.cards[1] = AnyCard(in);
  if (fields & 8) a.trump = static_cast<GameType>(in.Below(kGameTypeCount));
  if (fields & 16) a.declaration = AnyDeclaration(in);
  if (fields & 32) a.accept = true;
  return a;
}

// A listed act with one field changed: near misses of the rules.
Act MutatedAct(const Act& legal, Bytes& in) {
  Act a = legal;
  switch (in.Below(8)) {
    case 0: a.seat = AnySeat(in); break;
    case 1: a.type = static_cast<ActType>(in.Below(kActTypeCount)); break;
    case 2: a.bid += static_cast<int8_t>(in.Byte()); break;
    case 3: a.cards[0] = AnyCard(in); break;
    case 4: a.cards[1] = AnyCard(in); break;
    case 5: a.trump = static_cast<GameType>(in.Below(kGameTypeCount)); break;
    case 6: a.declaration = AnyDeclaration(in); break;
    default: a.accept = !a.accept; break;
  }
  return a;
}

// The act as the factories build it: only the fields its type uses, discards in card order.
Act Normalized(const Act& a) {
  switch (a.type) {
    case ActType::kBid: return Act::Bid(a.seat, a.bid);
    case ActType::kPlay: return Act::Play(a.seat, a.cards[0]);
    case ActType::kDiscard:
      return Act::Discard(a.seat, std::min(a.cards[0], a.cards[1]),
                          std::max(a.cards[0], a.cards[1]));
    case ActType::kChooseTrump: return Act::ChooseTrump(a.seat, a.trump);
    case ActType::kDeclare: return Act::Declare(a.seat, a.declaration);
    case ActType::kAnswer: return Act::Answer(a.seat, a.accept);
    default: return Act::Simple(a.type, a.seat);
  }
}

bool Listed(const std::vector<Act>& legal, const Act& a) {
  for (const Act& l : legal) {
    if (l == a) return true;
  }
  return false;
}

// Under any_positive_bid LegalActs lists only the next integer; every higher bid up to
// kMaxAnyPositiveBid is legal too (RULES B2).
bool UnlistedLegalBid(const Game& game, const Act& a) {
  return game.profile().any_positive_bid && game.phase() == Phase::kBidding &&
         a.type == ActType::kBid && a.seat == game.bidding().to_act() &&
         game.bidding().to_act_may_bid() && a.bid > game.bidding().current_bid() &&
         game.profile().IsLegalBid(a.bid);
}

// The 32 cards, each exactly once, in hands, played cards and the skat or the discards.
void CheckConservation(const Game& game) {
  if (!game.IsConsistent()) Fail("card conservation", game);
}

void CheckLegalActs(const Game& game, const std::vector<Act>& legal) {
  if (legal.empty() != game.finished()) {
    Fail(std::string("LegalActs() is ") + (legal.empty() ? "empty" : "not empty") +
             (game.finished() ? " in a finished game" : " in an unfinished game"),
         game);
  }
  size_t per_seat = 0;
  for (Direction d : kDirections) {
    for (const Act& a : game.LegalActs(d)) {
      if (a.seat != d || !Listed(legal, a)) Fail("LegalActs(seat) lists " + ToString(a), game);
      ++per_seat;
    }
  }
  if (per_seat != legal.size()) Fail("LegalActs(seat) does not split LegalActs()", game);
}

void CheckEnd(const Game& game) {
  const GameResult& r = game.result();
  // Every card is somewhere: a hand (after an early end), a trick taken, the unfinished trick,
  // the skat or the discards; together they hold the 120 card points (RULES C1).
  CardSet where;
  auto add = [&](CardSet s) {
    if (where.intersects(s)) Fail("at the end " + ToString(where & s) + " is twice", game);
    where.add(s);
  };
  for (Direction d : kDirections) add(game.hand(d));
  if (game.has_position()) {
    const Position& p = game.position();
    for (Direction d : kDirections) {
      if (p.taken(d).size() != 3 * p.tricks_won(d)) Fail("a seat's tricks are not 3 cards", game);
      add(p.taken(d));
    }
    for (int i = p.cards_played() - p.trick_size(); i < p.cards_played(); ++i) add(p.played(i));
  }
  add((game.discards().empty() ? game.board().skat_set() : game.discards()) - where);
  if (where != CardSet::All() || where.points() != 120) {
    Fail("at the end the cards hold " + std::to_string(where.points()) + " points", game);
  }

  const bool complete =
      r.kind == ResultKind::kRamsch ||
      (r.kind == ResultKind::kDeclarerGame && !r.early_end && r.outcome.end == GameEnd::kPlayedOut);
  if (complete) {
    int points = 0, tricks = 0;
    for (int i = 0; i < 3; ++i) {
      points += r.card_points[i];
      tricks += r.tricks[i];
    }
    const bool skat_out = r.kind == ResultKind::kRamsch && !game.profile().ramsch_skat_counts;
    const int expected = 120 - (skat_out ? game.board().skat_set().points() : 0);
    if (points != expected || tricks != 10) {
      Fail("result card points " + std::to_string(points) + " in " + std::to_string(tricks) +
               " tricks, expected " + std::to_string(expected) + " in 10",
           game);
    }
  }
  const std::array<long long, 3> pad = {r.pad[0], r.pad[1], r.pad[2]};
  const std::vector<long long> net = Settle(pad);
  if (net.size() != 3 || net[0] + net[1] + net[2] != 0) Fail("the pad does not settle", game);

  if (r.kind == ResultKind::kPassedIn) return;
  Result<std::string> text = WriteGameRecord(game);
  if (!text.ok()) Fail("WriteGameRecord: " + text.status().ToString(), game);
  Result<std::vector<GameRecord>> back = ReadGameRecords(*text);
  if (!back.ok() || back->size() != 1) {
    Fail("the written record does not read back: " + back.status().ToString() + "\n" + *text, game);
  }
  const Game& replayed = (*back)[0].game;
  if (replayed.acts().size() != game.acts().size()) Fail("the record lost acts", game);
  // The record holds each act's used fields as they were given (a discard's two cards in the
  // order the seat named them).
  for (size_t i = 0; i < game.acts().size(); ++i) {
    if (ActLine(replayed.acts()[i]) != ActLine(game.acts()[i])) {
      Fail("the record changed act " + std::to_string(i) + ": " + ActLine(game.acts()[i]) + " -> " +
               ActLine(replayed.acts()[i]),
           game);
    }
  }
  if (replayed.result().pad != r.pad) Fail("the record changed the pad", game);
}

// Applies one act and checks it against the listed acts and, when refused, the snapshot.
void ApplyChecked(Game& game, const Act& act, const std::vector<Act>& legal, bool must_accept) {
  const bool unlisted_bid = UnlistedLegalBid(game, act);
  const bool expect_ok = Listed(legal, act) || unlisted_bid;
  const bool may_accept = Listed(legal, Normalized(act)) || unlisted_bid;
  const Game before = game;  // snapshotted only when the act is refused
  const Status s = game.Apply(act);
  if (s.ok()) {
    if (!may_accept) Fail("accepted an unlisted act: " + RawActText(act), game);
    CheckConservation(game);
    return;
  }
  if (must_accept || expect_ok) {
    Fail("refused the listed act " + ToString(act) + ": " + s.ToString(), game);
  }
  if (s.message().empty()) Fail("refused " + RawActText(act) + " without a message", game);
  const std::string snapshot_before = Snapshot(before);
  const std::string snapshot_after = Snapshot(game);
  if (snapshot_after != snapshot_before) {
    Fail("the refused act " + RawActText(act) + " (" + s.ToString() +
             ") changed the game\n--- before ---\n" + snapshot_before + "\n--- after ---\n" +
             snapshot_after,
         game);
  }
}

}  // namespace
}  // namespace skat::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace skat;
  using namespace skat::fuzz;
  Bytes in(data, size);
  const std::vector<const Profile*>& profiles = AllProfiles();
  const Profile& profile = *profiles[in.Byte() % profiles.size()];
  const uint64_t deal = in.Wide(8) % kDealCount;
  Game game(profile, UnrankBoard(deal));

  for (int n = 0; n < kMaxInputActs && !in.empty() && !game.finished(); ++n) {
    const std::vector<Act> legal = game.LegalActs();
    CheckLegalActs(game, legal);
    const uint8_t op = in.Byte();
    switch (op % 8) {
      case 0:
      case 1:
      case 2:  // a listed act
        ApplyChecked(game, legal[in.Wide(2) % legal.size()], legal, true);
        break;
      case 3:
      case 4:  // a listed act with one field changed
        ApplyChecked(game, MutatedAct(legal[in.Wide(2) % legal.size()], in), legal, false);
        break;
      default:  // raw bytes
        ApplyChecked(game, RawAct(in), legal, false);
        break;
    }
  }
  // The rest of the game at random, seeded by the input, so that every input reaches an end.
  Rng rng(deal ^ (static_cast<uint64_t>(size) << 56));
  for (int n = 0; n < kMaxRandomActs && !game.finished(); ++n) {
    const std::vector<Act> legal = game.LegalActs();
    CheckLegalActs(game, legal);
    const Act act = RandomAct(game, rng);
    const Status s = game.Apply(act);
    if (!s.ok()) Fail("refused RandomAct " + ToString(act) + ": " + s.ToString(), game);
    CheckConservation(game);
  }
  if (game.finished()) {
    CheckLegalActs(game, game.LegalActs());
    if (game.Apply(Act::Simple(ActType::kPass, Direction::kForehand)).ok()) {
      Fail("accepted an act after the end", game);
    }
    CheckEnd(game);
  }
  return 0;
}
