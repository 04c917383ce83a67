// A reply's JSON in protobuf's JSON mapping, printed straight from its wire bytes (docs/web.md
// "Lean replies on the play page's methods"). Every method's reply carries every field, defaults
// included, except the two the play page receives with every act: WatchSeat's SeatUpdates and
// Act's ActResponse, printed lean (a field at its default is left out; the page fills it in,
// js/play/defaults.js). A lean SeatUpdate or ActResponse is printed by hand
// (play_reply_json.h).
#ifndef SKAT_SERVICES_WEB_REPLY_JSON_H_
#define SKAT_SERVICES_WEB_REPLY_JSON_H_

#include <google/protobuf/descriptor.h>

#include <string>
#include <string_view>

#include "engine/status.h"

namespace skat::web {

enum class JsonFields {
  kAll,   // every field, defaults included (always_print_primitive_fields)
  kLean,  // fields at their default left out
};

// kLean for skat.v1.TableService's WatchSeat and Act, kAll for every other method.
JsonFields FieldsOf(const google::protobuf::MethodDescriptor* method);

// The JSON of the message of `type` in `wire` (its protobuf bytes): the same text
// MessageToJsonString prints for the parsed message with the same fields. The bytes are a
// reply of skatd's own services; kInternal when protobuf cannot print them.
Result<std::string> WireToJson(const google::protobuf::Descriptor* type, const std::string& wire,
                               JsonFields fields);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_REPLY_JSON_H_
