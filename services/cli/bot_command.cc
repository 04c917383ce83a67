// skat bot: one process plays any number of seats, at one table or several, with the engine's
// bots (engine/bot.h) over gRPC. One thread per seat: it joins the seat, watches its views and,
// whenever the seat is to move (or a claim awaits its answer), sends the policy's choice
// (services/cli/seat_client.h for the retries and sequence numbers). Each board's result is printed
// once per table as its final view arrives; the process exits 0 when every table it plays is
// finished.
#include <algorithm>
#include <condition_variable>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/board_set.h"
#include "engine/bot.h"
#include "engine/profile.h"
#include "services/cli/commands.h"
#include "services/cli/seat_client.h"
#include "services/common/game_proto.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {
namespace {

struct SeatSpec {
  std::string table;
  std::string token;
};

// Reads "chair token" lines (for `paired_table`) or "table chair token" lines; blank lines and
// lines starting with '#' are skipped.
bool ReadTokensFile(const std::string& path, const std::string& paired_table,
                    std::vector<SeatSpec>& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read --tokens-file " + path;
    return false;
  }
  std::string line;
  int number = 0;
  size_t found = 0;
  while (std::getline(in, line)) {
    ++number;
    std::stringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty() || w[0][0] == '#') continue;
    const std::string where = path + " line " + std::to_string(number);
    SeatSpec seat;
    if (w.size() == 2) {
      if (paired_table.empty()) {
        error = where +
                ": \"chair token\" needs its table: give --table with this file (or write "
                "\"table chair token\" lines)";
        return false;
      }
      seat.table = paired_table;
    } else if (w.size() == 3) {
      seat.table = w[0];
      if (!paired_table.empty() && seat.table != paired_table) {
        error = where + ": table " + seat.table + " is not --table " + paired_table;
        return false;
      }
      w.erase(w.begin());
    } else {
      error = where + ": expected \"chair token\" or \"table chair token\"";
      return false;
    }
    if (w[0].find_first_not_of("0123456789") != std::string::npos) {
      error = where + ": '" + w[0] + "' is not a chair number";
      return false;
    }
    seat.token = w[1];
    out.push_back(seat);
    ++found;
  }
  if (found == 0) {
    error = path + " holds no seat tokens";
    return false;
  }
  return true;
}

enum class Policy { kBot, kRandom, kHighest };

uint64_t SplitMix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// FNV-1a over --seed, the table, the chair and the board number: the seat's seed for one board.
uint64_t BoardSeed(uint64_t seed, const std::string& table, int chair, int board) {
  uint64_t h = 14695981039346656037ull;
  auto add = [&](const std::string& s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xFF;  // separator
    h *= 1099511628211ull;
  };
  add(std::to_string(seed));
  add(table);
  add(std::to_string(chair));
  add(std::to_string(board));
  return h;
}

// Printing, shared by the seats' threads.
class Output {
 public:
  explicit Output(bool quiet) : quiet_(quiet) {}
  void Line(const std::string& line) {
    if (quiet_) return;
    std::lock_guard lock(mutex_);
    std::cout << line << std::endl;
  }
  void Note(const std::string& line) {
    if (quiet_) return;
    std::lock_guard lock(mutex_);
    std::cerr << "skat bot: " << line << std::endl;
  }

 private:
  bool quiet_;
  std::mutex mutex_;
};

// One table's results as its seats see them: each board printed once.
class TableResults {
 public:
  TableResults(std::string table, const v1::Table& info, int seats, Output& out)
      : table_(std::move(table)),
        short_(ShortTableName(table_)),
        chairs_(info.chairs()),
        boards_(info.boards().begin(), info.boards().end()),
        seats_(seats),
        totals_(info.chairs(), 0),
        out_(out) {}

  const std::string& short_name() const { return short_; }

  void Report(int index, int number, const v1::GameResult& result) {
    std::lock_guard lock(mutex_);
    if (!printed_.insert(index).second) return;
    AddLocked(number, result);
    out_.Line("table " + short_ + " board " + std::to_string(number) + ": " + result.summary() +
              "  pad " + PadLine(result));
  }

