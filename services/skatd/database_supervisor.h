// skatd's watch over its database (docs/deployment.md "Health and restarts").
//
// Contract:
// - A thread checks every `interval`, the first time at once: with an embedded cluster, whether
//   its postmaster lives (EmbeddedPostgres::Running); then one round trip (Store::Ping).
// - set_serving(bool) is called on every change of the answer, the first check included: false
//   while the embedded cluster is not running or the ping fails, true once a ping succeeds.
//   skatd hands it to the gRPC health service (grpc.health.v1: NOT_SERVING / SERVING).
// - An embedded cluster found not running is started again (EmbeddedPostgres::Restart): the first
//   restart at once, each further one no sooner than a delay after the previous attempt that
//   starts at `min_backoff` and doubles up to `max_backoff`; the delay starts over once the
//   database has answered every check for `stable`. An external database (no embedded cluster)
//   is only watched.
// - Every change of health, every restart and its outcome go to stderr with the reason.
// - Stop() (and the destructor) ends the thread, after a restart in progress; the cluster is
//   left as it is. The store and the cluster outlive the supervisor; nobody else uses the
//   cluster object while the supervisor runs.
#ifndef SKAT_SERVICES_SKATD_DATABASE_SUPERVISOR_H_
#define SKAT_SERVICES_SKATD_DATABASE_SUPERVISOR_H_

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "services/store/embedded_postgres.h"
#include "services/store/store.h"

namespace skat::service {

class DatabaseSupervisor {
 public:
  struct Options {
    std::chrono::milliseconds interval{500};
    std::chrono::milliseconds min_backoff{500};
    std::chrono::milliseconds max_backoff{30000};
    std::chrono::milliseconds stable{10000};
  };

  // `embedded`: the cluster skatd started, or null for an external database.
  DatabaseSupervisor(store::Store& store, store::EmbeddedPostgres* embedded,
                     std::function<void(bool)> set_serving, Options options);
  ~DatabaseSupervisor();
  DatabaseSupervisor(const DatabaseSupervisor&) = delete;
  DatabaseSupervisor& operator=(const DatabaseSupervisor&) = delete;

  void Stop();

 private:
  using Clock = std::chrono::steady_clock;

  void Run();
  void Check();
  void RestartEmbedded();
  void SetServing(bool serving, const std::string& why);

  store::Store& store_;
  store::EmbeddedPostgres* const embedded_;
  const std::function<void(bool)> set_serving_;
  const Options options_;

  // The thread's own state.
  bool known_ = false;  // set_serving was called once
  bool serving_ = false;
  Clock::time_point answering_since_;
  Clock::time_point next_restart_;
  std::chrono::milliseconds backoff_{0};
  int restarts_ = 0;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SKATD_DATABASE_SUPERVISOR_H_
