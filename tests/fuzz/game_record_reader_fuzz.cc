// libFuzzer target for the game record reader (engine/game_record.h). Any input must be read or
// refused without a crash, a leak or undefined behaviour, with an error position inside the text
// or just past it; every game read must be written (WriteGameRecord), read back to the same
// board, profile, labels, acts and result, and written again identically. deploy/fuzz runs it from
// tests/fuzz/corpus/game_record/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game_record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  skat::FormatError where;
  skat::Result<std::vector<skat::GameRecord>> records = skat::ReadGameRecords(text, &where);
  if (!records.ok()) {
    if (where.line < 1 || where.column < 1) abort();
    if (records.status().message().rfind("line " + std::to_string(where.line) + ", column " +
                                             std::to_string(where.column) + ": ",
                                         0) != 0) {
      abort();
    }
    return 0;
  }
  for (const skat::GameRecord& record : *records) {
    if (!record.game.finished()) abort();
    skat::Result<std::string> written = skat::WriteGameRecord(record);
    if (!written.ok()) abort();
    skat::Result<std::vector<skat::GameRecord>> again = skat::ReadGameRecords(*written);
    if (!again.ok() || again->size() != 1) abort();
    const skat::GameRecord& back = (*again)[0];
    if (back.table != record.table || back.board != record.board || back.round != record.round)
      abort();
    if (back.game.profile().id != record.game.profile().id) abort();
    if (!(back.game.board() == record.game.board())) abort();
    if (back.game.acts() != record.game.acts()) abort();
    if (back.game.result().pad != record.game.result().pad) abort();
    if (skat::Describe(back.game.result()) != skat::Describe(record.game.result())) abort();
    skat::Result<std::string> rewritten = skat::WriteGameRecord(back);
    if (!rewritten.ok() || *rewritten != *written) abort();
  }
  if (!records->empty() && !skat::WriteGameRecords(*records).ok()) abort();
  return 0;
}
