// skat results: results of boards played with real cards, through skatd's TableService
// (docs/tables.md "Physical play").
//
//   enter    a board's result, at the table (a seat token: the entry counts once another chair
//            confirms it) or by the director (the director's token: it counts at once). skatd
//            scores the report first without storing it (validate_only) and `enter` prints the
//            game, its value and every seat's pad entry; then it sends it (not with --dry-run).
//            A refusal prints skatd's message, which names the rule, and stores nothing. A
//            seat's check of a suit game or grand has no value (it needs the matadors, which
//            only the board holds: docs/tables.md "What a check tells a seat"); `enter` prints
//            the value and pad of the entry once it is stored.
//   confirm  another chair's entry (a seat token of another chair, or the director's).
//   correct  the director replaces a board's result, with the reason.
//   list     a table's results in board order (--history: the replaced ones too).
//   import   the director enters a CSV file of score slips (results_import.h).
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/results/physical_report_options.h"
#include "services/cli/results/results_import.h"
#include "services/cli/tables/table_option.h"
#include "services/cli/token_files.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {
namespace {

// "forehand +60, middlehand -30, rearhand 0[, dealer 0]".
std::string PadText(const v1::ResultEntry& e) {
  const std::string parties[] = {Tr("forehand"), Tr("middlehand"), Tr("rearhand"), Tr("dealer")};
  std::string out;
  for (int i = 0; i < e.pad_size() && i < 4; ++i) {
    out += (i ? ", " : "") + parties[i] + " " + Signed(e.pad(i));
  }
  return out;
}

// Who entered or confirmed a result, as skatd names them: "director" or "chair 2".
std::string ByText(const std::string& by) {
  if (by.empty()) return "?";
  if (by == "director") return Tr("director");
  if (by.rfind("chair ", 0) == 0) return Tr("chair {0}", by.substr(6));
  return by;
}

// One line per entry: "board 3: <summary>; pad ...; entered by chair 2, confirmed by chair 1".
void PrintEntry(const v1::ResultEntry& e, std::ostream& out) {
  out << Tr("board {0}", e.board_number()) << ": " << GameText(e.result()) << "\n  "
      << Tr("pad: {0}", PadText(e)) << "\n  " << Tr("entered by {0}", ByText(e.entered_by()));
  if (!e.confirmed_by().empty()) out << ", " << Tr("confirmed by {0}", ByText(e.confirmed_by()));
  if (e.replaced_by() != 0) {
    out << "; " << Tr("replaced by the director: {0}", e.correction_reason());
  } else {
    out << "; " << (e.counts() ? Tr("counts") : Tr("waits for another chair to confirm it"));
  }
  out << "\n";
}

struct ResultsOptions {
  ServerOptions server;
  std::string seat_token;
  std::string table;
  std::string session;
  int board = 0;
  std::string reason;
  bool dry_run = false;
  bool history = false;
  std::string file;
  PhysicalReportOptions report;
};

// The caller's token: the seat's when given, else the director's.
ServerOptions Caller(const ResultsOptions& o) {
  ServerOptions server = o.server;
  if (!o.seat_token.empty()) server.token = o.seat_token;
  return server;
}

int Enter(const ResultsOptions& o, bool correction) {
  const char* what = correction ? "results correct" : "results enter";
  Result<v1::PhysicalReport> report = ReadPhysicalReport(o.report);
  if (!report.ok()) return Fail(what, report.status().message());
  const ServerOptions caller = Caller(o);
  auto stub = v1::TableService::NewStub(Connect(caller));
  auto send = [&](bool validate_only, v1::ResultEntry* entry, grpc::ClientContext* context) {
    if (correction) {
      v1::CorrectResultRequest request;
      request.set_table(o.table);
      request.set_board_number(o.board);
      *request.mutable_report() = *report;
      request.set_reason(o.reason);
      request.set_validate_only(validate_only);
      return stub->CorrectResult(context, request, entry);
    }
    v1::SubmitResultRequest request;
    request.set_table(o.table);
    request.set_board_number(o.board);
    *request.mutable_report() = *report;
    request.set_validate_only(validate_only);
    return stub->SubmitResult(context, request, entry);
  };
  v1::ResultEntry preview;
  {
    auto context = NewContext(caller);
    const grpc::Status s = send(true, &preview, context.get());
    if (!s.ok()) {
      ReportFailure(what, s, *context, caller);
      std::cerr << "skat " << what << ": " << Tr("nothing was stored") << "\n";
      return 1;
    }
  }
  std::cout << Tr("board {0} at {1}: {2}", o.board, o.table,
                  GameText(preview.result(), preview.value_withheld()));
  if (preview.value_withheld()) {
    // A seat's check reads the report alone; the matadors come from the board on entry.
    std::cout << "\n  " << Tr("value and pad: computed from the board when the result is entered")
              << "\n";
  } else {
    std::cout << "\n  " << Tr("value: {0}", preview.result().value()) << "\n  "
              << Tr("pad: {0}", PadText(preview)) << "\n";
  }
  if (o.dry_run) {
    std::cout << Tr("(--dry-run: nothing was sent)") << "\n";
    return 0;
  }
  v1::ResultEntry entry;
  auto context = NewContext(caller);
  const grpc::Status s = send(false, &entry, context.get());
  if (!s.ok()) return ReportFailure(what, s, *context, caller);
  if (preview.value_withheld()) {
    std::cout << "  " << Tr("entry: {0}", GameText(entry.result())) << "\n  "
              << Tr("value: {0}", entry.result().value()) << "\n  "
              << Tr("pad: {0}", PadText(entry)) << "\n";
  }
  std::cout << (correction ? Tr("corrected by {0}", ByText(entry.entered_by()))
                           : Tr("entered by {0}", ByText(entry.entered_by())));
  if (entry.counts()) {
    std::cout << "; " << Tr("it counts") << "\n";
  } else {
    std::cout << "; "
              << Tr("another chair confirms it: skat results confirm --table {0} --board {1} "
                    "with that chair's --seat-token-file",
                    o.table, o.board)
              << "\n";
  }
  return 0;
}

int Confirm(const ResultsOptions& o) {
  const ServerOptions caller = Caller(o);
  auto stub = v1::TableService::NewStub(Connect(caller));
  v1::ConfirmResultRequest request;
  request.set_table(o.table);
  request.set_board_number(o.board);
  v1::ResultEntry entry;
  auto context = NewContext(caller);
  const grpc::Status s = stub->ConfirmResult(context.get(), request, &entry);
  if (!s.ok()) return ReportFailure("results confirm", s, *context, caller);
  PrintEntry(entry, std::cout);
  return 0;
}

int List(const ResultsOptions& o) {
  const ServerOptions caller = Caller(o);
  auto stub = v1::TableService::NewStub(Connect(caller));
  v1::ListResultsRequest request;
  request.set_table(o.table);
  request.set_include_history(o.history);
  v1::ListResultsResponse all;
  if (int failed = ListAllPages(
          caller, "results list", request,
          [&](grpc::ClientContext* c, const auto& r, auto* page) {
            return stub->ListResults(c, r, page);
          },
          &all);
      failed != 0) {
    return failed;
  }
  if (all.results().empty()) std::cout << Tr("no results at {0} yet", o.table) << "\n";
  for (const v1::ResultEntry& e : all.results()) PrintEntry(e, std::cout);
  return 0;
}

}  // namespace

