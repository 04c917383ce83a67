// The ISS game record writer (engine/iss_record.h): the one-line form, checked by reading it back.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/iss_record.h"

namespace skat {
namespace {

Status Refuse(std::string message) {
  return Status::InvalidArgument("ISS record: " + std::move(message));
}

// A move the one-line form cannot carry (WriteIssRecord adds the prefix and the move number).
Status Bad(std::string message) { return Status::InvalidArgument(std::move(message)); }

// SGF-style escapes: '\' and ']' get a backslash.
void AppendEscaped(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '\\' || c == ']') out.push_back('\\');
    out.push_back(c);
  }
}

std::string Cards(const std::vector<std::optional<Card>>& cards, size_t from, size_t to,
                  char separator = '.') {
  std::string out;
  for (size_t k = from; k < to && k < cards.size(); ++k) {
    if (k > from) out.push_back(separator);
    out += cards[k] ? IssCard(*cards[k]) : std::string("??");
  }
  return out;
}

char TypeLetter(GameType t) {
  switch (t) {
    case GameType::kGrand: return 'G';
    case GameType::kClubs: return 'C';
    case GameType::kSpades: return 'S';
    case GameType::kHearts: return 'H';
    case GameType::kDiamonds: return 'D';
    case GameType::kNull: return 'N';
  }
  return '?';
}

// "D", "CHZ", "GHOSZ" (a suit or grand ouvert written in full, as the ISS does now), "NO", "NHO".
Result<std::string> GameLetters(const Declaration& d) {
  const bool hand = d.handling == SkatHandling::kHand;
  if (!hand && d.handling != SkatHandling::kPickup) {
    return Bad("the ISS has no " + std::string(HandlingName(d.handling)) + " game");
  }
  std::string out(1, TypeLetter(d.type));
  if (d.type != GameType::kNull && d.ouvert) {
    if (!hand || d.announced != Announcement::kNone) {
      return Bad(
          "a suit or grand ouvert is written as a hand game with its announcements "
          "implied (Declaration: hand, ouvert, announced none)");
    }
    return out + "HOSZ";
  }
  if (d.type == GameType::kNull && d.announced != Announcement::kNone) {
    return Bad("a Null game takes no announcement");
  }
  if (hand) out += 'H';
  if (d.ouvert) out += 'O';
  if (d.announced == Announcement::kSchneider) out += 'S';
  if (d.announced == Announcement::kSchwarz) out += 'Z';
  return out;
}

char SeatDigit(Direction d) { return static_cast<char>('0' + Index(d)); }

Result<std::string> MoveText(const IssMove& m, const IssMove* discard) {
  switch (m.kind) {
    case IssMoveKind::kDeal: {
      const bool hidden = m.cards.size() == 32 && [&] {
        for (const auto& c : m.cards) {
          if (!c) return true;
        }
        return false;
      }();
      if (m.cards.size() != 32) return Bad("a deal move has 32 cards");
      if (!hidden) return Cards(m.cards, 0, 32);
      return Cards(m.cards, 0, 10) + "|" + Cards(m.cards, 10, 20) + "|" + Cards(m.cards, 20, 30) +
             "|" + Cards(m.cards, 30, 32);
    }
    case IssMoveKind::kSkat:
    case IssMoveKind::kHiddenDiscard:
      if (m.cards.size() != 2) return Bad("a skat or discard move has 2 cards");
      return Cards(m.cards, 0, 2);
    case IssMoveKind::kShowCards:
      return m.cards.empty() ? std::string("SC") : "SC." + Cards(m.cards, 0, m.cards.size());
    case IssMoveKind::kResign: return std::string("RE");
    case IssMoveKind::kTimeout:
    case IssMoveKind::kLeave:
      if (!m.target) return Bad("a TI or LE move names its seat");
      return std::string(m.kind == IssMoveKind::kTimeout ? "TI." : "LE.") + SeatDigit(*m.target);
    case IssMoveKind::kAct: break;
  }
  const Act& a = m.act;
  switch (a.type) {
    case ActType::kBid:
      if (a.bid < 0) return Bad("a negative bid");
      return std::to_string(a.bid);
    case ActType::kHold: return std::string("y");
    case ActType::kPass: return std::string("p");
    case ActType::kTakeSkat: return std::string("s");
    case ActType::kPlay: return IssCard(a.cards[0]);
    case ActType::kDiscard: return IssCard(a.cards[0]) + "." + IssCard(a.cards[1]);
    case ActType::kDeclare: {
      Result<std::string> letters = GameLetters(a.declaration);
      if (!letters.ok()) return letters;
      std::string out = *letters;
      if (discard != nullptr) {
        out += '.';
        if (discard->kind == IssMoveKind::kHiddenDiscard) {
          out += "??.??";
        } else {
          out += IssCard(discard->act.cards[0]) + "." + IssCard(discard->act.cards[1]);
        }
      }
      if (!m.cards.empty()) out += "." + Cards(m.cards, 0, m.cards.size());
      return out;
    }
    default: return Bad("the ISS has no move for a " + std::string(ActTypeName(a.type)) + " act");
  }
}

bool IsDiscard(const IssMove& m) {
  return m.kind == IssMoveKind::kHiddenDiscard ||
         (m.kind == IssMoveKind::kAct && m.act.type == ActType::kDiscard);
}

