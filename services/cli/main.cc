// skat: the Comparative Skat command line. The TLS options are global (services/cli/client.h):
// given before or after the subcommand, read once before the command runs.
#include <iostream>
#include <vector>

#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/deck_option.h"
#include "services/cli/i18n/language_option.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/token_files.h"
#include "services/common/grpc_process.h"

int main(int argc, char** argv) {
  skat::service::SetUpGrpcProcess();
  // The language first: every help text is translated as its command is added.
  skat::cli::SetLanguage(skat::cli::ChooseLanguage(argc, argv));
  CLI::App app{
      skat::cli::Tr("skat: comparative (duplicate) Skat under the 1909 North American Skat League "
                    "rules.\nEvery table plays the same boards; each player is compared with "
                    "those who held the\nsame direction on the same cards.")};
  app.require_subcommand(1);
  app.set_version_flag("--version", "skat 0.1",
                       skat::cli::Tr("Display program version information and exit"));
  // Options of the app are accepted after the subcommand too (subcommands inherit this).
  app.fallthrough();
  skat::cli::TlsOptions tls;
  skat::cli::AddTlsOptions(app, tls);
  skat::cli::DeckStyle deck = skat::cli::DeckStyle::kLetters;
  skat::cli::AddDeckOption(app, deck);
  skat::cli::AddLanguageOption(app);
  std::vector<std::pair<CLI::App*, skat::cli::Runner>> commands;
  auto add = [&](skat::cli::Runner (*factory)(CLI::App&)) {
    skat::cli::Runner run = factory(app);
    commands.emplace_back(app.get_subcommands({}).back(), std::move(run));
  };
  add(skat::cli::AddValueCommand);
  add(skat::cli::AddBoardCommand);
  add(skat::cli::AddDemoCommand);
  add(skat::cli::AddEventsCommand);
  add(skat::cli::AddBoardsCommand);
  add(skat::cli::AddReplayCommand);
  add(skat::cli::AddTablesCommand);
  add(skat::cli::AddBotCommand);
  add(skat::cli::AddPlayCommand);
  add(skat::cli::AddMatchCommand);
  add(skat::cli::AddArenaCommand);
  add(skat::cli::AddReportCommand);
  add(skat::cli::AddPlayersCommand);
  add(skat::cli::AddRegistriesCommand);
  add(skat::cli::AddPersonsCommand);
  add(skat::cli::AddRatingsCommand);
  add(skat::cli::AddSeasonsCommand);
  add(skat::cli::AddSessionsCommand);
  add(skat::cli::AddScoresCommand);
  add(skat::cli::AddResultsCommand);
  add(skat::cli::AddTotalsCommand);
  add(skat::cli::AddImportCommand);
  add(skat::cli::AddAnalyseCommand);
  add(skat::cli::AddSearchCommand);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every usage error exits 2 with CLI11's message.
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (const std::string error = skat::cli::ConfigureTls(tls); !error.empty()) {
    std::cerr << "skat: " << error << "\n";  // names the option and the file
    return 1;
  }
  // Token files and environment variables, and the warning for tokens given as arguments.
  if (const std::string error = skat::cli::ResolveTokens(); !error.empty()) {
    std::cerr << error << "\n";
    return 1;
  }
  for (auto& [sub, run] : commands) {
    if (!sub->parsed()) continue;
    // skat play draws its own screen (--ascii): --deck is for the other commands' output.
    if (sub->get_name() != "play") skat::cli::UseDeck(deck);
    return run();
  }
  return 2;
}
