// The ISS game record reader (engine/iss_record.h; grammar and sources in
// docs/iss-game-records.md). Lenient in layout (blanks between fields and moves, unknown header
// fields and R tokens kept, optional fields missing, the older move forms), strict in content:
// every move and R token it knows must be well formed, and an error names its line and column.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/iss_record.h"
#include "engine/text_scan.h"

namespace skat {
namespace {

using text::ColumnOf;
using text::IsBlank;

constexpr int kMaxNumber = 1'000'000;

// A field value after unescaping, with the line offset of each of its bytes.
struct Value {
  std::string text;
  std::vector<size_t> offsets;  // offsets[i]: where text[i] stands in the line
  size_t end = 0;               // the offset of the closing ']'
  size_t Offset(size_t i) const { return i < offsets.size() ? offsets[i] : end; }
};

// A blank-separated word of a value and where it starts in the value.
struct Word {
  std::string_view text;
  size_t at = 0;
};

std::vector<Word> Words(const std::string& s) {
  std::vector<Word> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && IsBlank(s[i])) ++i;
    const size_t start = i;
    while (i < s.size() && !IsBlank(s[i])) ++i;
    if (i > start) out.push_back({std::string_view(s).substr(start, i - start), start});
  }
  return out;
}

std::optional<int> ParseInt(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  std::optional<uint64_t> v = text::ParseDecimal(s, kMaxNumber);
  if (!v) return std::nullopt;
  return negative ? -static_cast<int>(*v) : static_cast<int>(*v);
}

// "CJ", "HT", "D7": suit C S H D, rank 7 8 9 T J Q K A (upper case, as the ISS writes them).
std::optional<Card> ParseIssCard(std::string_view s) {
  if (s.size() != 2) return std::nullopt;
  constexpr std::string_view kSuits = "DHSC";  // Suit order
  constexpr std::string_view kRanks = "789TJQKA";
  const size_t suit = kSuits.find(s[0]);
  const size_t rank = kRanks.find(s[1]);
  if (suit == std::string_view::npos || rank == std::string_view::npos) return std::nullopt;
  return Card(static_cast<Suit>(suit), static_cast<Rank>(rank));
}

std::optional<Direction> ParseSeatDigit(std::string_view s) {
  if (s == "0") return Direction::kForehand;
  if (s == "1") return Direction::kMiddlehand;
  if (s == "2") return Direction::kRearhand;
  return std::nullopt;
}

class Reader {
 public:
  Reader(std::string_view line, int line_number) : line_(line), line_number_(line_number) {}

  Result<IssRecord> Read(FormatError* where);

 private:
  // Records the first error; later ones are ignored.
  void Fail(size_t offset, std::string message) {
    if (failed_) return;
    failed_ = true;
    error_offset_ = offset;
    error_ = std::move(message);
  }
  void ReadHeader(std::string_view name, size_t name_at, Value value, IssRecord& record);
  void ReadMoves(const Value& value, IssRecord& record);
  void ReadMove(const Value& value, Word mover, Word move, std::vector<IssMove>& out);
  // Dot-separated cards ("??" hidden); false (and an error) when a part is not a card.
  bool ReadCards(const Value& value, std::string_view text, size_t at, bool allow_hidden,
                 std::vector<std::optional<Card>>& out);
  void ReadDeclaration(const Value& value, Direction seat, Word move, std::vector<IssMove>& out);
  void ReadResult(const Value& value, IssResult& result);

  std::string_view line_;
  int line_number_;
  bool failed_ = false;
  size_t error_offset_ = 0;
  std::string error_;
};

