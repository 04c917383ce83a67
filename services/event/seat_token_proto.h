// The seat tokens of one table as the API gives them (StartSession, IssueSeatTokens): a SeatToken
// per chair, naming the table, its round, the chair and the chair's player; and a physical
// table's table code.
#ifndef SKAT_SERVICES_EVENT_SEAT_TOKEN_PROTO_H_
#define SKAT_SERVICES_EVENT_SEAT_TOKEN_PROTO_H_

#include <google/protobuf/repeated_ptr_field.h>

#include <span>
#include <string>

#include "services/store/store.h"
#include "skat/v1/event_service.pb.h"

namespace skat::service {

// Appends one SeatToken per chair of `table` to `out`; chair c gets tokens[c - 1].
// REQUIRES: tokens.size() == table.chairs.
void AddSeatTokens(const store::TableRecord& table, std::span<const std::string> tokens,
                   google::protobuf::RepeatedPtrField<v1::SeatToken>* out);

// Appends the table's TableCode, printed in groups (docs/tables.md "Table codes"), to `out`;
// nothing for an empty code (an online table).
void AddTableCode(const store::TableRecord& table, const std::string& code,
                  google::protobuf::RepeatedPtrField<v1::TableCode>* out);

}  // namespace skat::service

#endif  // SKAT_SERVICES_EVENT_SEAT_TOKEN_PROTO_H_
