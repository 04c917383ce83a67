#include "services/scoring/scoring_service.h"

#include <algorithm>
#include <chrono>
#include <initializer_list>
#include <string_view>
#include <thread>

#include "engine/analysis/par.h"
#include "services/common/auth.h"
#include "services/common/director.h"
#include "services/common/game_proto.h"
#include "services/common/grpc_status.h"
#include "services/common/names.h"
#include "services/common/page.h"
#include "services/common/peer.h"
#include "services/common/refused_stream.h"
#include "services/scoring/archive_search.h"
#include "services/scoring/board_analysis.h"
#include "services/scoring/scoring_names.h"
#include "services/scoring/scoring_proto.h"
#include "services/scoring/scoring_stores.h"
#include "services/scoring/series_proto.h"
#include "services/scoring/standing_ratings.h"

namespace skat::service {
namespace {

const std::initializer_list<std::string_view> kStandingsNames = {
    "events/{event}/standings", "events/{event}/sessions/{session}/standings"};
constexpr std::string_view kTravellerName = "events/{event}/sessions/{session}/travellers/{board}";
constexpr std::string_view kAnalysisName =
    "events/{event}/sessions/{session}/travellers/{board}/analysis";
// ListTravellers' pages: 10 travellers unless asked otherwise, at most 100, and a page ends once
// it passes 1 MiB (a board played at hundreds of tables makes a large traveller).
constexpr int kTravellersPage = 10;
constexpr int kMaxTravellersPage = 100;
constexpr size_t kTravellersPageBytes = 1 << 20;

// The cards of `board` in session `session` (0: session 1) of the event: kNotFound when no
// table of the session plays it.
Result<Board> PlannedBoard(ScoringStores store, const std::string& event, const EventScores& scores,
                           int session, int board) {
  Result<const SessionScores*> found = FindSession(scores, session);
  if (!found.ok()) return found.status();
  if ((*found)->planned.count(board) == 0) {
    return Status::NotFound("no table of session " + std::to_string((*found)->session.number) +
                            " plays board " + std::to_string(board));
  }
  Result<store::BoardSetRecord> set =
      store.events.GetBoardSet(event, (*found)->session.set_id, store::BoardRange::One(board));
  if (!set.ok()) return set.status();
  if (set->set.boards.empty()) {
    return Status::NotFound("board " + std::to_string(board) + " not found");
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
      return Status::InvalidArgument("adjustment.penalty: " + penalty.status().message());
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
    // comes near 10,000 (docs/reliability.md "Hostile input": 2^32 + 5 was stored, and scored as
    // 5).
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
Status CheckAgainstEvent(ScoringStores store, const store::AdjustmentRecord& a) {
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

ScoringServiceImpl::ScoringServiceImpl(ScoringStores store, const std::string& database_url,
                                       ScoringServiceOptions options)
    : store_(store),
      stream_limits_(options.stream_limits != nullptr ? std::move(options.stream_limits)
                                                      : StreamLimits::Make()),
      scores_(store),
      ratings_(store, scores_),
      notifier_(database_url),
      streams_(store, scores_, ratings_, notifier_, options.standings_rate),
      solvers_(options.analysis_threads > 0
                   ? options.analysis_threads
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
    Result<store::EventRecord> event = store_.events.GetEvent(event_id);
    if (!event.ok()) return event.status();
    audience = AudienceOf(token, *event);
  }
  return scores_.Get(event_id, audience);
}

Result<ScoringServiceImpl::Named> ScoringServiceImpl::Resolve(
    const grpc::ServerContextBase& context, std::string_view name,
    std::initializer_list<std::string_view> patterns) {
  Result<ScoringName> parsed = ParseScoringName(name, patterns);
  if (!parsed.ok()) return parsed.status();
  Result<std::shared_ptr<const EventScores>> scores = Scores(context, parsed->event);
  if (!scores.ok()) return scores.status();
  Result<int> session = SessionNumber(**scores, parsed->session);
  if (!session.ok()) return session.status();
  return Named{.name = std::move(parsed).value(), .scores = *scores, .session = *session};
}

grpc::Status ScoringServiceImpl::GetStandings(grpc::ServerContext* context,
                                              const v1::GetStandingsRequest* request,
                                              v1::Standings* response) {
  Result<Named> named = Resolve(*context, request->name(), kStandingsNames);
  if (!named.ok()) return ToGrpc(named.status(), context);
  response->set_name(ScoringParent(*named->scores, named->session) + "/standings");
  if (Status s = StandingsProto(*named->scores, named->session, response); !s.ok()) {
    return ToGrpc(s, context);
  }
  return ToGrpc(AddRatings(ratings_, *named->scores, response), context);
}

grpc::Status ScoringServiceImpl::GetTraveller(grpc::ServerContext* context,
                                              const v1::GetTravellerRequest* request,
                                              v1::Traveller* response) {
  Result<Named> named = Resolve(*context, request->name(), {kTravellerName});
  if (!named.ok()) return ToGrpc(named.status(), context);
  return ToGrpc(Traveller(*named->scores, named->session, named->name.board, response), context);
}

Status ScoringServiceImpl::Traveller(const EventScores& scores, int session, int board,
                                     v1::Traveller* out) {
  Result<Board> cards = PlannedBoard(store_, scores.event.id, scores, session, board);
  if (!cards.ok()) return cards.status();
  if (Status s = TravellerProto(scores, session, board, *cards, out); !s.ok()) return s;
  out->set_name(ScoringParent(scores, session) + "/travellers/" + std::to_string(board));
  return Status::Ok();
}

grpc::Status ScoringServiceImpl::ListTravellers(grpc::ServerContext* context,
                                                const v1::ListTravellersRequest* request,
                                                v1::ListTravellersResponse* response) {
  // Keys: the board's number.
  const std::string list = "ListTravellers " + request->parent();
  Result<PageRequest> page =
      ParsePageRequest(list, request->page_size() == 0 ? kTravellersPage : request->page_size(),
                       request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  const int size = std::min(page->size, kMaxTravellersPage);
  Result<Named> named = Resolve(*context, request->parent(), {"events/{event}/sessions/{session}"});
  if (!named.ok()) return ToGrpc(named.status(), context);
  const EventScores& scores = *named->scores;
  Result<const SessionScores*> found = FindSession(scores, named->session);
  if (!found.ok()) return ToGrpc(found.status(), context);
  const int64_t after = page->after ? page->after->numbers[0] : 0;
  int last = 0;
  bool more = false;
  for (const auto& [board, planned] : (*found)->planned) {
    if (!BoardOpen(**found, board)) {
      response->add_boards_in_play(board);
      continue;
    }
    if (board <= after || more) continue;
    if (response->travellers_size() == size || response->ByteSizeLong() > kTravellersPageBytes) {
      more = true;
      continue;
    }
    if (Status s = Traveller(scores, named->session, board, response->add_travellers()); !s.ok()) {
      return ToGrpc(s, context);
    }
    last = board;
  }
  if (more) response->set_next_page_token(PageToken(list, PageKey{.numbers = {last}, .text = ""}));
  return grpc::Status::OK;
}

grpc::Status ScoringServiceImpl::GetBoardAnalysis(grpc::ServerContext* context,
                                                  const v1::GetBoardAnalysisRequest* request,
                                                  v1::BoardAnalysis* response) {
  Result<Named> named = Resolve(*context, request->name(), {kAnalysisName});
  if (!named.ok()) return ToGrpc(named.status(), context);
  const EventScores& scores = *named->scores;
  const int session = named->session;
  const int board = named->name.board;
  Result<Board> cards = PlannedBoard(store_, scores.event.id, scores, session, board);
  if (!cards.ok()) return ToGrpc(cards.status(), context);
  // The analysis shows every hand: it opens with the traveller (D48), checked the same way.
  v1::Traveller traveller;
  if (Status open = TravellerProto(scores, session, board, *cards, &traveller); !open.ok()) {
    return ToGrpc(open, context);
  }
  response->set_name(ScoringParent(scores, session) + "/travellers/" + std::to_string(board) +
                     "/analysis");
  return ToGrpc(BoardAnalysisProto(store_, scores, session, board, *cards, solvers_,
                                   CallEnded(context), response),
                context);
}

grpc::Status ScoringServiceImpl::SearchBoards(grpc::ServerContext* context,
                                              const v1::SearchBoardsRequest* request,
                                              v1::SearchBoardsResponse* response) {
  // Validate before reading the archive: a bad request costs no database work.
  v1::SearchBoardsResponse probe;
  if (Status s = SearchArchive({}, *request, &probe); !s.ok()) return ToGrpc(s, context);
  Result<std::vector<store::ArchiveBoardRecord>> archive =
      store_.analysis.ListArchiveBoards(kParVersion);
  if (!archive.ok()) return ToGrpc(archive.status(), context);
  return ToGrpc(SearchArchive(*archive, *request, response), context);
}

grpc::Status ScoringServiceImpl::GetParTable(grpc::ServerContext* context,
                                             const v1::GetParTableRequest* request,
                                             v1::ParTable* response) {
  Result<BoardSetName> name = ParseBoardSetName(request->board_set());
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<store::BoardSetRecord> set =
      store_.events.GetBoardSet(name->event, name->set, store::BoardRange::One(request->number()));
  if (!set.ok()) return ToGrpc(set.status(), context);
  // A par table tells much about the hands: only the archive's (revealed) sets have one.
  if (!set->revealed) {
    return ToGrpc(Status(ErrorCode::kBoardInPlay, "board set " + request->board_set() +
                                                      " is not revealed: its cards may still "
                                                      "be in play"),
                  context);
  }
  if (set->set.boards.empty()) {
    return ToGrpc(Status::NotFound("board set " + request->board_set() + " has no board " +
                                   std::to_string(request->number())),
                  context);
  }
  Result<store::EventRecord> event = store_.events.GetEvent(name->event);
  if (!event.ok()) return ToGrpc(event.status(), context);
  const Profile* profile = FindProfile(event->profile);
  if (profile == nullptr) {
    return ToGrpc(Status::Internal("the event's profile '" + event->profile +
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
  Result<Named> named =
      Resolve(*context, request->name(),
              {"events/{event}/teamMatch", "events/{event}/sessions/{session}/teamMatch"});
  if (!named.ok()) return ToGrpc(named.status(), context);
  response->set_name(ScoringParent(*named->scores, named->session) + "/teamMatch");
  return ToGrpc(TeamMatchProto(*named->scores, named->session, response), context);
}

grpc::Status ScoringServiceImpl::GetPrizeList(grpc::ServerContext* context,
                                              const v1::GetPrizeListRequest* request,
                                              v1::PrizeList* response) {
  Result<ScoringName> name = ParseScoringName(request->name(), {"events/{event}/prizeList"});
  if (!name.ok()) return ToGrpc(name.status(), context);
  if (request->prizes_per_sitting() < 0 || request->prizes_per_sitting() > 1000) {
    return ToGrpc(Status::InvalidArgument("prizes_per_sitting " +
                                          std::to_string(request->prizes_per_sitting()) +
                                          " is not in 0..1000"),
                  context);
  }
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, name->event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  response->set_name(EventName(name->event) + "/prizeList");
  PrizeListProto(**scores, request->prizes_per_sitting(), response);
  return grpc::Status::OK;
}

grpc::Status ScoringServiceImpl::GetSeriesLists(grpc::ServerContext* context,
                                                const v1::GetSeriesListsRequest* request,
                                                v1::SeriesLists* response) {
  Result<Named> named =
      Resolve(*context, request->name(),
              {"events/{event}/seriesLists", "events/{event}/sessions/{session}/seriesLists"});
  if (!named.ok()) return ToGrpc(named.status(), context);
  response->set_name(ScoringParent(*named->scores, named->session) + "/seriesLists");
  return ToGrpc(SeriesListsProto(*named->scores, named->session, response), context);
}

grpc::Status ScoringServiceImpl::GetScorecard(grpc::ServerContext* context,
                                              const v1::GetScorecardRequest* request,
                                              v1::Scorecard* response) {
  Result<ScoringName> name =
      ParseScoringName(request->name(), {"events/{event}/players/{player}/scorecard"});
  if (!name.ok()) return ToGrpc(name.status(), context);
  Result<std::shared_ptr<const EventScores>> scores = Scores(*context, name->event);
  if (!scores.ok()) return ToGrpc(scores.status(), context);
  response->set_name(request->name());
  return ToGrpc(ScorecardProto(**scores, name->player, response), context);
}

grpc::ServerWriteReactor<grpc::ByteBuffer>* ScoringServiceImpl::WatchStandings(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* raw_request) {
  using Refused = RefusedStream<grpc::ByteBuffer>;
  v1::WatchStandingsRequest request;
  grpc::ByteBuffer bytes = *raw_request;  // shares the bytes; Deserialize consumes its argument
  if (!grpc::SerializationTraits<v1::WatchStandingsRequest>::Deserialize(&bytes, &request).ok()) {
    return new Refused(
        ToGrpc(Status::InvalidArgument("the request is not a WatchStandingsRequest"), context));
  }
  Result<ScoringName> name = ParseScoringName(request.name(), kStandingsNames);
  if (!name.ok()) return new Refused(ToGrpc(name.status(), context));
  Result<StreamPlace> place = stream_limits_->Acquire(ClientPeer(*context));
  if (!place.ok()) return new Refused(ToGrpc(place.status(), context));
  // The audience is decided once, on the worker, from the token of this request.
  auto* stream = new StandingsStream(context, streams_, name->event, name->session,
                                     BearerToken(*context), std::move(place).value());
  streams_.Add(stream);
  return stream;
}

grpc::Status ScoringServiceImpl::AddAdjustment(grpc::ServerContext* context,
                                               const v1::AddAdjustmentRequest* request,
                                               v1::Adjustment* response) {
  Result<store::EventRecord> event = DirectorEvent(store_.events, *context, request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  Result<store::AdjustmentRecord> adjustment = AdjustmentFrom(event->id, request->adjustment());
  if (!adjustment.ok()) return ToGrpc(adjustment.status(), context);
  if (Status s = CheckAgainstEvent(store_, *adjustment); !s.ok()) return ToGrpc(s, context);
  Result<store::AdjustmentRecord> stored = store_.sessions.AddAdjustment(*adjustment);
  if (!stored.ok()) return ToGrpc(stored.status(), context);
  AdjustmentProto(*stored, response);
  return grpc::Status::OK;
}

grpc::Status ScoringServiceImpl::ListAdjustments(grpc::ServerContext* context,
                                                 const v1::ListAdjustmentsRequest* request,
                                                 v1::ListAdjustmentsResponse* response) {
  Result<std::string> event = ParseEventName(request->parent());
  if (!event.ok()) return ToGrpc(event.status(), context);
  // Keys: the adjustment's id (serial: oldest first).
  const std::string list = "ListAdjustments " + *event;
  Result<PageRequest> page = ParsePageRequest(list, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  Result<std::vector<store::AdjustmentRecord>> read = store_.sessions.ListAdjustments(
      *event, page->after ? page->after->numbers[0] : 0, page->size + 1);
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
