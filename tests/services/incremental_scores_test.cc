// The scores kept by change (services/scoring/event_scores_state.h) against a full load
// (LoadEventScores) of the same rows after every change of a random sequence against a real
// PostgreSQL (label db): results entered and confirmed, unconfirmed ones, corrections, assigned,
// artificial, penalty and fouled-board adjustments, chair totals; for the director and for the
// public, whose boards enter only once open (docs/events-and-scoring.md "Information during an
// event"). And one new result scores one board again.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "engine/deal/generator.h"
#include "services/common/auth.h"
#include "services/scoring/event_scores.h"
#include "services/scoring/event_scores_cache.h"
#include "services/store/store.h"
#include "tests/engine/scoring/scoring_test_util.h"
#include "tests/services/test_database.h"

namespace skat::service {
namespace {

std::string Hex(double d) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", d);
  return buffer;
}

void Dump(const std::vector<scoring::Standing>& standings, std::string& out) {
  for (const scoring::Standing& s : standings) {
    out += s.player + " " + s.club + " " + std::to_string(s.boards) + " " +
           s.matchpoints.ToString() + "/" + s.top.ToString() + " " + Hex(s.percentage) + " " +
           s.diff_exact.ToString() + " " + std::to_string(s.total) + " " +
           std::to_string(s.own_points) + " " + s.penalty.ToString() + " #" +
           std::to_string(s.rank) + (s.tied ? "=" : "") + " [";
    for (const auto& [round, pct] : s.percentage_by_round) {
      out += std::to_string(round) + ":" + Hex(pct) + " ";
    }
    out += "]\n";
  }
}

// What the readers of EventScores read, as text.
std::string Dump(const Result<std::shared_ptr<const EventScores>>& scores) {
  if (!scores.ok()) return "error " + std::string(ErrorCodeName(scores.status().code()));
  const EventScores& e = **scores;
  std::string out = "counted " + std::to_string(e.results_counted) + "/" +
                    std::to_string(e.results_expected) + " players " +
                    std::to_string(e.players.size()) + " tables " +
                    std::to_string(e.tables.size()) + "\n";
  for (const auto& [table, chunk] : e.results.tables()) {
    for (const auto& [key, r] : *chunk) {
      out += "result " + key.first + " " + std::to_string(key.second) + " #" +
             std::to_string(r.id) + "\n";
    }
  }
  for (const SessionScores& s : e.sessions) {
    out += "session " + std::to_string(s.session.number) + "\n";
    for (const auto& [board, n] : s.planned)
      out += " planned " + std::to_string(board) + "=" + std::to_string(n);
    for (const auto& [board, n] : s.finished)
      out += " finished " + std::to_string(board) + "=" + std::to_string(n);
    out += "\n";
    for (const scoring::TableResult& r : s.results) {
      out += "  tr " + r.table + " " + std::to_string(r.board) + " v" + std::to_string(r.version) +
             " " + r.players[0] + "\n";
    }
    if (!s.sheet->travellers.empty()) out += "travellers in the sheet\n";
    for (const scoring::Traveller& t : s.travellers) {
      out += " field " + std::to_string(t.board) + "/" + std::to_string(Index(t.direction)) + "/" +
             std::to_string(t.version) + " N" + std::to_string(t.planned) + " " +
             t.datum_exact.ToString() + "\n";
      for (const scoring::TravellerRow& r : t.rows) {
        out += "  " + r.table + " " + r.player + " " + std::to_string(r.board_score) + " " +
               r.matchpoints.ToString() + " " + r.diff_exact.ToString() +
               (r.artificial ? " art" : "") + (r.assigned ? " asg" : "") + "\n";
      }
    }
    Dump(s.sheet->overall, out);
    for (const auto& d : s.sheet->by_direction) Dump(d, out);
    out += "team " + std::to_string(s.sheet->team.net) + " lines " +
           std::to_string(s.sheet->team.lines.size()) + "\n";
    for (const scoring::Note& n : s.sheet->notes) out += "note " + n.text + "\n";
  }
  out += "overall\n";
  Dump(e.overall, out);
  return out;
}

class IncrementalScoresTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
  }

  // An event of two sessions of `tables` tables x `boards` boards each, 3 chairs, two clubs.
  void MakeEvent(int tables, int boards) {
    event_ = NewId("ev-");
    store::EventRecord event;
    event.id = event_;
    event.name = "incremental";
    event.profile = "nasl-1909";
    event.director_token_sha256 = Sha256Hex("x");
    ASSERT_TRUE(store_->CreateEvent(event).ok());
    deal::Seed seed;
    seed.fill(0x2a);
    store::BoardSetRecord set;
    set.event_id = event_;
    set.id = NewId("bs-");
    set.set = deal::MakeBoardSet("incremental", seed, "", "", boards, 3);
    set.secret_seed = deal::SeedToHex(seed);
    set.board_count = boards;
    Result<store::BoardSetRecord> made_set = store_->CreateBoardSet(set);
    ASSERT_TRUE(made_set.ok()) << made_set.status().ToString();
    std::vector<std::string> clubs;
    for (const char* name : {"A", "B"}) {
      store::ClubRecord club;
      club.event_id = event_;
      club.id = NewId("cl-");
      club.name = name;
      Result<store::ClubRecord> made = store_->CreateClub(club);
      ASSERT_TRUE(made.ok()) << made.status().ToString();
      clubs.push_back(made->id);
    }
    std::vector<std::string> players;
    for (int p = 0; p < 3 * tables; ++p) {
      store::PlayerRecord player;
      player.event_id = event_;
      player.id = NewId("pl-");
      player.name = "P" + std::to_string(p);
      player.club_id = clubs[p % 2];
      Result<store::PlayerRecord> made = store_->CreatePlayer(player);
      ASSERT_TRUE(made.ok()) << made.status().ToString();
      players.push_back(made->id);
    }
    for (int round = 1; round <= 2; ++round) {
      store::SessionRecord session;
      session.event_id = event_;
      session.id = NewId("se-");
      session.set_id = set.id;
      session.movement = "individual";
      for (int t = 0; t < tables; ++t) {
        store::TableRecord table;
        table.event_id = event_;
        table.id = NewId("tb-");
        table.label = "table " + std::to_string(t + 1);
        table.set_id = set.id;
        for (int b = 1; b <= boards; ++b) table.boards.push_back(b);
        table.physical = true;
        table.round = 1;
        table.table_number = t + 1;
        for (int chair = 0; chair < 3; ++chair) {
          // The second session seats the players differently.
          table.player_ids.push_back(players[(3 * t + chair * round) % (3 * tables)]);
          table.player_names.push_back("");
          table.seat_token_sha256.push_back(Sha256Hex(NewToken()));
        }
        session.tables.push_back(std::move(table));
      }
      Result<store::SessionRecord> made = store_->CreateSession(session);
      ASSERT_TRUE(made.ok()) << made.status().ToString();
      for (const store::TableRecord& t : made->tables) tables_.push_back({made->number, t});
    }
  }

  store::ResultRecord RandomResult(const store::TableRecord& t, int index) {
    store::ResultRecord r;
    r.event_id = event_;
    r.table_id = t.id;
    r.board_index = index;
    const int value = 18 + 6 * static_cast<int>(rng_() % 8);
    r.game = scoring::testing::Game(kDirections[rng_() % 3], value, rng_() % 3 != 0);
    r.pad.assign(r.game.pad.begin(), r.game.pad.end());
    r.summary = "game";
    r.entered_by = "director";
    return r;
  }

  // Whether the public sees a result of `player` in the session: a penalty on a player without
  // one cannot be scored (both loads refuse it), and adjustments are never withdrawn.
  bool HasVisibleResult(int session, const std::string& player) {
    const Result<EventScores> scores = LoadEventScores(*store_, event_, Audience::kPublic);
    if (!scores.ok()) return false;
    for (const SessionScores& s : scores->sessions) {
      if (s.session.number != session) continue;
      for (const scoring::Standing& standing : s.sheet->overall) {
        if (standing.player == player) return true;
      }
    }
    return false;
  }

  // One random change through the store.
  void Change() {
    const auto& [session, t] = tables_[rng_() % tables_.size()];
    const int index = static_cast<int>(rng_() % t.boards.size());
    const int what = static_cast<int>(rng_() % 10);
    if (what < 4) {  // a result, confirmed at once or later, or corrected when there is one
      store::ResultRecord r = RandomResult(t, index);
      if (rng_() % 4 != 0) r.confirmed_by = "director";
      if (!store_->SubmitResult(r, 0).ok()) {
        r.confirmed_by = "director";
        EXPECT_TRUE(store_->CorrectResult(r, "director", "typo").ok());
      }
    } else if (what < 5) {
      (void)store_->ConfirmResult(event_, t.id, index, "chair 1");
    } else if (what < 8) {
      store::AdjustmentRecord a;
      a.event_id = event_;
      a.session = session;
      const int kind = static_cast<int>(rng_() % 4);
      a.kind = kind == 0 ? "assigned" : kind == 1 ? "artificial" : kind == 2 ? "penalty" : "fouled";
      a.board_number = t.boards[index];
      a.table_id = t.id;
      a.direction = static_cast<int>(rng_() % 3);
      a.assigned_score = static_cast<int64_t>(rng_() % 100) - 50;
      a.artificial_percent = 40 + 10 * static_cast<int>(rng_() % 3);
      a.penalty = "2";
      a.version = 1 + static_cast<int>(rng_() % 2);
      a.reason = "test";
      a.created_by = "director";
      if (a.kind == "penalty" && !HasVisibleResult(session, t.player_ids[0])) return;
      if (a.kind == "penalty" && rng_() % 2 == 0) {  // on the player's total
        a.board_number = 0;
        a.table_id.clear();
        a.direction = -1;
        a.player_id = t.player_ids[0];
      }
      // A named player: a seat's penalty without one would fall on nobody while the seat has no
      // result (an error of both loads, never withdrawn, as adjustments stay).
      if (a.kind != "fouled") a.player_id = t.player_ids[a.direction < 0 ? 0 : a.direction];
      if (a.kind == "penalty") a.player_id = t.player_ids[0];
      Result<store::AdjustmentRecord> added = store_->AddAdjustment(a);
      EXPECT_TRUE(added.ok()) << added.status().ToString();
    } else {
      store::ChairTotalRecord c;
      c.event_id = event_;
      c.table_id = t.id;
      c.chair = 1 + static_cast<int>(rng_() % 3);
      c.total = static_cast<int64_t>(rng_() % 200) - 100;
      EXPECT_TRUE(store_->PutChairTotal(c, true).ok());
    }
  }

  std::unique_ptr<store::Store> store_;
  std::string event_;
  std::vector<std::pair<int, store::TableRecord>> tables_;  // session number, table
  std::mt19937_64 rng_{20261129};
};

