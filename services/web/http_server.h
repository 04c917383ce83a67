// skatd's web side (docs/web.md): HTTP/1.1, or HTTPS when given a certificate, on a port of its
// own. It serves the pages (static_files.h), the JSON form of the gRPC services under /api/
// (json_gateway.h; server streams as server-sent events), QR codes under /web/qr, and the
// result pages under /report/ (report_pages.h).
//
// Boost.Beast on Boost.Asio: every connection and stream is asynchronous on a small, fixed pool
// of threads; no thread per connection or stream. Bounds per client address (without its
// port): open connections (so also requests and streams in flight, one per connection), the
// request's header (16 KiB) and body (1 MiB) size; an idle connection is closed after 60 s.
// Streams also count against skatd's --max-streams-per-peer for the browser's address.
//
// Every response carries the security headers of docs/web.md "Security": a strict
// Content-Security-Policy (scripts, styles and connections from skatd only, no inline script or
// style), nosniff, no framing, no referrer, and HSTS over TLS. The API answers no-store.
#ifndef SKAT_SERVICES_WEB_HTTP_SERVER_H_
#define SKAT_SERVICES_WEB_HTTP_SERVER_H_

#include <memory>
#include <string>

#include "engine/status.h"
#include "services/web/json_gateway.h"

namespace skat::web {

class ReportPages;

struct HttpServerOptions {
  std::string listen = "127.0.0.1:8080";  // host:port; port 0: any free port
  std::string tls_cert_chain;             // PEM text; with tls_key: HTTPS only
  std::string tls_key;
  std::string web_root;  // empty: the compiled-in pages
  int threads = 2;
  int max_connections_per_client = 64;
  int max_connections = 20000;
};

class HttpServer {
 public:
  // Listens and starts serving, or INVALID_ARGUMENT (a malformed address or TLS file) or
  // UNAVAILABLE (the address cannot be bound). The gateway and the result pages (null: none)
  // must outlive the server.
  static Result<std::unique_ptr<HttpServer>> Start(const HttpServerOptions& options,
                                                   const JsonGateway& gateway,
                                                   ReportPages* reports);
  ~HttpServer();

  int port() const;
  // Stops accepting and closes every connection; waits for the threads. Idempotent.
  void Stop();

  class Impl;

 private:
  explicit HttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_HTTP_SERVER_H_
