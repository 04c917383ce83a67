#include "services/registry/person_checks.h"

#include <string_view>

#include "services/common/names.h"

namespace skat::service {
namespace {

constexpr size_t kMaxClub = 200;
constexpr size_t kMaxMemberNumber = 50;

// `field` has at most `max` bytes (at least 1 when `required`) and no control character (names
// are printed on pages and sheets and written to CSV files).
Status CheckText(std::string_view field, const std::string& text, size_t max, bool required) {
  if ((required && text.empty()) || text.size() > max) {
    return Status::InvalidArgument(std::string(field) + " must have " + (required ? "1" : "0") +
                                   " to " + std::to_string(max) + " bytes, has " +
                                   std::to_string(text.size()));
  }
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      return Status::InvalidArgument(std::string(field) + " holds the control character 0x" +
                                     "0123456789abcdef"[c >> 4] + "0123456789abcdef"[c & 15] +
                                     " at byte " + std::to_string(i) +
                                     " (docs/persons.md \"Persons\")");
    }
  }
  return Status::Ok();
}

}  // namespace

Status CheckPerson(const std::string& name, const std::string& club, const std::string& number) {
  if (Status s = CheckText("display_name", name, kMaxDisplayName, true); !s.ok()) return s;
  if (Status s = CheckText("club", club, kMaxClub, false); !s.ok()) return s;
  return CheckText("member_number", number, kMaxMemberNumber, false);
}

std::string Folded(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace skat::service
