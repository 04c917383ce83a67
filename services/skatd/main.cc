// skatd: hosts the Comparative Skat services (docs/architecture.md "Processes and data flow").
// Without a database URL it starts a private PostgreSQL cluster in its data directory (the
// embedded default) and applies the migrations; with a URL it uses that server.
//
// Every flag can come from the environment (SKAT_LISTEN, SKAT_SERVICES, ...; a flag given on the
// command line wins), so systemd units and Kubernetes manifests configure skatd without a
// command line (deploy/, docs/deployment.md). TLS (docs/reliability.md "More than one machine"):
// with
// --tls-cert and --tls-key skatd serves TLS only; with --tls-client-ca too, clients must present
// a certificate signed by that CA (mutual TLS). A missing, unreadable or malformed file is an
// error naming the file, before anything starts. Without TLS skatd listens on a loopback address
// or Unix socket only (listen_address.h), unless --insecure says that the network is protected
// otherwise: bearer tokens must not cross a network in clear text.
//
// With --http-listen skatd also serves the web side (services/web/http_server.h, docs/web.md):
// the pages and the JSON form of the same services, called through an in-process gRPC channel;
// over TLS when --tls-cert and --tls-key are given, and only on loopback without them unless
// --insecure.
//
// The database is watched (database_supervisor.h): the health service says NOT_SERVING while it
// cannot be reached, and the embedded cluster is started again when it stops.
//
// SIGTERM or SIGINT stops it (docs/reliability.md "Stopping skatd"): the web side and the
// listener, the server streams, then new calls are refused and those in flight get 5 s
// (server_stop.h); idle or silent client connections do not hold the stop.
#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "services/cli/i18n/language_option.h"
#include "services/cli/i18n/tr.h"
#include "services/common/grpc_process.h"
#include "services/common/pem.h"
#include "services/common/stream_limits.h"
#include "services/deal/deal_service.h"
#include "services/event/event_service.h"
#include "services/registry/registry_service.h"
#include "services/scoring/scoring_service.h"
#include "services/season/season_service.h"
#include "services/skatd/database_supervisor.h"
#include "services/skatd/descriptors.h"
#include "services/skatd/grpc_listener.h"
#include "services/skatd/listen_address.h"
#include "services/skatd/season_scores.h"
#include "services/skatd/server_stop.h"
#include "services/store/embedded_postgres.h"
#include "services/store/store.h"
#include "services/table/table_service.h"
#include "services/web/http_server.h"
#include "services/web/json_gateway.h"
#include "services/web/report_pages.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace {

using skat::cli::Tr;

volatile std::sig_atomic_t g_stop = 0;
void OnSignal(int) { g_stop = 1; }

// As root the embedded PostgreSQL runs as the postgres user, who cannot enter /root: the data
// then lives under /var/lib.
std::string DefaultDataDir() {
  if (const char* dir = std::getenv("SKAT_DATA_DIR"); dir && *dir) return dir;
  if (geteuid() == 0) return "/var/lib/comparative-skat";
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::string(home) + "/.local/share/comparative-skat";
  }
  return "skat-data";
}

struct SkatdOptions {
  std::string listen = "127.0.0.1:50051";
  std::string data_dir = DefaultDataDir();
  std::string database_url;
  std::string services = "event,deal,table,scoring,registry";
  std::string port_file;
  std::string server_id;
  int lease_ms = 10000;
  int db_connections = 16;
  int commit_writers = 1;
  int analysis_threads = 0;
  int max_streams_per_peer = 64;
  int max_streams = 20000;
  int max_connections_per_peer = 4096;
  int http_max_connections = 0;
  double standings_rate = skat::service::StandingsStreams::kDefaultMessagesPerSecond;
  skat::service::RateLimit create_event;  // the defaults of event_service.proto CreateEvent
  std::string tls_cert;
  std::string tls_key;
  std::string tls_client_ca;
  bool insecure = false;
  std::string http_listen;
  std::string http_port_file;
  skat::web::HttpServerOptions http;
};

