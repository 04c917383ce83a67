#include "engine/act.h"

#include <optional>
#include <string>
#include <string_view>

#include "engine/game_record_internal.h"
#include "engine/text_scan.h"

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
      "bid",          "hold",    "pass",      "turn-skat-card", "accept",    "passt-mir-nicht",
      "choose-trump", "guckser", "take-skat", "discard",        "declare",   "play",
      "concede",      "claim",   "answer",    "contra",         "re-contra", "resign",
      "timeout"};
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

// ---------------------------------------------------------------------------------------------
// The act line: its text form, shared with the game record reader and writer
// (engine/game_record_internal.h).

namespace game_record_internal {
namespace {

using text::Lower;
using text::LowerAscii;
using text::NextWord;
using text::Token;

std::optional<ActType> ParseActType(std::string_view word) {
  const std::string w = Lower(word);
  for (int i = 0; i < kActTypeCount; ++i) {
    if (w == ActTypeName(static_cast<ActType>(i))) return static_cast<ActType>(i);
  }
  return std::nullopt;
}

int BitIndex(unsigned field) {
  int i = 0;
  while ((field >> i) != 1u) ++i;
  return i;
}

constexpr std::array<std::string_view, 6> kFieldNames = {
    "a bid value", "a card", "a second card", "a trump", "a declaration", "accept or refuse"};
constexpr std::array<std::string_view, 6> kFieldNouns = {"bid value", "card",        "second card",
                                                         "trump",     "declaration", "answer"};

// One ReadArguments call: the words read into `a` one by one, then checked against the fields
// allowed; on an error *at is the offset it names.
class ArgumentReader {
 public:
  ArgumentReader(Arguments& a, size_t* at) : a_(a), at_(at) {}

  // One word of the arguments.
  Status ReadWord(const Token& t) {
    if (a_.first == std::string_view::npos) a_.first = t.offset;
    const std::string w = Lower(t.text);
    Status s;
    if (AllDigits(w)) {
      std::optional<uint64_t> v = ParseDecimal(w, 1'000'000);
      if (!v) return Fail(t.offset, "'" + w + "' is not a bid value (at most 1000000)");
      s = Set(kBidField, t.offset, t.text);
      a_.act.bid = static_cast<int>(*v);
    } else if (w == "accept" || w == "refuse") {
      s = Set(kAcceptField, t.offset, t.text);
      a_.act.accept = w == "accept";
    } else if (w == "ouvert") {
      a_.act.declaration.ouvert = true;
      DeclarationPart(t.offset);
    } else if (size_t eq = w.find('='); eq != std::string::npos) {
      s = ReadKeyValue(t, w, eq);
    } else if (std::optional<SkatHandling> h = ParseHandling(w)) {
      if (a_.handling) return Fail(t.offset, "a second skat handling '" + w + "'");
      a_.handling = h;
      a_.act.declaration.handling = *h;
      DeclarationPart(t.offset);
    } else if (std::optional<GameType> g = ParseGameType(w)) {
      if (a_.game_type) return Fail(t.offset, "a second game type '" + w + "'");
      a_.game_type = g;
      a_.game_type_offset = t.offset;
    } else if (std::optional<Card> c = ParseCard(t.text)) {
      if (cards_ == 2) return Fail(t.offset, "a third card '" + std::string(t.text) + "'");
      s = Set(cards_ == 0 ? kCard1Field : kCard2Field, t.offset, t.text);
      a_.act.cards[cards_++] = *c;
    } else {
      return Fail(t.offset, "cannot read '" + std::string(t.text) +
                                "' (a bid value, a card, a game type, a skat handling, accept, "
                                "refuse, ouvert=, announce= or trump=)");
    }
    return s;
  }

  // After the last word: the game type word placed, the declaration complete, and only fields
  // in `allowed`.
  Status Finish(unsigned allowed) {
    // A game type word names the declared game when the line declares, else the trump.
    const std::string declaration_syntax =
        "a declaration names the skat handling (hand, tournee, passt-mir-nicht, guckser, pickup) "
        "and the game type (diamonds, hearts, spades, clubs, grand, null): 'hand hearts "
        "ouvert=no announce=none'";
    if (a_.game_type) {
      if ((allowed & kDeclarationField) && !(allowed & kTrumpField) &&
          !(a_.fields & kDeclarationField)) {
        return Fail(a_.game_type_offset, declaration_syntax);
      }
      if (a_.fields & kDeclarationField) {
        a_.act.declaration.type = *a_.game_type;
      } else {
        if (Status s = Set(kTrumpField, a_.game_type_offset, GameTypeName(*a_.game_type));
            !s.ok()) {
          return s;
        }
        a_.act.trump = *a_.game_type;
      }
    }
    if ((a_.fields & kDeclarationField) && (!a_.handling || !a_.game_type)) {
      return Fail(a_.offset[BitIndex(kDeclarationField)], declaration_syntax);
    }
    for (int bit = 0; bit < 6; ++bit) {
      const unsigned field = 1u << bit;
      if ((a_.fields & field) && !(allowed & field)) {
        return Fail(a_.offset[bit], "unexpected " + std::string(kFieldNouns[bit]) + " here");
      }
    }
    return Status::Ok();
  }