TEST_F(IncrementalScoresTest, EqualFullLoadAfterEveryChange) {
  MakeEvent(3, 2);
  EventScoresCache cache(*store_);
  int checks = 0, errors = 0, hidden = 0, open = 0, shared = 0;
  // The scores a reader kept from the last refresh, and their text then: a later refresh shares
  // their unchanged sessions' sheets and never changes them.
  std::shared_ptr<const EventScores> kept[2];
  std::string kept_text[2];
  for (int change = 0; change < 60; ++change) {
    Change();
    size_t seen[2] = {0, 0};
    for (Audience audience : {Audience::kDirector, Audience::kPublic}) {
      const Result<EventScores> full = LoadEventScores(*store_, event_, audience);
      const std::string expected =
          full.ok() ? Dump(std::make_shared<const EventScores>(*full))
                    : Dump(Result<std::shared_ptr<const EventScores>>(full.status()));
      const Result<std::shared_ptr<const EventScores>> got = cache.Get(event_, audience);
      ASSERT_EQ(Dump(got), expected)
          << "change " << change << " audience " << static_cast<int>(audience);
      const int a = static_cast<int>(audience);
      if (kept[a] != nullptr) {
        ASSERT_EQ(Dump(Result<std::shared_ptr<const EventScores>>(kept[a])), kept_text[a])
            << "change " << change << " audience " << a;
      }
      if (got.ok() && kept[a] != nullptr && *got != kept[a]) {
        for (size_t i = 0; i < (*got)->sessions.size() && i < kept[a]->sessions.size(); ++i) {
          if ((*got)->sessions[i].sheet == kept[a]->sessions[i].sheet) ++shared;
        }
      }
      kept[a] = got.ok() ? *got : nullptr;
      kept_text[a] = got.ok() ? expected : "";
      ++checks;
      if (!full.ok()) ++errors;
      if (full.ok()) seen[static_cast<int>(audience)] = full->results.size();
    }
    if (seen[0] > 0) ++open;          // the public sees an open board
    if (seen[1] > seen[0]) ++hidden;  // and not yet every result
  }
  // The sequence reaches every state worth comparing.
  EXPECT_EQ(checks, 120);
  EXPECT_EQ(errors, 0);
  EXPECT_GT(open, 0);
  EXPECT_GT(hidden, 0);
  EXPECT_GT(shared, 0);  // a change to one session leaves the other's sheet shared
}