// Where skatd serves, its database and the services it hosts.
void AddServingOptions(CLI::App& app, SkatdOptions& o) {
  app.add_option("--listen", o.listen, Tr("address:port to serve on (port 0: any free port)"))
      ->envname("SKAT_LISTEN")
      ->capture_default_str();
  app.add_option("--data-dir", o.data_dir, Tr("where the embedded PostgreSQL lives"))
      ->envname("SKAT_DATA_DIR")
      ->capture_default_str();
  app.add_option("--database-url", o.database_url,
                 Tr("use this PostgreSQL (libpq URL) instead of the embedded one"))
      ->envname("SKAT_DATABASE_URL");
  app.add_option("--services", o.services,
                 Tr("comma-separated: event, deal, table, scoring, registry"))
      ->envname("SKAT_SERVICES")
      ->capture_default_str();
  app.add_option("--port-file", o.port_file, Tr("write the port actually bound to this file"))
      ->envname("SKAT_PORT_FILE");
  app.add_option("--server-id", o.server_id,
                 Tr("this table server's name in table leases; a restart with the same id resumes "
                    "its tables at once (default: host name and listen address)"))
      ->envname("SKAT_SERVER_ID");
  app.add_option("--lease-ms", o.lease_ms,
                 Tr("how long a table lease lasts unrenewed before another table server may take "
                    "the table"))
      ->envname("SKAT_LEASE_MS")
      ->check(CLI::Range(100, 3600000))
      ->capture_default_str();
  app.add_option("--db-connections", o.db_connections, Tr("PostgreSQL connections in the pool"))
      ->envname("SKAT_DB_CONNECTIONS")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  app.add_option("--commit-writers", o.commit_writers,
                 Tr("threads committing the acts of different tables together, each batch in one "
                    "transaction (docs/reliability.md \"Group commit\")"))
      ->envname("SKAT_COMMIT_WRITERS")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option(
         "--analysis-threads", o.analysis_threads,
         Tr("open-hand analyses (par tables, game studies) computed at once; more callers "
            "wait their turn (0: one per hardware thread; fewer leave cores to live tables)"))
      ->envname("SKAT_ANALYSIS_THREADS")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
}

// The bounds on what clients may hold open or create (docs/deployment.md "Limits").
void AddLimitOptions(CLI::App& app, SkatdOptions& o) {
  app.add_option(
         "--max-streams-per-peer", o.max_streams_per_peer,
         Tr("server streams (WatchStandings, WatchSeat) open at once from one client address "
            "(without its port); more are refused RESOURCE_EXHAUSTED"))
      ->envname("SKAT_MAX_STREAMS_PER_PEER")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  app.add_option("--max-streams", o.max_streams,
                 Tr("server streams (WatchStandings, WatchSeat) open at once in all; more are "
                    "refused RESOURCE_EXHAUSTED"))
      ->envname("SKAT_MAX_STREAMS")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  app.add_option(
         "--max-connections-per-peer", o.max_connections_per_peer,
         Tr("gRPC connections open at once from one client address; more are closed at once "
            "(in all: sized from the open-files limit, docs/deployment.md \"Limits\")"))
      ->envname("SKAT_MAX_CONNECTIONS_PER_PEER")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  app.add_option(
         "--standings-rate", o.standings_rate,
         Tr("WatchStandings messages sent a second after changes, over all events: an event "
            "with few watchers sees every change, one with thousands every few seconds"))
      ->envname("SKAT_STANDINGS_RATE")
      ->check(CLI::Range(1.0, 1e9))
      ->capture_default_str();
  app.add_option("--create-event-burst", o.create_event.burst,
                 Tr("events one client address (the peer without its port) may create at once "
                    "(CreateEvent, and ImportGames without an event); more get RESOURCE_EXHAUSTED"))
      ->envname("SKAT_CREATE_EVENT_BURST")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--create-event-per-minute", o.create_event.per_minute,
                 Tr("how fast a client address's allowance of --create-event-burst events refills"))
      ->envname("SKAT_CREATE_EVENT_PER_MINUTE")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
}

