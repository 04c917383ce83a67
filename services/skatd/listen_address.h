// Whether skatd's --listen address is reachable from this host only (docs/deployment.md "TLS"):
// a plaintext skatd off the loopback would carry bearer tokens across the network in clear text,
// so skatd refuses that unless told --insecure.
#ifndef SKAT_SERVICES_SKATD_LISTEN_ADDRESS_H_
#define SKAT_SERVICES_SKATD_LISTEN_ADDRESS_H_

#include <string>

namespace skat::service {

// True for an address gRPC's server binds on this host only: "unix:PATH" and
// "unix-abstract:NAME" sockets, and HOST:PORT (also "ipv4:" / "ipv6:" HOST:PORT) where HOST is
// "localhost" (any case), an IPv4 address in 127.0.0.0/8, "[::1]" or an IPv4-mapped IPv6 address
// in 127.0.0.0/8 ("[::ffff:127.0.0.1]"). False for everything else: wildcards ("0.0.0.0", "[::]",
// an empty host), other addresses, other host names, and anything unparsable.
bool IsLoopbackListen(const std::string& listen);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SKATD_LISTEN_ADDRESS_H_
