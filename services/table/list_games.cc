// TableService.ListGames: a page of a table's boards, each game rebuilt from its own acts. Only
// the page's acts and boards are read; a game depends on its own board and acts alone.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/table/table_host.h"

namespace skat::service {
namespace {

Status Broken(const store::TableRecord& table, const std::string& why) {
  return Status::Internal("table " + TableResourceName(table.event_id, table.id) + ": " + why);
}

// The game of the board at `index` after its logged acts.
Result<Game> Rebuild(const Profile& profile, const store::TableRecord& table, int index,
                     const Board& board, const std::vector<store::LoggedActRecord>& acts) {
  Game game(profile, board);
  for (const store::LoggedActRecord& logged : acts) {
    if (logged.board_index != index) continue;
    Result<Act> act = ParseActLine(logged.act);
    Status applied = act.ok() ? game.Apply(*act) : act.status();
    if (!applied.ok()) {
      return Broken(table, "logged act " + std::to_string(index) + "/" +
                               std::to_string(logged.act_index) + " \"" + logged.act +
                               "\" does not replay: " + applied.message());
    }
  }
  return game;
}

}  // namespace

grpc::Status TableHost::ListGames(grpc::ServerContext* context, const v1::ListGamesRequest* request,
                                  v1::ListGamesResponse* response) {
  Result<Caller> caller = AuthorizeDirector(*context, request->table());
  if (!caller.ok()) return ToGrpc(caller.status(), context);
  const TableName& name = caller->table;
  // Keys: the board's 0-based place in the table's round.
  const std::string list = "ListGames " + TableResourceName(name.event, name.table);
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<store::TableRecord> record = tables_.GetTable(name.event, name.table);
  if (!record.ok()) return ToGrpc(record.status(), context);
  const store::TableRecord& table = *record;
  const int boards = static_cast<int>(table.boards.size());
  const int first =
      page->after
          ? static_cast<int>(std::clamp<int64_t>(page->after->numbers[0], -1, boards - 1)) + 1
          : 0;
  // The page's boards and one more: the log is contiguous (a board has acts only once every
  // earlier board is finished; LiveTable::Replay refuses any other log), so acts of the board
  // after the page say that another page follows.
  Result<std::vector<store::LoggedActRecord>> read =
      tables_.ListActs(name.event, name.table, first, first + page->size);
  if (!read.ok()) return ToGrpc(read.status(), context);
  const std::vector<store::LoggedActRecord>& acts = *read;
  // Every board up to the last one with an act.
  int end = first;
  for (const store::LoggedActRecord& act : acts) end = std::max(end, act.board_index + 1);
  end = std::min({end, boards, first + page->size});
  if (end <= first) return grpc::Status::OK;

  Result<store::EventRecord> event = events_.GetEvent(name.event);
  if (!event.ok()) return ToGrpc(event.status(), context);
  const Profile* profile = FindProfile(event->profile);
  if (profile == nullptr) {
    return ToGrpc(Broken(table, "its event has unknown profile " + event->profile), context);
  }
  const auto [low, high] =
      std::minmax_element(table.boards.begin() + first, table.boards.begin() + end);
  Result<store::BoardSetRecord> set =
      events_.GetBoardSet(name.event, table.set_id, store::BoardRange{*low, *high});
  if (!set.ok()) return ToGrpc(set.status(), context);
  const std::string source = table.physical ? "physical" : table.imported ? "imported" : "online";
  for (int index = first; index < end; ++index) {
    const int number = table.boards[index];
    auto board = std::find_if(set->set.boards.begin(), set->set.boards.end(),
                              [number](const SetBoard& b) { return b.number == number; });
    if (board == set->set.boards.end()) {
      return ToGrpc(Broken(table, "board " + std::to_string(number) + " is missing from its set"),
                    context);
    }
    Result<Game> game = Rebuild(*profile, table, index, board->board, acts);
    if (!game.ok()) return ToGrpc(game.status(), context);
    v1::GameLog* out = response->add_games();
    out->set_board_number(number);
    out->set_board_index(index);
    out->set_source(source);
    out->set_deal_number(DealNumber(game->board()));
    out->set_finished(game->finished());
    if (game->finished()) ToProto(game->result(), out->mutable_result());
    for (const store::LoggedActRecord& act : acts) {
      if (act.board_index != index) continue;
      v1::LoggedAct* logged = out->add_acts();
      logged->set_chair(act.chair);
      logged->set_sequence(act.sequence);
      logged->set_made_by(act.made_by);
      logged->set_text(act.act);
    }
  }
  const bool more = std::any_of(acts.begin(), acts.end(), [end](const store::LoggedActRecord& a) {
    return a.board_index >= end;
  });
  if (more) {
    response->set_next_page_token(PageToken(list, PageKey{.numbers = {end - 1}, .text = ""}));
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
