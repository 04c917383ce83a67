// Many independent calls to skatd with a few in flight (each may be a solver search that skatd
// runs on its own core), progress on stderr, stopping at the first failure. Used by `skat
// report` (board analyses) and `skat search --analyse` (par tables).
#ifndef SKAT_SERVICES_CLI_CALLS_IN_FLIGHT_H_
#define SKAT_SERVICES_CLI_CALLS_IN_FLIGHT_H_

#include <grpcpp/grpcpp.h>

#include <cstddef>
#include <functional>
#include <string>

#include "services/cli/client.h"

namespace skat::cli {

// Calls `call(i, context)` for i in [0, n), `in_flight` at a time, each with a fresh context
// (no token) and a 120-second deadline; after each success prints "\r<progress>: k of n<suffix>"
// to stderr. Returns -1 when every call succeeded, else the exit code of ReportFailure(what, ...)
// for the first failure (the calls not yet started are not made).
int CallsInFlight(size_t n, int in_flight, const std::string& progress, const std::string& suffix,
                  const std::string& what, const ServerOptions& where,
                  const std::function<grpc::Status(size_t, grpc::ClientContext&)>& call);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_CALLS_IN_FLIGHT_H_
