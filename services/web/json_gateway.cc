#include "services/web/json_gateway.h"

#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/support/byte_buffer.h>

#include <chrono>

#include "engine/text_scan.h"
#include "services/common/auth.h"
#include "services/common/grpc_status.h"
#include "services/common/peer.h"
#include "services/web/act_request_json.h"
#include "services/web/caller_metadata.h"
#include "services/web/reply_json.h"

namespace skat::web {
namespace {

namespace pb = google::protobuf;

// A unary call may wait for an open-hand analysis (GetParTable, GetBoardAnalysis): the same
// bound as the command line's longest call.
constexpr auto kUnaryDeadline = std::chrono::seconds(120);

std::string QuoteJson(std::string_view text) {
  std::string out;
  text::AppendJsonString(out, text);
  return out;
}

std::unique_ptr<pb::Message> NewMessage(const pb::Descriptor* type) {
  const pb::Message* prototype = pb::MessageFactory::generated_factory()->GetPrototype(type);
  return std::unique_ptr<pb::Message>(prototype->New());
}

// The request as bytes, or the INVALID_ARGUMENT reply naming the message and protobuf's reason.
Result<grpc::ByteBuffer> RequestBytes(const pb::MethodDescriptor* method, std::string_view json) {
  // The play page's acts in their plain form, without protobuf's converter (act_request_json.h).
  if (method->full_name() == "skat.v1.TableService.Act") {
    v1::ActRequest act;
    if (ParseActRequestJson(json, act)) {
      std::string bytes;
      act.SerializeToString(&bytes);
      grpc::Slice slice(bytes);
      return grpc::ByteBuffer(&slice, 1);
    }
  }
  std::unique_ptr<pb::Message> request = NewMessage(method->input_type());
  pb::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const std::string_view body = json.empty() ? std::string_view("{}") : json;
  if (pb::util::Status parsed = pb::util::JsonStringToMessage(
          pb::StringPiece(body.data(), body.size()), request.get(), options);
      !parsed.ok()) {
    return Status::InvalidArgument("the request body is not a " +
                                   method->input_type()->full_name() +
                                   " in protobuf's JSON mapping: " + std::string(parsed.message()));
  }
  std::string bytes;
  request->SerializeToString(&bytes);
  grpc::Slice slice(bytes);
  return grpc::ByteBuffer(&slice, 1);
}

// The reply's JSON from its bytes (reply_json.h: lean on the play page's methods).
Result<std::string> ReplyJson(const pb::Descriptor* type, JsonFields fields,
                              const grpc::ByteBuffer& bytes) {
  std::vector<grpc::Slice> slices;
  if (!bytes.Dump(&slices).ok()) return Status::Internal("unreadable reply");
  std::string wire;
  for (const grpc::Slice& s : slices)
    wire.append(reinterpret_cast<const char*>(s.begin()), s.size());
  return WireToJson(type, wire, fields);
}

// The call's metadata from what the caller sent, or the refusal of a header gRPC cannot carry
// (caller_metadata.h): nothing unchecked reaches gRPC, which aborts on a bad metadata value.
Status Prepare(grpc::ClientContext& context, const CallerInfo& caller) {
  Result<std::string> authorization = AuthorizationMetadata(caller.authorization);
  if (!authorization.ok()) return authorization.status();
  const std::string client = caller.client.empty() ? "" : service::WebClientValue(caller.client);
  if (!IsMetadataValue(*authorization) || !IsMetadataValue(client)) {
    return Status::Internal("a metadata value of the web side is not printable ASCII");
  }
  if (!authorization->empty()) context.AddMetadata("authorization", *authorization);
  if (!client.empty()) context.AddMetadata(service::kWebClientKey, client);
  return Status::Ok();
}

std::string PathOf(const pb::MethodDescriptor* method) {
  return "/" + method->service()->full_name() + "/" + method->name();
}

class StreamCall final : public WatchHandle,
                         public grpc::ClientBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>,
                         public std::enable_shared_from_this<StreamCall> {
 public:
  StreamCall(const pb::MethodDescriptor* method, grpc::ByteBuffer request,
             std::function<void(std::string)> on_message, std::function<void(JsonReply)> on_end)
      : output_(method->output_type()),
        fields_(FieldsOf(method)),
        request_(std::move(request)),
        on_message_(std::move(on_message)),
        on_end_(std::move(on_end)) {}

  // False when the caller's metadata is refused: on_end has the refusal, nothing started.
  bool Start(grpc::GenericStub& stub, const pb::MethodDescriptor* method,
             const CallerInfo& caller) {
    if (Status s = Prepare(context_, caller); !s.ok()) {
      on_end_(ErrorReply(service::ToGrpc(s)));
      return false;
    }
    self_ = shared_from_this();  // released in OnDone: gRPC holds the reactor until then
    stub.PrepareBidiStreamingCall(&context_, PathOf(method), grpc::StubOptions(), this);
    StartWriteLast(&request_, grpc::WriteOptions());
    StartRead(&reply_);
    StartCall();
    return true;
  }

  void Cancel() override { context_.TryCancel(); }

  void OnReadDone(bool ok) override {
    if (!ok) return;  // OnDone follows
    Result<std::string> json = ReplyJson(output_, fields_, reply_);
    if (!json.ok()) {
      context_.TryCancel();
      return;
    }
    on_message_(std::move(json).value());
    StartRead(&reply_);
  }

  void OnDone(const grpc::Status& status) override {
    on_end_(status.ok() ? JsonReply{200, "{}"} : ErrorReply(status, service::ReasonOf(context_)));
    on_message_ = nullptr;
    on_end_ = nullptr;
    self_.reset();
  }

 private:
  grpc::ClientContext context_;
  const pb::Descriptor* output_;
  const JsonFields fields_;
  grpc::ByteBuffer request_;
  grpc::ByteBuffer reply_;
  std::function<void(std::string)> on_message_;
  std::function<void(JsonReply)> on_end_;
  std::shared_ptr<StreamCall> self_;
};

}  // namespace

JsonReply ErrorReply(const grpc::Status& status, std::string_view reason, int http_status) {
  const int http = http_status != 0 ? http_status : service::HttpStatusOf(status.error_code());
  std::string body = "{\"error\":{\"code\":" + std::to_string(http) +
                     ",\"status\":" + QuoteJson(service::GrpcCodeName(status.error_code())) +
                     ",\"message\":" + QuoteJson(status.error_message());
  if (!reason.empty()) body += ",\"reason\":" + QuoteJson(reason);
  return {http, body + "}}"};
}

JsonReply ErrorReply(const Status& status) {
  return ErrorReply(service::ToGrpc(status), ErrorCodeName(status.code()));
}

JsonGateway::JsonGateway(std::shared_ptr<grpc::Channel> channel, DirectAct act)
    : act_(std::move(act)), stub_(std::move(channel)) {}

Result<const pb::MethodDescriptor*> JsonGateway::Find(std::string_view path) {
  const size_t slash = path.find('/');
  const std::string service(path.substr(0, slash));
  const pb::ServiceDescriptor* found =
      service.starts_with("skat.v1.") && slash != std::string_view::npos
          ? pb::DescriptorPool::generated_pool()->FindServiceByName(service)
          : nullptr;
  const pb::MethodDescriptor* method =
      found ? found->FindMethodByName(std::string(path.substr(slash + 1))) : nullptr;
  if (method == nullptr || method->client_streaming()) {
    return Status::NotFound("no method '" + std::string(path) +
                            "' (the API is /api/skat.v1.<Service>/<Method>, docs/web.md)");
  }
  return method;
}

bool JsonGateway::EachMessageIsWhole(const pb::MethodDescriptor* method) {
  return method->full_name() == "skat.v1.ScoringService.WatchStandings";
}

void JsonGateway::Call(const pb::MethodDescriptor* method, std::string_view json,
                       const CallerInfo& caller, std::function<void(JsonReply)> done) const {
  if (act_ != nullptr && method->full_name() == "skat.v1.TableService.Act" &&
      CallAct(json, caller, done)) {
    return;
  }
  Result<grpc::ByteBuffer> request = RequestBytes(method, json);
  if (!request.ok()) {
    done(ErrorReply(service::ToGrpc(request.status())));
    return;
  }
  struct Pending {
    grpc::ClientContext context;
    grpc::ByteBuffer request;
    grpc::ByteBuffer reply;
  };
  auto pending = std::make_shared<Pending>();
  pending->request = std::move(request).value();
  if (Status s = Prepare(pending->context, caller); !s.ok()) {
    done(ErrorReply(service::ToGrpc(s)));
    return;
  }
  pending->context.set_deadline(std::chrono::system_clock::now() + kUnaryDeadline);
  const pb::Descriptor* output = method->output_type();
  const JsonFields fields = FieldsOf(method);
  stub_.UnaryCall(&pending->context, PathOf(method), grpc::StubOptions(), &pending->request,
                  &pending->reply,
                  [pending, output, fields, done = std::move(done)](grpc::Status status) {
                    if (!status.ok()) {
                      JsonReply reply = ErrorReply(status, service::ReasonOf(pending->context));
                      if (auto wait = service::RetryAfterOf(pending->context)) {
                        reply.retry_after_seconds = static_cast<int>(wait->count());
                      }
                      done(std::move(reply));
                      return;
                    }
                    Result<std::string> reply = ReplyJson(output, fields, pending->reply);
                    done(reply.ok() ? JsonReply{200, std::move(reply).value()}
                                    : ErrorReply(service::ToGrpc(reply.status())));
                  });
}

bool JsonGateway::CallAct(std::string_view json, const CallerInfo& caller,
                          std::function<void(JsonReply)>& done) const {
  auto request = std::make_shared<v1::ActRequest>();
  if (!ParseActRequestJson(json, *request)) return false;
  // The same refusal of an unusable header as the channel's way (Prepare).
  Result<std::string> authorization = AuthorizationMetadata(caller.authorization);
  if (!authorization.ok()) {
    done(ErrorReply(service::ToGrpc(authorization.status())));
    return true;
  }
  act_(service::BearerTokenOf(*authorization), request.get(),
       [request, done = std::move(done)](Result<v1::ActResponse> answer) {
         if (!answer.ok()) return done(ErrorReply(answer.status()));
         Result<std::string> printed = WireToJson(v1::ActResponse::descriptor(),
                                                  answer->SerializeAsString(), JsonFields::kLean);
         done(printed.ok() ? JsonReply{200, std::move(printed).value()}
                           : ErrorReply(service::ToGrpc(printed.status())));
       });
  return true;
}

std::shared_ptr<WatchHandle> JsonGateway::Watch(const pb::MethodDescriptor* method,
                                                std::string_view json, const CallerInfo& caller,
                                                std::function<void(std::string)> on_message,
                                                std::function<void(JsonReply)> on_end) const {
  Result<grpc::ByteBuffer> request = RequestBytes(method, json);
  if (!request.ok()) {
    on_end(ErrorReply(service::ToGrpc(request.status())));
    return nullptr;
  }
  auto call = std::make_shared<StreamCall>(method, std::move(request).value(),
                                           std::move(on_message), std::move(on_end));
  return call->Start(stub_, method, caller) ? call : nullptr;
}

}  // namespace skat::web
