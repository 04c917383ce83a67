#include "services/web/static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "services/web/web_assets.h"

namespace skat::web {
namespace {

std::string_view ContentTypeOf(std::string_view path) {
  struct Type {
    std::string_view extension;
    std::string_view type;
  };
  static constexpr Type kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".json", "application/json"},
      {".txt", "text/plain; charset=utf-8"},
      {".webmanifest", "application/manifest+json"},
  };
  for (const Type& t : kTypes) {
    if (path.ends_with(t.extension)) return t.type;
  }
  return "application/octet-stream";
}

bool SafePath(std::string_view path) {
  if (!path.starts_with("/") || path.find("..") != std::string_view::npos ||
      path.find('\\') != std::string_view::npos || path.find('\0') != std::string_view::npos ||
      path.find("/.") != std::string_view::npos || path.find("//") != std::string_view::npos) {
    return false;
  }
  return true;
}

}  // namespace

std::optional<StaticFile> FindStaticFile(std::string_view path, const std::string& web_root) {
  if (path == "/") path = "/index.html";
  if (!SafePath(path)) return std::nullopt;
  if (!web_root.empty()) {
    // Regular files only: a directory opens as a stream too, and read as an empty page.
    const std::string file = web_root + std::string(path);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream content;
    content << in.rdbuf();
    if (!in.good() && !in.eof()) return std::nullopt;
    return StaticFile{content.str(), ContentTypeOf(path)};
  }
  for (size_t i = 0; i < kWebAssetCount; ++i) {
    if (kWebAssets[i].path == path) {
      return StaticFile{std::string(kWebAssets[i].content), ContentTypeOf(path)};
    }
  }
  return std::nullopt;
}

}  // namespace skat::web
