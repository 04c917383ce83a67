#include "bench/seat_latency/ceilings.h"

#include <google/protobuf/util/json_util.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string_view>
#include <thread>

#include "bench/http_load_client.h"
#include "bench/load_tables.h"
#include "bench/seat_latency/http_seat.h"

namespace skat::service::seat_latency {
namespace {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks

// `connections` keep-alive connections, each one request at a time (request(i) on connection
// i, expecting `status`), for `seconds`, on the loop. Calls per second; 0 on a failure.
double HttpClosedLoop(Loop& loop, int port, int connections, double seconds,
                      const std::function<std::string(int)>& request, int status) {
  std::vector<std::unique_ptr<Conn>> conns;
  std::atomic<long> calls{0};
  std::atomic<bool> stop{false}, failed{false};
  std::atomic<int> idle{0};
  loop.Sync([&] {
    for (int i = 0; i < connections; ++i) {
      conns.push_back(std::make_unique<Conn>(loop));
      Conn& c = *conns.back();
      c.on_data = [](std::string_view, Clock::time_point) {};
      c.on_end = [&, i](Clock::time_point) {
        if (conns[i]->reader.status() != status) failed = true;
        ++calls;
        if (stop || failed) {
          ++idle;
          return;
        }
        if (!conns[i]->open() && !conns[i]->Open(port).empty()) {
          failed = true;
          ++idle;
          return;
        }
        conns[i]->Write(request(i));
      };
      c.on_closed = [&](const std::string&) {
        failed = true;
        ++idle;
      };
      if (!c.Open(port).empty()) {
        failed = true;
        ++idle;
        continue;
      }
      c.Write(request(i));
    }
  });
  const double rate = RateOver(calls, seconds);
  stop = true;
  const auto deadline = Clock::now() + std::chrono::seconds(30);
  while (idle < connections && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  loop.Sync([&] { conns.clear(); });
  return failed || idle < connections ? 0 : rate;
}

}  // namespace

std::string MeasureCeilings(const Env& env, const std::vector<TableSeats>& probes, int inflight,
                            double seconds, Ceilings& out) {
  Loop& loop = *env.loop;
  const int port = env.http_port;
  const auto skatd_cpu = [&] { return ProcessCpu(env.skatd); };
  out.health_1 = HealthCeiling(env.grpc_address, env.skatd, 1, seconds);
  out.health_n = HealthCeiling(env.grpc_address, env.skatd, inflight, seconds);
  auto not_found = [&](int) {
    return HttpPostRequest(port, "/api/skat.v1.LoadBench/None", "", "{}");
  };
  out.http_1 =
      Measure(skatd_cpu, [&] { return HttpClosedLoop(loop, port, 1, seconds, not_found, 404); });
  out.http_n = Measure(
      skatd_cpu, [&] { return HttpClosedLoop(loop, port, inflight, seconds, not_found, 404); });

  // The act path without PostgreSQL.
  std::vector<ActProbe> acts;
  auto probe_channel = NewChannel(env.grpc_address, -3);
  auto probe_stub = v1::TableService::NewStub(probe_channel);
  std::string probe_error;
  for (const TableSeats& t : probes) {
    const std::vector<std::string> tokens(t.tokens.begin(), t.tokens.end());
    if (std::string e = AddActProbe(*probe_stub, t.name, tokens, acts); !e.empty()) {
      probe_error = e;
    }
  }
  if (!probe_error.empty() || acts.empty()) return "the probe tables: " + probe_error;
  std::vector<std::string> jsons(acts.size());
  for (size_t i = 0; i < acts.size(); ++i) {
    (void)google::protobuf::util::MessageToJsonString(acts[i].request, &jsons[i]);
  }
  const auto repeat = RepeatActs(*probe_stub, acts);
  out.repeat_grpc = Measure(skatd_cpu, [&] { return ClosedLoop(inflight, seconds, repeat); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  auto repeat_json = [&](int i) {
    const size_t k = i % acts.size();
    return HttpPostRequest(port, kActPath, acts[k].token, jsons[k]);
  };
  out.repeat_http = Measure(
      skatd_cpu, [&] { return HttpClosedLoop(loop, port, inflight, seconds, repeat_json, 200); });
  const Ceilings& c = out;
  if (c.health_1.rate == 0 || c.health_n.rate == 0 || c.http_1.rate == 0 || c.http_n.rate == 0 ||
      c.repeat_grpc.rate == 0 || c.repeat_http.rate == 0) {
    return "a ceiling's call failed";
  }
  return "";
}

}  // namespace skat::service::seat_latency
