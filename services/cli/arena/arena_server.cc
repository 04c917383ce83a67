#include "services/cli/arena/arena_server.h"

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

#include "engine/act.h"
#include "engine/board_set_format.h"
#include "engine/game.h"
#include "services/cli/arena/arena_programs.h"
#include "services/cli/arena/arena_progress.h"
#include "services/cli/client.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/list_pages.h"
#include "services/cli/match/match_setup.h"
#include "services/cli/seat/bot_driver.h"
#include "services/cli/seat/seat_client.h"
#include "skat/v1/deal_service.grpc.pb.h"
#include "skat/v1/event_service.grpc.pb.h"
#include "skat/v1/table_service.grpc.pb.h"

namespace skat::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kLogTailLines = 20;
constexpr std::chrono::seconds kTablePollEvery{1};

v1::BoardScore EventBoardScore(scoring::BoardScoreKind kind) {
  return kind == scoring::BoardScoreKind::kPad            ? v1::BOARD_SCORE_PAD
         : kind == scoring::BoardScoreKind::kSeegerFabian ? v1::BOARD_SCORE_SEEGER_FABIAN
                                                          : v1::BOARD_SCORE_SETTLED;
}

// The seats' notes (retries) on stderr.
class NoteObserver : public BotObserver {
 public:
  NoteObserver(std::string player, bool quiet) : player_(std::move(player)), quiet_(quiet) {}
  void Note(const std::string& line) override {
    if (!quiet_) std::cerr << "skat arena: " << player_ << ": " << line << std::endl;
  }

 private:
  const std::string player_;
  const bool quiet_;
};

// One engine player's seats, played on a thread of their own.
struct EngineSeats {
  size_t player = 0;
  std::vector<BotSeat> seats;
  std::unique_ptr<NoteObserver> observer;
  std::vector<std::string> errors;
  std::atomic<bool> done{false};
  std::thread thread;
};

class ServerArena {
 public:
  ServerArena(const ArenaServerOptions& o, ArenaMatch& match)
      : o_(o),
        match_(match),
        setup_("arena", o.server),
        tables_(v1::TableService::NewStub(setup_.channel())),
        seatings_(Seatings(static_cast<int>(match.players.size()))) {}

  ~ServerArena() {
    for (auto& e : engines_) {
      if (e->thread.joinable()) e->thread.join();
    }
  }

  int Run() {
    if (int code = CreateEvent(); code != 0) return code;
    if (int code = CreateBoardSet(); code != 0) return code;
    if (int code = OpenTables(); code != 0) return code;
    Play();
    if (int code = ReadGames(); code != 0) return code;
    return SaveBoardSet();
  }

 private:
  int Failed(const std::string& what, const grpc::Status& status,
             const grpc::ClientContext& context) {
    return setup_.Failed(what, status, context);
  }

  int CreateEvent() {
    std::string names;
    for (const ArenaPlayer& p : match_.players) names += (names.empty() ? "" : " vs ") + p.name;
    v1::CreateEventRequest request;
    request.set_display_name("Arena: " + names);
    request.set_profile(std::string(match_.profile->id));
    request.set_board_score(EventBoardScore(match_.board_score));
    v1::CreateEventResponse response;
    // skatd limits the events an address creates (docs/deployment.md "Limits"): wait it out,
    // ended by a signal as the rest of the match is (they are blocked here, see Wait).
    if (int code = setup_.CreateEvent(
            request, std::chrono::seconds(o_.retry_for),
            [this](std::chrono::seconds pause) { return SleepUnlessSignalled(pause); }, &response);
        code != 0) {
      return code;
    }
    event_ = setup_.event();
    return 0;
  }

  int CreateBoardSet() {
    v1::BoardSet set;
    if (int code = setup_.CreateBoardSet(o_.boards, &set); code != 0) return code;
    board_set_ = set.name();
    match_.boards_from = "skatd's board set " + board_set_;
    return 0;
  }

