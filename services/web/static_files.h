// The pages skatd serves (services/web/static/, docs/web.md "Pages"): compiled into skatd, so
// the one binary serves them wherever it runs; --web-root serves a directory instead (to work on
// the pages without rebuilding).
#ifndef SKAT_SERVICES_WEB_STATIC_FILES_H_
#define SKAT_SERVICES_WEB_STATIC_FILES_H_

#include <optional>
#include <string>
#include <string_view>

namespace skat::web {

struct StaticFile {
  std::string content;
  std::string_view content_type;
};

// The file for a request path ("/", "/table.html", "/js/api.js"; "/" is "/index.html"), from
// web_root when it is not empty, else from the compiled-in copy. Nothing outside the pages:
// a path with "..", a backslash, a NUL, or a name starting with a dot is not found.
std::optional<StaticFile> FindStaticFile(std::string_view path, const std::string& web_root);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_STATIC_FILES_H_
