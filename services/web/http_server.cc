#include "services/web/http_server.h"

#include <algorithm>
#include <array>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "services/common/grpc_status.h"
#include "services/common/table_code.h"
#include "services/web/connection_table.h"
#include "services/web/event_queue.h"
#include "services/web/host_names.h"
#include "services/web/qr_svg.h"
#include "services/web/report_language.h"
#include "services/web/report_pages.h"
#include "services/web/static_files.h"

namespace skat::web {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;

constexpr size_t kMaxBody = 1 << 20;
constexpr size_t kMaxHeader = 16 << 10;
constexpr auto kIdle = 60s;
constexpr auto kWriteLimit = 30s;
constexpr size_t kLingerBytes = 2 * kMaxBody;  // what a refused request may still send
constexpr auto kLingerTime = 5s;
constexpr auto kKeepAlive = 15s;
constexpr auto kAcceptRetry = 100ms;
// A stream's socket send buffer: what the kernel holds for a reader that stopped reading, beside
// the stream's queue (HttpServerOptions::max_stream_bytes).
constexpr int kStreamSendBuffer = 64 << 10;

// The result pages (report_pages.h) carry their CSS inline and have no script at all.
constexpr char kReportPolicy[] =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";
constexpr char kContentSecurityPolicy[] =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'";

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

template <class Message>
void SetSecurityHeaders(Message& res, bool tls) {
  res.set(http::field::server, "skatd");
  if (res.find("Content-Security-Policy") == res.end()) {
    res.set("Content-Security-Policy", kContentSecurityPolicy);
  }
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "no-referrer");
  res.set("Cross-Origin-Opener-Policy", "same-origin");
  res.set("Cross-Origin-Resource-Policy", "same-origin");
  res.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (tls) res.set(http::field::strict_transport_security, "max-age=31536000");
}

Response MakeResponse(const Request& req, http::status status, std::string_view type,
                      std::string body) {
  Response res(status, req.version());
  res.set(http::field::content_type, beast::string_view(type.data(), type.size()));
  res.body() = std::move(body);
  return res;
}

Response JsonResponse(const Request& req, const JsonReply& reply) {
  Response res = MakeResponse(req, static_cast<http::status>(reply.http_status),
                              "application/json; charset=utf-8", reply.body);
  res.set(http::field::cache_control, "no-store");
  if (reply.retry_after_seconds > 0) {
    res.set(http::field::retry_after, std::to_string(reply.retry_after_seconds));
  }
  return res;
}

// The web side's own refusal: its JSON body's code is the HTTP status sent (http_status, or the
// one of the gRPC code).
Response ErrorResponse(const Request& req, grpc::StatusCode code, const std::string& message,
                       int http_status = 0) {
  return JsonResponse(req, ErrorReply(grpc::Status(code, message), "", http_status));
}

// "ipv4:10.0.0.7:51234" / "ipv6:[::1]:51234", as gRPC names peers (services/common/peer.h).
std::string PeerName(const tcp::endpoint& endpoint) {
  const net::ip::address address = endpoint.address();
  if (address.is_v4()) return "ipv4:" + address.to_string() + ":" + std::to_string(endpoint.port());
  return "ipv6:[" + address.to_string() + "]:" + std::to_string(endpoint.port());
}

}  // namespace

struct Shared {
  Shared(const JsonGateway& g, ReportPages* r, const HttpServerOptions& o)
      : gateway(g),
        reports(r),
        options(o),
        connections(o.max_connections_per_client, o.max_connections),
        queued(std::make_shared<QueuedBytes>(o.max_queued_bytes)) {}
  const JsonGateway& gateway;
  ReportPages* reports;  // may be null: no result pages
  const HttpServerOptions options;
  ConnectionTable connections;
  std::shared_ptr<QueuedBytes> queued;  // every stream's waiting messages
};

namespace {

// One connection: requests one after another (HTTP/1.1 keep-alive); a server stream ends it.
template <class Stream>
class Session : public std::enable_shared_from_this<Session<Stream>> {
  static constexpr bool kTls = !std::is_same_v<Stream, beast::tcp_stream>;

 public:
  Session(Stream stream, std::shared_ptr<Shared> shared, std::string client)
      : stream_(std::move(stream)),
        shared_(std::move(shared)),
        client_(std::move(client)),
        keep_alive_timer_(stream_.get_executor()) {}

  ~Session() { shared_->connections.Remove(id_); }

