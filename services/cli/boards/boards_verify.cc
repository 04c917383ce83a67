// skat boards verify: a revealed set checked, a stored one by skatd (VerifyBoardSet) or an
// exported archive file offline (docs/board-sets.md): every board and the commitment.
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/board_set_format.h"
#include "engine/deal/generator.h"
#include "services/cli/boards/boards_verbs.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"

namespace skat::cli {

CLI::App* AddBoardsVerify(CLI::App& boards, BoardsOptions& o) {
  CLI::App* verify = boards.add_subcommand(
      "verify",
      Tr("Check a revealed set: a stored one through skatd, or an archive file offline."));
  auto* verify_set = verify->add_option("set", o.set, Tr("events/{event}/boardSets/{set}"));
  auto* verify_file =
      verify->add_option("--file", o.file, Tr("an archive file (no server needed)"));
  verify_set->excludes(verify_file);
  verify->require_option(1);
  return verify;
}

int RunBoardsVerifyFile(const BoardsOptions& o) {
  std::ifstream in(o.file, std::ios::binary);
  if (!in) return Fail("boards verify", Tr("cannot read {0}", o.file));
  std::stringstream text;
  text << in.rdbuf();
  Result<BoardSet> set = ReadBoardSet(text.str());
  if (!set.ok()) return Fail("boards verify", o.file + ": " + set.status().message());
  if (Status s = deal::Verify(*set); !s.ok()) {
    return Fail("boards verify", o.file + ": " + s.message());
  }
  std::cout << o.file << ": "
            << Tr("all {0} boards and the commitment verified", set->boards.size()) << "\n";
  return 0;
}

int RunBoardsVerify(const BoardsOptions& o, v1::DealService::Stub& stub) {
  v1::VerifyBoardSetRequest request;
  request.set_name(o.set);
  v1::VerifyBoardSetResponse response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.VerifyBoardSet(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("boards verify", s, *context, o.server);
  if (!response.ok()) return Fail("boards verify", o.set + ": " + response.problem());
  std::cout << o.set << ": "
            << Tr("all {0} boards and the commitment verified", response.boards_checked()) << "\n";
  return 0;
}

}  // namespace skat::cli
