#include "services/scoring/event_scores_state.h"

#include <algorithm>
#include <utility>

#include "services/scoring/event_scores_parts.h"

namespace skat::service {

uint64_t EventScoresState::parts_computed() const {
  uint64_t parts = 0;
  for (const Session& s : sessions_) parts += s.sheet->parts_computed();
  return parts;
}

Result<std::shared_ptr<const EventScores>> EventScoresState::Refresh(ScoringStores store) {
  Result<store::ScoreDelta> delta =
      store.sessions.ReadScoreDelta(event_id_, loaded_ ? horizon_ : "0");
  if (!delta.ok()) return delta.status();
  if (loaded_ && delta->frame_stamp != frame_stamp_) {
    // The frame changed (options, players, sessions, tables, seatings): read it all again.
    *this = EventScoresState(event_id_, audience_);
    return Refresh(store);
  }
  if (!loaded_) {
    frame_stamp_ = delta->frame_stamp;
    if (Status s = LoadFrame(store); !s.ok()) {
      *this = EventScoresState(event_id_, audience_);
      return s;
    }
    loaded_ = true;
  }
  horizon_ = delta->horizon;
  ApplyDelta(*delta);
  const bool changed = std::any_of(sessions_.begin(), sessions_.end(),
                                   [](const Session& s) { return s.dirty || !s.touched.empty(); });
  if (!changed && snapshot_ != nullptr) return snapshot_;
  snapshot_ = nullptr;
  if (Status s = RefreshSessions(); !s.ok()) return s;
  snapshot_ = Snapshot();
  return snapshot_;
}

// As LoadRows and ScoreSession's plan (event_scores.cc): the event, its clubs, players and
// sessions with their tables; every planned board is touched.
Status EventScoresState::LoadFrame(ScoringStores store) {
  Result<store::EventRecord> event = store.events.GetEvent(event_id_);
  if (!event.ok()) return event.status();
  frame_.audience = audience_;
  frame_.event = *event;
  Result<std::vector<store::ClubRecord>> clubs = store.sessions.ListClubs(event_id_);
  if (!clubs.ok()) return clubs.status();
  frame_.clubs = *clubs;
  Result<std::vector<store::PlayerRecord>> players = store.sessions.ListPlayers(event_id_);
  if (!players.ok()) return players.status();
  frame_.players = *players;
  Result<std::vector<store::SessionRecord>> sessions = store.sessions.ListSessions(event_id_);
  if (!sessions.ok()) return sessions.status();
  Result<scoring::Options> options = OptionsOf(frame_.event, frame_.clubs, frame_.players);
  if (!options.ok()) return options.status();
  frame_.options = *options;
  sessions_.resize(sessions->size());
  for (size_t i = 0; i < sessions->size(); ++i) {
    Session& s = sessions_[i];
    s.record = std::move((*sessions)[i]);
    session_index_[s.record.number] = static_cast<int>(i);
    s.result_chunks.assign(s.record.tables.size(),
                           std::make_shared<const std::vector<scoring::TableResult>>());
    for (const store::TableRecord& t : s.record.tables) {
      s.position[t.id] = static_cast<size_t>(&t - s.record.tables.data());
      s.touched_tables.insert(t.id);
      frame_.tables[t.id] = t;
      session_of_table_[t.id] = static_cast<int>(i);
      for (int board : t.boards) {
        ++s.planned[board];
        ++results_expected_;
        s.tables_of_board[board].push_back(&t);
        s.touched.insert(board);
        s.resync.insert(board);
      }
    }
    scoring::Options session_options = frame_.options;
    session_options.planned = s.planned;
    s.sheet = std::make_unique<scoring::IncrementalScoresheet>(std::move(session_options));
    s.dirty = true;
  }
  return Status::Ok();
}

void EventScoresState::Touch(int session_index, int board) {
  sessions_[session_index].touched.insert(board);
}

void EventScoresState::TouchTable(const std::string& table_id, int board) {
  auto s = session_of_table_.find(table_id);
  if (s == session_of_table_.end()) return;
  Touch(s->second, board);
  sessions_[s->second].touched_tables.insert(table_id);
}

// A row read again (ReadScoreDelta: its writer was above the last snapshot's horizon) changes
// nothing and touches nothing: a result's row changes only by starting or ceasing to count
// (confirmed, replaced), adjustments are never changed, a chair total's new value is a new row.
void EventScoresState::ApplyDelta(const store::ScoreDelta& delta) {
  for (const store::ResultRecord& r : delta.results) {
    const TableBoard key{r.table_id, r.board_number};
    auto current = counting_.find(key);
    const bool held = current != counting_.end() && current->second.id == r.id;
    if (r.counts() == held) continue;
    if (r.counts()) {
      counting_[key] = r;
    } else {
      counting_.erase(current);
    }
    TouchTable(r.table_id, r.board_number);
  }
  for (const store::AdjustmentRecord& a : delta.adjustments) {
    if (!adjustments_.emplace(a.id, a).second) continue;
    const TableBoard key{a.table_id, a.board_number};
    if (a.kind == "fouled") fouled_[key][a.id] = a.version;
    if (a.kind == "assigned" || a.kind == "artificial") settled_.insert(key);
    if (!a.table_id.empty()) TouchTable(a.table_id, a.board_number);
    auto session = session_index_.find(a.session);
    if (session == session_index_.end() || a.kind == "fouled") continue;
    Session& s = sessions_[session->second];
    if (a.board_number > 0) {
      adjustments_of_board_[{a.session, a.board_number}].insert(a.id);
      s.touched.insert(a.board_number);
    } else {
      // Not a board's: seen by every audience at once (VisibleAdjustments).
      s.sheet->PutAdjustment(a.id, AdjustmentFor(s, a));
      s.dirty = true;
    }
  }
  for (const store::ChairTotalRecord& c : delta.chair_totals) {
    store::ChairTotalRecord& total = totals_[{c.table_id, c.chair}];
    if (total.id == c.id) continue;
    total = c;
    auto table = frame_.tables.find(c.table_id);
    auto session = session_of_table_.find(c.table_id);
    if (table == frame_.tables.end() || session == session_of_table_.end()) continue;
    // A table's totals finish every board of it (docs/events-and-scoring.md 4.12).
    for (int board : table->second.boards) Touch(session->second, board);
    sessions_[session->second].recount_tables.insert(c.table_id);
    sessions_[session->second].dirty = true;
  }
}

bool EventScoresState::TotalsComplete(const store::TableRecord& t) const {
  for (int chair = 1; chair <= t.chairs; ++chair) {
    if (totals_.count({t.id, chair}) == 0) return false;
  }
  return t.chairs > 0;
}

// Whether table t counts board (bit 1) and has finished it (bit 2), kept in s.board_tables, and
// the board's tallies moved by the change.
void EventScoresState::CountTable(Session& s, const store::TableRecord& t, int board) {
  const bool counts = TotalsComplete(t) || counting_.count({t.id, board}) > 0;
  const bool finished = counts || settled_.count({t.id, board}) > 0;
  const int now = (counts ? 1 : 0) | (finished ? 2 : 0);
  int& was = s.board_tables[board][t.id];
  std::pair<int, int>& tally = s.tallies[board];
  tally.first += (now & 1) - (was & 1);
  tally.second += (now >> 1) - (was >> 1);
  was = now;
}

// As CountBoards (event_scores.cc), for one board: every table of it the first time, then the
// tables whose results, adjustments or chair totals changed since (touched_tables,
// recount_tables), as only those can count or finish differently.
void EventScoresState::CountBoard(Session& s, int board) {
  const bool was_visible = Visible(s, board);
  auto tables = s.tables_of_board.find(board);
  if (tables != s.tables_of_board.end()) {
    if (s.board_tables[board].size() < tables->second.size()) {
      for (const store::TableRecord* t : tables->second) CountTable(s, *t, board);
    } else {
      for (const std::set<std::string>* changed : {&s.touched_tables, &s.recount_tables}) {
        for (const std::string& id : *changed) {
          const store::TableRecord& t = s.record.tables[s.position.at(id)];
          if (std::find(t.boards.begin(), t.boards.end(), board) != t.boards.end()) {
            CountTable(s, t, board);
          }
        }
      }
    }
  }
  const auto [counted, finished] = s.tallies[board];
  results_counted_ += counted - s.counted[board];
  s.counted[board] = counted;
  if (finished > 0) {
    s.finished[board] = finished;
  } else {
    s.finished.erase(board);
  }
  // A board that opens (or closes) changes what every table of it shows.
  if (Visible(s, board) != was_visible && tables != s.tables_of_board.end()) {
    s.resync.insert(board);
    for (const store::TableRecord* t : tables->second) s.touched_tables.insert(t->id);
  }
}

// The table's chunks of the results the audience sees, as AddResults makes them.
void EventScoresState::ChunkTable(Session& s, size_t position) {
  const store::TableRecord& t = s.record.tables[position];
  auto results = std::make_shared<std::vector<scoring::TableResult>>();
  auto index = std::make_shared<ResultIndex::Chunk>();
  for (int board : t.boards) {
    auto r = counting_.find({t.id, board});
    if (r == counting_.end() || !Visible(s, board)) continue;
    (*index)[{t.id, board}] = r->second;
    results->push_back(ResultAt(s, t, board, r->second));
  }
  s.result_chunks[position] = std::move(results);
  index_.SetTable(t.id, std::move(index));
}

bool EventScoresState::Visible(const Session& s, int board) const {
  if (audience_ == Audience::kDirector) return true;
  auto planned = s.planned.find(board);
  auto finished = s.finished.find(board);
  return planned != s.planned.end() && finished != s.finished.end() &&
         finished->second >= planned->second;
}

// As ResultAt (event_scores.cc): the version is the latest fouled mark's.
scoring::TableResult EventScoresState::ResultAt(const Session& s, const store::TableRecord& t,
                                                int board,
                                                const store::ResultRecord& record) const {
  scoring::TableResult tr;
  tr.board = board;
  tr.table = t.id;
  tr.session = s.record.number;
  tr.round = t.round;
  for (int d = 0; d < kDirectionCount; ++d) {
    tr.players[d] = PlayerAt(t, board, static_cast<Direction>(d));
  }
  tr.resting_dealer = RestingDealerAt(t, board);
  tr.game = record.game;
  auto fouled = fouled_.find({t.id, board});
  if (fouled != fouled_.end()) tr.version = fouled->second.rbegin()->second;
  return tr;
}

// As VisibleAdjustments (event_scores.cc): the seat's player and round from its table, a table
// of this session or an earlier one.
scoring::Adjustment EventScoresState::AdjustmentFor(const Session& s,
                                                    const store::AdjustmentRecord& a) const {
  scoring::Adjustment adjustment = AdjustmentOf(a);
  const store::TableRecord* table = nullptr;
  auto of = session_of_table_.find(a.table_id);
  if (of != session_of_table_.end() && of->second <= session_index_.at(s.record.number)) {
    table = &frame_.tables.at(a.table_id);
  }
  if (adjustment.player.empty() && table != nullptr && a.direction >= 0) {
    adjustment.player = PlayerAt(*table, a.board_number, adjustment.direction);
  }
  adjustment.session = s.record.number;
  if (table != nullptr) adjustment.round = table->round;
  return adjustment;
}

// Puts the board's result at table t as the audience sees it into the session's sheet, in place
// of the one it held.
void EventScoresState::SyncResult(Session& s, const store::TableRecord& t, int board) {
  std::set<std::string>& put = s.put_results[board];
  if (put.erase(t.id) > 0) s.sheet->RemoveResult(board, t.id);
  auto r = counting_.find({t.id, board});
  if (r == counting_.end() || !Visible(s, board)) return;
  s.sheet->PutResult(ResultAt(s, t, board, r->second));
  put.insert(t.id);
}

// Puts the board's results and adjustments the audience sees into the session's sheet, in place
// of those it held: every table's when the board opened or closed (or is new), else those of the
// tables touched since the last refresh.
void EventScoresState::SyncBoard(Session& s, int board) {
  auto tables = s.tables_of_board.find(board);
  if (tables != s.tables_of_board.end()) {
    const bool every_table = s.resync.count(board) > 0;
    for (const store::TableRecord* t : tables->second) {
      if (every_table || s.touched_tables.count(t->id) > 0) SyncResult(s, *t, board);
    }
  }
  for (int64_t id : s.put_adjustments[board]) s.sheet->RemoveAdjustment(id);
  s.put_adjustments.erase(board);
  if (!Visible(s, board)) return;
  auto ids = adjustments_of_board_.find({s.record.number, board});
  if (ids == adjustments_of_board_.end()) return;
  for (int64_t id : ids->second) {
    s.sheet->PutAdjustment(id, AdjustmentFor(s, adjustments_.at(id)));
    s.put_adjustments[board].insert(id);
  }
}

// As VisibleTotals (event_scores.cc).
std::vector<scoring::ChairTotal> EventScoresState::VisibleTotals(const Session& s) const {
  std::vector<scoring::ChairTotal> written;
  for (const store::TableRecord& t : s.record.tables) {
    if (!std::all_of(t.boards.begin(), t.boards.end(),
                     [&](int board) { return Visible(s, board); })) {
      continue;
    }
    for (int chair = 1; chair <= t.chairs; ++chair) {
      auto total = totals_.find({t.id, chair});
      if (total == totals_.end()) continue;
      written.push_back(scoring::ChairTotal{.session = s.record.number,
                                            .table = t.id,
                                            .chair = ChairKey(t, chair),
                                            .player = ChairPlayer(t, chair),
                                            .total = total->second.total,
                                            .boards = static_cast<int>(t.boards.size())});
    }
  }
  return written;
}

Status EventScoresState::RefreshSessions() {
  for (Session& s : sessions_) {
    if (s.dirty || !s.touched.empty()) {
      for (int board : s.touched) CountBoard(s, board);
      s.recount_tables.clear();
      for (int board : s.touched) SyncBoard(s, board);
      for (const std::string& table : s.touched_tables) ChunkTable(s, s.position.at(table));
      s.touched_tables.clear();
      s.resync.clear();
      if (frame_.options.comparison == scoring::ComparisonKind::kSessionTotal) {
        s.sheet->SetChairTotals(VisibleTotals(s));
      }
      s.sheet->Refresh();
      s.touched.clear();
      s.dirty = false;
    }
    if (!s.sheet->status().ok()) {
      return Status::Internal("session " + std::to_string(s.record.number) +
                              " cannot be scored: " + s.sheet->status().message());
    }
  }
  if (sessions_.size() == 1) {
    overall_ = sessions_[0].sheet->overall();  // one copy: Snapshot moves it out
    return Status::Ok();
  }
  std::vector<std::vector<scoring::Standing>> per_session;
  for (const Session& s : sessions_) per_session.push_back(s.sheet->overall());
  overall_ = scoring::CombineSessions(per_session, frame_.options);
  return Status::Ok();
}

// The scores as LoadEventScores builds them. Moves overall_ out: RefreshSessions makes it again
// before every Snapshot.
std::shared_ptr<const EventScores> EventScoresState::Snapshot() {
  auto out = std::make_shared<EventScores>();
  out->audience = audience_;
  out->event = frame_.event;
  out->clubs = frame_.clubs;
  out->players = frame_.players;
  for (const store::PlayerRecord& p : out->players) out->player_by_id[p.id] = &p;
  for (const store::ClubRecord& c : out->clubs) out->club_name[c.id] = c.name;
  out->options = frame_.options;
  out->tables = frame_.tables;
  for (const Session& s : sessions_) {
    SessionScores scores;
    scores.session = s.record;
    scores.planned = s.planned;
    scores.finished = s.finished;
    for (const auto& chunk : s.result_chunks) scores.results.Append(chunk);
    scores.sheet = s.sheet->shared_sheet();  // shared, not copied
    for (const auto& [board, part] : s.sheet->parts()) {
      // Shares the part's travellers (an aliasing pointer keeps the part alive).
      scores.travellers.Append(
          std::shared_ptr<const std::vector<scoring::Traveller>>(part, &part->travellers));
    }
    out->sessions.push_back(std::move(scores));
  }
  out->results = index_;
  out->overall = std::move(overall_);
  out->results_counted = results_counted_;
  out->results_expected = results_expected_;
  return out;
}

}  // namespace skat::service