 private:
  Status Fail(size_t offset, const std::string& message) {
    *at_ = offset;
    return Status::InvalidArgument(message);
  }

  // Marks `field` given by `word` at `offset`; an error when it was given already.
  Status Set(unsigned field, size_t offset, std::string_view word) {
    if (a_.fields & field) {
      return Fail(offset, "'" + std::string(word) + "': " +
                              std::string(kFieldNames[BitIndex(field)]) + " is given twice");
    }
    a_.fields |= field;
    a_.offset[BitIndex(field)] = offset;
    return Status::Ok();
  }

  // A declaration is given in parts; it is where its first part is.
  void DeclarationPart(size_t offset) {
    if (!(a_.fields & kDeclarationField)) a_.offset[BitIndex(kDeclarationField)] = offset;
    a_.fields |= kDeclarationField;
  }

  // ouvert=, announce= or trump= (`w` the word lowered, '=' at `eq`).
  Status ReadKeyValue(const Token& t, const std::string& w, size_t eq) {
    const std::string key = w.substr(0, eq);
    const std::string v = w.substr(eq + 1);
    const size_t v_offset = t.offset + eq + 1;
    if (key == "ouvert") {
      if (v != "yes" && v != "no")
        return Fail(v_offset, "ouvert= takes yes or no, not '" + v + "'");
      a_.act.declaration.ouvert = v == "yes";
      DeclarationPart(t.offset);
    } else if (key == "announce") {
      std::optional<Announcement> an = ParseAnnouncement(v);
      if (!an) {
        return Fail(v_offset, "announce= takes none, schneider or schwarz, not '" + v + "'");
      }
      a_.act.declaration.announced = *an;
      DeclarationPart(t.offset);
    } else if (key == "trump") {
      std::optional<GameType> g = ParseGameType(v);
      if (!g) return Fail(v_offset, "'" + v + "' is not a game type");
      Status s = Set(kTrumpField, t.offset, t.text);
      a_.act.trump = *g;
      return s;
    } else {
      return Fail(t.offset, "unknown argument '" + key + "=' (known: ouvert=, announce=, trump=)");
    }
    return Status::Ok();
  }

