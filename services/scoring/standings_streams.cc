#include "services/scoring/standings_streams.h"

#include <optional>
#include <utility>

#include "services/scoring/scoring_names.h"
#include "services/scoring/scoring_proto.h"
#include "services/scoring/scoring_stores.h"
#include "services/scoring/standing_ratings.h"

namespace skat::service {

StandingsStreams::StandingsStreams(ScoringStores store, EventScoresCache& scores,
                                   RatingsCache& ratings, ScoreNotifier& notifier,
                                   double messages_per_second)
    : store_(store),
      scores_(scores),
      ratings_(ratings),
      notifier_(notifier),
      messages_per_second_(messages_per_second) {
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
      opened_.insert(stream->event_id());
      wake_.notify_one();
      return;
    }
  }
  stream->Stop(grpc::Status::OK);
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
  auto change = [&](const std::string& event_id) {
    if (changed_.insert(event_id).second) changed_queue_.push_back(event_id);
  };
  if (every_event) {
    for (const auto& [event_id, streams] : by_event_) change(event_id);
  } else {
    for (const std::string& e : events) {
      if (by_event_.count(e) != 0) change(e);
    }
  }
  if (!changed_.empty()) wake_.notify_one();
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
    s->Stop(grpc::Status::OK);
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
    if (quit_) return;
    std::string event_id;
    bool opened = false;
    if (!opened_.empty()) {
      event_id = *opened_.begin();
      opened_.erase(opened_.begin());
      opened = true;
    } else if (!changed_queue_.empty() && Clock::now() >= next_change_refresh_) {
      event_id = changed_queue_.front();
      changed_queue_.pop_front();
      changed_.erase(event_id);
    } else if (!changed_queue_.empty()) {
      wake_.wait_until(lock, next_change_refresh_);
      continue;
    } else {
      wake_.wait(lock, [&] { return quit_ || !opened_.empty() || !changed_queue_.empty(); });
      continue;
    }
    auto it = by_event_.find(event_id);
    if (it == by_event_.end()) continue;
    std::vector<StandingsStream*> streams;
    for (StandingsStream* s : it->second) {
      // audience_known_ is the worker's own: false until a stream's first refresh.
      if (opened && s->audience_known_) continue;
      s->Ref();
      streams.push_back(s);
    }
    lock.unlock();
    const size_t sent = Refresh(event_id, streams);
    for (StandingsStream* s : streams) s->Unref();
    lock.lock();
    if (!opened) {
      next_change_refresh_ =
          Clock::now() + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(sent / messages_per_second_));
    }
  }
}

size_t StandingsStreams::Refresh(const std::string& event_id,
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
    if (!event) event = store_.events.GetEvent(event_id);
    if (!event->ok()) {
      s->Fail(event->status());
      continue;
    }
    s->audience_ = AudienceOf(s->token_, **event);
    s->token_.clear();
  }
  std::map<Audience, Result<std::shared_ptr<const EventScores>>> scores;
  std::map<std::pair<Audience, std::string>, Result<std::shared_ptr<const grpc::ByteBuffer>>> built;
  size_t sent = 0;
  for (StandingsStream* s : streams) {
    if (!s->Wants(version)) continue;
    const std::pair<Audience, std::string> key{s->audience_, s->session()};
    auto standings = built.find(key);
    if (standings == built.end()) {
      auto scored = scores.find(s->audience_);
      if (scored == scores.end()) {
        scored = scores.emplace(s->audience_, scores_.Get(event_id, s->audience_)).first;
      }
      auto build = [&]() -> Result<std::shared_ptr<const grpc::ByteBuffer>> {
        if (!scored->second.ok()) return scored->second.status();
        Result<int> session = SessionNumber(**scored->second, s->session());
        if (!session.ok()) return session.status();
        v1::Standings message;
        message.set_name(ScoringParent(**scored->second, *session) + "/standings");
        if (Status made = StandingsProto(**scored->second, *session, &message); !made.ok()) {
          return made;
        }
        if (Status rated = AddRatings(ratings_, **scored->second, &message); !rated.ok()) {
          return rated;
        }
        grpc::Slice bytes(message.SerializeAsString());
        return std::shared_ptr<const grpc::ByteBuffer>(
            std::make_shared<grpc::ByteBuffer>(&bytes, 1));
      };
      Result<std::shared_ptr<const grpc::ByteBuffer>> made = build();
      standings = built.emplace(key, std::move(made)).first;
    }
    if (standings->second.ok()) {
      s->Send(*standings->second, version);
      ++sent;
    } else {
      s->Fail(standings->second.status());
    }
  }
  return sent;
}

}  // namespace skat::service
