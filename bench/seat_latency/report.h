// seat_latency's report (see bench/seat_latency.cc): the run's settings and setup, the ceilings,
// then the two phases side by side (gRPC, HTTP, their ratio HTTP / gRPC): acts and their rate,
// the latencies (p50/p99/max), the CPU per act and in play, skatd's memory and threads, the
// pacing, the ratios in one line, and the command that reproduces the run; on stdout.
#ifndef SKAT_BENCH_SEAT_LATENCY_REPORT_H_
#define SKAT_BENCH_SEAT_LATENCY_REPORT_H_

#include <string>

#include "bench/load_common.h"
#include "bench/seat_latency/ceilings.h"
#include "bench/seat_latency/options.h"
#include "bench/seat_latency/phase.h"

namespace skat::service::seat_latency {

// `tables_opened`: every table of the setup, in `setup_s` seconds; `command`: Command(o, argv0).
void PrintReport(const Options& o, const std::string& command, const load::Database& db,
                 int tables_opened, double setup_s, const Ceilings& ceilings, const Phase& grpc,
                 const Phase& http);

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_REPORT_H_
