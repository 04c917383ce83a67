// libFuzzer target for the board set archive reader (engine/board_set_format.h). Any input must
// be read or refused without a crash, a leak or undefined behaviour; whatever is read must be
// written (WriteBoardSet), read back equal, and written again identically. The JSON export runs
// on every set read. deploy/fuzz runs it from tests/fuzz/corpus/board_set/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/board_set.h"
#include "engine/board_set_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  skat::FormatError where;
  skat::Result<skat::BoardSet> set = skat::ReadBoardSet(text, &where);
  if (!set.ok()) {
    // Errors are invalid-argument with a position inside the text or just past its last line.
    if (set.status().code() != skat::ErrorCode::kInvalidArgument) abort();
    if (where.line < 1 || where.column < 1) abort();
    if (set.status().message().rfind("line " + std::to_string(where.line) + ", column " +
                                         std::to_string(where.column) + ": ",
                                     0) != 0) {
      abort();
    }
    return 0;
  }
  if (!skat::CheckBoardSet(*set).ok()) abort();
  skat::Result<std::string> written = skat::WriteBoardSet(*set);
  if (!written.ok()) abort();
  skat::Result<skat::BoardSet> again = skat::ReadBoardSet(*written);
  if (!again.ok() || !(*again == *set)) abort();
  skat::Result<std::string> rewritten = skat::WriteBoardSet(*again);
  if (!rewritten.ok() || *rewritten != *written) abort();
  if (skat::BoardSetToJson(*set).empty()) abort();
  return 0;
}