// docs/events-and-scoring.md 4.12: a table's chair totals, once every chair has one, finish and
// count every board of it without a result; the kept scores count them as a full load does.
TEST_F(IncrementalScoresTest, ChairTotalsCountATablesBoards) {
  MakeEvent(3, 2);
  EventScoresCache cache(*store_);
  auto same = [&](const std::string& when) {
    for (Audience audience : {Audience::kDirector, Audience::kPublic}) {
      const Result<EventScores> full = LoadEventScores(*store_, event_, audience);
      ASSERT_TRUE(full.ok()) << full.status().ToString();
      ASSERT_EQ(Dump(cache.Get(event_, audience)), Dump(std::make_shared<const EventScores>(*full)))
          << when << " audience " << static_cast<int>(audience);
    }
  };
  same("before");
  const store::TableRecord& t = tables_[0].second;
  for (int chair = 1; chair <= t.chairs; ++chair) {
    store::ChairTotalRecord c;
    c.event_id = event_;
    c.table_id = t.id;
    c.chair = chair;
    c.total = 10 * chair;
    ASSERT_TRUE(store_->PutChairTotal(c, true).ok());
    same("chair " + std::to_string(chair));
  }
  Result<std::shared_ptr<const EventScores>> after = cache.Get(event_, Audience::kDirector);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ((*after)->results_counted, static_cast<int>(t.boards.size()));
}

