#include "services/season/export_table.h"

#include "engine/text_scan.h"
#include "services/common/csv.h"

namespace skat::service {
namespace {

CsvCell CsvOf(const ExportCell& cell) {
  switch (cell.kind) {
    case ExportCell::Kind::kEmpty: return CsvCell();
    case ExportCell::Kind::kInteger:
    case ExportCell::Kind::kDecimal: return CsvNumber(cell.text);  // "35/3" goes as text
    case ExportCell::Kind::kBool:
    case ExportCell::Kind::kText: return CsvText(cell.text);
  }
  return CsvCell();
}

void AppendJson(std::string& out, const ExportCell& cell) {
  switch (cell.kind) {
    case ExportCell::Kind::kEmpty: out += "null"; return;
    case ExportCell::Kind::kInteger:
    case ExportCell::Kind::kBool: out += cell.text; return;
    case ExportCell::Kind::kDecimal:
    case ExportCell::Kind::kText: text::AppendJsonString(out, cell.text); return;
  }
}

}  // namespace

std::string ExportCsv(const std::vector<ExportTable>& tables) {
  CsvWriter csv;
  std::string out;
  for (size_t t = 0; t < tables.size(); ++t) {
    if (t > 0) out += "\r\n";
    const ExportTable& table = tables[t];
    csv.TextRow(std::vector<std::string_view>(table.columns.begin(), table.columns.end()));
    for (const std::vector<ExportCell>& row : table.rows) {
      std::vector<CsvCell> cells;
      for (const ExportCell& cell : row) cells.push_back(CsvOf(cell));
      csv.Row(cells);
    }
    out += csv.Take();
  }
  return out;
}

std::string ExportJson(const std::string& name, const std::string& display_name,
                       const std::vector<ExportTable>& tables) {
  std::string out = "{\"name\":";
  text::AppendJsonString(out, name);
  out += ",\"display_name\":";
  text::AppendJsonString(out, display_name);
  for (const ExportTable& table : tables) {
    out += ",\n";
    text::AppendJsonString(out, table.key);
    out += ":[";
    for (size_t r = 0; r < table.rows.size(); ++r) {
      out += r == 0 ? "\n{" : ",\n{";
      for (size_t c = 0; c < table.columns.size(); ++c) {
        if (c > 0) out += ',';
        text::AppendJsonString(out, table.columns[c]);
        out += ':';
        AppendJson(out, table.rows[r][c]);
      }
      out += '}';
    }
    out += "]";
  }
  out += "}\n";
  return out;
}

}  // namespace skat::service
