// skat match: an inter-club comparative match from start to end through skatd, as the 1905
// congress played them between Milwaukee and Chicago (docs/comparative.md "Movements"):
// two clubs of
// six bot players, four tables in two mirrored pairs (A,B,A) and (B,A,B), three rounds. Every
// step is an ordinary RPC a director could make by hand: CreateEvent, AddClub, AddPlayer,
// CreateBoardSet, StartSession (the movement, its validator and one online table per table and
// round), then every seat is played by the engine's bot over gRPC (services/cli/seat/bot_driver.h),
// all tables of a round at once and the rounds in order; then GetStandings, GetTeamMatch (and
// GetSeriesLists under seeger-fabian) and the result pages (services/cli/sheets/report.h).
// `--rules` names the event's rule profile (`--rules isko` plays the International Skat Order,
// scored with seeger-fabian board scores unless --board-score says otherwise).
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/players/sampling_bot.h"
#include "engine/profile.h"
#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/refusal.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/match/match_progress.h"
#include "services/cli/match/match_setup.h"
#include "services/cli/output.h"
#include "services/cli/seat/bot_driver.h"
#include "services/cli/seat/seat_client.h"
#include "services/cli/sheets/report.h"
#include "services/cli/sheets/standings_print.h"
#include "services/common/names.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

constexpr int kPlayersPerClub = 6;
constexpr int kTables = 4;
constexpr int kRounds = 3;  // the inter-club schedule's

struct ClubSpec {
  const char* name;
  const char* letter;
  const char* players[kPlayersPerClub];
};

// Invented members of two clubs of 1905.
constexpr ClubSpec kClubs[2] = {
    {"Milwaukee Skat Club",
     "A",
     {"August Pfeiffer", "Heinrich Vogel", "Otto Baumgarten", "Fritz Schuster", "Carl Lindemann",
      "Wilhelm Koch"}},
    {"Chicago Skat Verein",
     "B",
     {"Hermann Brandt", "Louis Kraus", "Emil Wagner", "Gustav Meyer", "Ernst Hoffmann",
      "Paul Zimmermann"}},
};

std::string Today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  std::ostringstream out;
  out << std::put_time(&local, "%Y-%m-%d");
  return out.str();
}

// "1-4" for consecutive numbers, else "1, 5, 9".
std::string BoardRange(const google::protobuf::RepeatedField<int32_t>& boards) {
  if (boards.empty()) return "none";
  bool consecutive = true;
  for (int i = 1; i < boards.size(); ++i) consecutive &= boards[i] == boards[i - 1] + 1;
  if (consecutive) {
    return boards.size() == 1 ? std::to_string(boards[0])
                              : std::to_string(boards[0]) + "-" + std::to_string(*boards.rbegin());
  }
  std::string text;
  for (int b : boards) text += (text.empty() ? "" : ", ") + std::to_string(b);
  return text;
}

