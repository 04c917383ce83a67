// skatd's web side (docs/web.md): HTTP/1.1, or HTTPS when given a certificate, on a port of its
// own. It serves the pages (static_files.h), the JSON form of the gRPC services under /api/
// (json_gateway.h; server streams as server-sent events), QR codes under /web/qr, and the
// result pages under /report/ (report_pages.h).
//
// Boost.Beast on Boost.Asio: every connection and stream is asynchronous on a small, fixed pool
// of threads; no thread per connection or stream. Bounds per client address (without its
// port) and in total: open connections (so also requests and streams in flight, one per
// connection; at the total the longest idle connection makes room), the request's header
// (16 KiB) and body (1 MiB) size, the bytes a stream's slow reader leaves waiting; an idle
// connection is closed after 60 s. Streams also count against skatd's --max-streams-per-peer
// for the browser's address. A request that is not well-formed HTTP is answered 400; a Host
// header that names no name skatd serves (without TLS) 421.
//
// Every response carries the security headers of docs/web.md "Security": a strict
// Content-Security-Policy (scripts, styles and connections from skatd only, no inline script or
// style), nosniff, no framing, no referrer, and HSTS over TLS. The API answers no-store.
#ifndef SKAT_SERVICES_WEB_HTTP_SERVER_H_
#define SKAT_SERVICES_WEB_HTTP_SERVER_H_

#include <memory>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/web/json_gateway.h"

namespace skat::web {

class ReportPages;

struct HttpServerOptions {
  std::string listen = "127.0.0.1:8080";  // host:port; port 0: any free port
  std::string tls_cert_chain;             // PEM text; with tls_key: HTTPS only
  std::string tls_key;
  std::string web_root;  // empty: the compiled-in pages
  int threads = 1;       // docs/web.md "Threads": one serves a 2-core machine best
  int max_connections_per_client = 64;
  // In all; skatd sizes it from its open-files limit (descriptors.h). At the bound a new
  // connection takes the place of the longest idle one (connection_table.h).
  int max_connections = 20000;
  // Bytes of server-sent events waiting for a slow reader: per stream, and over all streams
  // (event_queue.h).
  size_t max_stream_bytes = 512 << 10;
  size_t max_queued_bytes = 64 << 20;
  // Host names served besides IP addresses and localhost (host_names.h); checked without TLS.
  std::vector<std::string> hosts;
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
