// skat seasons statements, skat seasons export and skat events export-results through skatd's
// SeasonService (docs/seasons.md "Money" and "Export"): the season's money per evening, the
// season pot and each person's statement; the results for a federation as CSV or JSON.
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/output.h"
#include "services/cli/seasons/amount.h"
#include "skat/v1/season_service.grpc.pb.h"

namespace skat::cli {
namespace {

// Cents as the reader writes money: "12.50", "-0.05" (German "12,50"); with `sign`, "+12.50".
void PrintEvenings(const v1::SeasonStatements& s) {
  std::cout << Tr("Evenings:") << "\n";
  for (const v1::EveningMoney& e : s.evenings()) {
    std::cout << "  " << e.display_name() << " (" << e.event()
              << "): " << TrN("{n} player", "{n} players", e.players()) << ", "
              << Tr("in {0}, to the season pot {1} (rounding {2}), prizes {3}",
                    AmountText(e.in_cents()), AmountText(e.to_pot_cents()),
                    AmountText(e.rounding_cents()), AmountText(e.prizes_cents()))
              << "\n";
  }
  std::cout << Tr("Season pot: {0}, paid {1}, left {2}", AmountText(s.pot_cents()),
                  AmountText(s.pot_paid_cents()), AmountText(s.pot_left_cents()))
            << "\n";
}

void PrintStatement(const v1::PersonStatement& p, const std::map<std::string, std::string>& names) {
  std::cout << "  " << p.display_name() << " (" << p.person()
            << "): " << Tr("balance {0}", AmountText(p.balance_cents(), true)) << "\n";
  for (const v1::StatementLine& line : p.lines()) {
    if (line.event().empty()) {
      std::cout << "    "
                << Tr("season pot: rank {0}, prize {1}", line.rank(),
                      AmountText(line.prize_cents()))
                << "\n";
      continue;
    }
    auto name = names.find(line.event());
    std::cout << "    " << (name == names.end() ? line.event() : name->second) << ": "
              << Tr("rank {0}, entry fee {1}, ", line.rank(), AmountText(line.entry_fee_cents()))
              << TrN("{n} game lost", "{n} games lost", line.lost_games()) << ", "
              << Tr("loss fees {0}, prize {1}", AmountText(line.loss_fees_cents()),
                    AmountText(line.prize_cents()))
              << "\n";
  }
}

int Statements(const ServerOptions& server, const std::string& season) {
  v1::GetSeasonStatementsRequest request;
  request.set_name(season + "/statements");
  v1::SeasonStatements response;
  auto stub = v1::SeasonService::NewStub(Connect(server));
  auto context = NewContext(server);
  const grpc::Status s = stub->GetSeasonStatements(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("seasons statements", s, *context, server);
  std::map<std::string, std::string> names;  // event -> display name
  for (const v1::EveningMoney& e : response.evenings()) names[e.event()] = e.display_name();
  std::cout << Tr("Money of {0}", response.season()) << "\n";
  PrintEvenings(response);
  std::cout << Tr("Statements:") << "\n";
  for (const v1::PersonStatement& p : response.statements()) PrintStatement(p, names);
  if (response.statements().empty()) std::cout << "  " << Tr("no players yet") << "\n";
  return 0;
}

int Export(const ServerOptions& server, const std::string& what, const std::string& name,
           const std::string& format, const std::string& out) {
  v1::ExportResultsRequest request;
  request.set_name(name);
  request.set_format(format);
  v1::ExportResultsResponse response;
  auto stub = v1::SeasonService::NewStub(Connect(server));
  auto context = NewContext(server);
  const grpc::Status s = stub->ExportResults(context.get(), request, &response);
  if (!s.ok()) return ReportFailure(what, s, *context, server);
  if (out.empty()) {
    std::cout << response.content();
    return 0;
  }
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  if (!(file << response.content()) || !file.flush()) {
    return Fail(what, Tr("cannot write --out {0}", out));
  }
  std::cout << Tr("{0} written to {1} ({2} bytes)", name, out, response.content().size()) << "\n";
  return 0;
}

struct ExportOptions {
  ServerOptions server;
  std::string name, format = "csv", out;
};

void AddExportOptions(CLI::App& sub, ExportOptions& o) {
  sub.add_option("--format", o.format, Tr("csv or json (default csv)"));
  sub.add_option("--out", o.out, Tr("write the export to this file instead of stdout"));
  sub.footer(Tr("The columns: docs/seasons.md \"Export\"."));
  AddServerOptions(sub, o.server, kRegistryToken);
}

}  // namespace

Subcommand AddSeasonStatementsCommand(CLI::App& seasons) {
  struct Options {
    ServerOptions server;
    std::string season;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = seasons.add_subcommand(
      "statements",
      Tr("The season's money (no token): per evening what came in, the season pot's share and "
         "the prizes; the season pot; each person's fees, prizes and balance."));
  sub->add_option("season", o->season, "seasons/{season}")->required();
  AddServerOptions(*sub, o->server, kRegistryToken);
  return {sub, [o]() { return Statements(o->server, o->season); }};
}

Subcommand AddSeasonExportCommand(CLI::App& seasons) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* sub = seasons.add_subcommand(
      "export",
      Tr("The season's results for a federation as CSV or JSON (no token): one row per player "
         "and event, then the season table."));
  sub->add_option("season", o->name, "seasons/{season}")->required();
  AddExportOptions(*sub, *o);
  return {sub, [o]() { return Export(o->server, "seasons export", o->name, o->format, o->out); }};
}

Subcommand AddExportResultsCommand(CLI::App& events) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* sub = events.add_subcommand(
      "export-results",
      Tr("The event's results for a federation as CSV or JSON (no token): one row per player."));
  sub->add_option("event", o->name, Tr("events/{event}"))->required();
  AddExportOptions(*sub, *o);
  return {sub,
          [o]() { return Export(o->server, "events export-results", o->name, o->format, o->out); }};
}

}  // namespace skat::cli
