// Hostile requests (docs/reliability.md "Hostile input"), table-driven: every case names its RPC
// ("EventService.CreateEvent"), what is wrong with the request, the status code the services'
// error mapping (services/common/grpc_status.cc) gives it, and a part of the message that names
// the field or value. RunCases() makes every call against the real services on loopback and
// checks the code, the message (present, naming the field, short: never an echo of a 1 MB
// input) and that nothing was written: the row count of every table of the throwaway database
// is the same before and after. CheckEveryRpcCovered() compares the cases' method names with
// the services' descriptors, so an RPC added to a proto without a hostile case fails the test.
#ifndef SKAT_TESTS_SERVICES_HOSTILE_TEST_UTIL_H_
#define SKAT_TESTS_SERVICES_HOSTILE_TEST_UTIL_H_

#include <google/protobuf/descriptor.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <pqxx/pqxx>  // only to count rows; no Store method does
#include <set>
#include <string>
#include <vector>

#include "tests/services/table_test_util.h"
#include "tests/services/test_database.h"

namespace skat::service::testing_hostile {

using testing_table::Context;

// A 1 MB string, the "huge string" of every case that needs one.
inline const std::string& Huge() {
  static const std::string huge(1 << 20, 'x');
  return huge;
}

// A page_token no reply carried: shaped like a real one (services/common/page.h: version 1, one
// number, 42) with a checksum of zeros.
inline constexpr char kForgedPageToken[] = "AQEAAAAAAAAAKgAAAAAAAAAA";

struct Case {
  std::string method;  // "Service.Rpc"
  std::string what;    // what is wrong with the request
  grpc::StatusCode code;
  std::string says;  // a part of the message (the field or value it names)
  std::function<grpc::Status()> call;
};

// Rows of every table of the throwaway database, by table name, in one query.
inline std::map<std::string, int64_t> RowCounts() {
  pqxx::connection conn(testing_db::DatabaseUrl());
  pqxx::nontransaction tx(conn);
  std::map<std::string, int64_t> counts;
  for (const pqxx::row& row :
       tx.exec("SELECT table_name::text, (xpath('/row/c/text()', query_to_xml(format("
               "'SELECT count(*) AS c FROM %I.%I', table_schema, table_name), false, true, '')))[1]"
               "::text::bigint FROM information_schema.tables WHERE table_schema = 'public' AND "
               "table_type = 'BASE TABLE'")) {
    counts[row[0].as<std::string>()] = row[1].as<int64_t>();
  }
  return counts;
}

// A unary call with `token` (none when empty).
template <typename Stub, typename Request, typename Response>
grpc::Status Call(Stub& stub,
                  grpc::Status (Stub::*rpc)(grpc::ClientContext*, const Request&, Response*),
                  const Request& request, const std::string& token) {
  Response response;
  return (stub.*rpc)(Context(token).get(), request, &response);
}

// A server stream read to its end (at most 5 s: a stream the server accepts stays open).
template <typename Message, typename Open>
grpc::Status Stream(const std::string& token, Open open) {
  auto context = Context(token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  auto reader = open(context.get());
  Message message;
  while (reader->Read(&message)) {
  }
  return reader->Finish();
}

// Runs every case; adds the cases' methods to `covered`.
inline void RunCases(const std::vector<Case>& cases, std::set<std::string>* covered) {
  for (const Case& c : cases) {
    SCOPED_TRACE(c.method + ": " + c.what);
    covered->insert(c.method);
    const std::map<std::string, int64_t> before = RowCounts();
    const grpc::Status status = c.call();
    EXPECT_EQ(status.error_code(), c.code) << status.error_message().substr(0, 300);
    EXPECT_NE(status.error_message().find(c.says), std::string::npos)
        << "message: " << status.error_message().substr(0, 300) << "\nshould name: " << c.says;
    if (c.code != grpc::StatusCode::OK) {
      EXPECT_FALSE(status.error_message().empty());
      EXPECT_LT(status.error_message().size(), 1000u) << status.error_message().substr(0, 300);
    }
    std::map<std::string, int64_t> after = RowCounts();
    // A refused report of physical play is kept for the director (docs/tables.md "Refused
    // reports"): the one row a refusal may write.
    if (c.method == "TableService.SubmitResult" &&
        after["refused_reports"] == before.at("refused_reports") + 1) {
      --after["refused_reports"];
    }
    EXPECT_EQ(after, before) << "rows were written";
  }
}

// Fails for every RPC of the services that no case covers (and for cases naming no RPC).
inline void CheckEveryRpcCovered(const std::vector<std::string>& services,
                                 const std::set<std::string>& covered) {
  std::set<std::string> rpcs;
  for (const std::string& name : services) {
    const google::protobuf::ServiceDescriptor* service =
        google::protobuf::DescriptorPool::generated_pool()->FindServiceByName("skat.v1." + name);
    ASSERT_NE(service, nullptr) << name;
    for (int i = 0; i < service->method_count(); ++i) {
      rpcs.insert(name + "." + service->method(i)->name());
    }
  }
  for (const std::string& rpc : rpcs) EXPECT_EQ(covered.count(rpc), 1u) << rpc << " has no case";
  for (const std::string& method : covered) {
    EXPECT_EQ(rpcs.count(method), 1u) << method << " is not an RPC of the services";
  }
}

}  // namespace skat::service::testing_hostile

#endif  // SKAT_TESTS_SERVICES_HOSTILE_TEST_UTIL_H_
