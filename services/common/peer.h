// A gRPC client's address without its port: what the per-client limits count by (stream_limits.h,
// rate_limit.h). Every connection of one host is one client, and so are all clients behind one
// proxy; on a Unix socket every client is one.
#ifndef SKAT_SERVICES_COMMON_PEER_H_
#define SKAT_SERVICES_COMMON_PEER_H_

#include <string>
#include <string_view>

namespace skat::service {

// "ipv4:10.0.0.7" of "ipv4:10.0.0.7:51234", "ipv6:[2001:db8::1]" of "ipv6:[2001:db8::1]:51234"
// (also percent-encoded, "ipv6:%5B::1%5D:5"), any other peer (a Unix socket's) unchanged.
std::string PeerAddress(std::string_view peer);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_PEER_H_
