// One table played by tests/services/resilient_seat.h seats, and the director calls and checks
// around it, shared by tests/services/table_durability_test.cc and
// tests/services/restore_drill_test.cc (docs/reliability.md "Faults", "Backups").
//
// Contract:
// - CreateEventAndSet makes an event (nasl-1909) and a board set for 3 chairs; OpenTable opens an
//   online table of its first `boards` boards; ListGames reads a table's act log as its director.
// - TableDriver runs every seat of an opened table in its own thread with the given options (the
//   table and each chair's token filled in); when one seat ends with an error the others are
//   cancelled. Join() waits for all and returns their logs; the destructor cancels and joins.
// - ExpectGamesReplay: every game finished, replays in the engine to its logged result, each
//   chair's sequence numbers 1, 2, 3, ...; ExpectCompleteLogThatReplays: the same with one game
//   per board of the table; ExpectResponsesMatchLog: every answer a
//   seat got is the logged act at its place.
// Header-only. Needs skat_engine, skat_service_common and gRPC.
#ifndef SKAT_TESTS_SERVICES_TABLE_DRIVER_H_
#define SKAT_TESTS_SERVICES_TABLE_DRIVER_H_

#include <google/protobuf/util/message_differencer.h>
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/board_set.h"
#include "engine/game.h"
#include "engine/profile.h"
#include "services/common/game_proto.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"
#include "tests/services/resilient_seat.h"