Result<IssRecord> Reader::Read(FormatError* where) {
  IssRecord record;
  size_t i = 0;
  auto skip_blanks = [&] {
    while (i < line_.size() && IsBlank(line_[i])) ++i;
  };
  for (size_t k = 0; k < line_.size(); ++k) {
    if (line_[k] == '\n' || line_[k] == '\r') {
      Fail(k, "a line break inside a record (a record is one line)");
      break;
    }
  }
  skip_blanks();
  if (!failed_ && (i >= line_.size() || line_[i] != '(')) {
    Fail(i, "a record starts with '(;'");
  }
  if (!failed_) {
    ++i;
    skip_blanks();
    if (i >= line_.size() || line_[i] != ';') Fail(i, "a record starts with '(;'");
    ++i;
  }
  std::vector<bool> seen(14, false);
  bool ended = false;
  while (!failed_) {
    skip_blanks();
    if (i >= line_.size()) break;
    const char c = line_[i];
    if (c == ';') {
      const size_t semicolon = i;
      ++i;
      skip_blanks();
      if (i < line_.size() && line_[i] == ')') {
        ++i;
        skip_blanks();
        if (i < line_.size()) Fail(i, "text after the record's end ';)'");
        ended = true;
        break;
      }
      Fail(semicolon, "';' inside a record (one node per record; the record ends with ';)')");
      break;
    }
    const size_t name_at = i;
    while (i < line_.size() &&
           ((line_[i] >= 'A' && line_[i] <= 'Z') || (line_[i] >= 'a' && line_[i] <= 'z') ||
            (line_[i] >= '0' && line_[i] <= '9'))) {
      ++i;
    }
    if (i == name_at) {
      Fail(i, "expected a field name (letters and digits) followed by '['");
      break;
    }
    const std::string_view name = line_.substr(name_at, i - name_at);
    if (i >= line_.size() || line_[i] != '[') {
      Fail(i, "expected '[' after the field name '" + std::string(name) + "'");
      break;
    }
    ++i;
    Value value;
    bool closed = false;
    while (i < line_.size()) {
      char v = line_[i];
      if (v == ']') {
        closed = true;
        value.end = i;
        ++i;
        break;
      }
      size_t at = i;
      if (v == '\\') {
        if (i + 1 >= line_.size()) break;
        ++i;
        v = line_[i];
      }
      value.text.push_back(v);
      value.offsets.push_back(at);
      ++i;
    }
    if (!closed) {
      Fail(line_.size(), "the field " + std::string(name) + "[ is not closed by ']'");
      break;
    }
    static constexpr std::string_view kKnown[] = {"GM", "PC", "CO", "SE", "ID", "DT", "P0",
                                                  "P1", "P2", "R0", "R1", "R2", "MV", "R"};
    int known = -1;
    for (int k = 0; k < 14; ++k) {
      if (name == kKnown[k]) known = k;
    }
    if (known >= 0) {
      if (seen[known]) {
        Fail(name_at, "the field " + std::string(name) + " is given twice");
        break;
      }
      seen[known] = true;
    }
    if (name == "MV") {
      ReadMoves(value, record);
    } else if (name == "R") {
      ReadResult(value, record.result);
    } else {
      ReadHeader(name, name_at, std::move(value), record);
    }
  }
  if (!failed_ && !ended) Fail(line_.size(), "the record does not end with ';)'");
  if (failed_) {
    const int column = ColumnOf(line_, error_offset_);
    if (where != nullptr) *where = FormatError{.line = line_number_, .column = column};
    return Status(ErrorCode::kInvalidArgument, "line " + std::to_string(line_number_) +
                                                   ", column " + std::to_string(column) + ": " +
                                                   error_);
  }
  record.board = IssBoardOf(record.moves);
  return record;
}

