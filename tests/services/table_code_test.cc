// Table codes (docs/tables.md "Table codes"): the short credential of a physical table, issued
// with its seat tokens, over real gRPC on loopback against the throwaway PostgreSQL. A code opens
// its own table's result flow (GetTable, ListResults, SubmitResult, ConfirmResult) as every one of
// its chairs, reads exactly what the chairs' tokens read there, and nothing else: no other table,
// no online table, no call of the director's, no online seat call. A wrong code is refused as a
// wrong seat token is; replacing the seat tokens voids the code; guesses are bounded per client.
#include "services/common/table_code.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <cctype>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "services/common/auth.h"
#include "services/common/rate_limit.h"
#include "tests/services/table_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

// --- The code's text -------------------------------------------------------------------------

TEST(TableCodeTextTest, NewCodesAreTwelveLettersOfTheAlphabetPrintedInGroups) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    const std::string code = NewTableCode();
    ASSERT_EQ(code.size(), 12u);
    EXPECT_EQ(code.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), std::string::npos)
        << code;
    seen.insert(code);
  }
  EXPECT_EQ(seen.size(), 50u);  // 60 random bits: a repeat is a broken source
  EXPECT_EQ(PrintedTableCode("K7QM2XPA9DWE"), "K7QM-2XPA-9DWE");
}

TEST(TableCodeTextTest, TypedCodesAreReadCaseInsensitivelyWithoutDashesOrSpaces) {
  EXPECT_EQ(NormalizeTableCode("K7QM-2XPA-9DWE"), "K7QM2XPA9DWE");
  EXPECT_EQ(NormalizeTableCode("k7qm 2xpa 9dwe"), "K7QM2XPA9DWE");
  EXPECT_EQ(NormalizeTableCode(" k7qm2xpa-9DWE "), "K7QM2XPA9DWE");
  // I and L are read as 1, O as 0 (Crockford's base32).
  EXPECT_EQ(NormalizeTableCode("IL0O-AAAA-BBBB"), "1100AAAABBBB");
  EXPECT_EQ(NormalizeTableCode("K7QM-2XPA-9DW"), std::nullopt);    // 11
  EXPECT_EQ(NormalizeTableCode("K7QM-2XPA-9DWEX"), std::nullopt);  // 13
  EXPECT_EQ(NormalizeTableCode("K7QM-2XPA-9DWU"), std::nullopt);   // U is no letter of it
  EXPECT_EQ(NormalizeTableCode("K7QM/2XPA/9DWE"), std::nullopt);
  EXPECT_EQ(NormalizeTableCode(std::string(30, ' ') + "K7QM2XPA9DWE"), std::nullopt);  // > 40
  EXPECT_EQ(NormalizeTableCode(""), std::nullopt);
}

TEST(TableCodeTextTest, ACredentialIsTheCodeAndAChair) {
  std::optional<TableCodeCredential> c = ParseTableCodeCredential("k7qm-2xpa-9dwe.3");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->code, "K7QM2XPA9DWE");
  EXPECT_EQ(c->chair, 3);
  c = ParseTableCodeCredential("K7QM2XPA9DWE");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->chair, 1);
  EXPECT_FALSE(ParseTableCodeCredential("K7QM2XPA9DWE.5").has_value());
  EXPECT_FALSE(ParseTableCodeCredential("K7QM2XPA9DWE.").has_value());
  EXPECT_FALSE(ParseTableCodeCredential(NewToken()).has_value());  // a seat token: 64 hex
}

// --- The code at the table service -----------------------------------------------------------