TEST_F(IncrementalScoresTest, OneNewResultScoresOneBoardAgain) {
  MakeEvent(3, 4);
  EventScoresCache cache(*store_);
  ASSERT_TRUE(cache.Get(event_, Audience::kDirector).ok());
  const uint64_t before = cache.parts_computed();
  store::ResultRecord r = RandomResult(tables_[0].second, 2);
  r.confirmed_by = "director";
  ASSERT_TRUE(store_->SubmitResult(r, 0).ok());
  Result<std::shared_ptr<const EventScores>> after = cache.Get(event_, Audience::kDirector);
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_EQ(cache.parts_computed(), before + 1);
  EXPECT_EQ((*after)->results_counted, 1);
  // Nothing changed: the same scores, nothing scored.
  Result<std::shared_ptr<const EventScores>> again = cache.Get(event_, Audience::kDirector);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->get(), after->get());
  EXPECT_EQ(cache.parts_computed(), before + 1);
}

// The frame's stamp (migration 0021's change mark): a result leaves it, a new player or club
// changes it, and the kept scores then show the new frame.
TEST_F(IncrementalScoresTest, TheFrameStampChangesWithTheFrameAlone) {
  MakeEvent(3, 2);
  EventScoresCache cache(*store_);
  Result<std::shared_ptr<const EventScores>> first = cache.Get(event_, Audience::kDirector);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  Result<store::ScoreDelta> before = store_->ReadScoreDelta(event_, "1");
  ASSERT_TRUE(before.ok()) << before.status().ToString();
  store::ResultRecord r = RandomResult(tables_[0].second, 1);
  r.confirmed_by = "director";
  ASSERT_TRUE(store_->SubmitResult(r, 0).ok());
  Result<store::ScoreDelta> after_result = store_->ReadScoreDelta(event_, "1");
  ASSERT_TRUE(after_result.ok());
  EXPECT_EQ(after_result->frame_stamp, before->frame_stamp);
  EXPECT_EQ(after_result->results.size(), before->results.size() + 1);

  store::PlayerRecord player;
  player.event_id = event_;
  player.id = NewId("pl-");
  player.name = "Late";
  ASSERT_TRUE(store_->CreatePlayer(player).ok());
  Result<store::ScoreDelta> after_player = store_->ReadScoreDelta(event_, "1");
  ASSERT_TRUE(after_player.ok());
  EXPECT_NE(after_player->frame_stamp, after_result->frame_stamp);
  Result<std::shared_ptr<const EventScores>> later = cache.Get(event_, Audience::kDirector);
  ASSERT_TRUE(later.ok()) << later.status().ToString();
  EXPECT_EQ((*later)->players.size(), (*first)->players.size() + 1);

  store::ClubRecord club;
  club.event_id = event_;
  club.id = NewId("cl-");
  club.name = "C";
  ASSERT_TRUE(store_->CreateClub(club).ok());
  Result<store::ScoreDelta> after_club = store_->ReadScoreDelta(event_, "1");
  ASSERT_TRUE(after_club.ok());
  EXPECT_NE(after_club->frame_stamp, after_player->frame_stamp);
  Result<std::shared_ptr<const EventScores>> last = cache.Get(event_, Audience::kDirector);
  ASSERT_TRUE(last.ok()) << last.status().ToString();
  EXPECT_EQ((*last)->clubs.size(), (*first)->clubs.size() + 1);
}

}  // namespace
}  // namespace skat::service
