#include "services/cli/boards/board_list.h"

#include <string>

namespace skat::cli {
namespace {

constexpr int kMaxListedBoards = 1000;

// A board number 1..999999 of `word`, or the refusal.
Result<int> BoardNumber(std::string_view word) {
  if (word.empty() || word.size() > 6 || word.find_first_not_of("0123456789") != word.npos) {
    return Status::InvalidArgument("'" + std::string(word) + "' is not a board number");
  }
  const int number = std::stoi(std::string(word));
  if (number < 1) {
    return Status::InvalidArgument("board numbers start at 1, not " + std::string(word));
  }
  return number;
}

}  // namespace

Result<std::vector<int>> ParseBoardList(std::string_view text) {
  if (!text.empty() && text.back() == ',') return Status::InvalidArgument("a trailing comma");
  std::vector<int> boards;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = std::min(text.find_first_of(", ", at), text.size());
    const std::string_view part = text.substr(at, end - at);
    at = end + 1;
    if (part.empty()) continue;
    const size_t dash = part.find('-');
    Result<int> first = BoardNumber(part.substr(0, dash));
    if (!first.ok()) return first.status();
    Result<int> last = dash == part.npos ? first : BoardNumber(part.substr(dash + 1));
    if (!last.ok()) return last.status();
    if (*last < *first) {
      return Status::InvalidArgument("range '" + std::string(part) + "' runs backwards");
    }
    if (*last - *first + static_cast<int>(boards.size()) >= kMaxListedBoards) {
      return Status::InvalidArgument("more than " + std::to_string(kMaxListedBoards) + " boards");
    }
    for (int b = *first; b <= *last; ++b) boards.push_back(b);
  }
  if (boards.empty()) return Status::InvalidArgument("no boards given");
  return boards;
}

}  // namespace skat::cli
