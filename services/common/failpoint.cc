#include "services/common/failpoint.h"

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <string>

namespace skat::service {
namespace {

struct Armed {
  std::string name;
  long at = 0;  // 0: disarmed
};

const Armed& Configured() {
  static const Armed armed = [] {
    Armed a;
    const char* spec = std::getenv("SKAT_FAILPOINT");
    if (spec == nullptr) return a;
    const std::string text = spec;
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos) return a;
    a.name = text.substr(0, colon);
    a.at = std::strtol(text.c_str() + colon + 1, nullptr, 10);
    return a;
  }();
  return armed;
}

std::atomic<long> g_hits{0};

}  // namespace

void Failpoint(std::string_view name) {
  const Armed& armed = Configured();
  if (armed.at <= 0 || armed.name != name) return;
  if (g_hits.fetch_add(1) + 1 == armed.at) {
    std::cerr << "failpoint " << armed.name << " reached (hit " << armed.at << "): exiting\n";
    std::_Exit(137);
  }
}

}  // namespace skat::service
