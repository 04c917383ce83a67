#include "bench/load_tables.h"

#include <utility>

#include "bench/load_common.h"
#include "engine/players/bot.h"
#include "services/common/game_proto.h"

namespace skat::service::load {

std::string BenchEvent::Create(const std::string& address, const std::string& display_name,
                               const std::string& profile, int boards) {
  channel_ = NewChannel(address, -1);
  tables_ = v1::TableService::NewStub(channel_);
  auto events = v1::EventService::NewStub(channel_);
  auto deals = v1::DealService::NewStub(channel_);
  v1::CreateEventRequest create;
  create.set_display_name(display_name);
  create.set_profile(profile);
  v1::CreateEventResponse created;
  if (auto s = events->CreateEvent(Context("").get(), create, &created); !s.ok()) {
    return "CreateEvent: " + s.error_message();
  }
  name_ = created.event().name();
  director_ = created.director_token();
  v1::CreateBoardSetRequest make_set;
  make_set.set_parent(name_);
  make_set.set_board_count(boards);
  make_set.set_table_size(3);
  v1::BoardSet set;
  if (auto s = deals->CreateBoardSet(Context(director_).get(), make_set, &set); !s.ok()) {
    return "CreateBoardSet: " + s.error_message();
  }
  board_set_ = set.name();
  return "";
}

grpc::Status BenchEvent::OpenTable(v1::TableMode mode, const std::string& label, int boards,
                                   v1::OpenTableResponse* out) {
  v1::OpenTableRequest request;
  request.set_parent(name_);
  request.set_board_set(board_set_);
  for (int b = 1; b <= boards; ++b) request.add_boards(b);
  request.set_mode(mode);
  request.set_label(label);
  return tables_->OpenTable(Context(director_).get(), request, out);
}

uint64_t Mix(uint64_t seed, std::initializer_list<uint64_t> parts) {
  uint64_t x = seed;
  for (uint64_t part : parts) {
    x ^= part + 0x9e3779b97f4a7c15ULL + (x << 6) + (x >> 2);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
  }
  return x;
}

bool AskedToAct(const v1::SeatView& view) {
  if (view.legal_acts_size() == 0 || view.seat() == v1::DIRECTION_UNSPECIFIED) return false;
  if (view.to_move() == view.seat()) return true;
  for (int d : view.proposal().awaiting()) {
    if (d == view.seat()) return true;
  }
  return false;
}

std::string BotAct(const Profile& profile, uint64_t seed, int table, int chair,
                   const v1::SeatView& view, v1::Act* out) {
  Result<SeatView> engine_view = FromProto(view);
  Result<std::vector<Act>> legal = LegalActsFromProto(view);
  if (!engine_view.ok() || !legal.ok() || legal->empty()) {
    return "unreadable view " + view.ShortDebugString();
  }
  ToProto(ChooseBotAct(profile, *engine_view, *legal,
                       Mix(seed, {static_cast<uint64_t>(table), static_cast<uint64_t>(chair),
                                  static_cast<uint64_t>(view.board_number()),
                                  static_cast<uint64_t>(view.act_count())})),
          out);
  out->clear_text();
  return "";
}

std::string AddActProbe(v1::TableService::Stub& stub, const std::string& table,
                        const std::vector<std::string>& tokens, std::vector<ActProbe>& probes) {
  for (const std::string& token : tokens) {
    v1::JoinSeatRequest join;
    join.set_table(table);
    v1::Seat seat;
    if (auto s = stub.JoinSeat(Context(token).get(), join, &seat); !s.ok()) {
      return "JoinSeat: " + s.error_message();
    }
    if (!AskedToAct(seat.view())) continue;
    ActProbe p{table, token, {}};
    p.request.set_table(table);
    p.request.set_sequence(1);
    *p.request.mutable_act() = seat.view().legal_acts(0);
    v1::ActResponse response;
    if (auto s = stub.Act(Context(p.token).get(), p.request, &response); !s.ok()) {
      return "Act: " + s.error_message();
    }
    probes.push_back(std::move(p));
    break;
  }
  return "";
}

std::function<void(int chain, std::function<void(bool)> done)> RepeatActs(
    v1::TableService::Stub& stub, const std::vector<ActProbe>& probes) {
  return [&stub, &probes](int chain, std::function<void(bool)> done) {
    const ActProbe& p = probes[chain % probes.size()];
    auto context = std::shared_ptr<grpc::ClientContext>(Context(p.token, 30));
    auto response = std::make_shared<v1::ActResponse>();
    stub.async()->Act(context.get(), &p.request, response.get(),
                      [context, response, done](grpc::Status s) { done(s.ok()); });
  };
}

}  // namespace skat::service::load
