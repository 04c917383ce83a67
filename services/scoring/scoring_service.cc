#include "services/scoring/scoring_service.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "engine/analysis/par.h"
#include "services/common/auth.h"
#include "services/common/game_proto.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/common/refused_stream.h"
#include "services/scoring/archive_search.h"
#include "services/scoring/board_analysis.h"
#include "services/scoring/scoring_proto.h"
#include "services/scoring/series_proto.h"

namespace skat::service {
namespace {

// The cards of `board` in session `session` (0: session 1) of the event: kNotFound when no
// table of the session plays it.
Result<Board> PlannedBoard(store::Store& store, const std::string& event, const EventScores& scores,
                           int session, int board) {
  Result<const SessionScores*> found = FindSession(scores, session);
  if (!found.ok()) return found.status();
  if ((*found)->planned.count(board) == 0) {
    return Status(ErrorCode::kNotFound, "no table of session " +
                                            std::to_string((*found)->session.number) +
                                            " plays board " + std::to_string(board));
  }
  Result<store::BoardSetRecord> set =
      store.GetBoardSet(event, (*found)->session.set_id, store::BoardRange::One(board));
  if (!set.ok()) return set.status();
  if (set->set.boards.empty()) {
    return Status(ErrorCode::kNotFound, "board " + std::to_string(board) + " not found");
  }
  return set->set.boards[0].board;
}

// Each analysis solver's table: 2^18 entries of 32 bytes (8 MiB), kept across requests.
constexpr int kAnalysisTableBits = 18;

// A waiting analysis gives up when its call was cancelled or its deadline passed.
SolverPool::GiveUp CallEnded(const grpc::ServerContext* context) {
  return [context] {
    return context->IsCancelled() || context->deadline() <= std::chrono::system_clock::now();
  };
}

constexpr size_t kMaxReason = 500;
constexpr int64_t kMaxAssignedScore = 10000;

const char* KindText(v1::Adjustment::Kind kind) {
  switch (kind) {
    case v1::Adjustment::KIND_ASSIGNED: return "assigned";
    case v1::Adjustment::KIND_ARTIFICIAL: return "artificial";
    case v1::Adjustment::KIND_PENALTY: return "penalty";
    case v1::Adjustment::KIND_FOULED: return "fouled";
    default: return "";
  }
}

v1::Adjustment::Kind KindProto(const std::string& text) {
  if (text == "assigned") return v1::Adjustment::KIND_ASSIGNED;
  if (text == "artificial") return v1::Adjustment::KIND_ARTIFICIAL;
  if (text == "penalty") return v1::Adjustment::KIND_PENALTY;
  if (text == "fouled") return v1::Adjustment::KIND_FOULED;
  return v1::Adjustment::KIND_UNSPECIFIED;
}

void AdjustmentProto(const store::AdjustmentRecord& a, v1::Adjustment* out) {
  out->set_id(a.id);
  out->set_kind(KindProto(a.kind));
  out->set_session(a.session);
  out->set_board(a.board_number);
  if (!a.table_id.empty()) out->set_table(TableResourceName(a.event_id, a.table_id));
  if (a.direction >= 0) out->set_direction(ToProto(static_cast<Direction>(a.direction)));
  if (!a.player_id.empty()) out->set_player(ChildResourceName(a.event_id, "players", a.player_id));
  out->set_assigned_score(a.assigned_score);
  out->set_artificial_percent(a.artificial_percent);
  out->set_penalty(a.penalty);
  out->set_version(a.version);
  out->set_reason(a.reason);
  out->set_created_by(a.created_by);
  out->mutable_create_time()->set_seconds(a.created_unix);
}

// The stored form of a requested adjustment of event `event_id`, checked field by field.
Result<store::AdjustmentRecord> AdjustmentFrom(const std::string& event_id,
                                               const v1::Adjustment& in) {
  store::AdjustmentRecord a;
  a.event_id = event_id;
  a.kind = KindText(in.kind());
  if (a.kind.empty()) {
    return Status::InvalidArgument("adjustment.kind " + std::to_string(in.kind()) +
                                   " is not assigned, artificial, penalty or fouled");
  }
  if (in.reason().empty() || in.reason().size() > kMaxReason) {
    return Status::InvalidArgument(
        "adjustment.reason must have 1 to 500 bytes (who, when and why are kept)");
  }
  if (Status s = CheckStorableText("adjustment.reason", in.reason()); !s.ok()) return s;
  a.reason = in.reason();
  a.session = in.session() == 0 ? 1 : in.session();
  if (a.session < 1)
    return Status::InvalidArgument("adjustment.session " + std::to_string(in.session()));
  a.created_by = "director";
  if (a.kind == "penalty") {
    Result<ChildName> player = ParseChildName(in.player(), "players");
    if (!player.ok()) return player.status();
    if (player->event != event_id)
      return Status::InvalidArgument("adjustment.player is of another event");
    a.player_id = player->id;
    Result<scoring::Fraction> penalty = ParseDecimal(in.penalty());
    if (!penalty.ok())
      return Status(ErrorCode::kInvalidArgument,
                    "adjustment.penalty: " + penalty.status().message());
    a.penalty = in.penalty();
    return a;
  }
  if (in.board() < 1)
    return Status::InvalidArgument("adjustment.board " + std::to_string(in.board()));
  a.board_number = in.board();
  Result<TableName> table = ParseTableName(in.table());
  if (!table.ok()) return table.status();
  if (table->event != event_id)
    return Status::InvalidArgument("adjustment.table is of another event");
  a.table_id = table->table;
  if (a.kind == "fouled") {
    if (in.version() < 1) {
      return Status::InvalidArgument("adjustment.version " + std::to_string(in.version()) +
                                     " is not a board version (1, 2, ...)");
    }
    a.version = in.version();
    return a;
  }
  std::optional<Direction> direction = FromProto(in.direction());
  if (!direction)
    return Status::InvalidArgument("adjustment.direction must be forehand, middlehand or rearhand");
  a.direction = Index(*direction);
  if (a.kind == "assigned") {
    // Scoring adds board scores as int (engine/scoring/table_result.h), and no Skat board score
    // comes near 10,000 (issue 7 "Hostile input": 2^32 + 5 was stored, and scored as 5).
    if (in.assigned_score() < -kMaxAssignedScore || in.assigned_score() > kMaxAssignedScore) {
      return Status::InvalidArgument("adjustment.assigned_score " +
                                     std::to_string(in.assigned_score()) +
                                     " is outside -10000..10000");
    }
    a.assigned_score = in.assigned_score();
  } else {
    const int pct = in.artificial_percent();
    if (pct != 40 && pct != 50 && pct != 60) {
      return Status::InvalidArgument(
          "adjustment.artificial_percent " + std::to_string(pct) +
          " is not 60 (average-plus), 50 (average) or 40 (average-minus)");
    }
    a.artificial_percent = pct;
  }
  return a;
}

// kInvalidArgument unless the adjustment fits the event: its session exists, its table belongs
// to that session and plays its board, and the event can still be scored with it (an
// adjustment that cannot be applied would stop every scoring read, and adjustments are never
// deleted).
Status CheckAgainstEvent(store::Store& store, const store::AdjustmentRecord& a) {
  Result<EventScores> now = LoadEventScores(store, a.event_id, Audience::kDirector);
  if (!now.ok()) return now.status();
  Result<const SessionScores*> session = FindSession(*now, a.session);
  if (!session.ok())
    return Status::InvalidArgument("adjustment.session: " + session.status().message());
  if (!a.table_id.empty()) {
    auto table = now->tables.find(a.table_id);
    if (table == now->tables.end() || table->second.session_id != (*session)->session.id) {
      return Status::InvalidArgument("adjustment.table " + a.table_id +
                                     " is not a table of session " + std::to_string(a.session));
    }
    const std::vector<int>& boards = table->second.boards;
    if (std::find(boards.begin(), boards.end(), a.board_number) == boards.end()) {
      return Status::InvalidArgument("adjustment.board " + std::to_string(a.board_number) +
                                     " is not played at table " + a.table_id);
    }
  }
  Result<EventScores> with = LoadEventScores(store, a.event_id, Audience::kDirector, {a});
  if (!with.ok()) {
    return Status::InvalidArgument("the event cannot be scored with this adjustment: " +
                                   with.status().message());
  }
  return Status::Ok();
}

}  // namespace

ScoringServiceImpl::ScoringServiceImpl(store::Store& store, const std::string& database_url,
                                       int analysis_threads,
                                       std::shared_ptr<StreamLimits> stream_limits)
    : store_(store),
      stream_limits_(stream_limits != nullptr ? std::move(stream_limits) : StreamLimits::Make()),
      scores_(store),
      notifier_(database_url),
      streams_(store, scores_, notifier_),
      solvers_(analysis_threads > 0
                   ? analysis_threads
                   : std::max(1, static_cast<int>(std::thread::hardware_concurrency())),
               kAnalysisTableBits) {
  notifier_.SetListener([this](const std::vector<std::string>& events, bool every_event) {
    streams_.Changed(events, every_event);
  });
}

ScoringServiceImpl::~ScoringServiceImpl() {
  notifier_.SetListener(nullptr);
  StopStreams();
}

Result<std::shared_ptr<const EventScores>> ScoringServiceImpl::Scores(
    const grpc::ServerContextBase& context, const std::string& event_id) {
  Audience audience = Audience::kPublic;
  if (const std::string token = BearerToken(context); !token.empty()) {
    Result<store::EventRecord> event = store_.GetEvent(event_id);
    if (!event.ok()) return event.status();
    audience = AudienceOf(token, *event);
  }
  return scores_.Get(event_id, audience);
}

grpc::Status ScoringServiceImpl::GetStandings(grpc::ServerContext* context,
                                              const v1::GetStandingsRequest* request,
                                              v1::Standings* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, *event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  return ToGrpc(StandingsProto(**scores, request->session(), response), context);
}

grpc::Status ScoringServiceImpl::GetTraveller(grpc::ServerContext* context,
                                              const v1::GetTravellerRequest* request,
                                              v1::Traveller* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, *event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  const int board = request->board();
  Result<Board> cards = PlannedBoard(store_, *event, **scores, request->session(), board);
  if (!cards.ok()) return ToGrpc(cards.status(), context);
  return ToGrpc(TravellerProto(**scores, request->session(), board, *cards, response), context);
}

grpc::Status ScoringServiceImpl::GetBoardAnalysis(grpc::ServerContext* context,
                                                  const v1::GetTravellerRequest* request,
                                                  v1::BoardAnalysis* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, *event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  const int board = request->board();
  Result<Board> found = PlannedBoard(store_, *event, **scores, request->session(), board);
  if (!found.ok()) return ToGrpc(found.status(), context);
  const Board& cards = *found;
  // The analysis shows every hand: it opens with the traveller (D48), checked the same way.
  v1::Traveller traveller;
  if (Status open = TravellerProto(**scores, request->session(), board, cards, &traveller);
      !open.ok()) {
    return ToGrpc(open, context);
  }
  return ToGrpc(BoardAnalysisProto(store_, **scores, request->session(), board, cards, solvers_,
                                   CallEnded(context), response),
                context);
}

grpc::Status ScoringServiceImpl::SearchBoards(grpc::ServerContext* context,
                                              const v1::SearchBoardsRequest* request,
                                              v1::SearchBoardsResponse* response) {
  // Validate before reading the archive: a bad request costs no database work.
  v1::SearchBoardsResponse probe;
  if (Status s = SearchArchive({}, *request, &probe); !s.ok()) return ToGrpc(s, context);
  Result<std::vector<store::ArchiveBoardRecord>> archive = store_.ListArchiveBoards(kParVersion);
  if (!archive.ok()) return ToGrpc(archive.status(), context);
  return ToGrpc(SearchArchive(*archive, *request, response), context);
}

grpc::Status ScoringServiceImpl::GetParTable(grpc::ServerContext* context,
                                             const v1::GetParTableRequest* request,
                                             v1::ParTable* response) {
  Result<BoardSetName> name = ParseBoardSetName(request->board_set());
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::BoardSetRecord> set =
      store_.GetBoardSet(name->event, name->set, store::BoardRange::One(request->number()));
  if (!set.ok()) return ToGrpc(set.status(), context);
  // A par table tells much about the hands: only the archive's (revealed) sets have one.
  if (!set->revealed) {
    return ToGrpc(Status(ErrorCode::kBoardInPlay, "board set " + request->board_set() +
                                                      " is not revealed: its cards may still "
                                                      "be in play"),
                  context);
  }
  if (set->set.boards.empty()) {
    return ToGrpc(
        Status(ErrorCode::kNotFound, "board set " + request->board_set() + " has no board " +
                                         std::to_string(request->number())),
        context);
  }
  Result<store::EventRecord> event = store_.GetEvent(name->event);
  if (!event.ok()) return ToGrpc(event.status(), context);
  const Profile* profile = FindProfile(event->profile);
  if (profile == nullptr) {
    return ToGrpc(Status(ErrorCode::kInternal, "the event's profile '" + event->profile +
                                                   "' is not one the engine knows"),
                  context);
  }
  Result<v1::ParTable> par =
      CachedParTable(store_, *profile, set->set.boards.front().board, solvers_, CallEnded(context));
  if (!par.ok()) return ToGrpc(par.status(), context);
  *response = std::move(*par);
  return grpc::Status::OK;
}

grpc::Status ScoringServiceImpl::GetTeamMatch(grpc::ServerContext* context,
                                              const v1::GetTeamMatchRequest* request,
                                              v1::TeamMatch* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, *event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  return ToGrpc(TeamMatchProto(**scores, request->session(), response), context);
}

grpc::Status ScoringServiceImpl::GetPrizeList(grpc::ServerContext* context,
                                              const v1::GetPrizeListRequest* request,
                                              v1::PrizeList* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  if (request->prizes_per_sitting() < 0 || request->prizes_per_sitting() > 1000) {
    return ToGrpc(Status::InvalidArgument("prizes_per_sitting " +
                                          std::to_string(request->prizes_per_sitting()) +
                                          " is not in 0..1000"),
                  context);
  }
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, *event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  PrizeListProto(**scores, request->prizes_per_sitting(), response);
  return grpc::Status::OK;
}

grpc::Status ScoringServiceImpl::GetSeriesLists(grpc::ServerContext* context,
                                                const v1::GetSeriesListsRequest* request,
                                                v1::SeriesLists* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  if (request->session() < 0) {
    return ToGrpc(Status::InvalidArgument("session " + std::to_string(request->session()) +
                                          " is not 0 (every session) or a session number"),
                  context);
  }
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, *event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  return ToGrpc(SeriesListsProto(**scores, request->session(), response), context);
}

grpc::Status ScoringServiceImpl::GetScorecard(grpc::ServerContext* context,
                                              const v1::GetScorecardRequest* request,
                                              v1::Scorecard* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<ChildName> player = ParseChildName(request->player(), "players");
  if (!player.ok()) return ToGrpc(player.status(), context);
  if (player->event != *event) {
    return ToGrpc(Status::InvalidArgument("player " + request->player() + " is of another event"),
                  context);
  }
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, *event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  return ToGrpc(ScorecardProto(**scores, player->id, response), context);
}

grpc::ServerWriteReactor<v1::Standings>* ScoringServiceImpl::WatchStandings(
    grpc::CallbackServerContext* context, const v1::GetStandingsRequest* request) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return new RefusedStream<v1::Standings>(ToGrpc(event.status(), context));
  Result<StreamPlace> place = stream_limits_->Acquire(context->peer());
  if (!place.ok()) return new RefusedStream<v1::Standings>(ToGrpc(place.status(), context));
  // The audience is decided once, on the worker, from the token of this request.
  auto* stream = new StandingsStream(context, streams_, *event, request->session(),
                                     BearerToken(*context), std::move(place).value());
  streams_.Add(stream);
  return stream;
}

