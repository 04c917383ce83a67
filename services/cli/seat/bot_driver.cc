#include "services/cli/seat/bot_driver.h"

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <utility>

#include "engine/board_set.h"
#include "engine/players/bot.h"
#include "engine/players/play_memory.h"
#include "engine/players/sampling_bot.h"
#include "engine/profile.h"
#include "services/cli/i18n/tr.h"
#include "services/cli/seat/callback_play.h"
#include "services/cli/seat/seat_client.h"
#include "services/common/game_proto.h"
#include "skat/v1/event_service.grpc.pb.h"

namespace skat::cli {

BotPolicy PolicyNamed(const std::string& name) {
  if (name == "sampling") return BotPolicy::kSampling;
  if (name == "random") return BotPolicy::kRandom;
  if (name == "highest") return BotPolicy::kHighest;
  return BotPolicy::kBot;
}
namespace {

uint64_t SplitMix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// FNV-1a over the seed, the table, the chair and the board number: the seat's seed for one board.
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

// The observer behind a mutex: one call at a time.
class Serialized {
 public:
  explicit Serialized(BotObserver& observer) : observer_(observer) {}
  template <typename F>
  void Call(F f) {
    std::lock_guard lock(mutex_);
    f(observer_);
  }

 private:
  std::mutex mutex_;
  BotObserver& observer_;
};

// One table's results as its seats see them: each board reported once.
class TableResults {
 public:
  TableResults(std::string table, const v1::Table& info, int seats, Serialized& observer)
      : table_(std::move(table)),
        short_(ShortTableName(table_)),
        seed_key_(info.label().empty() ? table_ : info.label()),
        chairs_(info.chairs()),
        forehand_chair_(info.forehand_chair()),
        boards_(info.boards().begin(), info.boards().end()),
        seats_(seats),
        totals_(info.chairs(), 0),
        observer_(observer) {}

  const std::string& short_name() const { return short_; }
  // What the seats' choices are seeded with: the table's label when it has one (a session's
  // "round r, table t", the same in every event started alike, so that two runs of one event
  // play alike), else its name.
  const std::string& seed_key() const { return seed_key_; }

  void Report(int index, int number, const v1::GameResult& result) {
    std::lock_guard lock(mutex_);
    if (!printed_.insert(index).second) return;
    AddLocked(number, result);
    observer_.Call([&](BotObserver& o) { o.BoardFinished(table_, number, result); });
  }

  // A seat saw the table finish; the last one reports the totals. `client` asks for results no
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
        observer_.Call(
            [&](BotObserver& o) { o.BoardFinished(table_, e.board_number(), e.result()); });
      }
      for (size_t i = 0; i < boards_.size(); ++i) {
        if (printed_.count(static_cast<int>(i)) == 0) {
          observer_.Call([&](BotObserver& o) { o.BoardMissed(table_, boards_[i]); });
        }
      }
    }
    observer_.Call([&](BotObserver& o) {
      o.TableFinished(table_, static_cast<int>(boards_.size()), totals_);
    });
  }

 private:
  void AddLocked(int number, const v1::GameResult& result) {
    const int forehand = forehand_chair_ > 0 ? forehand_chair_ : ForehandChair(number, chairs_);
    for (int d = 0; d < result.pad_size() && d < kDirectionCount; ++d) {
      totals_[(forehand - 1 + d) % chairs_] += result.pad(d);
    }
  }

  const std::string table_;
  const std::string short_;
  const std::string seed_key_;
  const int chairs_;
  const int forehand_chair_;
  const std::vector<int> boards_;
  const int seats_;
  std::mutex mutex_;
  std::set<int> printed_;
  std::vector<long long> totals_;
  int done_ = 0;
  Serialized& observer_;
};

// One seat played by a policy.
class SeatBot {
 public:
  SeatBot(std::shared_ptr<grpc::Channel> channel, SeatOptions options, Stopper& stopper,
          const Profile& profile, const BotOptions& bot, TableResults& results,
          Serialized& observer)
      : client_(channel, WithNote(std::move(options)), stopper),
        stopper_(stopper),
        profile_(profile),
        policy_(bot.policy),
        slip_percent_(bot.slip_percent),
        sampling_{.worlds = bot.worlds},
        seed_(bot.seed),
        stats_(bot.stats),
        callbacks_(bot.callbacks),
        channel_(channel),
        results_(results),
        observer_(observer) {}