class TableCodeTest : public testing_table::TableServiceFixture {
 protected:
  // A physical congress of six players under the ISkO: 2 rounds of two 3-chair tables.
  void SetUp() override {
    TableServiceFixture::SetUp();
    CreateEventAndSet(12, 3, "isko");  // a deal all pass is thrown in (no Ramsch)
    v1::StartSessionRequest r;
    r.set_parent(event_);
    r.set_board_set(set_);
    r.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    r.set_rounds(2);
    r.set_comparative(true);
    r.set_mode(v1::TABLE_MODE_PHYSICAL);
    for (const char* name : {"Anna", "Bert", "Carl", "Dora", "Emil", "Frieda"}) {
      v1::AddPlayerRequest player;
      player.set_parent(event_);
      player.set_display_name(name);
      v1::Player added;
      ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &added).ok());
      r.add_players(added.name());
    }
    const grpc::Status s = event_stub_->StartSession(Context(director_).get(), r, &started_);
    ASSERT_TRUE(s.ok()) << s.error_message();
    ASSERT_EQ(started_.session().tables_size(), 4);
    ASSERT_EQ(started_.table_codes_size(), 4);
    table_ = started_.session().tables(0);
    other_ = started_.session().tables(1).table();
  }

  std::string Token(const std::string& table, int chair) const {
    for (const v1::SeatToken& t : started_.seat_tokens()) {
      if (t.table() == table && t.chair() == chair) return t.token();
    }
    ADD_FAILURE() << "no token of " << table << " chair " << chair;
    return "";
  }
  std::string Code(const std::string& table) const {
    for (const v1::TableCode& c : started_.table_codes()) {
      if (c.table() == table) return c.code();
    }
    ADD_FAILURE() << "no code of " << table;
    return "";
  }

  grpc::Status Get(const std::string& table, const std::string& credential, v1::Table* out) {
    v1::GetTableRequest r;
    r.set_name(table);
    return table_stub_->GetTable(Context(credential).get(), r, out);
  }
  grpc::Status List(const std::string& table, const std::string& credential,
                    v1::ListResultsResponse* out) {
    v1::ListResultsRequest r;
    r.set_table(table);
    r.set_include_history(true);
    return table_stub_->ListResults(Context(credential).get(), r, out);
  }
  grpc::Status Submit(const std::string& table, int board, const std::string& credential,
                      v1::ResultEntry* out) {
    v1::SubmitResultRequest r;
    r.set_table(table);
    r.set_board_number(board);
    r.mutable_report()->set_kind(v1::GameResult::KIND_PASSED_IN);
    return table_stub_->SubmitResult(Context(credential).get(), r, out);
  }
  grpc::Status Confirm(const std::string& table, int board, const std::string& credential,
                       v1::ResultEntry* out) {
    v1::ConfirmResultRequest r;
    r.set_table(table);
    r.set_board_number(board);
    return table_stub_->ConfirmResult(Context(credential).get(), r, out);
  }
  grpc::Status Find(const std::string& code, v1::FindTableCodeResponse* out) {
    v1::FindTableCodeRequest r;
    r.set_code(code);
    return table_stub_->FindTableCode(Context("").get(), r, out);
  }
  // The status GetTable of `table` answers `credential`.
  grpc::Status GetStatus(const std::string& table, const std::string& credential) {
    v1::Table ignored;
    return Get(table, credential, &ignored);
  }

  v1::StartSessionResponse started_;
  v1::SessionTable table_;  // round 1, table 1
  std::string other_;       // round 1, table 2
};

// Refused alike: the same code and the same message.
void ExpectSameRefusal(const grpc::Status& got, const grpc::Status& want) {
  EXPECT_FALSE(want.ok());
  EXPECT_EQ(got.error_code(), want.error_code()) << got.error_message();
  EXPECT_EQ(got.error_message(), want.error_message());
}

TEST_F(TableCodeTest, OnlyAPhysicalTableHasACodeAndItNamesItsTable) {
  std::set<std::string> codes;
  for (const v1::TableCode& c : started_.table_codes()) {
    ASSERT_EQ(c.code().size(), 14u) << c.code();  // printed: XXXX-XXXX-XXXX
    EXPECT_EQ(c.code()[4], '-');
    codes.insert(c.code());
  }
  EXPECT_EQ(codes.size(), 4u);
  EXPECT_EQ(started_.table_codes(0).table(), table_.table());
  EXPECT_EQ(started_.table_codes(0).round(), 1);
  EXPECT_EQ(started_.table_codes(0).table_number(), 1);

  v1::FindTableCodeResponse found;
  std::string typed = Code(table_.table());
  for (char& c : typed) c = static_cast<char>(std::tolower(c));
  typed[4] = ' ';
  ASSERT_TRUE(Find(typed, &found).ok());
  EXPECT_EQ(found.table(), table_.table());
  EXPECT_EQ(found.chairs(), 3);
  EXPECT_EQ(Find("not a code", &found).error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Find(NewTableCode(), &found).error_code(), StatusCode::PERMISSION_DENIED);

  v1::OpenTableResponse online;
  ASSERT_TRUE(OpenTable({1}, &online).ok());
  EXPECT_EQ(online.table_code(), "");
  v1::OpenTableResponse physical;
  ASSERT_TRUE(OpenTable({1}, &physical, v1::TABLE_MODE_PHYSICAL).ok());
  EXPECT_EQ(physical.table_code().size(), 14u);
  // An online table opens to no code (not even a physical table's).
  ExpectSameRefusal(GetStatus(online.table().name(), physical.table_code() + ".1"),
                    GetStatus(online.table().name(), physical.seat_tokens(0)));
}

