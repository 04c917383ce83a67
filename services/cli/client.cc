#include "services/cli/client.h"

#include <chrono>
#include <cstdlib>
#include <iostream>

#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/token_files.h"
#include "services/common/grpc_status.h"
#include "services/common/pem.h"

namespace skat::cli {
namespace {

std::string Env(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

// The process's channel settings, set once by ConfigureTls before any channel is made.
struct ChannelSettings {
  std::shared_ptr<grpc::ChannelCredentials> credentials;  // null: plaintext
  std::string server_name;
  std::string ca_file;
};
ChannelSettings& Settings() {
  static ChannelSettings settings;
  return settings;
}

}  // namespace

void AddServerOptions(CLI::App& sub, ServerOptions& options, const TokenKind& token) {
  options.server = Env("SKAT_SERVER", "127.0.0.1:50051");
  sub.add_option("--server", options.server, Tr("skatd address (env SKAT_SERVER)"))
      ->capture_default_str();
  AddTokenOption(sub, token, options.token);
}

void AddTlsOptions(CLI::App& app, TlsOptions& options) {
  const std::string group = Tr("TLS (every command that speaks to skatd)");
  app.add_option("--tls-ca", options.ca_file,
                 Tr("PEM CA certificate(s) that signed skatd's certificate: speak TLS"))
      ->envname("SKAT_TLS_CA")
      ->group(group);
  app.add_option("--tls-server-name", options.server_name,
                 Tr("the name to check in skatd's certificate instead of --server's host"))
      ->envname("SKAT_TLS_SERVER_NAME")
      ->group(group);
  app.add_option("--tls-client-cert", options.cert_file,
                 Tr("PEM client certificate, for a skatd that requires one"))
      ->envname("SKAT_TLS_CLIENT_CERT")
      ->group(group);
  app.add_option("--tls-client-key", options.key_file, Tr("PEM private key of --tls-client-cert"))
      ->envname("SKAT_TLS_CLIENT_KEY")
      ->group(group);
}

std::string ConfigureTls(const TlsOptions& options) {
  ChannelSettings& settings = Settings();
  settings = ChannelSettings{};
  if (options.cert_file.empty() != options.key_file.empty()) {
    return std::string(
               "a client certificate needs both --tls-client-cert and "
               "--tls-client-key; only ") +
           (options.cert_file.empty() ? "--tls-client-key" : "--tls-client-cert") + " is set";
  }
  if (options.ca_file.empty() && options.cert_file.empty()) {
    if (!options.server_name.empty()) return "--tls-server-name needs --tls-ca";
    return "";
  }
  grpc::SslCredentialsOptions ssl;
  std::string error;
  using service::PemKind;
  using service::ReadPem;
  if (!options.ca_file.empty() &&
      !ReadPem("--tls-ca", options.ca_file, PemKind::kCertificate, ssl.pem_root_certs, error)) {
    return error;
  }
  if (!options.cert_file.empty()) {
    if (!ReadPem("--tls-client-cert", options.cert_file, PemKind::kCertificate, ssl.pem_cert_chain,
                 error) ||
        !ReadPem("--tls-client-key", options.key_file, PemKind::kPrivateKey, ssl.pem_private_key,
                 error)) {
      return error;
    }
  }
  settings.credentials = grpc::SslCredentials(ssl);
  settings.server_name = options.server_name;
  settings.ca_file = options.ca_file.empty() ? "the system's root certificates" : options.ca_file;
  return "";
}

std::shared_ptr<grpc::Channel> CreateClientChannel(const std::string& server,
                                                   grpc::ChannelArguments args) {
  const ChannelSettings& settings = Settings();
  if (!settings.credentials) {
    return grpc::CreateCustomChannel(server, grpc::InsecureChannelCredentials(), args);
  }
  if (!settings.server_name.empty()) args.SetSslTargetNameOverride(settings.server_name);
  return grpc::CreateCustomChannel(server, settings.credentials, args);
}

std::shared_ptr<grpc::Channel> Connect(const ServerOptions& options) {
  return CreateClientChannel(options.server);
}

std::unique_ptr<grpc::ClientContext> NewContext(const ServerOptions& options) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!options.token.empty()) context->AddMetadata("authorization", "Bearer " + options.token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return context;
}

std::string UnreachableHint(const std::string& server) {
  const ChannelSettings& settings = Settings();
  if (settings.credentials) {
    return Tr("is it running, serving TLS, with a certificate signed by {0} for {1}?",
              settings.ca_file, settings.server_name.empty() ? server : settings.server_name);
  }
  return Tr(
      "is it running? `build/skatd` starts it; deploy/run does everything; a skatd serving TLS "
      "needs --tls-ca");
}

int ReportFailure(const std::string& what, const grpc::Status& status,
                  const grpc::ClientContext& context, const ServerOptions& options) {
  const std::string reason = service::ReasonOf(context);
  std::cerr << "skat " << what << ": ";
  if (status.error_code() == grpc::StatusCode::UNAVAILABLE && reason.empty()) {
    std::cerr << Tr("cannot reach skatd at {0} ({1})", options.server,
                    UnreachableHint(options.server))
              << "\n";
    return 1;
  }
  if (status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED) {
    std::cerr << Tr("skatd at {0} did not answer within 30 seconds", options.server) << "\n";
    return 1;
  }
  std::cerr << RefusalText(reason, status.error_message()) << "\n";
  return 1;
}

}  // namespace skat::cli
