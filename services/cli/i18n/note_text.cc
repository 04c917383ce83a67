#include "services/cli/i18n/note_text.h"

#include <utility>

#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/scoring/note.h"
#include "services/cli/i18n/game_text.h"
#include "services/common/game_proto.h"

namespace skat::cli {
namespace {

using Args = std::vector<std::string>;

// "board 3 forehand", "board 3 forehand version 1" from a field's board, direction and version.
std::optional<std::string> FieldText(const Translator& tr, const Args& args) {
  const std::optional<Direction> d = ParseDirection(args[1]);
  if (!d) return std::nullopt;
  const std::string direction = DirectionText(tr, service::ToProto(*d));
  if (args[2] == "0") return tr.Tr("board {0} {1}", args[0], direction);
  return tr.Tr("board {0} {1} version {2}", args[0], direction, args[2]);
}

// A game from its name and announcement: "hearts solo", "Herz Solo".
std::optional<std::string> GameText(const Translator& tr, const std::string& name,
                                    const std::string& announcement) {
  std::optional<Declaration> d = ParseGame(name);
  const std::optional<Announcement> a = ParseAnnouncement(announcement);
  if (!d || !a) return std::nullopt;
  d->announced = *a;
  v1::Declaration proto;
  service::ToProto(*d, &proto);
  return DeclarationText(tr, proto);
}

std::optional<std::string> FieldNote(const Translator& tr, std::string_view code,
                                     const Args& args) {
  const std::optional<std::string> field = FieldText(tr, args);
  if (!field) return std::nullopt;
  if (code == "field-seats-differ") {
    return tr.Tr("{0}: {1} seats but N = {2} planned; N raised to {1}", *field, args[3], args[4]);
  }
  if (code == "no-real-result") {
    return tr.Tr("{0}: no real result (n = 0), only artificial scores", *field);
  }
  return tr.Tr("{0}: N = 1, the board carries no matchpoints", *field);
}

std::optional<std::string> PrizeNote(const Translator& tr, std::string_view code,
                                     const Args& args) {
  if (code == "prize-net-games") {
    return tr.Tr("net games {0} (won {1}, lost {2}), own points {3}", args[0], args[1], args[2],
                 args[3]);
  }
  if (code == "prize-none") return tr.Tr("no player qualifies");
  const std::optional<std::string> game = GameText(tr, args[0], args[1]);
  if (!game) return std::nullopt;
  if (code == "prize-highest") {
    return tr.Tr("{0} won {1}, own points {2}", *game, args[2], args[3]);
  }
  return tr.Tr("{0} without {1}, level {2}, own points {3}", *game, args[2], args[3], args[4]);
}

}  // namespace

std::optional<std::string> NoteText(const Translator& tr, std::string_view code, const Args& args) {
  size_t i = 0;
  while (i < scoring::kNoteCodes.size() && scoring::kNoteCodes[i] != code) ++i;
  if (i == scoring::kNoteCodes.size()) return std::nullopt;
  if (args.size() != static_cast<size_t>(scoring::kNoteArgCounts[i])) return std::nullopt;
  if (code == "field-seats-differ" || code == "no-real-result" || code == "single-result") {
    return FieldNote(tr, code, args);
  }
  if (code == "session-held-at") {
    return tr.Tr("session {0}, chair of {1}: held at {2} of {3} tables", args[0], args[1], args[2],
                 args[3]);
  }
  if (code == "session-one-player") {
    return tr.Tr("session {0}, chair of {1}: one player, no matchpoints", args[0], args[1]);
  }
  if (code == "team-clubs") {
    return tr.Tr("team score: {0} clubs; only \"{1}\" against \"{2}\" is scored", args[0], args[1],
                 args[2]);
  }
  return PrizeNote(tr, code, args);
}

std::optional<std::string> NoteText(const Translator& tr, const v1::Note& note) {
  return NoteText(tr, note.code(), Args(note.args().begin(), note.args().end()));
}

std::string NoteOrEnglish(const Translator& tr, const v1::Note& note, const std::string& english,
                          bool* fell_back) {
  if (fell_back != nullptr) *fell_back = false;
  if (tr.language() == kEnglish) return english;
  std::optional<std::string> text = NoteText(tr, note);
  if (text) return std::move(*text);
  if (fell_back != nullptr) *fell_back = true;
  return english;
}

std::string PrizeCategoryText(const Translator& tr, const std::string& category) {
  if (tr.language() == kEnglish) return category;
  if (category == "net-games") return tr.Tr("most net games");
  if (category == "own-points") return tr.Tr("most own points");
  if (category == "solo-without") return tr.Tr("solo without");
  if (category == "highest-game") return tr.Tr("highest game");
  if (category == "tournee-without") return tr.Tr("tournee without");
  return category;
}

}  // namespace skat::cli
