// Credentials and identifiers: director tokens (random, shown once, stored as SHA-256), the
// bearer token a request carries, and new resource ids.
#ifndef SKAT_SERVICES_COMMON_AUTH_H_
#define SKAT_SERVICES_COMMON_AUTH_H_

#include <grpcpp/grpcpp.h>

#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::service {

// 32 bytes from the OS secure random source, lower-case hex (64 characters).
std::string NewToken();
// SHA-256 of the text, lower-case hex.
std::string Sha256Hex(std::string_view text);
// prefix + 10 random lower-case base32 characters: "ev-k3x9...".
std::string NewId(std::string_view prefix);

// The token from the "authorization: Bearer <token>" metadata, or empty.
std::string BearerToken(const grpc::ServerContextBase& context);
// The same from an "authorization" value ("Bearer <token>", the scheme in any case).
std::string BearerTokenOf(std::string_view authorization);

// OK when the request carries the token whose SHA-256 is expected_sha256; kUnauthenticated
// without a token, kPermissionDenied with another one. Constant-time comparison.
Status CheckDirector(const grpc::ServerContextBase& context, std::string_view expected_sha256,
                     std::string_view resource);
// The same for a bearer token taken from a request before (empty: none).
Status CheckDirectorToken(std::string_view token, std::string_view expected_sha256,
                          std::string_view resource);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_AUTH_H_
