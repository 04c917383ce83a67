#include "services/cli/results/results_import.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <vector>

#include "services/cli/csv_reader.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/results/physical_report_options.h"
#include "services/cli/tables/table_names.h"
#include "services/common/grpc_status.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {
namespace {

// The columns that are flags of `skat results enter`; the rest take a value.
const std::set<std::string> kFlagColumns = {"passed-in",          "ramsch",
                                            "claim-accepted",     "recontra",
                                            "defenders-conceded", "declarer-looked-at-skat"};
// The columns that take several values, separated by spaces in their cell.
const std::set<std::string> kListColumns = {"fine", "wrong-count"};

// "yes", "y", "x", "1", "true" (any case) set a flag; "", "no", "n", "0", "false" do not.
Result<bool> FlagCell(const std::string& column, const std::string& cell) {
  std::string v = cell;
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return std::tolower(c); });
  if (v == "yes" || v == "y" || v == "x" || v == "1" || v == "true") return true;
  if (v.empty() || v == "no" || v == "n" || v == "0" || v == "false") return false;
  return Status::InvalidArgument(column + " '" + cell + "': yes or empty");
}

// The report one slip describes, read as `skat results enter` reads its options.
Result<v1::PhysicalReport> SlipReport(const std::vector<std::string>& header,
                                      const std::vector<std::string>& fields) {
  std::vector<std::string> args;
  for (size_t i = 0; i < header.size() && i < fields.size(); ++i) {
    const std::string& column = header[i];
    const std::string& cell = fields[i];
    if (column == "table" || column == "board") continue;
    if (kFlagColumns.count(column) != 0) {
      Result<bool> set = FlagCell(column, cell);
      if (!set.ok()) return set.status();
      if (*set) args.push_back("--" + column);
      continue;
    }
    if (cell.find_first_not_of(" \t") == std::string::npos) continue;
    if (kListColumns.count(column) != 0) {
      std::istringstream words(cell);
      for (std::string word; words >> word;) args.insert(args.end(), {"--" + column, word});
    } else {
      args.insert(args.end(), {"--" + column, cell});
    }
  }
  CLI::App parser("a score slip");
  PhysicalReportOptions options;
  AddPhysicalReportOptions(parser, options);
  std::reverse(args.begin(), args.end());  // CLI11 reads the vector from its back
  try {
    parser.parse(args);
  } catch (const CLI::ParseError& e) {
    return Status::InvalidArgument(e.what());
  }
  return ReadPhysicalReport(options);
}

// The header's columns, or why one is not a column of a slip.
Result<std::vector<std::string>> Header(const CsvRow& row) {
  CLI::App parser("a score slip");
  PhysicalReportOptions options;
  AddPhysicalReportOptions(parser, options);
  std::vector<std::string> columns;
  for (std::string column : row.fields) {
    column.erase(0, column.find_first_not_of(" \t"));
    column.erase(column.find_last_not_of(" \t") + 1);
    std::transform(column.begin(), column.end(), column.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (column != "table" && column != "board" &&
        parser.get_option_no_throw("--" + column) == nullptr) {
      return Status::InvalidArgument(
          "line " + std::to_string(row.line) + ": column '" + column +
          "' is not table, board or an option of skat results enter (skat results enter --help)");
    }
    columns.push_back(column);
  }
  for (const char* needed : {"table", "board"}) {
    if (std::find(columns.begin(), columns.end(), needed) == columns.end()) {
      return Status::InvalidArgument("line " + std::to_string(row.line) + ": no column '" + needed +
                                     "'");
    }
  }
  return columns;
}

}  // namespace

int ImportResults(const ServerOptions& server, const std::string& file, const std::string& text,
                  const std::string& session, bool dry_run, std::ostream& out, std::ostream& err) {
  Result<std::vector<CsvRow>> rows = ReadCsv(text);
  if (!rows.ok() || rows->empty()) {
    err << "skat results import: " << file << ": "
        << (rows.ok() ? "no header line" : rows.status().message()) << "\n";
    return 1;
  }
  Result<std::vector<std::string>> header = Header(rows->front());
  if (!header.ok()) {
    err << "skat results import: " << file << ": " << header.status().message() << "\n";
    return 1;
  }
  const auto column = [&](const CsvRow& row, const std::string& name) -> std::string {
    const size_t i = std::find(header->begin(), header->end(), name) - header->begin();
    return i < row.fields.size() ? row.fields[i] : "";
  };
  v1::Session tables;
  if (!session.empty()) {
    auto events = v1::EventService::NewStub(Connect(server));
    v1::GetSessionRequest request;
    request.set_name(session);
    auto context = NewContext(server);
    const grpc::Status s = events->GetSession(context.get(), request, &tables);
    if (!s.ok()) return ReportFailure("results import", s, *context, server);
  }
  auto stub = v1::TableService::NewStub(Connect(server));
  int entered = 0;
  std::vector<int> refused;
  for (size_t r = 1; r < rows->size(); ++r) {
    const CsvRow& row = (*rows)[r];
    const std::string where = file + ":" + std::to_string(row.line);
    Result<v1::PhysicalReport> report = SlipReport(*header, row.fields);
    int board = 0;
    const std::string board_text = column(row, "board");
    try {
      board = std::stoi(board_text);
    } catch (const std::exception&) {
      report = Status::InvalidArgument("board '" + board_text + "' is not a number");
    }
    if (!report.ok()) {
      err << where << ": refused: " << report.status().message() << "\n";
      refused.push_back(row.line);
      continue;
    }
    std::string table = column(row, "table");
    if (!session.empty()) {
      Result<v1::SessionTable> found = ResolveTable(tables, table, 0);
      if (!found.ok()) {
        err << where << ": refused: " << found.status().message() << "\n";
        refused.push_back(row.line);
        continue;
      }
      table = found->table();
    }
    v1::SubmitResultRequest request;
    request.set_table(table);
    request.set_board_number(board);
    *request.mutable_report() = *report;
    request.set_validate_only(dry_run);
    v1::ResultEntry entry;
    auto context = NewContext(server);
    const grpc::Status s = stub->SubmitResult(context.get(), request, &entry);
    if (!s.ok()) {
      // skatd's message as it is in English (docs/tables.md), by reason code in another language.
      const std::string why = CurrentLanguage() == kEnglish
                                  ? s.error_message()
                                  : RefusalText(service::ReasonOf(*context), s.error_message());
      err << where << ": " << Tr("refused: {0}", why) << "\n";
      refused.push_back(row.line);
      continue;
    }
    ++entered;
    out << where << ": "
        << Tr("board {0} at {1}: {2}", board, request.table(), GameText(entry.result()))
        << (dry_run ? " " + Tr("(checked, not sent)") : "") << "\n";
  }
  out << (dry_run ? TrN("{n} slip checked", "{n} slips checked", entered)
                  : TrN("{n} slip entered", "{n} slips entered", entered))
      << ", " << Tr("{0} refused", refused.size());
  for (size_t i = 0; i < refused.size(); ++i) {
    out << (i == 0 ? " (" + Tr("lines") + " " : ", ") << refused[i]
        << (i + 1 == refused.size() ? ")" : "");
  }
  out << "\n";
  return refused.empty() ? 0 : 1;
}

}  // namespace skat::cli