void Reader::ReadHeader(std::string_view name, size_t name_at, Value value, IssRecord& record) {
  std::string& text = value.text;
  if (name == "GM") {
    if (text != "Skat") {
      Fail(name_at, "GM[" + text + "] is not a Skat record (GM[Skat])");
      return;
    }
    record.game = std::move(text);
  } else if (name == "PC") {
    record.place = std::move(text);
  } else if (name == "CO") {
    record.comment = std::move(text);
  } else if (name == "SE") {
    record.series = std::move(text);
  } else if (name == "ID") {
    record.id = std::move(text);
  } else if (name == "DT") {
    record.date = std::move(text);
  } else if (name.size() == 2 && (name[0] == 'P' || name[0] == 'R') && name[1] >= '0' &&
             name[1] <= '2') {
    auto& slot = name[0] == 'P' ? record.players : record.ratings;
    slot[name[1] - '0'] = std::move(text);
  } else {
    record.other.push_back({.name = std::string(name), .value = std::move(text)});
  }
}

void Reader::ReadMoves(const Value& value, IssRecord& record) {
  const std::vector<Word> words = Words(value.text);
  for (size_t k = 0; k < words.size() && !failed_; k += 2) {
    if (k + 1 >= words.size()) {
      Fail(value.Offset(words[k].at), "the mover '" + std::string(words[k].text) +
                                          "' has no move (MV holds pairs: mover, move)");
      return;
    }
    ReadMove(value, words[k], words[k + 1], record.moves);
  }
}

bool Reader::ReadCards(const Value& value, std::string_view text, size_t at, bool allow_hidden,
                       std::vector<std::optional<Card>>& out) {
  size_t pos = 0;
  while (true) {
    const size_t dot = text.find('.', pos);
    const size_t end = dot == std::string_view::npos ? text.size() : dot;
    const std::string_view part = text.substr(pos, end - pos);
    if (part == "??" && allow_hidden) {
      out.push_back(std::nullopt);
    } else if (std::optional<Card> card = ParseIssCard(part)) {
      out.push_back(card);
    } else {
      Fail(value.Offset(at + pos), "'" + std::string(part) +
                                       "' is not a card (suit C S H D, rank 7 8 9 T J Q K A" +
                                       (allow_hidden ? ", or ?? hidden)" : ")"));
      return false;
    }
    if (dot == std::string_view::npos) return true;
    pos = dot + 1;
  }
}

// True when every dot-separated part of `s` is a card or "??" (and there is at least one).
bool AllCardParts(std::string_view s) {
  size_t pos = 0;
  while (true) {
    const size_t dot = s.find('.', pos);
    const size_t end = dot == std::string_view::npos ? s.size() : dot;
    const std::string_view part = s.substr(pos, end - pos);
    if (part != "??" && !ParseIssCard(part)) return false;
    if (dot == std::string_view::npos) return true;
    pos = dot + 1;
  }
}

