// The gRPC side of `skat`: where skatd is, the director token, TLS, and one way to report a
// failed call ("skat boards reveal: already-exists: ...").
//
// TLS (docs/architecture.md "Authentication"; docs/reliability.md "More than one machine"):
// the global
// options
// --tls-ca, --tls-server-name, --tls-client-cert and --tls-client-key (env SKAT_TLS_CA,
// SKAT_TLS_SERVER_NAME, SKAT_TLS_CLIENT_CERT, SKAT_TLS_CLIENT_KEY) apply to every command that
// speaks to skatd. main() reads them once with ConfigureTls before a command runs; every channel
// of the process is then made by CreateClientChannel. With none of them set, channels are
// plaintext (skatd's default).
#ifndef SKAT_SERVICES_CLI_CLIENT_H_
#define SKAT_SERVICES_CLI_CLIENT_H_

#include <grpcpp/grpcpp.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "services/cli/token_files.h"

namespace skat::cli {

struct ServerOptions {
  std::string server;  // host:port; env SKAT_SERVER, default 127.0.0.1:50051
  // The director token (--token-file, --token or env SKAT_DIRECTOR_TOKEN) or the registry
  // token (--registry-token-file, ...), as the command takes it (token_files.h).
  std::string token;
};

// Adds --server and the options of `token` (--token and --token-file for the director token) to a
// subcommand (the token is read after parsing, services/cli/token_files.h ResolveTokens).
void AddServerOptions(CLI::App& sub, ServerOptions& options,
                      const TokenKind& token = kDirectorToken);

struct TlsOptions {
  std::string ca_file;      // PEM CA certificates that signed skatd's certificate
  std::string server_name;  // the name checked in skatd's certificate (default: --server's host)
  std::string cert_file;    // PEM client certificate chain, for skatd --tls-client-ca
  std::string key_file;     // its private key
};

// Adds the TLS options above to the app (global: given before or after the subcommand).
void AddTlsOptions(CLI::App& app, TlsOptions& options);

// Reads the files and sets this process's channel credentials: TLS when a CA file or a client
// certificate is given (without a CA file, the system's root certificates), else plaintext.
// Returns "" on success, else the error naming the option and the file (missing, unreadable, not
// PEM, a certificate without its key).
std::string ConfigureTls(const TlsOptions& options);

// A channel to `server` ("host:port") with this process's credentials and the given arguments
// (plus the server name override, if any).
std::shared_ptr<grpc::Channel> CreateClientChannel(const std::string& server,
                                                   grpc::ChannelArguments args = {});

std::shared_ptr<grpc::Channel> Connect(const ServerOptions& options);
// A context with the bearer token (when there is one) and a 30-second deadline.
std::unique_ptr<grpc::ClientContext> NewContext(const ServerOptions& options);

// A hint for a call that could not reach `server`: about TLS when the client uses it (the CA, the
// server name) or when skatd might (plaintext client), else how to start skatd.
std::string UnreachableHint(const std::string& server);

// Prints "skat <what>: <reason>: <message>" (with a hint when skatd cannot be reached) and
// returns the exit code 1.
int ReportFailure(const std::string& what, const grpc::Status& status,
                  const grpc::ClientContext& context, const ServerOptions& options);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_CLIENT_H_
