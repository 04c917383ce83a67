// An event's result pages, served by the web side at /report/{event}/{file} (docs/web.md
// "Result pages"): the pages and CSV files of `skat report` (services/report/report.h), read
// through gRPC itself (skatd's in-process channel) without a token, so they show exactly what
// anyone may see: the public standings and only the travellers of boards finished everywhere.
// Without the open-hand analyses (each costs the server a solver search; `skat report` has them).
//
// The reads are blocking gRPC calls, so they run on one worker thread of their own, never on
// the web side's threads. At most kMaxQueued requests wait, kMaxPerClient of one client address
// (without its port); more are refused at once (RESOURCE_EXHAUSTED). An event's files are kept for
// kFreshFor, so the pages of one report (index, boards, players, ...) cost one read; each
// language asked for (report_language.h) is rendered from its own read.
#ifndef SKAT_SERVICES_WEB_REPORT_PAGES_H_
#define SKAT_SERVICES_WEB_REPORT_PAGES_H_

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "services/web/json_gateway.h"

namespace skat::web {

struct ReportFile {
  int http_status = 200;
  std::string content_type;
  std::string body;  // the file, or an error reply's JSON (json_gateway.h ErrorReply)
};

class ReportPages {
 public:
  static constexpr size_t kMaxQueued = 16;
  static constexpr int kMaxPerClient = 2;
  static constexpr std::chrono::seconds kFreshFor{5};

  explicit ReportPages(std::shared_ptr<grpc::Channel> channel);
  ~ReportPages();  // finishes the request being read; the waiting ones get UNAVAILABLE

  // The file ("index.html", "boards.html", "standings.csv", ...) of event "events/{event}", its
  // pages in `language` (one of cli::KnownLanguages(), with links to the others); done runs on
  // the worker thread (or at once, when the queue is full).
  void Get(const std::string& event, const std::string& file, const std::string& language,
           const std::string& client, std::function<void(ReportFile)> done);

 private:
  struct Job {
    std::string event;
    std::string file;
    std::string language;
    std::string client;   // as gRPC names peers: "ipv4:h:p"
    std::string address;  // without the port
    std::function<void(ReportFile)> done;
  };
  struct Rendered {
    std::chrono::steady_clock::time_point made;
    std::map<std::string, std::string> files;
  };
  void Work();
  ReportFile Serve(const Job& job);

  std::shared_ptr<grpc::Channel> channel_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::map<std::string, int> per_client_;  // requests waiting or being read, by address
  bool stopping_ = false;
  std::map<std::string, Rendered> cache_;  // by event and language; worker thread only
  std::thread worker_;
};

}  // namespace skat::web

#endif  // SKAT_SERVICES_WEB_REPORT_PAGES_H_