void Reader::ReadMove(const Value& value, Word mover, Word move, std::vector<IssMove>& out) {
  IssMove m;
  if (mover.text != "w") {
    m.seat = ParseSeatDigit(mover.text);
    if (!m.seat) {
      Fail(value.Offset(mover.at), "'" + std::string(mover.text) +
                                       "' is not a mover (w for the server, 0 1 2 for the seats)");
      return;
    }
  }
  const std::string_view t = move.text;
  const size_t at = move.at;
  auto need_seat = [&](std::string_view what) {
    if (m.seat) return true;
    Fail(value.Offset(mover.at), "the server (w) cannot " + std::string(what));
    return false;
  };
  auto seat_target = [&](IssMoveKind kind) {
    m.kind = kind;
    m.target = ParseSeatDigit(t.substr(3));
    if (!m.target) {
      Fail(value.Offset(at + 3), "'" + std::string(t.substr(3)) + "' after " +
                                     std::string(t.substr(0, 3)) + " is not a seat (0 1 2)");
      return;
    }
    out.push_back(std::move(m));
  };
  if (t == "y" || t == "p" || t == "s") {
    if (!need_seat(t == "y" ? "hold" : t == "p" ? "pass" : "take the skat")) return;
    const ActType type = t == "y" ? ActType::kHold : t == "p" ? ActType::kPass : ActType::kTakeSkat;
    m.act = Act::Simple(type, *m.seat);
    out.push_back(std::move(m));
    return;
  }
  if (t == "RE") {
    m.kind = IssMoveKind::kResign;
    out.push_back(std::move(m));
    return;
  }
  if (t == "SC" || t.starts_with("SC.")) {
    m.kind = IssMoveKind::kShowCards;
    if (t.size() > 2 && !ReadCards(value, t.substr(3), at + 3, true, m.cards)) return;
    out.push_back(std::move(m));
    return;
  }
  if (t.starts_with("TI.") || t.starts_with("LE.")) {
    seat_target(t[0] == 'T' ? IssMoveKind::kTimeout : IssMoveKind::kLeave);
    return;
  }
  if (!t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos) {
    if (!need_seat("bid")) return;
    std::optional<int> bid = ParseInt(t);
    if (!bid) {
      Fail(value.Offset(at), "bid '" + std::string(t) + "' is above " + std::to_string(kMaxNumber));
      return;
    }
    m.act = Act::Bid(*m.seat, *bid);
    out.push_back(std::move(m));
    return;
  }
  if (std::optional<Card> card = ParseIssCard(t)) {
    if (!need_seat("play a card")) return;
    m.act = Act::Play(*m.seat, *card);
    out.push_back(std::move(m));
    return;
  }
  if (t.find('|') != std::string_view::npos) {
    // The live form of a deal: forehand|middlehand|rearhand|skat, "??" for a card not shown.
    m.kind = IssMoveKind::kDeal;
    size_t pos = 0;
    constexpr size_t kSizes[4] = {10, 10, 10, 2};
    for (int part = 0; part < 4; ++part) {
      const size_t bar = t.find('|', pos);
      if ((bar == std::string_view::npos) != (part == 3)) {
        Fail(value.Offset(at + (bar == std::string_view::npos ? t.size() : bar)),
             "a deal with '|' has four parts: forehand|middlehand|rearhand|skat");
        return;
      }
      const size_t end = bar == std::string_view::npos ? t.size() : bar;
      const size_t before = m.cards.size();
      if (!ReadCards(value, t.substr(pos, end - pos), at + pos, true, m.cards)) return;
      if (m.cards.size() - before != kSizes[part]) {
        Fail(value.Offset(at + pos), "this part of the deal has " +
                                         std::to_string(m.cards.size() - before) + " cards, not " +
                                         std::to_string(kSizes[part]));
        return;
      }
      pos = end + 1;
    }
  } else if (AllCardParts(t)) {
    if (!ReadCards(value, t, at, true, m.cards)) return;
    if (m.cards.size() == 32) {
      m.kind = IssMoveKind::kDeal;
    } else if (m.cards.size() == 2 && !m.seat) {
      m.kind = IssMoveKind::kSkat;
    } else if (m.cards.size() == 2) {
      if (m.cards[0].has_value() != m.cards[1].has_value()) {
        Fail(value.Offset(at), "a discard is two cards or ??.??, not one of each");
        return;
      }
      if (m.cards[0]) {
        m.act = Act::Discard(*m.seat, *m.cards[0], *m.cards[1]);
        m.cards.clear();
      } else {
        m.kind = IssMoveKind::kHiddenDiscard;
      }
    } else {
      Fail(value.Offset(at),
           std::to_string(m.cards.size()) + " cards: a deal has 32, a skat or a discard 2");
      return;
    }
  } else {
    if (!m.seat) {
      Fail(value.Offset(at),
           "'" + std::string(t) + "' is not a server move (a deal, the skat, " + "TI.n, LE.n)");
      return;
    }
    ReadDeclaration(value, *m.seat, move, out);
    return;
  }
  if (m.kind == IssMoveKind::kDeal) {
    CardSet seen;
    for (size_t k = 0; k < m.cards.size(); ++k) {
      if (!m.cards[k]) continue;
      if (seen.contains(*m.cards[k])) {
        Fail(value.Offset(at), "the deal names " + IssCard(*m.cards[k]) + " twice");
        return;
      }
      seen.add(*m.cards[k]);
    }
  }
  out.push_back(std::move(m));
}

