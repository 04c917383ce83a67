#include "services/store/constraints.h"

#include <span>

namespace skat::store {
namespace {

constexpr ErrorCode kTaken = ErrorCode::kAlreadyExists;  // primary keys, UNIQUE
constexpr ErrorCode kMissing = ErrorCode::kNotFound;     // REFERENCES: the parent row is missing
constexpr ErrorCode kBad = ErrorCode::kInvalidArgument;  // CHECK

bool IdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Where `name` first stands alone in `text` (no identifier character either side), or npos.
size_t FindName(std::string_view text, std::string_view name) {
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    const size_t end = at + name.size();
    if ((at == 0 || !IdentifierChar(text[at - 1])) &&
        (end == text.size() || !IdentifierChar(text[end]))) {
      return at;
    }
  }
  return std::string_view::npos;
}

// One constraint's Refusal as literals, in the tables below: one per migration
// (migrations/*.up.sql), in the order they add their constraints.
struct Row {
  std::string_view constraint;
  ErrorCode code;
  std::string_view message;
};

// 0001: events, board sets, boards.
constexpr Row kEventsAndBoards[] = {
    {"events_pkey", kTaken, "an event with this id exists already"},
    {"events_id_check", kBad, "an event id is \"ev-\" and 10 lowercase letters or digits"},
    {"events_name_check", kBad, "an event's name has 1 to 200 characters"},
    {"events_profile_check", kBad, "an event names its rule profile"},
    {"events_director_token_sha256_check", kBad,
     "an event's director token is kept as its SHA-256 (64 hex digits)"},
    {"events_board_score_check", kBad, "an event's board score is pad, settled or seeger-fabian"},
    {"events_comparison_check", kBad,
     "an event's comparison is matchpoints, datum, total, session-total or synchron"},
    {"events_tie_breaks_check", kBad,
     "an event's tie-breaks are diff, lot and shared, separated by commas"},
    {"board_sets_pkey", kTaken, "the event has a board set with this id already"},
    {"board_sets_event_id_fkey", kMissing, "the board set's event does not exist"},
    {"board_sets_id_check", kBad, "a board set id is \"bs-\" and 10 lowercase letters or digits"},
    {"board_sets_generator_version_check", kBad,
     "a generated board set names its generator version (1 or more); an imported one has 0"},
    {"board_sets_commitment_check", kBad, "a board set's commitment is 64 hex digits"},
    {"board_sets_beacon_value_check", kBad, "a beacon value is not empty"},
    {"board_sets_secret_seed_check", kBad, "a board set's seed is 64 hex digits"},
    {"board_sets_table_size_check", kBad, "a board set is dealt for tables of 3 or 4"},
    {"board_sets_board_count_check", kBad, "a board set has 1 board or more"},
    {"board_sets_check", kBad, "a beacon value needs a beacon source"},
    {"board_sets_seed_withheld_unrevealed", kBad,
     "a board set whose seed stayed on another server is not revealed (docs/event-archive.md)"},
    {"board_sets_source_check", kBad, "a board set is generated or imported"},
    {"board_sets_source_fields", kBad,
     "an imported board set, and only an imported one, names its file and the file's SHA-256"},
    {"board_sets_source_file_check", kBad, "an imported file's name has 1 to 200 characters"},
    {"board_sets_source_sha256_check", kBad, "an imported file's SHA-256 is 64 hex digits"},
    {"board_sets_imported_shape", kBad,
     "an imported board set is revealed, for tables of 3, with no generator, seed or beacon"},
    {"boards_pkey", kTaken, "the board set has a board of this number already"},
    {"boards_event_id_set_id_fkey", kMissing, "the board's board set does not exist"},
    {"boards_number_check", kBad, "boards are numbered from 1"},
    {"boards_deal_number_check", kBad, "a deal number is 0 to 5,506,588,817,009,279"},
};

// 0002: tables, seatings, games, acts, results.
constexpr Row kTablesAndGames[] = {
    {"play_tables_pkey", kTaken, "the event has a table with this id already"},
    {"play_tables_event_id_fkey", kMissing, "the table's event does not exist"},
    {"play_tables_event_id_set_id_fkey", kMissing, "the table's board set does not exist"},
    {"play_tables_id_check", kBad, "a table id is \"tb-\" and 10 lowercase letters or digits"},
    {"play_tables_label_check", kBad, "a table's label has at most 200 characters"},
    {"play_tables_boards_check", kBad, "a table plays 1 to 1,000 boards"},
    {"play_tables_chairs_check", kBad, "a table has 3 or 4 chairs"},
    {"play_tables_mode_check", kBad, "a table is online, physical or imported"},
    {"play_tables_owner_check", kBad, "a table's lease names its table server"},
    {"play_tables_check", kBad, "a table's lease has a holder and an end, or neither"},
    {"play_tables_forehand_chair_check", kBad, "a table's forehand chair is 0 to 4"},
    {"seatings_pkey", kTaken, "the table has this chair seated already"},
    {"seatings_event_id_table_id_fkey", kMissing, "the seat's table does not exist"},
    {"seatings_token_sha256_key", kTaken, "a seat token is taken by another seat"},
    {"seatings_chair_check", kBad, "chairs are numbered 1 to 4"},
    {"seatings_player_name_check", kBad, "a seated player's name has at most 200 characters"},
    {"seatings_token_sha256_check", kBad, "a seat token is kept as its SHA-256 (64 hex digits)"},
    {"games_pkey", kTaken, "the table has a game at this board index already"},
    {"games_event_id_table_id_fkey", kMissing, "the game's table does not exist"},
    {"games_board_index_check", kBad, "board indexes start at 0"},
    {"games_board_number_check", kBad, "boards are numbered from 1"},
    {"games_source_check", kBad, "a game is online, physical or imported"},
    {"game_acts_pkey", kTaken, "the game has an act at this index already"},
    {"game_acts_chair_sequence", kTaken, "the chair has used this sequence number already"},
    {"game_acts_event_id_table_id_board_index_fkey", kMissing,
     "the table has no game at this board index"},
    {"game_acts_act_index_check", kBad, "act indexes start at 0"},
    {"game_acts_chair_check", kBad, "chairs are numbered 1 to 4"},
    {"game_acts_sequence_check", kBad,
     "a seat's sequence numbers start at 1; the clock's and a bot's acts have 0"},
    {"game_acts_made_by_check", kBad, "an act is made by the seat, the clock or a bot"},
    {"play_tables_move_seconds_check", kBad, "a table's move clock is 0 to 3,600 seconds"},
    {"game_acts_act_check", kBad, "an act is not empty"},
    {"results_pkey", kTaken, "a result with this id exists already"},
    {"results_one_current", kTaken, "the board has a result already; a correction replaces it"},
    {"results_event_id_table_id_board_index_fkey", kMissing,
     "the table has no game at this board index"},
    {"results_replaced_by_fkey", kMissing, "the result that replaces this one does not exist"},
    {"results_source_check", kBad, "a result is online, physical or imported"},
    {"results_kind_check", kBad, "a result is a declarer game, a Ramsch or a passed-in deal"},
    {"results_declarer_check", kBad, "the declarer is forehand, middlehand or rearhand"},
    {"results_handling_check", kBad, "a declaration's skat handling is one of the engine's"},
    {"results_game_type_check", kBad, "a declaration's game type is one of the engine's"},
    {"results_announced_check", kBad, "an announcement is none, schneider or schwarz"},
    {"results_value_check", kBad, "a game's value is not negative"},
    {"results_pad_check", kBad, "a result has 3 pad entries, or 4 with a resting dealer"},
    {"results_card_points_check", kBad, "a result has the card points of 3 seats"},
    {"results_tricks_check", kBad, "a result has the tricks of 3 seats"},
    {"results_check", kBad,
     "a declarer game, and only a declarer game, has a declarer and a declaration"},
    {"results_check1", kBad, "a Ramsch or a passed-in deal is neither won nor valued"},
    {"results_check2", kBad, "a confirmed result names who confirmed it and when"},
    {"results_check3", kBad, "a replaced result names its replacement and when"},
    {"results_check4", kBad, "a correction names who made it and why"},
};

// 0003: scoring options, clubs, players, sessions, session tables, results, adjustments.
constexpr Row kSessionsAndScoring[] = {
    {"clubs_pkey", kTaken, "the event has a club with this id already"},
    {"clubs_event_id_fkey", kMissing, "the club's event does not exist"},
    {"clubs_event_id_name_key", kTaken, "the event has a club of that name already"},
    {"clubs_id_check", kBad, "a club id is \"cl-\" and 10 lowercase letters or digits"},
    {"clubs_name_check", kBad, "a club's name has 1 to 200 characters"},
    {"players_pkey", kTaken, "the event has a player with this id already"},
    {"players_event_id_fkey", kMissing, "the player's event does not exist"},
    {"players_event_id_club_id_fkey", kMissing, "the player's club is not a club of the event"},
    {"players_event_id_name_key", kTaken, "the event has a player of that name already"},
    {"players_id_check", kBad, "a player id is \"pl-\" and 10 lowercase letters or digits"},
    {"players_name_check", kBad, "a player's name has 1 to 200 characters"},
    {"sessions_pkey", kTaken, "the event has a session with this id already"},
    {"sessions_event_id_fkey", kMissing, "the session's event does not exist"},
    {"sessions_event_id_set_id_fkey", kMissing, "the session's board set does not exist"},
    {"sessions_event_id_number_key", kTaken, "the event has a session of this number already"},
    {"sessions_id_check", kBad, "a session id is \"se-\" and 10 lowercase letters or digits"},
    {"sessions_number_check", kBad, "sessions are numbered from 1"},
    {"sessions_movement_check", kBad,
     "a session's movement is individual, inter-club, congress, imported or manual"},
    {"chair_totals_chair_check", kBad, "a chair is 1..4"},
    {"chair_totals_total_check", kBad, "a chair total is -100,000..100,000"},
    {"chair_totals_current", kTaken, "the chair has a current total already"},
    {"chair_totals_pkey", kTaken, "a chair total with this id exists already"},
    {"chair_totals_replaced_by_fkey", kMissing, "the replacing chair total does not exist"},
    {"chair_totals_event_id_table_id_fkey", kMissing, "the table does not exist"},
    {"play_tables_session", kMissing, "the table's session does not exist"},
    {"play_tables_session_round", kTaken,
     "the session has a table of this number in this round already"},
    {"play_tables_round_check", kBad, "rounds are numbered from 1"},
    {"play_tables_table_number_check", kBad, "tables are numbered from 1"},
    {"play_tables_session_place", kBad,
     "a session's table has its session, round and table number; another table has none"},
    {"seatings_player", kMissing, "a seated player is not a player of the event"},
    {"results_matadors_check", kBad, "matadors are with or without 1 to 11"},
    {"results_level_check", kBad, "a game's level is not negative"},
    {"adjustments_pkey", kTaken, "an adjustment with this id exists already"},
    {"adjustments_event_id_fkey", kMissing, "the adjustment's event does not exist"},
    {"adjustments_event_id_table_id_fkey", kMissing, "the adjusted table does not exist"},
    {"adjustments_event_id_player_id_fkey", kMissing, "the adjusted player does not exist"},
    {"adjustments_kind_check", kBad,
     "an adjustment is assigned, artificial, a penalty or a fouled board"},
    {"adjustments_session_check", kBad, "sessions are numbered from 1"},
    {"adjustments_board_number_check", kBad, "boards are numbered from 1"},
    {"adjustments_direction_check", kBad, "a direction is forehand, middlehand or rearhand"},
    {"adjustments_artificial_percent_check", kBad, "an artificial score is 40, 50 or 60 %"},
    {"adjustments_version_check", kBad, "a fouled board's versions are numbered from 1"},
    {"adjustments_reason_check", kBad, "an adjustment's reason has 1 to 500 characters"},
    {"adjustments_check", kBad, "an assigned score names its table, board, direction and score"},
    {"adjustments_check1", kBad,
     "an artificial score names its table, board, direction and percentage"},
    {"adjustments_check2", kBad, "a penalty names its player and its amount"},
    {"adjustments_check3", kBad, "a fouled board names its table, board and version"},
};

// 0004: imported games.
constexpr Row kImportedGames[] = {
    {"imported_games_pkey", kTaken, "the table holds an imported game already"},
    {"imported_games_event_id_game_key_key", kTaken, "the event has imported this game already"},
    {"imported_games_event_id_set_id_board_number_key", kTaken,
     "the board set's board holds an imported game already"},
    {"imported_games_event_id_table_id_fkey", kMissing, "the imported game's table does not exist"},
    {"imported_games_event_id_set_id_board_number_fkey", kMissing,
     "the imported game's board does not exist"},
    {"imported_games_line_check", kBad, "lines are numbered from 1"},
    {"imported_games_game_key_check", kBad, "a game key has 5 to 300 characters"},
    {"imported_games_record_check", kBad, "an imported record is not empty"},
    {"imported_games_record_sha256_check", kBad, "a record's SHA-256 is 64 hex digits"},
};

// 0005: par tables.
constexpr Row kParTables[] = {
    {"par_tables_pkey", kTaken, "the deal has a par table of this profile and version already"},
    {"par_tables_deal_number_check", kBad, "a deal number is 0 to 5,506,588,817,009,279"},
    {"par_tables_profile_check", kBad, "a par table names its rule profile"},
    {"par_tables_version_check", kBad, "a par table's version is 1 or more"},
    {"par_tables_par_game_check", kBad, "a par table names its par game"},
    {"par_tables_par_summary_check", kBad, "a par table has its summary"},
    {"par_tables_analysis_check", kBad, "a par table has its analysis"},
};

// 0006: how a board set was revealed.
constexpr Row kReveals[] = {
    {"board_sets_reveal_reason_check", kBad, "a forced reveal's reason has at most 500 bytes"},
    {"board_sets_reveal_shape", kBad,
     "a board set is revealed before it has a reveal time, and forced only with a reason"},
};

// 0007: refused reports of physical play.
constexpr Row kRefusedReports[] = {
    {"refused_reports_pkey", kTaken, "a refused report with this id is kept already"},
    {"refused_reports_event_id_table_id_fkey", kMissing,
     "the refused report's table does not exist"},
    {"refused_reports_board_index_check", kBad, "a board's place at its table is 0 or more"},
    {"refused_reports_board_number_check", kBad, "a board number is 1 or more"},
    {"refused_reports_entered_by_check", kBad, "a refused report names who sent it"},
    {"refused_reports_reason_check", kBad, "a refused report names the refusal's reason"},
};

// 0008: StartSession's request ids.
constexpr Row kSessionRequests[] = {
    {"sessions_request_id_check", kBad,
     "a session's request id has 1 to 64 letters, digits, '-' or '_'"},
    {"sessions_request_sha256_check", kBad, "a session's request is kept as its SHA-256"},
    {"sessions_request", kBad,
     "a session's request id and the SHA-256 of its request are kept together"},
    {"sessions_event_id_request_id_key", kTaken,
     "the event has a session started with this request id already"},
};

// 0012: registries of persons, an event's registry, a player's person.
constexpr Row kRegistries[] = {
    {"registries_pkey", kTaken, "a registry with this id exists already"},
    {"registries_id_check", kBad, "a registry id is \"rg-\" and 10 lowercase letters or digits"},
    {"registries_name_check", kBad, "a registry's name has 1 to 200 characters"},
    {"registries_token_sha256_check", kBad,
     "a registry token is kept as its SHA-256 (64 hex digits)"},
    {"persons_pkey", kTaken, "the registry has a person with this id already"},
    {"persons_registry_id_fkey", kMissing, "the person's registry does not exist"},
    {"persons_id_check", kBad, "a person id is \"pe-\" and 10 lowercase letters or digits"},
    {"persons_seq_key", kTaken, "a person's place in the order of adding is taken"},
    {"persons_name_check", kBad, "a person's name has 1 to 200 characters"},
    {"persons_club_check", kBad, "a person's club has at most 200 characters"},
    {"persons_member_number_check", kBad, "a member number has 1 to 50 characters"},
    {"persons_member_number", kTaken, "another person of the registry has this member number"},
    {"persons_registry_id_merged_into_fkey", kMissing,
     "a person is merged into a person of the same registry"},
    {"persons_merged_into_another", kBad, "a person cannot be merged into itself"},
    {"registry_log_pkey", kTaken, "a registry log entry with this number exists already"},
    {"registry_log_registry_id_fkey", kMissing, "the log entry's registry does not exist"},
    {"registry_log_act_check", kBad,
     "a registry log entry is add, import, update, merge, rotate-token, link or rate"},
    {"events_registry_id_fkey", kMissing, "the event's registry does not exist"},
    {"events_rated_in_a_registry", kBad, "only an event of a registry is rated"},
    {"players_person_fkey", kMissing, "the player's person is not in the event's registry"},
    {"players_person_with_registry", kBad, "a player's person is named with its registry"},
    {"players_person_once", kTaken, "the person plays in the event already"},
    {"registry_log_detail_check", kBad,
     "a registry log entry's detail has at most 2000 characters"},
};

// 0014: a person's boards (docs/persons.md "Boards").
constexpr Row kPersonBoards[] = {
    {"person_boards_pkey", kTaken, "the player's board is in the person's boards already"},
    {"person_boards_event_id_fkey", kMissing, "the board's event does not exist"},
    {"person_boards_session_check", kBad, "a session number is 1 or more"},
    {"person_boards_round_check", kBad, "a round number is 1 or more"},
    {"person_boards_board_check", kBad, "a board number is 1 or more"},
    {"person_boards_direction_check", kBad, "a direction is forehand, middlehand or rearhand"},
    {"person_boards_role_check", kBad, "a role is declarer, defender or no-game"},
    {"person_boards_game_type_check", kBad,
     "a game type is diamonds, hearts, spades, clubs, grand, null, ramsch or passed"},
    {"person_board_stamps_pkey", kTaken, "the event's boards have a stamp already"},
    {"person_board_stamps_event_id_fkey", kMissing, "the stamp's event does not exist"},
    {"game_studies_pkey", kTaken, "the study of this game is kept already"},
    {"game_studies_event_id_fkey", kMissing, "the studied game's event does not exist"},
    {"score_frame_changes_pkey", kTaken, "the event has a change mark already"},
    {"score_frame_changes_event_id_fkey", kMissing, "the change mark's event does not exist"},
    {"game_studies_board_check", kBad, "a board number is 1 or more"},
    {"game_studies_version_check", kBad, "a study's version is 1 or more"},
    {"game_studies_declarer_lost_check", kBad, "a side loses 0 to 120 card points"},
    {"game_studies_defenders_lost_check", kBad, "a side loses 0 to 120 card points"},
};

// 0015: an event's language and deck (docs/i18n.md "Printed sheets", docs/cards.md "Decks").
constexpr Row kEventLanguageAndDeck[] = {
    {"events_language_check", kBad, "an event's language is en or de"},
    {"events_deck_check", kBad, "an event's deck is french, four or german"},
};

// 0016: table codes (docs/tables.md "Table codes").
constexpr Row kTableCodes[] = {
    {"play_tables_code_sha256_key", kTaken, "another table has this table code"},
    {"play_tables_code_sha256_check", kBad, "a table code is kept as its SHA-256 (64 hex digits)"},
    {"play_tables_code_physical", kBad, "only a table played with real cards has a table code"},
};

// 0017: an event's ranking key (docs/comparative.md "Ranking"); its comparison check is 0001's.
constexpr Row kEventRanking[] = {
    {"events_ranking_check", kBad, "an event's ranking is percentage, matchpoint-sum or total"},
    {"events_ranking_fits_comparison", kBad,
     "an event's ranking fits its comparison: matchpoint-sum only under matchpoints or "
     "session-total, total only under total, datum or synchron (docs/comparative.md \"Ranking\")"},
};

// 0018: seasons, their events and the team sheets of their match days (docs/seasons.md).
constexpr Row kSeasons[] = {
    {"seasons_pkey", kTaken, "a season with this id exists already"},
    {"seasons_id_check", kBad, "a season id is \"se-\" and 10 lowercase letters or digits"},
    {"seasons_registry_id_fkey", kMissing, "the season's registry does not exist"},
    {"seasons_name_check", kBad, "a season's name has 1 to 200 characters"},
    {"seasons_aggregate_check", kBad, "a season table is a sum or an average"},
    {"seasons_best_of_check", kBad, "best_of is 0 to 100"},
    {"seasons_min_attendance_check", kBad, "min_attendance is 0 to 100"},
    {"seasons_win_points_check", kBad, "win_points is 0 to 100"},
    {"seasons_draw_points_check", kBad, "draw_points is 0 to 100"},
    {"seasons_loss_points_check", kBad, "loss_points is 0 to 100"},
    {"seasons_placing_points_check", kBad, "placing_points has 1 to 20 values"},
    {"seasons_entry_fee_cents_check", kBad, "entry_fee_cents is 0 to 100,000,000"},
    {"seasons_prize_split_permille_check", kBad, "prize_split_permille has at most 100 shares"},
    {"seasons_pot_permille_check", kBad, "pot_permille is 0 to 1000"},
    {"seasons_pot_split_permille_check", kBad, "pot_split_permille has at most 100 shares"},
    {"seasons_loss_fee_cents_check", kBad, "loss_fee_cents is 0 to 100,000,000"},
    {"seasons_loss_fee_games_check", kBad, "loss_fee_games is 0 to 1000"},
    {"seasons_loss_fee_after_cents_check", kBad, "loss_fee_after_cents is 0 to 100,000,000"},
    {"season_events_pkey", kTaken, "the event is in the season already"},
    {"season_events_season_id_fkey", kMissing, "the season does not exist"},
    {"season_events_event_id_fkey", kMissing, "the season's event does not exist"},
    {"team_sheet_entries_pkey", kTaken, "the player is on the club's team sheet already"},
    {"team_sheet_entries_position_check", kBad, "a team sheet has at most 50 entries"},
    {"team_sheet_entries_from_round_check", kBad, "a substitute comes in from round 1 to 1000"},
    {"team_sheet_entries_season_id_event_id_fkey", kMissing,
     "a team sheet's event is not in the season"},
};

// migrations.cc: the migrations applied.
constexpr Row kMigrations[] = {
    {"schema_migrations_pkey", kTaken, "this migration was applied already"},
};

}  // namespace

