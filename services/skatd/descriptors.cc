#include "services/skatd/descriptors.h"

#include <sys/resource.h>

#include <algorithm>

namespace skat::service {
namespace {

// Standard streams, listeners, epoll and event descriptors of gRPC and Asio, the embedded
// PostgreSQL's pipes, the scoring service's LISTEN connection, files being read or written.
constexpr int kOwnFiles = 64;
constexpr int kLeast = 8;
constexpr long kMostRaised = 1 << 20;

}  // namespace

std::string DescriptorBudget::Describe() const {
  std::string out = "open files: limit " + std::to_string(limit);
  if (was != limit) out += " (raised from " + std::to_string(was) + ")";
  out += "; " + std::to_string(reserve) + " kept for the database and skatd's own files, at most " +
         std::to_string(grpc) + " gRPC connections";
  if (web > 0) out += " and " + std::to_string(web) + " web connections";
  return out;
}

DescriptorBudget DivideDescriptors(long limit, int db_connections, bool web) {
  DescriptorBudget b;
  b.limit = limit;
  b.was = limit;
  b.reserve = kOwnFiles + 2 * db_connections;
  const long rest = std::max<long>(limit - b.reserve, 2 * kLeast);
  const long capped = std::min<long>(rest, 1 << 30);
  b.web = web ? std::max<int>(kLeast, static_cast<int>(capped / 2)) : 0;
  b.grpc = std::max<int>(kLeast, static_cast<int>(capped - b.web));
  return b;
}

DescriptorBudget RaiseAndDivideDescriptors(int db_connections, bool web) {
  rlimit limit{};
  getrlimit(RLIMIT_NOFILE, &limit);
  const long was = static_cast<long>(limit.rlim_cur);
  const rlim_t wanted =
      limit.rlim_max == RLIM_INFINITY ? kMostRaised : std::min<rlim_t>(limit.rlim_max, kMostRaised);
  if (wanted > limit.rlim_cur) {
    rlimit raised = limit;
    raised.rlim_cur = wanted;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  DescriptorBudget b = DivideDescriptors(static_cast<long>(limit.rlim_cur), db_connections, web);
  b.was = was;
  return b;
}

}  // namespace skat::service
