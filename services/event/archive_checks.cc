#include "services/event/archive_checks.h"

#include <map>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/declaration.h"
#include "engine/profile.h"

namespace skat::service {
namespace {

using Names = std::set<std::string, std::less<>>;

constexpr char kCheckRule[] = " (docs/event-archive.md \"Validation\")";

Status Wrong(const std::string& where, const std::string& field, const std::string& value,
             const std::string& why) {
  return Status::InvalidArgument("event archive: " + where + " " + field + " '" +
                                 value.substr(0, 80) + "' " + why + kCheckRule);
}

Status OneOf(const std::string& where, const std::string& field, const std::string& value,
             const Names& allowed) {
  if (allowed.count(value) > 0) return Status::Ok();
  std::string list;
  for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
  return Wrong(where, field, value, "is not one of " + list);
}

// An event-scoped id: the prefix and 10 lower-case base32 characters (names.h NewId).
Status CheckId(const std::string& where, const std::string& value, const std::string& prefix) {
  static const std::regex kId("^[a-z]{2}-[a-z0-9]{10}$");
  if (value.rfind(prefix, 0) == 0 && std::regex_match(value, kId)) return Status::Ok();
  return Wrong(where, "id", value, "is not " + prefix + " and 10 lower-case letters or digits");
}

// Adds the ids of `rows` to `ids`, each once.
template <typename Rows>
Status CollectIds(const std::string& what, const Rows& rows, const std::string& prefix,
                  Names& ids) {
  for (const auto& row : rows) {
    if (Status s = CheckId(what, row.id(), prefix); !s.ok()) return s;
    if (!ids.insert(row.id()).second) return Wrong(what, "id", row.id(), "appears twice");
  }
  return Status::Ok();
}

Status Ref(const std::string& where, const std::string& field, const std::string& value,
           const Names& ids) {
  return ids.count(value) > 0 ? Status::Ok() : Wrong(where, field, value, "names no such row");
}

#define SKAT_CHECK(expr)                \
  do {                                  \
    if (Status s_ = (expr); !s_.ok()) { \
      return s_;                        \
    }                                   \
  } while (false)

Status CheckEvent(const v1::ArchivedEvent& e) {
  if (FindProfile(e.profile()) == nullptr) {
    return Wrong("event", "profile", e.profile(), "is not a profile of this server");
  }
  SKAT_CHECK(OneOf("event", "board_score", e.board_score(), {"pad", "settled", "seeger-fabian"}));
  SKAT_CHECK(OneOf("event", "comparison", e.comparison(),
                   {"matchpoints", "datum", "total", "session-total", "synchron"}));
  SKAT_CHECK(OneOf("event", "ranking", e.ranking(), {"percentage", "matchpoint-sum", "total"}));
  SKAT_CHECK(OneOf("event", "language", e.language(), {"en", "de"}));
  return OneOf("event", "deck", e.deck(), {"french", "four", "german"});
}

// The boards by set and number, read and compared with their deal numbers.
Status CheckBoards(const v1::EventArchive& a, const Names& sets,
                   std::map<std::string, std::set<int>>& numbers) {
  for (const v1::ArchivedBoard& b : a.boards()) {
    const std::string where = "board " + b.set_id() + "/" + std::to_string(b.number());
    SKAT_CHECK(Ref(where, "set_id", b.set_id(), sets));
    if (!numbers[b.set_id()].insert(b.number()).second) {
      return Wrong(where, "number", std::to_string(b.number()), "appears twice");
    }
    Result<Board> board = ParseBoard("F: " + b.forehand() + "; M: " + b.middlehand() +
                                     "; R: " + b.rearhand() + "; S: " + b.skat());
    if (!board.ok()) return Wrong(where, "cards", b.forehand(), board.status().message());
    if (DealNumber(*board) != static_cast<uint64_t>(b.deal_number())) {
      return Wrong(where, "deal_number", std::to_string(b.deal_number()),
                   "is not the number of its cards");
    }
  }
  return Status::Ok();
}

Status CheckTables(const v1::EventArchive& a, const Names& sets, const Names& sessions,
                   const std::map<std::string, std::set<int>>& boards) {
  for (const v1::ArchivedTable& t : a.tables()) {
    const std::string where = "table " + t.id();
    SKAT_CHECK(Ref(where, "set_id", t.set_id(), sets));
    if (t.has_session_id()) SKAT_CHECK(Ref(where, "session_id", t.session_id(), sessions));
    SKAT_CHECK(OneOf(where, "mode", t.mode(), {"online", "physical"}));
    if (t.chairs() != 3 && t.chairs() != 4) {
      return Wrong(where, "chairs", std::to_string(t.chairs()), "is not 3 or 4");
    }
    if (t.boards().empty()) return Wrong(where, "boards", "", "is empty");
    for (int number : t.boards()) {
      auto set = boards.find(t.set_id());
      if (set == boards.end() || set->second.count(number) == 0) {
        return Wrong(where, "boards", std::to_string(number), "is not a board of its set");
      }
    }
    if (t.has_code() && t.mode() != "physical") {
      return Wrong(where, "has_code", "true", "but the table is not physical");
    }
  }
  return Status::Ok();
}

Status CheckSeats(const v1::EventArchive& a, const std::map<std::string, int>& chairs,
                  const Names& players) {
  std::set<std::pair<std::string, int>> seen;
  for (const v1::ArchivedSeat& s : a.seats()) {
    const std::string where = "seat " + s.table_id() + "/" + std::to_string(s.chair());
    auto table = chairs.find(s.table_id());
    if (table == chairs.end()) return Wrong(where, "table_id", s.table_id(), "names no table");
    if (s.chair() < 1 || s.chair() > table->second) {
      return Wrong(where, "chair", std::to_string(s.chair()), "is not a chair of its table");
    }
    if (!seen.emplace(s.table_id(), s.chair()).second) {
      return Wrong(where, "chair", std::to_string(s.chair()), "appears twice");
    }
    if (s.has_player_id()) SKAT_CHECK(Ref(where, "player_id", s.player_id(), players));
  }
  return Status::Ok();
}

// The games by table and board index, each at its table's place of its board number.
Status CheckGames(const v1::EventArchive& a, std::set<std::pair<std::string, int>>& games) {
  std::map<std::string, const v1::ArchivedTable*> tables;
  for (const v1::ArchivedTable& t : a.tables()) tables[t.id()] = &t;
  for (const v1::ArchivedGame& g : a.games()) {
    const std::string where = "game " + g.table_id() + "/" + std::to_string(g.board_index());
    auto table = tables.find(g.table_id());
    if (table == tables.end()) return Wrong(where, "table_id", g.table_id(), "names no table");
    const auto& boards = table->second->boards();
    if (g.board_index() < 0 || g.board_index() >= boards.size() ||
        boards[g.board_index()] != g.board_number()) {
      return Wrong(where, "board_number", std::to_string(g.board_number()),
                   "is not the table's board at that place");
    }
    SKAT_CHECK(OneOf(where, "source", g.source(), {"online", "physical"}));
    if (!games.emplace(g.table_id(), g.board_index()).second) {
      return Wrong(where, "board_index", std::to_string(g.board_index()), "appears twice");
    }
  }
  return Status::Ok();
}

Status CheckDeclaration(const std::string& where, const v1::ArchivedResult& r) {
  SKAT_CHECK(OneOf(where, "kind", r.kind(), {"declarer", "ramsch", "passed-in"}));
  if (r.has_declarer() && !ParseDirection(r.declarer())) {
    return Wrong(where, "declarer", r.declarer(), "is not a direction");
  }
  if (r.has_handling() && !ParseHandling(r.handling())) {
    return Wrong(where, "handling", r.handling(), "is not a skat handling");
  }
  if (r.has_game_type() && !ParseGameType(r.game_type())) {
    return Wrong(where, "game_type", r.game_type(), "is not a game type");
  }
  if (r.has_announced() && !ParseAnnouncement(r.announced())) {
    return Wrong(where, "announced", r.announced(), "is not an announcement");
  }
  return Status::Ok();
}

Status CheckResults(const v1::EventArchive& a, const std::set<std::pair<std::string, int>>& games) {
  std::set<int64_t> numbers;
  for (const v1::ArchivedResult& r : a.results()) {
    const std::string where = "result " + std::to_string(r.number());
    if (!numbers.insert(r.number()).second) {
      return Wrong(where, "number", std::to_string(r.number()), "appears twice");
    }
    if (games.count({r.table_id(), r.board_index()}) == 0) {
      return Wrong(where, "table_id", r.table_id(), "has no game at that board index");
    }
    SKAT_CHECK(OneOf(where, "source", r.source(), {"online", "physical"}));
    SKAT_CHECK(CheckDeclaration(where, r));
  }
  for (const v1::ArchivedResult& r : a.results()) {
    if (r.has_replaced_by() && numbers.count(r.replaced_by()) == 0) {
      return Wrong("result " + std::to_string(r.number()), "replaced_by",
                   std::to_string(r.replaced_by()), "names no result");
    }
  }
  return Status::Ok();
}

Status CheckTotalsAndAdjustments(const v1::EventArchive& a, const Names& tables,
                                 const Names& players) {
  std::set<int64_t> numbers;
  for (const v1::ArchivedChairTotal& c : a.chair_totals()) {
    const std::string where = "chair total " + std::to_string(c.number());
    SKAT_CHECK(Ref(where, "table_id", c.table_id(), tables));
    if (!numbers.insert(c.number()).second) {
      return Wrong(where, "number", std::to_string(c.number()), "appears twice");
    }
  }
  for (const v1::ArchivedChairTotal& c : a.chair_totals()) {
    if (c.has_replaced_by() && numbers.count(c.replaced_by()) == 0) {
      return Wrong("chair total " + std::to_string(c.number()), "replaced_by",
                   std::to_string(c.replaced_by()), "names no chair total");
    }
  }
  for (const v1::ArchivedAdjustment& j : a.adjustments()) {
    const std::string where = "adjustment " + std::to_string(j.number());
    SKAT_CHECK(OneOf(where, "kind", j.kind(), {"assigned", "artificial", "penalty", "fouled"}));
    if (j.has_table_id()) SKAT_CHECK(Ref(where, "table_id", j.table_id(), tables));
    if (j.has_player_id()) SKAT_CHECK(Ref(where, "player_id", j.player_id(), players));
    if (j.has_direction()) {
      SKAT_CHECK(OneOf(where, "direction", j.direction(), {"forehand", "middlehand", "rearhand"}));
    }
  }
  return Status::Ok();
}

// The ids of every kind of row, and the references among clubs, players, sets and sessions.
struct Ids {
  Names clubs, players, sets, sessions, tables;
};

Status CheckIds(const v1::EventArchive& a, Ids& ids) {
  SKAT_CHECK(CollectIds("club", a.clubs(), "cl-", ids.clubs));
  SKAT_CHECK(CollectIds("player", a.players(), "pl-", ids.players));
  SKAT_CHECK(CollectIds("board set", a.board_sets(), "bs-", ids.sets));
  SKAT_CHECK(CollectIds("session", a.sessions(), "se-", ids.sessions));
  SKAT_CHECK(CollectIds("table", a.tables(), "tb-", ids.tables));
  for (const v1::ArchivedPlayer& p : a.players()) {
    if (p.has_club_id()) SKAT_CHECK(Ref("player " + p.id(), "club_id", p.club_id(), ids.clubs));
  }
  for (const v1::ArchivedBoardSet& s : a.board_sets()) {
    SKAT_CHECK(OneOf("board set " + s.id(), "source", s.source(), {"generated", "imported"}));
    if (s.source() != "generated") {
      return Wrong("board set " + s.id(), "source", s.source(), "is not carried by version 1");
    }
  }
  for (const v1::ArchivedSession& s : a.sessions()) {
    SKAT_CHECK(Ref("session " + s.id(), "set_id", s.set_id(), ids.sets));
    SKAT_CHECK(OneOf("session " + s.id(), "movement", s.movement(),
                     {"individual", "inter-club", "congress", "manual"}));
  }
  return Status::Ok();
}

}  // namespace

Status CheckArchive(const v1::EventArchive& archive) {
  if (!archive.has_event()) return Wrong("content", "event", "", "is missing");
  if (archive.seats_size() > kMaxArchiveSeats) {
    return Wrong("content", "seats", std::to_string(archive.seats_size()),
                 "are more than " + std::to_string(kMaxArchiveSeats));
  }
  SKAT_CHECK(CheckEvent(archive.event()));
  Ids ids;
  SKAT_CHECK(CheckIds(archive, ids));
  std::map<std::string, std::set<int>> boards;
  SKAT_CHECK(CheckBoards(archive, ids.sets, boards));
  SKAT_CHECK(CheckTables(archive, ids.sets, ids.sessions, boards));
  std::map<std::string, int> chairs;
  for (const v1::ArchivedTable& t : archive.tables()) chairs[t.id()] = t.chairs();
  SKAT_CHECK(CheckSeats(archive, chairs, ids.players));
  std::set<std::pair<std::string, int>> games;
  SKAT_CHECK(CheckGames(archive, games));
  for (const v1::ArchivedAct& act : archive.acts()) {
    if (games.count({act.table_id(), act.board_index()}) == 0) {
      return Wrong("act " + act.table_id() + "/" + std::to_string(act.board_index()) + "/" +
                       std::to_string(act.act_index()),
                   "board_index", std::to_string(act.board_index()), "has no game");
    }
    SKAT_CHECK(OneOf("act", "made_by", act.made_by(), {"seat", "clock", "bot"}));
  }
  SKAT_CHECK(CheckResults(archive, games));
  return CheckTotalsAndAdjustments(archive, ids.tables, ids.players);
}

#undef SKAT_CHECK

}  // namespace skat::service
