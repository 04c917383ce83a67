// Act's request read from the play page's JSON without protobuf's converter (docs/web.md "Lean
// replies on the play page's methods"): the JSON door's costliest part of an act after the
// replies (docs/performance.md "Act to the other seats' pages"). Only the plain form is read
// here; anything else goes to protobuf's JSON parser, which gives the answer or the refusal.
#ifndef SKAT_SERVICES_WEB_ACT_REQUEST_JSON_H_
#define SKAT_SERVICES_WEB_ACT_REQUEST_JSON_H_

#include <string_view>

#include "skat/v1/table_service.pb.h"

namespace skat::web {

// Reads `json` into `out` (cleared first) and returns true when it is the plain form: one object
// of ActRequest's fields by their lowerCamelCase names, each at most once, the Act and its
// Declaration likewise; strings of printable ASCII without escapes; integers as JSON numbers
// without fraction or exponent (int64 `sequence` also as a string of digits), within their
// type's range; enums by name; true or false; arrays of strings; JSON whitespace. Returns false
// for anything else (`out` is then unspecified). When it returns true, `out` is what protobuf's
// JsonStringToMessage reads from `json` (tests/services/reply_json_test.cc).
bool ParseActRequestJson(std::string_view json, v1::ActRequest& out);

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_ACT_REQUEST_JSON_H_