// TLS (docs/reliability.md "More than one machine"), or plaintext where allowed.
void AddTlsOptions(CLI::App& app, SkatdOptions& o) {
  app.add_option("--tls-cert", o.tls_cert,
                 Tr("PEM certificate chain: serve TLS only (with --tls-key)"))
      ->envname("SKAT_TLS_CERT");
  app.add_option("--tls-key", o.tls_key, Tr("PEM private key of --tls-cert"))
      ->envname("SKAT_TLS_KEY");
  app.add_option("--tls-client-ca", o.tls_client_ca,
                 Tr("PEM CA certificates: require client certificates they signed (mutual TLS)"))
      ->envname("SKAT_TLS_CLIENT_CA");
  app.add_flag("--insecure", o.insecure,
               Tr("allow plaintext on a --listen address other than loopback or a Unix socket "
                  "(bearer tokens then cross the network in clear text: only where the network is "
                  "protected otherwise)"))
      ->envname("SKAT_INSECURE");
}

// The web side (services/web/http_server.h, docs/web.md).
void AddWebOptions(CLI::App& app, SkatdOptions& o) {
  app.add_option("--http-listen", o.http_listen,
                 Tr("also serve the web pages and the JSON API on this address:port (port 0: any "
                    "free port); HTTPS with --tls-cert and --tls-key"))
      ->envname("SKAT_HTTP_LISTEN");
  app.add_option("--http-port-file", o.http_port_file,
                 Tr("write the web side's port actually bound to this file"))
      ->envname("SKAT_HTTP_PORT_FILE");
  app.add_option("--web-root", o.http.web_root,
                 Tr("serve the pages from this directory instead of the copy compiled in (to work "
                    "on services/web/static without rebuilding)"))
      ->envname("SKAT_WEB_ROOT")
      ->check(CLI::ExistingDirectory);
  app.add_option("--http-threads", o.http.threads, Tr("threads serving every web connection"))
      ->envname("SKAT_HTTP_THREADS")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app.add_option("--http-max-connections-per-client", o.http.max_connections_per_client,
                 Tr("web connections open at once from one client address (each holds at most one "
                    "request or stream); more are closed at once"))
      ->envname("SKAT_HTTP_MAX_CONNECTIONS_PER_CLIENT")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--http-max-connections", o.http_max_connections,
                 Tr("web connections open at once in all; at the bound the longest idle one is "
                    "closed for a new one (0: half of what the open-files limit leaves, "
                    "docs/deployment.md \"Limits\"; never more)"))
      ->envname("SKAT_HTTP_MAX_CONNECTIONS")
      ->check(CLI::Range(0, 10000000))
      ->capture_default_str();
  app.add_option(
         "--http-host", o.http.hosts,
         Tr("a host name the web side serves without TLS besides IP addresses and localhost "
            "(repeat for more; other Host headers are refused, against DNS rebinding)"))
      ->envname("SKAT_HTTP_HOSTS")
      ->delimiter(',');
}

// Every option of skatd, in the order --help lists them.
void AddSkatdOptions(CLI::App& app, SkatdOptions& o) {
  AddServingOptions(app, o);
  AddLimitOptions(app, o);
  AddTlsOptions(app, o);
  AddWebOptions(app, o);
}

int Fail(const std::string& message) {
  std::cerr << "skatd: " << message << "\n";
  return 1;
}

