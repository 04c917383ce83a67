#include "bench/seat_latency/report.h"

#include <algorithm>
#include <cstdio>
#include <thread>

#include "bench/load_run.h"
#include "bench/seat_latency/track.h"

namespace skat::service::seat_latency {

using namespace load;  // NOLINT: the shared helpers of the load benchmarks

void PrintReport(const Options& o, const std::string& command, const Database& db,
                 int tables_opened, double setup_s, const Ceilings& ceilings, const Phase& grpc,
                 const Phase& http) {
  auto ratio = [](double a, double b) { return b != 0 ? a / b : 0.0; };
  const unsigned cores = std::thread::hardware_concurrency();
  const SignedPercentiles ga = SummarizeSigned(grpc.ack_view_us),
                          ha = SummarizeSigned(http.ack_view_us);
  const SignedPercentiles gs = SummarizeSigned(grpc.send_view_us),
                          hs = SummarizeSigned(http.send_view_us);
  const Percentiles gl = Summarize(grpc.act_us), hl = Summarize(http.act_us);
  const double grpc_rate = grpc.wall > 0 ? grpc.acts / grpc.wall : 0;
  const double http_rate = http.wall > 0 ? http.acts / http.wall : 0;

  std::printf(
      "\n== seat_latency: %d online tables a phase x %d boards, 3 chairs, nasl-1909; bots "
      "think uniform 0..%d ms; %s phase first; %u cores ==\n",
      o.tables, o.boards, o.think_ms, o.http_first ? "HTTP" : "gRPC", cores);
  std::printf("setup (gRPC): CreateEvent, CreateBoardSet, OpenTable x %d in %.2f s\n",
              tables_opened, setup_s);
  auto ceiling = [&](const std::string& what, const Ceiling& c) {
    std::printf("ceiling %-62s %7.0f /s (%4.0f us skatd CPU/call)\n", what.c_str(), c.rate,
                c.cpu_us);
  };
  const std::string n = std::to_string(o.tables);
  ceiling("gRPC empty round trips (health Check), 1 in flight", ceilings.health_1);
  ceiling("gRPC empty round trips (health Check), " + n + " in flight", ceilings.health_n);
  ceiling("HTTP round trips, no gRPC (404 from the web side), 1 conn", ceilings.http_1);
  ceiling("HTTP round trips, no gRPC (404 from the web side), " + n + " conns", ceilings.http_n);
  ceiling("gRPC repeated Act (no PostgreSQL, no views), " + n + " in flight", ceilings.repeat_grpc);
  ceiling("HTTP repeated Act (no PostgreSQL, no views), " + n + " conns", ceilings.repeat_http);
  std::printf("%-44s %22s %22s %10s\n", "", "gRPC (stream + Act)", "HTTP (SSE + POST)",
              "HTTP/gRPC");
  std::printf("%-44s %22ld %22ld\n", "acts accepted", grpc.acts, http.acts);
  std::printf("%-44s %22.2f %22.2f %10.2f\n", "wall time of the play (s)", grpc.wall, http.wall,
              ratio(http.wall, grpc.wall));
  std::printf("%-44s %22.0f %22.0f %10.2f\n", "acts/s", grpc_rate, http_rate,
              ratio(http_rate, grpc_rate));
  const double pace = o.think_ms > 0 ? o.tables / (o.think_ms / 2000.0) : 0;
  if (pace > 0) {
    std::printf("%-44s %22.2f %22.2f\n", "acts/s / the pace's bound (tables / mean think)",
                grpc_rate / pace, http_rate / pace);
  }
  auto row3 = [&](const char* what, double g50, double g99, double gmax, double h50, double h99,
                  double hmax) {
    char a[64], b[64];
    std::snprintf(a, sizeof a, "%.1f / %.1f / %.1f", g50, g99, gmax);
    std::snprintf(b, sizeof b, "%.1f / %.1f / %.1f", h50, h99, hmax);
    if (g99 > 0 && h99 > 0) {
      std::printf("%-44s %22s %22s %10.2f\n", what, a, b, h99 / g99);
    } else {
      std::printf("%-44s %22s %22s %10s\n", what, a, b, "-");
    }
  };
  row3("answer -> other seat's view p50/p99/max ms", ga.p50, ga.p99, ga.max, ha.p50, ha.p99,
       ha.max);
  {
    char a[64], b[64];
    std::snprintf(a, sizeof a, "%.1f %% (min %.1f ms)", 100 * ga.negative, ga.min);
    std::snprintf(b, sizeof b, "%.1f %% (min %.1f ms)", 100 * ha.negative, ha.min);
    std::printf("%-44s %22s %22s\n", "  views before the actor's answer", a, b);
  }
  {
    const SignedPercentiles go = SummarizeSigned(grpc.own_view_us),
                            ho = SummarizeSigned(http.own_view_us);
    row3("answer -> the actor's own view p50/p99/max", go.p50, go.p99, go.max, ho.p50, ho.p99,
         ho.max);
    char a[64], b[64];
    std::snprintf(a, sizeof a, "%.1f %%", 100 * go.negative);
    std::snprintf(b, sizeof b, "%.1f %%", 100 * ho.negative);
    std::printf("%-44s %22s %22s\n", "  own view before the answer", a, b);
  }
  row3("send -> other seat's view p50/p99/max ms", gs.p50, gs.p99, gs.max, hs.p50, hs.p99, hs.max);
  row3("Act send -> answer p50/p99/max ms", gl.p50, gl.p99, gl.max, hl.p50, hl.p99, hl.max);
  std::printf("%-44s %22zu %22zu\n", "(act, other seat) pairs measured", ga.n, ha.n);
  auto per_act = [](double cpu, long acts) { return 1e6 * cpu / std::max(1L, acts); };
  std::printf("%-44s %22.0f %22.0f %10.2f\n", "skatd CPU per act (us)",
              per_act(grpc.skatd_cpu, grpc.acts), per_act(http.skatd_cpu, http.acts),
              ratio(per_act(http.skatd_cpu, http.acts), per_act(grpc.skatd_cpu, grpc.acts)));
  std::printf("%-44s %22.0f %22.0f %10.2f\n", "PostgreSQL CPU per act (us; skatd's backends)",
              per_act(grpc.pg_cpu, grpc.acts), per_act(http.pg_cpu, http.acts),
              ratio(per_act(http.pg_cpu, http.acts), per_act(grpc.pg_cpu, grpc.acts)));
  std::printf("%-44s %22.0f %22.0f %10.2f\n", "this bench's CPU per act (us)",
              per_act(grpc.self_cpu, grpc.acts), per_act(http.self_cpu, http.acts),
              ratio(per_act(http.self_cpu, http.acts), per_act(grpc.self_cpu, grpc.acts)));
  {
    char a[64], b[64];
    std::snprintf(a, sizeof a, "%.0f %% of a core",
                  100 * grpc.self_cpu / std::max(1e-9, grpc.wall));
    std::snprintf(b, sizeof b, "%.0f %% (loop thread %.0f %%)",
                  100 * http.self_cpu / std::max(1e-9, http.wall),
                  100 * http.loop_cpu / std::max(1e-9, http.wall));
    std::printf("%-44s %22s %22s\n", "this bench's CPU in play", a, b);
    std::snprintf(a, sizeof a, "%.0f %%",
                  100 * (grpc.skatd_cpu + grpc.pg_cpu + grpc.self_cpu + grpc.other_cpu) /
                      std::max(1e-9, grpc.wall * cores));
    std::snprintf(b, sizeof b, "%.0f %%",
                  100 * (http.skatd_cpu + http.pg_cpu + http.self_cpu + http.other_cpu) /
                      std::max(1e-9, http.wall * cores));
    std::printf("%-44s %22s %22s\n", "the machine's cores busy in play", a, b);
    std::snprintf(a, sizeof a, "%.2f s (%.0f %%)", grpc.other_cpu,
                  100 * grpc.other_cpu / std::max(1e-9, grpc.wall * cores));
    std::snprintf(b, sizeof b, "%.2f s (%.0f %%)", http.other_cpu,
                  100 * http.other_cpu / std::max(1e-9, http.wall * cores));
    std::printf("%-44s %22s %22s\n", "other processes' CPU (of the cores)", a, b);
  }
  std::printf("%-44s %22.2f %22.2f\n", "streams open: every first view (s)", grpc.streams_s,
              http.streams_s);
  std::printf("%-44s %22.1f %22.1f\n", "skatd VmRSS with every stream open (MiB)",
              grpc.rss_streams_kb / 1024.0, http.rss_streams_kb / 1024.0);
  std::printf("%-44s %22.1f %22.1f\n", "skatd VmRSS at its peak in play (MiB)",
              grpc.rss_peak_kb / 1024.0, http.rss_peak_kb / 1024.0);
  std::printf("%-44s %22.1f %22.1f\n", "skatd VmHWM at the end of the phase (MiB)",
              grpc.hwm_kb / 1024.0, http.hwm_kb / 1024.0);
  std::printf("%-44s %12ld / %3ld / %3ld %12ld / %3ld / %3ld\n",
              "skatd threads: streams open / most / end", grpc.threads_streams, grpc.threads_most,
              grpc.threads_end, http.threads_streams, http.threads_most, http.threads_end);
  if (grpc.unresolved + http.unresolved > 0) {
    std::printf("acts not seen by every other seat: %ld (gRPC), %ld (HTTP)\n", grpc.unresolved,
                http.unresolved);
  }
  if (http.reopened > 0) {
    std::printf("HTTP connections skatd closed after a reply: %ld\n", http.reopened);
  }
  std::printf(
      "pacing: a seat asked to act waits uniform 0..%d ms (mean %.0f ms) from its view's "
      "arrival, then acts;\n  offered at most %.0f acts/s a phase (%d tables, one act in "
      "flight each, at the mean think time alone)\n",
      o.think_ms, o.think_ms / 2.0, pace, o.tables);
  auto ratio_text = [](double h, double g) {
    char text[32];
    if (h > 0 && g > 0) {
      std::snprintf(text, sizeof text, "%.2f", h / g);
    } else {
      std::snprintf(text, sizeof text, "- (%.1f / %.1f ms)", h, g);
    }
    return std::string(text);
  };
  std::printf(
      "HTTP / gRPC: answer -> other seat's view p50 %s, p99 %s; send -> other seat's view p50 "
      "%s, p99 %s; acts/s %.2f; Act p99 %.2f\n",
      ratio_text(ha.p50, ga.p50).c_str(), ratio_text(ha.p99, ga.p99).c_str(),
      ratio_text(hs.p50, gs.p50).c_str(), ratio_text(hs.p99, gs.p99).c_str(),
      ratio(http_rate, grpc_rate), ratio(hl.p99, gl.p99));
  // docs/performance.md "Act to the other seats' pages": the web door at gRPC's cost.
  std::printf("HTTP/gRPC skatd CPU per act = %.2f (target <= 1.25)\n",
              ratio(per_act(http.skatd_cpu, http.acts), per_act(grpc.skatd_cpu, grpc.acts)));
  if (grpc.acts != http.acts) {
    std::printf("note: the phases played different numbers of acts (same deals and seeds)\n");
  }
  PrintReproduce(db, command);
  std::fflush(stdout);
}

}  // namespace skat::service::seat_latency
