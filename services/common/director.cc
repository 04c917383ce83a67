#include "services/common/director.h"

#include "services/common/auth.h"
#include "services/common/names.h"

namespace skat::service {

Result<store::EventRecord> DirectorEvent(store::EventStore& store,
                                         const grpc::ServerContextBase& context,
                                         std::string_view event_id, std::string_view resource) {
  Result<store::EventRecord> event = store.GetEvent(std::string(event_id));
  if (!event.ok()) return event;
  if (Status s = CheckDirector(context, event->director_token_sha256, resource); !s.ok()) return s;
  return event;
}

Result<store::EventRecord> DirectorEvent(store::EventStore& store,
                                         const grpc::ServerContextBase& context,
                                         const std::string& event_name) {
  Result<std::string> id = ParseEventName(event_name);
  if (!id.ok()) return id.status();
  return DirectorEvent(store, context, *id, event_name);
}

}  // namespace skat::service
