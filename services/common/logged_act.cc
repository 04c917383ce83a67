#include "services/common/logged_act.h"

namespace skat::service {

Result<Act> CheckLoggedAct(const store::LoggedActRecord& log, const ReplayPoint& at,
                           const std::function<int64_t(int chair)>& last_sequence,
                           const std::function<std::optional<Direction>(int chair)>& direction_of) {
  const bool own = log.made_by != "seat";  // the clock's or a bot's, sequence 0
  if (at.finished || log.board_index != at.board_index || log.act_index != at.acts ||
      log.chair < 1 || log.chair > at.chairs ||
      (own ? log.sequence != 0 : log.sequence <= last_sequence(log.chair))) {
    return Status::InvalidArgument("out of order");
  }
  Result<Act> act = ParseActLine(log.act);
  if (!act.ok()) return Status::InvalidArgument(act.status().message());
  if (direction_of(log.chair) != act->seat) return Status::InvalidArgument("chair and seat differ");
  return act;
}

}  // namespace skat::service
