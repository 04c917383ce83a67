// Registries of persons above events (registry_service.proto; docs/persons.md) over real gRPC on
// loopback against PostgreSQL (label db): the registry token opens only its registry, member
// numbers are unique, possible duplicates are reported and never merged, an import writes every
// row it does not refuse and nothing of those it refuses, a merge is logged, and a hidden person is
// in no public answer.
#include "services/registry/registry_service.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "services/event/event_service.h"
#include "services/store/store.h"
#include "tests/services/run_skat.h"
#include "tests/services/table_test_util.h"
#include "tests/services/test_database.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_table::Context;

class RegistryServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    service_ =
        std::make_unique<RegistryServiceImpl>(*store_, RateLimit{.burst = 5, .per_minute = 1});
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(service_.get());
    events_ = std::make_unique<EventServiceImpl>(*store_);
    builder.RegisterService(events_.get());
    server_ = builder.BuildAndStart();
    server_address_ = "127.0.0.1:" + std::to_string(port);
    stub_ = v1::RegistryService::NewStub(
        grpc::CreateChannel(server_address_, grpc::InsecureChannelCredentials()));
    event_stub_ = v1::EventService::NewStub(
        grpc::CreateChannel(server_address_, grpc::InsecureChannelCredentials()));
    v1::CreateRegistryRequest request;
    request.set_display_name("Skatclub Herz Dame");
    v1::CreateRegistryResponse created;
    ASSERT_TRUE(stub_->CreateRegistry(Context("").get(), request, &created).ok());
    registry_ = created.registry().name();
    token_ = created.registry_token();
    ASSERT_EQ(token_.size(), 64u);
  }
  void TearDown() override {
    if (server_) server_->Shutdown();
  }

  grpc::Status Create(const std::string& token, const std::string& name, const std::string& club,
                      const std::string& number, v1::CreatePersonResponse* out) {
    v1::CreatePersonRequest request;
    request.set_parent(registry_);
    request.mutable_person()->set_display_name(name);
    request.mutable_person()->set_club(club);
    request.mutable_person()->set_member_number(number);
    return stub_->CreatePerson(Context(token).get(), request, out);
  }
  v1::Person Created(const std::string& name, const std::string& club, const std::string& number) {
    v1::CreatePersonResponse out;
    const grpc::Status s = Create(token_, name, club, number, &out);
    EXPECT_TRUE(s.ok()) << s.error_message();
    return out.person();
  }
  // Every person listed to `token`, a page of `page_size` at a time.
  std::vector<std::string> Listed(const std::string& token, int page_size) {
    std::vector<std::string> names;
    std::string page_token;
    do {
      v1::ListPersonsRequest request;
      request.set_parent(registry_);
      request.set_page_size(page_size);
      request.set_page_token(page_token);
      v1::ListPersonsResponse page;
      const grpc::Status s = stub_->ListPersons(Context(token).get(), request, &page);
      EXPECT_TRUE(s.ok()) << s.error_message();
      if (!s.ok()) break;
      for (const v1::Person& p : page.persons()) names.push_back(p.display_name());
      page_token = page.next_page_token();
    } while (!page_token.empty());
    return names;
  }

  std::unique_ptr<store::Store> store_;
  std::unique_ptr<RegistryServiceImpl> service_;
  std::unique_ptr<EventServiceImpl> events_;
  std::unique_ptr<v1::EventService::Stub> event_stub_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<v1::RegistryService::Stub> stub_;
  std::string registry_, token_, server_address_;
};

