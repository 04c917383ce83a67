// A call that skatd refuses for a rate limit, waited out and made again: RESOURCE_EXHAUSTED with
// the wait in the trailing metadata "retry-after" (services/common/grpc_status.h; CreateEvent's
// per-address limit, docs/deployment.md "Limits"). `skat match` and `skat arena` create their
// event this way, so a run soon after others waits instead of failing.
#ifndef SKAT_SERVICES_CLI_RATE_LIMIT_WAIT_H_
#define SKAT_SERVICES_CLI_RATE_LIMIT_WAIT_H_

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <functional>
#include <memory>
#include <ostream>
#include <string>

namespace skat::cli {

struct RateLimitWait {
  std::string what;                   // starts each note: "skat match: create the event"
  std::chrono::seconds wait_for{60};  // the most to wait in all
  std::ostream* notes = nullptr;      // where the notes go (stderr); none when null
  // Sleeps that long; false when interrupted (the refusal is then returned). Empty: sleeps.
  std::function<bool(std::chrono::seconds)> sleep;
};

struct WaitedCall {
  grpc::Status status;
  std::unique_ptr<grpc::ClientContext> context;  // the last call's (its skat-reason)
};

// Makes `call` with a context from `new_context`. While the reply is RESOURCE_EXHAUSTED with a
// retry-after that fits in what is left of `wait.wait_for`, writes "<what>: <reason>: <message>;
// waiting N s, then trying again" to the notes, sleeps N s (at least 1) and calls again. Returns
// the last call: OK, any other failure, or a refusal without a retry-after, with a wait that
// does not fit (noted), or whose sleep was interrupted.
WaitedCall CallWaitingOutRateLimit(
    const RateLimitWait& wait,
    const std::function<std::unique_ptr<grpc::ClientContext>()>& new_context,
    const std::function<grpc::Status(grpc::ClientContext*)>& call);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_RATE_LIMIT_WAIT_H_
