// An event's language and deck (event_service.proto Event.language, Event.deck; docs/i18n.md
// "Printed sheets", docs/cards.md "Decks"), over real gRPC on loopback against PostgreSQL (label
// db): set on CreateEvent, changed by UpdateEvent (the director's, its mask limited to the two
// fields), refused with their allowed values, read as English and French cards for rows stored
// before the columns; and the board set's printouts the deal service writes in them.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <memory>
#include <pqxx/pqxx>  // to store a row as an older server did
#include <string>
#include <vector>

#include "services/common/auth.h"
#include "services/deal/deal_service.h"
#include "services/event/event_service.h"
#include "services/store/store.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "tests/services/table_test_util.h"
#include "tests/services/test_database.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

// The services of table_test_util.h (events, deals, tables over loopback gRPC, a real store).
class EventSettingsTest : public testing_table::TableServiceFixture {
 protected:
  grpc::Status Create(const std::string& language, const std::string& deck,
                      v1::CreateEventResponse* out) {
    v1::CreateEventRequest request;
    request.set_display_name("Preisskat");
    request.set_language(language);
    request.set_deck(deck);
    return event_stub_->CreateEvent(Context("").get(), request, out);
  }

  // UpdateEvent of `name` with `mask`, the event's fields as given.
  grpc::Status Update(const std::string& name, const std::string& token,
                      const std::vector<std::string>& mask, const std::string& language,
                      const std::string& deck, v1::Event* out) {
    v1::UpdateEventRequest request;
    request.mutable_event()->set_name(name);
    request.mutable_event()->set_language(language);
    request.mutable_event()->set_deck(deck);
    for (const std::string& path : mask) request.add_update_mask(path);
    return event_stub_->UpdateEvent(Context(token).get(), request, out);
  }

  v1::Event Get(const std::string& name) {
    v1::GetEventRequest request;
    request.set_name(name);
    v1::Event event;
    EXPECT_TRUE(event_stub_->GetEvent(Context("").get(), request, &event).ok());
    return event;
  }
};

TEST_F(EventSettingsTest, CreateStoresTheLanguageAndDeckAndEmptyMeansTheDefaults) {
  v1::CreateEventResponse german;
  ASSERT_TRUE(Create("de", "german", &german).ok());
  EXPECT_EQ(german.event().language(), "de");
  EXPECT_EQ(german.event().deck(), "german");
  EXPECT_EQ(Get(german.event().name()).language(), "de");
  EXPECT_EQ(Get(german.event().name()).deck(), "german");
  v1::CreateEventResponse plain;
  ASSERT_TRUE(Create("", "", &plain).ok());
  EXPECT_EQ(Get(plain.event().name()).language(), "en");
  EXPECT_EQ(Get(plain.event().name()).deck(), "french");
}

