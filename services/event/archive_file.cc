#include "services/event/archive_file.h"

#include <google/protobuf/util/json_util.h>

#include "services/common/auth.h"

namespace skat::service {
namespace {

constexpr char kFileRule[] = " (docs/event-archive.md \"The file\")";

Status Refused(const std::string& what) {
  return Status::InvalidArgument("event archive: " + what + kFileRule);
}

// The header line (without its line break) for a content.
std::string HeaderLine(const std::string& content) {
  v1::EventArchiveHeader header;
  header.set_format(std::string(kArchiveFormat));
  header.set_version(kArchiveVersion);
  header.set_content_sha256(Sha256Hex(content));
  header.set_content_length(static_cast<int32_t>(content.size()));
  std::string line;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(header, &line, options);
  return line;
}

// The header of a file's first line; checks format and version.
Result<v1::EventArchiveHeader> ReadHeader(std::string_view line) {
  v1::EventArchiveHeader header;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;  // a newer version may add fields: refused by version
  if (!google::protobuf::util::JsonStringToMessage(std::string(line), &header, options).ok()) {
    return Refused("the header line is not the format's JSON header");
  }
  if (header.format() != kArchiveFormat) {
    return Refused("format '" + header.format().substr(0, 80) + "' is not " +
                   std::string(kArchiveFormat));
  }
  if (header.version() > kArchiveVersion) {
    return Status::NotAllowed("event archive: version " + std::to_string(header.version()) +
                              " is newer than this server reads (version " +
                              std::to_string(kArchiveVersion) + ")" + kFileRule);
  }
  if (header.version() != kArchiveVersion) {
    return Refused("version " + std::to_string(header.version()) + " is not a version");
  }
  return header;
}

// One message as the content prints it, alone: "{\n \"id\": ...\n}" (the printer's final line
// feed dropped).
std::string Printed(const google::protobuf::Message& message) {
  std::string text;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  options.add_whitespace = true;
  (void)google::protobuf::util::MessageToJsonString(message, &text, options);
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

// `text` with every line feed followed by `indent`'s spaces (a string holds no raw line feed:
// JSON escapes it).
std::string Indented(const std::string& text, std::string_view line_feed_and_indent) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    if (c == '\n') {
      out += line_feed_and_indent;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string ArchiveContent(const v1::EventArchive& archive) {
  // Printed a row at a time and put together as the printer puts the whole message (one space of
  // indentation per level, the fields by number): the same bytes, but protobuf 3.21's printer of
  // defaults builds a tree of the whole message first, about 20 bytes of memory per byte printed.
  const google::protobuf::Descriptor* type = archive.GetDescriptor();
  const google::protobuf::Reflection* reflection = archive.GetReflection();
  std::string content = "{";
  bool first = true;
  for (int i = 0; i < type->field_count(); ++i) {
    const google::protobuf::FieldDescriptor* field = type->field(i);
    if (!field->is_repeated() && !reflection->HasField(archive, field)) continue;
    content += std::string(first ? "" : ",") + "\n \"" + field->name() + "\": ";
    first = false;
    if (!field->is_repeated()) {
      content += Indented(Printed(reflection->GetMessage(archive, field)), "\n ");
      continue;
    }
    const int rows = reflection->FieldSize(archive, field);
    if (rows == 0) {
      content += "[]";
      continue;
    }
    content += "[";
    for (int row = 0; row < rows; ++row) {
      content += std::string(row == 0 ? "" : ",") + "\n  " +
                 Indented(Printed(reflection->GetRepeatedMessage(archive, field, row)), "\n  ");
    }
    content += "\n ]";
  }
  return content + "\n}\n";
}

Result<std::string> WriteArchiveFile(const v1::EventArchive& archive) {
  const std::string content = ArchiveContent(archive);
  std::string file = HeaderLine(content) + "\n" + content;
  if (file.size() > kMaxArchiveBytes) {
    return Status::NotAllowed("event archive: the file would have " + std::to_string(file.size()) +
                              " bytes, at most " + std::to_string(kMaxArchiveBytes) + kFileRule);
  }
  return file;
}

Result<v1::EventArchive> ReadArchiveFile(std::string_view file) {
  if (file.size() > kMaxArchiveBytes) {
    return Refused("the file has " + std::to_string(file.size()) + " bytes, at most " +
                   std::to_string(kMaxArchiveBytes));
  }
  const size_t end = file.substr(0, kMaxArchiveHeaderBytes).find('\n');
  if (end == std::string_view::npos) {
    return Refused("no header line in the first " + std::to_string(kMaxArchiveHeaderBytes) +
                   " bytes");
  }
  Result<v1::EventArchiveHeader> header = ReadHeader(file.substr(0, end));
  if (!header.ok()) return header.status();
  const std::string_view content = file.substr(end + 1);
  if (static_cast<int64_t>(content.size()) != header->content_length()) {
    return Refused("content_length " + std::to_string(header->content_length()) +
                   " but the content has " + std::to_string(content.size()) + " bytes (" +
                   (static_cast<int64_t>(content.size()) < header->content_length()
                        ? "truncated)"
                        : "more bytes follow)"));
  }
  const std::string sha256 = Sha256Hex(content);
  if (sha256 != header->content_sha256()) {
    return Refused("content_sha256 " + header->content_sha256().substr(0, 64) +
                   " but the content's SHA-256 is " + sha256 + " (damaged or changed)");
  }
  v1::EventArchive archive;
  const google::protobuf::util::Status parsed =
      google::protobuf::util::JsonStringToMessage(std::string(content), &archive);
  if (!parsed.ok()) {
    return Refused("the content is not an EventArchive: " +
                   std::string(parsed.message()).substr(0, 200));
  }
  return archive;
}

Result<size_t> ArchiveFileLength(std::string_view first_bytes) {
  const size_t end = first_bytes.substr(0, kMaxArchiveHeaderBytes).find('\n');
  if (end == std::string_view::npos) {
    if (first_bytes.size() < kMaxArchiveHeaderBytes) return size_t{0};
    return Refused("no header line in the first " + std::to_string(kMaxArchiveHeaderBytes) +
                   " bytes");
  }
  Result<v1::EventArchiveHeader> header = ReadHeader(first_bytes.substr(0, end));
  if (!header.ok()) return header.status();
  const int64_t length = static_cast<int64_t>(end) + 1 + header->content_length();
  if (header->content_length() < 0 || length > static_cast<int64_t>(kMaxArchiveBytes)) {
    return Refused("content_length " + std::to_string(header->content_length()) +
                   " makes a file of " + std::to_string(length) + " bytes, at most " +
                   std::to_string(kMaxArchiveBytes));
  }
  return static_cast<size_t>(length);
}

}  // namespace skat::service
