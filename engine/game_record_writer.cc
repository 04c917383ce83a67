// The game record writer (engine/game_record.h). Its act lines are ActLine's (engine/act.h); the
// text forms it shares with the reader are in engine/game_record_internal.h.
#include <array>
#include <string>

#include "engine/game_record.h"
#include "engine/game_record_internal.h"
#include "engine/text_scan.h"

namespace skat {
namespace game_record_internal {

// "+30", "0", "-20".
std::string Signed(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

namespace {

using text::BadTextOffset;
using text::IsBlank;

Status CheckLabel(std::string_view name, const std::string& label) {
  if (BadTextOffset(label) != std::string_view::npos) {
    return Status(
        ErrorCode::kInvalidArgument,
        "the " + std::string(name) + " label is not valid UTF-8 or holds a control character");
  }
  if (!label.empty() && (IsBlank(label.front()) || IsBlank(label.back()))) {
    return Status::InvalidArgument("the " + std::string(name) +
                                   " label begins or ends with a space");
  }
  return Status::Ok();
}

Result<std::string> Write(const GameRecord& record, int number) {
  const Game& game = record.game;
  if (!game.finished()) {
    return Status::InvalidArgument(
        "only a finished game can be written as a record (the game is in phase " +
        std::string(PhaseName(game.phase())) + ")");
  }
  const std::array<std::pair<std::string_view, const std::string*>, 3> labels = {
      std::pair{"table", &record.table}, std::pair{"board", &record.board},
      std::pair{"round", &record.round}};
  for (const auto& [name, label] : labels) {
    if (Status s = CheckLabel(name, *label); !s.ok()) return s;
  }
  std::string out;
  out.reserve(1200);
  if (number > 0) out += "game " + std::to_string(number) + "\n";
  out += "profile: " + std::string(game.profile().id) + "\n";
  for (const auto& [name, label] : labels) {
    if (!label->empty()) out += std::string(name) + ": " + *label + "\n";
  }
  out += "deal: " + std::to_string(DealNumber(game.board())) + " " + ToString(game.board()) + "\n";
  for (const Act& act : game.acts()) out += ActLine(act) + "\n";
  const GameResult& r = game.result();
  out += "# " + Describe(r) + "\n";
  switch (r.kind) {
    case ResultKind::kDeclarerGame:
      out += "declarer: ";
      out += DirectionLetter(r.declarer);
      out += "\ngame: " + DeclarationArguments(r.declaration) + "\n";
      out += std::string("value: ") + (r.valuation.won ? "won " : "lost ") +
             std::to_string(r.valuation.value) + "\n";
      break;
    case ResultKind::kRamsch: out += "declarer: none\ngame: ramsch\n"; break;
    case ResultKind::kPassedIn: out += "declarer: none\ngame: passed-in\n"; break;
  }
  out += "pad:";
  for (Direction d : kDirections) {
    out += ' ';
    out += DirectionLetter(d);
    out += ' ' + Signed(r.pad[Index(d)]);
  }
  out += "\n";
  return out;
}

}  // namespace
}  // namespace game_record_internal

Result<std::string> WriteGameRecord(const Game& game) {
  return game_record_internal::Write(GameRecord(game), 0);
}

Result<std::string> WriteGameRecord(const GameRecord& record) {
  return game_record_internal::Write(record, 0);
}

Result<std::string> WriteGameRecords(std::span<const GameRecord> records) {
  std::string out;
  for (size_t i = 0; i < records.size(); ++i) {
    Result<std::string> one = game_record_internal::Write(records[i], static_cast<int>(i) + 1);
    if (!one.ok()) {
      return Status(one.status().code(),
                    "game " + std::to_string(i + 1) + ": " + one.status().message());
    }
    if (i > 0) out += "\n";
    out += *one;
  }
  return out;
}

}  // namespace skat
