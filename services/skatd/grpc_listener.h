// skatd's gRPC port on TCP, accepted by skatd itself and handed to the gRPC server
// (grpc::experimental::ExternalConnectionAcceptor; TLS and plaintext alike). gRPC 1.51's own
// listener stops accepting for good after one accept fails for want of descriptors (EMFILE); this
// one pauses and tries again, and bounds the connections it hands over, per client address and in
// total (docs/deployment.md "Limits"). A connection over a bound is closed at once. The count of
// open connections is kept by their descriptors: one gRPC has closed (or one reused for another
// file) no longer counts.
#ifndef SKAT_SERVICES_SKATD_GRPC_LISTENER_H_
#define SKAT_SERVICES_SKATD_GRPC_LISTENER_H_

#include <grpcpp/server_builder.h>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "engine/status.h"

namespace skat::service {

struct GrpcListenerLimits {
  int per_client = 1 << 20;
  int total = 1 << 20;
};

class GrpcListener {
 public:
  // Binds listen ("host:port", "ipv4:host:port", "[v6]:port"; port 0: any free port), or
  // INVALID_ARGUMENT (not such an address: use gRPC's own listener, e.g. for "unix:") or
  // UNAVAILABLE (it cannot be bound).
  static Result<std::unique_ptr<GrpcListener>> Bind(const std::string& listen);
  ~GrpcListener();

  int port() const { return port_; }
  // Starts handing the connections to acceptor, which the ServerBuilder made; the server must be
  // started and outlive Stop.
  void Start(std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor,
             GrpcListenerLimits limits);
  // Stops accepting and closes the listening socket; connections handed over stay gRPC's.
  void Stop();

 private:
  GrpcListener(int fd, int wake, int port) : fd_(fd), wake_(wake), port_(port) {}
  void Run();
  void AcceptOne();
  struct Open {
    unsigned long inode = 0;
    std::string address;
  };
  bool Admit(int fd, const std::string& address);  // within the limits (counts it if so)
  bool Fits(const std::string& address) const;
  void Forget(std::map<int, Open>::iterator it);

  const int fd_;
  const int wake_;  // an eventfd that ends Run
  const int port_;
  std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor_;
  GrpcListenerLimits limits_;
  // Only Run's thread touches these.
  std::map<int, Open> open_;  // by descriptor
  std::map<std::string, int> by_address_;
  std::chrono::steady_clock::time_point last_sweep_;
  std::atomic<bool> stop_{false};
  bool out_of_files_ = false;
  std::thread thread_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SKATD_GRPC_LISTENER_H_
