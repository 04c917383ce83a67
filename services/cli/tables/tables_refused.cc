// skat tables refused: every result report of a physical table that was refused.
#include <google/protobuf/util/json_util.h>

#include <ctime>
#include <iostream>
#include <string>

#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/tables/tables_verbs.h"

namespace skat::cli {

// skat tables refused: every page of ListRefusedReports, oldest first.
int RunTablesRefused(v1::TableService::Stub& stub, const ServerOptions& server,
                     const std::string& table) {
  v1::ListRefusedReportsRequest request;
  request.set_table(table);
  request.set_page_size(kListPageSize);
  int count = 0;
  do {
    v1::ListRefusedReportsResponse response;
    auto context = NewContext(server);
    grpc::Status s = stub.ListRefusedReports(context.get(), request, &response);
    if (!s.ok()) return ReportFailure("tables refused", s, *context, server);
    for (const v1::RefusedReport& r : response.refused_reports()) {
      const std::string stamp = UtcText(r.enter_time().seconds());
      std::string report;
      google::protobuf::util::JsonPrintOptions options;
      options.preserve_proto_field_names = true;
      if (!google::protobuf::util::MessageToJsonString(r.report(), &report, options).ok()) {
        report = "(unprintable)";
      }
      std::cout << "board " << r.board_number() << "  " << r.entered_by() << "  " << stamp << "\n"
                << "  report  " << report << "\n"
                << "  refused " << r.reason() << ": " << r.message() << "\n";
      ++count;
    }
    request.set_page_token(response.next_page_token());
  } while (!request.page_token().empty());
  std::cout << table << ": " << count << (count == 1 ? " refused report" : " refused reports")
            << "\n";
  return 0;
}

}  // namespace skat::cli
