// seat_latency's command line (see bench/seat_latency.cc): its options, their parsing (a usage
// error exits 2; --help exits 0) and the command that reproduces a run.
#ifndef SKAT_BENCH_SEAT_LATENCY_OPTIONS_H_
#define SKAT_BENCH_SEAT_LATENCY_OPTIONS_H_

#include <cstdint>
#include <string>

namespace skat::service::seat_latency {

struct Options {
  int tables = 340;
  int boards = 3;
  int think_ms = 1000;
  bool http_first = false;
  uint64_t seed = 1;
  double ceiling_seconds = 2;
  std::string skatd = SKATD_BINARY;
  std::string database_url;
  bool keep = false;
};

Options Parse(int argc, char** argv);
std::string Command(const Options& o, const char* argv0);

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_OPTIONS_H_
