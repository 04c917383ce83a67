// skat tables games: every game of a table so far, as act logs with results, or replayed under
// the event's profile into the formats other tools read (game_export.h).
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/seat/seat_client.h"
#include "services/cli/sheets/game_export.h"
#include "services/cli/tables/tables_verbs.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

// skat tables games --format record|iss [--out FILE]: the table's games replayed under the
// event's profile and written (game_export.h); notes on games left out go to stderr.
int WriteGames(const ServerOptions& server, const std::string& table, const std::string& format,
               const std::string& out, const v1::ListGamesResponse& games) {
  auto events = v1::EventService::NewStub(Connect(server));
  v1::GetEventRequest request;
  request.set_name(table.substr(0, table.find("/tables/")));
  v1::Event event;
  auto context = NewContext(server);
  const grpc::Status s = events->GetEvent(context.get(), request, &event);
  if (!s.ok()) return ReportFailure("tables games", s, *context, server);
  const Profile* profile = FindProfile(event.profile());
  if (profile == nullptr) {
    return Fail("tables games",
                "the event's profile '" + event.profile() + "' is not one this skat knows");
  }
  v1::GetTableRequest table_request;
  table_request.set_name(table);
  v1::Table seated;
  auto table_context = NewContext(server);
  const grpc::Status got = v1::TableService::NewStub(Connect(server))
                               ->GetTable(table_context.get(), table_request, &seated);
  if (!got.ok()) return ReportFailure("tables games", got, *table_context, server);
  const std::vector<std::string> names(seated.player_names().begin(), seated.player_names().end());
  Result<std::string> text =
      ExportGames(*profile, table, names, games,
                  format == "iss" ? GameFormat::kIss : GameFormat::kRecord, std::cerr);
  if (!text.ok()) return Fail("tables games", text.status().message());
  if (out.empty()) {
    std::cout << *text;
    return 0;
  }
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  if (!(file << *text) || !file.flush()) return Fail("tables games", "cannot write --out " + out);
  std::cout << games.games_size() << " games of " << table << " read; written to " << out << "\n";
  return 0;
}

}  // namespace

int RunTablesGames(const TablesOptions& o, v1::TableService::Stub& stub) {
  v1::ListGamesRequest request;
  request.set_table(o.table);
  v1::ListGamesResponse response;
  const int failed = ListAllPages(
      o.server, "tables games", request,
      [&](grpc::ClientContext* c, const v1::ListGamesRequest& r, v1::ListGamesResponse* p) {
        return stub.ListGames(c, r, p);
      },
      &response);
  if (failed != 0) return failed;
  if (o.format != "text") return WriteGames(o.server, o.table, o.format, o.out, response);
  std::cout << o.table << ": " << response.games_size()
            << (response.games_size() == 1 ? " game" : " games") << "\n";
  for (const v1::GameLog& g : response.games()) {
    std::cout << "board " << g.board_number() << " (deal number " << g.deal_number() << ", "
              << g.source() << "): " << (g.finished() ? "finished" : "in play") << ", "
              << g.acts_size() << (g.acts_size() == 1 ? " act" : " acts") << "\n";
    for (const v1::LoggedAct& a : g.acts()) {
      std::cout << "  chair " << a.chair()
                << (a.made_by() == "seat" || a.made_by().empty()
                        ? " #" + std::to_string(a.sequence())
                        : " (" + a.made_by() + ")")
                << ": " << a.text() << "\n";
    }
    if (g.finished()) {
      std::cout << "  result: " << g.result().summary() << "  pad " << PadLine(g.result()) << "\n";
    }
  }
  if (response.games().empty()) std::cout << "no game started yet\n";
  return 0;
}

}  // namespace skat::cli
