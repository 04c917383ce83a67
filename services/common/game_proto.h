// Engine values <-> their wire forms (proto/skat/v1/game_types.proto). Every proto enum is the
// engine's enum plus one (zero is _UNSPECIFIED). Used by the table service and by the clients
// (`skat bot`, `skat play`) that turn a received view back into the engine's SeatView.
#ifndef SKAT_SERVICES_COMMON_GAME_PROTO_H_
#define SKAT_SERVICES_COMMON_GAME_PROTO_H_

#include <optional>
#include <string_view>
#include <vector>

#include "engine/act.h"
#include "engine/game_result.h"
#include "engine/status.h"
#include "engine/view.h"
#include "skat/v1/game_types.pb.h"

namespace skat::service {

v1::Direction ToProto(Direction d);
v1::Direction ToProto(std::optional<Direction> d);  // unset -> DIRECTION_UNSPECIFIED
std::optional<Direction> FromProto(v1::Direction d);
// "forehand", "middlehand", "rearhand" (engine DirectionName); "" for an unset direction.
std::string_view DirectionWord(v1::Direction d);

// Cards highest first (as the engine prints hands).
void AddCards(CardSet cards, google::protobuf::RepeatedPtrField<std::string>* out);
// kInvalidArgument naming the field and the text.
Result<CardSet> CardsFromProto(const google::protobuf::RepeatedPtrField<std::string>& cards,
                               std::string_view field);

void ToProto(const Declaration& d, v1::Declaration* out);
// kInvalidArgument for an unspecified or unknown game or handling.
Result<Declaration> FromProto(const v1::Declaration& d);

// With act.text set to the engine's act line ("M bid 18").
void ToProto(const Act& act, v1::Act* out);
// The act `seat` sends. kInvalidArgument (naming the field) for an unspecified or unknown type,
// a seat other than `seat`, missing or unreadable cards, a missing declaration.
Result<Act> FromProto(const v1::Act& act, Direction seat);

void ToProto(const GameResult& result, v1::GameResult* out);

// Every field of the engine's view; the caller sets table, board, chair and legal acts.
void ToProto(const SeatView& view, v1::SeatView* out);
// The engine's view back from the wire (for bots and terminal clients). kInvalidArgument for an
// unreadable card or act.
Result<SeatView> FromProto(const v1::SeatView& view);
// The view's legal acts as engine acts.
Result<std::vector<Act>> LegalActsFromProto(const v1::SeatView& view);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_GAME_PROTO_H_
