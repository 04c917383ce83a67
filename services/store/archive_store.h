// The store's side of event archives (docs/event-archive.md): every row of one event read as the
// archive's content, and an archive's content written as a new event, each in one transaction.
// The content is JSON shaped as skat.v1.EventArchive (proto/skat/v1/event_archive.proto); the
// store neither parses nor checks it beyond what the schema's constraints refuse (the service
// checks it first).
#ifndef SKAT_SERVICES_STORE_ARCHIVE_STORE_H_
#define SKAT_SERVICES_STORE_ARCHIVE_STORE_H_

#include <string>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

// What an import writes besides the content: the new event's id and token hashes.
struct ArchiveImport {
  std::string content_json;  // skat.v1.EventArchive as proto3 JSON, field names as declared
  std::string event_id;      // the new event's id (the content's event id is ignored)
  std::string director_token_sha256;  // hex
  // JSON arrays: [{"table_id", "chair", "token_sha256"}] for every seat of the content, and
  // [{"table_id", "code_sha256"}] for every table with has_code.
  std::string seat_tokens_json;
  std::string table_codes_json;
};

class ArchiveStore {
 public:
  virtual ~ArchiveStore() = default;

  // The event's rows as the archive's content (JSON, as above), read in one snapshot; kNotFound
  // for no such event. A board set's seed only once it is revealed.
  virtual Result<std::string> ReadEventArchive(const std::string& event_id) = 0;
  // Writes the whole content as the event `import.event_id`, all or nothing, and returns the
  // event as stored. A row the schema refuses fails the whole import (pg_error.h:
  // kInvalidArgument, kNotFound, kAlreadyExists).
  virtual Result<EventRecord> WriteEventArchive(const ArchiveImport& import) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_ARCHIVE_STORE_H_