namespace skat::service::testing_table {

using google::protobuf::util::MessageDifferencer;
using testing_seat::ResilientSeat;
using testing_seat::ResilientSeatLog;
using testing_seat::ResilientSeatOptions;

// --- Director calls ---------------------------------------------------------------------------

inline std::unique_ptr<grpc::ClientContext> Context(const std::string& token) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata("authorization", "Bearer " + token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
  return context;
}

inline std::shared_ptr<grpc::Channel> Channel(const std::string& address) {
  return grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
}

struct EventAndSet {
  std::string event;
  std::string director;
  std::string set;
};

// An event (nasl-1909) and a board set of `boards` boards for 3 chairs.
inline EventAndSet CreateEventAndSet(const std::string& address, int boards) {
  auto channel = Channel(address);
  EventAndSet made;
  v1::CreateEventRequest event;
  event.set_display_name("Durability test");
  v1::CreateEventResponse created;
  grpc::Status status =
      v1::EventService::NewStub(channel)->CreateEvent(Context("").get(), event, &created);
  EXPECT_TRUE(status.ok()) << status.error_message();
  made.event = created.event().name();
  made.director = created.director_token();
  v1::CreateBoardSetRequest set;
  set.set_parent(made.event);
  set.set_board_count(boards);
  set.set_table_size(3);
  v1::BoardSet set_made;
  status = v1::DealService::NewStub(channel)->CreateBoardSet(Context(made.director).get(), set,
                                                             &set_made);
  EXPECT_TRUE(status.ok()) << status.error_message();
  made.set = set_made.name();
  return made;
}

inline v1::OpenTableResponse OpenTable(const std::string& address, const EventAndSet& e, int boards,
                                       const std::string& label) {
  v1::OpenTableRequest request;
  request.set_parent(e.event);
  request.set_board_set(e.set);
  for (int b = 1; b <= boards; ++b) request.add_boards(b);
  request.set_label(label);
  request.set_mode(v1::TABLE_MODE_ONLINE);
  v1::OpenTableResponse opened;
  const grpc::Status status = v1::TableService::NewStub(Channel(address))
                                  ->OpenTable(Context(e.director).get(), request, &opened);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return opened;
}

inline v1::ListGamesResponse ListGames(const std::string& address, const std::string& director,
                                       const std::string& table) {
  v1::ListGamesRequest request;
  request.set_table(table);
  v1::ListGamesResponse games;
  const grpc::Status status = v1::TableService::NewStub(Channel(address))
                                  ->ListGames(Context(director).get(), request, &games);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return games;
}

inline int ActCount(const v1::ListGamesResponse& games) {
  int n = 0;
  for (const v1::GameLog& g : games.games()) n += g.acts_size();
  return n;
}

// --- Checks -----------------------------------------------------------------------------------

// Every game of the log finished and replays in the engine to the logged result; each chair's
// sequence numbers are 1, 2, 3, ... without gap or repeat (the seats number contiguously).
inline void ExpectGamesReplay(const v1::ListGamesResponse& games) {
  std::map<int, int64_t> last_sequence;  // by chair
  for (const v1::GameLog& g : games.games()) {
    SCOPED_TRACE("board " + std::to_string(g.board_number()));
    EXPECT_TRUE(g.finished());
    Game game(Nasl1909(), UnrankBoard(g.deal_number()));
    for (const v1::LoggedAct& a : g.acts()) {
      Result<Act> act = ParseActLine(a.text());
      ASSERT_TRUE(act.ok()) << a.text();
      const Status applied = game.Apply(*act);
      ASSERT_TRUE(applied.ok()) << a.text() << ": " << applied.ToString();
      EXPECT_EQ(a.sequence(), last_sequence[a.chair()] + 1)
          << "chair " << a.chair() << " act " << a.text();
      last_sequence[a.chair()] = a.sequence();
    }
    ASSERT_TRUE(game.finished());
    v1::GameResult result;
    ToProto(game.result(), &result);
    EXPECT_TRUE(MessageDifferencer::Equals(result, g.result())) << result.ShortDebugString() << "\n"
                                                                << g.result().ShortDebugString();
  }
}

// The same for a finished table of `boards` boards: one game each.
inline void ExpectCompleteLogThatReplays(const v1::ListGamesResponse& games, int boards) {
  ASSERT_EQ(games.games_size(), boards);
  ExpectGamesReplay(games);
}

// Every answer a seat got is the logged act at its place, from its chair, with its number.
inline void ExpectResponsesMatchLog(const std::vector<ResilientSeatLog>& seats,
                                    const v1::ListGamesResponse& games) {
  for (const ResilientSeatLog& seat : seats) {
    for (const auto& [sequence, r] : seat.responses) {
      ASSERT_LT(r.board_index(), games.games_size()) << r.ShortDebugString();
      const v1::GameLog& g = games.games(r.board_index());
      ASSERT_LT(r.act_index(), g.acts_size()) << r.ShortDebugString();
      const v1::LoggedAct& logged = g.acts(r.act_index());
      EXPECT_EQ(logged.chair(), seat.chair) << r.ShortDebugString();
      EXPECT_EQ(logged.sequence(), sequence) << r.ShortDebugString();
      EXPECT_EQ(logged.text(), r.act().text()) << r.ShortDebugString();
      EXPECT_EQ(r.board_number(), g.board_number());
    }
  }
}

inline void ExpectSeatsFinished(const std::vector<ResilientSeatLog>& seats) {
  for (const ResilientSeatLog& seat : seats) {
    EXPECT_TRUE(seat.finished) << "chair " << seat.chair << ": " << seat.error;
    EXPECT_EQ(seat.error, "") << "chair " << seat.chair;
  }
}

inline std::string Summary(const std::vector<ResilientSeatLog>& seats) {
  std::ostringstream out;
  for (const ResilientSeatLog& s : seats) {
    out << "chair " << s.chair << ": " << s.responses.size() << " answers, " << s.acts_sent
        << " acts sent, " << s.resends << " resends (" << s.repeats << " repeats), "
        << s.reconnections << " reconnections, " << s.failures.size() << " failed calls\n";
    std::map<std::string, int> kinds;  // the failures by call, code and reason
    for (const std::string& f : s.failures) ++kinds[f.substr(0, f.find(':'))];
    for (const auto& [kind, n] : kinds) out << "  " << n << " x " << kind << "\n";
  }
  return out.str();
}

// Drives every seat of a table in its own thread. When one seat ends with an error the others
// are cancelled (they would wait for it in vain).
class TableDriver {
 public:
  TableDriver(const v1::OpenTableResponse& opened, ResilientSeatOptions base,
              const std::function<void(int chair, ResilientSeatOptions&)>& adjust = nullptr) {
    for (int i = 0; i < opened.seat_tokens_size(); ++i) {
      ResilientSeatOptions o = base;
      o.table = opened.table().name();
      o.token = opened.seat_tokens(i);
      if (adjust) adjust(i + 1, o);
      seats_.push_back(std::make_unique<ResilientSeat>(o));
    }
    logs_.resize(seats_.size());
    for (size_t i = 0; i < seats_.size(); ++i) {
      threads_.emplace_back([this, i] {
        logs_[i] = seats_[i]->Run();
        if (!logs_[i].error.empty()) {
          for (auto& seat : seats_) seat->Cancel();
        }
        ++done_;
      });
    }
  }
  ~TableDriver() {  // after a failed assertion: stop the seats rather than wait for them
    for (auto& seat : seats_) seat->Cancel();
    Join();
  }
  bool done() const { return done_ == static_cast<int>(seats_.size()); }
  std::vector<ResilientSeatLog>& Join() {
    for (std::thread& t : threads_) {
      if (t.joinable()) t.join();
    }
    return logs_;
  }

 private:
  std::vector<std::unique_ptr<ResilientSeat>> seats_;
  std::vector<ResilientSeatLog> logs_;
  std::vector<std::thread> threads_;
  std::atomic<int> done_{0};
};

}  // namespace skat::service::testing_table

#endif  // SKAT_TESTS_SERVICES_TABLE_DRIVER_H_