Runner AddResultsCommand(CLI::App& app) {
  auto o = std::make_shared<ResultsOptions>();
  CLI::App* sub = app.add_subcommand(
      "results", Tr("Results of boards played with real cards: enter, confirm, correct, list."));
  sub->require_subcommand(1);
  auto common = [&](CLI::App* c, bool board) {
    c->add_option("--table", o->table,
                  Tr("events/{event}/tables/{table}, or with --session \"round 2 table 3\""))
        ->required();
    c->add_option("--session", o->session,
                  Tr("events/{event}/sessions/{session}: --table names a table of it"));
    if (board) c->add_option("--board", o->board, Tr("the board's number"))->required();
    AddTokenOption(*c, kSeatToken, o->seat_token);
    AddServerOptions(*c, o->server);
  };
  CLI::App* enter = sub->add_subcommand(
      "enter", Tr("Enter a board's result: with a seat token at the table, or as the director."));
  common(enter, true);
  AddPhysicalReportOptions(*enter, o->report);
  enter->add_flag("--dry-run", o->dry_run, Tr("print what skatd computes; send nothing"));
  enter->footer(
      Tr("skatd computes the matadors, the value and every seat's pad entry from the report and\n"
         "the board; a report that contradicts the board or the rules is refused with the rule.\n"
         "Examples:\n"
         "  skat results enter --table events/E/tables/T --board 3 --seat-token-file chair2 \\\n"
         "    --declarer middlehand --game solo-hearts --points 75 --floor 30\n"
         "  skat results enter --table ... --board 4 --token-file director --passed-in\n"
         "  skat results enter --table ... --board 5 --seat-token-file chair1 --ramsch \\\n"
         "    --card-points 40,50,30 --ramsch-tricks 3,4,3 --last-trick rearhand"));
  CLI::App* confirm =
      sub->add_subcommand("confirm", Tr("Confirm another chair's entry (or as the director)."));
  common(confirm, true);
  CLI::App* correct = sub->add_subcommand(
      "correct",
      Tr("The director replaces a board's result; the old one is kept with the reason."));
  common(correct, true);
  AddPhysicalReportOptions(*correct, o->report);
  correct->add_option("--reason", o->reason, Tr("why (kept with who and when)"))->required();
  correct->add_flag("--dry-run", o->dry_run, Tr("print what skatd computes; send nothing"));
  CLI::App* list = sub->add_subcommand("list", Tr("A table's results in board order."));
  common(list, false);
  list->add_flag("--history", o->history, Tr("the replaced results too"));
  CLI::App* import = sub->add_subcommand(
      "import", Tr("The director enters a CSV file of score slips, one board's result a line."));
  import->add_option("--file", o->file, Tr("the CSV file"))->required();
  import->add_option("--session", o->session,
                     Tr("events/{event}/sessions/{session}: the table column may name a table of "
                        "it (\"round 2 table 3\")"));
  import->add_flag("--dry-run", o->dry_run, Tr("check every slip with skatd; enter nothing"));
  AddServerOptions(*import, o->server);
  import->footer(
      Tr("The header names the columns: table and board, and any option of skat results enter\n"
         "without its dashes. A flag's cell is yes or empty; fine and wrong-count take several\n"
         "values separated by spaces. Example:\n"
         "  table,board,declarer,game,points,floor,passed-in\n"
         "  events/E/tables/T1,1,forehand,solo-clubs,75,27,\n"
         "  events/E/tables/T1,2,,,,,yes\n"
         "A refused line is reported with skatd's reason and nothing of it is written; the\n"
         "others are entered. Exit 1 when a line was refused."));
  return [o, enter, confirm, correct, import]() -> int {
    if (import->parsed()) {
      std::ifstream in(o->file, std::ios::binary);
      if (!in) return Fail("results import", "--file " + o->file + ": cannot be read");
      const std::string text((std::istreambuf_iterator<char>(in)), {});
      return ImportResults(o->server, o->file, text, o->session, o->dry_run, std::cout, std::cerr);
    }
    const char* what = enter->parsed()     ? "results enter"
                       : confirm->parsed() ? "results confirm"
                       : correct->parsed() ? "results correct"
                                           : "results list";
    if (int failed = ResolveTableOption(o->server, what, o->session, &o->table); failed != 0) {
      return failed;
    }
    if (enter->parsed()) return Enter(*o, false);
    if (correct->parsed()) return Enter(*o, true);
    if (confirm->parsed()) return Confirm(*o);
    return List(*o);
  };
}

}  // namespace skat::cli
