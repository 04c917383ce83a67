#include "services/cli/sheets/game_export.h"

#include <array>
#include <vector>

#include "engine/act.h"
#include "engine/board.h"
#include "engine/game.h"
#include "engine/game_record.h"
#include "engine/iss_record.h"
#include "engine/iss_replay.h"

namespace skat::cli {

Result<std::string> ExportGames(const Profile& profile, const std::string& table,
                                const std::vector<std::string>& chair_names,
                                const v1::ListGamesResponse& games, GameFormat format,
                                std::ostream& notes) {
  std::vector<GameRecord> records;
  std::string iss;
  for (const v1::GameLog& log : games.games()) {
    const std::string board = "board " + std::to_string(log.board_number());
    if (!log.finished()) {
      notes << board << ": still in play, left out\n";
      continue;
    }
    if (log.acts().empty()) {
      notes << board << ": played with real cards (a result without acts), left out\n";
      continue;
    }
    Result<Board> cards = BoardFromNumber(log.deal_number());
    if (!cards.ok()) return Status::InvalidArgument(board + ": " + cards.status().message());
    Game game(profile, *cards);
    std::array<std::string, kDirectionCount> players;
    for (const v1::LoggedAct& logged : log.acts()) {
      Result<Act> act = ParseActLine(logged.text());
      Status applied = act.ok() ? game.Apply(*act) : act.status();
      if (!applied.ok()) {
        return Status::InvalidArgument(board + ": act '" + logged.text() +
                                       "' does not replay: " + applied.message());
      }
      const int chair = logged.chair();
      std::string& name = players[Index(act->seat)];
      if (name.empty() && chair >= 1) {
        name = chair <= static_cast<int>(chair_names.size()) && !chair_names[chair - 1].empty()
                   ? chair_names[chair - 1]
                   : "chair " + std::to_string(chair);
      }
    }
    if (format == GameFormat::kIss) {
      Result<IssRecord> record = IssRecordFromGame(game);
      if (record.ok()) {
        for (int d = 0; d < kDirectionCount; ++d) {
          record.value().players[d] = players[d].empty() ? "unknown" : players[d];
        }
        record.value().id = std::to_string(log.board_number());
      }
      Result<std::string> line =
          record.ok() ? WriteIssRecord(*record) : Result<std::string>(record.status());
      if (!line.ok()) {
        notes << board << ": not an ISS game (" << line.status().message() << "), left out\n";
        continue;
      }
      iss += *line + (line->empty() || line->back() != '\n' ? "\n" : "");
      continue;
    }
    GameRecord record(std::move(game));
    record.table = table;
    record.board = std::to_string(log.board_number());
    records.push_back(std::move(record));
  }
  if (format == GameFormat::kIss) return iss;
  return WriteGameRecords(records);
}

}  // namespace skat::cli
