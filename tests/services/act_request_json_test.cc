// Act's request read from the play page's JSON by hand (services/web/act_request_json.h), without
// a server: over the acts of random games printed by protobuf in every form, and over every
// single-byte change and cut of those texts, whatever the hand reader accepts protobuf reads as
// the same message; the plain forms the page sends are all accepted.
#include "services/web/act_request_json.h"

#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "skat/v1/table_service.pb.h"
#include "tests/test_scale.h"

namespace skat::web {
namespace {

namespace pb = google::protobuf;

// What protobuf reads from `json`, or nullopt when it refuses it.
std::optional<v1::ActRequest> LibraryRead(const std::string& json) {
  v1::ActRequest out;
  pb::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  if (!pb::util::JsonStringToMessage(json, &out, options).ok()) return std::nullopt;
  return out;
}

// Every act of random games as the page sends it: a legal act of the view (no text), with the
// table, a sequence number and the board number.
std::vector<v1::ActRequest> RandomRequests(int games) {
  std::vector<v1::ActRequest> out;
  const Profile* profiles[] = {&Nasl1909(), &Isko(), &GuckiVariation()};
  Rng rng(48);
  for (int g = 0; g < games; ++g) {
    Game game(*profiles[g % 3], RandomBoard(rng));
    int64_t sequence = g % 5 == 0 ? (int64_t{1} << 40) + g : g;
    while (!game.finished()) {
      const Act act = RandomAct(game, rng);
      v1::ActRequest request;
      request.set_table("events/ev-" + std::to_string(g) + "/tables/tb-a_b");
      request.set_sequence(sequence++);
      service::ToProto(act, request.mutable_act());
      if (g % 2 == 0) request.mutable_act()->clear_text();
      request.set_board_number(g % 4);
      out.push_back(request);
      EXPECT_TRUE(game.Apply(act).ok());
    }
  }
  return out;
}

std::string Print(const v1::ActRequest& request, bool every_field, bool proto_names) {
  pb::util::JsonPrintOptions options;
  options.always_print_primitive_fields = every_field;
  options.preserve_proto_field_names = proto_names;
  std::string json;
  EXPECT_TRUE(pb::util::MessageToJsonString(request, &json, options).ok());
  return json;
}

TEST(ActRequestJsonTest, ThePagesFormsAreReadAsProtobufReadsThem) {
  int read = 0;
  for (const v1::ActRequest& request : RandomRequests(testing_scale::Scaled(100, 20))) {
    for (const bool every_field : {false, true}) {
      const std::string json = Print(request, every_field, false);
      v1::ActRequest fast;
      ASSERT_TRUE(ParseActRequestJson(json, fast)) << json;
      ASSERT_TRUE(pb::util::MessageDifferencer::Equals(fast, request)) << json;
      ++read;
    }
  }
  EXPECT_GT(read, 2 * 100 * 20 / 5);
  // What link.js writes: the sequence as a string, spaces as JSON allows.
  v1::ActRequest fast;
  ASSERT_TRUE(ParseActRequestJson(
      " {\"table\" : \"events/e/tables/t\",\n\"sequence\":\"7\",\t\"act\":{\"type\":"
      "\"ACT_TYPE_BID\",\"bid\":18,\"declaration\":{}},\"boardNumber\":3}\r\n",
      fast));
  EXPECT_EQ(fast.sequence(), 7);
  EXPECT_EQ(fast.act().bid(), 18);
  EXPECT_TRUE(fast.act().has_declaration());
  EXPECT_EQ(fast.board_number(), 3);
}

// Property: whatever the hand reader accepts, protobuf accepts too and reads the same; over the
// other forms (protobuf's field names) and every single-byte change and cut of the texts.
TEST(ActRequestJsonTest, WhatItAcceptsProtobufReadsAlike) {
  const char kBytes[] = {'"', '\\', '{', '}', '[', ']', ',', ':', '0',    '9',
                         '-', '.',  'e', ' ', 'x', 'A', 't', 'n', '\x01', '\xc3'};
  int accepted = 0, declined = 0;
  std::vector<v1::ActRequest> requests = RandomRequests(testing_scale::Scaled(12, 3));
  for (size_t i = 0; i < requests.size(); i += 3) {
    for (const bool proto_names : {false, true}) {
      const std::string base = Print(requests[i], i % 2 == 0, proto_names);
      std::vector<std::string> texts = {base, base + "x", base.substr(0, base.size() / 2)};
      for (size_t at = 0; at < base.size(); ++at) {
        std::string changed = base;
        changed[at] = kBytes[(at + i) % sizeof kBytes];
        texts.push_back(changed);
      }
      for (const std::string& text : texts) {
        v1::ActRequest fast;
        if (!ParseActRequestJson(text, fast)) {
          ++declined;
          continue;
        }
        ++accepted;
        const std::optional<v1::ActRequest> library = LibraryRead(text);
        ASSERT_TRUE(library.has_value()) << text;
        ASSERT_TRUE(pb::util::MessageDifferencer::Equals(fast, *library)) << text;
      }
    }
  }
  EXPECT_GT(accepted, 100);
  EXPECT_GT(declined, 100);
  v1::ActRequest fast;
  for (const char* refused :
       {"", "{}x", "{\"table\":\"a\",\"table\":\"b\"}", "{\"board_number\":1}",
        "{\"boardNumber\":2147483648}", "{\"boardNumber\":1.0}", "{\"boardNumber\":01}",
        "{\"sequence\":\"1x\"}", "{\"act\":{\"type\":\"ACT_TYPE_NOPE\"}}", "{\"act\":{\"type\":3}}",
        "{\"table\":\"a\\\"b\"}", "{\"table\":null}", "{\"act\":{\"cards\":[\"C-J\",]}}"}) {
    EXPECT_FALSE(ParseActRequestJson(refused, fast)) << refused;
  }
  EXPECT_TRUE(ParseActRequestJson("{}", fast));
}

}  // namespace
}  // namespace skat::web
