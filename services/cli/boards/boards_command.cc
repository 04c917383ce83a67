// skat boards: board sets through skatd's DealService, and the offline check of an exported
// archive file (`skat boards verify --file F`, no server needed).
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "engine/board_set_format.h"
#include "engine/deal/generator.h"
#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/sheets/pdf.h"
#include "services/cli/sheets/session_sheets.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

// "2026-11-23 19:05:00 UTC".
std::string UtcText(int64_t seconds) {
  const std::time_t when = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&when, &tm);
  char text[64] = {};
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return text;
}

void PrintSet(const v1::BoardSet& s) {
  std::cout << s.name() << "\n"
            << "  label:       " << s.label() << "\n"
            << "  boards:      " << s.board_count() << " (tables of " << s.table_size() << ")"
            << (s.boards_ready() ? "" : ", awaiting the beacon value") << "\n"
            << "  generator:   version " << s.generator_version() << "\n"
            << "  commitment:  " << s.commitment() << "\n";
  if (!s.beacon_source().empty()) {
    std::cout << "  beacon:      " << s.beacon_source() << " = "
              << (s.beacon_value().empty() ? "(not entered yet)" : s.beacon_value()) << "\n";
  }
  if (!s.revealed()) {
    std::cout << "  revealed:    no\n";
    return;
  }
  std::cout << "  revealed:    yes"
            << (s.has_reveal_time() ? " at " + UtcText(s.reveal_time().seconds()) : "") << ", seed "
            << s.seed() << "\n";
  if (s.reveal_forced()) {
    std::cout << "  forced:      while boards may have been in play; reason: " << s.reveal_reason()
              << "\n";
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

bool WriteFile(const std::filesystem::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
  return static_cast<bool>(out);
}

}  // namespace

Runner AddBoardsCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string event;
    std::string set;
    std::string label;
    int count = 12;
    int table_size = 3;
    std::string beacon_source;
    std::string beacon_value;
    int board = 0;
    std::string file;
    std::string format = "archive";
    std::string out;
    bool pdf = false;
    std::string session;
    bool force = false;
    std::string reason;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "boards", "Board sets: create, list, show, beacon, reveal, verify, export, print.");
  sub->require_subcommand(1);
  sub->footer(
      "A set is created with a secret seed and publishes its commitment; after the event the\n"
      "director reveals the seed, and anyone can verify every board, offline from an exported\n"
      "archive file: skat boards verify --file FILE (docs/board-sets.md).");
  CLI::App* create = sub->add_subcommand("create", "Create a board set (director).");
  create->add_option("--event", o->event, "events/{event}")->required();
  create->add_option("--boards", o->count, "number of boards (1-1000)")->capture_default_str();
  create->add_option("--label", o->label, "public label (default: the event's name)");
  create->add_option("--table-size", o->table_size, "chairs per table: 3 or 4")
      ->capture_default_str();
  create->add_option("--beacon-source", o->beacon_source,
                     "a public value unknown in advance, named now and entered later");
  CLI::App* list = sub->add_subcommand("list", "List the board sets of an event.");
  list->add_option("--event", o->event, "events/{event}")->required();
  CLI::App* show = sub->add_subcommand("show",
                                       "Show a set, or one board (director before the "
                                       "reveal).");
  show->add_option("set", o->set, "events/{event}/boardSets/{set}")->required();
  show->add_option("--board", o->board, "a board number");
  CLI::App* beacon = sub->add_subcommand("beacon", "Enter the beacon value (director).");
  beacon->add_option("set", o->set, "events/{event}/boardSets/{set}")->required();
  beacon->add_option("--value", o->beacon_value, "the beacon value")->required();
  CLI::App* reveal = sub->add_subcommand(
      "reveal", "Publish the seed (director); refused while a table of the set has a board left.");
  reveal->add_option("set", o->set, "events/{event}/boardSets/{set}")->required();
  CLI::Option* force = reveal->add_flag(
      "--force", o->force,
      "reveal even while boards are in play (every hand becomes public); needs --reason");
  CLI::Option* reason =
      reveal->add_option("--reason", o->reason, "why the reveal is forced (kept with the set)");
  force->needs(reason);
  reason->needs(force);
  CLI::App* verify = sub->add_subcommand(
      "verify", "Check a revealed set: a stored one through skatd, or an archive file offline.");
  auto* verify_set = verify->add_option("set", o->set, "events/{event}/boardSets/{set}");
  auto* verify_file = verify->add_option("--file", o->file, "an archive file (no server needed)");
  verify_set->excludes(verify_file);
  verify->require_option(1);
  CLI::App* exp = sub->add_subcommand("export", "Write the set as an archive file or JSON.");
  exp->add_option("set", o->set, "events/{event}/boardSets/{set}")->required();
  exp->add_option("--format", o->format, "archive or json")
      ->check(CLI::IsMember({"archive", "json"}))
      ->capture_default_str();
  exp->add_option("--out", o->out, "file to write (default: a name from the label)");
  CLI::App* print = sub->add_subcommand(
      "print", "Write punch cards, curtain cards and the dealing sheet (HTML and text).");
  print->add_option("set", o->set, "events/{event}/boardSets/{set}")->required();
  print->add_option("--out", o->out, "directory to write into (default: here)");
  print->add_flag("--pdf", o->pdf, "also print the HTML to a PDF with headless Chromium");
  print->add_option("--session", o->session,
                    "events/{event}/sessions/{session}: say how many copies of each board it "
                    "needs (tables playing it in one round)");
  for (CLI::App* c : {create, list, show, beacon, reveal, verify, exp, print}) {
    AddServerOptions(*c, o->server);
  }
  return [o, create, list, show, beacon, reveal, verify, exp, print]() -> int {
    // Offline verification needs no server.
    if (verify->parsed() && !o->file.empty()) {
      std::ifstream in(o->file, std::ios::binary);
      if (!in) return Fail("boards verify", "cannot read " + o->file);
      std::stringstream text;
      text << in.rdbuf();
      Result<BoardSet> set = ReadBoardSet(text.str());
      if (!set.ok()) return Fail("boards verify", o->file + ": " + set.status().message());
      if (Status s = deal::Verify(*set); !s.ok()) {
        return Fail("boards verify", o->file + ": " + s.message());
      }
      std::cout << o->file << ": all " << set->boards.size()
                << " boards and the commitment verified\n";
      return 0;
    }
    auto stub = v1::DealService::NewStub(Connect(o->server));
    auto context = NewContext(o->server);
    if (create->parsed()) {
      v1::CreateBoardSetRequest request;
      request.set_parent(o->event);
      request.set_label(o->label);
      request.set_board_count(o->count);
      request.set_table_size(o->table_size);
      request.set_beacon_source(o->beacon_source);
      v1::BoardSet response;
      grpc::Status s = stub->CreateBoardSet(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("boards create", s, *context, o->server);
      PrintSet(response);
      std::cout << "Publish the commitment before play; reveal the seed after the event.\n";
      return 0;
    }
    if (list->parsed()) {
      v1::ListBoardSetsRequest request;
      request.set_parent(o->event);
      v1::ListBoardSetsResponse response;
      const int failed = ListAllPages(
          o->server, "boards list", request,
          [&](grpc::ClientContext* c, const v1::ListBoardSetsRequest& r,
              v1::ListBoardSetsResponse* p) { return stub->ListBoardSets(c, r, p); },
          &response);
      if (failed != 0) return failed;
      for (const v1::BoardSet& set : response.board_sets()) PrintSet(set);
      if (response.board_sets().empty()) std::cout << "no board sets yet (skat boards create)\n";
      return 0;
    }
    if (show->parsed() && o->board > 0) {
      v1::GetBoardRequest request;
      request.set_board_set(o->set);
      request.set_number(o->board);
      v1::Board response;
      grpc::Status s = stub->GetBoard(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("boards show", s, *context, o->server);
      PrintBoard(response);
      return 0;
    }
    if (show->parsed()) {
      v1::GetBoardSetRequest request;
      request.set_name(o->set);
      v1::BoardSet response;
      grpc::Status s = stub->GetBoardSet(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("boards show", s, *context, o->server);
      PrintSet(response);
      return 0;
    }
    if (beacon->parsed()) {
      v1::EnterBeaconRequest request;
      request.set_name(o->set);
      request.set_beacon_value(o->beacon_value);
      v1::BoardSet response;
      grpc::Status s = stub->EnterBeacon(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("boards beacon", s, *context, o->server);
      PrintSet(response);
      return 0;
    }
    if (reveal->parsed()) {
      v1::RevealBoardSetRequest request;
      request.set_name(o->set);
      request.set_force(o->force);
      request.set_reason(o->reason);
      v1::BoardSet response;
      grpc::Status s = stub->RevealBoardSet(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("boards reveal", s, *context, o->server);
      PrintSet(response);
      return 0;
    }
    if (verify->parsed()) {
      v1::VerifyBoardSetRequest request;
      request.set_name(o->set);
      v1::VerifyBoardSetResponse response;
      grpc::Status s = stub->VerifyBoardSet(context.get(), request, &response);
      if (!s.ok()) return ReportFailure("boards verify", s, *context, o->server);
      if (!response.ok()) return Fail("boards verify", o->set + ": " + response.problem());
      std::cout << o->set << ": all " << response.boards_checked()
                << " boards and the commitment verified\n";
      return 0;
    }
    // export and print: one or more ExportBoardSet calls written to files.
    auto fetch = [&](v1::ExportFormat format, v1::ExportBoardSetResponse* response) {
      v1::ExportBoardSetRequest request;
      request.set_name(o->set);
      request.set_format(format);
      auto call = NewContext(o->server);
      grpc::Status s = stub->ExportBoardSet(call.get(), request, response);
      return s.ok() ? 0
                    : ReportFailure(exp->parsed() ? "boards export" : "boards print", s, *call,
                                    o->server);
    };
    if (exp->parsed()) {
      v1::ExportBoardSetResponse response;
      const auto format = o->format == "json" ? v1::EXPORT_FORMAT_JSON : v1::EXPORT_FORMAT_ARCHIVE;
      if (int rc = fetch(format, &response); rc != 0) return rc;
      const std::string path = o->out.empty() ? response.file_name() : o->out;
      if (!WriteFile(path, response.content()))
        return Fail("boards export", "cannot write " + path);
      std::cout << "wrote " << path << "\n";
      return 0;
    }
    (void)print;
    if (!o->session.empty()) {
      auto events = v1::EventService::NewStub(Connect(o->server));
      v1::GetSessionRequest request;
      request.set_name(o->session);
      v1::Session session;
      auto call = NewContext(o->server);
      const grpc::Status s = events->GetSession(call.get(), request, &session);
      if (!s.ok()) return ReportFailure("boards print", s, *call, o->server);
      std::cout << o->session << " " << CopiesLine(CopiesNeeded(session)) << "\n";
    }
    const std::filesystem::path dir = o->out.empty() ? "." : o->out;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Fail("boards print", "cannot create " + dir.string() + ": " + ec.message());
    for (auto format : {v1::EXPORT_FORMAT_PRINTOUT_HTML, v1::EXPORT_FORMAT_PRINTOUT_TEXT}) {
      v1::ExportBoardSetResponse response;
      if (int rc = fetch(format, &response); rc != 0) return rc;
      const std::filesystem::path path = dir / response.file_name();
      if (!WriteFile(path, response.content())) {
        return Fail("boards print", "cannot write " + path.string());
      }
      std::cout << "wrote " << path.string() << "\n";
      if (o->pdf && format == v1::EXPORT_FORMAT_PRINTOUT_HTML) {
        std::filesystem::path pdf = path;
        pdf.replace_extension(".pdf");
        if (Status s = HtmlToPdf(path, pdf); !s.ok()) return Fail("boards print", s.message());
        std::cout << "wrote " << pdf.string() << "\n";
      }
    }
    return 0;
  };
}

}  // namespace skat::cli