  // A seat saw the table finish; the last one prints the totals. `client` asks for results no
  // seat saw (a stream that reconnected just after a board ended).
  void SeatDone(SeatClient& client) {
    std::lock_guard lock(mutex_);
    if (++done_ < seats_) return;
    if (static_cast<int>(printed_.size()) < static_cast<int>(boards_.size())) {
      v1::ListResultsResponse results;
      CallResult r = client.ListResults(&results);
      for (const v1::ResultEntry& e : results.results()) {
        if (!r.ok() || e.replaced_by() != 0 || !printed_.insert(e.board_index()).second) continue;
        AddLocked(e.board_number(), e.result());
        out_.Line("table " + short_ + " board " + std::to_string(e.board_number()) + ": " +
                  e.result().summary() + "  pad " + PadLine(e.result()));
      }
      for (size_t i = 0; i < boards_.size(); ++i) {
        if (printed_.count(static_cast<int>(i)) == 0) {
          out_.Line("table " + short_ + " board " + std::to_string(boards_[i]) +
                    ": finished (its final view was missed; skat tables games " + table_ +
                    " shows it)");
        }
      }
    }
    std::string line = "table " + short_ + " finished: " + std::to_string(boards_.size()) +
                       (boards_.size() == 1 ? " board" : " boards") + "; pad by chair:";
    for (int c = 0; c < chairs_; ++c) {
      line += "  " + std::to_string(c + 1) + ": " + Signed(totals_[c]);
    }
    out_.Line(line);
  }

 private:
  void AddLocked(int number, const v1::GameResult& result) {
    const int forehand = ForehandChair(number, chairs_);
    for (int d = 0; d < result.pad_size() && d < kDirectionCount; ++d) {
      totals_[(forehand - 1 + d) % chairs_] += result.pad(d);
    }
  }

  const std::string table_;
  const std::string short_;
  const int chairs_;
  const std::vector<int> boards_;
  const int seats_;
  std::mutex mutex_;
  std::set<int> printed_;
  std::vector<long long> totals_;
  int done_ = 0;
  Output& out_;
};

// One seat played by a policy.
class SeatBot {
 public:
  SeatBot(std::shared_ptr<grpc::Channel> channel, SeatOptions options, Stopper& stopper,
          const Profile& profile, Policy policy, uint64_t seed, TableResults& results, Output& out)
      : client_(std::move(channel), WithNote(std::move(options)), stopper),
        stopper_(stopper),
        profile_(profile),
        policy_(policy),
        seed_(seed),
        results_(results),
        out_(out) {}

  // Plays until the table is finished; error() says why it stopped otherwise.
  void Run() {
    name_ = results_.short_name() + " (joining)";
    CallResult joined = client_.Join();
    if (!joined.ok()) return Fail("join", joined);
    name_ = results_.short_name() + " chair " + std::to_string(client_.chair());
    CallResult watched =
        client_.Watch([this](const v1::SeatUpdate& u) { return OnUpdate(u); }, true);
    if (!error_.empty() || stopper_.stopped()) return;
    if (!watched.ok()) return Fail("watch", watched);
    results_.SeatDone(client_);
  }

  const std::string& error() const { return error_; }

 private:
  // Retry notes name the seat (its chair once joined).
  SeatOptions WithNote(SeatOptions options) {
    options.note = [this](const std::string& line) { out_.Note(name_ + ": " + line); };
    return options;
  }

  void Fail(const std::string& what, const CallResult& r) {
    if (stopper_.stopped() && r.status.error_code() == grpc::StatusCode::CANCELLED) return;
    error_ = name_ + ": " + what + ": " + r.Describe(client_.options().server);
  }

  Act Choose(const SeatView& view, const std::vector<Act>& legal, const v1::SeatView& wire) {
    const uint64_t board_seed =
        BoardSeed(seed_, client_.options().table, wire.chair(), wire.board_number());
    const uint64_t act_seed = SplitMix(board_seed ^ static_cast<uint64_t>(wire.act_count()));
    switch (policy_) {
      case Policy::kRandom: return ChooseRandomAct(legal, act_seed);
      case Policy::kHighest: return ChooseHighestCardAct(view, legal, board_seed);
      case Policy::kBot: break;
    }
    return ChooseBotAct(profile_, view, legal, board_seed);
  }

  bool OnUpdate(const v1::SeatUpdate& u) {
    const v1::SeatView& wire = u.view();
    if (wire.phase() == v1::PHASE_FINISHED && wire.has_result()) {
      results_.Report(wire.board_index(), wire.board_number(), wire.result());
    }
    if (u.table_finished() || wire.legal_acts().empty()) return true;
    const std::pair<int, int> key(wire.board_index(), wire.act_count());
    if (key <= acted_) return true;  // acted on this view already (a reconnected stream)
    Result<SeatView> view = EngineView(wire);
    Result<std::vector<Act>> legal = service::LegalActsFromProto(wire);
    if (!view.ok() || !legal.ok()) {
      error_ = name_ + ": unreadable view from skatd: " +
               (view.ok() ? legal.status() : view.status()).message();
      return false;
    }
    if (!AskedToAct(*view)) return true;
    const Act act = Choose(*view, *legal, wire);
    v1::Act request;
    service::ToProto(act, &request);
    request.clear_text();
    CallResult r = client_.SendAct(request, wire.board_number());
    if (r.ok()) {
      acted_ = key;
      return true;
    }
    if (stopper_.stopped()) return false;
    if (r.status.error_code() == grpc::StatusCode::FAILED_PRECONDITION &&
        r.reason != "sequence-reused") {
      // Refused: either the view was stale (the table moved on) or the act is wrong. Look again.
      CallResult joined = client_.Join();
      if (!joined.ok()) {
        Fail("join", joined);
        return false;
      }
      const v1::SeatView& now = client_.joined_view();
      if (now.board_index() != key.first || now.act_count() != key.second) {
        out_.Note(name_ + ": the view was stale (" + r.Describe(client_.options().server) +
                  "); going on");
        return true;
      }
    }
    Fail("board " + std::to_string(wire.board_number()) + ": act \"" + ActLine(act) + "\"", r);
    return false;
  }

