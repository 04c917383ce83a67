// skat events: create, list, show and update events through skatd's EventService
// (rotate-token: rotate_token_commands.cc).
#include <array>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/profile.h"
#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/sheets/event_games.h"
#include "services/common/event_settings.h"
#include "services/common/scoring_options.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

void Print(const v1::Event& e) {
  std::cout << e.name() << "  " << e.display_name() << "  (" << e.profile() << ")";
  if (!e.registry().empty()) std::cout << "  " << e.registry() << (e.rated() ? ", rated" : "");
  std::cout << "\n";
}

// The ranking's word as --ranking takes it.
std::string RankingWord(v1::Ranking ranking) {
  return ranking == v1::RANKING_MATCHPOINT_SUM ? "matchpoint-sum"
         : ranking == v1::RANKING_TOTAL        ? "total"
                                               : "percentage";
}

v1::Ranking RankingOf(const std::string& word) {
  return word == "matchpoint-sum" ? v1::RANKING_MATCHPOINT_SUM
         : word == "total"        ? v1::RANKING_TOTAL
         : word == "percentage"   ? v1::RANKING_PERCENTAGE
                                  : v1::RANKING_UNSPECIFIED;
}

// "scoring: settled board scores, compared by matchpoints; ties: diff, shared".
void PrintScoring(const v1::Event& e) {
  auto text = [](const Result<std::string>& r) { return r.ok() ? *r : "(unknown)"; };
  std::string ties = text(service::TieBreaksText(e.tie_breaks()));
  for (size_t at = ties.find(','); at != std::string::npos; at = ties.find(',', at + 2)) {
    ties.replace(at, 1, ", ");
  }
  // The options' values stay as `skat events create` takes them.
  std::cout << Tr("scoring: {0} board scores, compared by {1}; ties: {2}",
                  text(service::BoardScoreText(e.board_score())),
                  text(service::ComparisonText(e.comparison())), ties)
            << "\n";
}

// "ranked by: matchpoint-sum", only when the ranking is not the comparison's own key
// (docs/comparative.md "Ranking"), so that the output of other events stays as it was.
void PrintRanking(const v1::Event& e) {
  if (e.ranking() == v1::RANKING_MATCHPOINT_SUM || e.ranking() == v1::RANKING_TOTAL) {
    std::cout << Tr("ranked by: {0}", RankingWord(e.ranking())) << "\n";
  }
}

// "printed sheets: language de, deck german" (docs/i18n.md "Printed sheets").
void PrintSettings(const v1::Event& e) {
  std::cout << Tr("printed sheets: language {0}, deck {1}",
                  e.language().empty() ? service::kDefaultEventLanguage : e.language(),
                  e.deck().empty() ? service::kDefaultEventDeck : e.deck())
            << "\n";
}

// The allowed values of --language and --deck (event_settings.h).
template <size_t N>
std::vector<std::string> Values(const std::array<std::string_view, N>& allowed) {
  return {allowed.begin(), allowed.end()};
}

// The options of every verb; only the parsed verb's are read.
struct EventsOptions {
  ServerOptions server;
  std::string name;
  std::string profile = "nasl-1909";
  std::string board_score = "settled";
  std::string comparison = "matchpoints";
  std::vector<std::string> tie_breaks = {"diff", "shared"};
  std::string event;
  std::string registry;
  std::string language;  // empty: skatd's default (create) or unchanged (update)
  std::string deck;
  std::string ranking;  // empty: skatd's default (create) or unchanged (update)
  std::string format = "record";
  std::string out;
};

// --language, --deck and --ranking of create (showing skatd's defaults) and update (omitted:
// unchanged).
void AddSettingsOptions(CLI::App& verb, EventsOptions& o, bool create) {
  CLI::Option* language =
      verb.add_option("--language", o.language,
                      Tr("the language of the printed sheets (board set printouts, session "
                         "sheets): en or de"))
          ->check(CLI::IsMember(Values(service::kEventLanguages)));
  CLI::Option* deck =
      verb.add_option("--deck", o.deck,
                      Tr("the deck the printed sheets and result pages draw: french, four (the "
                         "four-colour tournament deck) or german"))
          ->check(CLI::IsMember(Values(service::kEventDecks)));
  CLI::Option* ranking =
      verb.add_option("--ranking", o.ranking,
                      Tr("how the standings rank (docs/comparative.md \"Ranking\"): percentage "
                         "(the comparison's own key), matchpoint-sum (matchpoints, session-total) "
                         "or total (total, datum, synchron); update: before the first session"))
          ->check(CLI::IsMember({"percentage", "matchpoint-sum", "total"}));
  if (create) {
    language->default_str(std::string(service::kDefaultEventLanguage));
    deck->default_str(std::string(service::kDefaultEventDeck));
    ranking->default_str("percentage");
  }
}