  Arguments& a_;
  size_t* const at_;
  int cards_ = 0;
};

}  // namespace

// Which fields an act type uses. An act type the record format does not know (added to act.h later)
// carries every field, written explicitly, so that its record still round-trips.
unsigned FieldsOf(ActType type) {
  switch (type) {
    case ActType::kBid: return kBidField;
    case ActType::kChooseTrump: return kTrumpField;
    case ActType::kDiscard: return kCard1Field | kCard2Field;
    case ActType::kDeclare: return kDeclarationField;
    case ActType::kPlay: return kCard1Field;
    case ActType::kAnswer: return kAcceptField;
    case ActType::kHold:
    case ActType::kPass:
    case ActType::kTurnSkatCard:
    case ActType::kAccept:
    case ActType::kPasstMirNicht:
    case ActType::kGuckser:
    case ActType::kTakeSkat:
    case ActType::kConcede:
    case ActType::kClaim:
    case ActType::kContra:
    case ActType::kRecontra:
    case ActType::kResign:
    case ActType::kTimeout: return 0;
    default: return kEveryField;
  }
}

// "hand hearts ouvert=no announce=none".
std::string DeclarationArguments(const Declaration& d) {
  return std::string(HandlingName(d.handling)) + " " + std::string(GameTypeName(d.type)) +
         " ouvert=" + (d.ouvert ? "yes" : "no") +
         " announce=" + std::string(AnnouncementName(d.announced));
}

std::optional<Direction> ParseSeat(std::string_view word) {
  const std::string w = Lower(word);
  for (Direction d : kDirections) {
    if (w.size() == 1 && w[0] == LowerAscii(DirectionLetter(d))) return d;
    if (w == DirectionName(d)) return d;
  }
  return std::nullopt;
}

std::string NotASeat(std::string_view word) {
  return "'" + std::string(word) + "' is not a seat (F, M, R, forehand, middlehand, rearhand)";
}

Status ReadActName(std::string_view line, size_t& pos, Token* name, ActType* type) {
  *name = NextWord(line, pos);
  if (name->text.empty()) {
    return Status::InvalidArgument("the act is missing after the seat");
  }
  std::optional<ActType> t = ParseActType(name->text);
  if (!t) {
    std::string known;
    for (int i = 0; i < kActTypeCount; ++i) {
      known += (i ? ", " : "") + std::string(ActTypeName(static_cast<ActType>(i)));
    }
    return Status::InvalidArgument("unknown act '" + std::string(name->text) +
                                   "' (known: " + known + ")");
  }
  *type = *t;
  return Status::Ok();
}

Status ReadArguments(std::string_view line, size_t pos, unsigned allowed, Arguments& a,
                     size_t* at) {
  ArgumentReader reader(a, at);
  for (;;) {
    const Token t = NextWord(line, pos);
    if (t.text.empty()) break;
    if (Status s = reader.ReadWord(t); !s.ok()) return s;
  }
  return reader.Finish(allowed);
}

Status ReadActArguments(std::string_view line, size_t pos, Arguments& a, size_t* at) {
  const unsigned allowed = FieldsOf(a.act.type);
  if (Status s = ReadArguments(line, pos, allowed, a, at); !s.ok()) return s;
  if (allowed != kEveryField) {
    for (int bit = 0; bit < 6; ++bit) {
      const unsigned field = 1u << bit;
      if ((allowed & field) && !(a.fields & field)) {
        *at = line.size();
        return Status::InvalidArgument(std::string(ActTypeName(a.act.type)) + " needs " +
                                       std::string(kFieldNames[bit]));
      }
    }
  }
  return Status::Ok();
}

}  // namespace game_record_internal

// The act line without the new line: "M bid 18", "F discard H-8 H-9".
std::string ActLine(const Act& act) {
  namespace gri = game_record_internal;
  const unsigned fields = gri::FieldsOf(act.type);
  std::string out;
  out += DirectionLetter(act.seat);
  out += ' ';
  out += ActTypeName(act.type);
  if (fields == gri::kEveryField) {
    // Every field, so that a reader needs no knowledge of the act type.
    if (act.bid != 0) out += " " + std::to_string(act.bid);
    out += " " + ToString(act.cards[0]) + " " + ToString(act.cards[1]);
    out += " trump=" + std::string(GameTypeName(act.trump));
    out += " " + gri::DeclarationArguments(act.declaration);
    out += act.accept ? " accept" : " refuse";
    return out;
  }
  if (fields & gri::kBidField) out += " " + std::to_string(act.bid);
  if (fields & gri::kCard1Field) out += " " + ToString(act.cards[0]);
  if (fields & gri::kCard2Field) out += " " + ToString(act.cards[1]);
  if (fields & gri::kTrumpField) out += " " + std::string(GameTypeName(act.trump));
  if (fields & gri::kDeclarationField) out += " " + gri::DeclarationArguments(act.declaration);
  if (fields & gri::kAcceptField) out += act.accept ? " accept" : " refuse";
  return out;
}

Result<Act> ParseActLine(std::string_view line) {
  namespace gri = game_record_internal;
  const auto fail = [&](size_t at, const std::string& message) {
    return Status::InvalidArgument("column " + std::to_string(text::ColumnOf(line, at)) + ": " +
                                   message);
  };
  size_t pos = 0;
  const text::Token seat_word = text::NextWord(line, pos);
  if (seat_word.text.empty()) {
    return fail(seat_word.offset, "an act line is '<seat> <act> [arguments]'; this one is empty");
  }
  const std::optional<Direction> seat = gri::ParseSeat(seat_word.text);
  if (!seat) return fail(seat_word.offset, gri::NotASeat(seat_word.text));
  text::Token name;
  ActType type = ActType::kPass;
  if (Status s = gri::ReadActName(line, pos, &name, &type); !s.ok()) {
    return fail(name.offset, s.message());
  }
  gri::Arguments a;
  a.act = Act::Simple(type, *seat);
  size_t at = 0;
  if (Status s = gri::ReadActArguments(line, pos, a, &at); !s.ok()) return fail(at, s.message());
  return a.act;
}

}  // namespace skat
