#include "engine/board_set_format.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/text_scan.h"

namespace skat {
namespace {

using text::AppendJsonString;
using text::BadTextOffset;
using text::ColumnOf;
using text::DecodeUtf8;
using text::IsBlank;
using text::IsBoardPartLabel;
using text::Line;
using text::Lower;
using text::NextWord;
using text::ParseDecimal;
using text::SkipBlanks;
using text::Token;
using text::TrimBlanks;

constexpr std::string_view kHeaderComment = "# Comparative Skat board set (docs/board-sets.md)";

// ---------------------------------------------------------------------------------------------
// Text helpers

bool IsHexDigit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Why `text` cannot be a header text field, or "" when it can.
std::string TextProblem(std::string_view text) {
  const size_t bad = BadTextOffset(text);
  if (bad != std::string_view::npos) {
    char32_t cp = 0;
    return DecodeUtf8(text, bad, &cp) == 0 ? "is not valid UTF-8" : "holds a control character";
  }
  if (!text.empty() && (IsBlank(text.front()) || IsBlank(text.back()))) {
    return "begins or ends with a space";
  }
  return "";
}

bool IsLowerHex64(std::string_view s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// JSON

void AppendJsonCards(std::string& out, CardSet cards) {
  out += '[';
  bool first = true;
  // Highest index first, as ToString(CardSet) prints a hand.
  for (int index = 31; index >= 0; --index) {
    const Card card = Card::FromIndex(index);
    if (!cards.contains(card)) continue;
    if (!first) out += ',';
    first = false;
    AppendJsonString(out, ToString(card));
  }
  out += ']';
}

// ---------------------------------------------------------------------------------------------
// The reader

// The offset within `board_text` of the part of a board record ParseBoard rejected: an unknown
// part label, or the first card that is unreadable or named twice in its part; 0 when none is.
size_t LocateBoardProblem(std::string_view board_text) {
  size_t part_start = 0;
  while (part_start <= board_text.size()) {
    size_t part_end = board_text.find(';', part_start);
    if (part_end == std::string_view::npos) part_end = board_text.size();
    size_t cards_start = part_start;
    const size_t colon = board_text.find(':', part_start);
    if (colon != std::string_view::npos && colon < part_end) {
      std::string_view label_text = board_text.substr(part_start, colon - part_start);
      const std::string label = Lower(TrimBlanks(label_text));
      if (!IsBoardPartLabel(label)) {
        return SkipBlanks(board_text, part_start);  // stops at the colon at the latest
      }
      cards_start = colon + 1;
    }
    CardSet seen;
    size_t pos = cards_start;
    while (pos < part_end) {
      size_t end = board_text.find_first_of(" ,\t", pos);
      if (end == std::string_view::npos || end > part_end) end = part_end;
      if (end > pos) {
        std::optional<Card> card = ParseCard(board_text.substr(pos, end - pos));
        if (!card || seen.contains(*card)) return pos;
        seen.add(*card);
      }
      pos = end + 1;
    }
    part_start = part_end + 1;
  }
  return 0;
}

enum class Key {
  kFormat,
  kLabel,
  kGenerator,
  kCommitment,
  kBeaconSource,
  kBeaconValue,
  kSeed,
  kTableSize,
  kBoards,
  kCount
};
constexpr std::array<std::string_view, static_cast<int>(Key::kCount)> kKeyNames = {
    "format",       "label", "generator",  "commitment", "beacon-source",
    "beacon-value", "seed",  "table-size", "boards"};
constexpr std::array<bool, static_cast<int>(Key::kCount)> kKeyRequired = {
    true, true, true, true, false, false, false, true, true};

// A board record's place in the text, for the checks made once the whole header is known.
struct RecordPlace {
  Line line;
  size_t board_offset = 0;  // the word "board"
  size_t chair_offset = 0;
  int chair = 0;
};

class BoardSetReader {
 public:
  BoardSetReader(std::string_view text, FormatError* where) : text_(text), where_(where) {}

  Result<BoardSet> Read() {
    lines_ = text::SplitLines(text_);
    for (const Line& line : lines_) {
      const std::string_view content = TrimBlanks(line.text);
      if (content.empty() || content.front() == '#') continue;
      size_t pos = 0;
      const Token first = NextWord(line.text, pos);
      Status status = Lower(first.text) == "board" ? ReadRecord(line, first) : ReadHeader(line);
      if (!status.ok()) return status;
    }
    if (Status status = CheckWhole(); !status.ok()) return status;
    return std::move(set_);
  }

 private:
  Status Fail(int line, int column, const std::string& message) {
    if (where_ != nullptr) *where_ = FormatError{line, column};
    return Status::InvalidArgument("line " + std::to_string(line) + ", column " +
                                   std::to_string(column) + ": " + message);
  }
  Status Fail(const Line& line, size_t offset, const std::string& message) {
    return Fail(line.number, ColumnOf(line.text, offset), message);
  }
  // Just past the last line.
  Status FailAtEnd(const std::string& message) {
    return Fail(static_cast<int>(lines_.size()) + 1, 1, message);
  }

  Status ReadHeader(const Line& line) {
    const size_t colon = line.text.find(':');
    const size_t key_offset = SkipBlanks(line.text, 0);
    if (colon == std::string_view::npos) {
      return Fail(line, key_offset,
                  "expected a header line 'key: value' or a board record 'board N chair C deal D "
                  "F: ...; M: ...; R: ...; S: ...'");
    }
    const std::string key = Lower(TrimBlanks(line.text.substr(0, colon)));
    int index = -1;
    for (size_t i = 0; i < kKeyNames.size(); ++i) {
      if (key == kKeyNames[i]) index = static_cast<int>(i);
    }
    if (index < 0) {
      std::string known;
      for (std::string_view name : kKeyNames)
        known += (known.empty() ? "" : ", ") + std::string(name);
      return Fail(line, key_offset, "unknown header key '" + key + "' (known: " + known + ")");
    }
    if (seen_[index] != 0) {
      return Fail(line, key_offset,
                  "header key '" + key + "' is given twice (first on line " +
                      std::to_string(seen_[index]) + ")");
    }
    seen_[index] = line.number;
    const size_t value_offset = SkipBlanks(line.text, colon + 1);
    const std::string_view value = TrimBlanks(line.text.substr(colon + 1));
    switch (static_cast<Key>(index)) {
      case Key::kFormat: return ReadFormat(line, value_offset);
      case Key::kLabel: return ReadText(line, key, value, value_offset, set_.label);
      case Key::kBeaconSource: return ReadText(line, key, value, value_offset, set_.beacon_source);
      case Key::kBeaconValue: return ReadText(line, key, value, value_offset, set_.beacon_value);
      case Key::kGenerator: {
        std::optional<uint64_t> version = ParseDecimal(value, 1'000'000);
        if (!version || *version == 0) {
          return Fail(
              line, value_offset,
              "generator: '" + std::string(value) + "' is not a generator version (1, 2, ...)");
        }
        set_.generator_version = static_cast<int>(*version);
        return Status::Ok();
      }
      case Key::kCommitment: {
        std::string hex;
        if (Status s = ReadHex(line, key, value, value_offset, hex); !s.ok()) return s;
        set_.commitment = std::move(hex);
        return Status::Ok();
      }
      case Key::kSeed: {
        std::string hex;
        if (Status s = ReadHex(line, key, value, value_offset, hex); !s.ok()) return s;
        set_.seed = std::move(hex);
        return Status::Ok();
      }
      case Key::kTableSize: {
        if (value != "3" && value != "4") {
          return Fail(line, value_offset,
                      "table-size: '" + std::string(value) + "' is not 3 or 4 (chairs per table)");
        }
        set_.table_size = value[0] - '0';
        return Status::Ok();
      }
      case Key::kBoards: {
        std::optional<uint64_t> count = ParseDecimal(value, 1'000'000'000);
        if (!count) {
          return Fail(line, value_offset,
                      "boards: '" + std::string(value) + "' is not a number of boards");
        }
        board_count_ = *count;
        return Status::Ok();
      }
      case Key::kCount: break;
    }
    return Status::Ok();
  }

  Status ReadFormat(const Line& line, size_t value_offset) {
    size_t pos = value_offset;
    const Token name = NextWord(line.text, pos);
    const Token version = NextWord(line.text, pos);
    const Token extra = NextWord(line.text, pos);
    const std::string expected =
        std::string(kBoardSetFormatName) + " " + std::to_string(kBoardSetFormatVersion);
    if (Lower(name.text) != kBoardSetFormatName) {
      return Fail(line, name.offset,
                  "format: '" + std::string(name.text) + "' is not '" + expected + "'");
    }
    if (version.text.empty()) {
      return Fail(line, version.offset, "format: the version is missing ('" + expected + "')");
    }
    if (ParseDecimal(version.text, 1'000'000) != uint64_t{kBoardSetFormatVersion}) {
      return Fail(line, version.offset,
                  "format: version '" + std::string(version.text) +
                      "' is not supported (this reader knows version " +
                      std::to_string(kBoardSetFormatVersion) + ")");
    }
    if (!extra.text.empty()) {
      return Fail(line, extra.offset, "format: unexpected '" + std::string(extra.text) + "'");
    }
    return Status::Ok();
  }

  Status ReadText(const Line& line, const std::string& key, std::string_view value,
                  size_t value_offset, std::string& out) {
    const size_t bad = BadTextOffset(value);
    if (bad != std::string_view::npos) {
      return Fail(line, value_offset + bad, key + ": " + TextProblem(value));
    }
    out = std::string(value);
    return Status::Ok();
  }

  Status ReadHex(const Line& line, const std::string& key, std::string_view value,
                 size_t value_offset, std::string& out) {
    for (size_t i = 0; i < value.size(); ++i) {
      if (!IsHexDigit(value[i])) {
        return Fail(line, value_offset + i,
                    key + ": '" + std::string(value) + "' is not 64 hex digits");
      }
    }
    if (value.size() != 64) {
      return Fail(line, value_offset,
                  key + ": " + std::to_string(value.size()) + " hex digits, not 64");
    }
    out = Lower(value);
    return Status::Ok();
  }

  Status ReadRecord(const Line& line, const Token& board_word) {
    size_t pos = board_word.offset + board_word.text.size();
    const Token number = NextWord(line.text, pos);
    const Token chair_word = NextWord(line.text, pos);
    const Token chair = NextWord(line.text, pos);
    const Token deal_word = NextWord(line.text, pos);
    const Token deal = NextWord(line.text, pos);
    const int expected = static_cast<int>(set_.boards.size()) + 1;
    const std::string syntax =
        "a board record is 'board N chair C deal D F: ...; M: ...; R: ...; S: ...'";

    std::optional<uint64_t> n = ParseDecimal(number.text, 1'000'000'000);
    if (!n) {
      return Fail(line, number.offset,
                  "'" + std::string(number.text) + "' is not a board number (" + syntax + ")");
    }
    if (*n != static_cast<uint64_t>(expected)) {
      return Fail(line, number.offset,
                  "board " + std::to_string(*n) + " where board " + std::to_string(expected) +
                      " was expected (boards run 1, 2, ... in order, without gaps)");
    }
    const std::string name = "board " + std::to_string(expected);
    if (Lower(chair_word.text) != "chair") {
      return Fail(line, chair_word.offset, name + ": expected 'chair' (" + syntax + ")");
    }
    std::optional<uint64_t> c = ParseDecimal(chair.text, 1'000);
    if (!c) {
      return Fail(line, chair.offset,
                  name + ": '" + std::string(chair.text) + "' is not a chair number");
    }
    if (Lower(deal_word.text) != "deal") {
      return Fail(line, deal_word.offset, name + ": expected 'deal' (" + syntax + ")");
    }
    std::optional<uint64_t> d = ParseDecimal(deal.text, kDealCount - 1);
    if (!d) {
      return Fail(
          line, deal.offset,
          name + ": '" + std::string(deal.text) + "' is not a deal number (0 to 5506588817009279)");
    }
    pos = SkipBlanks(line.text, pos);
    const std::string_view board_text = TrimBlanks(line.text.substr(pos));
    if (board_text.empty()) {
      return Fail(line, pos,
                  name + ": the hands are missing after the deal number (" + syntax + ")");
    }
    Result<Board> board = ParseBoard(board_text);
    if (!board.ok()) {
      return Fail(line, pos + LocateBoardProblem(board_text),
                  name + ": " + board.status().message());
    }
    const uint64_t actual = DealNumber(*board);
    if (actual != *d) {
      return Fail(line, deal.offset,
                  name + ": deal number " + std::to_string(*d) +
                      " does not match the hands, whose deal number is " + std::to_string(actual) +
                      " (a card, the skat order or the deal number was changed)");
    }
    set_.boards.push_back(SetBoard{expected, *board});
    places_.push_back(RecordPlace{line, board_word.offset, chair.offset, static_cast<int>(*c)});
    return Status::Ok();
  }

  // The checks that need the whole text: required keys, chairs, the number of boards.
  Status CheckWhole() {
    for (size_t i = 0; i < kKeyNames.size(); ++i) {
      if (kKeyRequired[i] && seen_[i] == 0) {
        return FailAtEnd("the header has no '" + std::string(kKeyNames[i]) + ":' line");
      }
    }
    for (size_t i = 0; i < places_.size(); ++i) {
      const int number = set_.boards[i].number;
      const int expected = ForehandChair(number, set_.table_size);
      if (places_[i].chair != expected) {
        return Fail(places_[i].line, places_[i].chair_offset,
                    "board " + std::to_string(number) + ": forehand sits in chair " +
                        std::to_string(expected) + " at a table of " +
                        std::to_string(set_.table_size) + " chairs, not in chair " +
                        std::to_string(places_[i].chair));
      }
    }
    if (set_.boards.size() < board_count_) {
      const std::string last = set_.boards.empty()
                                   ? "before board 1"
                                   : "after board " + std::to_string(set_.boards.size());
      return FailAtEnd("the text ends " + last + ", but the header says boards: " +
                       std::to_string(board_count_) + " (truncated?)");
    }
    if (set_.boards.size() > board_count_) {
      const RecordPlace& place = places_[board_count_];
      return Fail(place.line, place.board_offset,
                  "board " + std::to_string(board_count_ + 1) +
                      " is more than the header's boards: " + std::to_string(board_count_));
    }
    return Status::Ok();
  }

  std::string_view text_;
  FormatError* where_;
  std::vector<Line> lines_;
  BoardSet set_;
  std::array<int, static_cast<int>(Key::kCount)> seen_ = {};  // line of each key, 0 when absent
  uint64_t board_count_ = 0;
  std::vector<RecordPlace> places_;
};

}  // namespace

Status CheckBoardSet(const BoardSet& set) {
  const std::array<std::pair<std::string_view, const std::string*>, 3> texts = {
      std::pair{"label", &set.label}, std::pair{"beacon source", &set.beacon_source},
      std::pair{"beacon value", &set.beacon_value}};
  for (const auto& [name, text] : texts) {
    if (std::string problem = TextProblem(*text); !problem.empty()) {
      return Status::InvalidArgument("the " + std::string(name) + " " + problem);
    }
  }
  if (set.generator_version < 1 || set.generator_version > 1'000'000) {
    return Status(
        ErrorCode::kInvalidArgument,
        "generator version " + std::to_string(set.generator_version) + " is not 1, 2, ...");
  }
  if (!IsLowerHex64(set.commitment)) {
    return Status::InvalidArgument("the commitment is not 64 lower-case hex digits");
  }
  if (set.seed && !IsLowerHex64(*set.seed)) {
    return Status::InvalidArgument("the seed is not 64 lower-case hex digits");
  }
  if (set.table_size != 3 && set.table_size != 4) {
    return Status::InvalidArgument("table size " + std::to_string(set.table_size) +
                                   " is not 3 or 4");
  }
  for (size_t i = 0; i < set.boards.size(); ++i) {
    const int expected = static_cast<int>(i) + 1;
    if (set.boards[i].number != expected) {
      return Status::InvalidArgument("board " + std::to_string(set.boards[i].number) +
                                     " where board " + std::to_string(expected) +
                                     " was expected (boards run 1, 2, ...)");
    }
    if (Status s = CheckBoard(set.boards[i].board); !s.ok()) {
      return Status::InvalidArgument("board " + std::to_string(expected) + ": " + s.message());
    }
  }
  return Status::Ok();
}

Result<std::string> WriteBoardSet(const BoardSet& set) {
  if (Status s = CheckBoardSet(set); !s.ok()) return s;
  const auto field = [](std::string_view key, std::string_view value) {
    std::string line(key);
    line += ':';
    if (!value.empty()) line += ' ' + std::string(value);
    line += '\n';
    return line;
  };
  std::string out;
  out.reserve(256 + 140 * set.boards.size());
  out += kHeaderComment;
  out += '\n';
  out += field("format",
               std::string(kBoardSetFormatName) + " " + std::to_string(kBoardSetFormatVersion));
  out += field("label", set.label);
  out += field("generator", std::to_string(set.generator_version));
  out += field("commitment", set.commitment);
  out += field("beacon-source", set.beacon_source);
  out += field("beacon-value", set.beacon_value);
  if (set.seed) out += field("seed", *set.seed);
  out += field("table-size", std::to_string(set.table_size));
  out += field("boards", std::to_string(set.boards.size()));
  for (const SetBoard& b : set.boards) {
    out += "board " + std::to_string(b.number) + " chair " +
           std::to_string(ForehandChair(b.number, set.table_size)) + " deal " +
           std::to_string(DealNumber(b.board)) + " " + ToString(b.board) + "\n";
  }
  return out;
}

Result<BoardSet> ReadBoardSet(std::string_view text, FormatError* where) {
  return BoardSetReader(text, where).Read();
}

std::string BoardSetToJson(const BoardSet& set) {
  std::string out;
  out.reserve(256 + 400 * set.boards.size());
  out += "{\"format\":";
  AppendJsonString(out, kBoardSetFormatName);
  out += ",\"version\":" + std::to_string(kBoardSetFormatVersion);
  out += ",\"label\":";
  AppendJsonString(out, set.label);
  out += ",\"generator\":" + std::to_string(set.generator_version);
  out += ",\"commitment\":";
  AppendJsonString(out, set.commitment);
  out += ",\"beaconSource\":";
  AppendJsonString(out, set.beacon_source);
  out += ",\"beaconValue\":";
  AppendJsonString(out, set.beacon_value);
  out += ",\"seed\":";
  if (set.seed) {
    AppendJsonString(out, *set.seed);
  } else {
    out += "null";
  }
  out += ",\"tableSize\":" + std::to_string(set.table_size);
  out += ",\"boards\":[";
  for (size_t i = 0; i < set.boards.size(); ++i) {
    const SetBoard& b = set.boards[i];
    if (i > 0) out += ',';
    out += "{\"number\":" + std::to_string(b.number);
    out += ",\"forehandChair\":";
    out += (b.number >= 1 && (set.table_size == 3 || set.table_size == 4))
               ? std::to_string(ForehandChair(b.number, set.table_size))
               : "null";
    out += ",\"dealNumber\":";
    out += CheckBoard(b.board).ok() ? std::to_string(DealNumber(b.board)) : "null";
    for (Direction d : kDirections) {
      out += ",\"";
      out += DirectionName(d);
      out += "\":";
      AppendJsonCards(out, b.board.hand(d));
    }
    out += ",\"skat\":[";
    AppendJsonString(out, ToString(b.board.skat[0]));
    out += ',';
    AppendJsonString(out, ToString(b.board.skat[1]));
    out += "]}";
  }
  out += "]}\n";
  return out;
}

}  // namespace skat
