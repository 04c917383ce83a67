#include "services/skatd/listen_address.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <strings.h>

#include <cstring>

namespace skat::service {
namespace {

bool IsLoopbackHost(const std::string& host) {
  if (strcasecmp(host.c_str(), "localhost") == 0) return true;
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) {
    return (ntohl(v4.s_addr) >> 24) == 127;
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) {
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
  }
  return false;
}

}  // namespace

bool IsLoopbackListen(const std::string& listen) {
  if (listen.starts_with("unix:") || listen.starts_with("unix-abstract:")) return true;
  std::string address = listen;
  for (const char* scheme : {"ipv4:", "ipv6:"}) {
    if (address.starts_with(scheme)) address.erase(0, std::strlen(scheme));
  }
  std::string host;
  if (address.starts_with("[")) {
    const size_t close = address.find(']');
    if (close == std::string::npos || address.compare(close + 1, 1, ":") != 0) return false;
    host = address.substr(1, close - 1);
  } else {
    const size_t colon = address.rfind(':');
    if (colon == std::string::npos) return false;
    host = address.substr(0, colon);
    if (host.find(':') != std::string::npos) return false;  // an IPv6 address needs brackets
  }
  return IsLoopbackHost(host);
}

}  // namespace skat::service
