// seat_latency's ceilings (see bench/seat_latency.cc), measured on the run's skatd for `seconds`
// each, with skatd's CPU per call: empty gRPC round trips (skatd's grpc.health.v1 Check; no
// database), 1 and `inflight` in flight; HTTP round trips the web side answers itself (an unknown
// API method, 404: no gRPC, no database), 1 and `inflight` keep-alive connections on the Loop;
// and skatd's act path without PostgreSQL through each door: on each probe table the seat to move
// acts once (sequence 1), then that act is repeated (answered from the table's memory: no commit,
// no views pushed), `inflight` in flight over the probe tables.
#ifndef SKAT_BENCH_SEAT_LATENCY_CEILINGS_H_
#define SKAT_BENCH_SEAT_LATENCY_CEILINGS_H_

#include <string>
#include <vector>

#include "bench/load_common.h"
#include "bench/seat_latency/phase.h"

namespace skat::service::seat_latency {

struct Ceilings {
  load::Ceiling health_1, health_n, http_1, http_n, repeat_grpc, repeat_http;
};

// `probes`: tables of one board, not played yet. Empty, or the error.
std::string MeasureCeilings(const Env& env, const std::vector<TableSeats>& probes, int inflight,
                            double seconds, Ceilings& out);

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_CEILINGS_H_
