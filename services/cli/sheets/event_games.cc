#include "services/cli/sheets/event_games.h"

#include <fstream>
#include <iostream>
#include <map>
#include <vector>

#include "engine/profile.h"
#include "services/cli/events/event_players.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/sheets/game_export.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {

int ExportEventGames(const ServerOptions& server, const std::string& event,
                     const std::string& format, const std::string& out) {
  const std::string what = "events games";
  auto events = v1::EventService::NewStub(Connect(server));
  auto tables = v1::TableService::NewStub(Connect(server));
  v1::GetEventRequest event_request;
  event_request.set_name(event);
  v1::Event read;
  auto context = NewContext(server);
  grpc::Status s = events->GetEvent(context.get(), event_request, &read);
  if (!s.ok()) return ReportFailure(what, s, *context, server);
  const Profile* profile = FindProfile(read.profile());
  if (profile == nullptr) {
    return Fail(what, "the event's profile '" + read.profile() + "' is not one this skat knows");
  }
  v1::ListPlayersResponse players;
  if (int failed = ListEventPlayers(server, what, event, &players); failed != 0) return failed;
  const std::map<std::string, std::string> names = DisplayNames(players);
  v1::ListSessionsRequest sessions_request;
  sessions_request.set_parent(event);
  v1::ListSessionsResponse sessions;
  if (int failed = ListAllPages(
          server, what, sessions_request,
          [&](grpc::ClientContext* c, const v1::ListSessionsRequest& r,
              v1::ListSessionsResponse* p) { return events->ListSessions(c, r, p); },
          &sessions);
      failed != 0) {
    return failed;
  }
  std::string text;
  int table_count = 0, game_count = 0;
  for (const v1::Session& listed : sessions.sessions()) {
    v1::GetSessionRequest session_request;
    session_request.set_name(listed.name());
    v1::Session session;
    auto session_context = NewContext(server);
    s = events->GetSession(session_context.get(), session_request, &session);
    if (!s.ok()) return ReportFailure(what, s, *session_context, server);
    for (const v1::SessionTable& t : session.tables()) {
      v1::ListGamesRequest games_request;
      games_request.set_table(t.table());
      v1::ListGamesResponse games;
      if (int failed = ListAllPages(
              server, what, games_request,
              [&](grpc::ClientContext* c, const v1::ListGamesRequest& r, v1::ListGamesResponse* p) {
                return tables->ListGames(c, r, p);
              },
              &games);
          failed != 0) {
        return failed;
      }
      std::vector<std::string> chairs;
      for (const std::string& p : t.players()) {
        auto it = names.find(p);
        chairs.push_back(it == names.end() ? "" : it->second);
      }
      Result<std::string> written =
          ExportGames(*profile, t.table(), chairs, games,
                      format == "iss" ? GameFormat::kIss : GameFormat::kRecord, std::cerr);
      if (!written.ok()) return Fail(what, t.table() + ": " + written.status().message());
      text += *written;
      ++table_count;
      game_count += games.games_size();
    }
  }
  if (out.empty()) {
    std::cout << text;
    return 0;
  }
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  if (!(file << text) || !file.flush()) return Fail(what, "cannot write --out " + out);
  std::cout << game_count << " games of " << table_count << " tables of " << event
            << " read; written to " << out << "\n";
  return 0;
}

}  // namespace skat::cli
