// TableService.FindTableCode (docs/tables.md "Table codes"): the table a table code opens, for
// the table page opened by /t/<code> or a typed code. Every code tried counts against the
// client's guesses (table_auth.h kTableCodeGuesses), and every wrong code gets one answer.
#include <optional>
#include <string>

#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/peer.h"
#include "services/common/table_code.h"
#include "services/table/results_desk.h"

namespace skat::service {

grpc::Status ResultsDesk::FindTableCode(grpc::ServerContext* context,
                                        const v1::FindTableCodeRequest* request,
                                        v1::FindTableCodeResponse* response) {
  const std::optional<std::string> code = NormalizeTableCode(request->code());
  if (!code) {
    return ToGrpc(Status::InvalidArgument(
                      "code (" + std::to_string(request->code().size()) +
                      " bytes) is not a table code: 12 letters and digits such as K7QM-2XPA-9DWE, "
                      "dashes and spaces ignored (docs/tables.md \"Table codes\")"),
                  context);
  }
  const std::string peer = ClientPeer(*context);
  if (RateDecision d = code_guesses_.Take(peer); !d.ok()) {
    return ToGrpcRetryAfter(d.status, d.retry_after, context);
  }
  Result<store::TableCodeRecord> found = tables_.FindTableCode(Sha256Hex(*code));
  if (!found.ok() && found.status().code() == ErrorCode::kNotFound) {
    return ToGrpc(Status::PermissionDenied("the code given is not the table code of a table "
                                           "(docs/tables.md \"Table codes\")"),
                  context);
  }
  code_guesses_.GiveBack(peer);
  if (!found.ok()) return ToGrpc(found.status(), context);
  response->set_table(TableResourceName(found->event_id, found->table_id));
  response->set_chairs(found->chairs);
  return grpc::Status::OK;
}

}  // namespace skat::service
