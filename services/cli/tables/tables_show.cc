// skat tables show: a table's public state (director token, or a seat token of the table).
#include <ctime>
#include <iostream>
#include <string>

#include "services/cli/output.h"
#include "services/cli/tables/tables_verbs.h"

namespace skat::cli {
namespace {

void PrintTable(const v1::Table& t) {
  std::cout << t.name() << "\n";
  if (!t.label().empty()) std::cout << "  label:      " << t.label() << "\n";
  std::cout << "  board set:  " << t.board_set() << "\n"
            << "  boards:     " << TableBoardsText(t.boards()) << "  (" << t.boards_size()
            << (t.boards_size() == 1 ? " board)" : " boards)") << "\n"
            << "  chairs:     " << t.chairs() << ", " << TableModeName(t.mode()) << "\n";
  if (t.move_seconds() > 0) {
    std::cout << "  clock:      " << t.move_seconds() << " s a decision\n";
  }
  if (!t.bot_chairs().empty()) {
    std::cout << "  bots play:  chair";
    for (int chair : t.bot_chairs()) std::cout << " " << chair;
    std::cout << "\n";
  }
  if (!t.player_names().empty()) {
    std::cout << "  players:   ";
    for (int i = 0; i < t.player_names_size(); ++i) {
      std::cout << " chair " << i + 1 << " " << t.player_names(i)
                << (i + 1 < t.player_names_size() ? "," : "");
    }
    std::cout << "\n";
  }
  std::cout << "  progress:   ";
  if (t.finished()) {
    std::cout << "finished (" << t.boards_size() << " of " << t.boards_size() << " boards)\n";
  } else {
    std::cout << t.current_board_index() << " of " << t.boards_size() << " boards finished; board "
              << t.boards(t.current_board_index()) << " is in play\n";
  }
  if (t.has_create_time()) {
    std::cout << "  opened:     " << UtcText(t.create_time().seconds()) << "\n";
  }
}

}  // namespace

// "1 2 3 4 5 6" or "1-6".
std::string TableBoardsText(const google::protobuf::RepeatedField<int32_t>& boards) {
  bool consecutive = boards.size() > 2;
  for (int i = 1; i < boards.size(); ++i) consecutive &= boards[i] == boards[i - 1] + 1;
  if (consecutive)
    return std::to_string(boards[0]) + "-" + std::to_string(boards.Get(boards.size() - 1));
  std::string out;
  for (int b : boards) out += (out.empty() ? "" : " ") + std::to_string(b);
  return out;
}

std::string TableModeName(v1::TableMode mode) {
  return mode == v1::TABLE_MODE_PHYSICAL   ? "physical cards"
         : mode == v1::TABLE_MODE_IMPORTED ? "imported game records"
                                           : "online";
}

int RunTablesShow(const TablesOptions& o, v1::TableService::Stub& stub) {
  ServerOptions server = o.server;
  if (!o.seat_token.empty()) server.token = o.seat_token;
  v1::GetTableRequest request;
  request.set_name(o.table);
  v1::Table response;
  auto context = NewContext(server);
  grpc::Status s = stub.GetTable(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("tables show", s, *context, o.server);
  PrintTable(response);
  return 0;
}

}  // namespace skat::cli
