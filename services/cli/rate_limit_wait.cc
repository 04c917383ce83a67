#include "services/cli/rate_limit_wait.h"

#include <algorithm>
#include <optional>
#include <string>
#include <thread>

#include "services/common/grpc_status.h"

namespace skat::cli {
namespace {

bool Sleep(const RateLimitWait& wait, std::chrono::seconds duration) {
  if (wait.sleep) return wait.sleep(duration);
  std::this_thread::sleep_for(duration);
  return true;
}

}  // namespace

WaitedCall CallWaitingOutRateLimit(
    const RateLimitWait& wait,
    const std::function<std::unique_ptr<grpc::ClientContext>()>& new_context,
    const std::function<grpc::Status(grpc::ClientContext*)>& call) {
  std::chrono::seconds left = wait.wait_for;
  while (true) {
    WaitedCall made{.status = grpc::Status::OK, .context = new_context()};
    made.status = call(made.context.get());
    if (made.status.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED) return made;
    const std::optional<std::chrono::seconds> retry_after = service::RetryAfterOf(*made.context);
    if (!retry_after) return made;
    const std::chrono::seconds pause = std::max(*retry_after, std::chrono::seconds(1));
    if (pause > left) {
      if (wait.notes) {
        *wait.notes << wait.what << ": not waiting the " << pause.count()
                    << " s skatd asks for: only " << left.count() << " of " << wait.wait_for.count()
                    << " s to wait are left\n";
      }
      return made;
    }
    if (wait.notes) {
      const std::string reason = service::ReasonOf(*made.context);
      *wait.notes << wait.what << ": " << (reason.empty() ? "error" : reason) << ": "
                  << made.status.error_message() << "; waiting " << pause.count()
                  << " s, then trying again\n"
                  << std::flush;
    }
    if (!Sleep(wait, pause)) return made;
    left -= pause;
  }
}

}  // namespace skat::cli