  // Takes a place in the connection table (false: refused, the connection is dropped unserved).
  bool Enter(const std::string& address) {
    std::weak_ptr<Session> weak = this->shared_from_this();
    id_ = shared_->connections.Admit(address, [weak] {
      if (std::shared_ptr<Session> self = weak.lock()) {
        net::post(self->stream_.get_executor(), [self] { self->Abort(); });
      }
    });
    return id_ != 0;
  }

  void Run() {
    net::dispatch(stream_.get_executor(), [self = this->shared_from_this()] {
      if constexpr (kTls) {
        beast::get_lowest_layer(self->stream_).expires_after(kIdle);
        self->stream_.async_handshake(ssl::stream_base::server, [self](beast::error_code ec) {
          if (!ec) self->Read();
        });
      } else {
        self->Read();
      }
    });
  }

 private:
  void Read() {
    shared_->connections.SetIdle(id_, true);
    parser_.emplace();
    parser_->body_limit(kMaxBody);
    parser_->header_limit(kMaxHeader);
    beast::get_lowest_layer(stream_).expires_after(kIdle);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = this->shared_from_this()](beast::error_code ec, size_t) { self->OnRead(ec); });
  }

  void OnRead(beast::error_code ec) {
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      return Refuse(413, grpc::StatusCode::RESOURCE_EXHAUSTED,
                    ec == http::error::body_limit ? "a request body holds at most 1 MiB"
                                                  : "a request's header holds at most 16 KiB");
    }
    // A request that is not HTTP (a broken Content-Length or chunk size, ...) gets a 400 and the
    // end of the connection; a closed or timed-out one just ends.
    if (ec && ec.category() == http::make_error_code(http::error::bad_method).category() &&
        ec != http::error::end_of_stream && ec != http::error::partial_message) {
      return Refuse(400, grpc::StatusCode::INVALID_ARGUMENT,
                    "the request is not well-formed HTTP/1.1: " + ec.message());
    }
    if (ec) return;
    shared_->connections.SetIdle(id_, false);
    request_ = parser_->release();
    Dispatch();
  }

  // Answers a request that could not be read whole, and closes the connection.
  void Refuse(int http_status, grpc::StatusCode code, const std::string& message) {
    shared_->connections.SetIdle(id_, false);
    request_ = {};
    request_.version(11);
    request_.keep_alive(false);
    Send(ErrorResponse(request_, code, message, http_status), http_status);
  }

  // Routes (the table of addresses in docs/web.md): GET/HEAD pages, POST /api/<method>, POST
  // /web/qr.
  void Dispatch() {
    const std::string_view host(request_[http::field::host].data(),
                                request_[http::field::host].size());
    if (!kTls && !IsServedHost(host, shared_->options.hosts)) {
      request_.keep_alive(false);
      return Send(ErrorResponse(request_, grpc::StatusCode::INVALID_ARGUMENT,
                                "this skatd does not serve the host name in the Host header; "
                                "start it with --http-host NAME to serve a name (docs/web.md)",
                                421),
                  421);
    }
    const std::string_view target(request_.target().data(), request_.target().size());
    const std::string_view path = target.substr(0, target.find('?'));
    const http::verb verb = request_.method();
    if (path.starts_with("/api/") || path == "/web/qr") {
      if (verb != http::verb::post) return MethodNotAllowed("POST");
      if (path == "/web/qr") return Qr();
      return Api(path.substr(5));
    }
    if (verb != http::verb::get && verb != http::verb::head) return MethodNotAllowed("GET, HEAD");
    if (path.starts_with("/report/") && shared_->reports != nullptr) {
      return Report(path.substr(8), target.substr(std::min(target.size(), path.size() + 1)));
    }
    if (path.starts_with("/t/")) return TableCodeAddress(path.substr(3));
    std::shared_ptr<const StaticFile> file = FindStaticFile(path, shared_->options.web_root);
    if (!file) {
      return Send(MakeResponse(request_, http::status::not_found, "text/plain; charset=utf-8",
                               "no page here; the console is at /console.html\n"));
    }
    SendStaticFile(*file, target.substr(path.size()), verb == http::verb::head);
  }

  // docs/web.md "Loading": 304 without a body when the client has this version (its ETag), the
  // gzip copy when the client accepts it. Kept for a year when asked by its versioned address
  // (`query` "?v=<its version>": that address never serves other content); else revalidated on
  // every use (no-cache), since a new skatd may serve new pages under the same names. A page's
  // import map is allowed by its hash in the page's Content-Security-Policy.
  void SendStaticFile(const StaticFile& file, std::string_view query, bool head) {
    const bool fresh = MatchesEtag(std::string(request_[http::field::if_none_match]), file.etag);
    const bool gzip =
        !file.gzipped.empty() && AcceptsGzip(std::string(request_[http::field::accept_encoding]));
    Response res = MakeResponse(request_, fresh ? http::status::not_modified : http::status::ok,
                                file.content_type,
                                fresh  ? std::string()
                                : gzip ? file.gzipped
                                       : file.content);
    res.set(http::field::cache_control,
            query == "?v=" + file.version ? "public, max-age=31536000, immutable" : "no-cache");
    res.set(http::field::etag, file.etag);
    if (!file.script_hash.empty()) {
      std::string policy = kContentSecurityPolicy;
      policy.replace(policy.find("script-src 'self'"), 17, "script-src 'self' " + file.script_hash);
      res.set("Content-Security-Policy", policy);
    }
    if (!file.gzipped.empty()) res.set(http::field::vary, "Accept-Encoding");
    if (gzip) res.set(http::field::content_encoding, "gzip");
    if (head || fresh) {
      res.prepare_payload();
      if (fresh) res.erase(http::field::content_length);
      res.body().clear();
      res.keep_alive(request_.keep_alive());
      return Write(std::make_shared<Response>(std::move(res)), false);
    }
    Send(std::move(res));
  }

  // "{event}/{file}" or "{event}/" (its index.html), in the language of `query`'s lang= or the
  // Accept-Language header (report_language.h); never cached (no-store), and Vary names the
  // header so no cache between reader and skatd hands one reader's language to another.
  void Report(std::string_view rest, std::string_view query) {
    const size_t slash = rest.find('/');
    const std::string id(rest.substr(0, slash));
    std::string file(slash == std::string_view::npos ? "" : rest.substr(slash + 1));
    if (file.empty()) file = "index.html";
    const std::string_view accept(request_[http::field::accept_language].data(),
                                  request_[http::field::accept_language].size());
    const std::string language = ReportLanguage(query, accept);
    auto self = this->shared_from_this();
    shared_->reports->Get("events/" + id, file, language, client_, [self](ReportFile found) {
      net::post(self->stream_.get_executor(), [self, found = std::move(found)] {
        Response res = MakeResponse(self->request_, static_cast<http::status>(found.http_status),
                                    found.content_type, found.body);
        res.set(http::field::cache_control, "no-store");
        res.set(http::field::vary, "Accept-Language");
        if (found.http_status == 200) res.set("Content-Security-Policy", kReportPolicy);
        self->Send(std::move(res));
      });
    });
  }

  // docs/web.md "The table page": /t/<code>, the short address of a table card, sends the browser
  // on (303) to the table page with the code in the fragment, which the browser never sends to a
  // server: "/table.html#code=K7QM-2XPA-9DWE" for anything NormalizeTableCode reads as a code
  // ("%20" and "-" between its characters too), "/table.html#code=" (the page says it is no code)
  // for anything else. Nothing is looked up here: the page asks FindTableCode, whose guesses
  // are counted.
  void TableCodeAddress(std::string_view typed) {
    std::string decoded;
    for (size_t i = 0; i < typed.size() && decoded.size() <= 40; ++i) {
      if (typed.substr(i, 3) == "%20") {
        decoded += ' ';
        i += 2;
      } else {
        decoded += typed[i];
      }
    }
    const std::optional<std::string> code = service::NormalizeTableCode(decoded);
    Response res = MakeResponse(request_, http::status::see_other, "text/plain; charset=utf-8", "");
    res.set(http::field::location,
            "/table.html#code=" + (code ? service::PrintedTableCode(*code) : std::string()));
    res.set(http::field::cache_control, "no-store");
    Send(std::move(res));
  }

  void MethodNotAllowed(const char* allow) {
    Response res = ErrorResponse(request_, grpc::StatusCode::UNIMPLEMENTED,
                                 std::string("this address answers ") + allow, 405);
    res.result(http::status::method_not_allowed);
    res.set(http::field::allow, allow);
    Send(std::move(res));
  }

  void Qr() {
    Result<std::string> svg = QrSvg(request_.body());
    if (!svg.ok()) {
      return Send(JsonResponse(request_, ErrorReply(service::ToGrpc(svg.status()))));
    }
    Response res =
        MakeResponse(request_, http::status::ok, "image/svg+xml", std::move(svg).value());
    res.set(http::field::cache_control, "no-store");
    Send(std::move(res));
  }

  void Api(std::string_view method_path) {
    // Only JSON: a cross-site form cannot send it without a CORS preflight, which skatd never
    // allows, so another site's page cannot call the API with a visitor's browser.
    const std::string_view type(request_[http::field::content_type].data(),
                                request_[http::field::content_type].size());
    if (!type.starts_with("application/json")) {
      Response res = ErrorResponse(request_, grpc::StatusCode::INVALID_ARGUMENT,
                                   "the API takes Content-Type: application/json", 415);
      res.result(http::status::unsupported_media_type);
      return Send(std::move(res));
    }
    Result<const google::protobuf::MethodDescriptor*> method = JsonGateway::Find(method_path);
    if (!method.ok()) {
      return Send(JsonResponse(request_, ErrorReply(service::ToGrpc(method.status()))));
    }
    CallerInfo caller{
        .authorization = std::string(request_[http::field::authorization]),
        .client = client_,
    };
    auto self = this->shared_from_this();
    if (!method.value()->server_streaming()) {
      shared_->gateway.Call(method.value(), request_.body(), caller, [self](JsonReply reply) {
        net::post(self->stream_.get_executor(), [self, reply = std::move(reply)] {
          self->Send(JsonResponse(self->request_, reply));
        });
      });
      return;
    }
    // A server stream: the header goes out with the first message; an end before any message
    // is an ordinary error response.
    beast::get_lowest_layer(stream_).expires_never();
    queue_.emplace(shared_->queued, shared_->options.max_stream_bytes,
                   JsonGateway::EachMessageIsWhole(method.value()));
    beast::error_code ignored;
    beast::get_lowest_layer(stream_).socket().set_option(
        net::socket_base::send_buffer_size(kStreamSendBuffer), ignored);
    watch_ = shared_->gateway.Watch(
        method.value(), request_.body(), caller,
        [self](std::string json) {
          net::post(self->stream_.get_executor(), [self, json = std::move(json)] {
            if (self->aborted_) return;
            // A reader that lags past the stream's bound loses the stream (event_queue.h).
            if (!self->queue_->PushMessage("event: message\ndata: " + json + "\n\n")) {
              return self->Abort();
            }
            self->Pump();
          });
        },
        [self](JsonReply end) {
          net::post(self->stream_.get_executor(), [self, end = std::move(end)] {
            self->watch_.reset();
            if (!self->stream_open_) {
              self->Send(JsonResponse(self->request_, end), 0, true);
              return;
            }
            if (self->aborted_) return;
            self->queue_->PushControl("event: end\ndata: " + end.body + "\n\n");
            self->ended_ = true;
            self->Pump();
          });
        });
    if (watch_) WatchForClose();
  }

  // Sends res; status_override replaces its status (413 has no gRPC code of its own).
  void Send(Response res, int status_override = 0, bool close = false) {
    if (status_override != 0) res.result(static_cast<http::status>(status_override));
    res.keep_alive(request_.keep_alive() && !close && status_override == 0);
    res.prepare_payload();
    const bool keep_alive = res.keep_alive();
    Write(std::make_shared<Response>(std::move(res)), !keep_alive);
  }

  void Write(std::shared_ptr<Response> res, bool close) {
    SetSecurityHeaders(*res, kTls);
    beast::get_lowest_layer(stream_).expires_after(kWriteLimit);
    http::async_write(stream_, *res,
                      [self = this->shared_from_this(), res, close](beast::error_code ec, size_t) {
                        if (ec) return;
                        if (close || !res->keep_alive()) return self->Shutdown();
                        self->Read();
                      });
  }

  // While a stream is open the client sends nothing: any read completion means it left.
  void WatchForClose() {
    watching_ = true;
    stream_.async_read_some(
        net::buffer(scratch_),
        [self = this->shared_from_this()](beast::error_code, size_t) { self->Abort(); });
    KeepAlive();
  }

  void KeepAlive() {
    keep_alive_timer_.expires_after(kKeepAlive);
    keep_alive_timer_.async_wait([self = this->shared_from_this()](beast::error_code ec) {
      if (ec || self->aborted_) return;
      if (self->writing_ && std::chrono::steady_clock::now() - self->write_start_ > kWriteLimit) {
        return self->Abort();  // a reader that stopped reading
      }
      if (self->stream_open_ && self->queue_->empty())
        self->queue_->PushControl(": keep-alive\n\n");
      self->Pump();
      self->KeepAlive();
    });
  }

  void Pump() {
    if (writing_ || aborted_) return;
    if (!stream_open_) {
      if (queue_->empty()) return;
      auto header =
          std::make_shared<http::response<http::empty_body>>(http::status::ok, request_.version());
      header->set(http::field::content_type, "text/event-stream; charset=utf-8");
      header->set(http::field::cache_control, "no-store");
      header->chunked(true);
      header->keep_alive(false);
      SetSecurityHeaders(*header, kTls);
      auto serializer = std::make_shared<http::response_serializer<http::empty_body>>(*header);
      stream_open_ = true;
      Begin();
      http::async_write_header(stream_, *serializer,
                               [self = this->shared_from_this(), header, serializer](
                                   beast::error_code ec, size_t) { self->Done(ec); });
      return;
    }
    if (queue_->empty()) {
      if (!ended_ || last_sent_) return;
      last_sent_ = true;
      Begin();
      net::async_write(stream_, http::make_chunk_last(),
                       [self = this->shared_from_this()](beast::error_code ec, size_t) {
                         self->writing_ = false;
                         if (!ec) self->Abort();  // the stream is complete: close
                       });
      return;
    }
    auto block = std::make_shared<std::string>(queue_->Pop());
    Begin();
    net::async_write(
        stream_, http::make_chunk(net::buffer(*block)),
        [self = this->shared_from_this(), block](beast::error_code ec, size_t) { self->Done(ec); });
  }

  void Begin() {
    writing_ = true;
    write_start_ = std::chrono::steady_clock::now();
  }

  void Done(beast::error_code ec) {
    writing_ = false;
    if (ec) return Abort();
    Pump();
  }

  void Abort() {
    if (aborted_) return;
    aborted_ = true;
    if (watch_) watch_->Cancel();
    keep_alive_timer_.cancel();
    beast::error_code ignored;
    beast::get_lowest_layer(stream_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(stream_).close();
  }

  void Shutdown() {
    if constexpr (kTls) {
      beast::get_lowest_layer(stream_).expires_after(kWriteLimit);
      stream_.async_shutdown([self = this->shared_from_this()](beast::error_code) {});
    } else {
      beast::error_code ignored;
      stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
      // A stream's close watch (WatchForClose) is a read already under way: one at a time.
      if (!watching_) Linger();
    }
  }

  // After the answer, reads and drops what the client still sends (a refused body) until it
  // closes, at most kLingerBytes or kLingerTime: closing with unread bytes would make the kernel
  // reset the connection and the client could lose the answer (a lingering close, RFC 9112 9.6).
  void Linger() {
    if (lingered_ >= kLingerBytes) return;
    if (lingered_ == 0) beast::get_lowest_layer(stream_).expires_after(kLingerTime);
    stream_.async_read_some(net::buffer(linger_buffer_),
                            [self = this->shared_from_this()](beast::error_code ec, size_t n) {
                              if (ec) return;
                              self->lingered_ += n;
                              self->Linger();
                            });
  }

  Stream stream_;
  std::shared_ptr<Shared> shared_;
  const std::string client_;  // "ipv4:h:p"
  uint64_t id_ = 0;           // the place in shared_->connections
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Request request_;
  // A server stream's state (all on the connection's strand).
  std::shared_ptr<WatchHandle> watch_;
  net::steady_timer keep_alive_timer_;
  std::optional<EventQueue> queue_;  // set when the stream starts
  std::array<char, 64> scratch_{};
  std::array<char, 16384> linger_buffer_{};
  size_t lingered_ = 0;    // bytes dropped after the answer (Linger)
  bool watching_ = false;  // WatchForClose's read is under way
  std::chrono::steady_clock::time_point write_start_;
  bool stream_open_ = false;
  bool writing_ = false;
  bool ended_ = false;
  bool last_sent_ = false;
  bool aborted_ = false;
};

}  // namespace

