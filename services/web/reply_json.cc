#include "services/web/reply_json.h"

#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/type_resolver.h>
#include <google/protobuf/util/type_resolver_util.h>

#include <memory>

#include "services/web/play_reply_json.h"

namespace skat::web {
namespace {

namespace pb = google::protobuf;

constexpr char kTypeUrlPrefix[] = "type.googleapis.com";

// One resolver over the generated pool for the process (thread-safe: it only reads the pool).
pb::util::TypeResolver& Resolver() {
  static pb::util::TypeResolver* const resolver = pb::util::NewTypeResolverForDescriptorPool(
      kTypeUrlPrefix, pb::DescriptorPool::generated_pool());
  return *resolver;
}

}  // namespace

JsonFields FieldsOf(const pb::MethodDescriptor* method) {
  const std::string& name = method->full_name();
  return name == "skat.v1.TableService.WatchSeat" || name == "skat.v1.TableService.Act"
             ? JsonFields::kLean
             : JsonFields::kAll;
}

Result<std::string> WireToJson(const pb::Descriptor* type, const std::string& wire,
                               JsonFields fields) {
  if (fields == JsonFields::kLean && type == v1::SeatUpdate::descriptor()) {
    v1::SeatUpdate update;
    std::string json;
    json.reserve(2 * wire.size() + 64);
    if (update.ParseFromString(wire) && AppendSeatUpdateJson(update, json)) return json;
  }
  if (fields == JsonFields::kLean && type == v1::ActResponse::descriptor()) {
    v1::ActResponse reply;
    std::string json;
    json.reserve(2 * wire.size() + 64);
    if (reply.ParseFromString(wire) && AppendActResponseJson(reply, json)) return json;
  }
  pb::util::JsonPrintOptions options;
  options.always_print_primitive_fields = fields == JsonFields::kAll;
  std::string json;
  const std::string url = std::string(kTypeUrlPrefix) + "/" + type->full_name();
  if (!pb::util::BinaryToJsonString(&Resolver(), url, wire, &json, options).ok()) {
    return Status::Internal("a reply not printable as a " + type->full_name());
  }
  return json;
}

}  // namespace skat::web