// skat events create: the options of the event's scoring.
CLI::App* AddEventsCreate(CLI::App& events, EventsOptions& o) {
  CLI::App* create =
      events.add_subcommand("create", Tr("Create an event; prints its director token."));
  create->add_option("--name", o.name, Tr("the event's display name"))->required();
  std::string known;
  for (std::string_view id : ProfileIds()) known += (known.empty() ? "" : ", ") + std::string(id);
  create
      ->add_option("--profile", o.profile,
                   Tr("rule profile (skatd checks it against the engine's): {0}", known))
      ->capture_default_str();
  create
      ->add_option("--board-score", o.board_score,
                   Tr("a seat's score on a board: pad, settled (k = 3) or seeger-fabian"))
      ->check(CLI::IsMember({"pad", "settled", "seeger-fabian"}))
      ->capture_default_str();
  create
      ->add_option("--comparison", o.comparison,
                   Tr("across tables: matchpoints, datum, total, session-total or synchron "
                      "(docs/comparative.md \"Synchron-Skat\")"))
      ->check(CLI::IsMember({"matchpoints", "datum", "total", "session-total", "synchron"}))
      ->capture_default_str();
  create
      ->add_option("--tie-breaks", o.tie_breaks,
                   Tr("after the percentage, in order: diff, lot (the order players were added), "
                      "shared"))
      ->check(CLI::IsMember({"diff", "lot", "shared"}))
      ->capture_default_str();
  create->add_option(
      "--registry", o.registry,
      Tr("registries/{registry} whose persons the players may be (docs/persons.md)"));
  AddSettingsOptions(*create, o, true);
  AddServerOptions(*create, o.server);
  return create;
}

// skat events update: the event's language, deck and ranking (director).
CLI::App* AddEventsUpdate(CLI::App& events, EventsOptions& o) {
  CLI::App* update = events.add_subcommand(
      "update", Tr("Change an event's language and deck of the printed sheets, or its ranking "
                   "before the first session (director)."));
  update->add_option("event", o.event, Tr("events/{event}"))->required();
  AddSettingsOptions(*update, o, false);
  AddServerOptions(*update, o.server);
  return update;
}

// skat events games: the options of the formats.
CLI::App* AddEventsGames(CLI::App& events, EventsOptions& o) {
  CLI::App* games = events.add_subcommand(
      "games",
      Tr("Every game of the event played online or imported, session by session and table by "
         "table, as game records or ISS records (director); games played with real cards have no "
         "act log and are left out with a note."));
  games->add_option("event", o.event, Tr("events/{event}"))->required();
  games
      ->add_option(
          "--format", o.format,
          Tr("record (the game-record format that skat replay and skat analyse read) or iss "
             "(ISS records, as skat import-iss reads them)"))
      ->check(CLI::IsMember({"record", "iss"}))
      ->capture_default_str();
  games->add_option("--out", o.out, Tr("write the records to this file instead of stdout"));
  AddServerOptions(*games, o.server);
  return games;
}

