// The one way this project writes CSV (RFC 4180: fields separated by commas, a field quoted when
// it holds a comma, a quote, a CR or an LF, quotes doubled): the report's files
// (services/report) and `skat arena`'s arena.csv. Header-only: the report links no service
// library.
//
// Spreadsheets run a cell that starts with = + - @, a tab or a CR as a formula (OWASP "CSV
// Injection"), so a player named =HYPERLINK(...) would become a link. Every cell is therefore
// either
//   - text (CsvText: names, clubs, labels, reasons, summaries, cards, true/false, ...): when it
//     starts with one of those characters or with ' it gets a ' in front, inside quotes, and
//     shows as text; or
//   - a number the program formatted itself (CsvNumber: "-12", "62.5", "1e+100"): written as it
//     is, so a spreadsheet sees a number, negative ones included. Text that is no such number
//     goes the text way.
// A reader gets the text back exactly by dropping the first character of a cell that starts
// with ' (a ' is put only in front of text, and in front of every text that starts with one).
#ifndef SKAT_SERVICES_COMMON_CSV_H_
#define SKAT_SERVICES_COMMON_CSV_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace skat {

// One cell as it is written. Made by CsvText or CsvNumber; the default is an empty cell.
class CsvCell {
 public:
  CsvCell() = default;
  const std::string& written() const { return written_; }

 private:
  explicit CsvCell(std::string written) : written_(std::move(written)) {}
  friend CsvCell CsvText(std::string_view text);
  friend CsvCell CsvNumber(std::string_view number);
  std::string written_;
};

namespace csv_internal {

// Whether a spreadsheet would run a cell starting with `c` as a formula, or `c` is the quote
// that marks such a cell.
inline bool NeedsQuoteMark(char c) {
  return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r' || c == '\'';
}

inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Digits from `i` on; the index after them, or npos when there is none.
inline size_t Digits(std::string_view text, size_t i) {
  const size_t start = i;
  while (i < text.size() && IsDigit(text[i])) ++i;
  return i > start ? i : std::string_view::npos;
}

// -?digits(.digits)?([eE][+-]?digits)?: a decimal number as the program writes one.
inline bool IsDecimalNumber(std::string_view text) {
  size_t i = !text.empty() && text[0] == '-' ? 1 : 0;
  if ((i = Digits(text, i)) == std::string_view::npos) return false;
  if (i < text.size() && text[i] == '.' && (i = Digits(text, i + 1)) == std::string_view::npos) {
    return false;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if ((i = Digits(text, i)) == std::string_view::npos) return false;
  }
  return i == text.size();
}

}  // namespace csv_internal

// A text cell: a ' in front when it starts with = + - @ TAB CR or ', then quoted (quotes
// doubled) when it got the ' or holds a comma, quote, CR or LF.
inline CsvCell CsvText(std::string_view text) {
  const bool marked = !text.empty() && csv_internal::NeedsQuoteMark(text[0]);
  if (!marked && text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return CsvCell(std::string(text));
  }
  std::string out = marked ? "\"'" : "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return CsvCell(out + "\"");
}

// A number the program formatted ("-12", "0.5", "1e+100"): as it is when it is a decimal number
// (an optional minus, digits, optional decimals and exponent), else as CsvText ("35/3", "nan").
inline CsvCell CsvNumber(std::string_view number) {
  if (csv_internal::IsDecimalNumber(number)) return CsvCell(std::string(number));
  return CsvText(number);
}
inline CsvCell CsvNumber(int64_t number) { return CsvNumber(std::to_string(number)); }

// Rows of cells, each ended by `line_end` (RFC 4180's CRLF unless told).
class CsvWriter {
 public:
  explicit CsvWriter(std::string line_end = "\r\n") : line_end_(std::move(line_end)) {}
  // A row of text cells, such as the header.
  void TextRow(const std::vector<std::string_view>& texts) {
    std::vector<CsvCell> cells;
    for (std::string_view t : texts) cells.push_back(CsvText(t));
    Row(cells);
  }
  void Row(const std::vector<CsvCell>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) text_ += ',';
      text_ += cells[i].written();
    }
    text_ += line_end_;
  }
  // The text so far; the writer is empty afterwards.
  std::string Take() { return std::exchange(text_, std::string()); }

 private:
  std::string line_end_;
  std::string text_;
};

}  // namespace skat

#endif  // SKAT_SERVICES_COMMON_CSV_H_
