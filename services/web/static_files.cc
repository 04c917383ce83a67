#include "services/web/static_files.h"

#include <openssl/evp.h>
#include <openssl/sha.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "services/common/auth.h"
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

// "/js/console/core.js" for "./core.js" imported by "/js/console/seats.js" (or named by a page at
// "/console.html"): the directory of `from` joined with `relative`, "." and ".." resolved.
std::string Resolve(const std::string& from, const std::string& relative) {
  std::vector<std::string> parts;
  std::stringstream dir(from.substr(0, from.rfind('/')));
  for (std::string p; std::getline(dir, p, '/');) {
    if (!p.empty()) parts.push_back(p);
  }
  std::stringstream rel(relative);
  for (std::string p; std::getline(rel, p, '/');) {
    if (p == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!p.empty() && p != ".") {
      parts.push_back(p);
    }
  }
  std::string out;
  for (const std::string& p : parts) out += "/" + p;
  return out;
}

// The modules a page loads: its <script type="module" src> files (entries), every module they
// import, however deep (static imports of relative paths), and, apart, the modules only a
// dynamic import('./x.js') of a relative path reaches, with theirs (`later`); each list in the
// order first found.
struct ModuleGraph {
  std::vector<std::string> entries, imports, later;
};

ModuleGraph Modules(const std::string& page, const std::string& html,
                    const std::function<std::string(const std::string&)>& read) {
  static const std::regex kScript(R"re(<script[^>]*type="module"[^>]*src="([^"#?]+)")re");
  static const std::regex kImport(R"re((?:import|from)\s*['"](\.{1,2}/[^'"]+)['"])re");
  static const std::regex kLater(R"re(import\(\s*['"](\.{1,2}/[^'"]+)['"]\s*\))re");
  ModuleGraph graph;
  std::vector<std::string> todo;
  std::vector<std::string> dynamic;
  for (std::sregex_iterator m(html.begin(), html.end(), kScript), end; m != end; ++m) {
    graph.entries.push_back(Resolve(page, (*m)[1]));
    todo.push_back(graph.entries.back());
  }
  std::set<std::string> seen;
  // Every module of `queue` and what it imports statically, from index `skip` on into `out`;
  // the targets of dynamic imports into `dynamic`.
  auto walk = [&](std::vector<std::string>& queue, size_t skip, std::vector<std::string>& out) {
    for (size_t next = 0; next < queue.size(); ++next) {
      const std::string module = queue[next];
      if (!seen.insert(module).second) continue;
      if (next >= skip) out.push_back(module);
      const std::string source = read(module);
      for (std::sregex_iterator m(source.begin(), source.end(), kImport), end; m != end; ++m) {
        queue.push_back(Resolve(module, (*m)[1]));
      }
      for (std::sregex_iterator m(source.begin(), source.end(), kLater), end; m != end; ++m) {
        dynamic.push_back(Resolve(module, (*m)[1]));
      }
    }
  };
  walk(todo, graph.entries.size(), graph.imports);
  walk(dynamic, 0, graph.later);
  return graph;
}

std::string Version(std::string_view content) { return service::Sha256Hex(content).substr(0, 16); }

// "'sha256-<base64>'" of `text`, as a Content-Security-Policy source.
std::string CspHash(std::string_view text) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
  unsigned char base64[4 * ((SHA256_DIGEST_LENGTH + 2) / 3) + 1];
  EVP_EncodeBlock(base64, digest, SHA256_DIGEST_LENGTH);
  return "'sha256-" + std::string(reinterpret_cast<char*>(base64)) + "'";
}

// docs/web.md "Loading": the page's scripts and style sheets named by versioned addresses
// ("/js/api.js?v=<its version>", which skatd lets browsers keep), an import map that sends every
// module import (a dynamic one's too) to its versioned address, and a modulepreload link per
// statically imported module, so the browser asks for all of them at once. Returns the hash of
// the import map for the page's CSP.
std::string VersionPage(const std::string& page, std::string& html,
                        const std::function<std::string(const std::string&)>& read) {
  const ModuleGraph graph = Modules(page, html, read);
  std::map<std::string, std::string> versions;  // each file read and hashed once
  auto versioned = [&](const std::string& path) {
    auto [it, added] = versions.try_emplace(path);
    if (added) it->second = path + "?v=" + Version(read(path));
    return it->second;
  };
  static const std::regex kAsset(
      R"re((<script[^>]*type="module"[^>]*src="|<link rel="stylesheet" href=")([^"#?]+)")re");
  std::string out;
  std::sregex_iterator m(html.begin(), html.end(), kAsset), end;
  size_t last = 0;
  for (; m != end; ++m) {
    out += html.substr(last, m->position() - last) + (*m)[1].str() +
           versioned(Resolve(page, (*m)[2])) + "\"";
    last = m->position() + m->length();
  }
  html = out + html.substr(last);
  std::string map = "{\"imports\": {";
  for (const auto* list : {&graph.entries, &graph.imports, &graph.later}) {
    for (const std::string& module : *list) {
      map +=
          (map.back() == '{' ? "" : ", ") + ("\"" + module + "\": \"" + versioned(module) + "\"");
    }
  }
  map += "}}";
  std::string head = "\n<script type=\"importmap\">" + map + "</script>\n";
  for (const std::string& module : graph.imports) {
    head += "<link rel=\"modulepreload\" href=\"" + versioned(module) + "\">\n";
  }
  // After the character set, which must come in the first 1,024 bytes.
  const std::string_view kCharset = "<meta charset=\"utf-8\">";
  size_t at = html.find(kCharset);
  at = at != std::string::npos ? at + kCharset.size() : html.find("<head>");
  if (at == std::string::npos || graph.entries.empty()) return "";
  html.insert(at == html.find("<head>") ? at + 6 : at, head);
  return CspHash(map);
}

// gzip of `text` at the best compression; "" on a zlib failure.
std::string Gzip(std::string_view text) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) {
    return "";
  }
  std::string out(deflateBound(&z, text.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int done = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return done == Z_STREAM_END ? out : "";
}

std::shared_ptr<const StaticFile> Prepare(
    const std::string& path, std::string content,
    const std::function<std::string(const std::string&)>& read) {
  auto file = std::make_shared<StaticFile>();
  if (path.ends_with(".html")) file->script_hash = VersionPage(path, content, read);
  file->version = Version(content);
  file->etag = "\"" + file->version + "\"";
  std::string gz = Gzip(content);
  if (!gz.empty() && gz.size() < content.size()) file->gzipped = std::move(gz);
  file->content = std::move(content);
  file->content_type = ContentTypeOf(path);
  return file;
}

std::string ReadEmbedded(const std::string& path) {
  for (size_t i = 0; i < kWebAssetCount; ++i) {
    if (kWebAssets[i].path == path) return std::string(kWebAssets[i].content);
  }
  return "";
}

// Regular files only: a directory opens as a stream too, and reads as an empty page.
std::optional<std::string> ReadFile(const std::string& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream content;
  content << in.rdbuf();
  if (!in.good() && !in.eof()) return std::nullopt;
  return content.str();
}

}  // namespace

bool AcceptsGzip(std::string_view accept_encoding) {
  std::stringstream list{std::string(accept_encoding)};
  for (std::string item; std::getline(list, item, ',');) {
    const size_t semi = item.find(';');
    std::string coding = item.substr(0, semi);
    std::erase(coding, ' ');
    if (coding != "gzip" && coding != "*") continue;
    if (semi == std::string::npos) return true;
    std::string q = item.substr(semi + 1);
    std::erase(q, ' ');
    return !(q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000");
  }
  return false;
}

bool MatchesEtag(std::string_view if_none_match, std::string_view etag) {
  std::stringstream list{std::string(if_none_match)};
  for (std::string item; std::getline(list, item, ',');) {
    std::erase(item, ' ');
    if (item.starts_with("W/")) item = item.substr(2);
    if (item == "*" || item == etag) return true;
  }
  return false;
}

std::shared_ptr<const StaticFile> FindStaticFile(std::string_view path,
                                                 const std::string& web_root) {
  if (path == "/") path = "/index.html";
  if (!SafePath(path)) return nullptr;
  if (!web_root.empty()) {
    std::optional<std::string> content = ReadFile(web_root + std::string(path));
    if (!content) return nullptr;
    return Prepare(std::string(path), std::move(*content), [&](const std::string& p) {
      return SafePath(p) ? ReadFile(web_root + p).value_or("") : "";
    });
  }
  static const std::map<std::string, std::shared_ptr<const StaticFile>, std::less<>> kPrepared =
      [] {
        std::map<std::string, std::shared_ptr<const StaticFile>, std::less<>> out;
        for (size_t i = 0; i < kWebAssetCount; ++i) {
          const std::string p(kWebAssets[i].path);
          out[p] = Prepare(p, std::string(kWebAssets[i].content), ReadEmbedded);
        }
        return out;
      }();
  auto it = kPrepared.find(path);
  return it == kPrepared.end() ? nullptr : it->second;
}

}  // namespace skat::web
