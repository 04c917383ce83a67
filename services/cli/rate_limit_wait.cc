#include "services/cli/rate_limit_wait.h"

#include <algorithm>
#include <optional>
#include <string>
#include <thread>

#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
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
        *wait.notes
            << wait.what << ": "
            << Tr("not waiting the {0} s skatd asks for: only {1} of {2} s to wait are left",
                  pause.count(), left.count(), wait.wait_for.count())
            << "\n";
      }
      return made;
    }
    if (wait.notes) {
      const std::string reason = service::ReasonOf(*made.context);
      *wait.notes << wait.what << ": " << RefusalText(reason, made.status.error_message()) << "; "
                  << Tr("waiting {0} s, then trying again", pause.count()) << "\n"
                  << std::flush;
    }
    if (!Sleep(wait, pause)) return made;
    left -= pause;
  }
}

}  // namespace skat::cli