// The server's credentials: insecure without certificate files; else TLS with the certificate
// chain and key, and with a client CA, clients must present a certificate it signed. TLS 1.2 is
// the oldest version offered: gRPC's SSL credentials know no older one (grpc_tls_version in
// grpc/grpc_security_constants.h: TLS1_2, TLS1_3; the server's minimum defaults to TLS1_2).
std::shared_ptr<grpc::ServerCredentials> ServerCredentials(const std::string& cert,
                                                           const std::string& key,
                                                           const std::string& client_ca,
                                                           std::string& error) {
  if (cert.empty() && key.empty()) {
    if (!client_ca.empty()) {
      error =
          "--tls-client-ca needs --tls-cert and --tls-key (env "
          "SKAT_TLS_CERT, SKAT_TLS_KEY)";
      return nullptr;
    }
    return grpc::InsecureServerCredentials();
  }
  if (cert.empty() || key.empty()) {
    error = std::string(
                "TLS needs both --tls-cert and --tls-key (env SKAT_TLS_CERT, "
                "SKAT_TLS_KEY); only ") +
            (cert.empty() ? "--tls-key" : "--tls-cert") + " is set";
    return nullptr;
  }
  grpc::SslServerCredentialsOptions::PemKeyCertPair pair;
  using skat::service::PemKind;
  using skat::service::ReadPem;
  if (!ReadPem("--tls-cert", cert, PemKind::kCertificate, pair.cert_chain, error) ||
      !ReadPem("--tls-key", key, PemKind::kPrivateKey, pair.private_key, error)) {
    return nullptr;
  }
  grpc::SslServerCredentialsOptions options(
      client_ca.empty() ? GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE
                        : GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
  if (!client_ca.empty() && !ReadPem("--tls-client-ca", client_ca, PemKind::kCertificate,
                                     options.pem_root_certs, error)) {
    return nullptr;
  }
  options.pem_key_cert_pairs.push_back(std::move(pair));
  return grpc::SslServerCredentials(options);
}

// A table server without the event service still answers GetEvent (an event's public
// description, no token needed): a seat client that reaches only table servers (skat bot
// --server <table server>) learns the event's rule profile there. Every other EventService RPC
// stays UNIMPLEMENTED on such a server.
class EventInfoService final : public skat::v1::EventService::Service {
 public:
  explicit EventInfoService(skat::service::EventServiceImpl& events) : events_(events) {}
  grpc::Status GetEvent(grpc::ServerContext* context, const skat::v1::GetEventRequest* request,
                        skat::v1::Event* response) override {
    return events_.GetEvent(context, request, response);
  }

 private:
  skat::service::EventServiceImpl& events_;
};

// The services --services names; an empty set after the refusal is printed.
std::set<std::string> WantedServices(const std::string& services) {
  std::set<std::string> wanted;
  std::stringstream in(services);
  std::string s;
  while (std::getline(in, s, ',')) {
    if (s != "event" && s != "deal" && s != "table" && s != "scoring" && s != "registry") {
      Fail("unknown service '" + s + "' (event, deal, table, scoring, registry)");
      return {};
    }
    wanted.insert(s);
  }
  if (wanted.empty()) Fail("--services names no service (event, deal, table, scoring, registry)");
  return wanted;
}

// The TLS options checked, the server's credentials made and the web side's certificate read;
// plaintext refused off loopback without --insecure. Returns 0, or 1 after the refusal is printed.
int CheckTransport(SkatdOptions& o, std::shared_ptr<grpc::ServerCredentials>& credentials) {
  std::string tls_error;
  credentials = ServerCredentials(o.tls_cert, o.tls_key, o.tls_client_ca, tls_error);
  if (!credentials) return Fail(tls_error);
  if (o.tls_cert.empty() && !o.insecure && !skat::service::IsLoopbackListen(o.listen)) {
    return Fail("--listen " + o.listen +
                " is not a loopback address or Unix socket, and without TLS "
                "the bearer tokens "
                "would cross the network in clear text: give --tls-cert and "
                "--tls-key (env "
                "SKAT_TLS_CERT, SKAT_TLS_KEY), listen on 127.0.0.1, or allow "
                "plaintext with "
                "--insecure (env SKAT_INSECURE=true)");
  }

  if (!o.http_listen.empty() && o.tls_cert.empty() && !o.insecure &&
      !skat::service::IsLoopbackListen(o.http_listen)) {
    return Fail("--http-listen " + o.http_listen +
                " is not a loopback address, and without TLS the bearer tokens "
                "would cross the "
                "network in clear text: give --tls-cert and --tls-key, listen "
                "on 127.0.0.1, or "
                "allow plaintext with --insecure");
  }
  if (!o.http_listen.empty() && !o.tls_cert.empty()) {
    using skat::service::PemKind;
    using skat::service::ReadPem;
    std::string pem_error;
    if (!ReadPem("--tls-cert", o.tls_cert, PemKind::kCertificate, o.http.tls_cert_chain,
                 pem_error) ||
        !ReadPem("--tls-key", o.tls_key, PemKind::kPrivateKey, o.http.tls_key, pem_error)) {
      return Fail(pem_error);
    }
  }
  return 0;
}

// Before anything opens a file: every client's share is sized from the limit (descriptors.h); the
// web side's connections bounded by its share, and the host names it serves without TLS.
skat::service::DescriptorBudget DivideDescriptors(SkatdOptions& o) {
  const skat::service::DescriptorBudget descriptors =
      skat::service::RaiseAndDivideDescriptors(o.db_connections, !o.http_listen.empty());
  std::cerr << "skatd: " << descriptors.Describe() << "\n";
  o.http.max_connections = o.http_max_connections == 0
                               ? descriptors.web
                               : std::min(o.http_max_connections, descriptors.web);
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  o.http.hosts.push_back(host);
  o.http.hosts.push_back(std::string(host) + ".local");  // the name phones find by mDNS
  o.http.hosts.push_back(o.http_listen.substr(0, o.http_listen.rfind(':')));
  return descriptors;
}

// The database: --database-url, else the embedded cluster started in --data-dir; migrated. Returns
// 0, or 1 after the failure is printed.
int OpenDatabase(SkatdOptions& o, std::optional<skat::store::EmbeddedPostgres>& embedded,
                 std::unique_ptr<skat::store::Store>& store) {
  if (o.database_url.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.data_dir, ec);
    if (ec) return Fail("cannot create data directory " + o.data_dir + ": " + ec.message());
    std::cerr << "skatd: starting the embedded PostgreSQL in " << o.data_dir << "\n";
    skat::Result<skat::store::EmbeddedPostgres> pg =
        skat::store::EmbeddedPostgres::Start(std::filesystem::absolute(o.data_dir).string());
    if (!pg.ok()) return Fail(pg.status().message());
    embedded.emplace(std::move(pg).value());
    o.database_url = embedded->url();
  }
  skat::Result<std::unique_ptr<skat::store::Store>> connected =
      skat::store::Store::Connect(o.database_url, o.db_connections);
  if (!connected.ok()) return Fail("database: " + connected.status().message());
  store = std::move(connected).value();
  if (skat::Status s = store->Migrate(); !s.ok()) return Fail("migrations: " + s.message());
  return 0;
}

