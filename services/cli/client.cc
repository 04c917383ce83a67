#include "services/cli/client.h"

#include <chrono>
#include <cstdlib>
#include <iostream>

namespace skat::cli {
namespace {

std::string Env(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

}  // namespace

void AddServerOptions(CLI::App& sub, ServerOptions& options) {
  options.server = Env("SKAT_SERVER", "127.0.0.1:50051");
  options.token = Env("SKAT_DIRECTOR_TOKEN", "");
  sub.add_option("--server", options.server, "skatd address (env SKAT_SERVER)")
      ->capture_default_str();
  sub.add_option("--token", options.token, "the event's director token (env SKAT_DIRECTOR_TOKEN)");
}

std::shared_ptr<grpc::Channel> Connect(const ServerOptions& options) {
  return grpc::CreateChannel(options.server, grpc::InsecureChannelCredentials());
}

std::unique_ptr<grpc::ClientContext> NewContext(const ServerOptions& options) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!options.token.empty()) context->AddMetadata("authorization", "Bearer " + options.token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return context;
}

int ReportFailure(const std::string& what, const grpc::Status& status,
                  const grpc::ClientContext& context, const ServerOptions& options) {
  std::string reason;
  const auto& trailers = context.GetServerTrailingMetadata();
  if (auto it = trailers.find("skat-reason"); it != trailers.end()) {
    reason = std::string(it->second.data(), it->second.size());
  }
  std::cerr << "skat " << what << ": ";
  if (status.error_code() == grpc::StatusCode::UNAVAILABLE && reason.empty()) {
    std::cerr << "cannot reach skatd at " << options.server
              << " (is it running? `build/skatd` starts it; deploy/run does everything)\n";
    return 1;
  }
  if (status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED) {
    std::cerr << "skatd at " << options.server << " did not answer within 30 seconds\n";
    return 1;
  }
  std::cerr << (reason.empty() ? "error" : reason) << ": " << status.error_message() << "\n";
  return 1;
}

}  // namespace skat::cli
