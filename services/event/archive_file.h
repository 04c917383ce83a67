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
// The largest file, header included (256 MiB). It travels in chunks (kArchiveChunkBytes), so
// gRPC's message limit does not bound it; the server holds the whole file while it checks it.
inline constexpr size_t kMaxArchiveBytes = 268'435'456;
// The largest chunk of a file in one message each way (1 MiB).
inline constexpr size_t kArchiveChunkBytes = 1'048'576;
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

// The length the file will have, from its first bytes as they arrive: 0 while they hold no
// header line yet (and fewer than kMaxArchiveHeaderBytes), else the header line's length plus
// its content_length. The same refusals as ReadArchiveFile for the header (no line feed in the
// first kMaxArchiveHeaderBytes, not the format's JSON, another format, another version) and
// kInvalidArgument for a content_length that is negative or makes the file longer than
// kMaxArchiveBytes. Lets a receiver refuse a file before it has all of it.
Result<size_t> ArchiveFileLength(std::string_view first_bytes);

}  // namespace skat::service

#endif  // SKAT_SERVICES_EVENT_ARCHIVE_FILE_H_
