// Which Host headers the web side answers (docs/web.md "Security"): a page of another site
// whose name an attacker points at skatd's address (DNS rebinding) reaches skatd with that name
// in its Host header, and must not reach the anonymous API or the pages as skatd's own origin.
// Over TLS the browser already refuses a name skatd's certificate does not hold.
#ifndef SKAT_SERVICES_WEB_HOST_NAMES_H_
#define SKAT_SERVICES_WEB_HOST_NAMES_H_

#include <string>
#include <string_view>
#include <vector>

namespace skat::web {

// True for a Host header value (with or without ":port") that is an IPv4 address, a bracketed
// IPv6 address, "localhost" or a name under ".localhost", or one of `names` (any case); also for
// an empty value (a client that sends none is no browser).
bool IsServedHost(std::string_view host, const std::vector<std::string>& names);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_HOST_NAMES_H_
