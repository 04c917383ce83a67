// Board numbers as a person types them: numbers and ascending ranges in playing order, separated
// by commas or spaces ("1-6", "1,2,5", "1-3 7 9-10"). `skat tables open --boards` and the boards
// column of a manual seating (seating_csv.h) read them.
#ifndef SKAT_SERVICES_CLI_BOARDS_BOARD_LIST_H_
#define SKAT_SERVICES_CLI_BOARDS_BOARD_LIST_H_

#include <string_view>
#include <vector>

#include "engine/status.h"

namespace skat::cli {

// The boards in order. kInvalidArgument naming the part at fault: not a number, a number below 1,
// a range that runs backwards, more than 1,000 boards, a trailing comma, or nothing at all.
Result<std::vector<int>> ParseBoardList(std::string_view text);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_BOARDS_BOARD_LIST_H_
