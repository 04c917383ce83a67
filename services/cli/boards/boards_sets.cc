// skat boards create, list, show, beacon and reveal: a board set's life through skatd's
// DealService (docs/board-sets.md), each printed as PrintSet does.
#include <ctime>
#include <iostream>
#include <string>

#include "services/cli/boards/boards_verbs.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"

namespace skat::cli {
namespace {

// "  label:       " with the label in the reader's language, padded to one column.
std::string SetLine(const std::string& label) {
  std::string out = "  " + label;
  // Pad by characters, not bytes (German labels hold umlauts).
  size_t width = 0;
  for (char c : label) width += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return out + std::string(width < 13 ? 13 - width : 1, ' ');
}

void PrintSet(const v1::BoardSet& s) {
  std::cout << s.name() << "\n"
            << SetLine(Tr("label:")) << s.label() << "\n"
            << SetLine(Tr("boards:")) << Tr("{0} (tables of {1})", s.board_count(), s.table_size())
            << (s.boards_ready() ? "" : ", " + Tr("awaiting the beacon value")) << "\n"
            << SetLine(Tr("generator:")) << Tr("version {0}", s.generator_version()) << "\n"
            << SetLine(Tr("commitment:")) << s.commitment() << "\n";
  if (!s.beacon_source().empty()) {
    std::cout << SetLine(Tr("beacon:")) << s.beacon_source() << " = "
              << (s.beacon_value().empty() ? Tr("(not entered yet)") : s.beacon_value()) << "\n";
  }
  if (!s.revealed()) {
    std::cout << SetLine(Tr("revealed:")) << Tr("no") << "\n";
    return;
  }
  std::cout << SetLine(Tr("revealed:")) << Tr("yes")
            << (s.has_reveal_time() ? " " + Tr("at {0}", UtcText(s.reveal_time().seconds())) : "")
            << ", " << Tr("seed {0}", s.seed()) << "\n";
  if (s.reveal_forced()) {
    std::cout << SetLine(Tr("forced:"))
              << Tr("while boards may have been in play; reason: {0}", s.reveal_reason()) << "\n";
  }
}

void PrintBoard(const v1::Board& b) {
  auto cards = [](const google::protobuf::RepeatedPtrField<std::string>& list) {
    std::string out;
    for (const std::string& c : list) out += (out.empty() ? "" : " ") + c;
    return out;
  };
  std::cout << "board " << b.number() << "  deal number " << b.deal_number()
            << "  forehand in chair " << b.forehand_chair() << "\n"
            << "  forehand    " << cards(b.forehand()) << "\n"
            << "  middlehand  " << cards(b.middlehand()) << "\n"
            << "  rearhand    " << cards(b.rearhand()) << "\n"
            << "  skat        " << cards(b.skat()) << "  (card 1 first)\n";
}

}  // namespace

CLI::App* AddBoardsCreate(CLI::App& boards, BoardsOptions& o) {
  CLI::App* create = boards.add_subcommand("create", Tr("Create a board set (director)."));
  create->add_option("--event", o.event, Tr("events/{event}"))->required();
  create->add_option("--boards", o.count, Tr("number of boards (1-1000)"))->capture_default_str();
  create->add_option("--label", o.label, Tr("public label (default: the event's name)"));
  create->add_option("--table-size", o.table_size, Tr("chairs per table: 3 or 4"))
      ->capture_default_str();
  create->add_option("--beacon-source", o.beacon_source,
                     Tr("a public value unknown in advance, named now and entered later"));
  return create;
}

int RunBoardsCreate(const BoardsOptions& o, v1::DealService::Stub& stub) {
  v1::CreateBoardSetRequest request;
  request.set_parent(o.event);
  request.set_label(o.label);
  request.set_board_count(o.count);
  request.set_table_size(o.table_size);
  request.set_beacon_source(o.beacon_source);
  v1::BoardSet response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.CreateBoardSet(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("boards create", s, *context, o.server);
  PrintSet(response);
  std::cout << Tr("Publish the commitment before play; reveal the seed after the event.") << "\n";
  return 0;
}

CLI::App* AddBoardsList(CLI::App& boards, BoardsOptions& o) {
  CLI::App* list = boards.add_subcommand("list", Tr("List the board sets of an event."));
  list->add_option("--event", o.event, Tr("events/{event}"))->required();
  return list;
}

int RunBoardsList(const BoardsOptions& o, v1::DealService::Stub& stub) {
  v1::ListBoardSetsRequest request;
  request.set_parent(o.event);
  v1::ListBoardSetsResponse response;
  const int failed = ListAllPages(
      o.server, "boards list", request,
      [&](grpc::ClientContext* c, const v1::ListBoardSetsRequest& r, v1::ListBoardSetsResponse* p) {
        return stub.ListBoardSets(c, r, p);
      },
      &response);
  if (failed != 0) return failed;
  for (const v1::BoardSet& set : response.board_sets()) PrintSet(set);
  if (response.board_sets().empty())
    std::cout << Tr("no board sets yet (skat boards create)") << "\n";
  return 0;
}

CLI::App* AddBoardsShow(CLI::App& boards, BoardsOptions& o) {
  CLI::App* show = boards.add_subcommand("show", Tr("Show a set, or one board (director before the "
                                                    "reveal)."));
  show->add_option("set", o.set, Tr("events/{event}/boardSets/{set}"))->required();
  show->add_option("--board", o.board, Tr("a board number"));
  return show;
}

int RunBoardsShow(const BoardsOptions& o, v1::DealService::Stub& stub) {
  auto context = NewContext(o.server);
  if (o.board > 0) {
    v1::GetBoardRequest request;
    request.set_board_set(o.set);
    request.set_number(o.board);
    v1::Board response;
    grpc::Status s = stub.GetBoard(context.get(), request, &response);
    if (!s.ok()) return ReportFailure("boards show", s, *context, o.server);
    PrintBoard(response);
    return 0;
  }
  v1::GetBoardSetRequest request;
  request.set_name(o.set);
  v1::BoardSet response;
  grpc::Status s = stub.GetBoardSet(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("boards show", s, *context, o.server);
  PrintSet(response);
  return 0;
}

CLI::App* AddBoardsBeacon(CLI::App& boards, BoardsOptions& o) {
  CLI::App* beacon = boards.add_subcommand("beacon", Tr("Enter the beacon value (director)."));
  beacon->add_option("set", o.set, Tr("events/{event}/boardSets/{set}"))->required();
  beacon->add_option("--value", o.beacon_value, Tr("the beacon value"))->required();
  return beacon;
}

int RunBoardsBeacon(const BoardsOptions& o, v1::DealService::Stub& stub) {
  v1::EnterBeaconRequest request;
  request.set_name(o.set);
  request.set_beacon_value(o.beacon_value);
  v1::BoardSet response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.EnterBeacon(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("boards beacon", s, *context, o.server);
  PrintSet(response);
  return 0;
}

CLI::App* AddBoardsReveal(CLI::App& boards, BoardsOptions& o) {
  CLI::App* reveal = boards.add_subcommand(
      "reveal",
      Tr("Publish the seed (director); refused while a table of the set has a board left."));
  reveal->add_option("set", o.set, Tr("events/{event}/boardSets/{set}"))->required();
  CLI::Option* force = reveal->add_flag(
      "--force", o.force,
      Tr("reveal even while boards are in play (every hand becomes public); needs --reason"));
  CLI::Option* reason =
      reveal->add_option("--reason", o.reason, Tr("why the reveal is forced (kept with the set)"));
  force->needs(reason);
  reason->needs(force);
  return reveal;
}

int RunBoardsReveal(const BoardsOptions& o, v1::DealService::Stub& stub) {
  v1::RevealBoardSetRequest request;
  request.set_name(o.set);
  request.set_force(o.force);
  request.set_reason(o.reason);
  v1::BoardSet response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.RevealBoardSet(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("boards reveal", s, *context, o.server);
  PrintSet(response);
  return 0;
}

}  // namespace skat::cli
