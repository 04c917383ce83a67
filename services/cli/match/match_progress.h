// `skat match`'s progress on stderr while the bots play a round (a BotObserver).
#ifndef SKAT_SERVICES_CLI_MATCH_MATCH_PROGRESS_H_
#define SKAT_SERVICES_CLI_MATCH_MATCH_PROGRESS_H_

#include <map>
#include <string>

#include "services/cli/seat/bot_driver.h"

namespace skat::cli {

// Progress of one round on stderr: a line rewritten in place on a terminal, else one line per
// finished board.
class RoundProgress : public BotObserver {
 public:
  RoundProgress(int round, int rounds, int games, const std::map<std::string, int>& table_numbers,
                bool quiet);

  void Started(int, int) override;
  void BoardFinished(const std::string& table, int board_number,
                     const v1::GameResult& result) override;
  void BoardMissed(const std::string& table, int board_number) override;
  void Note(const std::string& line) override;

  // Ends the progress line.
  void Done();

  int finished() const { return finished_; }

 private:
  std::string Prefix() const;
  void Show();

  const int round_;
  const int rounds_;
  const int games_;
  const std::map<std::string, int>& table_numbers_;
  const bool quiet_;
  const bool tty_;
  int finished_ = 0;
};

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_MATCH_MATCH_PROGRESS_H_
