// The game record reader (engine/game_record.h): reads the records of a text and replays them.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game_record.h"
#include "engine/game_record_internal.h"
#include "engine/text_scan.h"

namespace skat {
namespace {

using game_record_internal::AllDigits;
using game_record_internal::Arguments;
using game_record_internal::DeclarationArguments;
using game_record_internal::kDeclarationField;
using game_record_internal::NotASeat;
using game_record_internal::ParseDecimal;
using game_record_internal::ParseSeat;
using game_record_internal::ReadActArguments;
using game_record_internal::ReadActName;
using game_record_internal::ReadArguments;
using game_record_internal::Signed;
using text::BadTextOffset;
using text::ColumnOf;
using text::IsBoardPartLabel;
using text::Line;
using text::Lower;
using text::NextWord;
using text::SkipBlanks;
using text::Token;
using text::TrimBlanks;

// ---------------------------------------------------------------------------------------------
// Text helpers

// "+30", "0", "-20" with |value| <= 1,000,000,000.
std::optional<int> ParseSigned(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  std::optional<uint64_t> v = ParseDecimal(s, 1'000'000'000);
  if (!v) return std::nullopt;
  return negative ? -static_cast<int>(*v) : static_cast<int>(*v);
}

// ---------------------------------------------------------------------------------------------
// The reader

// The offset within `board_text` of the first word that is neither a part label nor a card, or of
// a card named a second time; 0 when there is none (the error is then about the board as a whole).
size_t LocateBoardProblem(std::string_view board_text) {
  CardSet seen;
  size_t pos = 0;
  while (pos < board_text.size()) {
    const size_t end_or_npos = board_text.find_first_of(" ,;\t", pos);
    const size_t end = end_or_npos == std::string_view::npos ? board_text.size() : end_or_npos;
    std::string_view word = board_text.substr(pos, end - pos);
    if (!word.empty()) {
      if (word.back() == ':') {
        const std::string label = Lower(word.substr(0, word.size() - 1));
        if (!IsBoardPartLabel(label)) return pos;
      } else {
        std::optional<Card> card = ParseCard(word);
        if (!card || seen.contains(*card)) return pos;
        seen.add(*card);
      }
    }
    pos = end + 1;
  }
  return 0;
}

enum class Key { kProfile, kDeal, kTable, kBoard, kRound, kDeclarer, kGame, kValue, kPad, kCount };
constexpr std::array<std::string_view, static_cast<int>(Key::kCount)> kKeyNames = {
    "profile", "deal", "table", "board", "round", "declarer", "game", "value", "pad"};
constexpr bool IsResultKey(Key k) { return k >= Key::kDeclarer; }

// One record while it is read.
struct Pending {
  int first_line = 0;
  int last_line = 0;
  std::array<int, static_cast<int>(Key::kCount)> seen{};  // line of each key, 0 when absent
  const Profile* profile = nullptr;
  std::optional<Board> board;
  std::string table, board_label, round;
  std::optional<Game> game;
  bool result_started = false;
};

class GameRecordReader {
 public:
  GameRecordReader(std::string_view text, FormatError* where) : text_(text), where_(where) {}

  Result<std::vector<GameRecord>> Read() {
    lines_ = text::SplitLines(text_);
    for (const Line& line : lines_) {
      const std::string_view content = TrimBlanks(line.text);
      if (content.empty()) {
        if (Status s = Close(); !s.ok()) return s;
        continue;
      }
      if (content.front() == '#') continue;
      if (Status s = ReadLine(line); !s.ok()) return s;
    }
    if (Status s = Close(); !s.ok()) return s;
    return std::move(records_);
  }

 private:
  Status Fail(ErrorCode code, int line, int column, const std::string& message) {
    if (where_ != nullptr) *where_ = FormatError{line, column};
    return Status(code, "line " + std::to_string(line) + ", column " + std::to_string(column) +
                            ": " + message);
  }
  Status Fail(int line, int column, const std::string& message) {
    return Fail(ErrorCode::kInvalidArgument, line, column, message);
  }
  Status Fail(const Line& line, size_t offset, const std::string& message) {
    return Fail(line.number, ColumnOf(line.text, offset), message);
  }

  std::string GameName() const { return "game " + std::to_string(records_.size() + 1); }

  // Ends the open record at line `at` (a blank line, a `game N` header or the end of the text).
  Status Close() {
    if (!open_) return Status::Ok();
    open_ = false;
    Pending& p = pending_;
    // Errors about what is missing point at the line after the record's last line.
    const int after = p.last_line + 1;
    const auto missing = [&](Key k) {
      return Fail(after, 1,
                  GameName() + ": the record has no '" +
                      std::string(kKeyNames[static_cast<int>(k)]) + ":' line");
    };
    if (!p.game) {
      if (p.seen[static_cast<int>(Key::kProfile)] == 0) return missing(Key::kProfile);
      if (p.seen[static_cast<int>(Key::kDeal)] == 0) return missing(Key::kDeal);
      return Fail(after, 1, GameName() + ": the record has no acts");
    }
    if (!p.game->finished()) return Unfinished(after, 1);
    if (p.seen[static_cast<int>(Key::kPad)] == 0) return missing(Key::kPad);
    GameRecord record(std::move(*p.game));
    record.table = std::move(p.table);
    record.board = std::move(p.board_label);
    record.round = std::move(p.round);
    records_.push_back(std::move(record));
    return Status::Ok();
  }

  Status Unfinished(int line, int column) {
    const Game& g = *pending_.game;
    return Fail(line, column,
                GameName() + ": the game is not finished (" + std::string(PhaseName(g.phase())) +
                    ", " + std::string(DirectionName(g.to_move())) +
                    " to act; is the record truncated?)");
  }

  void Open(int line) {
    open_ = true;
    pending_ = Pending{};
    pending_.first_line = line;
  }

  Status ReadLine(const Line& line) {
    const size_t key_offset = SkipBlanks(line.text, 0);
    // A key line: "key: value" with a known key.
    const size_t colon = line.text.find(':');
    if (colon != std::string_view::npos) {
      const std::string key = Lower(TrimBlanks(line.text.substr(0, colon)));
      for (size_t i = 0; i < kKeyNames.size(); ++i) {
        if (key != kKeyNames[i]) continue;
        if (!open_) Open(line.number);
        pending_.last_line = line.number;
        return ReadKey(line, static_cast<Key>(i), key_offset, colon + 1);
      }
    }
    size_t pos = 0;
    const Token first = NextWord(line.text, pos);
    if (Lower(first.text) == "game") return ReadGameHeader(line, first, pos);
    if (!open_) Open(line.number);
    pending_.last_line = line.number;
    return ReadAct(line, first, pos);
  }

  Status ReadGameHeader(const Line& line, const Token& word, size_t pos) {
    if (Status s = Close(); !s.ok()) return s;
    const Token number = NextWord(line.text, pos);
    const Token extra = NextWord(line.text, pos);
    const size_t expected = records_.size() + 1;
    std::optional<uint64_t> n = ParseDecimal(number.text, 1'000'000'000);
    if (!n) {
      return Fail(line, number.text.empty() ? word.offset : number.offset,
                  "expected 'game N', a header line 'key: value' or an act '<seat> <act> "
                  "[arguments]'");
    }
    if (*n != expected) {
      return Fail(line, number.offset,
                  "game " + std::to_string(*n) + " where game " + std::to_string(expected) +
                      " was expected (games run 1, 2, ... in order)");
    }
    if (!extra.text.empty()) {
      return Fail(line, extra.offset, "unexpected '" + std::string(extra.text) + "'");
    }
    Open(line.number);
    pending_.last_line = line.number;
    return Status::Ok();
  }

  Status ReadKey(const Line& line, Key key, size_t key_offset, size_t after_colon) {
    Pending& p = pending_;
    const std::string name(kKeyNames[static_cast<int>(key)]);
    int& seen = p.seen[static_cast<int>(key)];
    if (seen != 0) {
      return Fail(line, key_offset,
                  "'" + name + ":' is given twice in " + GameName() + " (first on line " +
                      std::to_string(seen) + ")");
    }
    seen = line.number;
    const size_t value_offset = SkipBlanks(line.text, after_colon);
    const std::string_view value = TrimBlanks(line.text.substr(after_colon));
    if (IsResultKey(key)) {
      if (!p.game || !p.game->finished()) {
        if (!p.game) {
          return Fail(line, key_offset, GameName() + ": a result line before any act");
        }
        return Unfinished(line.number, ColumnOf(line.text, key_offset));
      }
      p.result_started = true;
      return ReadResult(line, key, value_offset);
    }
    if (p.game) {
      return Fail(line, key_offset, "'" + name + ":' belongs before the first act");
    }
    switch (key) {
      case Key::kProfile: {
        p.profile = FindProfile(Lower(value));
        if (p.profile == nullptr) {
          std::string known;
          for (std::string_view id : ProfileIds()) {
            known += (known.empty() ? "" : ", ") + std::string(id);
          }
          return Fail(line, value_offset,
                      "unknown profile '" + std::string(value) + "' (known: " + known + ")");
        }
        return Status::Ok();
      }
      case Key::kDeal: return ReadDeal(line, value_offset);
      case Key::kTable: return ReadLabel(line, value, value_offset, p.table);
      case Key::kBoard: return ReadLabel(line, value, value_offset, p.board_label);
      case Key::kRound: return ReadLabel(line, value, value_offset, p.round);
      default: break;
    }
    return Status::Ok();
  }

  Status ReadLabel(const Line& line, std::string_view value, size_t value_offset,
                   std::string& out) {
    const size_t bad = BadTextOffset(value);
    if (bad != std::string_view::npos) {
      return Fail(line, value_offset + bad, "a label is UTF-8 text without control characters");
    }
    out = std::string(value);
    return Status::Ok();
  }

  // "deal: <number> [<board>]" or "deal: <board>".
  Status ReadDeal(const Line& line, size_t value_offset) {
    size_t pos = value_offset;
    const Token first = NextWord(line.text, pos);
    std::optional<uint64_t> number;
    size_t board_offset = value_offset;
    if (AllDigits(first.text)) {
      number = ParseDecimal(first.text, kDealCount - 1);
      if (!number) {
        return Fail(
            line, first.offset,
            "'" + std::string(first.text) + "' is not a deal number (0 to 5506588817009279)");
      }
      board_offset = SkipBlanks(line.text, pos);
    }
    const std::string_view board_text = TrimBlanks(line.text.substr(board_offset));
    if (board_text.empty()) {
      if (!number) {
        return Fail(line, value_offset,
                    "'deal:' needs a deal number, the hands ('F: ...; M: ...; R: ...; S: ...') "
                    "or both");
      }
      pending_.board = UnrankBoard(*number);
      return Status::Ok();
    }
    Result<Board> board = ParseBoard(board_text);
    if (!board.ok()) {
      return Fail(line, board_offset + LocateBoardProblem(board_text), board.status().message());
    }
    if (number && DealNumber(*board) != *number) {
      return Fail(line, first.offset,
                  "deal number " + std::to_string(*number) +
                      " does not match the hands, whose deal number is " +
                      std::to_string(DealNumber(*board)));
    }
    pending_.board = *board;
    return Status::Ok();
  }

  Status ReadAct(const Line& line, const Token& seat_word, size_t pos) {
    Pending& p = pending_;
    std::optional<Direction> seat = ParseSeat(seat_word.text);
    if (!seat) {
      return Fail(line, seat_word.offset,
                  "expected a header line 'key: value' or an act '<seat> <act> [arguments]'; " +
                      NotASeat(seat_word.text));
    }
    Token name;
    ActType type = ActType::kPass;
    if (Status s = ReadActName(line.text, pos, &name, &type); !s.ok()) {
      return Fail(line, name.offset, s.message());
    }
    if (p.result_started) {
      return Fail(line, seat_word.offset, GameName() + ": an act after the result lines");
    }
    if (!p.game) {
      if (!p.profile) {
        return Fail(line, seat_word.offset, GameName() + ": the 'profile:' line must come first");
      }
      if (!p.board) {
        return Fail(line, seat_word.offset, GameName() + ": the 'deal:' line must come first");
      }
      p.game.emplace(*p.profile, *p.board);
    }
    Arguments a;
    a.act = Act::Simple(type, *seat);
    size_t bad = 0;
    if (Status s = ReadActArguments(line.text, pos, a, &bad); !s.ok()) {
      return Fail(line, bad, s.message());
    }
    if (p.game->finished()) {
      return Fail(line, seat_word.offset, GameName() + ": an act after the end of the game");
    }
    Status s = p.game->Apply(a.act);
    if (s.ok()) return Status::Ok();
    size_t at = name.offset;
    switch (s.code()) {
      case ErrorCode::kOutOfTurn: at = seat_word.offset; break;
      case ErrorCode::kIllegalBid:
      case ErrorCode::kIllegalCard:
      case ErrorCode::kIllegalDiscard:
      case ErrorCode::kIllegalDeclaration:
        if (a.first != std::string_view::npos) at = a.first;
        break;
      default: break;
    }
    return Fail(s.code(), line.number, ColumnOf(line.text, at), s.message());
  }

  // A result line (declarer:, game:, value:, pad:) checked against the replay of the game.
  Status ReadResult(const Line& line, Key key, size_t value_offset) {
    switch (key) {
      case Key::kDeclarer: return CheckDeclarer(line, value_offset);
      case Key::kGame: return CheckGame(line, value_offset);
      case Key::kValue: return CheckValue(line, value_offset);
      case Key::kPad: return CheckPad(line, value_offset);
      default: break;
    }
    return Status::Ok();
  }

  const GameResult& Replayed() const { return pending_.game->result(); }
  bool ReplayedDeclarerGame() const { return Replayed().kind == ResultKind::kDeclarerGame; }
  // The replayed kind of a game without a declarer.
  std::string ReplayedKind() const {
    return Replayed().kind == ResultKind::kRamsch ? "ramsch" : "passed-in";
  }
  // The record states `stated` at `at` of the line; the replay gives `replayed`.
  Status Differs(const Line& line, size_t at, const std::string& stated,
                 const std::string& replayed) {
    return Fail(line, at,
                "the record states " + stated + ", but the replay gives " + replayed + " (" +
                    Describe(Replayed()) + ")");
  }

  // declarer: F, M, R or none.
  Status CheckDeclarer(const Line& line, size_t value_offset) {
    const GameResult& r = Replayed();
    const std::string_view value = TrimBlanks(line.text.substr(value_offset));
    const bool declarer_game = ReplayedDeclarerGame();
    const std::string replayed =
        declarer_game ? std::string(1, DirectionLetter(r.declarer)) : "none";
    if (Lower(value) == "none") {
      if (declarer_game)
        return Differs(line, value_offset, "declarer none", "declarer " + replayed);
      return Status::Ok();
    }
    std::optional<Direction> d = ParseSeat(value);
    if (!d) {
      return Fail(line, value_offset,
                  "'" + std::string(value) + "' is not a seat (F, M, R) or none");
    }
    if (!declarer_game || *d != r.declarer) {
      return Differs(line, value_offset, "declarer " + std::string(1, DirectionLetter(*d)),
                     "declarer " + replayed);
    }
    return Status::Ok();
  }

  // game: a declaration's arguments, ramsch or passed-in.
  Status CheckGame(const Line& line, size_t value_offset) {
    const GameResult& r = Replayed();
    const std::string v = Lower(TrimBlanks(line.text.substr(value_offset)));
    const bool declarer_game = ReplayedDeclarerGame();
    const std::string replayed =
        declarer_game ? DeclarationArguments(r.declaration) : ReplayedKind();
    if (v == "ramsch" || v == "passed-in") {
      if (v != replayed) return Differs(line, value_offset, "game " + v, "game " + replayed);
      return Status::Ok();
    }
    Arguments a;
    size_t bad = 0;
    if (Status s = ReadArguments(line.text, value_offset, kDeclarationField, a, &bad); !s.ok()) {
      return Fail(line, bad, s.message());
    }
    if (!(a.fields & kDeclarationField)) {
      return Fail(line, value_offset,
                  "'game:' takes a declaration ('hand hearts ouvert=no announce=none'), "
                  "ramsch or passed-in");
    }
    if (!declarer_game || !(a.act.declaration == r.declaration)) {
      return Differs(line, value_offset, "game " + DeclarationArguments(a.act.declaration),
                     "game " + replayed);
    }
    return Status::Ok();
  }

  // value: won N or lost N (declarer games only).
  Status CheckValue(const Line& line, size_t value_offset) {
    const GameResult& r = Replayed();
    if (!ReplayedDeclarerGame()) {
      return Fail(line, value_offset, "a " + ReplayedKind() + " has no 'value:' line");
    }
    size_t pos = value_offset;
    const Token outcome = NextWord(line.text, pos);
    const Token number = NextWord(line.text, pos);
    const Token extra = NextWord(line.text, pos);
    const std::string o = Lower(outcome.text);
    if (o != "won" && o != "lost") {
      return Fail(line, outcome.offset, "'value:' is 'won N' or 'lost N'");
    }
    std::optional<uint64_t> n = ParseDecimal(number.text, 1'000'000'000);
    if (!n) {
      return Fail(line, number.text.empty() ? line.text.size() : number.offset,
                  "'value:' is 'won N' or 'lost N'");
    }
    if (!extra.text.empty()) {
      return Fail(line, extra.offset, "unexpected '" + std::string(extra.text) + "'");
    }
    const std::string replayed =
        std::string(r.valuation.won ? "won " : "lost ") + std::to_string(r.valuation.value);
    if ((o == "won") != r.valuation.won) {
      return Differs(line, outcome.offset, o + " " + std::to_string(*n), replayed);
    }
    if (*n != static_cast<uint64_t>(r.valuation.value)) {
      return Differs(line, number.offset, o + " " + std::to_string(*n), replayed);
    }
    return Status::Ok();
  }

  // pad: '<seat> <entry>' for each of F, M and R once.
  Status CheckPad(const Line& line, size_t value_offset) {
    const GameResult& r = Replayed();
    size_t pos = value_offset;
    std::array<bool, 3> given{};
    for (;;) {
      const Token seat = NextWord(line.text, pos);
      if (seat.text.empty()) break;
      std::optional<Direction> d = ParseSeat(seat.text);
      if (!d) {
        return Fail(line, seat.offset,
                    "'pad:' lists '<seat> <entry>' for F, M and R: 'F +30 M 0 R 0'");
      }
      const std::string name(DirectionName(*d));
      if (given[Index(*d)]) {
        return Fail(line, seat.offset, "the pad entry of " + name + " is given twice");
      }
      given[Index(*d)] = true;
      const Token entry = NextWord(line.text, pos);
      std::optional<int> n = ParseSigned(entry.text);
      if (!n) {
        return Fail(line, entry.text.empty() ? line.text.size() : entry.offset,
                    "the pad entry of " + name + " is not a number ('+30', '0', '-60')");
      }
      if (*n != r.pad[Index(*d)]) {
        return Differs(line, entry.offset, "pad entry " + Signed(*n) + " for " + name,
                       Signed(r.pad[Index(*d)]));
      }
    }
    for (Direction d : kDirections) {
      if (!given[Index(d)]) {
        return Fail(line, line.text.size(),
                    "the pad entry of " + std::string(DirectionName(d)) + " is missing");
      }
    }
    return Status::Ok();
  }

  std::string_view text_;
  FormatError* where_;
  std::vector<Line> lines_;
  std::vector<GameRecord> records_;
  bool open_ = false;
  Pending pending_;
};

}  // namespace

Result<std::vector<GameRecord>> ReadGameRecords(std::string_view text, FormatError* where) {
  return GameRecordReader(text, where).Read();
}

}  // namespace skat
