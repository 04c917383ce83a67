// skat value: the value of a described outcome (RULES N1-N11): game, matadors or the declarer's
// 12 cards, announcements, card points and tricks, floor -> value, pad entry, rule ids applied.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "engine/profile.h"
#include "engine/value.h"
#include "services/cli/commands.h"

namespace skat::cli {
namespace {

// "with 2", "without 3", "w2", "wo3".
std::optional<Matadors> ParseMatadors(const std::string& text) {
  std::istringstream in(text);
  std::string word;
  int count = 0;
  if (!(in >> word >> count)) return std::nullopt;
  std::string rest;
  if (in >> rest) return std::nullopt;
  if (word == "with") return Matadors{count, true};
  if (word == "without") return Matadors{count, false};
  return std::nullopt;
}

int Fail(const std::string& message) {
  std::cerr << "skat value: " << message << "\n";
  return 1;
}

}  // namespace

Runner AddValueCommand(CLI::App& app) {
  struct Options {
    std::string profile = "nasl-1909";
    std::string game;
    std::string matadors;
    std::string cards;
    std::string announce = "none";
    int points = -1;
    int tricks = -1;
    int floor = 0;
    bool conceded = false;
    bool defenders_conceded = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "value", "Value a described game: value, pad entry and the rule ids applied.");
  sub->footer(
      "Games: tournee-<suit>, grand-tournee, passt-mir-nicht-<suit>, passt-mir-nicht-grand,\n"
      "guckser, solo-<suit>, grand-solo, grand-ouvert, null, null-ouvert; suits are clubs,\n"
      "spades, hearts, diamonds. Card notation: docs/cards.md.\n"
      "Examples:\n"
      "  skat value --game solo-clubs --matadors \"with 4\" --points 75\n"
      "  skat value --game tournee-hearts --matadors \"with 1\" --points 70 --floor 27\n"
      "  skat value --game guckser --matadors \"without 4\" --points 0 --tricks 0");
  sub->add_option("--profile", o->profile, "rule profile")->capture_default_str();
  sub->add_option("-g,--game", o->game, "the game declared")->required();
  auto* m = sub->add_option("-m,--matadors", o->matadors, "\"with N\" or \"without N\"");
  auto* c = sub->add_option("--cards", o->cards,
                            "the declarer's 12 cards (hand and skat); matadors are counted");
  m->excludes(c);
  sub->add_option("-a,--announce", o->announce, "none, schneider or schwarz (Solo only)")
      ->capture_default_str();
  sub->add_option("-p,--points", o->points, "the declarer's card points, skat included (0-120)");
  sub->add_option("-t,--tricks", o->tricks,
                  "tricks the declarer took (default: 0 with 0 points, 10 with 120, else 5)");
  sub->add_option("-f,--floor", o->floor, "the contract floor: the highest bid (default: none)");
  sub->add_flag("--conceded", o->conceded, "the declarer conceded (RULES N11)");
  sub->add_flag("--defenders-conceded", o->defenders_conceded,
                "both defenders conceded (RULES N11)");
  return [o]() {
    const Profile* profile = FindProfile(o->profile);
    if (!profile) return Fail("unknown profile '" + o->profile + "'");
    std::optional<Declaration> d = ParseGame(o->game);
    if (!d) return Fail("unknown game '" + o->game + "' (see skat value --help)");
    std::optional<Announcement> a = ParseAnnouncement(o->announce);
    if (!a) return Fail("unknown announcement '" + o->announce + "': none, schneider, schwarz");
    d->announced = *a;
    Matadors matadors;
    if (d->type != GameType::kNull) {
      if (!o->cards.empty()) {
        std::optional<CardSet> cards = ParseCardSet(o->cards);
        if (!cards || cards->size() != 12) {
          return Fail("--cards needs the declarer's 12 different cards, got '" + o->cards + "'");
        }
        matadors = CountMatadors(*cards, d->type);
      } else if (!o->matadors.empty()) {
        std::optional<Matadors> parsed = ParseMatadors(o->matadors);
        if (!parsed)
          return Fail("matadors '" + o->matadors + "': write \"with N\" or \"without N\"");
        matadors = *parsed;
      } else {
        return Fail("give --matadors or --cards for a " + std::string(GameTypeName(d->type)) +
                    " game");
      }
    }
    PlayOutcome outcome;
    if (o->conceded && o->defenders_conceded) {
      return Fail("--conceded and --defenders-conceded exclude each other");
    }
    outcome.end = o->conceded             ? GameEnd::kDeclarerConceded
                  : o->defenders_conceded ? GameEnd::kDefendersConceded
                                          : GameEnd::kPlayedOut;
    if (o->points < 0 && outcome.end == GameEnd::kPlayedOut && d->type != GameType::kNull) {
      return Fail("give the declarer's card points with --points");
    }
    outcome.declarer_points = std::max(o->points, 0);
    outcome.declarer_tricks = o->tricks >= 0                   ? o->tricks
                              : outcome.declarer_points == 0   ? 0
                              : outcome.declarer_points == 120 ? 10
                                                               : 5;
    Result<Valuation> v = ValueGame(*profile, *d, matadors, o->floor, outcome);
    if (!v.ok()) return Fail(v.status().message());
    std::cout << "game: " << ToString(*d);
    if (d->type != GameType::kNull) std::cout << ", " << ToString(matadors);
    std::cout << "\n";
    if (d->type != GameType::kNull) {
      std::cout << "outcome: " << outcome.declarer_points << " card points, "
                << outcome.declarer_tricks << " tricks\n";
    }
    std::cout << "result: " << (v->won ? "won" : "lost");
    if (v->overbid) std::cout << ", overbid (floor " << o->floor << ")";
    if (v->level > 0) std::cout << ", level " << v->level;
    std::cout << "\nvalue: " << v->value << "\n";
    std::cout << "pad entry: " << (v->pad > 0 ? "+" : "") << v->pad << "\n";
    std::cout << "rules: " << RuleNames(v->rules) << " (" << profile->id << ")\n";
    return 0;
  };
}

}  // namespace skat::cli
