// What a person's fields may hold (docs/persons.md "Persons"), for CreatePerson, UpdatePerson and
// ImportPersons alike.
#ifndef SKAT_SERVICES_REGISTRY_PERSON_CHECKS_H_
#define SKAT_SERVICES_REGISTRY_PERSON_CHECKS_H_

#include <string>

#include "engine/status.h"

namespace skat::service {

// kInvalidArgument naming the field: a display name of 1..200 bytes, a club of 0..200, a member
// number of 0..50, none with a control character (names are printed on pages and sheets and
// written to CSV files).
Status CheckPerson(const std::string& name, const std::string& club, const std::string& number);

// Lower-case ASCII: how one call keys its rows' display names for possible duplicates (the store
// compares with PostgreSQL's lower(), which also folds other letters).
std::string Folded(const std::string& name);

}  // namespace skat::service

#endif  // SKAT_SERVICES_REGISTRY_PERSON_CHECKS_H_
