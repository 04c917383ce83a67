#include "services/skatd/season_scores.h"

#include <utility>

#include "services/scoring/event_scores.h"

namespace skat::service {
namespace {

std::shared_ptr<const SeasonEventScores> Convert(EventScores from) {
  auto out = std::make_shared<SeasonEventScores>();
  out->event = std::move(from.event);
  out->clubs = std::move(from.clubs);
  out->players = std::move(from.players);
  out->options = std::move(from.options);
  for (SessionScores& s : from.sessions) {
    out->sessions.push_back(
        {.session = std::move(s.session), .results = s.results.ToVector(), .sheet = *s.sheet});
    out->sessions.back().sheet.travellers = s.travellers.ToVector();
  }
  out->overall = std::move(from.overall);
  return out;
}

}  // namespace

Result<std::shared_ptr<const SeasonEventScores>> SeasonScoresCache::Get(
    const std::string& event_id) {
  Result<std::string> stamp = store_.EventStamp(event_id);
  if (!stamp.ok()) return stamp.status();
  if (auto kept = cache_.Find(event_id, *stamp)) return kept;
  Result<EventScores> loaded = LoadEventScores(store_, event_id, Audience::kPublic);
  if (!loaded.ok()) return loaded.status();
  std::shared_ptr<const SeasonEventScores> scores = Convert(std::move(loaded).value());
  cache_.Put(event_id, std::move(stamp).value(), scores);
  return scores;
}

EventScoresSource SeasonScoresFrom(std::shared_ptr<SeasonScoresCache> cache) {
  return [cache = std::move(cache)](const std::string& event_id) { return cache->Get(event_id); };
}

EventScoresSource SeasonScoresFromStore(store::Store& store) {
  return SeasonScoresFrom(std::make_shared<SeasonScoresCache>(store));
}

}  // namespace skat::service
