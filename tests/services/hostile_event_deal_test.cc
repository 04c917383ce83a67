// Hostile requests for every RPC of EventService and DealService (docs/reliability.md "Hostile
// input"): missing fields, *_UNSPECIFIED enums, out-of-range numbers, 1 MB strings, huge repeated
// fields, malformed resource names, missing and wrong tokens, another event's director token and
// resources that do not exist. Each case checks the status code, a message naming the field or
// value, and that no row was written (tests/services/hostile_test_util.h).
#include <climits>

#include "tests/services/hostile_test_util.h"

namespace skat::service {
namespace {

using grpc::StatusCode;
using testing_hostile::Call;
using testing_hostile::Case;
using testing_hostile::Huge;
using testing_hostile::kForgedPageToken;
using testing_table::Context;
using ES = v1::EventService::Stub;
using DS = v1::DealService::Stub;

constexpr char kNoEvent[] = "events/ev-doesnotexist";

class HostileEventDealTest : public testing_table::TableServiceFixture {
 protected:
  void SetUp() override {
    TableServiceFixture::SetUp();
    CreateEventAndSet(6);
    // A table playing the set: its boards are in play, so the set may not be revealed.
    v1::OpenTableResponse table;
    ASSERT_TRUE(OpenTable({1, 2}, &table).ok());
    // Another event, its director token and its board set.
    v1::CreateEventRequest event;
    event.set_display_name("Other event");
    v1::CreateEventResponse created;
    ASSERT_TRUE(event_stub_->CreateEvent(Context("").get(), event, &created).ok());
    other_event_ = created.event().name();
    other_director_ = created.director_token();
    v1::CreateBoardSetRequest set;
    set.set_parent(other_event_);
    set.set_board_count(3);
    v1::BoardSet made;
    ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(other_director_).get(), set, &made).ok());
    other_set_ = made.name();
    // A set that awaits its beacon value.
    set.set_parent(event_);
    set.set_beacon_source("the first drawing of the Milwaukee lottery");
    ASSERT_TRUE(deal_stub_->CreateBoardSet(Context(director_).get(), set, &made).ok());
    beacon_set_ = made.name();
    // A club with a player, and a player of the other event.
    v1::AddClubRequest club;
    club.set_parent(event_);
    club.set_display_name("Milwaukee");
    v1::Club club_made;
    ASSERT_TRUE(event_stub_->AddClub(Context(director_).get(), club, &club_made).ok());
    club_ = club_made.name();
    v1::AddPlayerRequest player;
    player.set_parent(event_);
    player.set_display_name("Player");
    v1::Player p;
    ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
    player_ = p.name();
    player.set_parent(other_event_);
    ASSERT_TRUE(event_stub_->AddPlayer(Context(other_director_).get(), player, &p).ok());
    other_player_ = p.name();
    // Two more, so that a congress of three players would be generated.
    player.set_parent(event_);
    for (int i = 0; i < 2; ++i) {
      player.set_display_name("Player " + std::to_string(i + 2));
      ASSERT_TRUE(event_stub_->AddPlayer(Context(director_).get(), player, &p).ok());
      more_players_.push_back(p.name());
    }
  }

  // A StartSession request of this event with `players` players listed and `edit` applied.
  grpc::Status StartSession(const std::function<void(v1::StartSessionRequest&)>& edit,
                            const std::string& token) {
    v1::StartSessionRequest r;
    r.set_parent(event_);
    r.set_board_set(set_);
    r.set_movement(v1::MOVEMENT_KIND_CONGRESS);
    r.add_players(player_);
    edit(r);
    return Call(*event_stub_, &ES::StartSession, r, token);
  }