  // Plays until the table is finished; error() says why it stopped otherwise.
  void Run() {
    name_ = results_.short_name() + " (" + Tr("joining") + ")";
    CallResult joined = client_.Join();
    if (!joined.ok()) return Fail("join", joined);
    name_ = results_.short_name() + " " + Tr("chair {0}", client_.chair());
    if (callbacks_ && PlayByCallbacks()) return;
    if (!error_.empty() || stopper_.stopped()) return;
    CallResult watched =
        client_.Watch([this](const v1::SeatUpdate& u) { return OnUpdate(u); }, true);
    if (!error_.empty() || stopper_.stopped()) return;
    if (!watched.ok()) return Fail("watch", watched);
    results_.SeatDone(client_);
    if (stats_ != nullptr) stats_->SeatDone();
  }

  const std::string& error() const { return error_; }

 private:
  // The happy path on the callback API; true when the table finished that way. Otherwise the
  // seat is joined again (the server's last sequence number tells what went in) for the
  // retrying path.
  bool PlayByCallbacks() {
    auto stub = v1::TableService::NewStub(channel_);
    auto play = std::make_shared<CallbackPlay>(
        *stub, client_.options().table, client_.options().token, client_.last_sequence(),
        [this](const SeatView& view, const std::vector<Act>& legal, const v1::SeatView& wire) {
          return Choose(view, legal, wire);
        },
        [this](const v1::SeatView& wire) {
          results_.Report(wire.board_index(), wire.board_number(), wire.result());
        },
        stats_);
    if (play->Run(stopper_)) {
      results_.SeatDone(client_);
      if (stats_ != nullptr) stats_->SeatDone();
      return true;
    }
    if (stopper_.stopped()) return false;
    Note(name_ + ": " + play->why() + "; " + Tr("going on with retries"));
    CallResult joined = client_.Join();
    if (!joined.ok()) Fail("join", joined);
    return false;
  }

  // Retry notes name the seat (its chair once joined).
  SeatOptions WithNote(SeatOptions options) {
    options.note = [this](const std::string& line) { Note(name_ + ": " + line); };
    return options;
  }

  void Note(const std::string& line) {
    observer_.Call([&](BotObserver& o) { o.Note(line); });
  }

  void Fail(const std::string& what, const CallResult& r) {
    if (stopper_.stopped() && r.status.error_code() == grpc::StatusCode::CANCELLED) return;
    error_ = name_ + ": " + what + ": " + r.Describe(client_.options().server);
  }

  Act Choose(const SeatView& view, const std::vector<Act>& legal, const v1::SeatView& wire) {
    const uint64_t board_seed =
        BoardSeed(seed_, results_.seed_key(), wire.chair(), wire.board_number());
    const uint64_t act_seed = SplitMix(board_seed ^ static_cast<uint64_t>(wire.act_count()));
    switch (policy_) {
      case BotPolicy::kRandom: return ChooseRandomAct(legal, act_seed);
      case BotPolicy::kHighest: return ChooseHighestCardAct(view, legal, board_seed);
      case BotPolicy::kSampling: {
        // Every view the seat is asked on shows the trick before (PlayMemory).
        memory_.See(view);
        const std::vector<Card> played = memory_.Played(view).value_or(std::vector<Card>{});
        return ChooseSamplingAct(profile_, view, played, legal, act_seed, sampling_);
      }
      case BotPolicy::kBot: break;
    }
    if (view.phase == Phase::kPlaying && slip_percent_ > 0 &&
        static_cast<int>(SplitMix(act_seed) % 100) < slip_percent_) {
      return ChooseRandomAct(legal, act_seed);
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
      error_ = name_ + ": " +
               Tr("unreadable view from skatd: {0}",
                  (view.ok() ? legal.status() : view.status()).message());
      return false;
    }
    if (!AskedToAct(*view)) return true;
    const Act act = Choose(*view, *legal, wire);
    v1::Act request;
    service::ToProto(act, &request);
    request.clear_text();
    const auto sent = std::chrono::steady_clock::now();
    CallResult r = client_.SendAct(request, wire.board_number());
    if (r.ok()) {
      acted_ = key;
      if (stats_ != nullptr) stats_->ActDone(sent);
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
        Note(name_ + ": " +
             Tr("the view was stale ({0}); going on", r.Describe(client_.options().server)));
        return true;
      }
    }
    Fail(Tr("board {0}: act \"{1}\"", wire.board_number(), ActLine(act)), r);
    return false;
  }

  SeatClient client_;
  Stopper& stopper_;
  const Profile& profile_;
  const BotPolicy policy_;
  const int slip_percent_;
  const SamplingOptions sampling_;
  const uint64_t seed_;
  BotStats* const stats_;
  const bool callbacks_;
  const std::shared_ptr<grpc::Channel> channel_;
  TableResults& results_;
  Serialized& observer_;
  std::string name_;
  std::pair<int, int> acted_{-1, -1};  // (board index, act count) of the last view acted on
  PlayMemory memory_;                  // kSampling: the card play seen so far
  std::string error_;
};

