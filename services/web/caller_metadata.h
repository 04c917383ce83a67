// What the web side copies from an HTTP request into the gRPC metadata of the call it makes
// (json_gateway.h), checked at the door. gRPC takes only printable ASCII (0x20..0x7E) in a
// metadata value and aborts the process on anything else, while HTTP allows more in a header
// value (obs-text 0x80..0xFF, tab): so nothing reaches gRPC unchecked (docs/web.md "Security").
#ifndef SKAT_SERVICES_WEB_CALLER_METADATA_H_
#define SKAT_SERVICES_WEB_CALLER_METADATA_H_

#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::web {

// The "authorization" metadata value for an HTTP Authorization header value: "" for an absent or
// empty header; "Bearer <token>" for a header "<scheme> <token>" whose scheme is Bearer in any
// case (RFC 7235 2.1: schemes are case-insensitive), with any spaces or tabs around the token.
// The token holds only the characters of RFC 6750's b64token (letters, digits, "-._~+/", then
// "="s). kUnauthenticated naming the problem (another scheme, no token, a byte a token cannot
// hold with its offset) for anything else; the message never repeats the header's bytes.
Result<std::string> AuthorizationMetadata(std::string_view header);

// True when gRPC takes `value` as a non-binary metadata value: printable ASCII only. Every value
// the web side sends passes this (the fuzz target checks it against gRPC's own test).
bool IsMetadataValue(std::string_view value);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_CALLER_METADATA_H_