  std::vector<Case> EventCases() {
    auto create = [this](const std::function<void(v1::CreateEventRequest&)>& edit) {
      return [this, edit] {
        v1::CreateEventRequest r;
        r.set_display_name("An event");
        edit(r);
        return Call(*event_stub_, &ES::CreateEvent, r, "");
      };
    };
    auto get = [this](std::string name) {
      return [this, name] {
        v1::GetEventRequest r;
        r.set_name(name);
        return Call(*event_stub_, &ES::GetEvent, r, "");
      };
    };
    auto club = [this](std::string parent, std::string name, std::string token) {
      return [=, this] {
        v1::AddClubRequest r;
        r.set_parent(parent);
        r.set_display_name(name);
        return Call(*event_stub_, &ES::AddClub, r, token);
      };
    };
    auto player = [this](std::string name, std::string club_name, std::string token) {
      return [=, this] {
        v1::AddPlayerRequest r;
        r.set_parent(event_);
        r.set_display_name(name);
        r.set_club(club_name);
        return Call(*event_stub_, &ES::AddPlayer, r, token);
      };
    };
    auto list = [this](std::string parent, int page_size = 0, std::string page_token = "") {
      return [=, this] {
        v1::ListPlayersRequest r;
        r.set_parent(parent);
        r.set_page_size(page_size);
        r.set_page_token(page_token);
        return Call(*event_stub_, &ES::ListPlayers, r, "");
      };
    };
    auto sessions = [this](std::string parent, int page_size = 0, std::string page_token = "") {
      return [=, this] {
        v1::ListSessionsRequest r;
        r.set_parent(parent);
        r.set_page_size(page_size);
        r.set_page_token(page_token);
        return Call(*event_stub_, &ES::ListSessions, r, "");
      };
    };
    auto list_events = [this](int page_size, std::string page_token) {
      return [=, this] {
        v1::ListEventsRequest r;
        r.set_page_size(page_size);
        r.set_page_token(page_token);
        return Call(*event_stub_, &ES::ListEvents, r, "");
      };
    };
    auto get_profile = [this](std::string name) {
      return [=, this] {
        v1::GetRuleProfileRequest r;
        r.set_name(name);
        return Call(*event_stub_, &ES::GetRuleProfile, r, "");
      };
    };
    auto list_profiles = [this](int page_size, std::string page_token) {
      return [=, this] {
        v1::ListRuleProfilesRequest r;
        r.set_page_size(page_size);
        r.set_page_token(page_token);
        return Call(*event_stub_, &ES::ListRuleProfiles, r, "");
      };
    };
    auto session = [this](std::function<void(v1::StartSessionRequest&)> edit,
                          std::string token = "") {
      return [=, this] { return StartSession(edit, token.empty() ? director_ : token); };
    };
    // An ImportGames request (one unreadable record, so that nothing would be written even if
    // the request were accepted) with `edit` applied.
    auto import = [this](std::function<void(v1::ImportGamesRequest&)> edit,
                         std::string token = "") {
      return [=, this] {
        v1::ImportGamesRequest r;
        r.set_records("(;GM[Skat];)\n");
        edit(r);
        return Call(*event_stub_, &ES::ImportGames, r, token);
      };
    };
    auto get_session = [this](std::string name) {
      return [=, this] {
        v1::GetSessionRequest r;
        r.set_name(name);
        return Call(*event_stub_, &ES::GetSession, r, "");
      };
    };
    const std::string ev = event_.substr(7);
    const StatusCode kInvalid = StatusCode::INVALID_ARGUMENT;
    return {
        {"EventService.CreateEvent", "no display_name", kInvalid, "display_name",
         create([](auto& r) { r.clear_display_name(); })},
        {"EventService.CreateEvent", "1 MB display_name", kInvalid, "display_name",
         create([](auto& r) { r.set_display_name(Huge()); })},
        {"EventService.CreateEvent", "unknown profile", kInvalid, "profile 'ramsch-only'",
         create([](auto& r) { r.set_profile("ramsch-only"); })},
        {"EventService.CreateEvent", "1 MB profile", kInvalid, "profile",
         create([](auto& r) { r.set_profile(Huge()); })},
        {"EventService.CreateEvent", "board_score 99", kInvalid, "board_score",
         create([](auto& r) { r.set_board_score(static_cast<v1::BoardScore>(99)); })},
        {"EventService.CreateEvent", "comparison -1", kInvalid, "comparison",
         create([](auto& r) { r.set_comparison(static_cast<v1::Comparison>(-1)); })},
        {"EventService.CreateEvent", "tie break UNSPECIFIED", kInvalid, "tie_breaks",
         create([](auto& r) { r.add_tie_breaks(v1::TIE_BREAK_UNSPECIFIED); })},
        {"EventService.CreateEvent", "100,000 tie breaks", kInvalid, "listed twice",
         create([](auto& r) {
           for (int i = 0; i < 100000; ++i) r.add_tie_breaks(v1::TIE_BREAK_DIFF);
         })},
        {"EventService.CreateEvent", "unknown language", kInvalid, "language 'fr'",
         create([](auto& r) { r.set_language("fr"); })},
        {"EventService.CreateEvent", "1 MB deck", kInvalid, "allowed: french, four, german",
         create([](auto& r) { r.set_deck(Huge()); })},
        {"EventService.GetEvent", "no name", kInvalid, "events/{event}", get("")},
        {"EventService.GetEvent", "1 MB name", kInvalid, "events/{event}", get("events/" + Huge())},
        {"EventService.GetEvent", "SQL in the name", kInvalid, "events/{event}",
         get("events/x'); DROP TABLE events;--")},
        {"EventService.GetEvent", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         get(kNoEvent)},
        {"EventService.ListEvents", "page_size -1", kInvalid, "page_size -1", list_events(-1, "")},
        {"EventService.ListEvents", "a forged page_token", kInvalid, "page_token",
         list_events(0, kForgedPageToken)},
        {"EventService.ListEvents", "1 MB page_token", kInvalid, "page_token",
         list_events(0, Huge())},
        {"EventService.ListEvents", "page_size 2^31-1 (capped)", StatusCode::OK, "",
         list_events(2147483647, "")},
        {"EventService.GetRuleProfile", "no name", kInvalid, "profiles/{profile}", get_profile("")},
        {"EventService.GetRuleProfile", "1 MB name", kInvalid, "profiles/{profile}",
         get_profile("profiles/" + Huge())},
        {"EventService.GetRuleProfile", "SQL in the name", StatusCode::NOT_FOUND, "no rule profile",
         get_profile("profiles/x'); DROP TABLE events;--")},
        {"EventService.GetRuleProfile", "an option twice", StatusCode::NOT_FOUND, "no rule profile",
         get_profile("profiles/eichhorn-1898+contra+contra")},
        {"EventService.ListRuleProfiles", "page_size -1", kInvalid, "page_size -1",
         list_profiles(-1, "")},
        {"EventService.ListRuleProfiles", "a forged page_token", kInvalid, "page_token",
         list_profiles(0, kForgedPageToken)},
        {"EventService.ListRuleProfiles", "1 MB page_token", kInvalid, "page_token",
         list_profiles(0, Huge())},
        {"EventService.ListRuleProfiles", "page_size 2^31-1 (capped)", StatusCode::OK, "",
         list_profiles(2147483647, "")},
        {"EventService.AddClub", "no token", StatusCode::UNAUTHENTICATED, "token",
         club(event_, "Chicago", "")},
        {"EventService.AddClub", "wrong token", StatusCode::PERMISSION_DENIED, event_,
         club(event_, "Chicago", "not-a-token")},
        {"EventService.AddClub", "the other event's director token", StatusCode::PERMISSION_DENIED,
         event_, club(event_, "Chicago", other_director_)},
        {"EventService.AddClub", "no parent", kInvalid, "events/{event}",
         club("", "Chicago", director_)},
        {"EventService.AddClub", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         club(kNoEvent, "Chicago", director_)},
        {"EventService.AddClub", "no display_name", kInvalid, "display_name",
         club(event_, "", director_)},
        {"EventService.AddClub", "1 MB display_name", kInvalid, "display_name",
         club(event_, Huge(), director_)},
        {"EventService.AddPlayer", "no token", StatusCode::UNAUTHENTICATED, "token",
         player("P", "", "")},
        {"EventService.AddPlayer", "1 MB display_name", kInvalid, "display_name",
         player(Huge(), "", director_)},
        {"EventService.AddPlayer", "malformed club", kInvalid, "clubs/{id}",
         player("P", "clubs/x", director_)},
        {"EventService.AddPlayer", "club of another event", kInvalid, "another event",
         player("P", other_event_ + "/clubs/cl-x", director_)},
        {"EventService.AddPlayer", "unknown club", StatusCode::NOT_FOUND, "cl-doesnotexist",
         player("P", event_ + "/clubs/cl-doesnotexist", director_)},
        {"EventService.ListPlayers", "malformed parent", kInvalid, "events/{event}",
         list("event/" + ev)},
        {"EventService.ListPlayers", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         list(kNoEvent)},
        {"EventService.ListPlayers", "page_size -1", kInvalid, "page_size -1", list(event_, -1)},
        {"EventService.ListPlayers", "a forged page_token", kInvalid, "page_token",
         list(event_, 0, kForgedPageToken)},
        {"EventService.ListSessions", "malformed parent", kInvalid, "events/{event}",
         sessions("event/" + ev)},
        {"EventService.ListSessions", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         sessions(kNoEvent)},
        {"EventService.ListSessions", "page_size -1", kInvalid, "page_size -1",
         sessions(event_, -1)},
        {"EventService.ListSessions", "a forged page_token", kInvalid, "page_token",
         sessions(event_, 0, kForgedPageToken)},
        {"EventService.StartSession", "no token", StatusCode::UNAUTHENTICATED, "token",
         [this] { return StartSession([](auto&) {}, ""); }},
        {"EventService.StartSession", "other event's token", StatusCode::PERMISSION_DENIED, event_,
         session([](auto&) {}, other_director_)},
        {"EventService.StartSession", "movement UNSPECIFIED", kInvalid, "movement 0",
         session([](auto& r) { r.set_movement(v1::MOVEMENT_KIND_UNSPECIFIED); })},
        {"EventService.StartSession", "no board_set", kInvalid, "boardSets/{id}",
         session([](auto& r) { r.clear_board_set(); })},
        {"EventService.StartSession", "board set of another event", kInvalid, "another event",
         session([this](auto& r) { r.set_board_set(other_set_); })},
        {"EventService.StartSession", "unknown board set", StatusCode::NOT_FOUND, "bs-nope",
         session([this](auto& r) { r.set_board_set(event_ + "/boardSets/bs-nope"); })},
        {"EventService.StartSession", "set awaiting its beacon", StatusCode::FAILED_PRECONDITION,
         "beacon", session([this](auto& r) { r.set_board_set(beacon_set_); })},
        {"EventService.StartSession", "unknown player", StatusCode::NOT_FOUND, "pl-nope",
         session([this](auto& r) { r.add_players(event_ + "/players/pl-nope"); })},
        {"EventService.StartSession", "player of another event", kInvalid, "another event",
         session([this](auto& r) { r.add_players(other_player_); })},
        {"EventService.StartSession", "50,000 players, all the same", kInvalid, "listed twice",
         session([this](auto& r) {
           for (int i = 0; i < 50000; ++i) r.add_players(player_);
         })},
        {"EventService.StartSession", "1 MB player name", kInvalid, "players/{id}",
         session([](auto& r) { r.add_players(Huge()); })},
        {"EventService.StartSession", "2^31-1 rounds of 3 players", kInvalid, "rounds 2147483647",
         session([this](auto& r) {
           for (const std::string& p : more_players_) r.add_players(p);
           r.set_rounds(INT_MAX);
         })},
        {"EventService.StartSession", "2^31-2 inter-club tables", kInvalid, "tables 2147483646",
         session([](auto& r) {
           r.set_movement(v1::MOVEMENT_KIND_INTER_CLUB);
           r.set_tables(INT_MAX - 1);
         })},
        {"EventService.StartSession", "negative boards_per_round", kInvalid, "boards_per_round -3",
         session([](auto& r) {
           r.set_movement(v1::MOVEMENT_KIND_INDIVIDUAL);
           r.set_boards_per_round(-3);
         })},
        {"EventService.StartSession", "mode 7", kInvalid, "mode 7", session([this](auto& r) {
           for (const std::string& p : more_players_) r.add_players(p);
           r.set_rounds(1);
           r.set_mode(static_cast<v1::TableMode>(7));
         })},
        {"EventService.StartSession", "too few players", kInvalid, "at least 3 players",
         session([](auto&) {})},
        {"EventService.GetSession", "malformed name", kInvalid, "sessions/{id}",
         get_session(event_ + "/session/x")},
        {"EventService.GetSession", "unknown session", StatusCode::NOT_FOUND, "se-nope",
         get_session(event_ + "/sessions/se-nope")},
        {"EventService.ImportGames", "no records", kInvalid, "no record",
         import([](auto& r) { r.set_records("\n# a comment\n"); })},
        {"EventService.ImportGames", "1,001 records", kInvalid, "1001 records", import([](auto& r) {
           std::string text;
           for (int i = 0; i < 1001; ++i) text += "(;GM[Skat];)\n";
           r.set_records(text);
         })},
        {"EventService.ImportGames", "5 MB of records (gRPC's 4 MiB message limit)",
         StatusCode::RESOURCE_EXHAUSTED, "larger than max",
         import([](auto& r) { r.set_records(std::string(5 << 20, '(')); })},
        {"EventService.ImportGames", "file_sha256 not hex", kInvalid, "file_sha256",
         import([](auto& r) { r.set_file_sha256(Huge()); })},
        {"EventService.ImportGames", "1 MB display_name", kInvalid, "display_name",
         import([](auto& r) { r.set_display_name(Huge()); })},
        {"EventService.ImportGames", "file_name with a directory", kInvalid, "file_name",
         import([](auto& r) { r.set_file_name("../../etc/passwd"); })},
        {"EventService.ImportGames", "negative first_line", kInvalid, "first_line -1",
         import([](auto& r) { r.set_first_line(-1); })},
        {"EventService.ImportGames", "malformed parent", kInvalid, "events/{event}",
         import([](auto& r) { r.set_parent("event/x"); })},
        {"EventService.ImportGames", "board_set without parent", kInvalid, "board_set",
         import([this](auto& r) { r.set_board_set(set_); })},
        {"EventService.ImportGames", "board_set of another event", kInvalid, "board_set",
         import([this](auto& r) {
           r.set_parent(other_event_);
           r.set_board_set(set_);
         })},
        {"EventService.ImportGames", "no token", StatusCode::UNAUTHENTICATED, "token",
         import([this](auto& r) { r.set_parent(event_); })},
        {"EventService.ImportGames", "the other event's director token",
         StatusCode::PERMISSION_DENIED, event_,
         import([this](auto& r) { r.set_parent(event_); }, other_director_)},
        {"EventService.ImportGames", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         import([](auto& r) { r.set_parent(kNoEvent); }, director_)},
        {"EventService.ImportGames", "an event of nasl-1909", StatusCode::FAILED_PRECONDITION,
         "isko", import([this](auto& r) { r.set_parent(event_); }, director_)},
    };
  }

