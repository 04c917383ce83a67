// The shared lexical layer of the engine's file readers (board_set_format.cc, the game record
// reader): splitting a text into lines and words, blanks and ASCII case, UTF-8 checks, decimal
// numbers and 1-based columns for error positions. Internal to the engine; not part of its API.
//
// "Blank" here means a space or a tab, nothing else; offsets are byte offsets into the text given.
#ifndef SKAT_ENGINE_TEXT_SCAN_H_
#define SKAT_ENGINE_TEXT_SCAN_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace skat::text {

// True for a space or a tab.
bool IsBlank(char c);

// `s` without its leading and trailing blanks (a view into `s`).
std::string_view TrimBlanks(std::string_view s);

// The offset of the first non-blank byte of `s` at or after `from`, or s.size() when the rest is
// blank. `from` itself when it is at or past the end.
size_t SkipBlanks(std::string_view s, size_t from);

// `c` in lower case when it is an ASCII capital letter, else `c` unchanged.
char LowerAscii(char c);

// `s` with its ASCII capitals in lower case; every other byte unchanged.
std::string Lower(std::string_view s);

// The length (1..4) of the well-formed UTF-8 sequence at s[i], storing its code point in
// *code_point; 0 when the bytes there are not UTF-8 (overlong forms, surrogates, values above
// U+10FFFF and sequences cut off by the end of `s` included), and *code_point is then unchanged.
// REQUIRES: i < s.size().
size_t DecodeUtf8(std::string_view s, size_t i, char32_t* code_point);

// Appends `s` as a JSON string (RFC 8259): quoted, with '"', '\\' and control characters
// escaped; a byte that is not UTF-8 becomes U+FFFD, so the result is always valid JSON.
void AppendJsonString(std::string& out, std::string_view s);

// True for a C0 or C1 control character or DEL (U+0000..U+001F, U+007F..U+009F).
bool IsControl(char32_t cp);

// The offset of the first byte that makes `text` unfit for a free-text field (a label): the start
// of a sequence that is not UTF-8, or of a control character; npos when there is none.
size_t BadTextOffset(std::string_view text);

// The value of `s` when it is a decimal number of at most `max`: one or more ASCII digits and
// nothing else (no sign, no blanks; leading zeros allowed, in any number). nullopt otherwise.
std::optional<uint64_t> ParseDecimal(std::string_view s, uint64_t max);

// One line of a text.
struct Line {
  std::string_view text;  // without the line break (and without a CR before it)
  int number = 0;         // 1-based
};

// The lines of `text`, split at LF, each without a CR that ends it. A UTF-8 byte order mark at the
// start is skipped. A final line break does not start another line; an empty text has no lines.
std::vector<Line> SplitLines(std::string_view text);

// The 1-based column of byte `offset` of `line`, counted in UTF-8 code points (every byte that is
// not a continuation byte starts one). An offset at or past the end gives the column just past the
// last code point.
int ColumnOf(std::string_view line, size_t offset);

// A word of a line and the byte offset where it starts.
struct Token {
  std::string_view text;
  size_t offset = 0;
};

// The next blank-separated word of `line` at or after `from`, advancing `from` to just past it.
// At the end of the line: an empty word whose offset is line.size() (and `from` is left there).
// REQUIRES: from <= line.size().
Token NextWord(std::string_view line, size_t& from);

// True when `label` (already trimmed and in lower case) names a part of a board record: f, m, r,
// s, forehand, middlehand, rearhand or skat (as ParseBoard reads them).
bool IsBoardPartLabel(std::string_view label);

}  // namespace skat::text

#endif  // SKAT_ENGINE_TEXT_SCAN_H_
