// "Is this request the event's director's?", decided in one place for every service: the event
// is read from the store and the request's bearer token checked against its director token
// (auth.h CheckDirector: kUnauthenticated without a token, kPermissionDenied with another).
#ifndef SKAT_SERVICES_COMMON_DIRECTOR_H_
#define SKAT_SERVICES_COMMON_DIRECTOR_H_

#include <grpcpp/grpcpp.h>

#include <string>
#include <string_view>

#include "engine/status.h"
#include "services/store/event_store.h"

namespace skat::service {

// The event `event_id` when the request carries its director token; kNotFound without the
// event. `resource` is the name the refusal gives (the event's, or the table's asked for).
Result<store::EventRecord> DirectorEvent(store::EventStore& store,
                                         const grpc::ServerContextBase& context,
                                         std::string_view event_id, std::string_view resource);

// The same for an event name, "events/{event}" (kInvalidArgument when malformed).
Result<store::EventRecord> DirectorEvent(store::EventStore& store,
                                         const grpc::ServerContextBase& context,
                                         const std::string& event_name);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_DIRECTOR_H_
