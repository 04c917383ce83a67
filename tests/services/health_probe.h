// grpc.health.v1.Health/Check from a test, without the health proto's generated code: the
// request HealthCheckRequest{service: ""} is the empty message, the response
// HealthCheckResponse{status} is field 1, a varint (grpc/health/v1/health.proto).
//
// Contract: HealthStatus(channel) is the status skatd reports for the whole server
// (kServing, kNotServing, ...), or kUnreachable when the call itself failed (deadline 5 s).
#ifndef SKAT_TESTS_SERVICES_HEALTH_PROBE_H_
#define SKAT_TESTS_SERVICES_HEALTH_PROBE_H_

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace skat::testing_health {

enum HealthCode : int {
  kUnreachable = -1,
  kUnknown = 0,  // ServingStatus UNKNOWN, also an empty response
  kServing = 1,
  kNotServing = 2,
  kServiceUnknown = 3,
};

inline int HealthStatus(const std::shared_ptr<grpc::Channel>& channel) {
  grpc::GenericStub stub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  grpc::Slice empty("");
  grpc::ByteBuffer request(&empty, 1);
  grpc::ByteBuffer response;
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  grpc::Status status;
  stub.UnaryCall(&context, "/grpc.health.v1.Health/Check", grpc::StubOptions(), &request, &response,
                 [&](grpc::Status s) {
                   std::lock_guard lock(mutex);
                   status = std::move(s);
                   done = true;
                   done_cv.notify_one();
                 });
  std::unique_lock lock(mutex);
  done_cv.wait(lock, [&] { return done; });
  if (!status.ok()) return kUnreachable;
  std::vector<grpc::Slice> slices;
  if (!response.Dump(&slices).ok()) return kUnreachable;
  std::string bytes;
  for (const grpc::Slice& s : slices)
    bytes.append(reinterpret_cast<const char*>(s.begin()), s.size());
  if (bytes.empty()) return kUnknown;
  // Field 1, wire type 0, a value below 128: two bytes.
  if (bytes.size() != 2 || bytes[0] != 0x08) return kUnreachable;
  return static_cast<unsigned char>(bytes[1]);
}

}  // namespace skat::testing_health

#endif  // SKAT_TESTS_SERVICES_HEALTH_PROBE_H_
