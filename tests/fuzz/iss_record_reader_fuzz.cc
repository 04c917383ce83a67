// libFuzzer target for the ISS game record reader (engine/iss_record.h; docs/iss-game-records.md).
// Any input must be read or refused without a crash, a leak or undefined behaviour, with an error
// position (line and column >= 1) that the message names; every record read must be written
// (WriteIssRecord), read back to the same record and written again identically. Records with a
// complete deal are also replayed under isko (engine/iss_replay.h): the replay may refuse them,
// never crash, and a replayed game's own record must write and replay to the same acts. deploy/fuzz
// runs it from tests/fuzz/corpus/iss_record/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "engine/profile.h"

namespace {

void CheckRecord(const skat::IssRecord& record) {
  skat::Result<std::string> written = skat::WriteIssRecord(record);
  if (!written.ok()) abort();
  skat::Result<skat::IssRecord> back = skat::ReadIssRecord(*written);
  if (!back.ok() || !(*back == record)) abort();
  skat::Result<std::string> rewritten = skat::WriteIssRecord(*back);
  if (!rewritten.ok() || *rewritten != *written) abort();
  if (!record.board) return;
  static const skat::Profile* const isko = skat::FindProfile("isko");
  if (isko == nullptr) abort();
  skat::Result<skat::IssReplay> replay = skat::ReplayIss(record, *isko);
  if (!replay.ok()) return;
  if (!replay->game.finished()) abort();
  skat::Result<skat::IssRecord> own = skat::IssRecordFromGame(replay->game);
  if (!own.ok()) abort();
  skat::Result<std::string> own_text = skat::WriteIssRecord(*own);
  if (!own_text.ok()) abort();
  skat::Result<skat::IssRecord> own_back = skat::ReadIssRecord(*own_text);
  if (!own_back.ok() || !(*own_back == *own)) abort();
  skat::Result<skat::IssReplay> again = skat::ReplayIss(*own_back, *isko);
  if (!again.ok() || again->game.acts() != replay->game.acts()) abort();
  if (!again->mismatches.empty()) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const skat::IssRecordLine& line : skat::ReadIssRecords(text)) {
    if (line.line < 1) abort();
    if (!line.record.ok()) {
      if (line.where.line != line.line || line.where.column < 1) abort();
      if (line.record.status().message().rfind("line " + std::to_string(line.where.line) +
                                                   ", column " + std::to_string(line.where.column) +
                                                   ": ",
                                               0) != 0) {
        abort();
      }
      continue;
    }
    CheckRecord(*line.record);
  }
  // The whole input as one record line.
  skat::FormatError where;
  skat::Result<skat::IssRecord> one = skat::ReadIssRecord(text, &where);
  if (one.ok()) {
    CheckRecord(*one);
  } else if (where.line != 1 || where.column < 1) {
    abort();
  }
  return 0;
}
