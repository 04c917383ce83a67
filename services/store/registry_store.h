// The store's registries of persons above events (store.h; docs/persons.md): a registry with its
// token hash, its persons in the order of adding, and its log.
#ifndef SKAT_SERVICES_STORE_REGISTRY_STORE_H_
#define SKAT_SERVICES_STORE_REGISTRY_STORE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

struct RegistryRecord {
  std::string id;  // "rg-" + 10 lower-case base32 characters; registries/{id}
  std::string name;
  std::string token_sha256;  // hex; the token itself is never stored
  int64_t created_unix = 0;
};

struct PersonRecord {
  std::string registry_id;
  std::string id;  // "pe-" + 10 lower-case base32 characters; registries/{r}/persons/{id}
  std::string name;
  std::string club;           // empty for none
  std::string member_number;  // empty for none
  bool hidden = false;
  std::string merged_into;  // empty unless merged
  int64_t seq = 0;          // the order of adding; assigned by the store
  int64_t created_unix = 0;
};

struct RegistryLogRecord {
  int64_t seq = 0;
  int64_t at_unix = 0;
  std::string act;  // "add", "import", "update", "merge", "rotate-token"
  std::string person_id, other_id, detail;
};

class RegistryStore {
 public:
  virtual ~RegistryStore() = default;

  virtual Result<RegistryRecord> CreateRegistry(const RegistryRecord& registry) = 0;
  // kNotFound for no such registry.
  virtual Result<RegistryRecord> GetRegistry(const std::string& id) = 0;
  // Replaces the token hash old_sha256 by new_sha256 and logs it; kAborted when the stored hash
  // is not old_sha256 (another rotation came first), kNotFound for no such registry.
  virtual Status RotateRegistryToken(const std::string& id, const std::string& old_sha256,
                                     const std::string& new_sha256) = 0;

  // Adds persons in one transaction, each logged with `act` ("add" or "import") and `detail`;
  // returns them with seq and created time. kAlreadyExists naming the member number when one is
  // another unmerged person's (nothing is written); kNotFound for no such registry.
  virtual Result<std::vector<PersonRecord>> AddPersons(const std::vector<PersonRecord>& persons,
                                                       const std::string& act) = 0;
  // kNotFound for no such person (merged ones included).
  virtual Result<PersonRecord> GetPerson(const std::string& registry_id, const std::string& id) = 0;
  // Unmerged persons after seq `after_seq` in the order of adding, hidden ones only when
  // with_hidden, at most `limit`. kNotFound for no such registry.
  virtual Result<std::vector<PersonRecord>> ListPersons(const std::string& registry_id,
                                                        int64_t after_seq, int limit,
                                                        bool with_hidden) = 0;
  // A text that changes whenever a person of the registry is added, changed, hidden, shown or
  // merged (its persons' rows, merged ones included: their count and the sum of their writing
  // transactions' ids, as SessionStore::EventStamp). Cheap: one query. kNotFound for no registry.
  virtual Result<std::string> PersonsStamp(const std::string& registry_id) = 0;
  // Unmerged persons whose member number is one of `numbers`, or whose lower-case name and club
  // equal a (name, club) of `names` (lower-cased by the store): for reporting possible duplicates.
  virtual Result<std::vector<PersonRecord>> FindPersons(
      const std::string& registry_id, const std::vector<std::string>& numbers,
      const std::vector<std::pair<std::string, std::string>>& names) = 0;
  // Stores the person's name, club, member number and hidden flag and logs `detail` as "update".
  // kNotFound for no such unmerged person; kAlreadyExists for another person's member number.
  virtual Result<PersonRecord> UpdatePerson(const PersonRecord& person,
                                            const std::string& detail) = 0;
  // Marks `from` merged into `into` (which takes from's member number when it has none) and logs
  // it, in one transaction; returns `into`. kNotFound when either is missing or merged already.
  virtual Result<PersonRecord> MergePersons(const std::string& registry_id, const std::string& from,
                                            const std::string& into) = 0;
  // Sets whether the registry rates its event and logs it ("rate"). kNotFound for no such event
  // of the registry; kNotAllowed once the event has a session (docs/ratings.md "Order").
  virtual Status SetEventRated(const std::string& registry_id, const std::string& event_id,
                               bool rated) = 0;
  // The registry's rated events, oldest first (creation time, then id), at most 10,000.
  virtual Result<std::vector<EventRecord>> ListRatedEvents(const std::string& registry_id) = 0;
  // The events the person played (as a player linked to them or to a person merged into them),
  // newest first (creation time, then id, descending), after the event after_event_id ("": from
  // the newest), at most `limit`; each with the player's id. kNotFound for no such person.
  struct PersonEvent {
    EventRecord event;
    std::string player_id;
  };
  virtual Result<std::vector<PersonEvent>> ListPersonEvents(const std::string& registry_id,
                                                            const std::string& person_id,
                                                            const std::string& after_event_id,
                                                            int limit) = 0;
  // The log after seq `after_seq`, oldest first, at most `limit`. kNotFound for no registry.
  virtual Result<std::vector<RegistryLogRecord>> ListRegistryLog(const std::string& registry_id,
                                                                 int64_t after_seq, int limit) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_REGISTRY_STORE_H_
