// Hostile requests to the RegistryService (docs/reliability.md "Hostile input"; docs/persons.md):
// every RPC refuses malformed names, oversized and control-character text, missing and wrong
// tokens and made-up page tokens with its code and a message naming the field, and writes
// nothing (tests/services/hostile_test_util.h).
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "services/registry/registry_service.h"
#include "services/store/store.h"
#include "tests/services/hostile_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_hostile::Call;
using testing_hostile::Case;
using testing_hostile::Huge;
using testing_hostile::kForgedPageToken;
using RS = v1::RegistryService::Stub;
constexpr StatusCode kInvalidArgument = StatusCode::INVALID_ARGUMENT;

class HostileRegistryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(testing_db::DatabaseUrl().empty()) << testing_db::SetupError();
    Result<std::unique_ptr<store::Store>> store = store::Store::Connect(testing_db::DatabaseUrl());
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    store_ = std::move(store).value();
    ASSERT_TRUE(store_->Migrate().ok());
    service_ = std::make_unique<RegistryServiceImpl>(*store_, RateLimit{});
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(service_.get());
    server_ = builder.BuildAndStart();
    stub_ = v1::RegistryService::NewStub(grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                                             grpc::InsecureChannelCredentials()));
    v1::CreateRegistryRequest r;
    r.set_display_name("Hostile");
    v1::CreateRegistryResponse made;
    ASSERT_TRUE(stub_->CreateRegistry(testing_table::Context("").get(), r, &made).ok());
    registry_ = made.registry().name();
    token_ = made.registry_token();
    v1::CreatePersonRequest p;
    p.set_parent(registry_);
    p.mutable_person()->set_display_name("Anna");
    v1::CreatePersonResponse person;
    ASSERT_TRUE(stub_->CreatePerson(testing_table::Context(token_).get(), p, &person).ok());
    person_ = person.person().name();
  }
  void TearDown() override {
    if (server_) server_->Shutdown();
  }

  std::function<grpc::Status()> Create(std::string name, std::string token) {
    return [=, this] {
      v1::CreatePersonRequest r;
      r.set_parent(registry_);
      r.mutable_person()->set_display_name(name);
      return Call(*stub_, &RS::CreatePerson, r, token);
    };
  }
  std::function<grpc::Status()> Update(std::string name, std::vector<std::string> mask) {
    return [=, this] {
      v1::UpdatePersonRequest r;
      r.mutable_person()->set_name(person_);
      r.mutable_person()->set_display_name(name);
      for (const std::string& path : mask) r.add_update_mask(path);
      return Call(*stub_, &RS::UpdatePerson, r, token_);
    };
  }
  std::function<grpc::Status()> Import(int rows, std::string token) {
    return [=, this] {
      v1::ImportPersonsRequest r;
      r.set_parent(registry_);
      for (int i = 0; i < rows; ++i) r.add_rows()->set_display_name("P" + std::to_string(i));
      return Call(*stub_, &RS::ImportPersons, r, token);
    };
  }
  std::function<grpc::Status()> Merge(std::string from, std::string into) {
    return [=, this] {
      v1::MergePersonsRequest r;
      r.set_name(from);
      r.set_into(into);
      return Call(*stub_, &RS::MergePersons, r, token_);
    };
  }
  std::function<grpc::Status()> List(std::string parent, int size, std::string page) {
    return [=, this] {
      v1::ListPersonsRequest r;
      r.set_parent(parent);
      r.set_page_size(size);
      r.set_page_token(page);
      return Call(*stub_, &RS::ListPersons, r, "");
    };
  }

  std::vector<Case> Cases() {
    const std::string other = "registries/rg-0000000000/persons/pe-0000000000";
    return {
        {"RegistryService.CreateRegistry", "no name", kInvalidArgument, "display_name",
         [this] { return Call(*stub_, &RS::CreateRegistry, v1::CreateRegistryRequest(), ""); }},
        {"RegistryService.CreateRegistry", "1 MB name", kInvalidArgument, "display_name",
         [this] {
           v1::CreateRegistryRequest r;
           r.set_display_name(Huge());
           return Call(*stub_, &RS::CreateRegistry, r, "");
         }},
        {"RegistryService.GetRegistry", "an event name", kInvalidArgument, "registries/{registry}",
         [this] {
           v1::GetRegistryRequest r;
           r.set_name("events/ev-x");
           return Call(*stub_, &RS::GetRegistry, r, "");
         }},
        {"RegistryService.GetRegistry", "unknown", StatusCode::NOT_FOUND, "rg-nope",
         [this] {
           v1::GetRegistryRequest r;
           r.set_name("registries/rg-nope");
           return Call(*stub_, &RS::GetRegistry, r, "");
         }},
        {"RegistryService.RotateRegistryToken", "no token", StatusCode::UNAUTHENTICATED,
         "registry token",
         [this] {
           v1::RotateRegistryTokenRequest r;
           r.set_name(registry_);
           return Call(*stub_, &RS::RotateRegistryToken, r, "");
         }},
        {"RegistryService.CreatePerson", "a wrong token", StatusCode::PERMISSION_DENIED,
         "registry token", Create("Bert", std::string(64, 'f'))},
        {"RegistryService.CreatePerson", "1 MB name", kInvalidArgument, "display_name",
         Create(Huge(), token_)},
        {"RegistryService.CreatePerson", "a NUL byte", kInvalidArgument, "control character",
         Create(std::string("A\0B", 3), token_)},
        {"RegistryService.GetPerson", "a registry name", kInvalidArgument,
         "registries/{registry}/persons/{person}",
         [this] {
           v1::GetPersonRequest r;
           r.set_name(registry_);
           return Call(*stub_, &RS::GetPerson, r, "");
         }},
        {"RegistryService.GetPerson", "unknown", StatusCode::NOT_FOUND, "pe-0000000000",
         [=, this] {
           v1::GetPersonRequest r;
           r.set_name(other);
           return Call(*stub_, &RS::GetPerson, r, "");
         }},
        {"RegistryService.ListPersons", "page_size -1", kInvalidArgument, "page_size",
         List(registry_, -1, "")},
        {"RegistryService.ListPersons", "a made-up page token", kInvalidArgument, "page_token",
         List(registry_, 0, kForgedPageToken)},
        {"RegistryService.ListPersons", "unknown registry", StatusCode::NOT_FOUND, "rg-nope",
         List("registries/rg-nope", 0, "")},
        {"RegistryService.UpdatePerson", "no mask", kInvalidArgument, "update_mask",
         Update("X", {})},
        {"RegistryService.UpdatePerson", "an unknown path", kInvalidArgument, "seq",
         Update("X", {"seq"})},
        {"RegistryService.UpdatePerson", "1 MB name", kInvalidArgument, "display_name",
         Update(Huge(), {"display_name"})},
        {"RegistryService.ImportPersons", "no rows", kInvalidArgument, "1 to 1000 rows",
         Import(0, token_)},
        {"RegistryService.ImportPersons", "1001 rows", kInvalidArgument, "not 1001",
         Import(kMaxImportRows + 1, token_)},
        {"RegistryService.ImportPersons", "no token", StatusCode::UNAUTHENTICATED, "registry token",
         Import(1, "")},
        {"RegistryService.MergePersons", "into itself", kInvalidArgument, "into itself",
         Merge(person_, person_)},
        {"RegistryService.MergePersons", "two registries", kInvalidArgument, "two registries",
         Merge(person_, other)},
        {"RegistryService.MergePersons", "malformed", kInvalidArgument, "persons/{person}",
         Merge("persons/x", person_)},
        {"RegistryService.ListRegistryLog", "no token", StatusCode::UNAUTHENTICATED,
         "registry token",
         [this] {
           v1::ListRegistryLogRequest r;
           r.set_parent(registry_);
           return Call(*stub_, &RS::ListRegistryLog, r, "");
         }},
        {"RegistryService.SetEventRated", "a malformed event", kInvalidArgument, "events/{event}",
         [this] {
           v1::SetEventRatedRequest r;
           r.set_registry(registry_);
           r.set_event("ev-x");
           return Call(*stub_, &RS::SetEventRated, r, token_);
         }},
        {"RegistryService.SetEventRated", "an event of no registry", StatusCode::NOT_FOUND,
         "ev-nope",
         [this] {
           v1::SetEventRatedRequest r;
           r.set_registry(registry_);
           r.set_event("events/ev-nope");
           r.set_rated(true);
           return Call(*stub_, &RS::SetEventRated, r, token_);
         }},
    };
  }

  std::unique_ptr<store::Store> store_;
  std::unique_ptr<RegistryServiceImpl> service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<RS> stub_;
  std::string registry_, token_, person_;
};

TEST_F(HostileRegistryTest, EveryRpcRefusesHostileRequestsAndWritesNothing) {
  std::set<std::string> covered;
  testing_hostile::RunCases(Cases(), &covered);
  testing_hostile::CheckEveryRpcCovered({"RegistryService"}, covered);
}

}  // namespace
}  // namespace skat::service
