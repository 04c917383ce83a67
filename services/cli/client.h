// The gRPC side of `skat`: where skatd is, the director token, and one way to report a failed
// call ("skat boards reveal: already-exists: ...").
#ifndef SKAT_SERVICES_CLI_CLIENT_H_
#define SKAT_SERVICES_CLI_CLIENT_H_

#include <grpcpp/grpcpp.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

namespace skat::cli {

struct ServerOptions {
  std::string server;  // host:port; env SKAT_SERVER, default 127.0.0.1:50051
  std::string token;   // env SKAT_DIRECTOR_TOKEN
};

// Adds --server and --token to a subcommand.
void AddServerOptions(CLI::App& sub, ServerOptions& options);

std::shared_ptr<grpc::Channel> Connect(const ServerOptions& options);
// A context with the bearer token (when there is one) and a 30-second deadline.
std::unique_ptr<grpc::ClientContext> NewContext(const ServerOptions& options);

// Prints "skat <what>: <reason>: <message>" (with a hint when skatd cannot be reached) and
// returns the exit code 1.
int ReportFailure(const std::string& what, const grpc::Status& status,
                  const grpc::ClientContext& context, const ServerOptions& options);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_CLIENT_H_
