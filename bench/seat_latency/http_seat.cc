#include "bench/seat_latency/http_seat.h"

#include <google/protobuf/util/json_util.h>

#include <utility>

#include "bench/http_load_client.h"

namespace skat::service::seat_latency {
namespace {

constexpr char kWatchPath[] = "/api/skat.v1.TableService/WatchSeat";

// The integer after `"key":` in a JSON text; 0 when the key is absent (the play methods' replies
// leave out fields at their default, docs/web.md "Lean replies on the play page's methods"); -1
// when its value is not a number.
int IntField(std::string_view json, std::string_view key) {
  const size_t at = json.find(key);
  if (at == std::string_view::npos) return 0;
  size_t i = at + key.size();
  if (i < json.size() && json[i] == '"') ++i;  // int64 as a string
  int n = 0;
  bool any = false;
  while (i < json.size() && json[i] >= '0' && json[i] <= '9') {
    n = n * 10 + (json[i++] - '0');
    any = true;
  }
  return any ? n : -1;
}

}  // namespace

HttpSeat::HttpSeat(PhaseShared& shared, TableTrack& track, int table_no, int chair,
                   std::string table, std::string token, Loop& loop, int port)
    : Seat(shared, track, table_no, chair, std::move(table), std::move(token)),
      loop_(loop),
      port_(port),
      stream_(loop),
      acts_(loop) {}

void HttpSeat::Start() {
  stream_.on_data = [this](std::string_view data, Clock::time_point at) { OnStream(data, at); };
  stream_.on_end = [this](Clock::time_point) {
    if (stream_.reader.status() != 200) {
      StreamEnded("WatchSeat answered HTTP " + std::to_string(stream_.reader.status()) + " " +
                  refusal_);
    } else {
      StreamEnded(end_error_);
    }
  };
  stream_.on_closed = [this](const std::string& why) { StreamEnded(why); };
  acts_.on_data = [this](std::string_view data, Clock::time_point) { reply_.append(data); };
  acts_.on_end = [this](Clock::time_point at) { OnReply(at); };
  acts_.on_closed = [this](const std::string& why) {
    if (!waiting_) return;
    waiting_ = false;
    Answered("Act: the connection closed: " + why, 0, 0, Clock::now());
  };
  if (std::string e = stream_.Open(port_); !e.empty()) return StreamEnded(e);
  if (std::string e = acts_.Open(port_); !e.empty()) return StreamEnded(e);
  stream_.Write(
      load::HttpPostRequest(port_, kWatchPath, token(), "{\"table\":\"" + table() + "\"}", true));
}

void HttpSeat::Close() {
  stream_.Close();
  acts_.Close();
  StreamEnded("closed by the bench");
}

void HttpSeat::Schedule(Clock::duration delay) {
  loop_.After(delay, [this] { ThinkDone(); });
}

void HttpSeat::Send(const v1::ActRequest& request) {
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(request, &json);
  reply_.clear();
  waiting_ = true;
  if (!acts_.open()) {
    ++reopened_;
    if (std::string e = acts_.Open(port_); !e.empty()) {
      waiting_ = false;
      return Answered("Act: " + e, 0, 0, Clock::now());
    }
  }
  acts_.Write(load::HttpPostRequest(port_, kActPath, token(), json));
}

void HttpSeat::OnStream(std::string_view data, Clock::time_point at) {
  if (stream_.reader.status() != 200) {
    refusal_.append(data);
    return;
  }
  events_.append(data);
  load::TakeServerSentEvents(events_, [&](std::string_view event, std::string_view json) {
    if (event == "message") {
      OnMessage(json, at);
    } else if (event == "end" && json != "{}") {
      end_error_ = std::string(json);
    }
    return true;
  });
}

void HttpSeat::OnMessage(std::string_view json, Clock::time_point at) {
  const bool finished = json.find("\"tableFinished\":true") != std::string_view::npos;
  const size_t legal = json.find("\"legalActs\":[");
  const bool has_legal =
      legal != std::string_view::npos && legal + 13 < json.size() && json[legal + 13] != ']';
  if (!finished && !has_legal) {
    const int board_index = IntField(json, "\"boardIndex\":");
    const int act_count = IntField(json, "\"actCount\":");
    if (board_index < 0 || act_count < 0) {
      shared().Fail("a SeatUpdate with an unreadable boardIndex or actCount: " +
                    std::string(json.substr(0, 200)));
      return;
    }
    Seen(board_index, act_count, false, at);
    return;
  }
  v1::SeatUpdate update;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  if (!google::protobuf::util::JsonStringToMessage(
           google::protobuf::StringPiece(json.data(), json.size()), &update, options)
           .ok()) {
    shared().Fail("an unreadable SeatUpdate: " + std::string(json.substr(0, 200)));
    return;
  }
  Update(update, at);
}

void HttpSeat::OnReply(Clock::time_point at) {
  if (!waiting_) return;
  waiting_ = false;
  if (acts_.reader.status() != 200) {
    return Answered("Act: HTTP " + std::to_string(acts_.reader.status()) + " " + reply_, 0, 0, at);
  }
  const int board_index = IntField(reply_, "\"boardIndex\":");
  const int act_index = IntField(reply_, "\"actIndex\":");
  if (board_index < 0 || act_index < 0) {
    return Answered("Act: a reply with an unreadable boardIndex or actIndex: " + reply_, 0, 0, at);
  }
  Answered("", board_index, act_index, at);
}

}  // namespace skat::service::seat_latency