  int OpenTables() {
    for (size_t k = 0; k < seatings_.size(); ++k) {
      v1::OpenTableRequest request;
      request.set_parent(event_);
      request.set_board_set(board_set_);
      for (int b = 1; b <= o_.boards; ++b) request.add_boards(b);
      // The label seeds this process's seats (bot_driver.h): the same in every match.
      request.set_label("arena seating " + std::to_string(k + 1));
      request.set_mode(v1::TABLE_MODE_ONLINE);
      request.set_forehand_chair(1);
      for (int player : seatings_[k]) request.add_player_names(match_.players[player].name);
      v1::OpenTableResponse response;
      auto context = NewContext(setup_.director());
      const grpc::Status s = tables_->OpenTable(context.get(), request, &response);
      if (!s.ok()) return Failed(Tr("open the table of seating {0}", k + 1), s, *context);
      if (response.table().forehand_chair() != 1 || response.table().chairs() != 3 ||
          response.seat_tokens_size() != 3) {
        std::cerr << "skat arena: "
                  << Tr("skatd at {0} opened {1} with {2} chairs and forehand chair {3}, not 3 "
                        "chairs with forehand in chair 1: the seatings would not map to directions",
                        o_.server, response.table().name(), response.table().chairs(),
                        response.table().forehand_chair())
                  << "\n";
        return 1;
      }
      tables_names_.push_back(response.table().name());
      tokens_.push_back({response.seat_tokens().begin(), response.seat_tokens().end()});
    }
    return 0;
  }

  // Starts every seat and waits for the end; ends the process on a failure or a signal.
  void Play() {
    const auto start = Clock::now();
    for (size_t i = 0; i < match_.players.size(); ++i) {
      const ArenaPlayer& player = match_.players[i];
      for (size_t k = 0; k < seatings_.size(); ++k) {
        for (int c = 0; c < 3; ++c) {
          if (seatings_[k][c] != static_cast<int>(i)) continue;
          if (!player.outside()) continue;
          const std::string log = (std::filesystem::path(o_.out_dir) /
                                   (LogStem(i) + "-seating" + std::to_string(k + 1) + "-chair" +
                                    std::to_string(c + 1) + ".log"))
                                      .string();
          const std::string label = "player " + player.name + " (seating " + std::to_string(k + 1) +
                                    ", chair " + std::to_string(c + 1) + ", " + tables_names_[k] +
                                    ")";
          if (std::string error = programs_.Start(label, player.command, o_.server,
                                                  tables_names_[k], tokens_[k][c], log);
              !error.empty()) {
            Fail(error);
          }
        }
      }
    }
    auto seats_channel = ConnectSeats(o_.server);
    for (size_t i = 0; i < match_.players.size(); ++i) {
      const ArenaPlayer& player = match_.players[i];
      if (player.outside()) continue;
      auto e = std::make_unique<EngineSeats>();
      e->player = i;
      for (size_t k = 0; k < seatings_.size(); ++k) {
        for (int c = 0; c < 3; ++c) {
          if (seatings_[k][c] == static_cast<int>(i)) {
            e->seats.push_back({tables_names_[k], tokens_[k][c]});
          }
        }
      }
      e->observer = std::make_unique<NoteObserver>(player.name, o_.quiet);
      EngineSeats* raw = e.get();
      const BotOptions options{.server = o_.server,
                               .policy = DriverPolicy(player),
                               .seed = match_.seed,
                               .retry_for = std::chrono::seconds(o_.retry_for)};
      raw->thread = std::thread([raw, options, seats_channel] {
        raw->errors = PlaySeats(seats_channel, raw->seats, options, *raw->observer);
        raw->done.store(true);
      });
      engines_.push_back(std::move(e));
    }
    Wait();
    match_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::string outside;
    for (const ArenaPlayer& p : match_.players) {
      if (p.outside()) outside += (outside.empty() ? "" : ", ") + p.name;
    }
    match_.how =
        "through skatd at " + o_.server + ", the 6 tables at once (outside: " + outside + ")";
  }

