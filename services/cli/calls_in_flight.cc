#include "services/cli/calls_in_flight.h"

#include <atomic>
#include <chrono>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "services/cli/i18n/tr.h"

namespace skat::cli {

int CallsInFlight(size_t n, int in_flight, const std::string& progress, const std::string& suffix,
                  const std::string& what, const ServerOptions& where,
                  const std::function<grpc::Status(size_t, grpc::ClientContext&)>& call) {
  std::atomic<size_t> next{0};
  std::mutex mu;  // guards done, failure and stderr
  size_t done = 0;
  std::optional<int> failure;
  auto work = [&]() {
    for (size_t i = next++; i < n; i = next++) {
      grpc::ClientContext context;
      context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(120));
      const grpc::Status s = call(i, context);
      std::lock_guard<std::mutex> lock(mu);
      if (failure) return;
      if (!s.ok()) {
        if (done > 0) std::cerr << "\n";
        failure = ReportFailure(what, s, context, where);
        next = n;
        return;
      }
      ++done;
      std::cerr << "\r" << progress << ": " << Tr("{0} of {1}", done, n) << suffix
                << (done == n ? "\n" : "") << std::flush;
    }
  };
  std::vector<std::thread> workers;
  for (int w = 0; w < in_flight; ++w) workers.emplace_back(work);
  for (std::thread& t : workers) t.join();
  return failure ? *failure : -1;
}

}  // namespace skat::cli
