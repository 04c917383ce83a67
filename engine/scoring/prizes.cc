#include "engine/scoring/prizes.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace skat::scoring {
namespace {

// A game won without matadors, as the 3rd and 7th prizes rank it (D41):
// matadors without, then suit rank (GameType numbers: diamonds 0 ... clubs 3, grand 4), then level.
struct WithoutGame {
  int matadors = 0;
  int suit_rank = 0;
  int level = 0;
  std::string name;
  Declaration declaration;
  auto Key() const { return std::tie(matadors, suit_rank, level); }
};

struct Player {
  int won = 0, lost = 0;
  long long own_points = 0;
  std::optional<WithoutGame> solo, tournee;
  int highest = -1;  // value of the highest game won; -1: none
  std::string highest_name;
  Declaration highest_declaration;
  int net() const { return won - lost; }
};

enum Category { kNetGames = 1, kOwnPoints, kSolo, kHighest = 6, kTournee };

const char* CategoryName(int category) {
  switch (category) {
    case kNetGames: return "net-games";
    case kOwnPoints: return "own-points";
    case kSolo: return "solo-without";
    case kHighest: return "highest-game";
    case kTournee: return "tournee-without";
  }
  return "?";
}

void Keep(std::optional<WithoutGame>& best, const WithoutGame& game) {
  if (!best || game.Key() > best->Key()) best = game;
}

std::map<std::string, Player> Tally(const std::vector<TableResult>& sitting) {
  std::map<std::string, Player> players;
  for (const TableResult& r : sitting) {
    if (!r.resting_dealer.empty()) players[r.resting_dealer];
    for (Direction d : kDirections) players[r.players[Index(d)]].own_points += r.game.pad[Index(d)];
    // Ramsch and passed-in boards are not games (XII; docs/comparative.md "Congress prizes").
    if (r.game.kind != ResultKind::kDeclarerGame) continue;
    Player& p = players[r.players[Index(r.game.declarer)]];
    const Declaration& decl = r.game.declaration;
    if (!r.game.valuation.won) {
      ++p.lost;
      continue;
    }
    ++p.won;
    if (r.game.valuation.value > p.highest) {
      p.highest = r.game.valuation.value;
      p.highest_name = ToString(decl);
      p.highest_declaration = decl;
    }
    // Z1: "against N matadors" is "without N"; Null has no matadors (Z4).
    if (decl.type == GameType::kNull || r.game.matadors.with) continue;
    const WithoutGame game{r.game.matadors.count, static_cast<int>(decl.type),
                           r.game.valuation.level, ToString(decl) + " " + ToString(r.game.matadors),
                           decl};
    if (decl.handling == SkatHandling::kHand) Keep(p.solo, game);  // Z4: the Solo class
    if (decl.handling == SkatHandling::kTournee || decl.handling == SkatHandling::kPasstMirNicht) {
      Keep(p.tournee, game);  // Z4: Passt mir nicht counts as Tournee; the Guckser does not
    }
  }
  return players;
}

// The players of a category, best first.
std::vector<std::string> Order(const std::map<std::string, Player>& players, int category) {
  using Key = std::tuple<long long, long long, long long, long long>;
  std::vector<std::pair<Key, std::string>> keyed;
  for (const auto& [id, p] : players) {
    const long long own = p.own_points, net = p.net();
    switch (category) {
      case kNetGames: keyed.push_back({{net, own, 0, 0}, id}); break;
      case kOwnPoints: keyed.push_back({{own, net, 0, 0}, id}); break;
      case kHighest:
        if (p.highest >= 0) keyed.push_back({{p.highest, own, 0, 0}, id});
        break;
      case kSolo:
      case kTournee: {
        const std::optional<WithoutGame>& g = category == kSolo ? p.solo : p.tournee;
        if (g) keyed.push_back({{g->matadors, g->suit_rank, g->level, own}, id});
        break;
      }
    }
  }
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (const auto& [key, id] : keyed) out.push_back(id);
  return out;
}

// A game as the codes of engine/scoring/note.h give it: its name and announcement.
std::vector<std::string> GameArgs(const Declaration& d) {
  return {GameName(d), std::string(AnnouncementName(d.announced))};
}

// The winner's detail in English and in structured form (engine/scoring/note.h).
void Detail(const Player& p, int category, Prize& prize) {
  const std::string own_points = std::to_string(p.own_points);
  const std::string own = "own points " + own_points;
  std::vector<std::string>& args = prize.detail_args;
  switch (category) {
    case kNetGames:
    case kOwnPoints:
      prize.detail_code = "prize-net-games";
      args = {std::to_string(p.net()), std::to_string(p.won), std::to_string(p.lost), own_points};
      prize.detail =
          "net games " + args[0] + " (won " + args[1] + ", lost " + args[2] + "), " + own;
      return;
    case kSolo:
    case kTournee: {
      const WithoutGame& g = category == kSolo ? *p.solo : *p.tournee;
      prize.detail_code = category == kSolo ? "prize-solo" : "prize-tournee";
      args = GameArgs(g.declaration);
      args.insert(args.end(), {std::to_string(g.matadors), std::to_string(g.level), own_points});
      prize.detail = g.name + ", level " + std::to_string(g.level) + ", " + own;
      return;
    }
    case kHighest:
      prize.detail_code = "prize-highest";
      args = GameArgs(p.highest_declaration);
      args.insert(args.end(), {std::to_string(p.highest), own_points});
      prize.detail = p.highest_name + " won " + std::to_string(p.highest) + ", " + own;
      return;
  }
}

}  // namespace

std::vector<Prize> PrizeList(const std::vector<std::vector<TableResult>>& sittings,
                             int prizes_per_sitting) {
  std::vector<Prize> out;
  std::set<std::string> awarded;  // T14: one prize per player across sittings
  for (size_t s = 0; s < sittings.size(); ++s) {
    const std::map<std::string, Player> players = Tally(sittings[s]);
    std::array<std::vector<std::string>, 8> orders;
    for (int c : {kNetGames, kOwnPoints, kSolo, kHighest, kTournee}) orders[c] = Order(players, c);
    for (int k = 1; k <= prizes_per_sitting; ++k) {
      int category = (k - 1) % 7 + 1;           // T13 / Z6: the order repeats
      if (category == 4) category = kNetGames;  // 4th, 5th: "second best" = best remaining
      if (category == 5) category = kOwnPoints;
      Prize prize;
      prize.place = k;
      prize.sitting = static_cast<int>(s) + 1;
      prize.category = CategoryName(category);
      for (const std::string& id : orders[category]) {
        if (awarded.count(id) != 0) continue;
        awarded.insert(id);
        prize.player = id;
        Detail(players.at(id), category, prize);
        break;
      }
      if (prize.player.empty()) {
        prize.detail = "no player qualifies";
        prize.detail_code = "prize-none";
      }
      out.push_back(std::move(prize));
    }
  }
  return out;
}

}  // namespace skat::scoring
