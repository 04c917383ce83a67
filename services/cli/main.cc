// skat: the Comparative Skat command line.
#include <iostream>
#include <vector>

#include "services/cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{
      "skat: comparative (duplicate) Skat under the 1909 North American Skat League rules.\n"
      "Every table plays the same boards; each player is compared with those who held the\n"
      "same direction on the same cards."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "skat 0.1");
  std::vector<std::pair<CLI::App*, skat::cli::Runner>> commands;
  auto add = [&](skat::cli::Runner (*factory)(CLI::App&)) {
    skat::cli::Runner run = factory(app);
    commands.emplace_back(app.get_subcommands({}).back(), std::move(run));
  };
  add(skat::cli::AddValueCommand);
  add(skat::cli::AddBoardCommand);
  add(skat::cli::AddDemoCommand);
  CLI11_PARSE(app, argc, argv);
  for (auto& [sub, run] : commands) {
    if (sub->parsed()) return run();
  }
  return 2;
}