TEST_F(EventSettingsTest, RefusesAValueNamingItAndTheAllowedOnes) {
  v1::CreateEventResponse out;
  grpc::Status s = Create("fr", "", &out);
  EXPECT_EQ(s.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(),
            "language 'fr' is not allowed; allowed: en, de (docs/i18n.md \"Printed sheets\")");
  s = Create("de", "tarot", &out);
  EXPECT_EQ(s.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(),
            "deck 'tarot' is not allowed; allowed: french, four, german (docs/cards.md "
            "\"Decks\")");
  // The store refuses what the schema does not allow, in the domain's words.
  v1::CreateEventResponse made;
  ASSERT_TRUE(Create("", "", &made).ok());
  const std::string id = made.event().name().substr(7);
  Result<store::EventRecord> stored = store_->UpdateEventSettings(id, "fr", "french", "percentage");
  EXPECT_EQ(stored.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(stored.status().message().find("an event's language is en or de"), std::string::npos)
      << stored.status().ToString();
  EXPECT_EQ(
      store_->UpdateEventSettings("ev-0000000000", "de", "four", "percentage").status().code(),
      ErrorCode::kNotFound);
}

TEST_F(EventSettingsTest, UpdateSetsTheMaskedFieldsForTheDirectorOnly) {
  v1::CreateEventResponse made;
  ASSERT_TRUE(Create("", "", &made).ok());
  const std::string name = made.event().name();
  const std::string token = made.director_token();
  v1::Event event;
  // Only the deck is in the mask: the language given beside it is not read.
  ASSERT_TRUE(Update(name, token, {"deck"}, "de", "four", &event).ok());
  EXPECT_EQ(event.language(), "en");
  EXPECT_EQ(event.deck(), "four");
  ASSERT_TRUE(Update(name, token, {"language"}, "de", "", &event).ok());
  EXPECT_EQ(event.language(), "de");
  EXPECT_EQ(event.deck(), "four");
  // An empty value in the mask is the default.
  ASSERT_TRUE(Update(name, token, {"language", "deck"}, "", "", &event).ok());
  EXPECT_EQ(event.language(), "en");
  EXPECT_EQ(event.deck(), "french");
  ASSERT_TRUE(Update(name, token, {"language", "deck"}, "de", "german", &event).ok());

  const struct {
    std::string token;
    std::vector<std::string> mask;
    std::string language, deck;
    StatusCode code;
  } refused[] = {
      {"", {"deck"}, "", "four", StatusCode::UNAUTHENTICATED},
      {std::string(64, 'f'), {"deck"}, "", "four", StatusCode::PERMISSION_DENIED},
      {token, {}, "en", "four", StatusCode::INVALID_ARGUMENT},
      {token, {"display_name"}, "en", "four", StatusCode::INVALID_ARGUMENT},
      {token, {"deck", "language"}, "EN", "four", StatusCode::INVALID_ARGUMENT},
      {token, {"deck"}, "en", "French", StatusCode::INVALID_ARGUMENT},
  };
  for (const auto& r : refused) {
    EXPECT_EQ(Update(name, r.token, r.mask, r.language, r.deck, &event).error_code(), r.code)
        << r.token << " " << r.language << " " << r.deck;
  }
  // Nothing refused changed the event.
  EXPECT_EQ(Get(name).language(), "de");
  EXPECT_EQ(Get(name).deck(), "german");
  EXPECT_EQ(Update("events/ev-0000000000", token, {"deck"}, "", "four", &event).error_code(),
            StatusCode::NOT_FOUND);
}

TEST_F(EventSettingsTest, AnEventStoredBeforeReadsAsEnglishWithFrenchCards) {
  // An INSERT of a server before migration 0015, which names neither column.
  const std::string id = NewId("ev-");
  {
    pqxx::connection conn(testing_db::DatabaseUrl());
    pqxx::work tx(conn);
    tx.exec_params0(
        "INSERT INTO events (id, name, profile, director_token_sha256) VALUES ($1, 'Old', "
        "'nasl-1909', $2)",
        id, std::string(64, 'a'));
    tx.commit();
  }
  const v1::Event event = Get("events/" + id);
  EXPECT_EQ(event.language(), "en");
  EXPECT_EQ(event.deck(), "french");
}

TEST_F(EventSettingsTest, TheDealServicePrintsInTheEventsLanguageAndDeck) {
  v1::CreateEventResponse made;
  ASSERT_TRUE(Create("de", "german", &made).ok());
  const std::string token = made.director_token();
  v1::CreateBoardSetRequest create;
  create.set_parent(made.event().name());
  create.set_board_count(1);
  v1::BoardSet set;
  ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(token).get(), create, &set).ok());
  auto print = [&](v1::ExportFormat format) {
    v1::ExportBoardSetRequest request;
    request.set_name(set.name());
    request.set_format(format);
    v1::ExportBoardSetResponse response;
    EXPECT_TRUE(deal_stub_->ExportBoardSet(Context(token).get(), request, &response).ok());
    return response.content();
  };
  const std::string text = print(v1::EXPORT_FORMAT_PRINTOUT_TEXT);
  EXPECT_NE(text.find("== Stechkarten =="), std::string::npos) << text.substr(0, 400);
  EXPECT_NE(text.find("Eichel"), std::string::npos);
  EXPECT_EQ(text.find("Punch cards"), std::string::npos);
  EXPECT_NE(print(v1::EXPORT_FORMAT_PRINTOUT_HTML).find("Eichel-Unter"), std::string::npos);
  v1::Event event;
  ASSERT_TRUE(Update(made.event().name(), token, {"language", "deck"}, "en", "four", &event).ok());
  const std::string english = print(v1::EXPORT_FORMAT_PRINTOUT_HTML);
  EXPECT_NE(english.find("Punch cards"), std::string::npos);
  EXPECT_NE(english.find("<body class=\"deck-four\">"), std::string::npos);
}

// The ranking key (docs/comparative.md "Ranking"): stored with the event, changed by UpdateEvent's
// "ranking" path, refused where it does not fit the comparison by the service and by the schema.
TEST_F(EventSettingsTest, RankingFitsTheComparison) {
  v1::CreateEventResponse made;
  ASSERT_TRUE(Create("", "", &made).ok());
  const std::string name = made.event().name();
  EXPECT_EQ(Get(name).ranking(), v1::RANKING_PERCENTAGE);
  v1::UpdateEventRequest request;
  request.mutable_event()->set_name(name);
  request.mutable_event()->set_ranking(v1::RANKING_MATCHPOINT_SUM);
  request.add_update_mask("ranking");
  v1::Event event;
  ASSERT_TRUE(event_stub_->UpdateEvent(Context(made.director_token()).get(), request, &event).ok());
  EXPECT_EQ(event.ranking(), v1::RANKING_MATCHPOINT_SUM);
  EXPECT_EQ(event.language(), "en");  // not in the mask
  request.mutable_event()->set_ranking(v1::RANKING_TOTAL);
  const grpc::Status total =
      event_stub_->UpdateEvent(Context(made.director_token()).get(), request, &event);
  EXPECT_EQ(total.error_code(), StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(total.error_message(),
            "ranking \"total\" needs a comparison in points (total, datum, synchron), not "
            "\"matchpoints\" (docs/comparative.md \"Ranking\")");
  EXPECT_EQ(Get(name).ranking(), v1::RANKING_MATCHPOINT_SUM);
  // The schema refuses the pair as well, in the domain's words.
  Result<store::EventRecord> stored =
      store_->UpdateEventSettings(name.substr(7), "en", "french", "total");
  EXPECT_EQ(stored.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(stored.status().message().find("an event's ranking fits its comparison"),
            std::string::npos)
      << stored.status().ToString();

  v1::CreateEventRequest synchron;
  synchron.set_display_name("Synchron-Skat");
  synchron.set_board_score(v1::BOARD_SCORE_SEEGER_FABIAN);
  synchron.set_comparison(v1::COMPARISON_SYNCHRON);
  synchron.set_ranking(v1::RANKING_TOTAL);
  v1::CreateEventResponse out;
  ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), synchron, &out).ok());
  EXPECT_EQ(Get(out.event().name()).comparison(), v1::COMPARISON_SYNCHRON);
  EXPECT_EQ(Get(out.event().name()).ranking(), v1::RANKING_TOTAL);
  synchron.set_ranking(v1::RANKING_MATCHPOINT_SUM);
  EXPECT_EQ(event_stub_->CreateEvent(Context("").get(), synchron, &out).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace skat::service