const std::vector<Refusal>& SchemaRefusals() {
  static const std::vector<Refusal> refusals = [] {
    std::vector<Refusal> all;
    for (const std::span<const Row> table :
         {std::span<const Row>(kEventsAndBoards), std::span<const Row>(kTablesAndGames),
          std::span<const Row>(kSessionsAndScoring), std::span<const Row>(kImportedGames),
          std::span<const Row>(kParTables), std::span<const Row>(kReveals),
          std::span<const Row>(kRefusedReports), std::span<const Row>(kSessionRequests),
          std::span<const Row>(kRegistries), std::span<const Row>(kPersonBoards),
          std::span<const Row>(kEventLanguageAndDeck), std::span<const Row>(kTableCodes),
          std::span<const Row>(kEventRanking), std::span<const Row>(kSeasons),
          std::span<const Row>(kMigrations)}) {
      for (const Row& r : table) {
        all.push_back({std::string(r.constraint), r.code, std::string(r.message)});
      }
    }
    return all;
  }();
  return refusals;
}

const Refusal* FindRefusal(std::string_view server_message, const std::vector<Refusal>& refusals) {
  server_message = server_message.substr(0, server_message.find('\n'));
  const Refusal* first = nullptr;
  size_t first_at = std::string_view::npos;
  for (const Refusal& r : refusals) {
    const size_t at = FindName(server_message, r.constraint);
    if (at < first_at) {
      first = &r;
      first_at = at;
    }
  }
  return first;
}

}  // namespace skat::store