// <game> := (G | C | S | H | D | N) {H | O | S | Z} ["." cards]; see docs/iss-game-records.md.
void Reader::ReadDeclaration(const Value& value, Direction seat, Word move,
                             std::vector<IssMove>& out) {
  const std::string_view t = move.text;
  const size_t dot = t.find('.');
  const std::string_view letters = t.substr(0, dot);
  Declaration d;
  switch (letters.empty() ? '\0' : letters[0]) {
    case 'G': d.type = GameType::kGrand; break;
    case 'C': d.type = GameType::kClubs; break;
    case 'S': d.type = GameType::kSpades; break;
    case 'H': d.type = GameType::kHearts; break;
    case 'D': d.type = GameType::kDiamonds; break;
    case 'N': d.type = GameType::kNull; break;
    default:
      Fail(value.Offset(move.at),
           "'" + std::string(t) + "' is not a move (a bid, y, p, s, a card, a game G C S H D N, " +
               "RE, SC, TI.n, LE.n)");
      return;
  }
  bool hand = false;
  bool schneider = false;
  bool schwarz = false;
  for (size_t k = 1; k < letters.size(); ++k) {
    switch (letters[k]) {
      case 'H': hand = true; break;
      case 'O': d.ouvert = true; break;
      case 'S': schneider = true; break;
      case 'Z': schwarz = true; break;
      default:
        Fail(value.Offset(move.at + k), "'" + std::string(1, letters[k]) +
                                            "' is not a game letter (H hand, O ouvert, " +
                                            "S schneider, Z schwarz announced)");
        return;
    }
  }
  if (d.type == GameType::kNull) {
    if (schneider || schwarz) {
      Fail(value.Offset(move.at), "a Null game takes no schneider or schwarz announcement");
      return;
    }
  } else if (d.ouvert) {
    hand = true;  // a suit or grand ouvert is a hand game with schneider and schwarz announced
  } else {
    d.announced = schwarz     ? Announcement::kSchwarz
                  : schneider ? Announcement::kSchneider
                              : Announcement::kNone;
  }
  d.handling = hand ? SkatHandling::kHand : SkatHandling::kPickup;
  std::vector<std::optional<Card>> cards;
  if (dot != std::string_view::npos &&
      !ReadCards(value, t.substr(dot + 1), move.at + dot + 1, true, cards)) {
    return;
  }
  IssMove declare;
  declare.seat = seat;
  declare.act = Act::Declare(seat, d);
  if (!hand && !cards.empty()) {
    if (cards.size() < 2 || cards[0].has_value() != cards[1].has_value()) {
      Fail(value.Offset(move.at + dot + 1),
           "a game with the skat taken names its two discards first (or ??.?? hidden)");
      return;
    }
    IssMove discard;
    discard.seat = seat;
    if (cards[0]) {
      discard.act = Act::Discard(seat, *cards[0], *cards[1]);
    } else {
      discard.kind = IssMoveKind::kHiddenDiscard;
      discard.cards = {std::nullopt, std::nullopt};
    }
    out.push_back(std::move(discard));
    cards.erase(cards.begin(), cards.begin() + 2);
  }
  declare.cards = std::move(cards);
  out.push_back(std::move(declare));
}

