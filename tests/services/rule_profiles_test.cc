// The rule profiles as a resource (event_service.proto GetRuleProfile, ListRuleProfiles;
// docs/rules.md "Rule profiles") and each board's forehand chair on Table, SeatView and a
// session's tables (docs/comparative.md "Directions and chairs"), over real gRPC on loopback
// against PostgreSQL (label db). Every field must be the engine's profile data (engine/profile.h),
// so a client that offers what the reply says offers what the engine allows.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/board_set.h"
#include "engine/profile.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using testing_table::Context;

// The engine's base profiles: nasl-1909, eichhorn-1898, laws-1900, gucki-variation, isko. A new
// profile changes this count, and every page that lists profiles shows it without a code change.
constexpr int kEngineProfiles = 5;

class RuleProfilesTest : public testing_table::TableServiceFixture {
 protected:
  grpc::Status Get(const std::string& name, v1::RuleProfile* out) {
    v1::GetRuleProfileRequest request;
    request.set_name(name);
    return event_stub_->GetRuleProfile(Context("").get(), request, out);
  }

  // Every page of ListRuleProfiles with `page_size`.
  std::vector<v1::RuleProfile> All(int page_size, int* pages) {
    std::vector<v1::RuleProfile> out;
    std::string token;
    *pages = 0;
    do {
      v1::ListRuleProfilesRequest request;
      request.set_page_size(page_size);
      request.set_page_token(token);
      v1::ListRuleProfilesResponse page;
      const grpc::Status s = event_stub_->ListRuleProfiles(Context("").get(), request, &page);
      EXPECT_TRUE(s.ok()) << s.error_message();
      if (!s.ok()) break;
      ++*pages;
      for (const v1::RuleProfile& p : page.rule_profiles()) out.push_back(p);
      token = page.next_page_token();
    } while (!token.empty());
    return out;
  }
};

// The games of one handling as the engine allows them, in the reply's order.
void ExpectHandlingIsTheEngines(const Profile& p, const v1::RuleHandling& h) {
  const auto handling = static_cast<SkatHandling>(h.handling() - 1);
  std::set<int> games(h.games().begin(), h.games().end());
  std::set<int> ouvert(h.ouvert_games().begin(), h.ouvert_games().end());
  for (int t = 0; t < kGameTypeCount; ++t) {
    Declaration d{.handling = handling, .type = static_cast<GameType>(t)};
    EXPECT_EQ(p.Allows(d), games.count(t + 1) == 1) << p.id << " handling " << h.handling();
    d.ouvert = true;
    EXPECT_EQ(p.Allows(d), ouvert.count(t + 1) == 1) << p.id << " ouvert " << h.handling();
  }
  const LevelTable& levels = p.levels[static_cast<int>(handling)];
  std::set<int> announced(h.announcements().begin(), h.announcements().end());
  EXPECT_EQ(levels.AllowsAnnouncement(Announcement::kSchneider),
            announced.count(v1::ANNOUNCEMENT_SCHNEIDER) == 1);
  EXPECT_EQ(levels.AllowsAnnouncement(Announcement::kSchwarz),
            announced.count(v1::ANNOUNCEMENT_SCHWARZ) == 1);
}

void ExpectProfileIsTheEngines(const v1::RuleProfile& got) {
  ASSERT_TRUE(got.name().starts_with("profiles/")) << got.name();
  const Profile* p = FindProfile(got.name().substr(9));
  ASSERT_NE(p, nullptr) << got.name();
  EXPECT_EQ(got.display_name(), p->title);
  int handlings = 0;
  for (int h = 0; h < kSkatHandlingCount; ++h) {
    handlings += p->AllowsHandling(static_cast<SkatHandling>(h)) ? 1 : 0;
  }
  EXPECT_EQ(got.handlings_size(), handlings) << got.name();
  for (const v1::RuleHandling& h : got.handlings()) ExpectHandlingIsTheEngines(*p, h);
  EXPECT_EQ(std::vector<int>(got.bid_values().begin(), got.bid_values().end()), p->legal_bids);
  EXPECT_EQ(got.any_positive_bid(), p->any_positive_bid);
  EXPECT_EQ(got.contra(), p->contra);
  EXPECT_EQ(got.all_pass(), p->ramsch ? v1::ALL_PASS_RAMSCH : v1::ALL_PASS_PASSED_IN);
  EXPECT_EQ(got.move_seconds(), p->move_seconds);
  EXPECT_EQ(got.table_sizes_size(), 2);
  EXPECT_EQ(got.board_scores_size(), 3);
  EXPECT_EQ(got.options_size(), static_cast<int>(p->options.size()));
  EXPECT_EQ(got.options_on_size(), static_cast<int>(p->options_on.size()));
}

