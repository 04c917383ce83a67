#include "services/common/table_code.h"

#include <sodium.h>

namespace skat::service {
namespace {

constexpr std::string_view kCodeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr size_t kMaxTypedCode = 40;

// The alphabet's character for a typed one, or '\0'.
char CodeCharacter(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  if (c == 'I' || c == 'L') return '1';
  if (c == 'O') return '0';
  return kCodeAlphabet.find(c) == std::string_view::npos ? '\0' : c;
}

}  // namespace

std::string NewTableCode() {
  static const bool kReady = sodium_init() >= 0;
  (void)kReady;
  std::string code;
  for (int i = 0; i < kTableCodeLength; ++i) code += kCodeAlphabet[randombytes_uniform(32)];
  return code;
}

std::string PrintedTableCode(std::string_view code) {
  std::string out;
  for (size_t i = 0; i < code.size(); ++i) {
    if (i > 0 && i % 4 == 0) out += '-';
    out += code[i];
  }
  return out;
}

std::optional<std::string> NormalizeTableCode(std::string_view typed) {
  if (typed.size() > kMaxTypedCode) return std::nullopt;
  std::string code;
  for (char c : typed) {
    if (c == '-' || c == ' ') continue;
    const char canonical = CodeCharacter(c);
    if (canonical == '\0' || code.size() == kTableCodeLength) return std::nullopt;
    code += canonical;
  }
  if (code.size() != kTableCodeLength) return std::nullopt;
  return code;
}

std::optional<TableCodeCredential> ParseTableCodeCredential(std::string_view token) {
  TableCodeCredential out;
  const size_t dot = token.rfind('.');
  if (dot != std::string_view::npos) {
    const std::string_view chair = token.substr(dot + 1);
    if (chair.size() != 1 || chair[0] < '1' || chair[0] > '4') return std::nullopt;
    out.chair = chair[0] - '0';
    token = token.substr(0, dot);
  }
  std::optional<std::string> code = NormalizeTableCode(token);
  if (!code) return std::nullopt;
  out.code = std::move(*code);
  return out;
}

}  // namespace skat::service
