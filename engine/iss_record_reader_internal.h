// Internal to the ISS record reader (engine/iss_record.h): the Reader of one line, shared by
// iss_record_reader.cc (fields, the header, R[...] and the public functions) and
// iss_record_moves.cc (MV[...]: the moves and declarations). Not for other code.
#ifndef SKAT_ENGINE_ISS_RECORD_READER_INTERNAL_H_
#define SKAT_ENGINE_ISS_RECORD_READER_INTERNAL_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/iss_record.h"

namespace skat::iss_internal {

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

std::vector<Word> Words(const std::string& s);
// The largest number (bid, value, points) a record may hold.
inline constexpr int kMaxNumber = 1'000'000;
// A decimal with an optional sign, |value| <= kMaxNumber.
std::optional<int> ParseInt(std::string_view s);
// "CJ", "HT", "D7": suit C S H D, rank 7 8 9 T J Q K A (upper case, as the ISS writes them).
std::optional<Card> ParseIssCard(std::string_view s);
// "0", "1", "2": forehand, middlehand, rearhand.
std::optional<Direction> ParseSeatDigit(std::string_view s);

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
  // Read's parts (iss_record_reader.cc), each reading the line from `i` on.
  void SkipBlanks(size_t& i) const;
  // No line break anywhere, and the opening "(;".
  void ReadOpening(size_t& i);
  // At a ';': whether it is the record's end ";)" with nothing after it; else an error.
  bool ReadEnd(size_t& i);
  // One field NAME[value] into `record`; `seen` marks the known fields given (each once).
  void ReadField(size_t& i, std::vector<bool>& seen, IssRecord& record);
  // A field's value after its '[', unescaped; nullopt (and an error) when not closed by ']'.
  std::optional<Value> ReadValue(size_t& i, std::string_view name);
  void ReadHeader(std::string_view name, size_t name_at, Value value, IssRecord& record);
  void ReadMoves(const Value& value, IssRecord& record);
  void ReadMove(const Value& value, Word mover, Word move, std::vector<IssMove>& out);
  // ReadMove's parts (iss_record_moves.cc). The moves of one word: y p s, RE, SC[.cards], TI.n,
  // LE.n, a bid, a card, ??; each read into `out` or failed. False when `move` is none of them.
  bool ReadWordMove(const Value& value, Word mover, Word move, IssMove& m,
                    std::vector<IssMove>& out);
  // Whether the move has a seat to make it; else an error: the server (w) cannot `what`.
  bool NeedSeat(const Value& value, Word mover, const IssMove& m, std::string_view what);
  // TI.n or LE.n: the seat n timed out or left.
  void ReadSeatTarget(const Value& value, Word move, IssMoveKind kind, IssMove& m,
                      std::vector<IssMove>& out);
  // A deal in its live form, forehand|middlehand|rearhand|skat; false (and an error) when
  // malformed.
  bool ReadDealParts(const Value& value, Word move, IssMove& m);
  // Dot-separated cards: a deal (32), the skat (2, by the server) or a discard (2, by a seat);
  // false (and an error) otherwise.
  bool ReadCardList(const Value& value, Word move, IssMove& m);
  // Whether a deal names no card twice; else an error.
  bool CheckDeal(const Value& value, size_t at, const IssMove& m);
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

}  // namespace skat::iss_internal

#endif  // SKAT_ENGINE_ISS_RECORD_READER_INTERNAL_H_
