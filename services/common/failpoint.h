// Test-only failpoints: a process started with SKAT_FAILPOINT=<name>:<n> dies with SIGKILL's
// effect (std::_Exit, no cleanup, no reply sent) the n-th time it reaches Failpoint(<name>). Used
// by the durability tests to kill the server between committing an act and acknowledging it.
// Without the variable a failpoint costs one relaxed atomic load.
#ifndef SKAT_SERVICES_COMMON_FAILPOINT_H_
#define SKAT_SERVICES_COMMON_FAILPOINT_H_

#include <string_view>

namespace skat::service {

// Names used: "table-act-after-commit"; "table-batch-before-commit" and
// "table-batch-after-commit" (services/table/group_commit.cc, counted for batches of two or more
// acts only).
void Failpoint(std::string_view name);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_FAILPOINT_H_
