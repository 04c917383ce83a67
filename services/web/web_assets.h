// The files of services/web/static/ compiled in (embed_assets.cmake generates their table).
#ifndef SKAT_SERVICES_WEB_WEB_ASSETS_H_
#define SKAT_SERVICES_WEB_WEB_ASSETS_H_

#include <cstddef>
#include <string_view>

namespace skat::web {

struct WebAsset {
  std::string_view path;  // "/table.html"
  std::string_view content;
};

extern const WebAsset kWebAssets[];
extern const size_t kWebAssetCount;

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_WEB_ASSETS_H_
