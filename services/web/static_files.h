// The pages skatd serves (services/web/static/, docs/web.md "Pages"): compiled into skatd, so
// the one binary serves them wherever it runs; --web-root serves a directory instead (to work on
// the pages without rebuilding).
//
// Served as a slow phone link wants them (docs/web.md "Loading"): each HTML page names every
// module its scripts import, however deep, as <link rel="modulepreload"> in its head, so the
// browser asks for all of them at once instead of one import level after another; every file
// carries an ETag (a hash of what is served), so a second visit revalidates with 304 answers of
// no body; and a file a client accepts gzip for is sent gzip-compressed when that is smaller.
// The compiled-in files are prepared once, on first use.
#ifndef SKAT_SERVICES_WEB_STATIC_FILES_H_
#define SKAT_SERVICES_WEB_STATIC_FILES_H_

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace skat::web {

struct StaticFile {
  std::string content;  // HTML with its module preloads
  std::string_view content_type;
  std::string etag;     // "\"<16 hex digits>\"", quoted as the header carries it
  std::string gzipped;  // the content gzip-compressed; empty when that is not smaller
};

// The file for a request path ("/", "/table.html", "/js/api.js"; "/" is "/index.html"), from
// web_root when it is not empty (prepared on each call), else from the compiled-in copy. Nothing
// outside the pages: a path with "..", a backslash, a NUL, or a name starting with a dot is not
// found (nullptr).
std::shared_ptr<const StaticFile> FindStaticFile(std::string_view path,
                                                 const std::string& web_root);

// The module preloads `html` (a page at `page_path`) gets: "<link rel=\"modulepreload\"
// href=\"/js/x.js\">" lines for every module its <script type="module" src> files import, however
// deep (static imports of relative paths), in the order first found, the scripts themselves not;
// read(path) gives a file's text ("" when there is none).
std::string ModulePreloads(std::string_view page_path, std::string_view html,
                           const std::function<std::string(const std::string&)>& read);

// Whether an Accept-Encoding header value accepts gzip ("gzip", "gzip;q=0.5", "*"; not
// "gzip;q=0").
bool AcceptsGzip(std::string_view accept_encoding);

// Whether an If-None-Match header value names `etag` (or is "*").
bool MatchesEtag(std::string_view if_none_match, std::string_view etag);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_STATIC_FILES_H_
