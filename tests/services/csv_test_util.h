// Reading back the CSV files the project writes (services/common/csv.h), for the tests of its
// writers: a strict RFC 4180 parser, and the check that no cell would start a spreadsheet
// formula.
#ifndef SKAT_TESTS_SERVICES_CSV_TEST_UTIL_H_
#define SKAT_TESTS_SERVICES_CSV_TEST_UTIL_H_

#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace skat::testing_csv {

// RFC 4180, strictly: records end in `line_end` (CRLF unless told), a quote only opens a field or
// doubles inside one. False with `error` set when the text breaks a rule.
inline bool ParseCsv(const std::string& text, std::vector<std::vector<std::string>>& records,
                     std::string& error, const std::string& line_end = "\r\n") {
  std::vector<std::string> record;
  std::string field;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '"') {
      ++i;
      while (true) {
        if (i >= text.size()) return error = "unterminated quoted field", false;
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n') {
        if (text[i] == '"') return error = "quote inside an unquoted field", false;
        field += text[i++];
      }
    }
    if (i >= text.size()) return error = "last record without a line end", false;
    if (text[i] == ',') {
      record.push_back(std::move(field));
      field.clear();
      ++i;
      continue;
    }
    if (text.compare(i, line_end.size(), line_end) != 0) {
      return error = "another line end than the file's at byte " + std::to_string(i), false;
    }
    record.push_back(std::move(field));
    field.clear();
    records.push_back(std::move(record));
    record.clear();
    i += line_end.size();
  }
  return true;
}

// Whether a spreadsheet would read the cell (as read back, unquoted) as a formula: it starts with
// = + - @, a tab or a CR, and is not a plain decimal number such as "-12" or "-0.5".
inline bool StartsAFormula(const std::string& cell) {
  if (cell.empty() || std::string("=+-@\t\r").find(cell[0]) == std::string::npos) return false;
  static const std::regex number(R"(-[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)");
  return !std::regex_match(cell, number);
}

}  // namespace skat::testing_csv

#endif  // SKAT_TESTS_SERVICES_CSV_TEST_UTIL_H_
