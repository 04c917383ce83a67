// The event archive file (docs/event-archive.md "The file"): one header line of JSON naming the
// format, its version and the SHA-256 and length of the content, then the content, proto3 JSON
// of skat.v1.EventArchive printed the same way every time (field-number order, every field).
// Reading checks the header, the length and the checksum before it parses the content; it does
// not check what the content says (archive_checks.h).
#ifndef SKAT_SERVICES_EVENT_ARCHIVE_FILE_H_
#define SKAT_SERVICES_EVENT_ARCHIVE_FILE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/status.h"
#include "skat/v1/event_archive.pb.h"

namespace skat::service {

inline constexpr std::string_view kArchiveFormat = "skat-event-archive";
inline constexpr int kArchiveVersion = 1;
// The largest file, header included: under gRPC's default message limit of 4 MiB.
inline constexpr size_t kMaxArchiveBytes = 4'000'000;
// The largest header line, its line break included.
inline constexpr size_t kMaxArchiveHeaderBytes = 1'000;

// The content as printed into the file (deterministic: the same archive, the same bytes).
std::string ArchiveContent(const v1::EventArchive& archive);

// The whole file for the content. kFailedPrecondition when it would exceed kMaxArchiveBytes.
Result<std::string> WriteArchiveFile(const v1::EventArchive& archive);

// The archive a file holds. kInvalidArgument for a file that is too long, has no header line,
// another format, a header that is not the format's JSON, a content of another length (truncated,
// or followed by more bytes), another checksum (damaged or tampered) or a content that is not an
// EventArchive (unknown fields included); kFailedPrecondition for a newer version. Each message
// names the value and docs/event-archive.md.
Result<v1::EventArchive> ReadArchiveFile(std::string_view file);

}  // namespace skat::service

#endif  // SKAT_SERVICES_EVENT_ARCHIVE_FILE_H_
