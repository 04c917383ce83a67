#include "services/cli/i18n/game_text.h"

#include <regex>
#include <utility>

#include "services/cli/i18n/tr.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

std::string GameTypeText(const Translator& tr, v1::GameType type) {
  switch (type) {
    case v1::GAME_TYPE_DIAMONDS: return tr.Tr("diamonds");
    case v1::GAME_TYPE_HEARTS: return tr.Tr("hearts");
    case v1::GAME_TYPE_SPADES: return tr.Tr("spades");
    case v1::GAME_TYPE_CLUBS: return tr.Tr("clubs");
    case v1::GAME_TYPE_GRAND: return tr.Tr("grand");
    case v1::GAME_TYPE_NULL: return tr.Tr("null");
    default: return "?";
  }
}

}  // namespace

// engine/declaration.cc ToString in the reader's language: "Herz Solo", "Grand Tournee,
// Schneider angesagt".
std::string DeclarationText(const Translator& tr, const v1::Declaration& d) {
  const std::string type = GameTypeText(tr, d.game());
  const bool null = d.game() == v1::GAME_TYPE_NULL;
  std::string out;
  switch (d.handling()) {
    case v1::SKAT_HANDLING_HAND: out = null || d.ouvert() ? type : tr.Tr("{0} solo", type); break;
    case v1::SKAT_HANDLING_TOURNEE: out = tr.Tr("{0} tournee", type); break;
    case v1::SKAT_HANDLING_PASST_MIR_NICHT: out = tr.Tr("passt-mir-nicht {0}", type); break;
    case v1::SKAT_HANDLING_GUCKSER: out = null ? tr.Tr("gucki null") : tr.Tr("guckser"); break;
    case v1::SKAT_HANDLING_PICKUP: out = tr.Tr("{0} with the skat", type); break;
    case v1::SKAT_HANDLING_FRAGE: out = tr.Tr("{0} frage", type); break;
    case v1::SKAT_HANDLING_REVOLUTION: out = tr.Tr("revolution"); break;
    case v1::SKAT_HANDLING_UNO: out = tr.Tr("uno"); break;
    case v1::SKAT_HANDLING_DUO: out = tr.Tr("duo"); break;
    default: out = type;
  }
  if (d.ouvert() && d.handling() != v1::SKAT_HANDLING_REVOLUTION) out += " ouvert";
  if (d.announcement() == v1::ANNOUNCEMENT_SCHNEIDER) out += ", " + tr.Tr("schneider announced");
  if (d.announcement() == v1::ANNOUNCEMENT_SCHWARZ) out += ", " + tr.Tr("schwarz announced");
  return out;
}

namespace {

// What the summary says after the declaration that the fields do not hold: the matadors
// ("with 2", "without 3") and how the game ended ("conceded", "contra by forehand", ...); the
// summary's other words are the fields' and built from them.
std::string MatadorsText(const Translator& tr, const std::string& summary) {
  std::smatch m;
  static const std::regex matadors("\\b(with|without) (\\d+)( as reported)?:");
  if (!std::regex_search(summary, m, matadors)) return "";
  return " " + (m[1] == "with" ? tr.Tr("with {0}", m[2].str()) : tr.Tr("without {0}", m[2].str())) +
         (m[3].matched ? " " + tr.Tr("(as reported)") : "");
}

std::string EndText(const Translator& tr, const std::string& summary) {
  const std::pair<const char*, std::string> ends[] = {
      {", conceded as it stood", tr.Tr("conceded as it stood")},
      {", defenders conceded", tr.Tr("defenders conceded")},
      {", resigned", tr.Tr("resigned")},
      {", timed out", tr.Tr("timed out")},
      {", defenders resigned", tr.Tr("defenders resigned")},
      {", a defender timed out", tr.Tr("a defender timed out")},
      {", given up", tr.Tr("given up")},
      {", claim accepted", tr.Tr("claim accepted")},
      {", early end", tr.Tr("early end")},
  };
  std::string out;
  if (summary.find(", conceded)") != std::string::npos ||
      summary.find(", conceded,") != std::string::npos) {
    out += ", " + tr.Tr("conceded");
  }
  for (const auto& [english, translated] : ends) {
    if (summary.find(english) != std::string::npos) out += ", " + translated;
  }
  std::smatch m;
  static const std::regex contra(", (re-contra|contra) by (forehand|middlehand|rearhand)");
  if (std::regex_search(summary, m, contra)) {
    const std::string by = tr.Tr(m[2].str() == "forehand"     ? "forehand"
                                 : m[2].str() == "middlehand" ? "middlehand"
                                                              : "rearhand");
    out += ", " + (m[1] == "contra" ? tr.Tr("contra by {0}", by) : tr.Tr("re-contra by {0}", by));
  }
  return out;
}

std::string RamschText(const Translator& tr, const v1::GameResult& r) {
  std::string out = tr.Tr("ramsch") + ":";
  for (int i = 0; i < 3; ++i) {
    out += " " + DirectionText(tr, static_cast<v1::Direction>(i + 1)) + " " +
           std::to_string(i < r.card_points_size() ? r.card_points(i) : 0);
    if (i < r.pad_size() && r.pad(i) < 0) out += " " + tr.Tr("(charged {0})", -r.pad(i));
  }
  return out;
}

}  // namespace