TEST_F(TableCodeTest, TheCodeEntersAndConfirmsAsEveryChairAndReadsWhatTheTokensRead) {
  const std::string& name = table_.table();
  const std::string code = Code(name);
  // Board 1 entered by chair 1, confirmed by chair 2; board 2 entered by chair 3, confirmed by
  // chair 1: every chair speaks through the code.
  const int b1 = table_.boards(0);
  const int b2 = table_.boards(1);
  v1::ResultEntry entry;
  grpc::Status s = Submit(name, b1, code + ".1", &entry);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(entry.entered_by(), "chair 1");
  EXPECT_EQ(Confirm(name, b1, code + ".1", &entry).error_code(), StatusCode::FAILED_PRECONDITION);
  s = Confirm(name, b1, code + ".2", &entry);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(entry.confirmed_by(), "chair 2");
  s = Submit(name, b2, code + ".3", &entry);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(entry.entered_by(), "chair 3");
  s = Confirm(name, b2, code, &entry);  // without a chair: chair 1
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(entry.confirmed_by(), "chair 1");

  // What the table page reads: the same with the code as with each chair's token.
  for (int chair = 1; chair <= 3; ++chair) {
    const std::string as_chair = code + "." + std::to_string(chair);
    v1::Table by_code;
    v1::Table by_token;
    ASSERT_TRUE(Get(name, as_chair, &by_code).ok());
    ASSERT_TRUE(Get(name, Token(name, chair), &by_token).ok());
    EXPECT_EQ(by_code.SerializeAsString(), by_token.SerializeAsString());
    v1::ListResultsResponse listed_by_code;
    v1::ListResultsResponse listed_by_token;
    ASSERT_TRUE(List(name, as_chair, &listed_by_code).ok());
    ASSERT_TRUE(List(name, Token(name, chair), &listed_by_token).ok());
    EXPECT_EQ(listed_by_code.results_size(), 2);
    EXPECT_EQ(listed_by_code.SerializeAsString(), listed_by_token.SerializeAsString());
  }
}

TEST_F(TableCodeTest, AWrongCodeIsRefusedAsAWrongTokenIs) {
  const std::string& name = table_.table();
  const std::string code = Code(name);
  const grpc::Status wrong_token = GetStatus(name, NewToken());
  ASSERT_EQ(wrong_token.error_code(), StatusCode::PERMISSION_DENIED);
  ExpectSameRefusal(GetStatus(name, NewTableCode()), wrong_token);
  ExpectSameRefusal(GetStatus(name, NewTableCode() + ".2"), wrong_token);
  ExpectSameRefusal(GetStatus(name, code + ".4"), wrong_token);  // a 3-chair table
  // Another table's code, and this code at another table: as another table's seat token.
  ExpectSameRefusal(GetStatus(name, Code(other_) + ".1"), GetStatus(name, Token(other_, 1)));
  ExpectSameRefusal(GetStatus(other_, code + ".1"), GetStatus(other_, Token(name, 1)));
  v1::ResultEntry entry;
  const grpc::Status token_submit = Submit(other_, 1, Token(name, 1), &entry);
  ExpectSameRefusal(Submit(other_, 1, code + ".1", &entry), token_submit);
  v1::ListResultsResponse listed;
  ExpectSameRefusal(List(other_, code + ".1", &listed), List(other_, Token(name, 1), &listed));
}