// The event's rule profile (EventService GetEvent; no token needed), retried like the seats.
const Profile* EventProfile(const std::shared_ptr<grpc::Channel>& channel,
                            const std::string& server, const std::string& table, Stopper& stopper,
                            std::chrono::seconds retry_for, std::string& error) {
  const size_t tables = table.find("/tables/");
  if (tables == std::string::npos || tables == 0 || table.rfind("events/", 0) != 0) {
    error = Tr("'{0}' is not a table name (events/{event}/tables/{table})", table);
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
      if (profile == nullptr) error = Tr("the event's profile '{0}' is unknown", event.profile());
      return profile;
    }
    CallResult r = Outcome(s, *context);
    if (!Retryable(s.error_code(), false) || !backoff.Wait()) {
      error = Tr("event of {0}", table) + ": " + r.Describe(server);
      return nullptr;
    }
  }
}

// A table some seats here play: its seats here, its event's profile; its chairs and boards are
// read (GetTable with the seat's token) when its first seat here starts.
struct TableEntry {
  int seats = 0;
  const Profile* profile = nullptr;
  std::once_flag once;
  std::unique_ptr<TableResults> results;
  std::string error;
};

// The threads' seats: one group per player (his seats in round order), one per seat without a
// player.
std::vector<std::vector<const BotSeat*>> SeatGroups(const std::vector<BotSeat>& seats) {
  std::vector<std::vector<const BotSeat*>> groups;
  std::map<std::string, size_t> group_of;
  for (const BotSeat& s : seats) {
    if (s.player.empty()) {
      groups.push_back({&s});
      continue;
    }
    auto [it, added] = group_of.emplace(s.player, groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(&s);
  }
  for (auto& g : groups) {
    std::stable_sort(g.begin(), g.end(),
                     [](const BotSeat* a, const BotSeat* b) { return a->round < b->round; });
  }
  return groups;
}

// One PlaySeats call: its tables, and the threads that play the seat groups.
class SeatsRun {
 public:
  SeatsRun(const std::shared_ptr<grpc::Channel>& channel, const BotOptions& options,
           BotObserver& observer)
      : channel_(channel), options_(options), serialized_(observer) {}

  std::vector<std::string> Run(const std::vector<BotSeat>& seats) {
    if (std::string error = ReadTables(seats); !error.empty()) return {error};
    const std::vector<std::vector<const BotSeat*>> groups = SeatGroups(seats);
    serialized_.Call([&](BotObserver& o) {
      o.Started(static_cast<int>(seats.size()), static_cast<int>(tables_.size()));
    });
    if (options_.stats != nullptr) options_.stats->Start();
    return PlayGroups(groups);
  }

 private:
  // Per event: its profile (GetEvent, once). Per table: its seats here. The error when an
  // event's profile cannot be read, else "".
  std::string ReadTables(const std::vector<BotSeat>& seats) {
    std::map<std::string, const Profile*> profiles;
    for (const BotSeat& s : seats) {
      TableEntry& entry = tables_[s.table];
      ++entry.seats;
      const std::string event = s.table.substr(0, s.table.find("/tables/"));
      auto known = profiles.find(event);
      if (known == profiles.end()) {
        std::string error;
        const Profile* profile =
            EventProfile(channel_, options_.server, s.table, stopper_, options_.retry_for, error);
        if (profile == nullptr) return error;
        known = profiles.emplace(event, profile).first;
      }
      entry.profile = known->second;
    }
    return "";
  }

  // Passes a seat client's notes to the observer, prefixed with `who`.
  std::function<void(const std::string&)> NoteAs(std::string who) {
    return [this, who = std::move(who)](const std::string& line) {
      serialized_.Call([&](BotObserver& o) { o.Note(who + ": " + line); });
    };
  }

  // Loads a table's entry (GetTable with the seat's token), once; false (entry.error set) when
  // it cannot be played.
  bool Load(const BotSeat& seat, TableEntry& entry) {
    std::call_once(entry.once, [&] {
      SeatClient client(channel_,
                        SeatOptions{.server = options_.server,
                                    .table = seat.table,
                                    .token = seat.token,
                                    .retry_for = options_.retry_for,
                                    .note = NoteAs(ShortTableName(seat.table))},
                        stopper_);
      v1::Table info;
      CallResult r = client.GetTable(&info);
      if (!r.ok()) {
        entry.error = seat.table + ": " + r.Describe(options_.server);
      } else if (info.mode() == v1::TABLE_MODE_PHYSICAL) {
        entry.error = Tr("{0} plays with physical cards; bots play online tables only", seat.table);
      } else if (info.chairs() < 3) {
        entry.error = seat.table + ": " + Tr("skatd says it has {0} chairs", info.chairs());
      } else {
        entry.results = std::make_unique<TableResults>(seat.table, info, entry.seats, serialized_);
      }
    });
    return entry.results != nullptr;
  }

  // Plays one group's seats in order until one fails or the run stops: the error, or "".
  std::string PlayGroup(const std::vector<const BotSeat*>& group) {
    for (const BotSeat* s : group) {
      if (stopper_.stopped()) break;
      TableEntry& entry = tables_.at(s->table);
      if (!Load(*s, entry)) return entry.error;
      SeatBot bot(channel_,
                  SeatOptions{.server = options_.server,
                              .table = s->table,
                              .token = s->token,
                              .retry_for = options_.retry_for,
                              .note = {}},
                  stopper_, *entry.profile, options_, *entry.results, serialized_);
      bot.Run();
      if (!bot.error().empty()) return bot.error();
    }
    return "";
  }

  // One thread per group; the first error stops the others. The errors, each once.
  std::vector<std::string> PlayGroups(const std::vector<std::vector<const BotSeat*>>& groups) {
    std::mutex mutex;
    std::condition_variable ended;
    size_t running = groups.size();
    bool failed = false;
    std::vector<std::string> errors;
    std::vector<std::thread> threads;
    for (const auto& group : groups) {
      threads.emplace_back([&, group = &group] {
        const std::string error = PlayGroup(*group);
        std::lock_guard lock(mutex);
        --running;
        if (!error.empty()) {
          failed = true;
          errors.push_back(error);
        }
        ended.notify_all();
      });
    }
    {
      std::unique_lock lock(mutex);
      ended.wait(lock, [&] { return running == 0 || failed; });
    }
    if (failed) stopper_.Stop();  // the other seats stop too
    for (std::thread& t : threads) t.join();
    // Errors of tables no seat could load are reported once each.
    std::sort(errors.begin(), errors.end());
    errors.erase(std::unique(errors.begin(), errors.end()), errors.end());
    return errors;
  }

  const std::shared_ptr<grpc::Channel>& channel_;
  const BotOptions& options_;
  Serialized serialized_;
  Stopper stopper_;
  std::map<std::string, TableEntry> tables_;
};

}  // namespace

std::vector<std::string> PlaySeats(const std::shared_ptr<grpc::Channel>& channel,
                                   const std::vector<BotSeat>& seats, const BotOptions& options,
                                   BotObserver& observer) {
  return SeatsRun(channel, options, observer).Run(seats);
}

}  // namespace skat::cli