// A TCP port is accepted by skatd itself (grpc_listener.h); a Unix socket by gRPC. Returns 0, or 1
// after the failure is printed.
int BindGrpc(const SkatdOptions& o, const std::shared_ptr<grpc::ServerCredentials>& credentials,
             grpc::ServerBuilder& builder, int& port,
             std::unique_ptr<skat::service::GrpcListener>& grpc_listener,
             std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor>& acceptor) {
  if (auto bound = skat::service::GrpcListener::Bind(o.listen); bound.ok()) {
    grpc_listener = std::move(bound).value();
    port = grpc_listener->port();
    acceptor = builder.experimental().AddExternalConnectionAcceptor(
        grpc::ServerBuilder::experimental_type::ExternalConnectionType::FROM_FD, credentials);
  } else if (bound.status().code() == skat::ErrorCode::kInvalidArgument) {
    builder.AddListeningPort(o.listen, credentials, &port);
  } else {
    return Fail(bound.status().message());
  }
  return 0;
}

// The web side (services/web/http_server.h): the services called through gRPC itself, in process
// (json_gateway.h), and the play page's acts handed straight to `table` when it is served (null:
// not). Returns 0, or 1 after the failure is printed.
int StartWebSide(SkatdOptions& o, grpc::Server& server, skat::service::TableServiceImpl* table,
                 bool scoring, std::optional<skat::web::JsonGateway>& gateway,
                 std::optional<skat::web::ReportPages>& reports,
                 std::unique_ptr<skat::web::HttpServer>& http_server) {
  const std::shared_ptr<grpc::Channel> in_process =
      server.InProcessChannel(grpc::ChannelArguments());
  skat::web::DirectAct act;
  if (table != nullptr) {
    act = [table](std::string token, const skat::v1::ActRequest* request,
                  skat::service::TableHost::ActDone done) {
      table->ActAs(std::move(token), request, std::move(done));
    };
  }
  gateway.emplace(in_process, std::move(act));
  if (scoring) reports.emplace(in_process);
  o.http.listen = o.http_listen;
  skat::Result<std::unique_ptr<skat::web::HttpServer>> started =
      skat::web::HttpServer::Start(o.http, *gateway, reports ? &*reports : nullptr);
  if (!started.ok()) return Fail(started.status().message());
  http_server = std::move(started).value();
  if (!o.http_port_file.empty()) std::ofstream(o.http_port_file) << http_server->port() << "\n";
  std::cerr << "skatd: serving the web pages on " << (o.tls_cert.empty() ? "http" : "https")
            << "://" << o.http_listen.substr(0, o.http_listen.rfind(':')) << ":"
            << http_server->port() << "/\n";
  return 0;
}