  SeatClient client_;
  Stopper& stopper_;
  const Profile& profile_;
  const Policy policy_;
  const uint64_t seed_;
  TableResults& results_;
  Output& out_;
  std::string name_;
  std::pair<int, int> acted_{-1, -1};  // (board index, act count) of the last view acted on
  std::string error_;
};

// The event's rule profile (EventService GetEvent; no token needed), retried like the seats.
const Profile* EventProfile(const std::shared_ptr<grpc::Channel>& channel,
                            const std::string& server, const std::string& table, Stopper& stopper,
                            std::chrono::seconds retry_for, std::string& error) {
  const size_t tables = table.find("/tables/");
  if (tables == std::string::npos || tables == 0 || table.rfind("events/", 0) != 0) {
    error = "'" + table + "' is not a table name (events/{event}/tables/{table})";
    return nullptr;
  }
  auto stub = v1::EventService::NewStub(channel);
  v1::GetEventRequest request;
  request.set_name(table.substr(0, tables));
  Backoff backoff(stopper, retry_for);
  for (;;) {
    auto context = SeatContext("", std::chrono::seconds(30));
    v1::Event event;
    const grpc::Status s = stub->GetEvent(context.get(), request, &event);
    if (s.ok()) {
      const Profile* profile = FindProfile(event.profile());
      if (profile == nullptr) error = "the event's profile '" + event.profile() + "' is unknown";
      return profile;
    }
    CallResult r = Outcome(s, *context);
    if (!Retryable(s.error_code(), false) || !backoff.Wait()) {
      error = "event of " + table + ": " + r.Describe(server);
      return nullptr;
    }
  }
}

}  // namespace

