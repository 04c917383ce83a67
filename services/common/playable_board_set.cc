#include "services/common/playable_board_set.h"

#include "services/common/names.h"

namespace skat::service {

Result<store::BoardSetRecord> PlayableBoardSet(store::EventStore& store,
                                               const std::string& event_id,
                                               const std::string& board_set) {
  Result<BoardSetName> name = ParseBoardSetName(board_set);
  if (!name.ok()) return name.status();
  if (name->event != event_id) {
    return Status::InvalidArgument("board_set " + board_set + " belongs to another event");
  }
  Result<store::BoardSetRecord> set =
      store.GetBoardSet(name->event, name->set, store::BoardRange::None());
  if (!set.ok()) return set;
  if (!set->set.beacon_source.empty() && set->set.beacon_value.empty()) {
    return Status::NotAllowed(board_set + " has no boards yet: its beacon value was not entered");
  }
  return set;
}

}  // namespace skat::service