TEST_F(RuleProfilesTest, ListsEveryEngineProfileOnceDefaultFirst) {
  ASSERT_EQ(static_cast<int>(ProfileIds().size()), kEngineProfiles);
  for (const int page_size : {0, 1, 2, 2000}) {
    SCOPED_TRACE("page_size " + std::to_string(page_size));
    int pages = 0;
    const std::vector<v1::RuleProfile> listed = All(page_size, &pages);
    ASSERT_EQ(static_cast<int>(listed.size()), kEngineProfiles);
    const int size = page_size == 0 ? kEngineProfiles : std::min(page_size, kEngineProfiles);
    EXPECT_EQ(pages, (kEngineProfiles + size - 1) / size);
    for (int i = 0; i < kEngineProfiles; ++i) {
      EXPECT_EQ(listed[i].name(), "profiles/" + std::string(ProfileIds()[i]));
      ExpectProfileIsTheEngines(listed[i]);
      v1::RuleProfile got;
      ASSERT_TRUE(Get(listed[i].name(), &got).ok());
      EXPECT_EQ(got.SerializeAsString(), listed[i].SerializeAsString());
    }
    EXPECT_EQ(listed[0].name(), "profiles/nasl-1909");
  }
  v1::ListRuleProfilesRequest bad;
  bad.set_page_size(-1);
  v1::ListRuleProfilesResponse page;
  EXPECT_EQ(event_stub_->ListRuleProfiles(Context("").get(), bad, &page).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  bad.set_page_size(1);
  bad.set_page_token("forged");
  EXPECT_EQ(event_stub_->ListRuleProfiles(Context("").get(), bad, &page).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(RuleProfilesTest, GetAnswersOptionsAndRefusesOthers) {
  v1::RuleProfile got;
  ASSERT_TRUE(Get("profiles/eichhorn-1898+revolution+contra", &got).ok());
  EXPECT_EQ(got.name(), "profiles/eichhorn-1898+contra+revolution");
  EXPECT_TRUE(got.contra());
  EXPECT_EQ(std::vector<std::string>(got.options_on().begin(), got.options_on().end()),
            (std::vector<std::string>{"contra", "revolution"}));
  ExpectProfileIsTheEngines(got);
  ASSERT_TRUE(Get("profiles/isko", &got).ok());
  EXPECT_EQ(got.all_pass(), v1::ALL_PASS_PASSED_IN);
  EXPECT_FALSE(got.contra());
  EXPECT_EQ(got.board_scores(0), v1::BOARD_SCORE_SEEGER_FABIAN);
  ASSERT_TRUE(Get("profiles/nasl-1909", &got).ok());
  EXPECT_EQ(got.all_pass(), v1::ALL_PASS_RAMSCH);
  EXPECT_EQ(got.board_scores(0), v1::BOARD_SCORE_SETTLED);
  EXPECT_EQ(Get("profiles/no-such-rules", &got).error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(Get("profiles/isko+contra+contra", &got).error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(Get("nasl-1909", &got).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Get("profiles/", &got).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(RuleProfilesTest, TableAndSeatViewCarryEachBoardsForehandChair) {
  CreateEventAndSet(8, 4);
  v1::OpenTableResponse opened;
  const std::vector<int> boards = {3, 4, 5, 6, 7};
  ASSERT_TRUE(OpenTable(boards, &opened).ok());
  ASSERT_EQ(opened.table().board_forehand_chairs_size(), static_cast<int>(boards.size()));
  for (size_t i = 0; i < boards.size(); ++i) {
    EXPECT_EQ(opened.table().board_forehand_chairs(i), ForehandChair(boards[i], 4)) << i;
  }
  v1::JoinSeatRequest join;
  join.set_table(opened.table().name());
  v1::Seat seat;
  ASSERT_TRUE(table_stub_->JoinSeat(Context(opened.seat_tokens(0)).get(), join, &seat).ok());
  EXPECT_EQ(seat.view().forehand_chair(), ForehandChair(boards[0], 4));
}

}  // namespace
}  // namespace skat::service
