// The parts of the store (services/store/store.h) the scoring service and its helpers use: events
// and board sets, the act logs, results and chair totals, sessions with their players and
// adjustments, and the par tables. Passed by value (it holds references).
#ifndef SKAT_SERVICES_SCORING_SCORING_STORES_H_
#define SKAT_SERVICES_SCORING_SCORING_STORES_H_

#include "services/store/analysis_store.h"
#include "services/store/event_store.h"
#include "services/store/result_store.h"
#include "services/store/session_store.h"
#include "services/store/store.h"
#include "services/store/table_store.h"

namespace skat::service {

struct ScoringStores {
  // Every part from the whole store (skatd, the tests).
  ScoringStores(store::Store& store)  // NOLINT: implicit
      : events(store),
        tables(store),
        results(store),
        sessions(store),
        analysis(store),
        registries(store),
        person_boards(store) {}

  store::EventStore& events;
  store::TableStore& tables;
  store::ResultStore& results;
  store::SessionStore& sessions;
  store::AnalysisStore& analysis;
  store::RegistryStore& registries;        // ratings (docs/ratings.md)
  store::PersonBoardStore& person_boards;  // docs/persons.md "Boards"
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SCORING_STORES_H_