  std::vector<Case> DealCases() {
    auto create = [this](std::function<void(v1::CreateBoardSetRequest&)> edit,
                         std::string token = "") {
      return [=, this] {
        v1::CreateBoardSetRequest r;
        r.set_parent(event_);
        r.set_board_count(3);
        edit(r);
        return Call(*deal_stub_, &DS::CreateBoardSet, r, token.empty() ? director_ : token);
      };
    };
    auto get_set = [this](std::string name) {
      return [=, this] {
        v1::GetBoardSetRequest r;
        r.set_name(name);
        return Call(*deal_stub_, &DS::GetBoardSet, r, "");
      };
    };
    auto list = [this](std::string parent, int page_size = 0, std::string page_token = "") {
      return [=, this] {
        v1::ListBoardSetsRequest r;
        r.set_parent(parent);
        r.set_page_size(page_size);
        r.set_page_token(page_token);
        return Call(*deal_stub_, &DS::ListBoardSets, r, "");
      };
    };
    auto beacon = [this](std::string name, std::string value, std::string token) {
      return [=, this] {
        v1::EnterBeaconRequest r;
        r.set_name(name);
        r.set_beacon_value(value);
        return Call(*deal_stub_, &DS::EnterBeacon, r, token);
      };
    };
    auto board = [this](std::string set, int number, std::string token) {
      return [=, this] {
        v1::GetBoardRequest r;
        r.set_board_set(set);
        r.set_number(number);
        return Call(*deal_stub_, &DS::GetBoard, r, token);
      };
    };
    auto reveal = [this](std::string name, std::string token, bool force = false,
                         std::string reason = "") {
      return [=, this] {
        v1::RevealBoardSetRequest r;
        r.set_name(name);
        r.set_force(force);
        r.set_reason(reason);
        return Call(*deal_stub_, &DS::RevealBoardSet, r, token);
      };
    };
    auto verify = [this](std::function<void(v1::VerifyBoardSetRequest&)> edit) {
      return [=, this] {
        v1::VerifyBoardSetRequest r;
        edit(r);
        return Call(*deal_stub_, &DS::VerifyBoardSet, r, "");
      };
    };
    auto export_set = [this](std::string name, v1::ExportFormat format, std::string token) {
      return [=, this] {
        v1::ExportBoardSetRequest r;
        r.set_name(name);
        r.set_format(format);
        return Call(*deal_stub_, &DS::ExportBoardSet, r, token);
      };
    };
    const StatusCode kInvalid = StatusCode::INVALID_ARGUMENT;
    return {
        {"DealService.CreateBoardSet", "no token", StatusCode::UNAUTHENTICATED, "token",
         [this] {
           v1::CreateBoardSetRequest r;
           r.set_parent(event_);
           r.set_board_count(3);
           return Call(*deal_stub_, &DS::CreateBoardSet, r, "");
         }},
        {"DealService.CreateBoardSet", "the other event's token", StatusCode::PERMISSION_DENIED,
         event_, create([](auto&) {}, other_director_)},
        {"DealService.CreateBoardSet", "no parent", kInvalid, "events/{event}",
         create([](auto& r) { r.clear_parent(); })},
        {"DealService.CreateBoardSet", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         create([](auto& r) { r.set_parent(kNoEvent); })},
        {"DealService.CreateBoardSet", "no board_count", kInvalid, "board_count 0",
         create([](auto& r) { r.clear_board_count(); })},
        {"DealService.CreateBoardSet", "board_count -1", kInvalid, "board_count -1",
         create([](auto& r) { r.set_board_count(-1); })},
        {"DealService.CreateBoardSet", "board_count 2^31-1", kInvalid, "board_count 2147483647",
         create([](auto& r) { r.set_board_count(INT_MAX); })},
        {"DealService.CreateBoardSet", "table_size 5", kInvalid, "table_size 5",
         create([](auto& r) { r.set_table_size(5); })},
        {"DealService.CreateBoardSet", "1 MB label", kInvalid, "label",
         create([](auto& r) { r.set_label(Huge()); })},
        {"DealService.CreateBoardSet", "1 MB beacon_source", kInvalid, "beacon_source",
         create([](auto& r) { r.set_beacon_source(Huge()); })},
        {"DealService.GetBoardSet", "no name", kInvalid, "boardSets/{id}", get_set("")},
        {"DealService.GetBoardSet", "1 MB name", kInvalid, "boardSets/{id}",
         get_set(event_ + "/boardSets/" + Huge())},
        {"DealService.GetBoardSet", "unknown set", StatusCode::NOT_FOUND, "bs-nope",
         get_set(event_ + "/boardSets/bs-nope")},
        {"DealService.ListBoardSets", "malformed parent", kInvalid, "events/{event}",
         list("events/")},
        {"DealService.ListBoardSets", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         list(kNoEvent)},
        {"DealService.ListBoardSets", "page_size -1", kInvalid, "page_size -1", list(event_, -1)},
        {"DealService.ListBoardSets", "a forged page_token", kInvalid, "page_token",
         list(event_, 0, kForgedPageToken)},
        {"DealService.EnterBeacon", "no token", StatusCode::UNAUTHENTICATED, "token",
         beacon(beacon_set_, "12345", "")},
        {"DealService.EnterBeacon", "the other event's token", StatusCode::PERMISSION_DENIED,
         beacon_set_, beacon(beacon_set_, "12345", other_director_)},
        {"DealService.EnterBeacon", "no beacon_value", kInvalid, "beacon_value",
         beacon(beacon_set_, "", director_)},
        {"DealService.EnterBeacon", "1 MB beacon_value", kInvalid, "beacon_value",
         beacon(beacon_set_, Huge(), director_)},
        {"DealService.EnterBeacon", "two lines", kInvalid, "beacon_value",
         beacon(beacon_set_, "1\n2", director_)},
        {"DealService.EnterBeacon", "set without a beacon source", StatusCode::FAILED_PRECONDITION,
         "no beacon source", beacon(set_, "12345", director_)},
        {"DealService.EnterBeacon", "unknown set", StatusCode::NOT_FOUND, "bs-nope",
         beacon(event_ + "/boardSets/bs-nope", "12345", director_)},
        {"DealService.GetBoard", "no token before the reveal", StatusCode::UNAUTHENTICATED, "token",
         board(set_, 1, "")},
        {"DealService.GetBoard", "board 0", kInvalid, "board 0", board(set_, 0, director_)},
        {"DealService.GetBoard", "board 2^31-1", kInvalid, "board 2147483647",
         board(set_, INT_MAX, director_)},
        {"DealService.GetBoard", "board -5", kInvalid, "board -5", board(set_, -5, director_)},
        {"DealService.GetBoard", "set awaiting its beacon", StatusCode::FAILED_PRECONDITION,
         "beacon", board(beacon_set_, 1, director_)},
        {"DealService.RevealBoardSet", "no token", StatusCode::UNAUTHENTICATED, "token",
         reveal(set_, "")},
        {"DealService.RevealBoardSet", "the other event's token", StatusCode::PERMISSION_DENIED,
         set_, reveal(set_, other_director_)},
        {"DealService.RevealBoardSet", "malformed name", kInvalid, "boardSets/{id}",
         reveal("boardSets/x", director_)},
        {"DealService.RevealBoardSet", "set awaiting its beacon", StatusCode::FAILED_PRECONDITION,
         "beacon", reveal(beacon_set_, director_)},
        {"DealService.RevealBoardSet", "a table of the set has boards in play",
         StatusCode::FAILED_PRECONDITION, "in play", reveal(set_, director_)},
        {"DealService.RevealBoardSet", "force without a reason", kInvalid, "reason",
         reveal(set_, director_, true, "")},
        {"DealService.RevealBoardSet", "force with a blank reason", kInvalid, "reason",
         reveal(set_, director_, true, " \t\r\n")},
        {"DealService.RevealBoardSet", "force with a 1 MB reason", kInvalid, "reason",
         reveal(set_, director_, true, Huge())},
        {"DealService.RevealBoardSet", "force with a NUL byte in the reason", kInvalid, "reason",
         reveal(set_, director_, true, std::string("a\0b", 3))},
        {"DealService.RevealBoardSet", "a reason without force", kInvalid, "force",
         reveal(set_, director_, false, "why not")},
        {"DealService.VerifyBoardSet", "no source", kInvalid, "archive", verify([](auto&) {})},
        {"DealService.VerifyBoardSet", "1 MB of garbage", kInvalid, "",
         verify([](auto& r) { r.set_archive(Huge()); })},
        {"DealService.VerifyBoardSet", "unrevealed set", StatusCode::FAILED_PRECONDITION,
         "not revealed", verify([this](auto& r) { r.set_name(set_); })},
        {"DealService.VerifyBoardSet", "unknown set", StatusCode::NOT_FOUND, "bs-nope",
         verify([this](auto& r) { r.set_name(event_ + "/boardSets/bs-nope"); })},
        {"DealService.ExportBoardSet", "format UNSPECIFIED", kInvalid, "format",
         export_set(set_, v1::EXPORT_FORMAT_UNSPECIFIED, director_)},
        {"DealService.ExportBoardSet", "format 99", kInvalid, "format",
         export_set(set_, static_cast<v1::ExportFormat>(99), director_)},
        {"DealService.ExportBoardSet", "no token before the reveal", StatusCode::UNAUTHENTICATED,
         "token", export_set(set_, v1::EXPORT_FORMAT_JSON, "")},
        {"DealService.ExportBoardSet", "set awaiting its beacon", StatusCode::FAILED_PRECONDITION,
         "beacon", export_set(beacon_set_, v1::EXPORT_FORMAT_JSON, director_)},
    };
  }

