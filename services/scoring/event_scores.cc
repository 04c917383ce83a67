#include "services/scoring/event_scores.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "engine/board_set.h"
#include "services/common/auth.h"
#include "services/common/names.h"
#include "services/scoring/event_scores_parts.h"
#include "services/scoring/scoring_stores.h"

namespace skat::service {

// The player id in `chair` (1-based), or a placeholder naming the empty chair so that it never
// merges with a real player.
std::string ChairPlayer(const store::TableRecord& table, int chair) {
  const std::string& id = table.player_ids[chair - 1];
  return id.empty() ? table.id + "/chair-" + std::to_string(chair) : id;
}

// The chair's comparison key (session_total.h ChairTotal): the same chair number at tables of
// as many chairs playing the same boards in the same order with the same forehand chair holds
// the same directions of the same boards.
std::string ChairKey(const store::TableRecord& table, int chair) {
  std::string key = "boards";
  for (int b : table.boards) key += " " + std::to_string(b);
  return key + ", " + std::to_string(table.chairs) + " chairs, forehand chair " +
         std::to_string(table.forehand_chair) + ", chair " + std::to_string(chair);
}

Result<scoring::Options> OptionsOf(const store::EventRecord& event,
                                   const std::vector<store::ClubRecord>& clubs,
                                   const std::vector<store::PlayerRecord>& players) {
  scoring::Options options;
  Result<scoring::BoardScoreKind> score = scoring::ParseBoardScoreKind(event.board_score);
  if (!score.ok()) return score.status();
  options.board_score = *score;
  Result<scoring::ComparisonKind> comparison = scoring::ParseComparisonKind(event.comparison);
  if (!comparison.ok()) return comparison.status();
  options.comparison = *comparison;
  Result<scoring::RankingKey> ranking = scoring::ParseRankingKey(event.ranking);
  if (!ranking.ok()) return ranking.status();
  options.ranking = *ranking;
  options.tie_breaks.clear();
  std::stringstream chain(event.tie_breaks);
  std::string one;
  while (std::getline(chain, one, ',')) {
    Result<scoring::TieBreak> t = scoring::ParseTieBreak(one);
    if (!t.ok()) return t.status();
    options.tie_breaks.push_back(*t);
  }
  for (const store::ClubRecord& c : clubs) options.club_order.push_back(c.id);
  for (const store::PlayerRecord& p : players) {
    options.lot.push_back(p.id);
    if (!p.club_id.empty()) options.club_of[p.id] = p.club_id;
  }
  return options;
}

scoring::Adjustment AdjustmentOf(const store::AdjustmentRecord& a) {
  scoring::Adjustment out;
  out.kind = a.kind == "assigned"     ? scoring::Adjustment::Kind::kAssigned
             : a.kind == "artificial" ? scoring::Adjustment::Kind::kArtificial
                                      : scoring::Adjustment::Kind::kPenalty;
  out.board = a.board_number;
  out.table = a.table_id;
  if (a.direction >= 0) out.direction = static_cast<Direction>(a.direction);
  out.player = a.player_id;
  out.assigned_score = static_cast<int>(a.assigned_score);
  out.artificial_percent = a.artificial_percent;
  if (!a.penalty.empty()) {
    Result<scoring::Fraction> penalty = ParseDecimal(a.penalty);
    if (penalty.ok()) out.penalty = *penalty;
  }
  out.by = a.created_by;
  out.reason = a.reason;
  out.unix_time = a.created_unix;
  return out;
}

namespace {

// What LoadEventScores reads of an event besides what EventScores keeps: its sessions, the
// counting results by (table id, board), the adjustments (stored and pending), the chair totals
// by (table id, chair), and the boards the director settled by (table id, board).
struct EventRows {
  std::vector<store::SessionRecord> sessions;
  std::vector<store::ResultRecord> results;
  std::map<std::pair<std::string, int>, const store::ResultRecord*> counting;
  std::vector<store::AdjustmentRecord> adjustments;
  std::map<std::pair<std::string, int>, int64_t> total_of;
  std::set<std::pair<std::string, int>> settled;
};

// Reads the event, its clubs and players into `out` and the rest into `rows`.
Status LoadRows(ScoringStores store, const std::string& event_id,
                const std::vector<store::AdjustmentRecord>& pending, EventScores& out,
                EventRows& rows) {
  Result<store::EventRecord> event = store.events.GetEvent(event_id);
  if (!event.ok()) return event.status();
  out.event = *event;
  Result<std::vector<store::ClubRecord>> clubs = store.sessions.ListClubs(event_id);
  if (!clubs.ok()) return clubs.status();
  out.clubs = *clubs;
  Result<std::vector<store::PlayerRecord>> players = store.sessions.ListPlayers(event_id);
  if (!players.ok()) return players.status();
  out.players = *players;
  Result<std::vector<store::SessionRecord>> sessions = store.sessions.ListSessions(event_id);
  if (!sessions.ok()) return sessions.status();
  rows.sessions = std::move(sessions).value();
  Result<std::vector<store::ResultRecord>> results = store.results.ListResults(event_id, "", false);
  if (!results.ok()) return results.status();
  rows.results = std::move(results).value();
  Result<std::vector<store::AdjustmentRecord>> stored = store.sessions.ListAdjustments(event_id);
  if (!stored.ok()) return stored.status();
  rows.adjustments = std::move(stored).value();
  Result<std::vector<store::ChairTotalRecord>> chair_totals =
      store.results.ListChairTotals(event_id, "");
  if (!chair_totals.ok()) return chair_totals.status();
  for (const store::ChairTotalRecord& c : *chair_totals) {
    rows.total_of[{c.table_id, c.chair}] = c.total;
  }
  rows.adjustments.insert(rows.adjustments.end(), pending.begin(), pending.end());
  for (const store::ResultRecord& r : rows.results) {
    if (r.counts()) rows.counting[{r.table_id, r.board_number}] = &r;
  }
  // A board the director scored for a table (assigned or artificial) is settled there as if
  // finished: a table that never plays it does not keep the board closed.
  for (const store::AdjustmentRecord& a : rows.adjustments) {
    if (a.kind == "assigned" || a.kind == "artificial") {
      rows.settled.insert({a.table_id, a.board_number});
    }
  }
  return Status::Ok();
}

// A table whose every chair has a total has finished all its boards (docs/events-and-scoring.md
// 4.12).
bool TotalsComplete(const store::TableRecord& t, const EventRows& rows) {
  for (int chair = 1; chair <= t.chairs; ++chair) {
    if (rows.total_of.count({t.id, chair}) == 0) return false;
  }
  return t.chairs > 0;
}

// Counts the session's boards planned and finished, and the event's results expected and
// counted; keeps its tables in out.tables.
void CountBoards(const store::SessionRecord& session, const EventRows& rows, SessionScores& s,
                 EventScores& out) {
  for (const store::TableRecord& t : session.tables) {
    out.tables[t.id] = t;
    const bool complete = TotalsComplete(t, rows);
    for (int board : t.boards) {
      ++s.planned[board];
      ++out.results_expected;
      const bool counts = complete || rows.counting.count({t.id, board}) > 0;
      if (counts) ++out.results_counted;
      if (counts || rows.settled.count({t.id, board}) > 0) ++s.finished[board];
    }
  }
}

// What the audience sees of a board (BoardOpen: the same test as the traveller's).
bool Visible(Audience audience, const SessionScores& s, int board) {
  return audience == Audience::kDirector || BoardOpen(s, board);
}

// The result of `record`, table t's game of `board`, as the comparison reads it.
scoring::TableResult ResultAt(const store::SessionRecord& session, const store::TableRecord& t,
                              int board, const store::ResultRecord& record,
                              const std::vector<store::AdjustmentRecord>& adjustments) {
  scoring::TableResult tr;
  tr.board = board;
  tr.table = t.id;
  tr.session = session.number;
  tr.round = t.round;
  for (int d = 0; d < kDirectionCount; ++d) {
    tr.players[d] = PlayerAt(t, board, static_cast<Direction>(d));
  }
  tr.resting_dealer = RestingDealerAt(t, board);
  tr.game = record.game;
  // docs/comparative.md "Fouled boards": the version the director marked (the latest mark).
  for (const store::AdjustmentRecord& a : adjustments) {
    if (a.kind == "fouled" && a.table_id == t.id && a.board_number == board) {
      tr.version = a.version;
    }
  }
  return tr;
}

// The session's counting results the audience sees, into `results` and out.results.
void AddResults(const store::SessionRecord& session, const EventRows& rows, const SessionScores& s,
                EventScores& out, std::vector<scoring::TableResult>& results) {
  for (const store::TableRecord& t : session.tables) {
    auto chunk = std::make_shared<ResultIndex::Chunk>();
    for (int board : t.boards) {
      auto r = rows.counting.find({t.id, board});
      if (r == rows.counting.end() || !Visible(out.audience, s, board)) continue;
      (*chunk)[{t.id, board}] = *r->second;
      results.push_back(ResultAt(session, t, board, *r->second, rows.adjustments));
    }
    out.results.SetTable(t.id, std::move(chunk));
  }
}

// Chair totals, seen once every board of their table is open.
std::vector<scoring::ChairTotal> VisibleTotals(const store::SessionRecord& session,
                                               const EventRows& rows, const SessionScores& s,
                                               Audience audience) {
  std::vector<scoring::ChairTotal> written;
  for (const store::TableRecord& t : session.tables) {
    if (!std::all_of(t.boards.begin(), t.boards.end(),
                     [&](int board) { return Visible(audience, s, board); })) {
      continue;
    }
    for (int chair = 1; chair <= t.chairs; ++chair) {
      auto total = rows.total_of.find({t.id, chair});
      if (total == rows.total_of.end()) continue;
      written.push_back(scoring::ChairTotal{.session = session.number,
                                            .table = t.id,
                                            .chair = ChairKey(t, chair),
                                            .player = ChairPlayer(t, chair),
                                            .total = total->second,
                                            .boards = static_cast<int>(t.boards.size())});
    }
  }
  return written;
}

// The session's adjustments the audience sees (fouled-board marks are versions, not scores).
std::vector<scoring::Adjustment> VisibleAdjustments(const store::SessionRecord& session,
                                                    const EventRows& rows, const SessionScores& s,
                                                    const EventScores& out) {
  std::vector<scoring::Adjustment> adjusted;
  for (const store::AdjustmentRecord& a : rows.adjustments) {
    if (a.session != session.number || a.kind == "fouled") continue;
    // A board's adjustment says how its tables fared: shown once the board is open.
    if (a.board_number > 0 && !Visible(out.audience, s, a.board_number)) continue;
    scoring::Adjustment adjustment = AdjustmentOf(a);
    // A seat's adjustment names the player who held it, so that it applies to a board the
    // table never finished (the usual reason for an artificial score).
    auto table = out.tables.find(a.table_id);
    if (adjustment.player.empty() && table != out.tables.end() && a.direction >= 0) {
      adjustment.player = PlayerAt(table->second, a.board_number, adjustment.direction);
    }
    // The seat's round is its table's (a seat without a result has no other source of it).
    adjustment.session = session.number;
    if (table != out.tables.end()) adjustment.round = table->second.round;
    adjusted.push_back(std::move(adjustment));
  }
  return adjusted;
}

// One session's scores as the audience sees them; its tables and results also into `out`.
Result<SessionScores> ScoreSession(const store::SessionRecord& session, const EventRows& rows,
                                   EventScores& out) {
  SessionScores s;
  s.session = session;
  CountBoards(session, rows, s, out);
  std::vector<scoring::TableResult> results;
  AddResults(session, rows, s, out, results);
  const std::vector<scoring::ChairTotal> written = VisibleTotals(session, rows, s, out.audience);
  scoring::Options options = out.options;
  options.planned = s.planned;
  const std::vector<scoring::Adjustment> adjusted = VisibleAdjustments(session, rows, s, out);
  Result<scoring::Scoresheet> sheet = scoring::Score(results, adjusted, options, written);
  if (!sheet.ok()) {
    return Status::Internal("session " + std::to_string(session.number) +
                            " cannot be scored: " + sheet.status().message());
  }
  scoring::Scoresheet scored = std::move(sheet).value();
  s.travellers = ChunkedList<scoring::Traveller>(std::move(scored.travellers));
  scored.travellers.clear();
  s.sheet = std::make_shared<const scoring::Scoresheet>(std::move(scored));
  s.results = ChunkedList<scoring::TableResult>(std::move(results));
  return s;
}

}  // namespace

Result<scoring::Fraction> ParseDecimal(std::string_view text) {
  auto bad = [&] {
    return Status::InvalidArgument(
        "'" + std::string(text.substr(0, 40)) +
        "' is not a decimal number such as 2, -1 or 0.5 (at most 6 decimals)");
  };
  size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) ++i;
  int64_t num = 0, den = 1;
  bool digits = false, point = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !point) {
      point = true;
      continue;
    }
    if (c < '0' || c > '9' || num > 1'000'000'000'000LL) return bad();
    if (point) {
      if (den >= 1'000'000) return bad();
      den *= 10;
    }
    num = num * 10 + (c - '0');
    digits = true;
  }
  if (!digits) return bad();
  return scoring::Fraction(negative ? -num : num, den);
}

