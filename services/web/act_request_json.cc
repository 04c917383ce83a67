#include "services/web/act_request_json.h"

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace skat::web {
namespace {

// A cursor over the text; every method returns false on anything outside the plain form.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  void Space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }
  bool Take(char c) {
    Space();
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }
  bool AtEnd() {
    Space();
    return at_ == text_.size();
  }
  // A string of printable ASCII without escapes.
  bool String(std::string_view& out) {
    if (!Take('"')) return false;
    const size_t start = at_;
    while (at_ < text_.size() && text_[at_] != '"') {
      const unsigned char c = static_cast<unsigned char>(text_[at_]);
      if (c < 0x20 || c > 0x7e || c == '\\') return false;
      ++at_;
    }
    if (at_ >= text_.size()) return false;
    out = text_.substr(start, at_ - start);
    ++at_;
    return true;
  }
  // An integer within [least, most]: a JSON number without fraction or exponent, or (quoted)
  // a string of such digits.
  bool Integer(int64_t least, int64_t most, bool quoted_too, int64_t& out) {
    Space();
    const bool quoted = quoted_too && at_ < text_.size() && text_[at_] == '"';
    if (quoted) ++at_;
    const size_t start = at_;
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    const size_t digits = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    if (at_ == digits || (text_[digits] == '0' && at_ - digits > 1)) return false;
    if (quoted && (at_ >= text_.size() || text_[at_++] != '"')) return false;
    if (!quoted && at_ < text_.size() &&
        (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E'))
      return false;
    const char* end = text_.data() + (quoted ? at_ - 1 : at_);
    const auto [ptr, ec] = std::from_chars(text_.data() + start, end, out);
    return ec == std::errc() && ptr == end && out >= least && out <= most;
  }
  bool Bool(bool& out) {
    Space();
    for (const bool value : {true, false}) {
      const std::string_view word = value ? "true" : "false";
      if (text_.substr(at_, word.size()) == word) {
        at_ += word.size();
        out = value;
        return true;
      }
    }
    return false;
  }
  // `each(key)` for every member of an object, which reads the member's value.
  template <typename Each>
  bool Object(Each each) {
    if (!Take('{')) return false;
    if (Take('}')) return true;
    do {
      std::string_view key;
      if (!String(key) || !Take(':') || !each(key)) return false;
    } while (Take(','));
    return Take('}');
  }

 private:
  std::string_view text_;
  size_t at_ = 0;
};

constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

// Marks `bit` seen; false when it was already.
bool Once(uint32_t& seen, int bit) {
  if (seen & (1u << bit)) return false;
  seen |= 1u << bit;
  return true;
}

template <typename Enum, typename Parse>
bool EnumValue(Reader& r, Parse parse, Enum& out) {
  std::string_view name;
  return r.String(name) && parse(std::string(name), &out);
}

bool Int32(Reader& r, int32_t& out) {
  int64_t n = 0;
  if (!r.Integer(kInt32Min, kInt32Max, false, n)) return false;
  out = static_cast<int32_t>(n);
  return true;
}

bool ReadDeclaration(Reader& r, v1::Declaration& d) {
  uint32_t seen = 0;
  return r.Object([&](std::string_view key) {
    if (key == "handling" && Once(seen, 0)) {
      v1::SkatHandling v;
      if (!EnumValue(r, v1::SkatHandling_Parse, v)) return false;
      d.set_handling(v);
      return true;
    }
    if (key == "game" && Once(seen, 1)) {
      v1::GameType v;
      if (!EnumValue(r, v1::GameType_Parse, v)) return false;
      d.set_game(v);
      return true;
    }
    if (key == "ouvert" && Once(seen, 2)) {
      bool b = false;
      if (!r.Bool(b)) return false;
      d.set_ouvert(b);
      return true;
    }
    if (key == "announcement" && Once(seen, 3)) {
      v1::Announcement v;
      if (!EnumValue(r, v1::Announcement_Parse, v)) return false;
      d.set_announcement(v);
      return true;
    }
    return false;
  });
}

bool ReadCards(Reader& r, v1::Act& a) {
  if (!r.Take('[')) return false;
  if (r.Take(']')) return true;
  do {
    std::string_view card;
    if (!r.String(card)) return false;
    a.add_cards(std::string(card));
  } while (r.Take(','));
  return r.Take(']');
}

bool ReadAct(Reader& r, v1::Act& a) {
  uint32_t seen = 0;
  return r.Object([&](std::string_view key) {
    if (key == "type" && Once(seen, 0)) {
      v1::ActType v;
      if (!EnumValue(r, v1::ActType_Parse, v)) return false;
      a.set_type(v);
      return true;
    }
    if (key == "seat" && Once(seen, 1)) {
      v1::Direction v;
      if (!EnumValue(r, v1::Direction_Parse, v)) return false;
      a.set_seat(v);
      return true;
    }
    if (key == "bid" && Once(seen, 2)) {
      int32_t n = 0;
      if (!Int32(r, n)) return false;
      a.set_bid(n);
      return true;
    }
    if (key == "cards" && Once(seen, 3)) return ReadCards(r, a);
    if (key == "trump" && Once(seen, 4)) {
      v1::GameType v;
      if (!EnumValue(r, v1::GameType_Parse, v)) return false;
      a.set_trump(v);
      return true;
    }
    if (key == "declaration" && Once(seen, 5)) return ReadDeclaration(r, *a.mutable_declaration());
    if (key == "accept" && Once(seen, 6)) {
      bool b = false;
      if (!r.Bool(b)) return false;
      a.set_accept(b);
      return true;
    }
    if (key == "text" && Once(seen, 7)) {
      std::string_view text;
      if (!r.String(text)) return false;
      a.set_text(std::string(text));
      return true;
    }
    return false;
  });
}

}  // namespace

bool ParseActRequestJson(std::string_view json, v1::ActRequest& out) {
  out.Clear();
  Reader r(json);
  uint32_t seen = 0;
  const bool read = r.Object([&](std::string_view key) {
    if (key == "table" && Once(seen, 0)) {
      std::string_view table;
      if (!r.String(table)) return false;
      out.set_table(std::string(table));
      return true;
    }
    if (key == "sequence" && Once(seen, 1)) {
      int64_t n = 0;
      if (!r.Integer(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), true,
                     n))
        return false;
      out.set_sequence(n);
      return true;
    }
    if (key == "act" && Once(seen, 2)) return ReadAct(r, *out.mutable_act());
    if (key == "boardNumber" && Once(seen, 3)) {
      int32_t n = 0;
      if (!Int32(r, n)) return false;
      out.set_board_number(n);
      return true;
    }
    return false;
  });
  return read && r.AtEnd();
}

}  // namespace skat::web
