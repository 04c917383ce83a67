// The board set a session or a table is opened on, checked once for the event and table
// services alike.
#ifndef SKAT_SERVICES_COMMON_PLAYABLE_BOARD_SET_H_
#define SKAT_SERVICES_COMMON_PLAYABLE_BOARD_SET_H_

#include <string>

#include "engine/status.h"
#include "services/store/event_store.h"

namespace skat::service {

// The board set named `board_set` of event `event_id`, without its boards, when tables may be
// opened for it: kInvalidArgument for a malformed name or a set of another event, kNotFound,
// kNotAllowed while its beacon value is awaited (it has no boards yet).
Result<store::BoardSetRecord> PlayableBoardSet(store::EventStore& store,
                                               const std::string& event_id,
                                               const std::string& board_set);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_PLAYABLE_BOARD_SET_H_
