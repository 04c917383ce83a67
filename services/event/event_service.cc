#include "services/event/event_service.h"

#include "engine/profile.h"
#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/event_settings.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/common/peer.h"
#include "services/common/scoring_options.h"

namespace skat::service {

void ToProto(const store::EventRecord& event, v1::Event* out) {
  out->set_name(EventName(event.id));
  out->set_display_name(event.name);
  out->set_profile(event.profile);
  out->mutable_create_time()->set_seconds(event.created_unix);
  out->set_board_score(BoardScoreProto(event.board_score));
  out->set_comparison(ComparisonProto(event.comparison));
  TieBreaksProto(event.tie_breaks, out->mutable_tie_breaks());
  if (!event.registry_id.empty()) out->set_registry("registries/" + event.registry_id);
  out->set_rated(event.rated);
  out->set_language(event.language);
  out->set_deck(event.deck);
  out->set_ranking(RankingProto(event.ranking));
}

grpc::Status EventServiceImpl::CreateEvent(grpc::ServerContext* context,
                                           const v1::CreateEventRequest* request,
                                           v1::CreateEventResponse* response) {
  const std::string& name = request->display_name();
  if (name.empty() || name.size() > 200) {
    return ToGrpc(Status::InvalidArgument("display_name must have 1 to 200 characters, has " +
                                          std::to_string(name.size())),
                  context);
  }
  if (Status s = CheckStorableText("display_name", name); !s.ok()) return ToGrpc(s, context);
  const std::string profile = request->profile().empty() ? "nasl-1909" : request->profile();
  if (FindProfile(profile) == nullptr) {
    std::string known;
    for (std::string_view id : ProfileIds()) known += (known.empty() ? "" : ", ") + std::string(id);
    return ToGrpc(Status::InvalidArgument("profile '" + profile.substr(0, 80) +
                                          "' is unknown; known: " + known),
                  context);
  }
  Result<std::string> board_score = BoardScoreText(request->board_score());
  if (!board_score.ok()) return ToGrpc(board_score.status(), context);
  Result<std::string> comparison = ComparisonText(request->comparison());
  if (!comparison.ok()) return ToGrpc(comparison.status(), context);
  Result<std::string> ranking = RankingText(request->ranking(), *comparison);
  if (!ranking.ok()) return ToGrpc(ranking.status(), context);
  Result<std::string> tie_breaks = TieBreaksText(request->tie_breaks());
  if (!tie_breaks.ok()) return ToGrpc(tie_breaks.status(), context);
  Result<std::string> language = EventLanguage(request->language());
  if (!language.ok()) return ToGrpc(language.status(), context);
  Result<std::string> deck = EventDeck(request->deck());
  if (!deck.ok()) return ToGrpc(deck.status(), context);
  std::string registry_id;
  if (!request->registry().empty()) {
    Result<std::string> id = ParseRegistryName(request->registry());
    if (!id.ok()) return ToGrpc(id.status(), context);
    Result<store::RegistryRecord> registry = store_.registries.GetRegistry(*id);
    if (!registry.ok()) return ToGrpc(registry.status(), context);
    registry_id = *id;
  }
  if (grpc::Status s = TakeCreateEvent(context); !s.ok()) return s;
  const std::string token = NewToken();
  store::EventRecord event;
  event.board_score = *board_score;
  event.comparison = *comparison;
  event.tie_breaks = *tie_breaks;
  event.ranking = *ranking;
  event.id = NewId("ev-");
  event.name = name;
  event.profile = profile;
  event.director_token_sha256 = Sha256Hex(token);
  event.registry_id = registry_id;
  event.language = *language;
  event.deck = *deck;
  Result<store::EventRecord> stored = store_.events.CreateEvent(event);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response->mutable_event());
  response->set_director_token(token);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::GetEvent(grpc::ServerContext* context,
                                        const v1::GetEventRequest* request, v1::Event* response) {
  Result<std::string> id = ParseEventName(request->name());
  if (!id.ok()) return ToGrpc(id.status(), context);
  Result<store::EventRecord> event = store_.events.GetEvent(*id);
  if (!event.ok()) return ToGrpc(event.status(), context);
  ToProto(*event, response);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::UpdateEvent(grpc::ServerContext* context,
                                           const v1::UpdateEventRequest* request,
                                           v1::Event* response) {
  Result<store::EventRecord> event =
      DirectorEvent(store_.events, *context, request->event().name());
  if (!event.ok()) return ToGrpc(event.status(), context);
  if (request->update_mask().empty()) {
    return ToGrpc(Status::InvalidArgument("update_mask names no field (language, deck, ranking)"),
                  context);
  }
  std::string language = event->language;
  std::string deck = event->deck;
  std::string ranking = event->ranking;
  for (const std::string& path : request->update_mask()) {
    Result<std::string> value = Status::InvalidArgument(
        "update_mask path '" + path.substr(0, 40) +
        "' is not language, deck or ranking (the only fields UpdateEvent changes)");
    if (path == "language") value = EventLanguage(request->event().language());
    if (path == "deck") value = EventDeck(request->event().deck());
    if (path == "ranking") value = RankingText(request->event().ranking(), event->comparison);
    if (!value.ok()) return ToGrpc(value.status(), context);
    (path == "language" ? language : path == "deck" ? deck : ranking) = *value;
  }
  Result<store::EventRecord> stored =
      store_.events.UpdateEventSettings(event->id, language, deck, ranking);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  ToProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::TakeCreateEvent(grpc::ServerContext* context) {
  const RateDecision taken = create_limit_.Take(PeerAddress(ClientPeer(*context)));
  return taken.ok() ? grpc::Status::OK : ToGrpcRetryAfter(taken.status, taken.retry_after, context);
}

grpc::Status EventServiceImpl::ListEvents(grpc::ServerContext* context,
                                          const v1::ListEventsRequest* request,
                                          v1::ListEventsResponse* response) {
  // Keys: the event's id (the store orders by creation time, then id).
  constexpr std::string_view kList = "ListEvents";
  Result<PageRequest> page =
      ParsePageRequest(kList, request->page_size(), request->page_token(), 0);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::EventRecord>> read =
      store_.events.ListEvents(page->after ? page->after->text : "", page->size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::EventRecord> events = std::move(read).value();
  response->set_next_page_token(EndPage(kList, page->size, events, [](const auto& e) {
    return PageKey{.numbers = {}, .text = e.id};
  }));
  for (const store::EventRecord& e : events) ToProto(e, response->add_events());
  return grpc::Status::OK;
}

}  // namespace skat::service
