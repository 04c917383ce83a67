#include "services/cli/i18n/game_text.h"

#include <regex>

#include "services/cli/i18n/tr.h"

namespace skat::cli {
namespace {

std::string GameTypeText(v1::GameType type) {
  switch (type) {
    case v1::GAME_TYPE_DIAMONDS: return "Karo";
    case v1::GAME_TYPE_HEARTS: return "Herz";
    case v1::GAME_TYPE_SPADES: return "Pik";
    case v1::GAME_TYPE_CLUBS: return "Kreuz";
    case v1::GAME_TYPE_GRAND: return "Grand";
    case v1::GAME_TYPE_NULL: return "Null";
    default: return "?";
  }
}

// The German of engine/declaration.cc ToString: "Herz Solo", "Grand Tournee, Schneider angesagt".
std::string DeclarationText(const v1::Declaration& d) {
  const std::string type = GameTypeText(d.game());
  const bool null = d.game() == v1::GAME_TYPE_NULL;
  std::string out;
  switch (d.handling()) {
    case v1::SKAT_HANDLING_HAND: out = null ? "Null" : type + (d.ouvert() ? "" : " Solo"); break;
    case v1::SKAT_HANDLING_TOURNEE: out = type + " Tournee"; break;
    case v1::SKAT_HANDLING_PASST_MIR_NICHT: out = "passt mir nicht " + type; break;
    case v1::SKAT_HANDLING_GUCKSER: out = null ? "Gucki Null" : "Guckser"; break;
    case v1::SKAT_HANDLING_PICKUP: out = type + " mit Skat"; break;
    case v1::SKAT_HANDLING_FRAGE: out = type + " Frage"; break;
    case v1::SKAT_HANDLING_REVOLUTION: out = "Revolution"; break;
    case v1::SKAT_HANDLING_UNO: out = "Uno"; break;
    case v1::SKAT_HANDLING_DUO: out = "Duo"; break;
    default: out = type;
  }
  if (d.ouvert() && d.handling() != v1::SKAT_HANDLING_REVOLUTION) out += " ouvert";
  if (d.announcement() == v1::ANNOUNCEMENT_SCHNEIDER) out += ", Schneider angesagt";
  if (d.announcement() == v1::ANNOUNCEMENT_SCHWARZ) out += ", Schwarz angesagt";
  return out;
}

// What the summary says after the declaration that the fields do not hold: the matadors
// ("with 2", "without 3") and how the game ended ("conceded", "contra by forehand", ...),
// rendered in German; the summary's other words are the fields' and built from them.
std::string MatadorsText(const std::string& summary) {
  std::smatch m;
  static const std::regex matadors("\\b(with|without) (\\d+)( as reported)?:");
  if (!std::regex_search(summary, m, matadors)) return "";
  return std::string(m[1] == "with" ? " mit " : " ohne ") + m[2].str() +
         (m[3].matched ? " (wie gemeldet)" : "");
}

std::string EndText(const std::string& summary) {
  static const std::pair<const char*, const char*> kEnds[] = {
      {", conceded as it stood", ", nach Stand aufgegeben"},
      {", defenders conceded", ", Gegenspieler gaben auf"},
      {", resigned", ", aufgegeben"},
      {", timed out", ", Zeit überschritten"},
      {", defenders resigned", ", Gegenspieler gaben auf"},
      {", a defender timed out", ", ein Gegenspieler überschritt die Zeit"},
      {", given up", ", aufgegeben"},
      {", claim accepted", ", Anspruch angenommen"},
      {", early end", ", vorzeitig beendet"},
  };
  std::string out;
  if (summary.find(", conceded)") != std::string::npos ||
      summary.find(", conceded,") != std::string::npos) {
    out += ", aufgegeben";
  }
  for (const auto& [english, german] : kEnds) {
    if (summary.find(english) != std::string::npos) out += german;
  }
  std::smatch m;
  static const std::regex contra(", (re-contra|contra) by (forehand|middlehand|rearhand)");
  if (std::regex_search(summary, m, contra)) {
    out += std::string(m[1] == "contra" ? ", Kontra von " : ", Re von ") +
           (m[2] == "forehand"     ? "Vorhand"
            : m[2] == "middlehand" ? "Mittelhand"
                                   : "Hinterhand");
  }
  return out;
}

}  // namespace

std::string DirectionText(v1::Direction direction) {
  switch (direction) {
    case v1::DIRECTION_FOREHAND: return Tr("forehand");
    case v1::DIRECTION_MIDDLEHAND: return Tr("middlehand");
    case v1::DIRECTION_REARHAND: return Tr("rearhand");
    default: return "?";
  }
}

std::string GameText(const v1::GameResult& r, bool value_withheld) {
  if (CurrentLanguage() == Language::kEnglish) return r.summary();
  if (r.kind() == v1::GameResult::KIND_PASSED_IN) return "eingepasst";
  auto points = [&](int i) { return i < r.card_points_size() ? r.card_points(i) : 0; };
  if (r.kind() == v1::GameResult::KIND_RAMSCH) {
    std::string out = "Ramsch:";
    for (int i = 0; i < 3; ++i) {
      out +=
          " " + DirectionText(static_cast<v1::Direction>(i + 1)) + " " + std::to_string(points(i));
      if (i < r.pad_size() && r.pad(i) < 0) out += " (zahlt " + std::to_string(-r.pad(i)) + ")";
    }
    return out;
  }
  const int d = static_cast<int>(r.declarer()) - 1;
  std::string out = DirectionText(r.declarer()) + " " + DeclarationText(r.declaration()) +
                    MatadorsText(r.summary()) + ": ";
  if (value_withheld) {
    out += "der Wert wird beim Eintragen berechnet";
  } else {
    out += (r.won() ? "gewonnen " : "verloren ") + std::to_string(r.value());
    std::smatch m;
    static const std::regex overbid("overbid \\(bid (\\d+)\\)");
    if (std::regex_search(r.summary(), m, overbid))
      out += ", überreizt (gereizt " + m[1].str() + ")";
  }
  const int tricks = d >= 0 && d < r.tricks_size() ? r.tricks(d) : 0;
  return out + " (" + std::to_string(d >= 0 ? points(d) : 0) + " Augen, " + std::to_string(tricks) +
         (tricks == 1 ? " Stich" : " Stiche") + EndText(r.summary()) + ")";
}

}  // namespace skat::cli
