// A person's boards (docs/persons.md "Boards"): the rows of every linked player's boards as
// everyone may see them, rebuilt per event by the scoring service when the event's stamp
// (SessionStore::EventStamp) differs from the one recorded with them, and read a page at a time.
#ifndef SKAT_SERVICES_STORE_PERSON_BOARD_STORE_H_
#define SKAT_SERVICES_STORE_PERSON_BOARD_STORE_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/status.h"

namespace skat::store {

// One board a linked player played (migrations/0014_person_boards.up.sql).
struct PersonBoardRecord {
  std::string event_id{}, player_id{}, registry_id{}, person_id{};
  // Read back: the event's name and creation time, and the par contract's summary ("" when the
  // board's par table under the profile is not cached); ignored when writing (event_unix too).
  std::string event_name{}, par{};
  int64_t event_unix = 0;
  std::string profile{}, set_id{};
  int session = 1, round = 1, board = 1;
  std::string direction{};  // "forehand", "middlehand", "rearhand"
  std::string table_id{};
  std::string role{};       // "declarer", "defender", "no-game"
  std::string game_type{};  // "grand", ..., "ramsch", "passed"; "" for a seat with no game
  std::string summary{};
  int64_t board_score = 0;
  std::string matchpoints{}, top{};
  double diff = 0;
  double matchpoints_value = 0, top_value = 0;  // the same as numbers, for totals
  std::optional<bool> declarer_won{};           // none when nobody declared
  // Read back: the card points the person's side lost against open-hand play, where the game
  // was studied (AnalysisStore::PutGameStudy); none otherwise and when nobody declared.
  std::optional<int> side_lost{};
};

// A person's totals in one event (ListPersonTotals): boards, matchpoints and top summed, and
// the games the person declared and won by class (0 suit, 1 grand, 2 null).
struct PersonTotalRecord {
  std::string event_id, event_name;
  int64_t event_unix = 0;
  int boards = 0;
  double matchpoints = 0, top = 0, diff = 0;
  std::array<int, 3> declared{}, won{};
};

// What ListPersonBoards keeps; an empty text or a zero time keeps everything.
struct PersonBoardFilter {
  std::string event_id;
  int64_t start_unix = 0, end_unix = 0;  // event created at or after start, before end
  std::string profile, role, game_type;
};

// Where a page starts: after this row in the order newest first.
struct PersonBoardKey {
  int64_t event_micros = 0;  // the event's creation time in microseconds
  std::string event_id;
  int session = 0, board = 0;
};

class PersonBoardStore {
 public:
  virtual ~PersonBoardStore() = default;

  // The events the person (or a person merged into them) played, each with the stamp its rows
  // were last built from ("" when never). kNotFound for no such person.
  struct BuiltStamp {
    std::string event_id, built_from;
  };
  virtual Result<std::vector<BuiltStamp>> ListPersonBoardStamps(const std::string& registry_id,
                                                                const std::string& person_id) = 0;
  // Replaces every row of the event by `rows` and records `stamp`, in one transaction (and one
  // at a time per event).
  virtual Status ReplacePersonBoards(const std::string& event_id, const std::string& stamp,
                                     const std::vector<PersonBoardRecord>& rows) = 0;
  // The person's rows (and those of persons merged into them) that `filter` keeps, newest first
  // (event creation time, event id, session, board; all descending), after `after` (nullptr:
  // from the newest), at most `limit` (1..1000), with the key of each row for the next page; the
  // par read from the par tables of version `par_version`.
  struct BoardPage {
    std::vector<PersonBoardRecord> rows;
    std::vector<PersonBoardKey> keys;
  };
  virtual Result<BoardPage> ListPersonBoards(const std::string& registry_id,
                                             const std::string& person_id,
                                             const PersonBoardFilter& filter,
                                             const PersonBoardKey* after, int limit,
                                             int par_version) = 0;
  // The person's totals (and those of persons merged into them) per event, newest first, from
  // the rows as they are; at most 10,000 events.
  virtual Result<std::vector<PersonTotalRecord>> ListPersonTotals(const std::string& registry_id,
                                                                  const std::string& person_id) = 0;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_PERSON_BOARD_STORE_H_
