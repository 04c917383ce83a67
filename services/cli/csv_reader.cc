#include "services/cli/csv_reader.h"

namespace skat::cli {

Result<std::vector<CsvRow>> ReadCsv(std::string_view text) {
  std::vector<CsvRow> rows;
  CsvRow row;
  std::string field;
  int line = 1;
  row.line = 1;
  bool blank = true;  // the row so far is one empty field
  size_t i = 0;
  auto end_row = [&] {
    row.fields.push_back(std::move(field));
    field.clear();
    if (!blank) rows.push_back(std::move(row));
    row = CsvRow{.line = line, .fields = {}};
    blank = true;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"' && field.empty()) {
      const int opened = line;
      blank = false;
      ++i;
      for (;;) {
        if (i >= text.size()) {
          return Status::InvalidArgument("line " + std::to_string(opened) +
                                         ": a quoted field is never closed");
        }
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        if (text[i] == '\n') ++line;
        field += text[i++];
      }
      if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
        return Status::InvalidArgument("line " + std::to_string(line) +
                                       ": a quoted field must end at a comma or the line's end");
      }
      continue;
    }
    if (c == ',') {
      blank = false;
      row.fields.push_back(std::move(field));
      field.clear();
      ++i;
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;
    } else if (c == '\n') {
      ++line;
      end_row();
      ++i;
    } else {
      if (c != ' ' && c != '\t') blank = false;
      field += c;
      ++i;
    }
  }
  if (!blank) end_row();
  return rows;
}

}  // namespace skat::cli
