// TLS between clients and skatd (docs/reliability.md "More than one machine"; labels db and e2e):
// skatd and skat as real processes, skatd on the throwaway database of
// tests/services/test_database.h, certificates made with `openssl` at test time in the test's
// directory (a self-signed CA, a server certificate for localhost and 127.0.0.1 signed by it, a
// client certificate, and a second CA that signed nothing of ours).
//
//   RightCaWorksPlaintextAndWrongCaFail: skatd configured by SKAT_TLS_CERT / SKAT_TLS_KEY serves
//     TLS only: `skat events create` and `skat events list` with --tls-ca (and with SKAT_TLS_CA,
//     by name and by address) create and list the event; a plaintext channel and one trusting
//     the other CA get UNAVAILABLE; `skat` without the CA or with the wrong one exits 1 with
//     "cannot reach skatd"; --tls-server-name naming a host the certificate does not cover fails.
//   MutualTlsNeedsTheClientCertificate: with SKAT_TLS_CLIENT_CA skatd refuses a TLS client without
//     a certificate and serves one with a certificate signed by the CA.
//   MissingOrBadFilesAreNamed: skatd exits 1 before serving, naming the file, for a missing
//     certificate, a file that is not PEM, a certificate without its key; `skat` exits 1 naming
//     a missing --tls-ca file.
//   PlaintextOffLoopbackNeedsInsecure: skatd told to listen on 0.0.0.0 or [::] without TLS exits 1
//     before serving, naming --listen, --tls-cert and --insecure; with --insecure, or
//     SKAT_INSECURE=true, it serves plaintext there; with TLS it serves there without --insecure.
//   OlderThanTls12IsRefused: `openssl s_client -tls1_1` (its own floor lowered) negotiates nothing
//     (the server closes the connection); -tls1_2 and -tls1_3 complete the handshake.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "skat/v1/event_service.grpc.pb.h"
#include "tests/services/run_program.h"
#include "tests/services/run_skat.h"
#include "tests/services/skatd_process.h"
#include "tests/services/test_database.h"

namespace {

namespace fs = std::filesystem;
using skat::testing_cli::Output;
using skat::testing_cli::Skat;
using skat::testing_program::ReadFile;
using skat::testing_program::RunProgram;
using skat::testing_program::RunResult;
using skat::testing_skatd::MakeRoot;
using skat::testing_skatd::Skatd;

constexpr const char* kTlsVariables[] = {"SKAT_TLS_CERT",        "SKAT_TLS_KEY",
                                         "SKAT_TLS_CLIENT_CA",   "SKAT_TLS_CA",
                                         "SKAT_TLS_SERVER_NAME", "SKAT_INSECURE"};

std::string ReadText(const fs::path& path) { return ReadFile(path); }

class TlsEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(skat::testing_db::DatabaseUrl().empty()) << skat::testing_db::SetupError();
    root_ = MakeRoot("skat-tls");
    ASSERT_FALSE(root_.empty());
    setenv("SKAT_DATABASE_URL", skat::testing_db::DatabaseUrl().c_str(), 1);
    for (const char* name : kTlsVariables) unsetenv(name);
    MakeCertificates();
  }
  void TearDown() override {
    if (skatd_) skatd_.reset();
    for (const char* name : kTlsVariables) unsetenv(name);
    if (!HasFailure() && !root_.empty()) fs::remove_all(root_);
  }

  // `openssl ...` in root_, its output appended to root_/openssl.log.
  void OpenSsl(const std::string& args) {
    const std::string command =
        "cd '" + root_.string() + "' && openssl " + args + " >> openssl.log 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command << "\n"
                                               << ReadText(root_ / "openssl.log");
  }

  // ca.pem/ca.key, server.pem/server.key (localhost, 127.0.0.1), client.pem/client.key, and
  // other-ca.pem: P-256 keys, valid for two days.
  void MakeCertificates() {
    const std::string ec = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
    OpenSsl("req -x509 " + ec + " -keyout ca.key -out ca.pem -days 2 -subj '/CN=Skat test CA'");
    OpenSsl("req -x509 " + ec +
            " -keyout other-ca.key -out other-ca.pem -days 2 -subj '/CN=Some other CA'");
    std::ofstream(root_ / "server.ext")
        << "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n"
        << "extendedKeyUsage=serverAuth\n";
    std::ofstream(root_ / "client.ext")
        << "basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n";
    for (const std::string who : {"server", "client"}) {
      OpenSsl("req " + ec + " -keyout " + who + ".key -out " + who +
              ".csr -subj '/CN=" + (who == "server" ? "localhost" : "skat director") + "'");
      OpenSsl("x509 -req -in " + who + ".csr -CA ca.pem -CAkey ca.key -CAcreateserial -out " + who +
              ".pem -days 2 -extfile " + who + ".ext");
    }
  }

  std::string File(const std::string& name) const { return (root_ / name).string(); }

  // Starts skatd with TLS from the environment (as a systemd unit or a pod would configure it).
  void StartTlsSkatd(bool require_client_certificate) {
    setenv("SKAT_TLS_CERT", File("server.pem").c_str(), 1);
    setenv("SKAT_TLS_KEY", File("server.key").c_str(), 1);
    if (require_client_certificate) setenv("SKAT_TLS_CLIENT_CA", File("ca.pem").c_str(), 1);
    skatd_ = std::make_unique<Skatd>(root_);
    skatd_->Start();
    for (const char* name : kTlsVariables) unsetenv(name);
    ASSERT_FALSE(skatd_->server().empty());
    EXPECT_NE(ReadText(root_ / "skatd.log").find("(TLS"), std::string::npos)
        << ReadText(root_ / "skatd.log");
  }

  // ListEvents over a channel with these credentials: its status code.
  grpc::StatusCode ListEventsCode(const std::shared_ptr<grpc::ChannelCredentials>& credentials) {
    auto stub = skat::v1::EventService::NewStub(grpc::CreateChannel(skatd_->server(), credentials));
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    skat::v1::ListEventsResponse response;
    return stub->ListEvents(&context, skat::v1::ListEventsRequest(), &response).error_code();
  }

  // skatd run directly with these arguments: its exit code, stderr in `err`.
  int RunSkatd(const std::vector<std::string>& args, std::string& err,
               const std::string& listen = "127.0.0.1:0") {
    std::vector<std::string> argv = {SKATD_BINARY, "--listen", listen};
    argv.insert(argv.end(), args.begin(), args.end());
    const RunResult run = RunProgram(argv, File("direct.out"), File("direct.err"));
    EXPECT_TRUE(run.error.empty()) << run.error;
    err = ReadText(root_ / "direct.err");
    return run.exit_code;
  }

  fs::path root_;
  std::unique_ptr<Skatd> skatd_;
};

