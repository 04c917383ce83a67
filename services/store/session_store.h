// The store's clubs, players, sessions and adjustments (store.h; docs/events-and-scoring.md),
// and the stamp of everything an event's scores are read from.
#ifndef SKAT_SERVICES_STORE_SESSION_STORE_H_
#define SKAT_SERVICES_STORE_SESSION_STORE_H_

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/status.h"
#include "services/store/records.h"

namespace skat::store {

// The tables an event's scores are read from, each by its event_id column (the event itself by
// id): what the scoring service's loader reads (services/scoring/event_scores.cc LoadEventScores,
// through GetEvent, ListClubs, ListPlayers, ListSessions with their tables and seatings,
// ListResults, ListAdjustments and ListChairTotals) and what EventStamp stamps, built from this one
// list. A table that holds an event's rows and is not listed here must not change its scores
// (tests/services/scoring_service_test.cc checks every such table of the schema).
inline constexpr std::array<std::string_view, 9> kScoreInputTables = {
    "events",   "clubs",   "players",     "sessions",    "play_tables",
    "seatings", "results", "adjustments", "chair_totals"};

// The part of kScoreInputTables read whole on a change (the event's frame: its options, clubs,
// players, sessions, tables and seatings); the other three (results, adjustments, chair totals)
// are read by change (ReadScoreDelta).
inline constexpr std::array<std::string_view, 6> kScoreFrameTables = {
    "events", "clubs", "players", "sessions", "play_tables", "seatings"};

// What changed in an event's scored rows since a horizon (SessionStore::ReadScoreDelta).
struct ScoreDelta {
  std::string frame_stamp;  // the events row's stamp and the frame's change mark (migration 0021)
  std::string horizon;      // the `since` of the next read: nothing this read missed is below it
  // Every row written at or after `since`, in id order: results and adjustments with replaced
  // results included (a replaced result no longer counts), the current chair totals (a changed
  // total's new row comes with its replacement). A row may come again in a later delta.
  std::vector<ResultRecord> results;
  std::vector<AdjustmentRecord> adjustments;
  std::vector<ChairTotalRecord> chair_totals;
};

class SessionStore {
 public:
  virtual ~SessionStore() = default;

  // Clubs, players and sessions (docs/events-and-scoring.md). kNotFound for no such event (or
  // club); kAlreadyExists for a name the event has already.
  virtual Result<ClubRecord> CreateClub(const ClubRecord& club) = 0;
  virtual Result<PlayerRecord> CreatePlayer(const PlayerRecord& player) = 0;
  // In the order of adding.
  virtual Result<std::vector<ClubRecord>> ListClubs(const std::string& event_id) = 0;
  virtual Result<std::vector<PlayerRecord>> ListPlayers(const std::string& event_id) = 0;
  // A keyset page of the event's clubs, then its players, each in the order of adding (position,
  // then id): the rows after the club or player after_id ("": from the first club; a club or
  // player the event does not have: the end), at most `limit` in all. kInvalidArgument for an
  // after_id that is neither a club's nor a player's id.
  virtual Result<ClubsAndPlayers> ListClubsAndPlayers(const std::string& event_id,
                                                      const std::string& after_id, int limit) = 0;
  // Stores the session and every table of it (as CreateTable, with session, round, table number
  // and player ids) in one transaction; the session's number is the next free one. Errors as
  // CreateTable's, and kAlreadyExists when the event has a session of the same request_id.
  virtual Result<SessionRecord> CreateSession(const SessionRecord& session) = 0;
  // Tables with their player ids, without token hashes.
  virtual Result<SessionRecord> GetSession(const std::string& event_id, const std::string& id) = 0;
  // The session of the event started with `request_id` (as GetSession), or nullopt. kNotFound for
  // no such event.
  virtual Result<std::optional<SessionRecord>> FindSessionByRequest(
      const std::string& event_id, const std::string& request_id) = 0;
  // The session (as GetSession) with one page of its tables: those after (after_round,
  // after_table) in (round, table number) order, at most `limit` (1..1000). kNotFound for no such
  // session; kInvalidArgument for a limit out of range.
  virtual Result<SessionPage> GetSessionPage(const std::string& event_id, const std::string& id,
                                             int after_round, int after_table, int limit) = 0;
  virtual Result<std::vector<SessionRecord>> ListSessions(const std::string& event_id) = 0;
  // kNotFound for no such event, table or player.
  virtual Result<AdjustmentRecord> AddAdjustment(const AdjustmentRecord& adjustment) = 0;
  virtual Result<std::vector<AdjustmentRecord>> ListAdjustments(const std::string& event_id) = 0;
  // A keyset page: the adjustments with ids above after_id, oldest first, at most `limit`.
  virtual Result<std::vector<AdjustmentRecord>> ListAdjustments(const std::string& event_id,
                                                                int64_t after_id, int limit) = 0;
  // A text that changes whenever a row the event's scores are read from changes (a row of
  // kScoreInputTables with the event's id): per table the rows' count and the sum of their
  // inserting transactions' ids, which only grow (for play_tables and seatings a digest of the
  // columns scoring reads: a table server's lease and a seat token's hash do not count). Equal
  // stamps read before two loads mean the same stored scores. Cheap: one query, one short text.
  virtual Result<std::string> EventStamp(const std::string& event_id) = 0;
  // EventStamp of each of `event_ids` (at most 10,000), in one query: id -> stamp. An id of no
  // event gets the stamp of an event without rows (it is never equal to a stored event's).
  virtual Result<std::map<std::string, std::string>> EventStamps(
      const std::vector<std::string>& event_ids) = 0;
  // The event's rows of results, adjustments and chair totals written by transactions at or after
  // `since` ("0": every row), with the horizon to pass next and the frame's stamp, read in one
  // snapshot (docs/performance.md "Standings that grow with the change": a transaction the
  // snapshot did not see has an id at or above its oldest running one, the next horizon).
  // kNotFound for no such event;
  // kInvalidArgument for a `since` that is not a transaction id.
  virtual Result<ScoreDelta> ReadScoreDelta(const std::string& event_id,
                                            const std::string& since) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_SESSION_STORE_H_
