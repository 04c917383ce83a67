// Reading CSV as spreadsheets write it (RFC 4180): fields separated by commas, a field in double
// quotes may hold commas, line breaks and doubled quotes (""), lines end in LF or CRLF. Used by
// the commands that take a file a person made (`skat results import`, `skat totals import`, a
// manual seating). None of them reads a file this project writes (services/common/csv.h), so a
// field that starts with ' keeps it: it is the person's text, not a formula's quote mark.
#ifndef SKAT_SERVICES_CLI_CSV_READER_H_
#define SKAT_SERVICES_CLI_CSV_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "engine/status.h"

namespace skat::cli {

struct CsvRow {
  int line = 0;  // the line the row starts on, 1 first
  std::vector<std::string> fields;
};

// The rows of `text`, blank lines left out. kInvalidArgument naming the line for a quote that is
// never closed or a quoted field followed by anything but a comma or the end of the line.
Result<std::vector<CsvRow>> ReadCsv(std::string_view text);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_CSV_READER_H_
