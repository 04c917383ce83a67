#include "services/web/report_pages.h"

#include "services/common/grpc_status.h"
#include "services/common/peer.h"
#include "services/report/report_fetch.h"

namespace skat::web {
namespace {

std::string_view TypeOf(const std::string& file) {
  return file.ends_with(".csv") ? "text/csv; charset=utf-8" : "text/html; charset=utf-8";
}

ReportFile Error(grpc::StatusCode code, const std::string& message, std::string_view reason = "") {
  JsonReply reply = ErrorReply(grpc::Status(code, message), reason);
  return {reply.http_status, "application/json; charset=utf-8", std::move(reply.body)};
}

}  // namespace

ReportPages::ReportPages(std::shared_ptr<grpc::Channel> channel)
    : channel_(std::move(channel)), worker_([this] { Work(); }) {}

ReportPages::~ReportPages() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  worker_.join();
  for (Job& job : queue_) {
    job.done(Error(grpc::StatusCode::UNAVAILABLE, "skatd is shutting down"));
  }
}

void ReportPages::Get(const std::string& event, const std::string& file,
                      const std::string& language, const std::string& client,
                      std::function<void(ReportFile)> done) {
  std::string address = service::PeerAddress(client);
  {
    std::lock_guard lock(mutex_);
    int& mine = per_client_[address];
    if (!stopping_ && queue_.size() < kMaxQueued && mine < kMaxPerClient) {
      ++mine;
      queue_.push_back(Job{event, file, language, client, std::move(address), std::move(done)});
      wake_.notify_one();
      return;
    }
    if (mine == 0) per_client_.erase(address);
  }
  done(Error(grpc::StatusCode::RESOURCE_EXHAUSTED,
             "the result pages are busy (" + std::to_string(kMaxQueued) +
                 " requests wait, at most " + std::to_string(kMaxPerClient) +
                 " of one client address); retry in a few seconds"));
}

void ReportPages::Work() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    ReportFile file = Serve(job);
    {
      std::lock_guard lock(mutex_);
      if (--per_client_[job.address] == 0) per_client_.erase(job.address);
    }
    job.done(std::move(file));
  }
}

ReportFile ReportPages::Serve(const Job& job) {
  const auto now = std::chrono::steady_clock::now();
  const std::string key = job.event + "\n" + job.language;
  auto it = cache_.find(key);
  if (it == cache_.end() || now - it->second.made > kFreshFor) {
    std::erase_if(cache_, [&](const auto& entry) { return now - entry.second.made > kFreshFor; });
    auto stub = v1::ScoringService::NewStub(channel_);
    report::FetchedReport fetched;
    std::unique_ptr<grpc::ClientContext> failed;
    const grpc::Status s = report::FetchReport(
        *stub, job.event,
        [&job] {
          auto context = std::make_unique<grpc::ClientContext>();
          context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
          context->AddMetadata(service::kWebClientKey, service::WebClientValue(job.client));
          return context;
        },
        fetched, &failed);
    if (!s.ok()) {
      return Error(s.error_code(), s.error_message(), failed ? service::ReasonOf(*failed) : "");
    }
    Rendered rendered{now, {}};
    const report::RenderOptions options{.language = job.language, .language_links = true};
    for (report::File& file : report::Render(fetched.data, options)) {
      rendered.files.emplace(file.path, std::move(file.content));
    }
    it = cache_.insert_or_assign(key, std::move(rendered)).first;
  }
  auto file = it->second.files.find(job.file);
  if (file == it->second.files.end()) {
    return Error(grpc::StatusCode::NOT_FOUND, "the report of " + job.event + " has no file '" +
                                                  job.file + "' (index.html lists its pages)");
  }
  return {200, std::string(TypeOf(job.file)), file->second};
}

}  // namespace skat::web
