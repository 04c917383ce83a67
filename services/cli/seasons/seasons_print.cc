#include "services/cli/seasons/seasons_print.h"

#include "services/cli/i18n/tr.h"
#include "services/cli/seasons/amount.h"

namespace skat::cli {
namespace seasons {
namespace {

template <typename Repeated>
std::string Joined(const Repeated& values) {
  std::string out;
  for (const auto& v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}

void PrintTableRules(const v1::Season& s, std::ostream& out) {
  out << "  " << Tr("season table:") << " "
      << (s.aggregate() == v1::SEASON_AGGREGATE_AVERAGE ? Tr("average of the percentages")
                                                        : Tr("sum of the percentages"));
  if (s.best_of() > 0) out << ", " << Tr("best {0} events count", s.best_of());
  if (s.min_attendance() > 1) out << ", " << Tr("ranked from {0} events", s.min_attendance());
  out << "\n";
}

void PrintLeagueRules(const v1::Season& s, std::ostream& out) {
  out << "  " << Tr("league:") << " "
      << Tr("win {0}, draw {1}, loss {2} match points", s.win_points(), s.draw_points(),
            s.loss_points())
      << "; " << Tr("placing points {0}", Joined(s.placing_points())) << "\n";
}

void PrintMoneyRules(const v1::Season& s, std::ostream& out) {
  if (s.entry_fee_cents() == 0 && s.loss_fee_cents() == 0 && s.loss_fee_after_cents() == 0) {
    out << "  " << Tr("money: none") << "\n";
    return;
  }
  out << "  " << Tr("money:") << " " << Tr("entry fee {0}", AmountText(s.entry_fee_cents()));
  if (s.loss_fee_cents() > 0 || s.loss_fee_after_cents() > 0) {
    out << ", "
        << Tr("loss fee {0} for each of the first {1} lost games, then {2}",
              AmountText(s.loss_fee_cents()), s.loss_fee_games(),
              AmountText(s.loss_fee_after_cents()));
  }
  out << "\n  " << Tr("to the season pot: {0} per mille", s.pot_permille()) << "; " << Tr("prizes:")
      << " "
      << (s.prize_split_permille().empty() ? Tr("top half")
                                           : Tr("{0} per mille", Joined(s.prize_split_permille())))
      << "; " << Tr("season pot:") << " "
      << (s.pot_split_permille().empty() ? Tr("top half")
                                         : Tr("{0} per mille", Joined(s.pot_split_permille())))
      << "\n";
}

}  // namespace
}  // namespace seasons

void PrintSeasonLine(const v1::Season& s, std::ostream& out) {
  out << s.name() << "  " << s.display_name() << "  (" << s.registry() << ", "
      << TrN("{n} event", "{n} events", s.events_size()) << ")\n";
}

void PrintSeason(const v1::Season& s, std::ostream& out) {
  PrintSeasonLine(s, out);
  seasons::PrintTableRules(s, out);
  seasons::PrintLeagueRules(s, out);
  seasons::PrintMoneyRules(s, out);
  for (int i = 0; i < s.events_size(); ++i) {
    out << "  " << Tr("event {0}: {1}", i + 1, s.events(i)) << "\n";
  }
}

}  // namespace skat::cli
