// skat totals: chair totals, the BSA's Duplikat Skat on paper (docs/events-and-scoring.md 4.12):
// each player keeps his chair's score over a session's boards and hands in one total; the
// director enters them per chair or from a CSV file, and lists what is entered and missing.
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/csv_reader.h"
#include "services/cli/events/event_players.h"
#include "services/cli/events/player_names.h"
#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/tables/table_names.h"
#include "services/common/grpc_status.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {
namespace {

struct Options {
  ServerOptions server;
  std::string session;
  std::string table;
  int round = 0;
  int chair = 0;
  std::string player;
  int64_t total = 0;
  bool replace = false;
  bool dry_run = false;
  std::string file;
};

// The session with its tables, and the event's players.
struct SessionView {
  v1::Session session;
  v1::ListPlayersResponse players;
  std::map<std::string, std::string> names;  // resource name -> display name

  std::string NameOf(const std::string& player) const {
    auto it = names.find(player);
    return it == names.end() ? "(empty chair)" : it->second;
  }
};

int ReadSession(const Options& o, const std::string& what, SessionView* view) {
  auto events = v1::EventService::NewStub(Connect(o.server));
  v1::GetSessionRequest request;
  request.set_name(o.session);
  auto context = NewContext(o.server);
  grpc::Status s = events->GetSession(context.get(), request, &view->session);
  if (!s.ok()) return ReportFailure(what, s, *context, o.server);
  if (int failed = ListEventPlayers(
          o.server, what, o.session.substr(0, o.session.find("/sessions/")), &view->players);
      failed != 0) {
    return failed;
  }
  view->names = DisplayNames(view->players);
  return 0;
}

// The request for one chair: the table typed, and the chair given or the chair of the player
// typed. `where` prefixes the messages.
Result<v1::SubmitChairTotalRequest> ChairRequest(const SessionView& view, const std::string& table,
                                                 int round, int chair, const std::string& player,
                                                 int64_t total) {
  Result<v1::SessionTable> t = ResolveTable(view.session, table, round);
  if (!t.ok()) return t.status();
  if (!player.empty()) {
    Result<std::string> named = ResolvePlayer(view.players, player);
    if (!named.ok()) return named.status();
    int found = 0;
    for (int c = 0; c < t->players_size(); ++c) {
      if (t->players(c) == *named) found = c + 1;
    }
    if (found == 0) {
      return Status::InvalidArgument(Tr("{0} did not sit at round {1} table {2}",
                                        view.NameOf(*named), t->round(), t->table_number()));
    }
    if (chair != 0 && chair != found) {
      return Status::InvalidArgument(
          Tr("{0} sat in chair {1}, not chair {2}", view.NameOf(*named), found, chair));
    }
    chair = found;
  }
  if (chair == 0) return Status::InvalidArgument(Tr("no chair (give the chair or the player)"));
  v1::SubmitChairTotalRequest request;
  request.set_table(t->table());
  request.set_chair(chair);
  request.set_total(total);
  return request;
}

std::string Describe(const SessionView& view, const v1::ChairTotal& t) {
  return Tr("round {0} table {1} chair {2} ({3}): {4}", t.round(), t.table_number(), t.chair(),
            view.NameOf(t.player()), t.total());
}

int Enter(const Options& o) {
  SessionView view;
  if (int failed = ReadSession(o, "totals enter", &view); failed != 0) return failed;
  Result<v1::SubmitChairTotalRequest> request =
      ChairRequest(view, o.table, o.round, o.chair, o.player, o.total);
  if (!request.ok()) return Fail("totals enter", request.status().message());
  request.value().set_replace(o.replace);
  request.value().set_validate_only(o.dry_run);
  auto tables = v1::TableService::NewStub(Connect(o.server));
  v1::ChairTotal entered;
  auto context = NewContext(o.server);
  const grpc::Status s = tables->SubmitChairTotal(context.get(), *request, &entered);
  if (!s.ok()) return ReportFailure("totals enter", s, *context, o.server);
  std::cout << Describe(view, entered) << " "
            << (o.dry_run ? Tr("(checked, not sent)") : Tr("entered")) << "\n";
  return 0;
}

// The columns the header line names (round, table, chair, player, total; round optional, chair
// or player needed). Returns 0, or 1 after the problem is printed.
int TotalsColumns(const Options& o, const std::vector<CsvRow>& rows,
                  std::map<std::string, size_t>* column) {
  for (size_t i = 0; i < rows.front().fields.size(); ++i) {
    std::string name = rows.front().fields[i];
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name != "round" && name != "table" && name != "chair" && name != "player" &&
        name != "total") {
      return Fail("totals import", o.file + ": line 1: column \"" + rows.front().fields[i] +
                                       "\" is not round, table, chair, player or total");
    }
    (*column)[name] = i;
  }
  if (!column->count("table") || !column->count("total") ||
      (!column->count("chair") && !column->count("player"))) {
    return Fail("totals import", o.file +
                                     ": line 1: the header needs the columns table, total, and "
                                     "chair or player (round is optional)");
  }
  return 0;
}