Runner AddBotCommand(CLI::App& app) {
  struct Options {
    std::string server;
    std::vector<std::string> tables;
    std::vector<std::string> tokens_files;
    std::vector<std::string> seat_tokens;
    std::string policy = "bot";
    uint64_t seed = 0;
    bool quiet = false;
    int retry_for = 60;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "bot", "Play seats of one or more online tables with the engine's bots, to the end.");
  sub->footer(
      "Seats: --table T --seat-token TOKEN... (seats of one table), or --table T --tokens-file F\n"
      "pairs (repeat them for more tables; the i-th --table goes with the i-th --tokens-file), or\n"
      "only --tokens-file files of \"table chair token\" lines. A tokens file holds \"chair "
      "token\"\n"
      "lines as skat tables open --tokens-file writes them, or \"table chair token\" lines;\n"
      "blank lines and lines starting with # are skipped.\n"
      "\n"
      "One thread per seat joins it, watches its views and acts whenever it is to move (or a\n"
      "claim awaits its answer); choices are a pure function of --seed, the table, the chair,\n"
      "the board and what the seat sees. skatd unavailable, a lost table or a broken stream: it\n"
      "waits (50 ms doubling to 1 s), joins again and resends an act in doubt with the same\n"
      "sequence number, so no act is skipped or made twice; after --retry-for seconds of\n"
      "failures it gives up. Prints each board's result once per table and exits 0 when\n"
      "every table is finished; 1 on an error.");
  sub->add_option("--table", o->tables, "events/{event}/tables/{table} (repeatable)");
  sub->add_option("--tokens-file", o->tokens_files,
                  "a file of seat tokens (repeatable; see below)");
  sub->add_option("--seat-token", o->seat_tokens,
                  "seat tokens of the one --table (several after one option, or repeated)");
  sub->add_option("--policy", o->policy,
                  "bot: the heuristic player; random: random legal acts; highest: the highest "
                  "legal card")
      ->check(CLI::IsMember({"bot", "random", "highest"}))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "seed of the players' choices")->capture_default_str();
  sub->add_flag("-q,--quiet", o->quiet, "print nothing but errors");
  AddSeatOptions(*sub, o->server, o->retry_for);

  return [o]() -> int {
    auto usage = [](const std::string& message) {
      std::cerr << "skat bot: " << message << " (see skat bot --help)\n";
      return 2;
    };
    std::vector<SeatSpec> seats;
    if (!o->seat_tokens.empty()) {
      if (o->tables.size() != 1 || !o->tokens_files.empty()) {
        return usage("--seat-token needs exactly one --table and no --tokens-file");
      }
      for (const std::string& t : o->seat_tokens) seats.push_back({o->tables[0], t});
    } else if (!o->tokens_files.empty()) {
      if (!o->tables.empty() && o->tables.size() != o->tokens_files.size()) {
        return usage("give one --table per --tokens-file (or none: \"table chair token\" lines)");
      }
      for (size_t i = 0; i < o->tokens_files.size(); ++i) {
        std::string error;
        if (!ReadTokensFile(o->tokens_files[i], o->tables.empty() ? "" : o->tables[i], seats,
                            error)) {
          std::cerr << "skat bot: " << error << "\n";
          return 1;
        }
      }
    } else {
      return usage("no seats: give --seat-token or --tokens-file");
    }
    std::set<std::string> tokens;
    for (const SeatSpec& s : seats) {
      if (!tokens.insert(s.token).second) {
        std::cerr << "skat bot: a seat token is given twice (one process plays each seat once)\n";
        return 1;
      }
    }
    const Policy policy = o->policy == "random"    ? Policy::kRandom
                          : o->policy == "highest" ? Policy::kHighest
                                                   : Policy::kBot;
    const std::chrono::seconds retry_for(o->retry_for);
    Output out(o->quiet);
    Stopper stopper;
    std::shared_ptr<grpc::Channel> channel = ConnectSeats(o->server);
    auto note = [&out](const std::string& who) {
      return [&out, who](const std::string& line) { out.Note(who + ": " + line); };
    };

    // Per table: its profile, its chairs and boards (GetTable with one of its seats' tokens).
    std::map<std::string, int> seat_count;
    for (const SeatSpec& s : seats) ++seat_count[s.table];
    std::map<std::string, const Profile*> profiles;
    std::map<std::string, std::unique_ptr<TableResults>> results;
    for (const auto& [table, count] : seat_count) {
      std::string error;
      const Profile* profile = EventProfile(channel, o->server, table, stopper, retry_for, error);
      if (profile == nullptr) {
        std::cerr << "skat bot: " << error << "\n";
        return 1;
      }
      profiles[table] = profile;
      const auto seat = std::find_if(seats.begin(), seats.end(),
                                     [&](const SeatSpec& s) { return s.table == table; });
      SeatClient client(channel,
                        SeatOptions{.server = o->server,
                                    .table = table,
                                    .token = seat->token,
                                    .retry_for = retry_for,
                                    .note = note(ShortTableName(table))},
                        stopper);
      v1::Table info;
      CallResult r = client.GetTable(&info);
      if (!r.ok()) {
        std::cerr << "skat bot: " << table << ": " << r.Describe(o->server) << "\n";
        return 1;
      }
      if (info.mode() == v1::TABLE_MODE_PHYSICAL) {
        std::cerr << "skat bot: " << table << " plays with physical cards; bots play online "
                  << "tables only\n";
        return 1;
      }
      if (info.chairs() < 3) {
        std::cerr << "skat bot: " << table << ": skatd says it has " << info.chairs()
                  << " chairs\n";
        return 1;
      }
      results[table] = std::make_unique<TableResults>(table, info, count, out);
    }
    out.Note("playing " + std::to_string(seats.size()) + (seats.size() == 1 ? " seat" : " seats") +
             " at " + std::to_string(results.size()) +
             (results.size() == 1 ? " table" : " tables") + " (policy " + o->policy + ", seed " +
             std::to_string(o->seed) + ", one thread per seat)");

    std::vector<std::unique_ptr<SeatBot>> bots;
    for (const SeatSpec& s : seats) {
      bots.push_back(std::make_unique<SeatBot>(channel,
                                               SeatOptions{.server = o->server,
                                                           .table = s.table,
                                                           .token = s.token,
                                                           .retry_for = retry_for,
                                                           .note = {}},
                                               stopper, *profiles[s.table], policy, o->seed,
                                               *results[s.table], out));
    }
    std::mutex mutex;
    std::condition_variable ended;
    size_t running = bots.size();
    bool failed = false;
    std::vector<std::thread> threads;
    for (auto& bot : bots) {
      threads.emplace_back([&, b = bot.get()] {
        b->Run();
        std::lock_guard lock(mutex);
        --running;
        if (!b->error().empty()) failed = true;
        ended.notify_all();
      });
    }
    {
      std::unique_lock lock(mutex);
      ended.wait(lock, [&] { return running == 0 || failed; });
    }
    if (failed) stopper.Stop();  // the other seats stop too
    for (std::thread& t : threads) t.join();
    int code = 0;
    for (const auto& bot : bots) {
      if (bot->error().empty()) continue;
      std::cerr << "skat bot: " << bot->error() << "\n";
      code = 1;
    }
    return code;
  };
}

}  // namespace skat::cli