class HttpServer::Impl {
 public:
  Impl(const HttpServerOptions& options, const JsonGateway& gateway, ReportPages* reports)
      : shared_(std::make_shared<Shared>(gateway, reports, options)),
        acceptor_(net::make_strand(ioc_)) {}

  Status Listen() {
    const std::string& listen = shared_->options.listen;
    const size_t colon = listen.rfind(':');
    if (colon == std::string::npos) {
      return Status::InvalidArgument("--http-listen " + listen + " is not host:port");
    }
    std::string host = listen.substr(0, colon);
    if (host.starts_with("[") && host.ends_with("]")) host = host.substr(1, host.size() - 2);
    beast::error_code ec;
    const net::ip::address address = net::ip::make_address(host.empty() ? "0.0.0.0" : host, ec);
    int port = -1;
    try {
      port = std::stoi(listen.substr(colon + 1));
    } catch (...) {
    }
    if (ec || port < 0 || port > 65535) {
      return Status::InvalidArgument("--http-listen " + listen +
                                     " is not a numeric address and port, e.g. 127.0.0.1:8080");
    }
    if (!shared_->options.tls_cert_chain.empty()) {
      tls_.emplace(ssl::context::tls_server);
      tls_->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                        ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 |
                        ssl::context::single_dh_use);
      tls_->use_certificate_chain(net::buffer(shared_->options.tls_cert_chain), ec);
      if (!ec) tls_->use_private_key(net::buffer(shared_->options.tls_key), ssl::context::pem, ec);
      if (ec) return Status::InvalidArgument("the web side's TLS files: " + ec.message());
    }
    const tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) return Status::Unavailable("cannot serve HTTP on " + listen + ": " + ec.message());
    port_ = acceptor_.local_endpoint().port();
    Accept();
    for (int i = 0; i < std::max(1, shared_->options.threads); ++i) {
      threads_.emplace_back([this] { ioc_.run(); });
    }
    return Status::Ok();
  }

  void Stop() {
    std::lock_guard lock(stop_mutex_);
    if (threads_.empty()) return;
    net::post(acceptor_.get_executor(), [this] {
      beast::error_code ignored;
      acceptor_.close(ignored);
      retry_timer_.cancel();
    });
    ioc_.stop();
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

  int port() const { return port_; }

 private:
  // Out of descriptors (EMFILE, ENFILE) or another failed accept: accepting resumes after a
  // pause instead of spinning, and the listener is never given up.
  void Accept() {
    acceptor_.async_accept(net::make_strand(ioc_), [this](beast::error_code ec, tcp::socket s) {
      if (ec == net::error::operation_aborted) return;
      if (!ec) {
        Admit(std::move(s));
        return Accept();
      }
      retry_timer_.expires_after(kAcceptRetry);
      retry_timer_.async_wait([this](beast::error_code wait) {
        if (!wait) Accept();
      });
    });
  }

  void Admit(tcp::socket socket) {
    beast::error_code ec;
    const tcp::endpoint remote = socket.remote_endpoint(ec);
    if (ec) return;
    // Over a bound the connection is closed at once, unserved (connection_table.h).
    const std::string address = remote.address().to_string();
    std::string client = PeerName(remote);
    if (tls_) {
      auto session = std::make_shared<Session<beast::ssl_stream<beast::tcp_stream>>>(
          beast::ssl_stream<beast::tcp_stream>(std::move(socket), *tls_), shared_,
          std::move(client));
      if (session->Enter(address)) session->Run();
    } else {
      auto session = std::make_shared<Session<beast::tcp_stream>>(
          beast::tcp_stream(std::move(socket)), shared_, std::move(client));
      if (session->Enter(address)) session->Run();
    }
  }

  std::shared_ptr<Shared> shared_;
  std::optional<ssl::context> tls_;  // outlives the connections that ioc_ destroys
  net::io_context ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer retry_timer_{acceptor_.get_executor()};
  int port_ = 0;
  std::mutex stop_mutex_;
  std::vector<std::thread> threads_;
};

HttpServer::HttpServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
HttpServer::~HttpServer() { Stop(); }

Result<std::unique_ptr<HttpServer>> HttpServer::Start(const HttpServerOptions& options,
                                                      const JsonGateway& gateway,
                                                      ReportPages* reports) {
  auto impl = std::make_unique<Impl>(options, gateway, reports);
  if (Status s = impl->Listen(); !s.ok()) return s;
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(impl)));
}

int HttpServer::port() const { return impl_->port(); }
void HttpServer::Stop() { impl_->Stop(); }

}  // namespace skat::web
