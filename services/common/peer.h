// A gRPC client's address without its port: what the per-client limits count by (stream_limits.h,
// rate_limit.h). Every connection of one host is one client, and so are all clients behind one
// proxy; on a Unix socket every client is one.
#ifndef SKAT_SERVICES_COMMON_PEER_H_
#define SKAT_SERVICES_COMMON_PEER_H_

#include <grpcpp/grpcpp.h>

#include <string>
#include <string_view>

namespace skat::service {

// "ipv4:10.0.0.7" of "ipv4:10.0.0.7:51234", "ipv6:[2001:db8::1]" of "ipv6:[2001:db8::1]:51234"
// (also percent-encoded, "ipv6:%5B::1%5D:5"), any other peer (a Unix socket's) unchanged.
std::string PeerAddress(std::string_view peer);

// The metadata key under which skatd's web side names the browser's address on the calls it
// makes for it through the in-process channel (services/web/json_gateway.h).
inline constexpr char kWebClientKey[] = "skat-web-client";

// The value of kWebClientKey for a browser at client ("ipv4:h:p", "ipv6:[h]:p"): the client
// behind a secret drawn once per process, which only code of this process knows.
std::string WebClientValue(std::string_view client);

// The peer a call is counted for: the gRPC peer, except for a call of skatd's web side, which
// counts for the browser it names. A network client cannot name one: without this process's
// secret its kWebClientKey is ignored.
std::string ClientPeer(const grpc::ServerContextBase& context);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_PEER_H_