  // StartSession's request_id, IssueSeatTokens and RotateDirectorToken.
  std::vector<Case> TokenCases() {
    constexpr StatusCode kInvalid = StatusCode::INVALID_ARGUMENT;
    auto issue = [this](std::function<void(v1::IssueSeatTokensRequest&)> edit,
                        std::string token = "-") {
      return [=, this] {
        v1::IssueSeatTokensRequest r;
        r.set_name(event_ + "/sessions/se-nope");
        edit(r);
        return Call(*event_stub_, &ES::IssueSeatTokens, r, token == "-" ? director_ : token);
      };
    };
    auto rotate = [this](std::string name, std::string token) {
      return [=, this] {
        v1::RotateDirectorTokenRequest r;
        r.set_name(name);
        return Call(*event_stub_, &ES::RotateDirectorToken, r, token);
      };
    };
    // UpdateEvent of `name` with `mask`, language and deck as given.
    auto update = [this](std::string name, std::string token, std::vector<std::string> mask,
                         std::string language, std::string deck) {
      return [=, this] {
        v1::UpdateEventRequest r;
        r.mutable_event()->set_name(name);
        r.mutable_event()->set_language(language);
        r.mutable_event()->set_deck(deck);
        for (const std::string& path : mask) r.add_update_mask(path);
        return Call(*event_stub_, &ES::UpdateEvent, r, token);
      };
    };
    // A congress of three players for one round: valid but for its request_id.
    auto session = [this](std::string request_id) {
      return [=, this] {
        return StartSession(
            [&](v1::StartSessionRequest& r) {
              for (const std::string& p : more_players_) r.add_players(p);
              r.set_rounds(1);
              r.set_request_id(request_id);
            },
            director_);
      };
    };
    return {
        {"EventService.StartSession", "request_id with a space", kInvalid, "request_id",
         session("a b")},
        {"EventService.StartSession", "1 MB request_id", kInvalid, "request_id", session(Huge())},
        {"EventService.StartSession", "65-character request_id", kInvalid, "request_id",
         session(std::string(65, 'a'))},
        {"EventService.IssueSeatTokens", "no token", StatusCode::UNAUTHENTICATED, "token",
         issue([](auto&) {}, "")},
        {"EventService.IssueSeatTokens", "other event's token", StatusCode::PERMISSION_DENIED,
         event_, issue([](auto&) {}, other_director_)},
        {"EventService.IssueSeatTokens", "malformed name", kInvalid, "sessions/{id}",
         issue([this](auto& r) { r.set_name(event_ + "/session/x"); })},
        {"EventService.IssueSeatTokens", "1 MB name", kInvalid, "sessions/{id}",
         issue([](auto& r) { r.set_name(Huge()); })},
        {"EventService.IssueSeatTokens", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         issue([](auto& r) { r.set_name(std::string(kNoEvent) + "/sessions/se-nope"); })},
        {"EventService.IssueSeatTokens", "unknown session", StatusCode::NOT_FOUND, "se-nope",
         issue([](auto&) {})},
        {"EventService.IssueSeatTokens", "negative page_size", kInvalid, "page_size -1",
         issue([](auto& r) { r.set_page_size(-1); })},
        {"EventService.IssueSeatTokens", "a forged page_token", kInvalid, "page_token",
         issue([](auto& r) { r.set_page_token("0.-5"); })},
        {"EventService.IssueSeatTokens", "1 MB page_token", kInvalid, "page_token",
         issue([](auto& r) { r.set_page_token(Huge()); })},
        {"EventService.RotateDirectorToken", "no token", StatusCode::UNAUTHENTICATED, "token",
         rotate(event_, "")},
        {"EventService.RotateDirectorToken", "other event's token", StatusCode::PERMISSION_DENIED,
         event_, rotate(event_, other_director_)},
        {"EventService.RotateDirectorToken", "malformed name", kInvalid, "events/{event}",
         rotate("event/x", director_)},
        {"EventService.RotateDirectorToken", "1 MB name", kInvalid, "events/{event}",
         rotate(Huge(), director_)},
        {"EventService.RotateDirectorToken", "unknown event", StatusCode::NOT_FOUND,
         "ev-doesnotexist", rotate(kNoEvent, director_)},
        {"EventService.UpdateEvent", "no token", StatusCode::UNAUTHENTICATED, "token",
         update(event_, "", {"deck"}, "", "german")},
        {"EventService.UpdateEvent", "other event's token", StatusCode::PERMISSION_DENIED, event_,
         update(event_, other_director_, {"deck"}, "", "german")},
        {"EventService.UpdateEvent", "malformed name", kInvalid, "events/{event}",
         update("event/x", director_, {"deck"}, "", "german")},
        {"EventService.UpdateEvent", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         update(kNoEvent, director_, {"deck"}, "", "german")},
        {"EventService.UpdateEvent", "empty mask", kInvalid, "update_mask",
         update(event_, director_, {}, "de", "german")},
        {"EventService.UpdateEvent", "a path of another field", kInvalid, "'display_name'",
         update(event_, director_, {"display_name"}, "de", "german")},
        {"EventService.UpdateEvent", "1 MB language", kInvalid, "allowed: en, de",
         update(event_, director_, {"language"}, Huge(), "")},
        {"EventService.UpdateEvent", "1 MB path", kInvalid, "update_mask path",
         update(event_, director_, {Huge()}, "", "")},
    };
  }

