// skat boards: board sets through skatd's DealService, and the offline check of an exported
// archive file (`skat boards verify --file F`, no server needed). Each verb is in
// boards_verbs.h.
#include <memory>

#include "services/cli/boards/boards_verbs.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"

namespace skat::cli {

Runner AddBoardsCommand(CLI::App& app) {
  auto o = std::make_shared<BoardsOptions>();
  CLI::App* sub = app.add_subcommand(
      "boards", Tr("Board sets: create, list, show, beacon, reveal, verify, export, print."));
  sub->require_subcommand(1);
  sub->footer(
      Tr("A set is created with a secret seed and publishes its commitment; after the event the\n"
         "director reveals the seed, and anyone can verify every board, offline from an exported\n"
         "archive file: skat boards verify --file FILE (docs/board-sets.md)."));
  CLI::App* create = AddBoardsCreate(*sub, *o);
  CLI::App* list = AddBoardsList(*sub, *o);
  CLI::App* show = AddBoardsShow(*sub, *o);
  CLI::App* beacon = AddBoardsBeacon(*sub, *o);
  CLI::App* reveal = AddBoardsReveal(*sub, *o);
  CLI::App* verify = AddBoardsVerify(*sub, *o);
  CLI::App* exp = AddBoardsExport(*sub, *o);
  CLI::App* print = AddBoardsPrint(*sub, *o);
  for (CLI::App* c : {create, list, show, beacon, reveal, verify, exp, print}) {
    AddServerOptions(*c, o->server);
  }
  return [o, create, list, show, beacon, reveal, verify, exp]() -> int {
    // Offline verification needs no server.
    if (verify->parsed() && !o->file.empty()) return RunBoardsVerifyFile(*o);
    auto stub = v1::DealService::NewStub(Connect(o->server));
    if (create->parsed()) return RunBoardsCreate(*o, *stub);
    if (list->parsed()) return RunBoardsList(*o, *stub);
    if (show->parsed()) return RunBoardsShow(*o, *stub);
    if (beacon->parsed()) return RunBoardsBeacon(*o, *stub);
    if (reveal->parsed()) return RunBoardsReveal(*o, *stub);
    if (verify->parsed()) return RunBoardsVerify(*o, *stub);
    if (exp->parsed()) return RunBoardsExport(*o, *stub);
    return RunBoardsPrint(*o, *stub);
  };
}

}  // namespace skat::cli