grpc::Status ScoringServiceImpl::AddAdjustment(grpc::ServerContext* context,
                                               const v1::AddAdjustmentRequest* request,
                                               v1::Adjustment* response) {
  Result<std::string> event_id = ParseEventName(request->event());
  if (!event_id.ok()) return ToGrpc(event_id.status(), context);
  Result<store::EventRecord> event = store_.GetEvent(*event_id);
  if (!event.ok()) return ToGrpc(event.status(), context);
  if (Status s = CheckDirector(*context, event->director_token_sha256, request->event()); !s.ok()) {
    return ToGrpc(s, context);
  }
  Result<store::AdjustmentRecord> adjustment = AdjustmentFrom(*event_id, request->adjustment());
  if (!adjustment.ok()) return ToGrpc(adjustment.status(), context);
  if (Status s = CheckAgainstEvent(store_, *adjustment); !s.ok()) return ToGrpc(s, context);
  Result<store::AdjustmentRecord> stored = store_.AddAdjustment(*adjustment);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  AdjustmentProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status ScoringServiceImpl::ListAdjustments(grpc::ServerContext* context,
                                                 const v1::ListAdjustmentsRequest* request,
                                                 v1::ListAdjustmentsResponse* response) {
  Result<std::string> event = ParseEventName(request->event());
  if (!event.ok()) return ToGrpc(event.status(), context);
  // Keys: the adjustment's id (serial: oldest first).
  const std::string list = "ListAdjustments " + *event;
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::AdjustmentRecord>> read =
      store_.ListAdjustments(*event, page->after ? page->after->numbers[0] : 0, page->size + 1);
  if (!read.ok()) return ToGrpc(read.status(), context);
  std::vector<store::AdjustmentRecord> adjustments = std::move(read).value();
  response->set_next_page_token(EndPage(list, page->size, adjustments, [](const auto& a) {
    return PageKey{.numbers = {a.id}, .text = ""};
  }));
  for (const store::AdjustmentRecord& a : adjustments) {
    AdjustmentProto(a, response->add_adjustments());
  }
  return grpc::Status::OK;
}

}  // namespace skat::service
