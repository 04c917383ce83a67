#include "services/common/grpc_process.h"

#include <absl/synchronization/mutex.h>

namespace skat::service {

void SetUpGrpcProcess() { absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore); }

}  // namespace skat::service
