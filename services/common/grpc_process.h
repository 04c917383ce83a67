// Process-wide settings for a program that uses gRPC (skatd, skat).
#ifndef SKAT_SERVICES_COMMON_GRPC_PROCESS_H_
#define SKAT_SERVICES_COMMON_GRPC_PROCESS_H_

namespace skat::service {

// Call first in main, before any thread starts. gRPC's mutexes are Abseil's, and Debian's Abseil
// checks every lock for lock-order cycles, a check meant for debugging that took about 3 % of
// skatd's CPU per act (docs/performance.md "Where an act's CPU goes"). This turns it off.
void SetUpGrpcProcess();

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_GRPC_PROCESS_H_