std::string Pad(const std::string& text, size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

struct Options {
  std::string server;
  int retry_for = 60;
  int boards = 12;
  std::string out = "skat-output";
  uint64_t seed = 0;
  int slip = 15;
  std::string bots = "sampling";
  int worlds = SamplingOptions{}.worlds;
  std::string name;
  bool quiet = false;
  bool no_analysis = false;
  std::string rules = "nasl-1909";
  std::string board_score;  // "": seeger-fabian under isko, else settled
};

// The board score the match is scored with: --board-score, else the profile's usual one (as
// RuleProfile.board_scores lists it first: Seeger-Fabian where the profile has a tournament bonus).
std::string BoardScoreOf(const Options& o) {
  if (!o.board_score.empty()) return o.board_score;
  const Profile* profile = FindProfile(o.rules);
  return profile != nullptr && profile->tournament_bonus > 0 ? "seeger-fabian" : "settled";
}

v1::BoardScore BoardScoreProto(const std::string& text) {
  return text == "pad"             ? v1::BOARD_SCORE_PAD
         : text == "seeger-fabian" ? v1::BOARD_SCORE_SEEGER_FABIAN
                                   : v1::BOARD_SCORE_SETTLED;
}

// "nasl-1909, gucki-variation, ..." from the engine.
std::string KnownProfiles() {
  std::string out;
  for (std::string_view id : ProfileIds()) out += (out.empty() ? "" : ", ") + std::string(id);
  return out;
}

class Match {
 public:
  explicit Match(const Options& o)
      : o_(o), setup_("match", o.server), scoring_(v1::ScoringService::NewStub(setup_.channel())) {}

  int Run() {
    if (int code = CreateEvent(); code != 0) return code;
    if (int code = AddPlayers(); code != 0) return code;
    if (int code = CreateBoardSet(); code != 0) return code;
    if (int code = StartSession(); code != 0) return code;
    if (int code = Play(); code != 0) return code;
    if (int code = PrintStandings(); code != 0) return code;
    if (int code = PrintClubScore(); code != 0) return code;
    if (int code = PrintSeriesLists(); code != 0) return code;
    return WritePages();
  }

 private:
  int Failed(const std::string& what, const grpc::Status& status,
             const grpc::ClientContext& context) {
    return setup_.Failed(what, status, context);
  }

  int CreateEvent() {
    v1::CreateEventRequest request;
    request.set_display_name(o_.name.empty() ? "Inter-club match, " + Today() : o_.name);
    request.set_profile(o_.rules);
    request.set_board_score(BoardScoreProto(BoardScoreOf(o_)));
    request.set_comparison(v1::COMPARISON_MATCHPOINTS);
    v1::CreateEventResponse response;
    // skatd limits the events an address creates (docs/deployment.md "Limits"): wait it out.
    if (int code =
            setup_.CreateEvent(request, std::chrono::seconds(o_.retry_for), nullptr, &response);
        code != 0) {
      return code;
    }
    event_ = setup_.event();
    std::cout << event_ << "  " << response.event().display_name() << "  ("
              << Tr("{0}, board score {1}", response.event().profile(), BoardScoreOf(o_)) << ")\n"
              << Tr("director token: {0}", response.director_token()) << "\n"
              << Tr("(shown once; keep it: export SKAT_DIRECTOR_TOKEN={0})",
                    response.director_token())
              << "\n";
    return 0;
  }

  int AddPlayers() {
    for (const ClubSpec& spec : kClubs) {
      v1::AddClubRequest club_request;
      club_request.set_parent(event_);
      club_request.set_display_name(spec.name);
      v1::Club club;
      auto context = NewContext(setup_.director());
      const grpc::Status s = setup_.events().AddClub(context.get(), club_request, &club);
      if (!s.ok()) return Failed(Tr("add the club {0}", spec.name), s, *context);
      std::string line = "\n" + club.display_name() + ":";
      for (int i = 0; i < kPlayersPerClub; ++i) {
        v1::AddPlayerRequest request;
        request.set_parent(event_);
        request.set_display_name(spec.players[i]);
        request.set_club(club.name());
        request.set_bot(true);
        v1::Player player;
        auto player_context = NewContext(setup_.director());
        const grpc::Status p = setup_.events().AddPlayer(player_context.get(), request, &player);
        if (!p.ok()) return Failed(Tr("add the player {0}", spec.players[i]), p, *player_context);
        const std::string label = spec.letter + std::to_string(i + 1);
        players_.push_back(player.name());
        labels_[player.name()] = label + " " + player.display_name();
        line += (i == 0 ? " " : ", ") + label + " " + player.display_name();
      }
      std::cout << line << " (" << Tr("bots") << ")\n";
    }
    return 0;
  }

  int CreateBoardSet() {
    v1::BoardSet set;
    if (int code = setup_.CreateBoardSet(o_.boards, &set); code != 0) return code;
    board_set_ = set.name();
    std::cout
        << "\n"
        << set.name() << "  " << TrN("{n} board", "{n} boards", set.board_count()) << "  \""
        << set.label() << "\"\n"
        << "  " << Tr("commitment:") << "  " << set.commitment() << "\n"
        << Tr("  (SHA-256 of the generator version, the label and the secret seed: after the\n"
              "  match, skat boards reveal publishes the seed and anyone can verify the boards)")
        << "\n";
    return 0;
  }

  int StartSession() {
    v1::StartSessionRequest request;
    request.set_parent(event_);
    request.set_board_set(board_set_);
    request.set_movement(v1::MOVEMENT_KIND_INTER_CLUB);
    for (const std::string& p : players_) request.add_players(p);
    request.set_tables(kTables);
    request.set_boards_per_round(o_.boards / kRounds);
    request.set_mode(v1::TABLE_MODE_ONLINE);
    auto context = NewContext(setup_.director());
    const grpc::Status s = setup_.events().StartSession(context.get(), request, &session_);
    if (!s.ok()) return Failed(Tr("start the session"), s, *context);
    const v1::Session& session = session_.session();
    std::cout << "\n"
              << session.name() << ": "
              << Tr("inter-club movement, {0}", TrN("{n} table", "{n} tables", kTables)) << "\n";
    for (const std::string& w : session.warnings()) {
      std::cout << "  " << Tr("warning: {0}", TranslatedLines(w, "validation")) << "\n";
    }
    for (const v1::SessionTable& t : session.tables()) {
      rounds_ = std::max(rounds_, t.round());
      table_numbers_[t.table()] = t.table_number();
    }
    if (o_.quiet) return 0;
    static constexpr const char* kDirections[] = {"F", "M", "R"};
    for (int round = 1; round <= rounds_; ++round) {
      std::cout << Tr("round {0}", round) << ":\n";
      for (const v1::SessionTable& t : session.tables()) {
        if (t.round() != round) continue;
        std::cout << "  T" << t.table_number() << " " << Tr("boards") << " "
                  << Pad(BoardRange(t.boards()), 6);
        const int chairs = t.players_size();
        for (int c = 0; c < chairs; ++c) {
          // With a fixed forehand chair, chairs in playing order from forehand; else by number.
          const int chair = t.forehand_chair() > 0 ? (t.forehand_chair() - 1 + c) % chairs : c;
          const auto label = labels_.find(t.players(chair));
          std::cout << (c == 0 ? " " : " | ")
                    << (t.forehand_chair() > 0 && c < 3 ? kDirections[c]
                                                        : std::to_string(chair + 1))
                    << " " << Pad(label == labels_.end() ? t.players(chair) : label->second, 19);
        }
        std::cout << "\n";
      }
    }
    return 0;
  }

  int Play() {
    std::map<int, std::vector<BotSeat>> seats;
    for (const v1::SeatToken& t : session_.seat_tokens()) {
      seats[t.round()].push_back({t.table(), t.token()});
    }
    std::map<int, int> games;
    for (const v1::SessionTable& t : session_.session().tables())
      games[t.round()] += t.boards_size();
    std::cout << std::flush;
    const BotOptions options{.server = o_.server,
                             .policy = PolicyNamed(o_.bots),
                             .seed = o_.seed,
                             .slip_percent = o_.slip,
                             .worlds = o_.worlds,
                             .retry_for = std::chrono::seconds(o_.retry_for)};
    auto channel = ConnectSeats(o_.server);
    const auto start = std::chrono::steady_clock::now();
    for (const auto& [round, round_seats] : seats) {
      RoundProgress progress(round, rounds_, games[round], table_numbers_, o_.quiet);
      const std::vector<std::string> errors = PlaySeats(channel, round_seats, options, progress);
      progress.Done();
      if (!errors.empty()) {
        for (const std::string& e : errors) {
          std::cerr << "skat match: " << Tr("round {0}", round) << ": " << e << "\n";
        }
        return 1;
      }
      played_ += progress.finished();
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "\n"
              << Tr("played {0} at {1} in {2} s, every act through the table service",
                    TrN("{n} game", "{n} games", played_),
                    TrN("{n} table", "{n} tables", session_.session().tables_size()),
                    Decimal(Fixed(seconds, 1)))
              << "\n";
    return 0;
  }

  int PrintStandings() {
    v1::GetStandingsRequest request;
    request.set_name(skat::service::SessionScopedName(event_, 0, "standings"));
    v1::Standings standings;
    auto context = NewContext(setup_.director());
    const grpc::Status s = scoring_->GetStandings(context.get(), request, &standings);
    if (!s.ok()) return Failed(Tr("standings"), s, *context);
    std::cout << "\n";
    cli::PrintStandings(standings, std::cout);
    return 0;
  }

  int PrintClubScore() {
    v1::GetTeamMatchRequest request;
    request.set_name(skat::service::SessionScopedName(event_, 0, "teamMatch"));
    v1::TeamMatch match;
    auto context = NewContext(setup_.director());
    const grpc::Status s = scoring_->GetTeamMatch(context.get(), request, &match);
    if (!s.ok()) return Failed(Tr("club score"), s, *context);
    std::cout << "\n";
    PrintTeamMatch(match, !o_.quiet, std::cout);
    return 0;
  }

  // Under seeger-fabian: every table's classic series list (docs/events-and-scoring.md 4.9).
  int PrintSeriesLists() {
    if (BoardScoreOf(o_) != "seeger-fabian" || o_.quiet) return 0;
    v1::GetSeriesListsRequest request;
    request.set_name(skat::service::SessionScopedName(event_, 0, "seriesLists"));
    v1::SeriesLists lists;
    auto context = NewContext(setup_.director());
    const grpc::Status s = scoring_->GetSeriesLists(context.get(), request, &lists);
    if (!s.ok()) return Failed(Tr("series lists"), s, *context);
    std::cout << "\n";
    cli::PrintSeriesLists(lists, std::cout);
    return 0;
  }

  int WritePages() {
    std::cout << std::flush;
    if (WriteReport(setup_.channel(), event_, o_.out, std::cerr, o_.server, !o_.no_analysis) != 0) {
      std::cerr << "skat match: " << Tr("the result pages could not be written to {0}", o_.out)
                << "\n";
      return 1;
    }
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::absolute(o_.out, ec);
    std::cout << "\n"
              << Tr("result pages: open {0} in a browser (standings, club score, travellers, "
                    "scorecards)",
                    (dir / "index.html").string())
              << "\n";
    return 0;
  }

  const Options& o_;
  MatchSetup setup_;  // the channel, the director's token, the event and its board set
  std::unique_ptr<v1::ScoringService::Stub> scoring_;
  std::string event_;
  std::string board_set_;
  std::vector<std::string> players_;           // A1..A6, B1..B6
  std::map<std::string, std::string> labels_;  // player name -> "A1 August Pfeiffer"
  v1::StartSessionResponse session_;
  std::map<std::string, int> table_numbers_;  // table name -> its number in the session
  int rounds_ = 0;
  int played_ = 0;
};

// Every option of `skat match` but the seat options (AddSeatOptions).
void AddMatchOptions(CLI::App& sub, Options& o) {
  sub.add_option("--boards", o.boards,
                 Tr("boards in the set, played in three rounds (a multiple of 3, at most 99)"))
      ->check(CLI::Range(3, 99))
      ->capture_default_str();
  sub.add_option("--out", o.out, Tr("where the result pages go"))->capture_default_str();
  sub.add_option(
         "--seed", o.seed,
         Tr("seed of the bots' choices (the boards come from the server's fresh secret seed)"))
      ->capture_default_str();
  sub.add_option("--bots", o.bots,
                 Tr("the players: sampling (docs/bots.md: each seat draws its own worlds, so "
                    "tables differ) or heuristic"))
      ->check(CLI::IsMember({"sampling", "heuristic"}))
      ->capture_default_str();
  sub.add_option("--worlds", o.worlds,
                 Tr("sampling bots: worlds drawn per card decision, their time budget"))
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub.add_option("--slip", o.slip,
                 Tr("heuristic bots: percent of card plays where a bot plays a random legal card "
                    "instead of its best one (0: perfect copies of one player, whose tables mostly "
                    "tie)"))
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  sub.add_option("--name", o.name,
                 Tr("the event's display name (default \"Inter-club match, <today>\")"));
  sub.add_flag("-q,--quiet", o.quiet,
               Tr("no seating, progress or per-board club score; the standings, club totals and "
                  "where the pages are still print"));
  sub.add_flag("--no-analysis", o.no_analysis,
               Tr("pages without the open-hand analysis (par tables, points lost against "
                  "open-hand play; docs/par.md), which takes about a second per board"));
  sub.add_option(
         "--rules", o.rules,
         Tr("the event's rule profile (skat events create --profile): {0}", KnownProfiles()))
      ->capture_default_str();
  sub.add_option("--board-score", o.board_score,
                 Tr("pad, settled or seeger-fabian (default: seeger-fabian with --rules isko, "
                    "else settled)"))
      ->check(CLI::IsMember({"pad", "settled", "seeger-fabian"}));
}

}  // namespace

Runner AddMatchCommand(CLI::App& app) {
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "match",
      Tr("Run an inter-club comparative match with bot players through skatd, start to end."));
  sub->footer(Tr(
      "Creates an event (printing its director token), two clubs of six bot players (Milwaukee\n"
      "Skat Club A1-A6, Chicago Skat Verein B1-B6) and a board set (printing its commitment),\n"
      "then starts a session on the inter-club schedule (docs/events-and-scoring.md\n"
      "\"Inter-club match\"): four tables in two mirrored pairs (A,B,A) and (B,A,B), three\n"
      "rounds, forehand in chair 1, so every direction of every board is held by two players\n"
      "of each club. The validator's warnings and the seating of each round are printed. When\n"
      "skatd refuses the event because this address created too many lately, it says on stderr\n"
      "that it waits the seconds skatd names and tries again (for at most --retry-for seconds).\n"
      "\n"
      "Every seat is played by the engine's bot over gRPC with its seat token, one thread per\n"
      "seat, the four tables of a round at once and the rounds in order; progress goes to\n"
      "stderr (one line rewritten on a terminal, else one line per finished board). Then it\n"
      "prints the standings (rank, player, club, percentage, matchpoints/top, diff) and the\n"
      "club score (per board, each club's total and the net), and writes the result pages\n"
      "into --out (index.html, standings.csv, ...).\n"
      "\n"
      "--rules names the event's rule profile (default nasl-1909; isko: the International Skat\n"
      "Order of today, whose board score defaults to seeger-fabian, with every table's\n"
      "Seeger-Fabian series list printed after the club score and on the result pages).\n"
      "The bots play by the event's profile.\n"
      "\n"
      "Each run is a new event; earlier ones stay in skatd's database. Exits 0 when the match\n"
      "is played and the pages are written; 1 when a step fails (the message names it); 2 on\n"
      "a usage error."));
  AddMatchOptions(*sub, *o);
  AddSeatOptions(*sub, o->server, o->retry_for);
  return [o]() -> int {
    if (o->boards % kRounds != 0) {
      std::cerr << "skat match: "
                << Tr("--boards {0} is not a multiple of 3 (the inter-club schedule has three "
                      "rounds)",
                      o->boards)
                << "\n";
      return 2;
    }
    if (FindProfile(o->rules) == nullptr) {
      std::cerr << "skat match: "
                << Tr("--rules {0} is not a rule profile; known: {1}", o->rules, KnownProfiles())
                << "\n";
      return 2;
    }
    return Match(*o).Run();
  };
}

}  // namespace skat::cli