int Import(const Options& o) {
  std::ifstream in(o.file, std::ios::binary);
  if (!in) return Fail("totals import", "--file " + o.file + ": cannot be read");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  Result<std::vector<CsvRow>> rows = ReadCsv(text);
  if (!rows.ok()) return Fail("totals import", o.file + ": " + rows.status().message());
  if (rows->empty()) return Fail("totals import", o.file + ": no header line");
  std::map<std::string, size_t> column;
  if (int code = TotalsColumns(o, *rows, &column); code != 0) return code;
  SessionView view;
  if (int failed = ReadSession(o, "totals import", &view); failed != 0) return failed;
  auto tables = v1::TableService::NewStub(Connect(o.server));
  int entered = 0;
  std::vector<int> refused;
  for (size_t r = 1; r < rows->size(); ++r) {
    const CsvRow& row = (*rows)[r];
    auto cell = [&](const char* name) -> std::string {
      auto it = column.find(name);
      return it == column.end() || it->second >= row.fields.size() ? "" : row.fields[it->second];
    };
    const std::string where = o.file + ":" + std::to_string(row.line);
    auto number = [](const std::string& cell_text, int64_t* value) {
      try {
        size_t used = 0;
        *value = std::stoll(cell_text, &used);
        return used == cell_text.size();
      } catch (const std::exception&) {
        return false;
      }
    };
    int64_t total = 0, chair = 0, round = 0;
    Result<v1::SubmitChairTotalRequest> request = Status::InvalidArgument("");
    if (!number(cell("total"), &total)) {
      request = Status::InvalidArgument("total \"" + cell("total") + "\" is not a number");
    } else if (!cell("chair").empty() && !number(cell("chair"), &chair)) {
      request = Status::InvalidArgument("chair \"" + cell("chair") + "\" is not a number");
    } else if (!cell("round").empty() && !number(cell("round"), &round)) {
      request = Status::InvalidArgument("round \"" + cell("round") + "\" is not a number");
    } else {
      request = ChairRequest(view, cell("table"), static_cast<int>(round), static_cast<int>(chair),
                             cell("player"), total);
    }
    v1::ChairTotal done;
    grpc::Status s = grpc::Status::OK;
    std::string reason;  // skatd's reason code of a refusal
    if (request.ok()) {
      request.value().set_replace(o.replace);
      request.value().set_validate_only(o.dry_run);
      auto context = NewContext(o.server);
      s = tables->SubmitChairTotal(context.get(), *request, &done);
      reason = service::ReasonOf(*context);
    }
    if (!request.ok() || !s.ok()) {
      // skatd's message as it is in English, by reason code in another language.
      const std::string why = !request.ok() ? request.status().message()
                              : CurrentLanguage() == kEnglish
                                  ? s.error_message()
                                  : RefusalText(reason, s.error_message());
      std::cerr << where << ": " << Tr("refused: {0}", why) << "\n";
      refused.push_back(row.line);
      continue;
    }
    ++entered;
    std::cout << where << ": " << Describe(view, done)
              << (o.dry_run ? " " + Tr("(checked, not sent)") : "") << "\n";
  }
  std::cout << (o.dry_run ? TrN("{n} total checked", "{n} totals checked", entered)
                          : TrN("{n} total entered", "{n} totals entered", entered))
            << ", " << Tr("{0} refused", refused.size());
  for (size_t i = 0; i < refused.size(); ++i) {
    std::cout << (i == 0 ? " (" + Tr("lines") + " " : ", ") << refused[i]
              << (i + 1 == refused.size() ? ")" : "");
  }
  std::cout << "\n";
  return refused.empty() ? 0 : 1;
}