std::string DeclarationText(const v1::Declaration& declaration) {
  return DeclarationText(Translator(CurrentLanguage()), declaration);
}

std::string DirectionText(v1::Direction direction) {
  return DirectionText(Translator(CurrentLanguage()), direction);
}

std::string DirectionText(const Translator& tr, v1::Direction direction) {
  switch (direction) {
    case v1::DIRECTION_FOREHAND: return tr.Tr("forehand");
    case v1::DIRECTION_MIDDLEHAND: return tr.Tr("middlehand");
    case v1::DIRECTION_REARHAND: return tr.Tr("rearhand");
    default: return "?";
  }
}

std::string GameText(const v1::GameResult& r, bool value_withheld) {
  return GameText(Translator(CurrentLanguage()), r, value_withheld);
}

std::string GameText(const Translator& tr, const v1::GameResult& r, bool value_withheld) {
  if (tr.language() == kEnglish) return r.summary();
  if (r.kind() == v1::GameResult::KIND_PASSED_IN) return tr.Tr("passed in");
  if (r.kind() == v1::GameResult::KIND_RAMSCH) return RamschText(tr, r);
  const int d = static_cast<int>(r.declarer()) - 1;
  std::string out = DirectionText(tr, r.declarer()) + " " + DeclarationText(tr, r.declaration()) +
                    MatadorsText(tr, r.summary()) + ": ";
  if (value_withheld) {
    out += tr.Tr("the value is computed when the result is entered");
  } else {
    out += r.won() ? tr.Tr("won {0}", r.value()) : tr.Tr("lost {0}", r.value());
    std::smatch m;
    static const std::regex overbid("overbid \\(bid (\\d+)\\)");
    if (std::regex_search(r.summary(), m, overbid))
      out += ", " + tr.Tr("overbid (bid {0})", m[1].str());
  }
  const bool known = d >= 0 && d < r.card_points_size() && d < r.tricks_size();
  const int points = known ? r.card_points(d) : 0;
  const int tricks = known ? r.tricks(d) : 0;
  return out + " (" + tr.Tr("{0} card points", points) + ", " +
         tr.TrN("{n} trick", "{n} tricks", tricks) + EndText(tr, r.summary()) + ")";
}

std::string GameText(const GameResult& result) {
  if (CurrentLanguage() == kEnglish) return Describe(result);
  v1::GameResult proto;
  service::ToProto(result, &proto);
  return GameText(proto);
}

std::string DeclarationText(const Declaration& declaration) {
  if (CurrentLanguage() == kEnglish) return ToString(declaration);
  v1::Declaration proto;
  service::ToProto(declaration, &proto);
  return DeclarationText(proto);
}

}  // namespace skat::cli
