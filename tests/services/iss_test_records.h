// ISS game records for the import tests (import_iss_test.cc, import_iss_e2e_test.cc): games played
// by the engine under isko with random legal acts and written by the engine's ISS writer
// (IssRecordFromGame, WriteIssRecord), picked so that a file holds records of several kinds.
#ifndef SKAT_TESTS_SERVICES_ISS_TEST_RECORDS_H_
#define SKAT_TESTS_SERVICES_ISS_TEST_RECORDS_H_

#include <map>
#include <string>
#include <vector>

#include "engine/iss_record.h"
#include "engine/iss_replay.h"
#include "engine/players/random_play.h"
#include "engine/profile.h"
#include "engine/random.h"

namespace skat::testing_iss {

struct TestRecord {
  std::string line;  // the record, one line
  Game game;         // the engine game it was written from
};

// "passed-in", "suit", "grand", "null", plus "+hand", "+ouvert", "+resign", "+timeout" when
// they apply: the kinds a test wants to see covered.
inline std::string KindOf(const Game& game) {
  const GameResult& r = game.result();
  if (r.kind != ResultKind::kDeclarerGame) return "passed-in";
  std::string kind = IsSuitGame(r.declaration.type)           ? "suit"
                     : r.declaration.type == GameType::kGrand ? "grand"
                                                              : "null";
  if (r.declaration.handling == SkatHandling::kHand) kind += "+hand";
  if (r.declaration.ouvert) kind += "+ouvert";
  for (const Act& act : game.acts()) {
    if (act.type == ActType::kResign) return kind + "+resign";
    if (act.type == ActType::kTimeout) return kind + "+timeout";
  }
  return kind;
}

// `count` records: the first of each kind first (at most `per_kind` of a kind while others are
// still missing), with ISS game ids first_id, first_id + 1, ... and players from a pool of five.
inline std::vector<TestRecord> MakeRecords(int count, int first_id = 1000, uint64_t seed = 1,
                                           int per_kind = 2) {
  const Profile& isko = IskoIss();  // the ISS's rules for giving up (D75)
  const char* names[] = {"zoot", "kermit", "foo", "xskat", "theCount"};
  std::vector<TestRecord> out;
  std::map<std::string, int> kinds;
  for (uint64_t s = seed; static_cast<int>(out.size()) < count; ++s) {
    Rng rng(s);
    Game game(isko, RandomBoard(rng));
    PlayOutRandomly(game, rng);
    Result<IssRecord> made = IssRecordFromGame(game);
    if (!made.ok()) continue;  // an act ISS cannot write
    IssRecord record = *made;
    const std::string kind = KindOf(game);
    if (kinds[kind] >= per_kind && s < seed + 20000) continue;
    ++kinds[kind];
    const int n = static_cast<int>(out.size());
    record.place = "International Skat Server";
    record.series = "77";
    record.id = std::to_string(first_id + n);
    record.date = "2026-11-23/18:00:00/UTC";
    for (int i = 0; i < 3; ++i) record.players[i] = names[(n + i) % 5];
    Result<std::string> line = WriteIssRecord(record);
    if (!line.ok()) continue;
    out.push_back(TestRecord{*line, game});
  }
  return out;
}

}  // namespace skat::testing_iss

#endif  // SKAT_TESTS_SERVICES_ISS_TEST_RECORDS_H_