int List(const Options& o) {
  SessionView view;
  if (int failed = ReadSession(o, "totals list", &view); failed != 0) return failed;
  auto tables = v1::TableService::NewStub(Connect(o.server));
  v1::ListChairTotalsRequest request;
  request.set_parent(o.session);
  v1::ListChairTotalsResponse totals;
  auto context = NewContext(o.server);
  const grpc::Status s = tables->ListChairTotals(context.get(), request, &totals);
  if (!s.ok()) return ReportFailure("totals list", s, *context, o.server);
  std::map<std::pair<std::string, int>, int64_t> entered;
  for (const v1::ChairTotal& t : totals.chair_totals()) entered[{t.table(), t.chair()}] = t.total();
  int missing = 0;
  for (const v1::SessionTable& t : view.session.tables()) {
    std::cout << Tr("round {0} table {1}", t.round(), t.table_number()) << ":";
    for (int c = 0; c < t.players_size(); ++c) {
      auto it = entered.find({t.table(), c + 1});
      std::cout << "  " << (c + 1) << " " << view.NameOf(t.players(c)) << " "
                << (it == entered.end() ? Tr("missing") : std::to_string(it->second));
      missing += it == entered.end() ? 1 : 0;
    }
    std::cout << "\n";
  }
  std::cout << TrN("{n} total entered", "{n} totals entered", totals.chair_totals_size()) << ", "
            << Tr("{0} missing", missing) << "\n";
  return 0;
}

}  // namespace

Runner AddTotalsCommand(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "totals",
      Tr("Chair totals of a session played on paper (the BSA's Duplikat Skat): each player's one "
         "total for his chair, compared with the same chair at the other tables (director token; "
         "the event compares session-total)."));
  sub->require_subcommand(1);
  auto session = [&](CLI::App* c) {
    c->add_option("--session", o->session, Tr("events/{event}/sessions/{session}"))->required();
    AddServerOptions(*c, o->server);
  };
  CLI::App* enter = sub->add_subcommand("enter", Tr("Enter one chair's total."));
  session(enter);
  enter
      ->add_option(
          "--table", o->table,
          Tr("the table: \"round 2 table 3\", its number (with --round, or in a session of "
             "one round) or its resource name"))
      ->required();
  enter->add_option("--round", o->round, Tr("the round, when --table is a number"));
  enter->add_option("--chair", o->chair, Tr("the chair, 1 first"));
  enter->add_option("--player", o->player,
                    Tr("or the player who sat there: name, number, resource"));
  enter->add_option("--total", o->total, Tr("the chair's session total"))->required();
  enter->add_flag("--replace", o->replace, Tr("replace a different total entered before"));
  enter->add_flag("--dry-run", o->dry_run, Tr("check the entry; send nothing"));
  CLI::App* import = sub->add_subcommand(
      "import",
      Tr("Enter a CSV file of totals, one chair a line, under a header naming the columns table, "
         "total, chair or player (or both: they must agree), and optionally round."));
  session(import);
  import->add_option("--file", o->file, Tr("the CSV file"))->required();
  import->add_flag("--replace", o->replace, Tr("replace different totals entered before"));
  import->add_flag("--dry-run", o->dry_run, Tr("check every line; send nothing"));
  import->footer(
      Tr("Example:\n"
         "  round,table,chair,player,total\n"
         "  1,1,1,Konstantin Mack,457\n"
         "  1,1,2,Saskia Ottignon,384\n"
         "A refused line is reported with its reason and nothing of it is written; the others are\n"
         "entered. Exit 1 when a line was refused."));
  CLI::App* list = sub->add_subcommand("list", Tr("Every chair of the session: total or missing."));
  session(list);
  return [o, enter, import]() {
    if (enter->parsed()) return Enter(*o);
    if (import->parsed()) return Import(*o);
    return List(*o);
  };
}

}  // namespace skat::cli
