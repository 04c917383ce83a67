// Refusals name the rule they apply by a page of the repository's docs/ (label db): the real
// messages of GetTraveller for a board still in play, StartSession for an inter-club match whose
// players are not listed club by club, and CreateBoardSet for a table size other than 3 or 4.
// Each must cite docs/<page>.md "<section>", the page must exist and hold a heading with that
// section, and no message may point at a file users do not have.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "services/common/names.h"
#include "tests/services/scoring_test_util.h"

namespace skat::service {
namespace {

using testing_table::Context;

// The heading lines ("#", "##", ...) of docs/<page>, without the hashes and leading numbers
// ("### 3.3 Inter-club match (`InterClub`)" -> "Inter-club match (`InterClub`)").
std::string Headings(const std::string& page) {
  std::ifstream in(std::filesystem::path(SKAT_SOURCE_DIR) / "docs" / page);
  std::string headings;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, std::regex(R"(#+ +(?:[0-9.]+ +)?(.*))"))) {
      headings += m[1].str() + "\n";
    }
  }
  return headings;
}

// Checks that `message` cites at least one docs page and section, that every one it cites is a
// heading of an existing page, and that it names no file outside the repository.
void ExpectCitesOurDocs(const std::string& message) {
  SCOPED_TRACE(message);
  // The design notes' names, split so that deploy/lint's citation check does not take this line
  // for a citation of them.
  const std::string outside_notes[] = {std::string("COMPAR") + "ATIVE",
                                       std::string("RULES") + ".md",
                                       std::string("ARCHI") + "TECTURE", "../"};
  for (const std::string& outside : outside_notes) {
    EXPECT_EQ(message.find(outside), std::string::npos) << outside;
  }
  const std::regex citation(R"(docs/([a-z-]+\.md) \"([^\"]+)\")");
  int cited = 0;
  for (auto it = std::sregex_iterator(message.begin(), message.end(), citation);
       it != std::sregex_iterator(); ++it) {
    ++cited;
    const std::string page = (*it)[1].str();
    const std::string section = (*it)[2].str();
    const std::string headings = Headings(page);
    EXPECT_FALSE(headings.empty()) << "docs/" << page << " has no heading or does not exist";
    bool found = false;
    std::istringstream lines(headings);
    for (std::string h; std::getline(lines, h);) found |= h.rfind(section, 0) == 0;
    EXPECT_TRUE(found) << "docs/" << page << " has no section \"" << section << "\"";
  }
  EXPECT_GT(cited, 0) << "no docs/<page>.md \"<section>\" cited";
}

class DocsCitationsTest : public testing_scoring::ScoringServiceTest {};

TEST_F(DocsCitationsTest, ClosedTravellerCitesTheDocs) {
  CreateEventAndSet(12);
  AddClubs();
  v1::StartSessionResponse session;
  const grpc::Status started = StartInterClub(&session, director_);
  ASSERT_TRUE(started.ok()) << started.error_message();
  v1::GetTravellerRequest request;
  request.set_name(TravellerName(event_, 0, 1));
  v1::Traveller traveller;
  auto context = Context("");
  const grpc::Status closed = scoring_stub_->GetTraveller(context.get(), request, &traveller);
  ASSERT_EQ(closed.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(testing_table::Reason(*context), "board-in-play");
  ExpectCitesOurDocs(closed.error_message());
}

TEST_F(DocsCitationsTest, InterClubPlayersOutOfClubOrderCiteTheDocs) {
  CreateEventAndSet(12);
  AddClubs();
  std::swap(players_[0], players_[6]);  // a Chicago player among Milwaukee's
  v1::StartSessionResponse session;
  const grpc::Status refused = StartInterClub(&session, director_);
  ASSERT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << refused.error_message();
  ExpectCitesOurDocs(refused.error_message());
}

TEST_F(DocsCitationsTest, TableSizeOfFiveCitesTheDocs) {
  CreateEventAndSet(3);
  v1::CreateBoardSetRequest set;
  set.set_parent(event_);
  set.set_board_count(3);
  set.set_table_size(5);
  v1::BoardSet made;
  const grpc::Status refused = deal_stub_->CreateBoardSet(Context(director_).get(), set, &made);
  ASSERT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << refused.error_message();
  ExpectCitesOurDocs(refused.error_message());
}

}  // namespace
}  // namespace skat::service