void Reader::ReadResult(const Value& value, IssResult& result) {
  for (const Word& w : Words(value.text)) {
    if (failed_) return;
    const std::string_view t = w.text;
    const size_t at = value.Offset(w.at);
    auto set_once = [&](auto& slot, auto v) {
      if (slot.has_value()) {
        Fail(at, "R[...] gives '" + std::string(t) + "' a second time");
        return;
      }
      slot = v;
    };
    if (t == "passed") {
      if (result.passed) Fail(at, "R[...] says 'passed' twice");
      result.passed = true;
      continue;
    }
    if (t == "win" || t == "loss" || t == "penalty") {
      set_once(result.outcome, t == "win"    ? IssOutcome::kWin
                               : t == "loss" ? IssOutcome::kLoss
                                             : IssOutcome::kPenalty);
      continue;
    }
    if (t == "overbid" || t == "bidok") {
      set_once(result.overbid, t == "overbid");
      continue;
    }
    const size_t colon = t.find(':');
    if (colon == std::string_view::npos) {
      result.other.emplace_back(t);
      continue;
    }
    const std::string_view key = t.substr(0, colon);
    std::string_view number = t.substr(colon + 1);
    std::optional<int>* slot = nullptr;
    if (key == "d") slot = &result.declarer;
    if (key == "v") slot = &result.value;
    if (key == "m") slot = &result.matadors;
    if (key == "p") slot = &result.card_points;
    if (key == "t") slot = &result.tricks;
    if (key == "s") slot = &result.schneider;
    if (key == "z") slot = &result.schwarz;
    if (key == "p0") slot = &result.penalty[0];
    if (key == "p1") slot = &result.penalty[1];
    if (key == "p2") slot = &result.penalty[2];
    if (key == "l") slot = &result.left;
    if (key == "to") slot = &result.timeout;
    if (key == "r") slot = &result.resigned;
    if (slot == nullptr) {
      result.other.emplace_back(t);
      continue;
    }
    // The ISS source quoted in jskat writes "d:" + declarer + "win" with no blank before "win"
    // (and "penalty"); accept the word glued to d:'s number.
    std::optional<IssOutcome> glued;
    if (key == "d") {
      for (auto [word, outcome] : {std::pair{std::string_view("win"), IssOutcome::kWin},
                                   std::pair{std::string_view("loss"), IssOutcome::kLoss},
                                   std::pair{std::string_view("penalty"), IssOutcome::kPenalty}}) {
        if (number.size() > word.size() && number.ends_with(word)) {
          number.remove_suffix(word.size());
          glued = outcome;
        }
      }
    }
    std::optional<int> v = ParseInt(number);
    if (!v) {
      Fail(value.Offset(w.at + colon + 1), "'" + std::string(t.substr(colon + 1)) + "' after " +
                                               std::string(key) + ": is not a number");
      return;
    }
    set_once(*slot, *v);
    if (glued) set_once(result.outcome, *glued);
  }
}

}  // namespace

std::optional<Board> IssBoardOf(const std::vector<IssMove>& moves) {
  for (const IssMove& m : moves) {
    if (m.kind != IssMoveKind::kDeal) continue;
    if (m.cards.size() != 32) return std::nullopt;
    Board b;
    for (int k = 0; k < 32; ++k) {
      if (!m.cards[k]) return std::nullopt;
      if (k < 30) {
        b.hands[k / 10].add(*m.cards[k]);
      } else {
        b.skat[k - 30] = *m.cards[k];
      }
    }
    if (!CheckBoard(b).ok()) return std::nullopt;
    return b;
  }
  return std::nullopt;
}

Result<IssRecord> ReadIssRecord(std::string_view line, FormatError* where) {
  return Reader(line, 1).Read(where);
}

std::vector<IssRecordLine> ReadIssRecords(std::string_view text) {
  std::vector<IssRecordLine> out;
  for (const text::Line& line : text::SplitLines(text)) {
    const std::string_view trimmed = text::TrimBlanks(line.text);
    if (trimmed.empty() || trimmed.front() == '#') continue;
    FormatError where;
    Result<IssRecord> record = Reader(line.text, line.number).Read(&where);
    out.push_back({.line = line.number, .record = std::move(record), .where = where});
  }
  return out;
}

}  // namespace skat
