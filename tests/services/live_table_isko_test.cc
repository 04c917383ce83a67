// Giving up at a live isko table (docs/rules-decisions.md D73-D76): the four cases of the
// ISkO's giving up played through LiveTable, the path every act of an online table takes (Check
// from the chair, then Accept; the table service adds the store and the streams). One
// defender's concession ends the board at once, and a client's `timeout` is refused: it is the
// table clock's act (D75, D76).
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "services/table/live_table.h"
#include "tests/engine/isko_give_up_examples.h"

namespace skat::service {
namespace live_table_isko_test {

// A one-board table, chair 1 forehand, chair 2 middlehand, chair 3 rearhand.
LiveTable OneBoardTable(const Profile& profile, const Board& board) {
  store::TableRecord record;
  record.event_id = "ev-isko";
  record.id = "tb-isko";
  record.boards = {1};
  record.chairs = 3;
  record.forehand_chair = 1;
  return LiveTable(profile, record, {board});
}

// Sends `act` from its seat's chair; returns the table's answer.
Status Send(LiveTable& table, std::map<int, int64_t>& sequence, const Act& act) {
  v1::Act proto;
  ToProto(act, &proto);
  const int chair = Index(act.seat) + 1;
  Result<LiveTable::Checked> checked = table.Check(chair, ++sequence[chair], proto, 0);
  if (!checked.ok()) {
    --sequence[chair];
    return checked.status();
  }
  table.Accept(std::move(*checked));
  return Status::Ok();
}

TEST(LiveTableIskoTest, GivingUpIsSettledByTheIsko) {
  for (isko_examples::Example& e : isko_examples::Examples(Isko())) {
    LiveTable table = OneBoardTable(Isko(), e.before.board());
    std::map<int, int64_t> sequence;
    for (const Act& act : e.before.acts()) ASSERT_TRUE(Send(table, sequence, act).ok()) << e.name;
    // The seat the game waits for may give up; no seat is offered `timeout` (D75).
    for (int chair = 1; chair <= 3; ++chair) {
      bool concede = false;
      const v1::SeatView view = table.ViewOf(chair, 0);
      for (const v1::Act& legal : view.legal_acts()) {
        const Result<Act> a = FromProto(legal, *table.DirectionOf(chair, 0));
        ASSERT_TRUE(a.ok());
        EXPECT_NE(a->type, ActType::kTimeout) << e.name;
        concede = concede || a->type == ActType::kConcede;
      }
      const bool to_move = Index(e.before.to_move()) + 1 == chair;
      EXPECT_EQ(concede, to_move) << e.name << " chair " << chair;
    }
    const Status timeout =
        Send(table, sequence, Act::Simple(ActType::kTimeout, e.before.position().to_move()));
    EXPECT_EQ(timeout.code(), ErrorCode::kNotAllowed) << e.name;
    EXPECT_NE(timeout.message().find("timeout is the table clock's act"), std::string::npos)
        << timeout.message();

    ASSERT_TRUE(Send(table, sequence, e.give_up).ok()) << e.name;
    EXPECT_TRUE(table.finished()) << e.name;  // one defender for both: no answer awaited
    const GameResult& r = table.game(0).result();
    EXPECT_EQ(r.pad[Index(r.declarer)], e.declarer_pad) << e.name << ": " << Describe(r);
    EXPECT_NE(Describe(r).find(": " + e.value + " ("), std::string::npos) << Describe(r);
  }
}

// The same acts at an isko+iss table keep the ISS's rules: a defender's concession waits for his
// partner's answer (RULES N11, D75).
TEST(LiveTableIskoTest, IssTablesKeepTheIssRules) {
  isko_examples::Example e = isko_examples::Examples(Isko())[0];
  LiveTable table = OneBoardTable(IskoIss(), e.before.board());
  std::map<int, int64_t> sequence;
  for (const Act& act : e.before.acts()) ASSERT_TRUE(Send(table, sequence, act).ok());
  ASSERT_TRUE(Send(table, sequence, e.give_up).ok());
  EXPECT_FALSE(table.finished());
  ASSERT_TRUE(Send(table, sequence, Act::Answer(Direction::kRearhand, true)).ok());
  EXPECT_TRUE(table.finished());
  EXPECT_EQ(table.game(0).result().pad[0], 36);  // the rest to the declarer: won 36
}

}  // namespace live_table_isko_test
}  // namespace skat::service
