#include "services/cli/match/match_progress.h"

#include <unistd.h>

#include <iostream>
#include <map>
#include <string>

#include "services/cli/i18n/game_text.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/seat/seat_client.h"

namespace skat::cli {

RoundProgress::RoundProgress(int round, int rounds, int games,
                             const std::map<std::string, int>& table_numbers, bool quiet)
    : round_(round),
      rounds_(rounds),
      games_(games),
      table_numbers_(table_numbers),
      quiet_(quiet),
      tty_(isatty(STDERR_FILENO) == 1) {}

void RoundProgress::Started(int, int) { Show(); }

void RoundProgress::BoardFinished(const std::string& table, int board_number,
                                  const v1::GameResult& result) {
  ++finished_;
  if (quiet_) return;
  if (tty_) return Show();
  const auto number = table_numbers_.find(table);
  std::cerr << Prefix() << "  T"
            << (number == table_numbers_.end() ? ShortTableName(table)
                                               : std::to_string(number->second))
            << " " << Tr("board {0}", board_number) << ": " << GameText(result) << "  "
            << Tr("pad {0}", PadLine(result)) << std::endl;
}

void RoundProgress::BoardMissed(const std::string& table, int board_number) {
  ++finished_;
  Note(ShortTableName(table) + " " + Tr("board {0}", board_number) + ": " +
       Tr("finished, its final view was missed"));
}

void RoundProgress::Note(const std::string& line) {
  if (quiet_) return;
  if (tty_) std::cerr << "\r\033[K";
  std::cerr << "skat match: " << line << std::endl;
  if (tty_) Show();
}

void RoundProgress::Done() {
  if (quiet_) return;
  if (tty_) {
    Show();
    std::cerr << std::endl;
  } else {
    std::cerr << Prefix() << ": " << Tr("{0}/{1} games finished", finished_, games_) << std::endl;
  }
}

std::string RoundProgress::Prefix() const { return Tr("round {0}/{1}", round_, rounds_); }

void RoundProgress::Show() {
  if (quiet_ || !tty_) return;
  std::cerr << "\r\033[K" << Prefix() << ": " << Tr("{0}/{1} games finished", finished_, games_)
            << std::flush;
}

}  // namespace skat::cli
