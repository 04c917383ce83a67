// The store's events and board sets (store.h): an event with its director token hash and
// scoring options, its board sets with their boards, beacon and reveal.
#ifndef SKAT_SERVICES_STORE_EVENT_STORE_H_
#define SKAT_SERVICES_STORE_EVENT_STORE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

class EventStore {
 public:
  virtual ~EventStore() = default;

  virtual Result<EventRecord> CreateEvent(const EventRecord& event) = 0;
  virtual Result<EventRecord> GetEvent(const std::string& id) = 0;
  // Events oldest first (creation time, then id), after the event after_id ("": from the first).
  // An after_id of no event reads as the end of the list.
  virtual Result<std::vector<EventRecord>> ListEvents(const std::string& after_id, int limit) = 0;

  // Stores a new set with its boards (if generated) and its secret seed, in one transaction.
  virtual Result<BoardSetRecord> CreateBoardSet(const BoardSetRecord& set) = 0;
  // With the boards in `boards` (all by default) and, once revealed, the seed in set.seed.
  virtual Result<BoardSetRecord> GetBoardSet(const std::string& event_id, const std::string& id,
                                             BoardRange boards = BoardRange::All()) = 0;
  // Metadata only: set.boards empty. Oldest first (creation time, then id), after the set
  // after_id ("": from the first; a set the event does not have: the end). kNotFound for no such
  // event.
  virtual Result<std::vector<BoardSetRecord>> ListBoardSets(const std::string& event_id,
                                                            const std::string& after_id,
                                                            int limit) = 0;
  // Enters the beacon value and the boards it produced. kFailedPrecondition-like
  // (kNotAllowed) if a value was entered before; kAborted on a version conflict.
  virtual Status SetBeacon(const std::string& event_id, const std::string& id,
                           const std::string& beacon_value, const std::vector<SetBoard>& boards,
                           int64_t expected_version) = 0;
  // Marks the set revealed (its seed becomes public) at the database's time and returns it
  // without boards. Refused with kBoardInPlay, naming a table and board and how many boards are
  // open, while a table of the set (of a session or not) has a board with no counting result
  // (none current and confirmed), unless `forced_reason` is not empty: then the set is revealed
  // anyway and keeps reveal_forced and the reason. The check and the reveal are one transaction
  // that locks the set's row, so no table of the set is opened between them. kAlreadyExists if
  // it was revealed before; kNotAllowed while it awaits its beacon value; kAborted on a version
  // conflict; kInvalidArgument for a reason over 500 bytes.
  virtual Result<BoardSetRecord> Reveal(const std::string& event_id, const std::string& id,
                                        int64_t expected_version,
                                        const std::string& forced_reason) = 0;

  // Sets the event's language, deck and ranking (the record's, as they are) and returns the
  // event. A ranking other than the stored one is set only while the event has no session, in
  // the same statement (kNotAllowed otherwise, nothing changed). kNotFound for no such event;
  // kInvalidArgument for a value the schema refuses (a ranking that does not fit the comparison).
  virtual Result<EventRecord> UpdateEventSettings(const std::string& event_id,
                                                  const std::string& language,
                                                  const std::string& deck,
                                                  const std::string& ranking) = 0;

  // Replaces the event's director token hash old_sha256 by new_sha256 and returns the event.
  // kNotFound for no such event; kAborted (nothing changed) when the event's hash is not
  // old_sha256 (another rotation came first); kInvalidArgument for a new hash that is not 64 hex
  // digits.
  virtual Result<EventRecord> RotateDirectorToken(const std::string& event_id,
                                                  const std::string& old_sha256,
                                                  const std::string& new_sha256) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_EVENT_STORE_H_
