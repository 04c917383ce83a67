#include "services/scoring/standings_streams.h"

#include <optional>
#include <utility>

#include "services/scoring/scoring_proto.h"

namespace skat::service {

StandingsStreams::StandingsStreams(store::Store& store, EventScoresCache& scores,
                                   ScoreNotifier& notifier)
    : store_(store), scores_(scores), notifier_(notifier) {
  worker_ = std::thread([this] { Work(); });
}

StandingsStreams::~StandingsStreams() {
  StopAll();
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

void StandingsStreams::Add(StandingsStream* stream) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      stream->Ref();
      by_event_[stream->event_id()].insert(stream);
      ++size_;
      dirty_.insert(stream->event_id());
      wake_.notify_one();
      return;
    }
  }
  stream->End(grpc::Status::OK);
}

void StandingsStreams::Remove(StandingsStream* stream) {
  {
    std::lock_guard lock(mutex_);
    auto it = by_event_.find(stream->event_id());
    if (it == by_event_.end() || it->second.erase(stream) == 0) return;
    if (it->second.empty()) by_event_.erase(it);
    --size_;
  }
  stream->Unref();
}

void StandingsStreams::Changed(const std::vector<std::string>& events, bool every_event) {
  std::lock_guard lock(mutex_);
  if (every_event) {
    for (const auto& [event_id, streams] : by_event_) dirty_.insert(event_id);
  } else {
    for (const std::string& e : events) {
      if (by_event_.count(e) != 0) dirty_.insert(e);
    }
  }
  if (!dirty_.empty()) wake_.notify_one();
}

void StandingsStreams::StopAll() {
  std::vector<StandingsStream*> all;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (const auto& [event_id, streams] : by_event_) {
      for (StandingsStream* s : streams) {
        s->Ref();
        all.push_back(s);
      }
    }
  }
  for (StandingsStream* s : all) {
    s->End(grpc::Status::OK);
    s->Unref();
  }
}

size_t StandingsStreams::size() const {
  std::lock_guard lock(mutex_);
  return size_;
}

void StandingsStreams::Work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return quit_ || !dirty_.empty(); });
    if (quit_) return;
    const std::string event_id = *dirty_.begin();
    dirty_.erase(dirty_.begin());
    auto it = by_event_.find(event_id);
    if (it == by_event_.end()) continue;
    std::vector<StandingsStream*> streams(it->second.begin(), it->second.end());
    for (StandingsStream* s : streams) s->Ref();
    lock.unlock();
    Refresh(event_id, streams);
    for (StandingsStream* s : streams) s->Unref();
    lock.lock();
  }
}

void StandingsStreams::Refresh(const std::string& event_id,
                               const std::vector<StandingsStream*>& streams) {
  // Read before scoring: a change committed after this read makes another refresh.
  const uint64_t version = notifier_.Version(event_id);
  // The audience of each new stream, once: the director's view for the event's director token,
  // the public view for no token or any other (a seat's, a wrong one).
  std::optional<Result<store::EventRecord>> event;
  for (StandingsStream* s : streams) {
    if (s->audience_known_) continue;
    s->audience_known_ = true;
    if (s->token_.empty()) continue;
    if (!event) event = store_.GetEvent(event_id);
    if (!event->ok()) {
      s->Fail(event->status());
      continue;
    }
    s->audience_ = AudienceOf(s->token_, **event);
    s->token_.clear();
  }
  std::map<Audience, Result<std::shared_ptr<const EventScores>>> scores;
  std::map<std::pair<Audience, int>, Result<std::shared_ptr<const v1::Standings>>> built;
  for (StandingsStream* s : streams) {
    if (!s->Wants(version)) continue;
    const std::pair<Audience, int> key{s->audience_, s->session()};
    auto standings = built.find(key);
    if (standings == built.end()) {
      auto scored = scores.find(s->audience_);
      if (scored == scores.end()) {
        scored = scores.emplace(s->audience_, scores_.Get(event_id, s->audience_)).first;
      }
      auto build = [&]() -> Result<std::shared_ptr<const v1::Standings>> {
        if (!scored->second.ok()) return scored->second.status();
        auto message = std::make_shared<v1::Standings>();
        if (Status made = StandingsProto(**scored->second, s->session(), message.get());
            !made.ok()) {
          return made;
        }
        return std::shared_ptr<const v1::Standings>(std::move(message));
      };
      Result<std::shared_ptr<const v1::Standings>> made = build();
      standings = built.emplace(key, std::move(made)).first;
    }
    if (standings->second.ok()) {
      s->Send(*standings->second, version);
    } else {
      s->Fail(standings->second.status());
    }
  }
}

}  // namespace skat::service
