// skat scores adjust: a director adjustment recorded with its reason (docs/events-and-scoring.md):
// an assigned or artificial score, a penalty or a fouled board.
#include <iostream>
#include <string>

#include "services/cli/events/event_players.h"
#include "services/cli/events/player_names.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/output.h"
#include "services/cli/results/scores_verbs.h"
#include "services/cli/tables/table_names.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

// An adjustment's kind as --kind names it, in the reader's language.
std::string KindText(const std::string& kind) {
  if (kind == "assigned") return Tr("assigned");
  if (kind == "artificial") return Tr("artificial");
  if (kind == "penalty") return Tr("penalty");
  if (kind == "fouled") return Tr("fouled");
  return kind;
}

v1::Direction DirectionOf(const std::string& name) {
  if (name == "forehand" || name == "F") return v1::DIRECTION_FOREHAND;
  if (name == "middlehand" || name == "M") return v1::DIRECTION_MIDDLEHAND;
  if (name == "rearhand" || name == "R") return v1::DIRECTION_REARHAND;
  return v1::DIRECTION_UNSPECIFIED;
}

// --table as typed: a resource name as it is, else "round 2 table 3" of the session numbered
// --session (table_names.h) resolved through skatd. Returns 0, or the exit code after the
// problem is printed.
int AdjustedTable(const ScoresOptions& o, std::string* table) {
  *table = o.table;
  if (table->empty() || table->rfind("events/", 0) == 0) return 0;
  // "round 2 table 3" of the session numbered --session (table_names.h).
  auto events = v1::EventService::NewStub(Connect(o.server));
  v1::ListSessionsRequest list;
  list.set_parent(o.event);
  v1::ListSessionsResponse sessions;
  if (int failed = ListAllPages(
          o.server, "scores adjust", list,
          [&](grpc::ClientContext* c, const v1::ListSessionsRequest& r,
              v1::ListSessionsResponse* page) { return events->ListSessions(c, r, page); },
          &sessions);
      failed != 0) {
    return failed;
  }
  const int number = o.session == 0 ? 1 : o.session;
  v1::GetSessionRequest get;
  for (const v1::Session& listed : sessions.sessions()) {
    if (listed.number() == number) get.set_name(listed.name());
  }
  if (get.name().empty()) {
    return Fail("scores adjust", o.event + " has no session " + std::to_string(number));
  }
  v1::Session session;
  auto context = NewContext(o.server);
  const grpc::Status s = events->GetSession(context.get(), get, &session);
  if (!s.ok()) return ReportFailure("scores adjust", s, *context, o.server);
  Result<v1::SessionTable> found = ResolveTable(session, *table, 0);
  if (!found.ok()) return Fail("scores adjust", "--table: " + found.status().message());
  *table = found->table();
  return 0;
}

// --player as typed, resolved among the event's players (player_names.h). Returns 0, or the
// exit code after the problem is printed.
int AdjustedPlayer(const ScoresOptions& o, std::string* resolved) {
  // A player typed by name or number (player_names.h).
  v1::ListPlayersResponse known;
  if (int failed = ListEventPlayers(o.server, "scores adjust", o.event, &known); failed != 0) {
    return failed;
  }
  Result<std::string> player = ResolvePlayer(known, o.player);
  if (!player.ok()) return Fail("scores adjust", "--player: " + player.status().message());
  *resolved = *player;
  return 0;
}

}  // namespace

CLI::App* AddScoresAdjust(CLI::App& scores, ScoresOptions& o) {
  CLI::App* adjust = scores.add_subcommand(
      "adjust", Tr("Record a director adjustment with its reason (director token needed)."));
  adjust->add_option("--event", o.event, Tr("events/{event}"))->required();
  adjust->add_option("--kind", o.kind, Tr("assigned, artificial, penalty or fouled"))
      ->check(CLI::IsMember({"assigned", "artificial", "penalty", "fouled"}))
      ->required();
  adjust->add_option("--board", o.board, Tr("assigned, artificial, fouled: the board"));
  adjust->add_option(
      "--table", o.table,
      Tr("assigned, artificial, fouled: the table, \"round 2 table 3\" of --session or "
         "events/{event}/tables/{table}"));
  adjust->add_option("--version", o.version,
                     Tr("fouled: the version of the board this table played (1, 2, ...)"));
  adjust->add_option("--direction", o.direction,
                     Tr("assigned, artificial: forehand, middlehand, "
                        "rearhand"));
  adjust->add_option("--score", o.score, Tr("assigned: the substitute board score"));
  adjust->add_option("--percent", o.percent, Tr("artificial: 60, 50 or 40"))->capture_default_str();
  adjust->add_option("--player", o.player,
                     Tr("penalty: the player's name, number (skat players list) or resource name"));
  adjust->add_option("--penalty", o.penalty,
                     Tr("penalty: matchpoints (or points) deducted, e.g. 2"));
  adjust->add_option("--session", o.session, Tr("0: session 1"));
  adjust->add_option("--reason", o.reason, Tr("why (kept with who and when)"))->required();
  AddServerOptions(*adjust, o.server);
  return adjust;
}

int RunScoresAdjust(const ScoresOptions& o, v1::ScoringService::Stub& stub) {
  v1::AddAdjustmentRequest request;
  request.set_parent(o.event);
  v1::Adjustment* a = request.mutable_adjustment();
  a->set_kind(o.kind == "assigned"     ? v1::Adjustment::KIND_ASSIGNED
              : o.kind == "artificial" ? v1::Adjustment::KIND_ARTIFICIAL
              : o.kind == "fouled"     ? v1::Adjustment::KIND_FOULED
                                       : v1::Adjustment::KIND_PENALTY);
  a->set_session(o.session);
  a->set_board(o.board);
  std::string table;
  if (int failed = AdjustedTable(o, &table); failed != 0) return failed;
  a->set_table(table);
  a->set_direction(DirectionOf(o.direction));
  a->set_assigned_score(o.score);
  a->set_artificial_percent(o.percent);
  if (!o.player.empty()) {
    std::string player;
    if (int failed = AdjustedPlayer(o, &player); failed != 0) return failed;
    a->set_player(player);
  }
  a->set_penalty(o.penalty);
  a->set_version(o.version);
  a->set_reason(o.reason);
  v1::Adjustment stored;
  auto context = NewContext(o.server);
  grpc::Status status = stub.AddAdjustment(context.get(), request, &stored);
  if (!status.ok()) return ReportFailure("scores adjust", status, *context, o.server);
  std::cout << Tr("adjustment {0} recorded: {1}, {2}", stored.id(), KindText(o.kind),
                  stored.reason())
            << "\n";
  return 0;
}

}  // namespace skat::cli
