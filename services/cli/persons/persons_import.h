// skat persons import (docs/persons.md "Importing a member list"): a CSV member list sent in
// batches of ImportPersons rows.
#ifndef SKAT_SERVICES_CLI_PERSONS_PERSONS_IMPORT_H_
#define SKAT_SERVICES_CLI_PERSONS_PERSONS_IMPORT_H_

#include <string>

#include "services/cli/client.h"
#include "skat/v1/registry_service.grpc.pb.h"

namespace skat::cli {

// Reads `file` (a header line naming the columns name, club and member_number in any order; only
// name is required), sends its rows in batches and prints each refused line as FILE:LINE: reason
// and each possible duplicate. Returns 0 when every line was added, 1 when a line was refused or
// the file is unreadable (naming it), or the exit code of a failed call.
int ImportPersonsFile(const ServerOptions& server, const std::string& registry,
                      const std::string& file, v1::RegistryService::Stub& stub);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_PERSONS_PERSONS_IMPORT_H_
