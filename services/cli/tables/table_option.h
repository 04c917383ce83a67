// --table with --session: a table typed as a person names it (table_names.h), resolved through
// skatd for the commands that take a table.
#ifndef SKAT_SERVICES_CLI_TABLES_TABLE_OPTION_H_
#define SKAT_SERVICES_CLI_TABLES_TABLE_OPTION_H_

#include <string>

#include "services/cli/client.h"

namespace skat::cli {

// When `session` is set, reads it from skatd and replaces *table (as typed) by the resource name
// of the table it names. Returns 0, or 1 after printing "skat <what>: ..." when the session
// cannot be read or names no such table.
int ResolveTableOption(const ServerOptions& server, const std::string& what,
                       const std::string& session, std::string* table);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_TABLES_TABLE_OPTION_H_
