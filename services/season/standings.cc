// GetSeasonStandings (season_service.proto): the season table (docs/seasons.md "Season table").
// Each event's linked players become their persons (merges followed, hidden persons left out),
// their percentages and diffs rounded to hundredths; engine/season/season_table.h ranks them.
#include <algorithm>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "engine/season/season_table.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/season/season_names.h"
#include "services/season/season_service.h"

namespace skat::service {
namespace {

struct SeasonPerson {
  store::PersonRecord record;
  season::PersonResults results;
  std::map<int, int> rank_of;  // event index -> the player's rank in the event
};

// The persons of the events that give percentages, each event at most once per person (of two
// players counting for one person through a merge, the better percentage).
std::vector<SeasonPerson> PersonsOf(const std::vector<EventPlacings>& events,
                                    std::vector<int>& table_events) {
  std::map<std::string, SeasonPerson> by_id;
  for (size_t i = 0; i < events.size(); ++i) {
    if (!events[i].percentages) continue;
    const int index = static_cast<int>(table_events.size());
    table_events.push_back(static_cast<int>(i));
    for (const EventPlacing& p : events[i].placings) {
      if (!p.person || p.person->hidden || p.boards == 0) continue;
      SeasonPerson& person = by_id[p.person->id];
      person.record = *p.person;
      person.results.person = p.person->id;
      const season::EventResult result{.event = index,
                                       .percentage = season::Hundredths(p.ratio * 100),
                                       .diff = season::Hundredths(p.diff)};
      auto same = std::find_if(person.results.events.begin(), person.results.events.end(),
                               [&](const season::EventResult& e) { return e.event == index; });
      if (same == person.results.events.end()) {
        person.results.events.push_back(result);
        person.rank_of[index] = p.rank;
      } else if (result.percentage > same->percentage) {
        *same = result;
        person.rank_of[index] = p.rank;
      }
    }
  }
  std::vector<SeasonPerson> out;
  for (auto& [id, person] : by_id) out.push_back(std::move(person));
  // The input order settles nothing but the order of persons equal in everything: by name.
  std::stable_sort(out.begin(), out.end(), [](const SeasonPerson& a, const SeasonPerson& b) {
    return a.record.name < b.record.name;
  });
  return out;
}

void StandingProto(const SeasonPerson& person, const season::SeasonRow& row,
                   const std::vector<std::string>& event_names, v1::SeasonStanding* out) {
  out->set_rank(row.rank);
  out->set_tied(row.tied);
  out->set_person(PersonResourceName(person.record.registry_id, person.record.id));
  out->set_display_name(person.record.name);
  out->set_club(person.record.club);
  out->set_member_number(person.record.member_number);
  out->set_events_played(row.events_played);
  out->set_value(season::HundredthsText(row.value));
  out->set_diff(season::HundredthsText(row.diff));
  for (size_t k = 0; k < person.results.events.size(); ++k) {
    const season::EventResult& e = person.results.events[k];
    v1::SeasonEventResult* result = out->add_events();
    result->set_event(event_names[e.event]);
    result->set_rank(person.rank_of.at(e.event));
    result->set_percentage(season::HundredthsText(e.percentage));
    result->set_counted(row.counted[k]);
  }
}

}  // namespace

v1::SeasonStandings SeasonServiceImpl::SeasonTableOf(const store::SeasonRecord& season,
                                                     const std::vector<EventPlacings>& events) {
  v1::SeasonStandings table;
  v1::SeasonStandings* response = &table;
  std::vector<int> table_events;  // the events with percentages, as indexes of `events`
  std::vector<SeasonPerson> persons = PersonsOf(events, table_events);
  std::vector<std::string> event_names;
  for (int i : table_events) {
    event_names.push_back(EventName(events[i].scores->event.id));
    response->add_events(event_names.back());
    response->add_event_display_names(events[i].scores->event.name);
  }
  const season::SeasonRules rules{.aggregate = season.aggregate == "average"
                                                   ? season::Aggregate::kAverage
                                                   : season::Aggregate::kSum,
                                  .best_of = season.best_of,
                                  .min_attendance = season.min_attendance};
  std::vector<season::PersonResults> results;
  std::map<std::string, const SeasonPerson*> person_of;
  for (const SeasonPerson& p : persons) {
    results.push_back(p.results);
    person_of[p.record.id] = &p;
  }
  for (const season::SeasonRow& row : season::RankSeason(results, rules)) {
    StandingProto(*person_of.at(row.person), row, event_names, response->add_standings());
  }
  response->set_name(SeasonResourceName(season.id) + "/standings");
  response->set_season(SeasonResourceName(season.id));
  response->set_display_name(season.name);
  response->set_aggregate(season.aggregate == "average" ? v1::SEASON_AGGREGATE_AVERAGE
                                                        : v1::SEASON_AGGREGATE_SUM);
  response->set_best_of(season.best_of);
  response->set_min_attendance(season.min_attendance);
  response->mutable_compute_time()->set_seconds(std::time(nullptr));
  return table;
}

grpc::Status SeasonServiceImpl::GetSeasonStandings(grpc::ServerContext* context,
                                                   const v1::GetSeasonStandingsRequest* request,
                                                   v1::SeasonStandings* response) {
  Result<store::SeasonRecord> season = ReadSeason(request->name(), "standings");
  if (!season.ok()) return ToGrpc(season.status(), context);
  Result<std::vector<EventPlacings>> events = SeasonPlacings(*season);
  if (!events.ok()) return ToGrpc(events.status(), context);
  *response = SeasonTableOf(*season, *events);
  response->set_name(request->name());
  return grpc::Status::OK;
}

}  // namespace skat::service
