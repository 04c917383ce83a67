// The JSON form of skatd's gRPC services (docs/web.md "One API: the JSON gateway"): one generic
// transcoder, no code per RPC. A request names a method of package skat.v1 ("skat.v1.TableService/
// SubmitResult"); its JSON body is read with protobuf's JSON mapping into the method's input
// message, which is sent through gRPC itself (skatd's in-process channel) with the caller's
// Authorization header and address; the reply is printed with the same mapping (reply_json.h:
// lean on WatchSeat and Act, docs/web.md "Lean replies on the play page's methods"). So the web
// can do nothing the API refuses, and every refusal keeps its code, message and reason. One
// exception to the channel: the play page's acts in their plain form go straight to this
// process's table service (DirectAct), the very function gRPC's Act calls, with the same answers
// (docs/web.md "Act without the in-process channel").
//
// Threads: Call and Watch return at once; their callbacks run on gRPC's threads.
#ifndef SKAT_SERVICES_WEB_JSON_GATEWAY_H_
#define SKAT_SERVICES_WEB_JSON_GATEWAY_H_

#include <google/protobuf/descriptor.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "engine/status.h"
#include "skat/v1/table_service.pb.h"

namespace skat::web {

// What the caller sends along with every call.
struct CallerInfo {
  std::string authorization;  // the Authorization header as given ("Bearer ..."), or empty;
                              // checked by Call and Watch (caller_metadata.h)
  std::string client;         // the browser's address as gRPC writes peers: "ipv4:h:p"
};

// A reply: the HTTP status and a JSON body, the message or
// {"error": {"code", "status", "message", "reason"}} (google.rpc.Status's JSON form, with the
// skat-reason of the service's trailing metadata).
struct JsonReply {
  int http_status = 200;
  std::string body;
  int retry_after_seconds = 0;  // > 0: the refusal's wait, sent as HTTP Retry-After
};

// The JSON error body of a gRPC status (also for the web side's own refusals); http_status, when
// not 0, replaces the status's own HTTP status, in the reply and in its body's "code".
JsonReply ErrorReply(const grpc::Status& status, std::string_view reason = "", int http_status = 0);
// A service's refusal as its gRPC method sends it: the status and its reason (grpc_status.h).
JsonReply ErrorReply(const Status& status);

// One open server stream; Cancel ends it (its on_end then sees CANCELLED). Safe from any thread,
// also after the stream ended.
class WatchHandle {
 public:
  virtual ~WatchHandle() = default;
  virtual void Cancel() = 0;
};

// TableService.Act in this process (TableServiceImpl::ActAs): `token` is the caller's bearer
// token (empty: none); `done` runs once, on any thread; `request` stays valid until it has run.
using DirectAct = std::function<void(std::string token, const v1::ActRequest* request,
                                     std::function<void(Result<v1::ActResponse>)> done)>;

class JsonGateway {
 public:
  // act: null when this process serves no table service (Act then goes through the channel).
  explicit JsonGateway(std::shared_ptr<grpc::Channel> channel, DirectAct act = nullptr);

  // The method for "package.Service/Method", or NOT_FOUND naming it (only package skat.v1;
  // client- and bidirectional-streaming methods are not offered: there are none).
  static Result<const google::protobuf::MethodDescriptor*> Find(std::string_view path);
  // True for a server stream whose every message is the whole state (WatchStandings: the
  // standings), so a reader that lags needs only the newest one (event_queue.h).
  static bool EachMessageIsWhole(const google::protobuf::MethodDescriptor* method);

  // A unary method: done gets the reply (the message, or the error). An Authorization header
  // gRPC cannot carry is refused UNAUTHENTICATED before any call (caller_metadata.h).
  void Call(const google::protobuf::MethodDescriptor* method, std::string_view json,
            const CallerInfo& caller, std::function<void(JsonReply)> done) const;

  // A server-streaming method: on_message gets each message as JSON, in order; on_end gets the
  // end once (an error reply, or a 200 reply with body "{}"), after the last on_message. A
  // request that does not parse ends at once (on_end, nothing returned).
  std::shared_ptr<WatchHandle> Watch(const google::protobuf::MethodDescriptor* method,
                                     std::string_view json, const CallerInfo& caller,
                                     std::function<void(std::string)> on_message,
                                     std::function<void(JsonReply)> on_end) const;

 private:
  // Call's way for Act with a DirectAct: false, with `done` untouched, for a body that is not
  // the plain form (act_request_json.h), which then goes through the channel.
  bool CallAct(std::string_view json, const CallerInfo& caller,
               std::function<void(JsonReply)>& done) const;

  const DirectAct act_;
  mutable grpc::GenericStub stub_;  // its calls are const in effect; gRPC's API is not
};

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_JSON_GATEWAY_H_
