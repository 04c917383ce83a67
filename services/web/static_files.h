// The pages skatd serves (services/web/static/, docs/web.md "Pages"): compiled into skatd, so
// the one binary serves them wherever it runs; --web-root serves a directory instead (to work on
// the pages without rebuilding).
//
// Served as a slow phone link wants them (docs/web.md "Loading"): each HTML page names its
// scripts and style sheets by versioned addresses ("/js/api.js?v=<16 hex digits of its hash>"),
// maps every module import to its versioned address (an import map; a dynamic import('./x.js')
// too) and names every module its scripts import statically, however deep, as
// <link rel="modulepreload">, so the browser asks for all of them at once instead of one import
// level after another (a dynamic import's module when the script asks), and a second visit finds
// them in its cache
// (a versioned address never changes its content). Every file carries an ETag (its version), so
// a revalidation is a 304 of no body; a file a client accepts gzip for is sent gzip-compressed
// when that is smaller. The compiled-in files are prepared once, on first use.
#ifndef SKAT_SERVICES_WEB_STATIC_FILES_H_
#define SKAT_SERVICES_WEB_STATIC_FILES_H_

#include <memory>
#include <string>
#include <string_view>

namespace skat::web {

struct StaticFile {
  std::string content;  // HTML with its import map and module preloads
  std::string_view content_type;
  std::string version;      // 16 hex digits of the content's hash: what "?v=" names
  std::string etag;         // the version quoted, as the header carries it
  std::string gzipped;      // the content gzip-compressed; empty when that is not smaller
  std::string script_hash;  // HTML: the import map's CSP source ("'sha256-...'"), else empty
};

// The file for a request path ("/", "/table.html", "/js/api.js"; "/" is "/index.html"), from
// web_root when it is not empty (prepared on each call), else from the compiled-in copy. Nothing
// outside the pages: a path with "..", a backslash, a NUL, or a name starting with a dot is not
// found (nullptr).
std::shared_ptr<const StaticFile> FindStaticFile(std::string_view path,
                                                 const std::string& web_root);

// Whether an Accept-Encoding header value accepts gzip ("gzip", "gzip;q=0.5", "*"; not
// "gzip;q=0").
bool AcceptsGzip(std::string_view accept_encoding);

// Whether an If-None-Match header value names `etag` (or is "*").
bool MatchesEtag(std::string_view if_none_match, std::string_view etag);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_STATIC_FILES_H_