std::string PlayerAt(const store::TableRecord& table, int board, Direction direction) {
  const int forehand = ForehandChair(board, table.chairs, table.forehand_chair);
  const int chair = (forehand - 1 + Index(direction)) % table.chairs + 1;
  return ChairPlayer(table, chair);
}

std::string RestingDealerAt(const store::TableRecord& table, int board) {
  if (table.chairs < 4) return "";
  const int forehand = ForehandChair(board, table.chairs, table.forehand_chair);
  return ChairPlayer(table, (forehand + 2) % table.chairs + 1);
}

bool BoardOpen(const SessionScores& session, int board) {
  auto planned = session.planned.find(board);
  auto finished = session.finished.find(board);
  return planned != session.planned.end() && finished != session.finished.end() &&
         finished->second >= planned->second;
}

Result<EventScores> LoadEventScores(ScoringStores store, const std::string& event_id,
                                    Audience audience,
                                    const std::vector<store::AdjustmentRecord>& pending) {
  EventScores out;
  out.audience = audience;
  EventRows rows;
  if (Status loaded = LoadRows(store, event_id, pending, out, rows); !loaded.ok()) return loaded;
  for (const store::PlayerRecord& p : out.players) out.player_by_id[p.id] = &p;
  for (const store::ClubRecord& c : out.clubs) out.club_name[c.id] = c.name;
  Result<scoring::Options> options = OptionsOf(out.event, out.clubs, out.players);
  if (!options.ok()) return options.status();
  out.options = *options;
  std::vector<std::vector<scoring::Standing>> per_session;
  for (const store::SessionRecord& session : rows.sessions) {
    Result<SessionScores> s = ScoreSession(session, rows, out);
    if (!s.ok()) return s.status();
    per_session.push_back(s->sheet->overall);
    out.sessions.push_back(std::move(s).value());
  }
  out.overall =
      per_session.size() == 1 ? per_session[0] : scoring::CombineSessions(per_session, out.options);
  return out;
}

Audience AudienceOf(std::string_view token, const store::EventRecord& event) {
  if (token.empty()) return Audience::kPublic;
  return CheckDirectorToken(token, event.director_token_sha256, EventName(event.id)).ok()
             ? Audience::kDirector
             : Audience::kPublic;
}

}  // namespace skat::service
