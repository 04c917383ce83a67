// A QR code as an SVG image (libqrencode): the table cards' codes carry a table page's address
// with the chairs' tokens in its fragment (docs/web.md "Tokens").
#ifndef SKAT_SERVICES_WEB_QR_SVG_H_
#define SKAT_SERVICES_WEB_QR_SVG_H_

#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::web {

// The longest text encoded: a 4-chair table's address with four tokens is about 400 bytes.
inline constexpr size_t kMaxQrText = 2000;

// The code of text (8-bit mode, error correction level M, a quiet zone of 4 modules) as a
// standalone SVG of black modules on white, one path. INVALID_ARGUMENT for an empty text or one
// longer than kMaxQrText bytes.
Result<std::string> QrSvg(std::string_view text);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_QR_SVG_H_
