#include "services/common/peer.h"

#include <algorithm>

#include "services/common/auth.h"

namespace skat::service {

std::string PeerAddress(std::string_view peer) {
  const bool v4 = peer.starts_with("ipv4:");
  const bool v6 = peer.starts_with("ipv6:");
  const size_t colon = peer.rfind(':');
  if ((!v4 && !v6) || colon == std::string_view::npos || colon + 1 == peer.size()) {
    return std::string(peer);
  }
  const std::string_view port = peer.substr(colon + 1);
  const std::string_view host = peer.substr(0, colon);
  // gRPC writes the IPv6 host in brackets, plain or percent-encoded ("%5B::1%5D").
  if (!std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
      (v6 && !host.ends_with("]") && !host.ends_with("%5D") && !host.ends_with("%5d"))) {
    return std::string(peer);
  }
  return std::string(host);
}

namespace {

const std::string& WebClientSecret() {
  static const std::string kSecret = NewToken();
  return kSecret;
}

}  // namespace

std::string WebClientValue(std::string_view client) {
  return WebClientSecret() + " " + std::string(client);
}

std::string ClientPeer(const grpc::ServerContextBase& context) {
  const auto& metadata = context.client_metadata();
  if (auto it = metadata.find(kWebClientKey); it != metadata.end()) {
    const std::string_view value(it->second.data(), it->second.size());
    const std::string& secret = WebClientSecret();
    if (value.size() > secret.size() && value[secret.size()] == ' ' &&
        Sha256Hex(value.substr(0, secret.size())) == Sha256Hex(secret)) {
      return std::string(value.substr(secret.size() + 1));
    }
  }
  return context.peer();
}

}  // namespace skat::service
