// The export's tables written as CSV or JSON (docs/seasons.md "Export"): one model of cells, two
// writers, so that both formats carry the same columns in the same order.
#ifndef SKAT_SERVICES_SEASON_EXPORT_TABLE_H_
#define SKAT_SERVICES_SEASON_EXPORT_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace skat::service {

// One cell: empty, a whole number, true/false, decimal text the program wrote ("54.17", "35/3"),
// or text (names).
struct ExportCell {
  enum class Kind { kEmpty, kInteger, kBool, kDecimal, kText };
  Kind kind = Kind::kEmpty;
  std::string text;

  static ExportCell Integer(int64_t v) { return {Kind::kInteger, std::to_string(v)}; }
  static ExportCell Bool(bool v) { return {Kind::kBool, v ? "true" : "false"}; }
  static ExportCell Decimal(std::string v) { return {Kind::kDecimal, std::move(v)}; }
  static ExportCell Text(std::string v) { return {Kind::kText, std::move(v)}; }
};

struct ExportTable {
  std::string key;  // the JSON member: "results", "season_table"
  std::vector<std::string> columns;
  std::vector<std::vector<ExportCell>> rows;  // each as long as columns
};

// The tables one after another, each with its header row, an empty line between them; RFC 4180
// with CRLF, text cells a spreadsheet would run as a formula marked with ' (services/common/csv.h).
std::string ExportCsv(const std::vector<ExportTable>& tables);

// {"name": name, "display_name": display_name, <table key>: [{column: value, ...}, ...], ...}:
// integers and booleans as JSON values, decimals and text as strings, empty cells null.
std::string ExportJson(const std::string& name, const std::string& display_name,
                       const std::vector<ExportTable>& tables);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SEASON_EXPORT_TABLE_H_