TEST_F(RegistryServiceTest, OnlyTheRegistryTokenAddsPersons) {
  v1::CreatePersonResponse out;
  EXPECT_EQ(Create("", "Anna", "", "", &out).error_code(), StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Create(std::string(64, 'a'), "Anna", "", "", &out).error_code(),
            StatusCode::PERMISSION_DENIED);
  // Another registry's token opens nothing here.
  v1::CreateRegistryRequest other;
  other.set_display_name("Other");
  v1::CreateRegistryResponse made;
  ASSERT_TRUE(stub_->CreateRegistry(Context("").get(), other, &made).ok());
  const grpc::Status s = Create(made.registry_token(), "Anna", "", "", &out);
  EXPECT_EQ(s.error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_NE(s.error_message().find("registry token of " + registry_), std::string::npos);
  EXPECT_TRUE(Listed(token_, 10).empty());
}

TEST_F(RegistryServiceTest, MemberNumbersAreUniqueAndTwinsAreReported) {
  const v1::Person anna = Created("Anna Weber", "Herz Dame", "DSkV-1001");
  EXPECT_EQ(anna.member_number(), "DSkV-1001");
  v1::CreatePersonResponse out;
  const grpc::Status taken = Create(token_, "Berta", "", "DSkV-1001", &out);
  EXPECT_EQ(taken.error_code(), StatusCode::ALREADY_EXISTS);
  EXPECT_NE(taken.error_message().find("DSkV-1001"), std::string::npos) << taken.error_message();
  ASSERT_TRUE(Create(token_, "anna weber", "Herz Dame", "", &out).ok());
  ASSERT_EQ(out.possible_duplicates_size(), 1);  // reported, not merged
  EXPECT_EQ(out.possible_duplicates(0).name(), anna.name());
  EXPECT_EQ(Listed(token_, 10), (std::vector<std::string>{"Anna Weber", "anna weber"}));
  for (const std::string& bad : {std::string(), std::string(201, 'x'), std::string("Tab\there"),
                                 std::string("line\nbreak")}) {
    EXPECT_EQ(Create(token_, bad, "", "", &out).error_code(), StatusCode::INVALID_ARGUMENT) << bad;
  }
  EXPECT_EQ(Create(token_, "Carl", "", std::string(51, '9'), &out).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(RegistryServiceTest, AnImportWritesWhatItDoesNotRefuse) {
  Created("Dora Klein", "Kreuz Bube", "7");
  v1::ImportPersonsRequest request;
  request.set_parent(registry_);
  const auto row = [&](int line, const std::string& name, const std::string& club,
                       const std::string& number) {
    v1::ImportPersonsRequest::Row* r = request.add_rows();
    r->set_line(line);
    r->set_display_name(name);
    r->set_club(club);
    r->set_member_number(number);
  };
  row(2, "Emil", "Kreuz Bube", "8");
  row(3, "", "Kreuz Bube", "9");           // no name
  row(4, "Fritz", "Kreuz Bube", "8");      // 8 again
  row(5, "Gerda", "Kreuz Bube", "7");      // Dora's number
  row(6, "dora klein", "Kreuz Bube", "");  // a possible duplicate, added
  row(7, "Hans", "", "");
  v1::ImportPersonsResponse reply;
  const grpc::Status s = stub_->ImportPersons(Context(token_).get(), request, &reply);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_EQ(reply.refused_size(), 3);
  EXPECT_EQ(reply.refused(0).line(), 3);
  EXPECT_EQ(reply.refused(1).line(), 4);
  EXPECT_NE(reply.refused(1).reason().find("also on line 2"), std::string::npos);
  EXPECT_EQ(reply.refused(2).line(), 5);
  EXPECT_NE(reply.refused(2).reason().find("(Dora Klein)"), std::string::npos);
  EXPECT_EQ(reply.added_size(), 3);
  ASSERT_EQ(reply.possible_duplicates_size(), 1);
  EXPECT_EQ(reply.possible_duplicates(0).line(), 6);
  EXPECT_EQ(Listed(token_, 2),
            (std::vector<std::string>{"Dora Klein", "Emil", "dora klein", "Hans"}));

  request.clear_rows();
  EXPECT_EQ(stub_->ImportPersons(Context(token_).get(), request, &reply).error_code(),
            StatusCode::INVALID_ARGUMENT);
  for (int i = 0; i <= kMaxImportRows; ++i) row(i + 1, "P" + std::to_string(i), "", "");
  EXPECT_EQ(stub_->ImportPersons(Context(token_).get(), request, &reply).error_code(),
            StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Listed(token_, 100).size(), 4u);
}

TEST_F(RegistryServiceTest, AMergeIsLoggedAndTheKeptPersonTakesTheNumber) {
  const v1::Person a = Created("Ida Roth", "", "42");
  const v1::Person b = Created("Ida Roth", "Pik Ass", "");
  v1::MergePersonsRequest merge;
  merge.set_name(a.name());
  merge.set_into(b.name());
  v1::Person kept;
  EXPECT_EQ(stub_->MergePersons(Context("").get(), merge, &kept).error_code(),
            StatusCode::UNAUTHENTICATED);
  ASSERT_TRUE(stub_->MergePersons(Context(token_).get(), merge, &kept).ok());
  EXPECT_EQ(kept.name(), b.name());
  EXPECT_EQ(kept.member_number(), "42");
  EXPECT_EQ(Listed("", 10), (std::vector<std::string>{"Ida Roth"}));
  EXPECT_EQ(stub_->MergePersons(Context(token_).get(), merge, &kept).error_code(),
            StatusCode::NOT_FOUND);  // merged already
  merge.set_into(a.name());
  EXPECT_EQ(stub_->MergePersons(Context(token_).get(), merge, &kept).error_code(),
            StatusCode::INVALID_ARGUMENT);  // into itself

  v1::GetPersonRequest get;
  get.set_name(a.name());
  v1::Person merged;
  ASSERT_TRUE(stub_->GetPerson(Context("").get(), get, &merged).ok());
  EXPECT_EQ(merged.merged_into(), b.name());

  v1::ListRegistryLogRequest log;
  log.set_parent(registry_);
  v1::ListRegistryLogResponse entries;
  ASSERT_TRUE(stub_->ListRegistryLog(Context(token_).get(), log, &entries).ok());
  ASSERT_EQ(entries.entries_size(), 3);
  EXPECT_EQ(entries.entries(2).act(), "merge");
  EXPECT_EQ(entries.entries(2).person(), a.name());
  EXPECT_EQ(entries.entries(2).other(), b.name());
  EXPECT_EQ(stub_->ListRegistryLog(Context("").get(), log, &entries).error_code(),
            StatusCode::UNAUTHENTICATED);
}

TEST_F(RegistryServiceTest, AHiddenPersonIsInNoPublicAnswer) {
  Created("Jana", "", "");
  const v1::Person kurt = Created("Kurt", "", "");
  v1::UpdatePersonRequest update;
  update.mutable_person()->set_name(kurt.name());
  update.mutable_person()->set_hidden(true);
  update.add_update_mask("hidden");
  v1::Person updated;
  ASSERT_TRUE(stub_->UpdatePerson(Context(token_).get(), update, &updated).ok());
  EXPECT_TRUE(updated.hidden());
  EXPECT_EQ(updated.display_name(), "Kurt");  // fields not in the mask are kept
  EXPECT_EQ(Listed("", 1), (std::vector<std::string>{"Jana"}));
  EXPECT_EQ(Listed(token_, 1), (std::vector<std::string>{"Jana", "Kurt"}));
  v1::GetPersonRequest get;
  get.set_name(kurt.name());
  v1::Person seen;
  EXPECT_EQ(stub_->GetPerson(Context("").get(), get, &seen).error_code(), StatusCode::NOT_FOUND);
  ASSERT_TRUE(stub_->GetPerson(Context(token_).get(), get, &seen).ok());
  // A page token of the registry's view does not open the public one.
  v1::ListPersonsRequest list;
  list.set_parent(registry_);
  list.set_page_size(1);
  v1::ListPersonsResponse page;
  ASSERT_TRUE(stub_->ListPersons(Context(token_).get(), list, &page).ok());
  list.set_page_token(page.next_page_token());
  EXPECT_EQ(stub_->ListPersons(Context("").get(), list, &page).error_code(),
            StatusCode::INVALID_ARGUMENT);
  update.clear_update_mask();
  update.add_update_mask("seq");
  EXPECT_EQ(stub_->UpdatePerson(Context(token_).get(), update, &updated).error_code(),
            StatusCode::INVALID_ARGUMENT);
}

TEST_F(RegistryServiceTest, ARotatedTokenReplacesTheOld) {
  v1::RotateRegistryTokenRequest request;
  request.set_name(registry_);
  v1::RotateRegistryTokenResponse rotated;
  ASSERT_TRUE(stub_->RotateRegistryToken(Context(token_).get(), request, &rotated).ok());
  v1::CreatePersonResponse out;
  EXPECT_EQ(Create(token_, "Lena", "", "", &out).error_code(), StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(Create(rotated.registry_token(), "Lena", "", "", &out).ok());
}

// docs/persons.md "Importing a member list", through `skat` as a person runs it: 30 members and
// three bad lines; each refused line is named FILE:LINE, the rest are added, the exit code says
// that something was refused.
TEST_F(RegistryServiceTest, AMemberListIsImportedFromTheCommandLine) {
  const std::string file = ::testing::TempDir() + "/members.csv";
  {
    std::ofstream out(file);
    out << "member_number,name,club\n";
    for (int i = 1; i <= 30; ++i) out << 1000 + i << ",\"Member, " << i << "\",Herz Dame\n";
    out << "1001,Twin of one,Herz Dame\n"     // line 32: the number of line 2
        << "2000,,Herz Dame\n"                // line 33: no name
        << "2001,\"Tab\there\",Herz Dame\n";  // line 34: a control character
  }
  const std::string env = "SKAT_REGISTRY_TOKEN=" + token_;
  const std::string where = " --server " + server_address_;
  const testing_cli::Output imported =
      testing_cli::Skat("persons import " + registry_ + " --file " + file + where, env);
  EXPECT_EQ(imported.exit_code, 1) << imported.out;
  EXPECT_NE(imported.out.find(file + ":32: member number 1001 is also on line 2"),
            std::string::npos)
      << imported.out;
  EXPECT_NE(imported.out.find(file + ":33: display_name must have 1 to 200 bytes"),
            std::string::npos);
  EXPECT_NE(imported.out.find(file + ":34: display_name holds the control character 0x09"),
            std::string::npos);
  EXPECT_NE(imported.out.find("added 30 persons; 3 lines refused"), std::string::npos);
  EXPECT_EQ(Listed("", 7).size(), 30u);
  const testing_cli::Output listed = testing_cli::Skat("persons list " + registry_ + where);
  EXPECT_EQ(listed.exit_code, 0) << listed.out;
  EXPECT_NE(listed.out.find("Member, 30  (Herz Dame)  #1030"), std::string::npos) << listed.out;
  const testing_cli::Output refused =
      testing_cli::Skat("persons add " + registry_ + " --name X" + where);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.out.find("needs its registry token"), std::string::npos) << refused.out;
  std::remove(file.c_str());
}

// RegistryStore::PersonsStamp (what the ratings cache checks, services/scoring/ratings_cache.h):
// the same while nothing changes, another after an added, a hidden and a merged person.
TEST_F(RegistryServiceTest, ThePersonsStampChangesWithEveryChangeOfAPerson) {
  const std::string id = registry_.substr(registry_.find('/') + 1);
  const auto stamp = [&] {
    Result<std::string> s = store_->PersonsStamp(id);
    EXPECT_TRUE(s.ok()) << s.status().ToString();
    return s.ok() ? *s : "";
  };
  std::vector<std::string> seen = {stamp()};
  EXPECT_EQ(stamp(), seen.back());
  const v1::Person lena = Created("Lena", "", "");
  seen.push_back(stamp());
  const v1::Person otto = Created("Otto", "", "");
  seen.push_back(stamp());
  EXPECT_EQ(stamp(), seen.back());
  v1::UpdatePersonRequest update;
  update.mutable_person()->set_name(lena.name());
  update.mutable_person()->set_hidden(true);
  update.add_update_mask("hidden");
  v1::Person out;
  ASSERT_TRUE(stub_->UpdatePerson(Context(token_).get(), update, &out).ok());
  seen.push_back(stamp());
  v1::MergePersonsRequest merge;
  merge.set_name(otto.name());
  merge.set_into(lena.name());
  ASSERT_TRUE(stub_->MergePersons(Context(token_).get(), merge, &out).ok());
  seen.push_back(stamp());
  for (size_t i = 1; i < seen.size(); ++i) EXPECT_NE(seen[i], seen[i - 1]) << i;
  EXPECT_EQ(store_->PersonsStamp("rg-nope").status().code(), ErrorCode::kNotFound);
}

// docs/persons.md "Players and persons": the director links an event's player to a person of the
// event's registry, by name or member number; the registry alone rates the event.
TEST_F(RegistryServiceTest, ADirectorLinksPlayersToPersonsOfTheEventsRegistry) {
  const v1::Person anna = Created("Anna", "", "501");
  const v1::Person merged = Created("Anna B", "", "");
  v1::MergePersonsRequest merge;
  merge.set_name(merged.name());
  merge.set_into(anna.name());
  v1::Person kept;
  ASSERT_TRUE(stub_->MergePersons(Context(token_).get(), merge, &kept).ok());
  v1::CreateEventRequest create;
  create.set_display_name("Monthly evening");
  create.set_registry(registry_);
  v1::CreateEventResponse event;
  ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), create, &event).ok());
  EXPECT_EQ(event.event().registry(), registry_);
  EXPECT_FALSE(event.event().rated());
  const std::string director = event.director_token();
  const auto add = [&](const std::string& name, const std::string& person,
                       const std::string& number, v1::Player* out) {
    v1::AddPlayerRequest request;
    request.set_parent(event.event().name());
    request.set_display_name(name);
    request.set_person(person);
    request.set_member_number(number);
    return event_stub_->AddPlayer(Context(director).get(), request, out);
  };
  v1::Player linked, player;
  ASSERT_TRUE(add("Anna", "", "501", &linked).ok());
  EXPECT_EQ(linked.person(), anna.name());
  EXPECT_EQ(add("Anna again", anna.name(), "", &player).error_code(), StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(add("Nobody", "", "999", &player).error_code(), StatusCode::NOT_FOUND);
  EXPECT_EQ(add("Both", anna.name(), "501", &player).error_code(), StatusCode::INVALID_ARGUMENT);
  const grpc::Status gone = add("Anna B", merged.name(), "", &player);
  EXPECT_EQ(gone.error_code(), StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(gone.error_message().find("merged into " + anna.name()), std::string::npos);
  const std::string elsewhere =
      "registries/rg-0000000000/persons/" + anna.name().substr(anna.name().rfind('/') + 1);
  EXPECT_EQ(add("Other", elsewhere, "", &player).error_code(), StatusCode::INVALID_ARGUMENT);

  v1::SetEventRatedRequest rate;
  rate.set_registry(registry_);
  rate.set_event(event.event().name());
  rate.set_rated(true);
  v1::SetEventRatedResponse rated;
  EXPECT_EQ(stub_->SetEventRated(Context(director).get(), rate, &rated).error_code(),
            StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(stub_->SetEventRated(Context(token_).get(), rate, &rated).ok());
  v1::GetEventRequest get;
  get.set_name(event.event().name());
  v1::Event read;
  ASSERT_TRUE(event_stub_->GetEvent(Context("").get(), get, &read).ok());
  EXPECT_TRUE(read.rated());

  v1::ListRegistryLogRequest log;
  log.set_parent(registry_);
  v1::ListRegistryLogResponse entries;
  ASSERT_TRUE(stub_->ListRegistryLog(Context(token_).get(), log, &entries).ok());
  ASSERT_EQ(entries.entries_size(), 5);  // add, add, merge, link, rate
  EXPECT_EQ(entries.entries(3).act(), "link");
  EXPECT_EQ(entries.entries(3).person(), anna.name());
  EXPECT_EQ(entries.entries(3).detail(), linked.name());
  EXPECT_EQ(entries.entries(4).act(), "rate");

  // An event without a registry links no player.
  create.clear_registry();
  ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), create, &event).ok());
  v1::AddPlayerRequest request;
  request.set_parent(event.event().name());
  request.set_display_name("Anna");
  request.set_person(anna.name());
  EXPECT_EQ(
      event_stub_->AddPlayer(Context(event.director_token()).get(), request, &player).error_code(),
      StatusCode::FAILED_PRECONDITION);
}

}  // namespace
}  // namespace skat::service
