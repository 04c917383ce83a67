// skat search: the archive search through skatd's ScoringService.SearchBoards (docs/par.md;
// docs/par.md "Archive search"): every board of every revealed board set, imported ones
// included, by holding, by cached par contract, ordered by how much the tables differed.
// --analyse first has skatd compute the par tables the search would miss (GetParTable).
#include <iostream>
#include <memory>
#include <vector>

#include "services/cli/calls_in_flight.h"
#include "services/cli/client.h"
#include "services/cli/commands.h"
#include "services/cli/i18n/tr.h"
#include "skat/v1/scoring_service.grpc.pb.h"

namespace skat::cli {
namespace {

// GetParTable calls in flight (each a solver search on skatd when not cached).
constexpr int kParCalls = 2;
// Boards asked for per round of --analyse (SearchBoards' largest limit).
constexpr int kRound = 1000;

// Has skatd compute and cache the par table of every archive board holding `holding` that has
// none, in rounds of kRound, with progress. Returns -1 when done, else the exit code.
int AnalyseArchive(v1::ScoringService::Stub& stub, const std::string& holding,
                   const ServerOptions& where) {
  int before = -1;  // boards without a par table at the previous round
  for (;;) {
    v1::SearchBoardsRequest request;
    request.set_holding(holding);
    request.set_par("unanalysed");
    request.set_limit(kRound);
    v1::SearchBoardsResponse missing;
    auto context = NewContext(where);
    const grpc::Status s = stub.SearchBoards(context.get(), request, &missing);
    if (!s.ok()) return ReportFailure("search", s, *context, where);
    if (missing.boards_size() == 0) return -1;
    if (before >= 0 && missing.matched() >= before) {
      std::cerr << "skat search: internal: "
                << TrN("{n} board still has no par table after skatd computed theirs",
                       "{n} boards still have no par table after skatd computed theirs",
                       missing.matched())
                << "\n";
      return 1;
    }
    before = missing.matched();
    std::vector<v1::ParTable> tables(static_cast<size_t>(missing.boards_size()));
    const int failure =
        CallsInFlight(tables.size(), kParCalls, Tr("analysing archive boards"),
                      " (" + Tr("open-hand par; {0} without a par table", missing.matched()) + ")",
                      "search", where, [&](size_t i, grpc::ClientContext& call) {
                        v1::GetParTableRequest get;
                        get.set_board_set(missing.boards(static_cast<int>(i)).board_set());
                        get.set_number(missing.boards(static_cast<int>(i)).number());
                        return stub.GetParTable(&call, get, &tables[i]);
                      });
    if (failure >= 0) return failure;
    if (missing.matched() <= missing.boards_size()) return -1;
  }
}

}  // namespace

Runner AddSearchCommand(CLI::App& app) {
  struct Options {
    ServerOptions server;
    std::string holding;
    std::string par;
    bool spread = false;
    bool analyse = false;
    int limit = 20;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "search",
      Tr("Search the archive of boards (through skatd): every board of every revealed board set, "
         "imported sets included, by holding, by par contract, or by how much the tables "
         "differed."));
  sub->footer(Tr(
      "Only revealed sets are searched: a set's cards may still be in play until its seed is\n"
      "revealed. --par matches the cached par contract (docs/par.md): a board's par table is\n"
      "cached when its analysis is first asked for (skat report, GetBoardAnalysis, or\n"
      "--analyse); boards without one are counted, not matched. --analyse first has skatd\n"
      "compute the missing par tables (of the boards with --holding, if given), two at a time.\n"
      "Examples:\n"
      "  skat search --holding \"C-J S-J H-J D-J\"        four jacks in one hand\n"
      "  skat search --par grand                         par is a Grand\n"
      "  skat search --par grand --analyse               ... testing every board\n"
      "  skat search --spread --limit 10                 the boards whose tables differed most"));
  sub->add_option("--holding", o->holding, Tr("cards one hand holds together, e.g. \"C-J S-J\""));
  sub->add_option("--par", o->par,
                  Tr("the par contract: grand, null, suit, all-pass, or a handling (tournee, "
                     "passt-mir-nicht, guckser, hand, pickup, frage)"));
  sub->add_flag("--spread", o->spread, Tr("the boards whose tables differed most first"));
  sub->add_flag("--analyse", o->analyse,
                Tr("first compute the par tables not yet cached (can take a second per board)"));
  sub->add_option("--limit", o->limit, Tr("at most this many boards (1..1000)"))
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  AddServerOptions(*sub, o->server);
  return [o]() {
    auto stub = v1::ScoringService::NewStub(Connect(o->server));
    if (o->analyse) {
      if (const int failure = AnalyseArchive(*stub, o->holding, o->server); failure >= 0) {
        return failure;
      }
    }
    v1::SearchBoardsRequest request;
    request.set_holding(o->holding);
    request.set_par(o->par);
    request.set_order(o->spread ? "spread" : "");
    request.set_limit(o->limit);
    v1::SearchBoardsResponse found;
    auto context = NewContext(o->server);
    grpc::Status s = stub->SearchBoards(context.get(), request, &found);
    if (!s.ok()) return ReportFailure("search", s, *context, o->server);
    for (const v1::ArchiveBoard& b : found.boards()) {
      std::cout << b.board_set() << "  " << Tr("board {0}", b.number()) << "  "
                << Tr("deal {0}", b.deal_number()) << "  (" << b.event_name() << " / "
                << b.board_set_label() << ", " << b.profile()
                << (b.source() == "imported" ? ", " + Tr("imported") : "") << ")\n";
      const char* names[] = {"F", "M", "R"};
      for (int i = 0; i < b.hands_size() && i < 3; ++i) {
        std::cout << "  " << names[i] << ": " << b.hands(i) << "\n";
      }
      std::cout << "  S: " << b.skat() << "\n";
      std::cout << "  "
                << Tr("par: {0}; spread {1} over {2}",
                      b.par().empty() ? Tr("(not analysed yet)") : b.par(), b.spread(),
                      TrN("{n} table", "{n} tables", b.tables()))
                << "\n";
    }
    std::cout << TrN("{n} board searched", "{n} boards searched", found.searched()) << ", "
              << TrN("{n} matched", "{n} matched", found.matched());
    if (found.matched() > found.boards_size()) {
      std::cout << " (" << TrN("{n} shown", "{n} shown", found.boards_size()) << ")";
    }
    if (found.without_par() > 0) {
      std::cout << "; "
                << TrN("{n} without a cached par table was not tested (--analyse computes it)",
                       "{n} without a cached par table were not tested (--analyse computes them)",
                       found.without_par());
    }
    std::cout << "\n";
    return 0;
  };
}

}  // namespace skat::cli
