// What a person types for a player, a table and a seating (services/cli/events/player_names.h,
// table_names.h, seating_csv.h): names, numbers and resource names are accepted where they are
// unambiguous, and every refusal says what was typed and where.
#include <gtest/gtest.h>

#include "services/cli/boards/board_list.h"
#include "services/cli/events/player_names.h"
#include "services/cli/sessions/seating_csv.h"
#include "services/cli/tables/table_names.h"

namespace skat::cli {
namespace {

v1::ListPlayersResponse Players() {
  v1::ListPlayersResponse players;
  int id = 0;
  for (const char* name : {"Anna Schulz", "Bert", "Carl", "anna schulz "}) {
    v1::Player* p = players.add_players();
    p->set_name("events/ev-1/players/pl-" + std::to_string(++id));
    p->set_display_name(name);
  }
  return players;
}

TEST(PlayerNamesTest, NameNumberOrResourceName) {
  const v1::ListPlayersResponse players = Players();
  EXPECT_EQ(*ResolvePlayer(players, " bert "), "events/ev-1/players/pl-2");
  EXPECT_EQ(*ResolvePlayer(players, "3"), "events/ev-1/players/pl-3");
  EXPECT_EQ(*ResolvePlayer(players, "pl-1"), "events/ev-1/players/pl-1");
  EXPECT_EQ(*ResolvePlayer(players, "events/ev-1/players/pl-4"), "events/ev-1/players/pl-4");
  const Result<std::string> twice = ResolvePlayer(players, "Anna Schulz");
  EXPECT_EQ(twice.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(twice.status().message(),
            "\"Anna Schulz\" names 2 players (events/ev-1/players/pl-1, "
            "events/ev-1/players/pl-4); give the number or the resource name");
  EXPECT_EQ(ResolvePlayer(players, "Zoe").status().code(), ErrorCode::kNotFound);
  EXPECT_EQ(ResolvePlayer(players, "9").status().message(),
            "no player number 9 (the event has 4 players; skat players list numbers them)");
  EXPECT_FALSE(ResolvePlayer(players, "  ").ok());
}

TEST(TableNamesTest, RoundAndTable) {
  v1::Session session;
  session.set_name("events/ev-1/sessions/se-1");
  for (int round = 1; round <= 2; ++round) {
    for (int table = 1; table <= 3; ++table) {
      v1::SessionTable* t = session.add_tables();
      t->set_round(round);
      t->set_table_number(table);
      t->set_table("events/ev-1/tables/t" + std::to_string(round) + std::to_string(table));
    }
  }
  EXPECT_EQ(ResolveTable(session, "round 2 table 3", 0)->table(), "events/ev-1/tables/t23");
  EXPECT_EQ(ResolveTable(session, "R1T2", 0)->table(), "events/ev-1/tables/t12");
  EXPECT_EQ(ResolveTable(session, "2/1", 0)->table(), "events/ev-1/tables/t21");
  EXPECT_EQ(ResolveTable(session, "3", 2)->table(), "events/ev-1/tables/t23");
  EXPECT_EQ(ResolveTable(session, "events/ev-1/tables/t11", 0)->table(), "events/ev-1/tables/t11");
  EXPECT_EQ(ResolveTable(session, "3", 0).status().message(),
            "table \"3\": events/ev-1/sessions/se-1 has 2 rounds; say which (\"round 2 table 3\", "
            "or --round)");
  EXPECT_EQ(ResolveTable(session, "round 3 table 1", 0).status().code(), ErrorCode::kNotFound);
  EXPECT_FALSE(ResolveTable(session, "the big table", 0).ok());
}

TEST(SeatingCsvTest, ReadsTheClubsSeating) {
  EXPECT_EQ(*ParseBoardList("1-3 7,9"), (std::vector<int>{1, 2, 3, 7, 9}));
  EXPECT_EQ(ParseBoardList("3-1").status().message(), "range '3-1' runs backwards");
  EXPECT_EQ(ParseBoardList("1-x").status().message(), "'x' is not a board number");
  EXPECT_EQ(ParseBoardList("1,").status().message(), "a trailing comma");
  EXPECT_FALSE(ParseBoardList("").ok());
  EXPECT_FALSE(ParseBoardList("1-1001").ok());

  const Result<std::vector<v1::SessionTable>> seating = ReadSeating(
      "Round,Table,Boards,Chair1,chair_2,CHAIR 3,chair 4,forehand chair\n"
      "1,1,1-4,bert,1,Carl,events/ev-1/players/pl-4,1\n"
      "1,2,\"5 6 7\",Carl,Bert,pl-4,,\n",
      Players());
  ASSERT_TRUE(seating.ok()) << seating.status().message();
  ASSERT_EQ(seating->size(), 2u);
  EXPECT_EQ((*seating)[0].players_size(), 4);
  EXPECT_EQ((*seating)[0].forehand_chair(), 1);
  EXPECT_EQ((*seating)[1].players_size(), 3);
  EXPECT_EQ((*seating)[1].boards_size(), 3);
  EXPECT_EQ((*seating)[1].players(2), "events/ev-1/players/pl-4");

  auto error = [](const std::string& csv) {
    return ReadSeating(csv, Players()).status().message();
  };
  const std::string header = "round,table,boards,chair 1,chair 2,chair 3\n";
  EXPECT_EQ(error(header + "1,1,1-3,Bert,Carl,Zoe\n"),
            "line 2, chair 3: no player \"Zoe\" in the event (skat players list shows their "
            "names)");
  EXPECT_EQ(error(header + "1,x,1-3,Bert,Carl,2\n"),
            "line 2, table: \"x\" is not a number 1..1000");
  EXPECT_EQ(error(header + "1,1,1-3,Bert,,2\n"), "line 2, chair 2: no player");
  EXPECT_EQ(error("round,table,boards,chair 1,chair 2\n"),
            "line 1: the header has no column \"chair 3\"");
  EXPECT_EQ(error("round,table,boards,seat 1\n"),
            "line 1: column \"seat 1\" is not round, table, boards, chair 1..chair 4 or forehand "
            "chair");
  EXPECT_EQ(error(header), "no tables under the header");
}

}  // namespace
}  // namespace skat::cli
