// The ISS game record reader (engine/iss_record.h; grammar and sources in
// docs/iss-game-records.md). Lenient in layout (blanks between fields and moves, unknown header
// fields and R tokens kept, optional fields missing, the older move forms), strict in content:
// every move and R token it knows must be well formed, and an error names its line and column.
// This file: the fields, the header, R[...] and the public functions; the moves (MV[...]) are in
// iss_record_moves.cc.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/iss_record.h"
#include "engine/iss_record_reader_internal.h"
#include "engine/text_scan.h"

namespace skat {
namespace iss_internal {

using text::ColumnOf;
using text::IsBlank;

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

Result<IssRecord> Reader::Read(FormatError* where) {
  IssRecord record;
  size_t i = 0;
  ReadOpening(i);
  std::vector<bool> seen(14, false);
  bool ended = false;
  while (!failed_) {
    SkipBlanks(i);
    if (i >= line_.size()) break;
    if (line_[i] == ';') {
      ended = ReadEnd(i);
      break;
    }
    ReadField(i, seen, record);
  }
  if (!failed_ && !ended) Fail(line_.size(), "the record does not end with ';)'");
  if (failed_) {
    const int column = ColumnOf(line_, error_offset_);
    if (where != nullptr) *where = FormatError{.line = line_number_, .column = column};
    return Status::InvalidArgument("line " + std::to_string(line_number_) + ", column " +
                                   std::to_string(column) + ": " + error_);
  }
  record.board = IssBoardOf(record.moves);
  return record;
}

void Reader::SkipBlanks(size_t& i) const {
  while (i < line_.size() && IsBlank(line_[i])) ++i;
}

void Reader::ReadOpening(size_t& i) {
  for (size_t k = 0; k < line_.size(); ++k) {
    if (line_[k] == '\n' || line_[k] == '\r') {
      Fail(k, "a line break inside a record (a record is one line)");
      break;
    }
  }
  SkipBlanks(i);
  if (!failed_ && (i >= line_.size() || line_[i] != '(')) {
    Fail(i, "a record starts with '(;'");
  }
  if (!failed_) {
    ++i;
    SkipBlanks(i);
    if (i >= line_.size() || line_[i] != ';') Fail(i, "a record starts with '(;'");
    ++i;
  }
}

bool Reader::ReadEnd(size_t& i) {
  const size_t semicolon = i;
  ++i;
  SkipBlanks(i);
  if (i < line_.size() && line_[i] == ')') {
    ++i;
    SkipBlanks(i);
    if (i < line_.size()) Fail(i, "text after the record's end ';)'");
    return true;
  }
  Fail(semicolon, "';' inside a record (one node per record; the record ends with ';)')");
  return false;
}

void Reader::ReadField(size_t& i, std::vector<bool>& seen, IssRecord& record) {
  const size_t name_at = i;
  while (i < line_.size() &&
         ((line_[i] >= 'A' && line_[i] <= 'Z') || (line_[i] >= 'a' && line_[i] <= 'z') ||
          (line_[i] >= '0' && line_[i] <= '9'))) {
    ++i;
  }
  if (i == name_at) {
    Fail(i, "expected a field name (letters and digits) followed by '['");
    return;
  }
  const std::string_view name = line_.substr(name_at, i - name_at);
  if (i >= line_.size() || line_[i] != '[') {
    Fail(i, "expected '[' after the field name '" + std::string(name) + "'");
    return;
  }
  ++i;
  std::optional<Value> value = ReadValue(i, name);
  if (!value) return;
  static constexpr std::string_view kKnown[] = {"GM", "PC", "CO", "SE", "ID", "DT", "P0",
                                                "P1", "P2", "R0", "R1", "R2", "MV", "R"};
  int known = -1;
  for (int k = 0; k < 14; ++k) {
    if (name == kKnown[k]) known = k;
  }
  if (known >= 0) {
    if (seen[known]) {
      Fail(name_at, "the field " + std::string(name) + " is given twice");
      return;
    }
    seen[known] = true;
  }
  if (name == "MV") {
    ReadMoves(*value, record);
  } else if (name == "R") {
    ReadResult(*value, record.result);
  } else {
    ReadHeader(name, name_at, std::move(*value), record);
  }
}

std::optional<Value> Reader::ReadValue(size_t& i, std::string_view name) {
  Value value;
  while (i < line_.size()) {
    char v = line_[i];
    if (v == ']') {
      value.end = i;
      ++i;
      return value;
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
  Fail(line_.size(), "the field " + std::string(name) + "[ is not closed by ']'");
  return std::nullopt;
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

}  // namespace iss_internal

using iss_internal::Reader;

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