int RunEventsCreate(const EventsOptions& o, v1::EventService::Stub& stub) {
  v1::CreateEventRequest request;
  request.set_display_name(o.name);
  request.set_profile(o.profile);
  request.set_registry(o.registry);
  request.set_language(o.language);
  request.set_deck(o.deck);
  request.set_board_score(o.board_score == "pad"             ? v1::BOARD_SCORE_PAD
                          : o.board_score == "seeger-fabian" ? v1::BOARD_SCORE_SEEGER_FABIAN
                                                             : v1::BOARD_SCORE_SETTLED);
  request.set_comparison(o.comparison == "datum"           ? v1::COMPARISON_DATUM
                         : o.comparison == "total"         ? v1::COMPARISON_TOTAL
                         : o.comparison == "session-total" ? v1::COMPARISON_SESSION_TOTAL
                         : o.comparison == "synchron"      ? v1::COMPARISON_SYNCHRON
                                                           : v1::COMPARISON_MATCHPOINTS);
  request.set_ranking(RankingOf(o.ranking));
  for (const std::string& t : o.tie_breaks) {
    request.add_tie_breaks(t == "diff"  ? v1::TIE_BREAK_DIFF
                           : t == "lot" ? v1::TIE_BREAK_LOT
                                        : v1::TIE_BREAK_SHARED);
  }
  v1::CreateEventResponse response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.CreateEvent(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("events create", s, *context, o.server);
  Print(response.event());
  PrintRanking(response.event());
  PrintSettings(response.event());
  std::cout << Tr("director token: {0}", response.director_token()) << "\n"
            << Tr("(shown once; keep it: export SKAT_DIRECTOR_TOKEN={0})",
                  response.director_token())
            << "\n";
  return 0;
}

int RunEventsList(const EventsOptions& o, v1::EventService::Stub& stub) {
  v1::ListEventsResponse response;
  const int failed = ListAllPages(
      o.server, "events list", v1::ListEventsRequest(),
      [&](grpc::ClientContext* c, const v1::ListEventsRequest& r, v1::ListEventsResponse* p) {
        return stub.ListEvents(c, r, p);
      },
      &response);
  if (failed != 0) return failed;
  for (const v1::Event& e : response.events()) Print(e);
  if (response.events().empty()) std::cout << Tr("no events yet (skat events create)") << "\n";
  return 0;
}

// The event, its scoring and its sessions.
int RunEventsShow(const EventsOptions& o, v1::EventService::Stub& stub) {
  v1::GetEventRequest request;
  request.set_name(o.event);
  v1::Event response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.GetEvent(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("events show", s, *context, o.server);
  Print(response);
  PrintScoring(response);
  PrintRanking(response);
  PrintSettings(response);
  v1::ListSessionsRequest list_sessions;
  list_sessions.set_parent(o.event);
  v1::ListSessionsResponse sessions;
  if (int failed = ListAllPages(
          o.server, "events show", list_sessions,
          [&](grpc::ClientContext* c, const auto& r, auto* page) {
            return stub.ListSessions(c, r, page);
          },
          &sessions);
      failed != 0) {
    return failed;
  }
  if (sessions.sessions().empty()) std::cout << Tr("no sessions yet (skat sessions start)") << "\n";
  for (const v1::Session& session : sessions.sessions()) {
    std::cout << TrN("session {0}  {1}  {n} table on {2}", "session {0}  {1}  {n} tables on {2}",
                     session.table_count(), session.number(), session.name(), session.board_set())
              << "\n";
  }
  return 0;
}

// Sends the options given (--language, --deck, --ranking) as UpdateEvent's mask.
int RunEventsUpdate(const EventsOptions& o, const CLI::App& update, v1::EventService::Stub& stub) {
  v1::UpdateEventRequest request;
  request.mutable_event()->set_name(o.event);
  if (update.count("--language") > 0) {
    request.mutable_event()->set_language(o.language);
    request.add_update_mask("language");
  }
  if (update.count("--deck") > 0) {
    request.mutable_event()->set_deck(o.deck);
    request.add_update_mask("deck");
  }
  if (update.count("--ranking") > 0) {
    request.mutable_event()->set_ranking(RankingOf(o.ranking));
    request.add_update_mask("ranking");
  }
  if (request.update_mask().empty()) {
    return Fail("events update", Tr("give --language, --deck, --ranking or more of them"));
  }
  v1::Event response;
  auto context = NewContext(o.server);
  grpc::Status s = stub.UpdateEvent(context.get(), request, &response);
  if (!s.ok()) return ReportFailure("events update", s, *context, o.server);
  Print(response);
  PrintRanking(response);
  PrintSettings(response);
  return 0;
}

}  // namespace

Runner AddEventsCommand(CLI::App& app) {
  auto o = std::make_shared<EventsOptions>();
  CLI::App* sub =
      app.add_subcommand("events", Tr("Create, list, show and update events (through skatd)."));
  sub->require_subcommand(1);
  CLI::App* create = AddEventsCreate(*sub, *o);
  CLI::App* list = sub->add_subcommand("list", Tr("List every event."));
  AddServerOptions(*list, o->server);
  CLI::App* show = sub->add_subcommand("show", Tr("Show one event."));
  show->add_option("event", o->event, Tr("events/{event}"))->required();
  AddServerOptions(*show, o->server);
  CLI::App* update = AddEventsUpdate(*sub, *o);
  CLI::App* games = AddEventsGames(*sub, *o);
  const Subcommand rotate = AddRotateDirectorTokenCommand(*sub);
  const Subcommand export_results = AddExportResultsCommand(*sub);
  const std::vector<Subcommand> archive = {AddEventsExportCommand(*sub),
                                           AddEventsImportCommand(*sub)};
  return [o, create, list, show, update, games, rotate, export_results, archive]() {
    if (rotate.app->parsed()) return rotate.run();
    if (export_results.app->parsed()) return export_results.run();
    for (const Subcommand& verb : archive) {
      if (verb.app->parsed()) return verb.run();
    }
    if (games->parsed()) return ExportEventGames(o->server, o->event, o->format, o->out);
    auto stub = v1::EventService::NewStub(Connect(o->server));
    if (create->parsed()) return RunEventsCreate(*o, *stub);
    if (list->parsed()) return RunEventsList(*o, *stub);
    if (update->parsed()) return RunEventsUpdate(*o, *update, *stub);
    (void)show;
    return RunEventsShow(*o, *stub);
  };
}

}  // namespace skat::cli
