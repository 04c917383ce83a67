#include "services/cli/sessions/seating_csv.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include "services/cli/boards/board_list.h"
#include "services/cli/csv_reader.h"
#include "services/cli/events/player_names.h"

namespace skat::cli {
namespace {

constexpr int kMaxNumber = 1000;

// "Chair 1 " -> "chair 1"; "chair1" -> "chair 1".
std::string ColumnName(const std::string& cell) {
  std::string out;
  for (char c : cell) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isspace(u) || c == '_' || c == '-') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      if (std::isdigit(u) && !out.empty() && std::isalpha(static_cast<unsigned char>(out.back()))) {
        out += ' ';
      }
      out += static_cast<char>(std::tolower(u));
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A number 0..kMaxNumber, or -1.
int Number(std::string_view text) {
  if (text.empty() || text.size() > 4) return -1;
  int value = 0;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
    value = value * 10 + (c - '0');
  }
  return value <= kMaxNumber ? value : -1;
}

std::string Trimmed(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

}  // namespace

Result<std::vector<v1::SessionTable>> ReadSeating(std::string_view text,
                                                  const v1::ListPlayersResponse& known) {
  Result<std::vector<CsvRow>> rows = ReadCsv(text);
  if (!rows.ok()) return rows.status();
  if (rows->empty()) return Status::InvalidArgument("no header line and no tables");
  std::map<std::string, size_t> column;
  const CsvRow& header = rows->front();
  for (size_t i = 0; i < header.fields.size(); ++i) {
    const std::string name = ColumnName(header.fields[i]);
    const bool known_column =
        name == "round" || name == "table" || name == "boards" || name == "forehand chair" ||
        (name.size() == 7 && name.rfind("chair ", 0) == 0 && name[6] >= '1' && name[6] <= '4');
    if (!known_column) {
      return Status::InvalidArgument(
          "line " + std::to_string(header.line) + ": column \"" + header.fields[i] +
          "\" is not round, table, boards, chair 1..chair 4 or forehand chair");
    }
    if (!column.emplace(name, i).second) {
      return Status::InvalidArgument("line " + std::to_string(header.line) + ": column \"" + name +
                                     "\" twice");
    }
  }
  for (const char* needed : {"round", "table", "boards", "chair 1", "chair 2", "chair 3"}) {
    if (!column.count(needed)) {
      return Status::InvalidArgument("line " + std::to_string(header.line) +
                                     ": the header has no column \"" + needed + "\"");
    }
  }
  std::vector<v1::SessionTable> tables;
  for (size_t r = 1; r < rows->size(); ++r) {
    const CsvRow& row = (*rows)[r];
    auto cell = [&](const std::string& name) -> std::string {
      auto it = column.find(name);
      return it == column.end() || it->second >= row.fields.size()
                 ? ""
                 : Trimmed(row.fields[it->second]);
    };
    auto fault = [&](const std::string& name, const std::string& why) {
      return "line " + std::to_string(row.line) + ", " + name + ": " + why;
    };
    v1::SessionTable t;
    for (const char* name : {"round", "table"}) {
      const int value = Number(cell(name));
      if (value < 1) {
        return Status::InvalidArgument(
            fault(name, "\"" + cell(name) + "\" is not a number 1.." + std::to_string(kMaxNumber)));
      }
      std::string(name) == "round" ? t.set_round(value) : t.set_table_number(value);
    }
    Result<std::vector<int>> boards = ParseBoardList(cell("boards"));
    if (!boards.ok()) return Status::InvalidArgument(fault("boards", boards.status().message()));
    for (int b : *boards) t.add_boards(b);
    for (int c = 1; c <= 4; ++c) {
      const std::string name = "chair " + std::to_string(c);
      const std::string typed = cell(name);
      if (typed.empty()) {
        if (c < 4) return Status::InvalidArgument(fault(name, "no player"));
        continue;
      }
      Result<std::string> player = ResolvePlayer(known, typed);
      if (!player.ok())
        return Status(player.status().code(), fault(name, player.status().message()));
      t.add_players(*player);
    }
    const std::string forehand = cell("forehand chair");
    const int chair = forehand.empty() ? 0 : Number(forehand);
    if (chair < 0 || chair > t.players_size()) {
      return Status::InvalidArgument(
          fault("forehand chair", "\"" + forehand + "\" is not empty, 0 or a chair 1.." +
                                      std::to_string(t.players_size())));
    }
    t.set_forehand_chair(chair);
    tables.push_back(std::move(t));
  }
  if (tables.empty()) return Status::InvalidArgument("no tables under the header");
  return tables;
}

}  // namespace skat::cli
