// WatchSeat's SeatUpdate and Act's ActResponse printed as lean JSON by hand (docs/web.md "Lean
// replies on the play page's methods"): the very text protobuf's JSON printer gives without
// default-valued fields (field number order, lowerCamelCase names, enums by name, no spaces), made
// with the generated accessors, without reflection or a tree. It is the JSON door's hottest path:
// every act answers one ActResponse and sends one SeatUpdate to every seat of its table
// (docs/performance.md "Act to the other seats' pages"). tests/services/reply_json_test.cc compares
// it with the library's printing.
#ifndef SKAT_SERVICES_WEB_PLAY_REPLY_JSON_H_
#define SKAT_SERVICES_WEB_PLAY_REPLY_JSON_H_

#include <string>

#include "skat/v1/table_service.pb.h"

namespace skat::web {

// Appends `update`'s lean JSON to `out` and returns true; or returns false, with `out` in an
// unspecified state, when the update holds what only the library prints exactly: a string with
// a character other than a letter, a digit or one of " -_.,:()/=", or an enum value without a name.
bool AppendSeatUpdateJson(const v1::SeatUpdate& update, std::string& out);
// The same for Act's ActResponse (int64 sequence as a quoted number, as protobuf prints it).
bool AppendActResponseJson(const v1::ActResponse& reply, std::string& out);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_PLAY_REPLY_JSON_H_
