#include "services/web/qr_svg.h"

#include <qrencode.h>

#include <memory>

namespace skat::web {

Result<std::string> QrSvg(std::string_view text) {
  if (text.empty() || text.size() > kMaxQrText) {
    return Status::InvalidArgument("a QR code's text has 1.." + std::to_string(kMaxQrText) +
                                   " bytes; this one has " + std::to_string(text.size()));
  }
  const std::string data(text);
  std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
      QRcode_encodeData(static_cast<int>(data.size()),
                        reinterpret_cast<const unsigned char*>(data.data()), 0, QR_ECLEVEL_M),
      &QRcode_free);
  if (!code) return Status::Internal("libqrencode could not encode the text");
  constexpr int kQuiet = 4;
  const int width = code->width;
  const int size = width + 2 * kQuiet;
  std::string path;
  for (int y = 0; y < width; ++y) {
    for (int x = 0; x < width; ++x) {
      if (code->data[y * width + x] & 1) {  // bit 0: a dark module
        path += "M" + std::to_string(x + kQuiet) + "," + std::to_string(y + kQuiet) + "h1v1h-1z";
      }
    }
  }
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + std::to_string(size) + " " +
         std::to_string(size) + "\" shape-rendering=\"crispEdges\" role=\"img\">" +
         "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + path +
         "\"/></svg>";
}

}  // namespace skat::web
