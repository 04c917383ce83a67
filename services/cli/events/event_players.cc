#include "services/cli/events/event_players.h"

#include "services/cli/list_pages.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {

int ListEventPlayers(const ServerOptions& server, const std::string& what, const std::string& event,
                     v1::ListPlayersResponse* out) {
  auto events = v1::EventService::NewStub(Connect(server));
  v1::ListPlayersRequest request;
  request.set_parent(event);
  return ListAllPages(
      server, what, request,
      [&](grpc::ClientContext* c, const v1::ListPlayersRequest& r, v1::ListPlayersResponse* p) {
        return events->ListPlayers(c, r, p);
      },
      out);
}

std::map<std::string, std::string> DisplayNames(const v1::ListPlayersResponse& players) {
  std::map<std::string, std::string> names;
  for (const v1::Player& p : players.players()) names[p.name()] = p.display_name();
  return names;
}

}  // namespace skat::cli
