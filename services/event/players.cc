// EventService: clubs and players (docs/events-and-scoring.md).
#include <algorithm>
#include <string>

#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/event/event_service.h"

namespace skat::service {
namespace {

Status CheckDisplayName(const std::string& name) {
  if (name.empty() || name.size() > kMaxDisplayName) {
    return Status::InvalidArgument("display_name must have 1 to 200 bytes, has " +
                                   std::to_string(name.size()));
  }
  return CheckStorableText("display_name", name);
}

void ToProto(const store::ClubRecord& club, v1::Club* out) {
  out->set_name(ChildResourceName(club.event_id, "clubs", club.id));
  out->set_display_name(club.name);
}

void ToProto(const store::PlayerRecord& player, v1::Player* out) {
  out->set_name(ChildResourceName(player.event_id, "players", player.id));
  out->set_display_name(player.name);
  if (!player.club_id.empty()) {
    out->set_club(ChildResourceName(player.event_id, "clubs", player.club_id));
  }
  out->set_bot(player.bot);
  if (!player.person_id.empty()) {
    out->set_person(PersonResourceName(player.registry_id, player.person_id));
  }
}

}  // namespace

grpc::Status EventServiceImpl::AddClub(grpc::ServerContext* context,
                                       const v1::AddClubRequest* request, v1::Club* response) {
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  if (Status s = CheckDisplayName(request->display_name()); !s.ok()) return ToGrpc(s, context);
  store::ClubRecord club{
      .event_id = event->id, .id = NewId("cl-"), .name = request->display_name(), .position = 0};
  Result<store::ClubRecord> stored = store_.sessions.CreateClub(club);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::AddPlayer(grpc::ServerContext* context,
                                         const v1::AddPlayerRequest* request,
                                         v1::Player* response) {
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  if (Status s = CheckDisplayName(request->display_name()); !s.ok()) return ToGrpc(s, context);
  Result<std::string> person = LinkedPerson(*event, *request);
  if (!person.ok()) return ToGrpc(person.status(), context);
  store::PlayerRecord player{.event_id = event->id,
                             .id = NewId("pl-"),
                             .name = request->display_name(),
                             .club_id = "",
                             .bot = request->bot(),
                             .position = 0,
                             .person_id = *person};
  if (!request->club().empty()) {
    Result<ChildName> club = ParseChildName(request->club(), "clubs");
    if (!club.ok()) return ToGrpc(club.status(), context);
    if (club->event != event->id) {
      return ToGrpc(
          Status::InvalidArgument("club " + request->club() + " belongs to another event"),
          context);
    }
    player.club_id = club->id;
  }
  Result<store::PlayerRecord> stored = store_.sessions.CreatePlayer(player);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::ListPlayers(grpc::ServerContext* context,
                                           const v1::ListPlayersRequest* request,
                                           v1::ListPlayersResponse* response) {
  Result<std::string> event_id = ParseEventName(request->parent());
  if (!event_id.ok()) return ToGrpc(event_id.status(), context);
  // One list of clubs, then players; keys: the last club's or player's id.
  const std::string list = "ListPlayers " + *event_id;
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 0);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<store::ClubsAndPlayers> read = store_.sessions.ListClubsAndPlayers(
      *event_id, page->after ? page->after->text : "", page->size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  store::ClubsAndPlayers rows = std::move(read).value();
  if (rows.clubs.size() + rows.players.size() > static_cast<size_t>(page->size)) {
    const size_t clubs = std::min(rows.clubs.size(), static_cast<size_t>(page->size));
    rows.clubs.resize(clubs);
    rows.players.resize(page->size - clubs);
    const std::string& last = rows.players.empty() ? rows.clubs.back().id : rows.players.back().id;
    response->set_next_page_token(PageToken(list, PageKey{.numbers = {}, .text = last}));
  }
  for (const store::ClubRecord& c : rows.clubs) ToProto(c, response->add_clubs());
  for (const store::PlayerRecord& p : rows.players) ToProto(p, response->add_players());
  return grpc::Status::OK;
}

}  // namespace skat::service
