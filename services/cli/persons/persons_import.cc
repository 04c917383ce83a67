#include "services/cli/persons/persons_import.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <vector>

#include "services/cli/csv_reader.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"

namespace skat::cli {
namespace {

constexpr int kBatchRows = 1000;  // the service's kMaxImportRows

struct Tally {
  int added = 0, refused = 0, twins = 0;
};

// One batch; prints its refusals and possible duplicates. 0, or a failed call's exit code.
int SendBatch(const ServerOptions& server, const std::string& file,
              const v1::ImportPersonsRequest& request, v1::RegistryService::Stub& stub,
              Tally& tally) {
  v1::ImportPersonsResponse response;
  auto context = NewContext(server);
  const grpc::Status s = stub.ImportPersons(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("persons import", s, *context, server);
  for (const auto& r : response.refused()) {
    std::cerr << file << ":" << r.line() << ": " << r.reason() << "\n";
  }
  for (const auto& d : response.possible_duplicates()) {
    std::cout << file << ":" << d.line() << ": "
              << Tr("added; possible duplicate of {0} ({1})", d.existing().name(),
                    d.existing().display_name())
              << "\n";
  }
  tally.added += response.added_size();
  tally.refused += response.refused_size();
  tally.twins += response.possible_duplicates_size();
  return 0;
}

}  // namespace

int ImportPersonsFile(const ServerOptions& server, const std::string& registry,
                      const std::string& file, v1::RegistryService::Stub& stub) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Fail("persons import", Tr("--file {0}: cannot be read", file));
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  Result<std::vector<CsvRow>> rows = ReadCsv(text);
  if (!rows.ok()) return Fail("persons import", file + ": " + rows.status().message());
  if (rows->empty()) return Fail("persons import", file + ": " + Tr("no header line"));
  std::map<std::string, size_t> column;
  for (size_t i = 0; i < rows->front().fields.size(); ++i) column[rows->front().fields[i]] = i;
  if (!column.count("name")) {
    return Fail("persons import", file + ":1: " +
                                      Tr("the header needs the column name (club and "
                                         "member_number are optional; docs/persons.md)"));
  }
  Tally tally;
  v1::ImportPersonsRequest request;
  request.set_parent(registry);
  for (size_t r = 1; r <= rows->size(); ++r) {
    if (r < rows->size()) {
      const CsvRow& row = (*rows)[r];
      auto cell = [&](const char* name) -> std::string {
        auto it = column.find(name);
        return it == column.end() || it->second >= row.fields.size() ? "" : row.fields[it->second];
      };
      v1::ImportPersonsRequest::Row* out = request.add_rows();
      out->set_line(row.line);
      out->set_display_name(cell("name"));
      out->set_club(cell("club"));
      out->set_member_number(cell("member_number"));
    }
    if (request.rows_size() == kBatchRows || (r == rows->size() && request.rows_size() > 0)) {
      if (int failed = SendBatch(server, file, request, stub, tally); failed != 0) return failed;
      std::cerr << "persons import: "
                << TrN("{0} of {n} line sent", "{0} of {n} lines sent",
                       static_cast<long long>(rows->size() - 1), std::min(r, rows->size() - 1))
                << "\n";
      request.clear_rows();
    }
  }
  std::cout << TrN("added {n} person", "added {n} persons", tally.added) << "; "
            << TrN("{n} line refused", "{n} lines refused", tally.refused) << "; "
            << TrN("{n} possible duplicates", "{n} possible duplicates", tally.twins) << "\n";
  return tally.refused > 0 ? 1 : 0;
}

}  // namespace skat::cli
