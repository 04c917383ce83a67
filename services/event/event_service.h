// EventService (proto/skat/v1/event_service.proto): validate, store, answer.
#ifndef SKAT_SERVICES_EVENT_EVENT_SERVICE_H_
#define SKAT_SERVICES_EVENT_EVENT_SERVICE_H_

#include <atomic>
#include <chrono>
#include <cstddef>

#include "engine/profile.h"
#include "services/common/rate_limit.h"
#include "services/event/archive_file.h"
#include "services/store/store.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::service {

struct EventServiceOptions {
  // Events created per client address (event_service.proto CreateEvent; skatd
  // --create-event-burst, --create-event-per-minute). ImportGames without a parent creates an
  // event too and takes from the same bucket.
  RateLimit create_event;
  // The bytes of an exported archive file in one message of ExportEvent's stream, at most
  // kArchiveChunkBytes (docs/event-archive.md "Limits"); tests make it small to cross chunk
  // boundaries with a small event.
  size_t archive_chunk_bytes = kArchiveChunkBytes;
  // How long an import may take to receive its file, and an export to send it, before the call
  // is cancelled (docs/event-archive.md "Limits": 256 MiB at 0.5 MiB/s); tests make it short.
  std::chrono::milliseconds archive_receive_limit{600'000};
};

// The parts of the store (store.h) the event service uses: events and board sets, clubs, players
// and sessions, seat tokens, and imported games. Passed by value (it holds references).
struct EventServiceStores {
  // Every part from the whole store (skatd, the tests).
  EventServiceStores(store::Store& store)  // NOLINT: implicit
      : events(store),
        sessions(store),
        tables(store),
        imports(store),
        registries(store),
        archives(store) {}

  store::EventStore& events;
  store::SessionStore& sessions;
  store::TableStore& tables;
  store::ImportStore& imports;
  store::RegistryStore& registries;  // an event's registry and its persons (docs/persons.md)
  store::ArchiveStore& archives;     // event archives (docs/event-archive.md)
};

class EventServiceImpl final : public skat::v1::EventService::Service {
 public:
  // REQUIRES: the stores outlive the service.
  explicit EventServiceImpl(EventServiceStores store, EventServiceOptions options = {})
      : store_(store),
        create_limit_(options.create_event, "events created"),
        archive_chunk_bytes_(options.archive_chunk_bytes),
        archive_receive_limit_(options.archive_receive_limit) {}

  grpc::Status CreateEvent(grpc::ServerContext* context, const v1::CreateEventRequest* request,
                           v1::CreateEventResponse* response) override;
  grpc::Status GetEvent(grpc::ServerContext* context, const v1::GetEventRequest* request,
                        v1::Event* response) override;
  grpc::Status ListEvents(grpc::ServerContext* context, const v1::ListEventsRequest* request,
                          v1::ListEventsResponse* response) override;
  // The event's language and deck (director; event_settings.h).
  grpc::Status UpdateEvent(grpc::ServerContext* context, const v1::UpdateEventRequest* request,
                           v1::Event* response) override;

  // players.cc
  grpc::Status AddClub(grpc::ServerContext* context, const v1::AddClubRequest* request,
                       v1::Club* response) override;
  grpc::Status AddPlayer(grpc::ServerContext* context, const v1::AddPlayerRequest* request,
                         v1::Player* response) override;
  grpc::Status ListPlayers(grpc::ServerContext* context, const v1::ListPlayersRequest* request,
                           v1::ListPlayersResponse* response) override;

  // sessions.cc
  grpc::Status StartSession(grpc::ServerContext* context, const v1::StartSessionRequest* request,
                            v1::StartSessionResponse* response) override;
  grpc::Status ListSessions(grpc::ServerContext* context, const v1::ListSessionsRequest* request,
                            v1::ListSessionsResponse* response) override;
  grpc::Status GetSession(grpc::ServerContext* context, const v1::GetSessionRequest* request,
                          v1::Session* response) override;

  // tokens.cc
  grpc::Status IssueSeatTokens(grpc::ServerContext* context,
                               const v1::IssueSeatTokensRequest* request,
                               v1::IssueSeatTokensResponse* response) override;
  grpc::Status RotateDirectorToken(grpc::ServerContext* context,
                                   const v1::RotateDirectorTokenRequest* request,
                                   v1::RotateDirectorTokenResponse* response) override;

  // rule_profiles.cc (docs/rules.md "Rule profiles")
  grpc::Status GetRuleProfile(grpc::ServerContext* context,
                              const v1::GetRuleProfileRequest* request,
                              v1::RuleProfile* response) override;
  grpc::Status ListRuleProfiles(grpc::ServerContext* context,
                                const v1::ListRuleProfilesRequest* request,
                                v1::ListRuleProfilesResponse* response) override;

  // import_games.cc (docs/events-and-scoring.md 4.9)
  grpc::Status ImportGames(grpc::ServerContext* context, const v1::ImportGamesRequest* request,
                           v1::ImportGamesResponse* response) override;

  // archive_rpcs.cc (docs/event-archive.md)
  grpc::Status ExportEvent(grpc::ServerContext* context, const v1::ExportEventRequest* request,
                           grpc::ServerWriter<v1::ExportEventResponse>* writer) override;
  grpc::Status ImportEvent(
      grpc::ServerContext* context,
      grpc::ServerReaderWriter<v1::ImportEventResponse, v1::ImportEventRequest>* stream) override;

 private:
  // The person id an AddPlayer request links its player to ("" for none): by name or member
  // number, in the event's registry (docs/persons.md "Players and persons").
  Result<std::string> LinkedPerson(const store::EventRecord& event,
                                   const v1::AddPlayerRequest& request);
  // OK when the caller's address may create one more event now; otherwise RESOURCE_EXHAUSTED
  // naming the limit, with the wait as trailing metadata "retry-after" (ToGrpcRetryAfter).
  grpc::Status TakeCreateEvent(grpc::ServerContext* context);

  EventServiceStores store_;
  PeerRateLimiter create_limit_;
  size_t archive_chunk_bytes_;
  std::chrono::milliseconds archive_receive_limit_;
  // Archive transfers (ExportEvent, ImportEvent) in progress, at most kMaxArchiveTransfers: each
  // holds a whole file (docs/event-archive.md "Limits").
  std::atomic<int> archive_transfers_{0};
};

// The proto form of a stored event.
void ToProto(const store::EventRecord& event, v1::Event* out);

// The proto form of a rule profile (rule_profiles.cc).
void ToProto(const Profile& profile, v1::RuleProfile* out);

// The proto form of a session's table (sessions.cc).
void ToProto(const store::TableRecord& table, v1::SessionTable* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_EVENT_EVENT_SERVICE_H_
