// skatd's own gRPC listener (services/skatd/grpc_listener.h): it hands connections to a real gRPC
// server, bounds them per client address and in total, and accepts again after it ran out of
// descriptors (gRPC 1.51's own listener stops for good after one EMFILE).
#include "services/skatd/grpc_listener.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "grpcpp/generic/async_generic_service.h"
#include "grpcpp/grpcpp.h"

namespace skat::service {
namespace {

using namespace std::chrono_literals;

class GrpcListenerTest : public ::testing::Test {
 protected:
  void StartServer(GrpcListenerLimits limits) {
    Result<std::unique_ptr<GrpcListener>> bound = GrpcListener::Bind("127.0.0.1:0");
    ASSERT_TRUE(bound.ok()) << bound.status().message();
    listener_ = std::move(bound).value();
    grpc::ServerBuilder builder;
    builder.RegisterCallbackGenericService(&generic_);  // a server needs a service
    auto acceptor = builder.experimental().AddExternalConnectionAcceptor(
        grpc::ServerBuilder::experimental_type::ExternalConnectionType::FROM_FD,
        grpc::InsecureServerCredentials());
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
    listener_->Start(std::move(acceptor), limits);
  }

  void TearDown() override {
    if (listener_) listener_->Stop();
    if (server_) server_->Shutdown(std::chrono::system_clock::now() + 1s);
  }

  // True when a new channel (its own connection) completes gRPC's handshake.
  bool Serves() {
    grpc::ChannelArguments args;
    args.SetInt("skat.test.unique", ++channels_);  // no shared connection
    auto channel = grpc::CreateCustomChannel("127.0.0.1:" + std::to_string(listener_->port()),
                                             grpc::InsecureChannelCredentials(), args);
    return channel->WaitForConnected(std::chrono::system_clock::now() + 5s);
  }

  // A raw TCP connection to the port (the kernel completes it; the listener decides).
  int Connect() {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<uint16_t>(listener_->port()));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to), 0);
    return fd;
  }

  // True when the server closed fd within a second (a connection over a bound).
  static bool ClosedByServer(int fd) {
    timeval wait{.tv_sec = 1, .tv_usec = 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    char byte;
    return recv(fd, &byte, 1, 0) == 0;
  }

  std::unique_ptr<GrpcListener> listener_;
  grpc::CallbackGenericService generic_;
  std::unique_ptr<grpc::Server> server_;
  int channels_ = 0;
};

TEST_F(GrpcListenerTest, AcceptsAgainAfterRunningOutOfDescriptors) {
  StartServer({});
  ASSERT_TRUE(Serves());
  const int waiting = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  // A soft limit a little above what is open now, then every descriptor taken.
  rlimit old{};
  getrlimit(RLIMIT_NOFILE, &old);
  int highest = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    highest = std::max(highest, std::stoi(entry.path().filename().string()));
  }
  rlimit low = old;
  low.rlim_cur = static_cast<rlim_t>(highest + 32);
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &low), 0);
  std::vector<int> filler;
  for (int fd; (fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0;) filler.push_back(fd);
  const bool exhausted = errno == EMFILE;
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<uint16_t>(listener_->port()));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(connect(waiting, reinterpret_cast<sockaddr*>(&to), sizeof to), 0);
  std::this_thread::sleep_for(300ms);  // the listener's accept fails with EMFILE meanwhile
  for (int fd : filler) close(fd);
  setrlimit(RLIMIT_NOFILE, &old);
  EXPECT_TRUE(exhausted);
  EXPECT_TRUE(Serves());
  close(waiting);
}

TEST_F(GrpcListenerTest, BoundsPerClientAddressAndInTotal) {
  StartServer({.per_client = 3, .total = 5});
  std::vector<int> held = {Connect(), Connect(), Connect()};
  const int fourth = Connect();
  EXPECT_TRUE(ClosedByServer(fourth));  // over the per-address bound
  close(fourth);
  for (int fd : held) EXPECT_FALSE(ClosedByServer(fd)) << fd;
  for (int fd : held) close(fd);
  std::this_thread::sleep_for(200ms);  // gRPC closes its ends; the next sweep sees it
  EXPECT_TRUE(Serves());
}

}  // namespace
}  // namespace skat::service