TEST_F(TlsEndToEndTest, RightCaWorksPlaintextAndWrongCaFail) {
  StartTlsSkatd(false);
  const std::string port = std::to_string(skatd_->port());
  const std::string name = "TLS club night " + std::to_string(getpid());

  const Output created = Skat("--tls-ca " + File("ca.pem") + " events create --server " +
                              skatd_->server() + " --name '" + name + "'");
  ASSERT_EQ(created.exit_code, 0) << created.out;
  const std::string event = skat::testing_skatd::FirstWord(created.out);
  EXPECT_EQ(event.rfind("events/", 0), 0u) << created.out;

  // The CA from the environment, skatd by name (the certificate's DNS name) and by address.
  for (const std::string& host : {std::string("localhost"), std::string("127.0.0.1")}) {
    const Output listed =
        Skat("events list --server " + host + ":" + port, "SKAT_TLS_CA=" + File("ca.pem"));
    ASSERT_EQ(listed.exit_code, 0) << host << ": " << listed.out;
    EXPECT_NE(listed.out.find(event), std::string::npos) << listed.out;
    EXPECT_NE(listed.out.find(name), std::string::npos) << listed.out;
  }

  // The same RPC over gRPC: plaintext and a stranger's CA never reach the service.
  EXPECT_EQ(ListEventsCode(grpc::InsecureChannelCredentials()), grpc::StatusCode::UNAVAILABLE);
  grpc::SslCredentialsOptions other;
  other.pem_root_certs = ReadText(root_ / "other-ca.pem");
  EXPECT_EQ(ListEventsCode(grpc::SslCredentials(other)), grpc::StatusCode::UNAVAILABLE);
  grpc::SslCredentialsOptions right;
  right.pem_root_certs = ReadText(root_ / "ca.pem");
  EXPECT_EQ(ListEventsCode(grpc::SslCredentials(right)), grpc::StatusCode::OK);

  // And through skat: exit 1 with the hint, nothing listed.
  const Output plain = Skat("events list --server " + skatd_->server());
  EXPECT_EQ(plain.exit_code, 1) << plain.out;
  EXPECT_NE(plain.out.find("cannot reach skatd at " + skatd_->server()), std::string::npos)
      << plain.out;
  EXPECT_NE(plain.out.find("--tls-ca"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find(event), std::string::npos) << plain.out;
  const Output wrong =
      Skat("events list --server " + skatd_->server() + " --tls-ca " + File("other-ca.pem"));
  EXPECT_EQ(wrong.exit_code, 1) << wrong.out;
  EXPECT_NE(wrong.out.find("cannot reach skatd"), std::string::npos) << wrong.out;
  EXPECT_NE(wrong.out.find("other-ca.pem"), std::string::npos) << wrong.out;
  EXPECT_EQ(wrong.out.find(event), std::string::npos) << wrong.out;
  // The certificate names localhost and 127.0.0.1, not skat.example.
  const Output misnamed = Skat("events list --server " + skatd_->server() + " --tls-ca " +
                               File("ca.pem") + " --tls-server-name skat.example");
  EXPECT_EQ(misnamed.exit_code, 1) << misnamed.out;
  EXPECT_NE(misnamed.out.find("skat.example"), std::string::npos) << misnamed.out;

  EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
  skatd_.reset();
}

TEST_F(TlsEndToEndTest, MutualTlsNeedsTheClientCertificate) {
  StartTlsSkatd(true);
  EXPECT_NE(ReadText(root_ / "skatd.log").find("client certificates required"), std::string::npos)
      << ReadText(root_ / "skatd.log");
  const std::string server = " --server " + skatd_->server();
  const Output without = Skat("events list" + server + " --tls-ca " + File("ca.pem"));
  EXPECT_EQ(without.exit_code, 1) << without.out;
  EXPECT_NE(without.out.find("cannot reach skatd"), std::string::npos) << without.out;

  const Output with =
      Skat("events create" + server + " --name 'Mutual TLS evening'",
           "SKAT_TLS_CA=" + File("ca.pem") + " SKAT_TLS_CLIENT_CERT=" + File("client.pem") +
               " SKAT_TLS_CLIENT_KEY=" + File("client.key"));
  ASSERT_EQ(with.exit_code, 0) << with.out;
  const Output listed =
      Skat("events list" + server + " --tls-ca " + File("ca.pem") + " --tls-client-cert " +
           File("client.pem") + " --tls-client-key " + File("client.key"));
  ASSERT_EQ(listed.exit_code, 0) << listed.out;
  EXPECT_NE(listed.out.find("Mutual TLS evening"), std::string::npos) << listed.out;

  // A certificate without its key is refused by skat itself.
  const Output half = Skat("events list" + server + " --tls-ca " + File("ca.pem") +
                           " --tls-client-cert " + File("client.pem"));
  EXPECT_EQ(half.exit_code, 1) << half.out;
  EXPECT_NE(half.out.find("--tls-client-key"), std::string::npos) << half.out;
  EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
  skatd_.reset();
}

TEST_F(TlsEndToEndTest, MissingOrBadFilesAreNamed) {
  std::string err;
  const std::string missing = File("no-such-cert.pem");
  EXPECT_EQ(RunSkatd({"--tls-cert", missing, "--tls-key", File("server.key")}, err), 1) << err;
  EXPECT_NE(err.find(missing), std::string::npos) << err;
  EXPECT_NE(err.find("no such file"), std::string::npos) << err;
  EXPECT_EQ(err.find("serving"), std::string::npos) << err;

  // From the environment too.
  setenv("SKAT_TLS_CERT", File("server.pem").c_str(), 1);
  setenv("SKAT_TLS_KEY", File("missing.key").c_str(), 1);
  EXPECT_EQ(RunSkatd({}, err), 1) << err;
  EXPECT_NE(err.find("--tls-key " + File("missing.key")), std::string::npos) << err;
  unsetenv("SKAT_TLS_CERT");
  unsetenv("SKAT_TLS_KEY");

  EXPECT_EQ(RunSkatd({"--tls-cert", File("server.ext"), "--tls-key", File("server.key")}, err), 1)
      << err;
  EXPECT_NE(err.find(File("server.ext") + ": not a PEM file"), std::string::npos) << err;
  EXPECT_EQ(RunSkatd({"--tls-cert", File("server.pem"), "--tls-key", File("server.pem")}, err), 1)
      << err;
  EXPECT_NE(err.find("not a PEM private key"), std::string::npos) << err;
  EXPECT_EQ(RunSkatd({"--tls-cert", File("server.pem")}, err), 1) << err;
  EXPECT_NE(err.find("--tls-key"), std::string::npos) << err;
  EXPECT_EQ(RunSkatd({"--tls-client-ca", File("ca.pem")}, err), 1) << err;
  EXPECT_NE(err.find("--tls-client-ca needs --tls-cert"), std::string::npos) << err;

  const Output client = Skat("events list --tls-ca " + File("no-such-ca.pem"));
  EXPECT_EQ(client.exit_code, 1) << client.out;
  EXPECT_NE(client.out.find("--tls-ca " + File("no-such-ca.pem") + ": no such file"),
            std::string::npos)
      << client.out;
}

TEST_F(TlsEndToEndTest, PlaintextOffLoopbackNeedsInsecure) {
  std::string err;
  for (const std::string listen : {"0.0.0.0:0", "[::]:0"}) {
    EXPECT_EQ(RunSkatd({}, err, listen), 1) << err;
    EXPECT_NE(err.find("--listen " + listen + " is not a loopback address"), std::string::npos)
        << err;
    EXPECT_NE(err.find("--tls-cert"), std::string::npos) << err;
    EXPECT_NE(err.find("--insecure (env SKAT_INSECURE=true)"), std::string::npos) << err;
    EXPECT_EQ(err.find("serving"), std::string::npos) << err;
  }

  // --insecure, then its environment form: plaintext on every address.
  for (const bool from_env : {false, true}) {
    if (from_env) setenv("SKAT_INSECURE", "true", 1);
    skatd_ = std::make_unique<Skatd>(root_);
    skatd_->set_listen_host("0.0.0.0");
    if (!from_env) skatd_->set_args({"--insecure"});
    ASSERT_NO_FATAL_FAILURE(skatd_->Start());
    unsetenv("SKAT_INSECURE");
    EXPECT_EQ(ListEventsCode(grpc::InsecureChannelCredentials()), grpc::StatusCode::OK);
    EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
    skatd_.reset();
  }
  EXPECT_NE(ReadText(root_ / "skatd.log").find("(plaintext, --insecure)"), std::string::npos)
      << ReadText(root_ / "skatd.log");

  // TLS needs no --insecure.
  setenv("SKAT_TLS_CERT", File("server.pem").c_str(), 1);
  setenv("SKAT_TLS_KEY", File("server.key").c_str(), 1);
  skatd_ = std::make_unique<Skatd>(root_);
  skatd_->set_listen_host("0.0.0.0");
  ASSERT_NO_FATAL_FAILURE(skatd_->Start());
  for (const char* name : kTlsVariables) unsetenv(name);
  grpc::SslCredentialsOptions right;
  right.pem_root_certs = ReadText(root_ / "ca.pem");
  EXPECT_EQ(ListEventsCode(grpc::SslCredentials(right)), grpc::StatusCode::OK);
  EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
  skatd_.reset();
}

TEST_F(TlsEndToEndTest, OlderThanTls12IsRefused) {
  StartTlsSkatd(false);
  // s_client's exit code, its output in `out`. SECLEVEL=0 lets it offer TLS 1.1 at all; h2 is
  // the protocol gRPC speaks.
  auto handshake = [&](const std::string& version, std::string& out) {
    const std::string command = "openssl s_client -connect " + skatd_->server() + " " + version +
                                " -cipher 'DEFAULT:@SECLEVEL=0' -alpn h2 </dev/null > '" +
                                File("s_client.out") + "' 2>&1";
    const int status = std::system(command.c_str());
    out = ReadText(root_ / "s_client.out");
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  std::string out;
  EXPECT_NE(handshake("-tls1_1", out), 0) << out;
  // gRPC ends the handshake by closing the connection: nothing negotiated.
  EXPECT_NE(out.find("Cipher is (NONE)"), std::string::npos) << out;
  EXPECT_EQ(handshake("-tls1_2", out), 0) << out;
  EXPECT_NE(out.find("Protocol  : TLSv1.2"), std::string::npos) << out;
  EXPECT_EQ(handshake("-tls1_3", out), 0) << out;
  EXPECT_NE(out.find("TLSv1.3"), std::string::npos) << out;
  EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
  skatd_.reset();
}

// Every act of a whole match (skat match: the seats' own channels) travels over TLS.
TEST_F(TlsEndToEndTest, MatchPlaysEveryActOverTls) {
  StartTlsSkatd(false);
  const Output run =
      Skat("--tls-ca " + File("ca.pem") + " match --quiet --bots heuristic --server " +
           skatd_->server() + " --out " + File("pages"));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("Club score"), std::string::npos) << run.out;
  EXPECT_EQ(skatd_->Stop(SIGTERM), 0);
  skatd_.reset();
}

}  // namespace
