#include "services/cli/tables/table_option.h"

#include "services/cli/output.h"
#include "services/cli/tables/table_names.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {

int ResolveTableOption(const ServerOptions& server, const std::string& what,
                       const std::string& session, std::string* table) {
  if (session.empty()) return 0;
  auto events = v1::EventService::NewStub(Connect(server));
  v1::GetSessionRequest request;
  request.set_name(session);
  v1::Session read;
  auto context = NewContext(server);
  const grpc::Status s = events->GetSession(context.get(), request, &read);
  if (!s.ok()) return ReportFailure(what, s, *context, server);
  Result<v1::SessionTable> found = ResolveTable(read, *table, 0);
  if (!found.ok()) return Fail(what, "--table: " + found.status().message());
  *table = found->table();
  return 0;
}

}  // namespace skat::cli