void AppendInt(std::string& out, std::string_view key, const std::optional<int>& v) {
  if (!v) return;
  if (!out.empty()) out += ' ';
  out += key;
  out += std::to_string(*v);
}

void AppendWord(std::string& out, std::string_view word) {
  if (!out.empty()) out += ' ';
  out += word;
}

std::string ResultText(const IssResult& r) {
  std::string out;
  if (r.passed) AppendWord(out, "passed");
  AppendInt(out, "d:", r.declarer);
  if (r.outcome) {
    AppendWord(out, *r.outcome == IssOutcome::kWin    ? "win"
                    : *r.outcome == IssOutcome::kLoss ? "loss"
                                                      : "penalty");
  }
  AppendInt(out, "v:", r.value);
  AppendInt(out, "m:", r.matadors);
  if (r.overbid) AppendWord(out, *r.overbid ? "overbid" : "bidok");
  AppendInt(out, "p:", r.card_points);
  AppendInt(out, "t:", r.tricks);
  AppendInt(out, "s:", r.schneider);
  AppendInt(out, "z:", r.schwarz);
  AppendInt(out, "p0:", r.penalty[0]);
  AppendInt(out, "p1:", r.penalty[1]);
  AppendInt(out, "p2:", r.penalty[2]);
  AppendInt(out, "l:", r.left);
  AppendInt(out, "to:", r.timeout);
  AppendInt(out, "r:", r.resigned);
  for (const std::string& word : r.other) AppendWord(out, word);
  return out;
}

}  // namespace

std::string IssCard(Card card) {
  constexpr std::string_view kSuits = "DHSC";
  constexpr std::string_view kRanks = "789TJQKA";
  return {kSuits[static_cast<int>(card.suit())], kRanks[static_cast<int>(card.rank())]};
}

std::string_view IssMoveKindName(IssMoveKind kind) {
  switch (kind) {
    case IssMoveKind::kDeal: return "deal";
    case IssMoveKind::kSkat: return "skat";
    case IssMoveKind::kAct: return "act";
    case IssMoveKind::kHiddenDiscard: return "hidden-discard";
    case IssMoveKind::kShowCards: return "show-cards";
    case IssMoveKind::kResign: return "resign";
    case IssMoveKind::kTimeout: return "timeout";
    case IssMoveKind::kLeave: return "leave";
  }
  return "?";
}

Result<std::string> WriteIssRecord(const IssRecord& record) {
  if (record.board != IssBoardOf(record.moves)) {
    return Refuse("the board differs from the deal move's cards");
  }
  std::string out = "(;";
  auto field = [&](std::string_view name, const std::string& value) {
    if (value.empty()) return;
    out += name;
    out += '[';
    AppendEscaped(out, value);
    out += ']';
  };
  field("GM", record.game);
  field("PC", record.place);
  field("CO", record.comment);
  field("SE", record.series);
  field("ID", record.id);
  field("DT", record.date);
  for (int k = 0; k < 3; ++k)
    field(std::string("P") + static_cast<char>('0' + k), record.players[k]);
  for (int k = 0; k < 3; ++k)
    field(std::string("R") + static_cast<char>('0' + k), record.ratings[k]);
  for (const IssField& f : record.other) {
    if (f.name.empty()) return Refuse("a header field without a name");
    out += f.name;
    out += '[';
    AppendEscaped(out, f.value);
    out += ']';
  }
  std::string moves;
  for (size_t k = 0; k < record.moves.size(); ++k) {
    const IssMove& m = record.moves[k];
    const IssMove* discard = nullptr;
    // A discard directly followed by the same seat's game with the skat taken: one move.
    if (IsDiscard(m) && k + 1 < record.moves.size()) {
      const IssMove& next = record.moves[k + 1];
      if (next.kind == IssMoveKind::kAct && next.act.type == ActType::kDeclare &&
          next.seat == m.seat && next.act.declaration.handling == SkatHandling::kPickup) {
        discard = &m;
        ++k;
      }
    }
    const IssMove& written = discard != nullptr ? record.moves[k] : m;
    Result<std::string> text = MoveText(written, discard);
    if (!text.ok()) return Refuse("move " + std::to_string(k + 1) + ": " + text.status().message());
    if (!moves.empty()) moves += ' ';
    moves += written.seat ? std::string(1, SeatDigit(*written.seat)) : std::string("w");
    moves += ' ';
    moves += *text;
  }
  out += "MV[";
  AppendEscaped(out, moves);
  out += "]R[";
  AppendEscaped(out, ResultText(record.result));
  out += "] ;)";
  // The writer's contract: the text reads back as the same record. Whatever cannot (a value with
  // a line break, a header name that is not letters and digits or repeats a known one, an act
  // field the move does not carry, an R token the reader takes for a known one) is refused here.
  FormatError where;
  Result<IssRecord> back = ReadIssRecord(out, &where);
  if (!back.ok()) {
    return Refuse("the record cannot be written so that it reads back (" + back.status().message() +
                  ")");
  }
  if (!(*back == record)) {
    return Refuse(
        "the record cannot be written so that it reads back the same (a field, move or "
        "R token the one-line form does not carry as given)");
  }
  return out;
}

}  // namespace skat
