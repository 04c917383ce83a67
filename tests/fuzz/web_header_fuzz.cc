// The web side's Authorization header (services/web/caller_metadata.h) from random bytes: what it
// copies into gRPC metadata is always a value gRPC itself takes (gRPC aborts the process on any
// other), and anything else is refused UNAUTHENTICATED.
#include <grpc/grpc.h>
#include <grpc/slice.h>

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "services/web/caller_metadata.h"

namespace {

bool GrpcTakes(std::string_view value) {
  grpc_slice slice = grpc_slice_from_copied_buffer(value.data(), value.size());
  const bool legal = grpc_header_nonbin_value_is_legal(slice) != 0;
  grpc_slice_unref(slice);
  return legal;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view header(reinterpret_cast<const char*>(data), size);
  // Our test of a metadata value never takes what gRPC refuses.
  if (skat::web::IsMetadataValue(header) && !GrpcTakes(header)) std::abort();
  skat::Result<std::string> value = skat::web::AuthorizationMetadata(header);
  if (!value.ok()) {
    if (value.status().code() != skat::ErrorCode::kUnauthenticated) std::abort();
    return 0;
  }
  if (!value->empty() && (!value->starts_with("Bearer ") || !GrpcTakes(*value))) std::abort();
  return 0;
}
