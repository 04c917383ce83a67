// Stopping skatd's gRPC server at once when no call is in flight (docs/reliability.md "Stopping
// skatd").
//
// gRPC's Server::Shutdown(deadline) refuses new calls at once (a GOAWAY on every connection), but
// it returns only when every connection is closed, idle ones included, and gRPC 1.51 closes a
// connection gracefully: a second GOAWAY after the client acknowledged a PING. An idle C++ client
// channel (a seat client between games, a test's stub) reads its socket only when gRPC's backup
// poller runs, every 5 s by default (GRPC_CLIENT_CHANNEL_BACKUP_POLL_INTERVAL_MS), so a stop with
// clients connected took the whole deadline although nothing was in flight.
//
// Contract:
// - CallsInFlight counts the calls the server is working on: its interceptor factory
//   (Interceptors(), given to the ServerBuilder before the server is built) makes one interceptor
//   per call, which lives as long as the call (unary, server-streaming, health checks alike).
// - StopServer(server, calls, grace) refuses new calls (Server::Shutdown), waits at most `grace`
//   for the calls in flight, and closes the connections as soon as none is left (every 10 ms it
//   looks again, until Shutdown returns). A call that reaches a connection after that ends
//   UNAVAILABLE or CANCELLED at once; clients retry it elsewhere with the same sequence number
//   (docs/reliability.md "Faults"). Server streams are to be ended before (StopStreams): an open
//   one counts as in flight and holds the stop up to `grace`.
#ifndef SKAT_SERVICES_SKATD_SERVER_STOP_H_
#define SKAT_SERVICES_SKATD_SERVER_STOP_H_

#include <grpcpp/server.h>
#include <grpcpp/support/server_interceptor.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

namespace skat::service {

class CallsInFlight {
 public:
  CallsInFlight() : count_(std::make_shared<std::atomic<int>>(0)) {}

  // One factory for ServerBuilder::experimental().SetInterceptorCreators.
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> Interceptors()
      const;
  int count() const { return count_->load(); }

 private:
  std::shared_ptr<std::atomic<int>> count_;  // shared with the interceptors
};

// Stops the started server; returns when Server::Shutdown has (at most about `grace` later).
void StopServer(grpc::Server& server, const CallsInFlight& calls, std::chrono::milliseconds grace);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SKATD_SERVER_STOP_H_
