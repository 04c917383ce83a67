// skat tables list: every table of a session with its progress (director).
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "services/cli/events/event_players.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/sessions/session_progress.h"
#include "services/cli/tables/tables_verbs.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {

// skat tables list --session S: one block per table, "round 1 table 2  boards 1,2,3  chairs:
// 1=Anna 2=Bert 3=Carl", its name, and its progress (session_progress.h).
int RunTablesList(const ServerOptions& server, const std::string& session_name) {
  auto events = v1::EventService::NewStub(Connect(server));
  v1::GetSessionRequest request;
  request.set_name(session_name);
  v1::Session session;
  auto context = NewContext(server);
  const grpc::Status s = events->GetSession(context.get(), request, &session);
  if (!s.ok()) return ReportFailure("tables list", s, *context, server);
  v1::ListPlayersResponse players;
  if (int failed = ListEventPlayers(
          server, "tables list", session_name.substr(0, session_name.find("/sessions/")), &players);
      failed != 0) {
    return failed;
  }
  const std::map<std::string, std::string> names = DisplayNames(players);
  std::vector<TableProgress> progress;
  if (int failed = ReadProgress(server, session, &progress); failed != 0) return failed;
  for (const TableProgress& p : progress) {
    const v1::SessionTable& t = *p.table;
    std::cout << Tr("round {0} table {1}", t.round(), t.table_number()) << "  " << Tr("boards")
              << " " << TableBoardsText(t.boards()) << "  " << Tr("chairs:");
    for (int i = 0; i < t.players_size(); ++i) {
      auto it = names.find(t.players(i));
      std::cout << " " << i + 1 << "=" << (it == names.end() ? Tr("(empty)") : it->second);
    }
    std::cout << "\n  " << t.table() << "  "
              << Tr("{0} counted, {1} waiting for a confirmation, {2} missing", p.counted.size(),
                    p.unconfirmed.size(), p.missing.size())
              << "\n";
  }
  PrintProgress(progress, std::cout);
  return 0;
}

}  // namespace skat::cli