// "skatd: serving event,deal on port 50051 (plaintext)", and --port-file.
void AnnouncePort(const SkatdOptions& o, int port) {
  if (!o.port_file.empty()) std::ofstream(o.port_file) << port << "\n";
  std::cerr << "skatd: serving " << o.services << " on port " << port
            << (o.tls_cert.empty() ? (o.insecure ? " (plaintext, --insecure)" : " (plaintext)")
                : o.tls_client_ca.empty() ? " (TLS)"
                                          : " (TLS, client certificates required)")
            << "\n";
}

// Returns at SIGINT or SIGTERM.
void WaitForStop() {
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::cerr << "skatd: shutting down\n";
}

// The services on the database, served until a signal, then stopped in order. Returns the exit
// code.
int Serve(SkatdOptions& o, const std::set<std::string>& wanted,
          const std::shared_ptr<grpc::ServerCredentials>& credentials,
          const skat::service::DescriptorBudget& descriptors) {
  std::optional<skat::store::EmbeddedPostgres> embedded;
  std::unique_ptr<skat::store::Store> store;
  if (int code = OpenDatabase(o, embedded, store); code != 0) return code;

  skat::service::EventServiceImpl event_service(
      *store, skat::service::EventServiceOptions{.create_event = o.create_event});
  skat::service::DealServiceImpl deal_service(*store);
  skat::service::RegistryServiceImpl registry_service(*store, o.create_event);
  // Seasons are a registry's (docs/seasons.md): served with the registry service.
  skat::service::SeasonServiceImpl season_service(*store,
                                                  skat::service::SeasonScoresFromStore(*store));
  if (o.server_id.empty()) {
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    o.server_id = std::string(host) + "/" + o.listen;
  }
  // Every server stream (WatchSeat, WatchStandings) holds a place here while it is open.
  const std::shared_ptr<skat::service::StreamLimits> stream_limits =
      skat::service::StreamLimits::Make(
          {.per_peer = o.max_streams_per_peer, .total = o.max_streams});
  // Destroyed before the store: it releases its table leases on the way out.
  auto table_service = std::make_unique<skat::service::TableServiceImpl>(
      *store, skat::service::TableServiceOptions{.server_id = o.server_id,
                                                 .lease_ms = o.lease_ms,
                                                 .stream_limits = stream_limits,
                                                 .commit_writers = o.commit_writers});
  // Only when served: it keeps a LISTEN connection to the database.
  std::unique_ptr<skat::service::ScoringServiceImpl> scoring_service;
  if (wanted.count("scoring")) {
    scoring_service = std::make_unique<skat::service::ScoringServiceImpl>(
        *store, o.database_url,
        skat::service::ScoringServiceOptions{.analysis_threads = o.analysis_threads,
                                             .stream_limits = stream_limits,
                                             .standings_rate = o.standings_rate});
  }
  // grpc.health.v1.Health: a round trip that touches neither the database nor a table (load
  // balancers, and the load bench's ceiling); NOT_SERVING while the database cannot be reached (the
  // supervisor below sets it).
  grpc::EnableDefaultHealthCheckService(true);
  grpc::ServerBuilder builder;
  // Counted for the stop below (server_stop.h).
  skat::service::CallsInFlight calls;
  builder.experimental().SetInterceptorCreators(calls.Interceptors());
  int port = 0;
  std::unique_ptr<skat::service::GrpcListener> grpc_listener;
  std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor;
  if (int code = BindGrpc(o, credentials, builder, port, grpc_listener, acceptor); code != 0) {
    return code;
  }
  EventInfoService event_info(event_service);
  if (wanted.count("event")) {
    builder.RegisterService(&event_service);
  } else if (wanted.count("table")) {
    builder.RegisterService(&event_info);
  }
  if (wanted.count("deal")) builder.RegisterService(&deal_service);
  if (wanted.count("table")) builder.RegisterService(table_service.get());
  if (scoring_service) builder.RegisterService(scoring_service.get());
  if (wanted.count("registry")) builder.RegisterService(&registry_service);
  if (wanted.count("registry")) builder.RegisterService(&season_service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0) {
    return Fail("cannot listen on " + o.listen +
                (o.tls_cert.empty() ? ""
                                    : " with TLS (does --tls-key " + o.tls_key +
                                          " belong to --tls-cert " + o.tls_cert + "?)"));
  }
  if (grpc_listener) {
    grpc_listener->Start(std::move(acceptor),
                         {.per_client = o.max_connections_per_peer, .total = descriptors.grpc});
  }
  skat::service::DatabaseSupervisor supervisor(
      *store, embedded ? &*embedded : nullptr,
      [&server](bool serving) { server->GetHealthCheckService()->SetServingStatus(serving); },
      skat::service::DatabaseSupervisor::Options{});
  std::optional<skat::web::JsonGateway> gateway;
  std::optional<skat::web::ReportPages> reports;
  std::unique_ptr<skat::web::HttpServer> http_server;
  if (!o.http_listen.empty()) {
    if (int code = StartWebSide(o, *server, wanted.count("table") ? table_service.get() : nullptr,
                                scoring_service != nullptr, gateway, reports, http_server);
        code != 0) {
      return code;
    }
  }
  AnnouncePort(o, port);

  WaitForStop();
  if (http_server) http_server->Stop();
  if (grpc_listener) grpc_listener->Stop();
  supervisor.Stop();
  table_service->StopStreams();
  if (scoring_service) scoring_service->StopStreams();
  // New calls are refused at once; calls in flight get 5 s; idle connections do not hold the stop.
  skat::service::StopServer(*server, calls, std::chrono::seconds(5));
  reports.reset();  // its worker's last read ends (failing) while the channel's server exists
  server.reset();
  table_service.reset();  // answers the web side's last direct acts (to its stopped strands)
  http_server.reset();    // after the server, the reports and the table service: no callback is
                          // left to reach it
  scoring_service.reset();
  store.reset();
  if (embedded) {
    if (skat::Status s = embedded->Stop(); !s.ok()) return Fail(s.message());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  skat::service::SetUpGrpcProcess();
  // --help in the reader's language (docs/i18n.md "The command line"); the log stays English.
  skat::cli::SetLanguage(skat::cli::ChooseLanguage(argc, argv));
  CLI::App app{
      Tr("skatd: the Comparative Skat server (event, deal, table and scoring services over "
         "gRPC).\nWith no database URL it runs a private PostgreSQL in its data directory.")};
  skat::cli::AddLanguageOption(app);
  SkatdOptions o;
  AddSkatdOptions(app, o);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  const std::set<std::string> wanted = WantedServices(o.services);
  if (wanted.empty()) return 1;
  std::shared_ptr<grpc::ServerCredentials> credentials;
  if (int code = CheckTransport(o, credentials); code != 0) return code;
  const skat::service::DescriptorBudget descriptors = DivideDescriptors(o);
  return Serve(o, wanted, credentials, descriptors);
}
