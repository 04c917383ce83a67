#include "services/cli/sessions/session_progress.h"

#include <map>
#include <string>

#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {
namespace {

std::string Boards(const std::vector<int>& boards) {
  std::string out;
  for (int b : boards) out += (out.empty() ? "" : ",") + std::to_string(b);
  return out;
}

}  // namespace

int ReadProgress(const ServerOptions& server, const v1::Session& session,
                 std::vector<TableProgress>* progress) {
  auto stub = v1::TableService::NewStub(Connect(server));
  progress->clear();
  for (const v1::SessionTable& t : session.tables()) {
    v1::ListResultsRequest request;
    request.set_table(t.table());
    v1::ListResultsResponse all;
    if (int failed = ListAllPages(
            server, "sessions show", request,
            [&](grpc::ClientContext* c, const auto& r, auto* page) {
              return stub->ListResults(c, r, page);
            },
            &all);
        failed != 0) {
      return failed;
    }
    std::map<int, bool> entered;  // board number -> counts
    for (const v1::ResultEntry& e : all.results()) entered[e.board_number()] = e.counts();
    TableProgress p;
    p.table = &t;
    for (int board : t.boards()) {
      auto it = entered.find(board);
      if (it == entered.end()) {
        p.missing.push_back(board);
      } else {
        (it->second ? p.counted : p.unconfirmed).push_back(board);
      }
    }
    progress->push_back(std::move(p));
  }
  return 0;
}

void PrintProgress(const std::vector<TableProgress>& progress, std::ostream& out) {
  size_t counted = 0, unconfirmed = 0, missing = 0;
  for (const TableProgress& p : progress) {
    counted += p.counted.size();
    unconfirmed += p.unconfirmed.size();
    missing += p.missing.size();
    if (p.unconfirmed.empty() && p.missing.empty()) continue;
    out << Tr("round {0} table {1}", p.table->round(), p.table->table_number()) << ":";
    if (!p.unconfirmed.empty()) {
      out << " " << Tr("waiting for a confirmation {0}", Boards(p.unconfirmed));
    }
    if (!p.unconfirmed.empty() && !p.missing.empty()) out << ";";
    if (!p.missing.empty()) out << " " << Tr("missing {0}", Boards(p.missing));
    out << "\n";
  }
  out << Tr("progress: {0} of {1} boards counted, {2} waiting for a confirmation, {3} missing",
            counted, counted + unconfirmed + missing, unconfirmed, missing)
      << "\n";
}

}  // namespace skat::cli