  void Wait() {
    sigset_t signals;
    sigemptyset(&signals);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals, s);
    ArenaProgress progress(o_.boards, o_.quiet);
    auto last_poll = Clock::now();
    while (true) {
      const timespec wait{0, 200'000'000};
      if (const int signal = sigtimedwait(&signals, nullptr, &wait); signal > 0) {
        progress.Stop();
        std::cerr << "skat arena: " << strsignal(signal) << ": "
                  << Tr("the outside programs are ended, the match is abandoned (event {0})",
                        event_)
                  << "\n";
        End(130);
      }
      for (const OutsidePrograms::Ended& ended : programs_.Reap()) {
        const size_t i = ended.index;
        const bool ok = WIFEXITED(ended.status) && WEXITSTATUS(ended.status) == 0;
        if (!ok) {
          progress.Stop();
          Fail(programs_.label(i) + " " + OutsidePrograms::Describe(ended.status) + "; " +
               LogTail(i));
        }
        if (!TableFinished(programs_.table(i))) {
          progress.Stop();
          Fail(programs_.label(i) + " " + Tr("exited 0 before its table was finished") + "; " +
               LogTail(i));
        }
      }
      bool engines_done = true;
      for (const auto& e : engines_) {
        if (!e->done.load()) {
          engines_done = false;
          continue;
        }
        if (!e->errors.empty()) {
          progress.Stop();
          std::string text;
          for (const std::string& error : e->errors) text += "\n  " + error;
          Fail(Tr("the seats of {0} failed:", match_.players[e->player].name) + text);
        }
      }
      if (engines_done && programs_.running() == 0) break;
      if (Clock::now() - last_poll >= kTablePollEvery) {
        last_poll = Clock::now();
        Poll(progress);
      }
    }
    progress.Stop();
  }

  // The boards done at every table, and the games done, for the progress line.
  void Poll(ArenaProgress& progress) {
    int least = o_.boards;
    int games = 0;
    for (const std::string& table : tables_names_) {
      v1::GetTableRequest request;
      request.set_name(table);
      v1::Table t;
      auto context = NewContext(setup_.director());
      if (!tables_->GetTable(context.get(), request, &t).ok()) return;
      least = std::min(least, t.current_board_index());
      games += t.current_board_index();
    }
    progress.Set(least, Tr("{0}/{1} games", games, 6 * o_.boards));
  }

  // "DIR/b-seating1-chair2.log ends:\n  <its last lines>", or that the log is empty.
  std::string LogTail(size_t program) const {
    const std::string tail = programs_.Tail(program, kLogTailLines);
    return programs_.log(program) + " " +
           (tail.empty() ? Tr("is empty") : Tr("ends:") + "\n" + tail);
  }

  // The start of player i's log names: its name made safe for a file name, with "-p<i+1>" when
  // another player's name comes out the same.
  std::string LogStem(size_t i) const {
    const std::string stem = FileSafeName(match_.players[i].name);
    for (size_t j = 0; j < match_.players.size(); ++j) {
      if (j != i && FileSafeName(match_.players[j].name) == stem) {
        return stem + "-p" + std::to_string(i + 1);
      }
    }
    return stem;
  }

  bool TableFinished(const std::string& table) {
    v1::GetTableRequest request;
    request.set_name(table);
    v1::Table t;
    auto context = NewContext(setup_.director());
    return tables_->GetTable(context.get(), request, &t).ok() && t.finished();
  }

  [[noreturn]] void Fail(const std::string& message) {
    std::cerr << "skat arena: " << message << (message.back() == '\n' ? "" : "\n");
    std::cerr << "skat arena: "
              << Tr("the outside programs are ended, the match is abandoned (event {0})", event_)
              << "\n";
    End(1);
  }

  // Sleeps `pause`; a SIGINT, SIGTERM or SIGHUP meanwhile ends the process (exit 130), as in
  // Wait. Before any program has started.
  bool SleepUnlessSignalled(std::chrono::seconds pause) {
    sigset_t signals;
    sigemptyset(&signals);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals, s);
    const timespec wait{static_cast<time_t>(pause.count()), 0};
    if (const int signal = sigtimedwait(&signals, nullptr, &wait); signal > 0) {
      std::cerr << "skat arena: " << strsignal(signal) << ": "
                << Tr("stopped while waiting to create the event") << "\n";
      End(130);
    }
    return true;
  }

  [[noreturn]] void End(int code) {
    programs_.EndAll();
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(code);
  }

  int ReadGames() {
    const size_t n = static_cast<size_t>(o_.boards);
    match_.boards.assign(n, std::vector<SeatedGame>(seatings_.size()));
    match_.deals.assign(n, 0);
    std::vector<std::vector<bool>> seen(n, std::vector<bool>(seatings_.size(), false));
    int by_clock = 0;
    for (size_t k = 0; k < seatings_.size(); ++k) {
      const std::string& table = tables_names_[k];
      v1::ListGamesRequest request;
      request.set_table(table);
      v1::ListGamesResponse games;
      const int failed = ListAllPages(
          setup_.director(), "arena: read the games of " + table, request,
          [&](grpc::ClientContext* c, const v1::ListGamesRequest& r, v1::ListGamesResponse* p) {
            return tables_->ListGames(c, r, p);
          },
          &games);
      if (failed != 0) return failed;
      for (const v1::GameLog& log : games.games()) {
        const std::string where = table + " board " + std::to_string(log.board_number());
        const int b = log.board_number() - 1;
        if (b < 0 || b >= o_.boards || !log.finished()) {
          return Wrong(where + ": not a finished board of the match");
        }
        Result<Board> cards = BoardFromNumber(log.deal_number());
        if (!cards.ok()) return Wrong(where + ": " + cards.status().message());
        Game game(*match_.profile, *cards);
        for (const v1::LoggedAct& logged : log.acts()) {
          Result<Act> act = ParseActLine(logged.text());
          const Status applied = act.ok() ? game.Apply(*act) : act.status();
          if (!applied.ok()) {
            return Wrong(where + ": act '" + logged.text() +
                         "' does not replay: " + applied.message());
          }
          if (logged.chair() != Index(act->seat) + 1) {
            return Wrong(where + ": chair " + std::to_string(logged.chair()) + " played for " +
                         std::string(DirectionName(act->seat)) + " (forehand is not in chair 1)");
          }
          by_clock += logged.made_by() == "seat" || logged.made_by().empty() ? 0 : 1;
        }
        if (!game.finished()) return Wrong(where + ": the logged acts do not finish the game");
        if (seen[b][k] || (match_.deals[b] != 0 && match_.deals[b] != log.deal_number())) {
          return Wrong(where + ": a second game, or another deal than the other tables'");
        }
        seen[b][k] = true;
        match_.deals[b] = log.deal_number();
        match_.boards[b][k] = {seatings_[k], game.result()};
      }
    }
    for (size_t b = 0; b < n; ++b) {
      for (size_t k = 0; k < seatings_.size(); ++k) {
        if (!seen[b][k]) {
          return Wrong(tables_names_[k] + " board " + std::to_string(b + 1) + ": no game");
        }
      }
    }
    if (by_clock > 0) {
      std::cerr << "skat arena: "
                << TrN("note: {n} act was made for a seat by the server (the move clock, or a "
                       "bot it was given), not by the seat's player",
                       "note: {n} acts were made for a seat by the server (the move clock, or a "
                       "bot it was given), not by the seat's player",
                       by_clock)
                << "\n";
    }
    return 0;
  }

  int Wrong(const std::string& message) {
    std::cerr << "skat arena: " << message << "\n";
    return 1;
  }

  int SaveBoardSet() {
    v1::ExportBoardSetRequest request;
    request.set_name(board_set_);
    request.set_format(v1::EXPORT_FORMAT_ARCHIVE);
    v1::ExportBoardSetResponse response;
    auto context = NewContext(setup_.director());
    const grpc::Status s = setup_.deals().ExportBoardSet(context.get(), request, &response);
    if (!s.ok()) return Failed(Tr("export the board set"), s, *context);
    const Result<BoardSet> set = ReadBoardSet(response.content());
    if (!set.ok()) return Wrong("the exported board set does not read: " + set.status().message());
    for (size_t b = 0; b < set->boards.size() && b < match_.deals.size(); ++b) {
      if (DealNumber(set->boards[b].board) != match_.deals[b]) {
        return Wrong("the exported board set's board " + std::to_string(b + 1) +
                     " is not the board the tables played");
      }
    }
    const std::string path = (std::filesystem::path(o_.out_dir) / "boards.txt").string();
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!(file << response.content()) || !file.flush()) return Wrong(Tr("cannot write {0}", path));
    return 0;
  }

  const ArenaServerOptions& o_;
  ArenaMatch& match_;
  MatchSetup setup_;  // the channel, the director's token, the event and its board set
  std::unique_ptr<v1::TableService::Stub> tables_;
  const std::vector<Seating> seatings_;
  std::string event_;
  std::string board_set_;
  std::vector<std::string> tables_names_;         // by seating
  std::vector<std::vector<std::string>> tokens_;  // by seating, chair 1 first
  OutsidePrograms programs_;
  std::vector<std::unique_ptr<EngineSeats>> engines_;
};

}  // namespace

int PlayThroughServer(const ArenaServerOptions& options, ArenaMatch& match) {
  // The signals are taken by the waiting loop (sigtimedwait), in no other thread: blocked before
  // any thread (gRPC's included) is made, so every thread inherits the mask. The programs get
  // the default handling back (arena_programs.h).
  sigset_t signals, old;
  sigemptyset(&signals);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals, s);
  pthread_sigmask(SIG_BLOCK, &signals, &old);
  int code = 0;
  {
    ServerArena arena(options, match);
    code = arena.Run();
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return code;
}

}  // namespace skat::cli