  // ExportEvent and ImportEvent (docs/event-archive.md).
  std::vector<Case> ArchiveCases() {
    constexpr StatusCode kInvalid = StatusCode::INVALID_ARGUMENT;
    auto export_event = [this](std::string name, std::string token) {
      return [=, this] {
        v1::ExportEventRequest r;
        r.set_name(name);
        return testing_hostile::Stream<v1::ExportEventResponse>(
            token, [&](grpc::ClientContext* c) { return event_stub_->ExportEvent(c, r); });
      };
    };
    // The file in chunks of `chunk` bytes, then the answer read to its end.
    auto import_event = [this](std::string file, size_t chunk = 1 << 20) {
      return [=, this] {
        auto context = testing_hostile::Context("");
        auto stream = event_stub_->ImportEvent(context.get());
        for (size_t at = 0; at < file.size() || at == 0; at += chunk) {
          v1::ImportEventRequest r;
          r.set_chunk(file.substr(at, chunk));
          if (!stream->Write(r)) break;
        }
        stream->WritesDone();
        for (v1::ImportEventResponse m; stream->Read(&m);) {
        }
        return stream->Finish();
      };
    };
    return {
        {"EventService.ExportEvent", "no token", StatusCode::UNAUTHENTICATED, "token",
         export_event(event_, "")},
        {"EventService.ExportEvent", "other event's token", StatusCode::PERMISSION_DENIED, event_,
         export_event(event_, other_director_)},
        {"EventService.ExportEvent", "1 MB name", kInvalid, "events/{event}",
         export_event(Huge(), director_)},
        {"EventService.ExportEvent", "unknown event", StatusCode::NOT_FOUND, "ev-doesnotexist",
         export_event(kNoEvent, director_)},
        {"EventService.ExportEvent", "a set awaiting its beacon", StatusCode::FAILED_PRECONDITION,
         "beacon", export_event(event_, director_)},
        {"EventService.ImportEvent", "empty file", kInvalid, "no header line", import_event("")},
        {"EventService.ImportEvent", "1 MB without a line break", kInvalid, "no header line",
         import_event(Huge())},
        {"EventService.ImportEvent", "a header of another format", kInvalid, "format 'zip'",
         import_event("{\"format\":\"zip\"}\n{}")},
        {"EventService.ImportEvent", "a header of 1 MB", kInvalid, "header line",
         import_event("{\"format\":\"" + Huge() + "\"}\n{}")},
        {"EventService.ImportEvent", "a chunk of 1 MB and 1 byte", kInvalid, "a chunk of 1048577",
         import_event(Huge() + "x", (1 << 20) + 1)},
        {"EventService.ImportEvent", "a header declaring 2 GB", kInvalid, "at most 268435456",
         import_event("{\"format\":\"skat-event-archive\",\"version\":1,\"content_length\":"
                      "2147483647}\n")},
        {"EventService.ImportEvent", "3 MB beyond the header's length", kInvalid,
         "more bytes follow",
         import_event("{\"format\":\"skat-event-archive\",\"version\":1,\"content_length\":"
                      "2}\n{}" +
                          Huge() + Huge() + Huge(),
                      1000)},
    };
  }

  std::string other_event_;
  std::string other_director_;
  std::string other_set_;
  std::string beacon_set_;
  std::string club_;
  std::string player_;
  std::string other_player_;
  std::vector<std::string> more_players_;
};

TEST_F(HostileEventDealTest, EveryRpcRefusesHostileRequestsAndWritesNothing) {
  std::set<std::string> covered;
  testing_hostile::RunCases(EventCases(), &covered);
  testing_hostile::RunCases(TokenCases(), &covered);
  testing_hostile::RunCases(DealCases(), &covered);
  testing_hostile::RunCases(ArchiveCases(), &covered);
  testing_hostile::CheckEveryRpcCovered({"EventService", "DealService"}, covered);
}

}  // namespace
}  // namespace skat::service
