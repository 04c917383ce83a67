// Paging of every List RPC (AIP-158, https://google.aip.dev/158). page_size 0 asks for
// kDefaultPageSize rows, a size above kMaxPageSize gets kMaxPageSize, a negative one is
// INVALID_ARGUMENT. page_token is empty for the first page; otherwise it must be a
// next_page_token that a reply of the same list (the same RPC, parent and filters) carried, else
// INVALID_ARGUMENT. next_page_token is empty on the last page.
//
// Each list reads with keyset pagination: its store query orders the rows by a stable key and
// reads the rows after the previous page's last key, at most size + 1 of them (the extra row
// only says that another page follows), so no list is ever read whole. A token holds that last
// key and a checksum (SHA-256) of the key and the list, in base64url. The checksum is not a
// secret: it refuses tokens made up, altered or taken from another list, and stays valid across
// restarts and across servers sharing the database. A token grants nothing: every page is
// authorized as the first one is.
#ifndef SKAT_SERVICES_COMMON_PAGE_H_
#define SKAT_SERVICES_COMMON_PAGE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/status.h"

namespace skat::service {

inline constexpr int kDefaultPageSize = 100;
inline constexpr int kMaxPageSize = 1000;

// The sort key of a row in its list's order: a fixed count of numbers (positions, indexes,
// serial ids) and a text (a resource id), as the list defines it.
struct PageKey {
  std::vector<int64_t> numbers;
  std::string text;
};

struct PageRequest {
  int size = kDefaultPageSize;   // 1..kMaxPageSize
  std::optional<PageKey> after;  // the previous page's last key; none for the first page
};

// Reads page_size and page_token of a request to `list` (the RPC and what selects its rows, e.g.
// "ListBoardSets events/ev-..."), whose keys hold `key_numbers` numbers. kInvalidArgument for a
// negative page_size or a token that is not a next_page_token of `list`, naming the field.
Result<PageRequest> ParsePageRequest(std::string_view list, int32_t page_size,
                                     std::string_view page_token, size_t key_numbers);

// The next_page_token for the page of `list` that ended with the row of key `last`.
std::string PageToken(std::string_view list, const PageKey& last);

// Cuts `rows` (read with a limit of size + 1) to the page and returns its next_page_token: empty
// when no row was beyond the page, else the token of key_of(the page's last row).
template <typename Row, typename KeyOf>
std::string EndPage(std::string_view list, int size, std::vector<Row>& rows, KeyOf key_of) {
  if (rows.size() <= static_cast<size_t>(size)) return "";
  rows.resize(size);
  return PageToken(list, key_of(rows.back()));
}

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_PAGE_H_
