#include "engine/declaration.h"

namespace skat {

std::string_view GameTypeName(GameType t) {
  constexpr std::string_view kNames[kGameTypeCount] = {"diamonds", "hearts", "spades",
                                                       "clubs",    "grand",  "null"};
  return kNames[static_cast<int>(t)];
}

std::string_view HandlingName(SkatHandling h) {
  constexpr std::string_view kNames[kSkatHandlingCount] = {
      "hand", "tournee", "passt-mir-nicht", "guckser", "pickup", "frage", "revolution",
      "uno",  "duo"};
  return kNames[static_cast<int>(h)];
}

std::string_view AnnouncementName(Announcement a) {
  constexpr std::string_view kNames[3] = {"none", "schneider", "schwarz"};
  return kNames[static_cast<int>(a)];
}

std::string ToString(const Declaration& d) {
  std::string type(GameTypeName(d.type));
  std::string out;
  switch (d.handling) {
    case SkatHandling::kHand:
      out = d.type == GameType::kNull ? "null" : type + (d.ouvert ? "" : " solo");
      if (d.ouvert) out += " ouvert";
      break;
    case SkatHandling::kTournee: out = type + " tournee"; break;
    case SkatHandling::kPasstMirNicht: out = "passt-mir-nicht " + type; break;
    case SkatHandling::kGuckser:
      // laws-1900's Gucki Null is a Guckser played as Null (001:L31).
      out = d.type == GameType::kNull ? (d.ouvert ? "gucki null ouvert" : "gucki null") : "guckser";
      break;
    case SkatHandling::kPickup: out = type + (d.ouvert ? " ouvert" : "") + " with the skat"; break;
    case SkatHandling::kFrage: out = type + " frage"; break;
    case SkatHandling::kRevolution: out = "revolution"; break;
    case SkatHandling::kUno: out = d.ouvert ? "uno ouvert" : "uno"; break;
    case SkatHandling::kDuo: out = d.ouvert ? "duo ouvert" : "duo"; break;
  }
  if (d.announced != Announcement::kNone) {
    out += ", " + std::string(AnnouncementName(d.announced)) + " announced";
  }
  return out;
}

std::optional<GameType> ParseGameType(std::string_view name) {
  for (int i = 0; i < kGameTypeCount; ++i) {
    if (name == GameTypeName(static_cast<GameType>(i))) return static_cast<GameType>(i);
  }
  return std::nullopt;
}

std::optional<SkatHandling> ParseHandling(std::string_view name) {
  for (int i = 0; i < kSkatHandlingCount; ++i) {
    if (name == HandlingName(static_cast<SkatHandling>(i))) return static_cast<SkatHandling>(i);
  }
  return std::nullopt;
}

std::optional<Announcement> ParseAnnouncement(std::string_view name) {
  for (int i = 0; i < 3; ++i) {
    if (name == AnnouncementName(static_cast<Announcement>(i))) return static_cast<Announcement>(i);
  }
  return std::nullopt;
}

std::string GameName(const Declaration& d) {
  const std::string type(GameTypeName(d.type));
  const std::string ouvert = d.ouvert ? "-ouvert" : "";
  switch (d.handling) {
    case SkatHandling::kHand:
      if (d.type == GameType::kNull) return "null" + ouvert;
      if (d.ouvert) return type + ouvert;
      return d.type == GameType::kGrand ? "grand-solo" : "solo-" + type;
    case SkatHandling::kTournee:
      return d.type == GameType::kGrand ? "grand-tournee" : "tournee-" + type;
    case SkatHandling::kPasstMirNicht: return "passt-mir-nicht-" + type;
    case SkatHandling::kGuckser:
      return d.type == GameType::kNull ? "gucki-null" + ouvert : "guckser";
    case SkatHandling::kPickup: return "pickup-" + type + ouvert;
    case SkatHandling::kFrage: return "frage-" + type;
    case SkatHandling::kRevolution: return "revolution";
    case SkatHandling::kUno: return "uno" + ouvert;
    case SkatHandling::kDuo: return "duo" + ouvert;
  }
  return type;
}

std::optional<Declaration> ParseGame(std::string_view name) {
  auto suit_after = [&](std::string_view prefix, SkatHandling h) -> std::optional<Declaration> {
    if (!name.starts_with(prefix)) return std::nullopt;
    std::optional<GameType> t = ParseGameType(name.substr(prefix.size()));
    if (!t || *t == GameType::kNull) return std::nullopt;
    return Declaration{h, *t, false, Announcement::kNone};
  };
  if (name == "grand-tournee") return Declaration{SkatHandling::kTournee, GameType::kGrand};
  if (name == "guckser") return Declaration{SkatHandling::kGuckser, GameType::kGrand};
  // laws-1900's Gucki Null, open or not: a Guckser played as Null (001:L31, L35).
  if (name == "gucki-null") return Declaration{SkatHandling::kGuckser, GameType::kNull};
  if (name == "gucki-null-ouvert") {
    return Declaration{SkatHandling::kGuckser, GameType::kNull, true};
  }
  if (name == "grand-solo") return Declaration{SkatHandling::kHand, GameType::kGrand};
  if (name == "grand-ouvert") return Declaration{SkatHandling::kHand, GameType::kGrand, true};
  if (name == "null") return Declaration{SkatHandling::kHand, GameType::kNull};
  if (name == "null-ouvert") return Declaration{SkatHandling::kHand, GameType::kNull, true};
  if (name == "revolution") {
    return Declaration{SkatHandling::kRevolution, GameType::kNull, true};
  }
  if (name == "uno") return Declaration{SkatHandling::kUno, GameType::kGrand};
  if (name == "uno-ouvert") return Declaration{SkatHandling::kUno, GameType::kGrand, true};
  if (name == "duo") return Declaration{SkatHandling::kDuo, GameType::kGrand};
  if (name == "duo-ouvert") return Declaration{SkatHandling::kDuo, GameType::kGrand, true};
  if (auto d = suit_after("tournee-", SkatHandling::kTournee)) return d;
  if (auto d = suit_after("passt-mir-nicht-", SkatHandling::kPasstMirNicht)) return d;
  if (name == "passt-mir-nicht-grand") {
    return Declaration{SkatHandling::kPasstMirNicht, GameType::kGrand};
  }
  if (auto d = suit_after("solo-", SkatHandling::kHand)) return d;
  if (auto d = suit_after("frage-", SkatHandling::kFrage)) return d;
  // A suit ouvert, a hand game (isko: "clubs-ouvert").
  constexpr std::string_view kOuvert = "-ouvert";
  if (name.ends_with(kOuvert)) {
    std::optional<GameType> t = ParseGameType(name.substr(0, name.size() - kOuvert.size()));
    if (t && IsSuitGame(*t)) return Declaration{SkatHandling::kHand, *t, true};
  }
  // The games declared after taking the skat up openly (isko, gucki-variation): "pickup-<game>"
  // with any game type, "-ouvert" after it.
  constexpr std::string_view kPickup = "pickup-";
  if (name.starts_with(kPickup)) {
    std::string_view rest = name.substr(kPickup.size());
    const bool ouvert = rest.ends_with(kOuvert);
    if (ouvert) rest.remove_suffix(kOuvert.size());
    if (std::optional<GameType> t = ParseGameType(rest)) {
      return Declaration{SkatHandling::kPickup, *t, ouvert};
    }
  }
  return std::nullopt;
}

}  // namespace skat
