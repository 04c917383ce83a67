#include "services/cli/arena/arena_summary.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>

#include "engine/random.h"
#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/common/csv.h"

namespace skat::cli {
namespace {

// What the bootstrap of the ratings is seeded with: the match's seed, so a match's output is a
// function of its seed.
constexpr uint64_t kRatingStream = 0xB7;

int ArenaClassOf(GameType type) {
  return type == GameType::kNull ? 2 : type == GameType::kGrand ? 1 : 0;
}

std::string FixedText(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string PaddedName(const std::string& text, size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

std::string BoardScoreUnit(scoring::BoardScoreKind kind) {
  return kind == scoring::BoardScoreKind::kSeegerFabian ? Tr("Seeger-Fabian points")
         : kind == scoring::BoardScoreKind::kSettled    ? Tr("settled points")
                                                        : Tr("pad points");
}

}  // namespace

std::string SignedFixed(double value, int decimals) {
  std::string text = FixedText(value, decimals);
  if (text == "-" + FixedText(0, decimals)) text = text.substr(1);  // no "-0.00"
  return text[0] == '-' ? text : "+" + text;
}

ArenaSummary Summarize(const ArenaMatch& match) {
  ArenaSummary s;
  const int players = static_cast<int>(match.players.size());
  for (const auto& [x, y] : Pairs(players)) {
    ArenaPairResult pair;
    pair.x = x;
    pair.y = y;
    for (const std::vector<SeatedGame>& games : match.boards) {
      pair.diffs.push_back(PairDifference(games, x, y, match.board_score));
    }
    pair.interval = Interval(pair.diffs);
    s.pairs.push_back(std::move(pair));
  }
  std::vector<std::vector<double>> diffs;
  for (const ArenaPairResult& pair : s.pairs) diffs.push_back(pair.diffs);
  s.ratings = BradleyTerry(players, diffs, MixSeeds(match.seed, kRatingStream));
  s.mix.resize(players);
  for (const std::vector<SeatedGame>& games : match.boards) {
    for (const SeatedGame& g : games) {
      ++s.games;
      if (g.result.kind == ResultKind::kPassedIn) ++s.passed;
      if (g.result.kind == ResultKind::kRamsch) ++s.ramsch;
      if (g.result.kind != ResultKind::kDeclarerGame) continue;
      ArenaClassMix& mix = s.mix[g.seating[Index(g.result.declarer)]];
      const int c = ArenaClassOf(g.result.declaration.type);
      ++mix.declared[c];
      mix.won[c] += g.result.valuation.won ? 1 : 0;
    }
  }
  return s;
}

namespace {

// The timing line in the reader's language (TimingLine, for the page, stays English); `how`
// is read by the templates of msgctxt "arena" (docs/i18n.md "The command line").
std::string TimingText(const ArenaMatch& match) {
  const size_t n = match.boards.size();
  const double rate = match.seconds > 0 ? static_cast<double>(n) / match.seconds : 0;
  return Tr("{0} ({1}) in {2} s: {3} boards/s, {4}",
            TrN("{n} board", "{n} boards", static_cast<long long>(n)),
            TrN("{n} game", "{n} games", static_cast<long long>(6 * n)),
            FixedText(match.seconds, 2), FixedText(rate, rate < 10 ? 2 : 1),
            TranslatedLines(match.how, "arena"));
}

void PrintPairs(const ArenaMatch& match, const ArenaSummary& summary, size_t width,
                std::ostream& out) {
  out << "\n"
      << Tr("pairs (x over y: mean difference per board in {0}, 99 % interval, boards):",
            BoardScoreUnit(match.board_score))
      << "\n";
  for (const ArenaPairResult& pair : summary.pairs) {
    const MeanInterval& m = pair.interval;
    const std::string verdict = m.low > 0    ? Tr("{0} ahead", match.players[pair.x].name)
                                : m.high < 0 ? Tr("{0} ahead", match.players[pair.y].name)
                                             : Tr("the interval holds 0");
    out << "  " << PaddedName(match.players[pair.x].name, width) << " " << Tr("over") << " "
        << PaddedName(match.players[pair.y].name, width) << "  " << SignedFixed(m.mean, 2) << "  ["
        << SignedFixed(m.low, 2) << ", " << SignedFixed(m.high, 2) << "]  sd " << FixedText(m.sd, 2)
        << "  n " << m.n << "  (" << verdict << ")\n";
  }
}

}  // namespace

void PrintArenaSummary(const ArenaMatch& match, const ArenaSummary& summary, std::ostream& out) {
  const size_t n = match.boards.size();
  size_t width = 0;
  for (const ArenaPlayer& p : match.players) width = std::max(width, p.name.size());
  out << "skat arena: "
      << Tr("{0} x 6 seatings, profile {1}, board score {2}, boards from {3}",
            TrN("{n} board", "{n} boards", static_cast<long long>(n)), match.profile->id,
            scoring::Name(match.board_score), TranslatedLines(match.boards_from, "arena"))
      << "\n";
  out << Tr("players:") << "\n";
  for (const ArenaPlayer& p : match.players) {
    out << "  " << PaddedName(p.name, width) << "  " << p.spec << "\n";
  }
  PrintPairs(match, summary, width, out);
  out << "\n"
      << Tr("ratings (Bradley-Terry on the boards won per pair, Elo scale, mean 0, 95 % "
            "bootstrap interval):")
      << "\n";
  for (size_t i = 0; i < match.players.size(); ++i) {
    const Rating& r = summary.ratings[i];
    out << "  " << PaddedName(match.players[i].name, width) << "  " << SignedFixed(r.elo, 0)
        << "  [" << SignedFixed(r.low, 0) << ", " << SignedFixed(r.high, 0) << "]\n";
  }
  out << "\n"
      << Tr("games declared ({0}; passed in {1}, ramsch {2}):",
            TrN("{n} game", "{n} games", summary.games), summary.passed, summary.ramsch)
      << "\n";
  const std::string classes[3] = {Tr("suit"), Tr("grand"), Tr("null")};
  for (size_t i = 0; i < match.players.size(); ++i) {
    const ArenaClassMix& mix = summary.mix[i];
    out << "  " << PaddedName(match.players[i].name, width);
    for (int c = 0; c < 3; ++c) {
      out << (c == 0 ? "  " : ", ") << classes[c] << " " << mix.declared[c] << " ("
          << Tr("won {0}", mix.won[c]) << ")";
    }
    out << "\n";
  }
  out << "\n" << TimingText(match) << "\n";
}

std::string TimingLine(const ArenaMatch& match) {
  const size_t n = match.boards.size();
  const double rate = match.seconds > 0 ? static_cast<double>(n) / match.seconds : 0;
  return std::to_string(n) + (n == 1 ? " board (" : " boards (") + std::to_string(6 * n) +
         " games) in " + FixedText(match.seconds, 2) + " s: " + FixedText(rate, rate < 10 ? 2 : 1) +
         " boards/s, " + match.how;
}

std::string ArenaCsv(const ArenaMatch& match, const ArenaSummary& summary) {
  CsvWriter csv("\n");
  csv.TextRow({"board", "deal", "x", "y", "difference"});
  for (size_t b = 0; b < match.boards.size(); ++b) {
    for (const ArenaPairResult& pair : summary.pairs) {
      csv.Row({CsvNumber(std::to_string(b + 1)), CsvNumber(std::to_string(match.deals[b])),
               CsvText(match.players[pair.x].name), CsvText(match.players[pair.y].name),
               CsvNumber(FixedText(pair.diffs[b], 4))});
    }
  }
  return csv.Take();
}

}  // namespace skat::cli