TEST_F(TableCodeTest, TheCodeOpensNoCallOfTheDirectorsAndNoOnlineSeatCall) {
  const std::string& name = table_.table();
  const std::string code = Code(name) + ".1";
  const std::string token = Token(name, 1);
  // Each director call answers the code as it answers the chair's seat token: refused.
  auto both = [&](const std::function<grpc::Status(const std::string&)>& call) {
    const grpc::Status by_token = call(token);
    EXPECT_TRUE(by_token.error_code() == StatusCode::PERMISSION_DENIED ||
                by_token.error_code() == StatusCode::UNAUTHENTICATED)
        << by_token.error_message();
    EXPECT_EQ(call(code).error_code(), by_token.error_code());
  };
  both([&](const std::string& c) {
    v1::CorrectResultRequest r;
    r.set_table(name);
    r.set_board_number(table_.boards(0));
    r.set_reason("wrong");
    r.mutable_report()->set_kind(v1::GameResult::KIND_PASSED_IN);
    v1::ResultEntry out;
    return table_stub_->CorrectResult(Context(c).get(), r, &out);
  });
  both([&](const std::string& c) {
    v1::ListRefusedReportsRequest r;
    r.set_table(name);
    v1::ListRefusedReportsResponse out;
    return table_stub_->ListRefusedReports(Context(c).get(), r, &out);
  });
  both([&](const std::string& c) {
    v1::ListGamesRequest r;
    r.set_table(name);
    v1::ListGamesResponse out;
    return table_stub_->ListGames(Context(c).get(), r, &out);
  });
  both([&](const std::string& c) {
    v1::RotateSeatTokenRequest r;
    r.set_table(name);
    r.set_chair(2);
    v1::RotateSeatTokenResponse out;
    return table_stub_->RotateSeatToken(Context(c).get(), r, &out);
  });
  both([&](const std::string& c) {
    v1::SubmitChairTotalRequest r;
    r.set_table(name);
    r.set_chair(1);
    r.set_total(10);
    v1::ChairTotal out;
    return table_stub_->SubmitChairTotal(Context(c).get(), r, &out);
  });
  both([&](const std::string& c) {
    v1::IssueSeatTokensRequest r;
    r.set_name(started_.session().name());
    v1::IssueSeatTokensResponse out;
    return event_stub_->IssueSeatTokens(Context(c).get(), r, &out);
  });
  // The online seat calls take seat tokens only.
  v1::JoinSeatRequest join;
  join.set_table(name);
  v1::Seat seat;
  EXPECT_EQ(table_stub_->JoinSeat(Context(code).get(), join, &seat).error_code(),
            StatusCode::PERMISSION_DENIED);
  v1::ActRequest act;
  act.set_table(name);
  act.set_sequence(1);
  v1::ActResponse acted;
  EXPECT_EQ(table_stub_->Act(Context(code).get(), act, &acted).error_code(),
            StatusCode::PERMISSION_DENIED);
}

TEST_F(TableCodeTest, ReplacingTheSeatTokensVoidsTheCode) {
  const std::string& name = table_.table();
  const std::string first = Code(name);
  // One chair's token rotated: the table gets a new code, the old one opens nothing.
  v1::RotateSeatTokenRequest rotate;
  rotate.set_table(name);
  rotate.set_chair(2);
  v1::RotateSeatTokenResponse rotated;
  ASSERT_TRUE(table_stub_->RotateSeatToken(Context(director_).get(), rotate, &rotated).ok());
  const std::string second = rotated.table_code();
  ASSERT_EQ(second.size(), 14u);
  EXPECT_NE(second, first);
  EXPECT_EQ(GetStatus(name, first + ".1").error_code(), StatusCode::PERMISSION_DENIED);
  v1::FindTableCodeResponse found;
  EXPECT_EQ(Find(first, &found).error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(GetStatus(name, second + ".3").ok());
  EXPECT_TRUE(GetStatus(other_, Code(other_) + ".1").ok());  // other tables keep theirs

  // Every token of the session issued again: every table's code with them.
  v1::IssueSeatTokensRequest issue;
  issue.set_name(started_.session().name());
  v1::IssueSeatTokensResponse issued;
  ASSERT_TRUE(event_stub_->IssueSeatTokens(Context(director_).get(), issue, &issued).ok());
  ASSERT_EQ(issued.table_codes_size(), 4);
  EXPECT_EQ(issued.table_codes(0).table(), name);
  EXPECT_EQ(GetStatus(name, second + ".1").error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(GetStatus(other_, Code(other_) + ".1").error_code(), StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(Find(issued.table_codes(0).code(), &found).ok());
  EXPECT_EQ(found.table(), name);
  EXPECT_TRUE(GetStatus(name, issued.table_codes(0).code() + ".2").ok());
}

// At most 3 wrong codes, then one a minute: a bound small enough to reach in a test.
class TableCodeGuessTest : public TableCodeTest {
 protected:
  TableCodeGuessTest() {
    code_guesses_ =
        std::make_shared<PeerRateLimiter>(RateLimit{.burst = 3, .per_minute = 1}, "table codes");
  }
};

TEST_F(TableCodeGuessTest, RightCodesAreNotCountedAndWrongOnesAreBounded) {
  const std::string& name = table_.table();
  const std::string code = Code(name);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(GetStatus(name, code + ".1").ok()) << i;
  v1::FindTableCodeResponse found;
  EXPECT_EQ(Find(NewTableCode(), &found).error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(GetStatus(name, NewTableCode()).error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(GetStatus(name, NewTableCode() + ".2").error_code(), StatusCode::PERMISSION_DENIED);
  // The bucket is empty: every code is refused alike, the right one too; tokens still open.
  EXPECT_EQ(GetStatus(name, NewTableCode()).error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(GetStatus(name, code + ".1").error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(Find(code, &found).error_code(), StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_TRUE(GetStatus(name, Token(name, 1)).ok());
  EXPECT_EQ(GetStatus(name, NewToken()).error_code(), StatusCode::PERMISSION_DENIED);
}

}  // namespace
}  // namespace skat::service
