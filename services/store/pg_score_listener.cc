// ScoreListener (store.h) on its own libpqxx connection: LISTEN skat_scores, then
// await_notification with a timeout. Not pooled: a listening connection must stay open.
#include <memory>
#include <string>
#include <vector>

#include "services/store/pg_store.h"

namespace skat::store {
namespace {

// kUnavailable (the listener is reopened), with StatusFromException's sentence of the domain.
Status Unavailable(const std::exception& e, const std::string& context) {
  return Status::Unavailable(StatusFromException(e, context).message());
}

// Owns the connection; a base listed before the receiver, so it outlives the receiver, whose
// destructor unregisters from it.
struct ListenConnection {
  explicit ListenConnection(const std::string& url)
      : listen_conn(std::make_unique<pqxx::connection>(url)) {}
  std::unique_ptr<pqxx::connection> listen_conn;
};

class PgScoreListener final : public ScoreListener,
                              private ListenConnection,
                              private pqxx::notification_receiver {
 public:
  explicit PgScoreListener(const std::string& url)
      : ListenConnection(url), pqxx::notification_receiver(*listen_conn, "skat_scores") {}

  Result<std::vector<std::string>> Await(int timeout_ms) override {
    try {
      if (listen_conn->get_notifs() == 0 && timeout_ms > 0) {
        listen_conn->await_notification(timeout_ms / 1000, (timeout_ms % 1000) * 1000L);
      }
    } catch (const std::exception& e) {
      return Unavailable(e, "listen for score changes");
    }
    std::vector<std::string> out;
    out.swap(events_);
    return out;
  }

 private:
  void operator()(const std::string& payload, int /*backend_pid*/) override {
    events_.push_back(payload);
  }

  std::vector<std::string> events_;
};

}  // namespace

Result<std::unique_ptr<ScoreListener>> ScoreListener::Open(const std::string& url) {
  try {
    return std::unique_ptr<ScoreListener>(new PgScoreListener(url));
  } catch (const std::exception& e) {
    return Unavailable(e, "start listening for score changes");
  }
}

}  // namespace skat::store
