// RefusedStream: the reactor of a server stream refused at its start (a malformed request, no
// place under StreamLimits): it sends no message and finishes with the status at once. Deletes
// itself when gRPC is done with it.
#ifndef SKAT_SERVICES_COMMON_REFUSED_STREAM_H_
#define SKAT_SERVICES_COMMON_REFUSED_STREAM_H_

#include <grpcpp/grpcpp.h>

#include <utility>

namespace skat::service {

template <typename Message>
class RefusedStream final : public grpc::ServerWriteReactor<Message> {
 public:
  explicit RefusedStream(grpc::Status status) { this->Finish(std::move(status)); }
  void OnDone() override { delete this; }
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_REFUSED_STREAM_H_
