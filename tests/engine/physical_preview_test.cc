// What a seat's check of a physical-play report tells it before the board is finished
// (engine/physical_result.h PreviewPhysicalResult; docs/tables.md "What a check tells a seat"),
// as a property over many boards: for pairs of boards that agree on one seat's hand and differ
// elsewhere, every report the seat can check (every declarer, handling and game the profile has,
// the turned card unnamed or named, card points and tricks, matadors stated or not,
// irregularities, Contra, Ramsch, passed in, fines) gets the same answer on both boards, and
// the answer agrees with the entry (ScorePhysicalResult) wherever it says something: a refusal
// is the entry's refusal on every board, word for word; a value is the entry's value on every
// board that accepts the report.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/physical_result.h"
#include "engine/profile.h"
#include "engine/random.h"
#include "tests/engine/redealt_board.h"

namespace skat {
namespace physical_preview_test {

using A = Announcement;
using H = SkatHandling;

// True when `text` names a number of matadors: "with " or "without " before a digit.
bool NamesMatadors(std::string_view text) {
  for (size_t at = text.find("with"); at != std::string_view::npos;
       at = text.find("with", at + 1)) {
    std::string_view rest = text.substr(at + 4);
    if (rest.starts_with("out")) rest.remove_prefix(3);
    if (rest.size() >= 2 && rest[0] == ' ' && rest[1] >= '0' && rest[1] <= '9') return true;
  }
  return false;
}

// Every field of a scored result, one line.
std::string Render(const PhysicalResult& p) {
  const Valuation& v = p.game.valuation;
  std::string out = "won " + std::to_string(v.won) + " value " + std::to_string(v.value) +
                    " overbid " + std::to_string(v.overbid) + " level " + std::to_string(v.level) +
                    " pad";
  for (int e : p.pad) out += " " + std::to_string(e);
  out += " fines";
  for (int f : p.fines) out += " " + std::to_string(f);
  out += " settled";
  for (long long s : p.settled) out += " " + std::to_string(s);
  return out + " rules " + p.rules;
}

// The whole answer to a check: the refusal's code and message, or the preview.
std::string Render(const Result<PhysicalPreview>& r) {
  if (!r.ok()) return r.status().ToString();
  return Describe(*r) + " | withheld " + std::to_string(r->value_withheld) + " as reported " +
         std::to_string(r->matadors_reported) + " | " + Render(r->result);
}

ReportedOutcome DeclarerGame(Direction declarer, Declaration d, int points, int tricks) {
  ReportedOutcome r;
  r.kind = ResultKind::kDeclarerGame;
  r.declarer = declarer;
  r.declaration = d;
  r.floor = 18;
  r.declarer_points = points;
  r.declarer_tricks = tricks;
  return r;
}

// The variants of one declaration: numbers, matadors stated or not, an irregularity, a Contra.
void AddVariants(const Profile& profile, const ReportedOutcome& base,
                 std::vector<ReportedOutcome>& out) {
  const int numbers[][2] = {{0, 0}, {12, 0}, {30, 3}, {61, 5}, {75, 7}, {95, 9}, {120, 10}};
  const std::optional<Matadors> stated[] = {std::nullopt, Matadors{1, true}, Matadors{2, false},
                                            Matadors{3, true}};
  for (const auto& [points, tricks] : numbers) {
    for (const std::optional<Matadors>& m : stated) {
      ReportedOutcome r = base;
      r.declarer_points = r.declaration.type == GameType::kNull ? 0 : points;
      r.declarer_tricks = tricks;
      r.matadors = m;
      out.push_back(r);
    }
  }
  ReportedOutcome revoke = base;  // a defender revokes after three tricks (XI.8)
  revoke.play_error = PlayError{PlayError::Kind::kRevoke, Next(base.declarer), 3, 2, 25, 14};
  out.push_back(revoke);
  ReportedOutcome looked = base;  // the declarer of a hand game looks at the skat (XI.4)
  looked.declarer_looked_at_skat = true;
  out.push_back(looked);
  ReportedOutcome fined = base;
  fined.declarer_points = base.declaration.type == GameType::kNull ? 0 : 70;
  fined.declarer_tricks = base.declaration.type == GameType::kNull ? 0 : 6;
  fined.fines.push_back(FineReport{FineKind::kPlayerLooksAtSkat, PartyOf(Next(base.declarer))});
  out.push_back(fined);
  if (profile.contra) {
    ReportedOutcome contra = fined;
    contra.fines.clear();
    contra.contra = 2;
    contra.contra_by = Next(base.declarer);
    out.push_back(contra);
  }
}

// Every report a seat can check under `profile`, whatever the board: the same list for both
// boards of a pair.
std::vector<ReportedOutcome> Reports(const Profile& profile) {
  std::vector<ReportedOutcome> out;
  for (Direction declarer : kDirections) {
    for (int h = 0; h < kSkatHandlingCount; ++h) {
      for (int t = 0; t < kGameTypeCount; ++t) {
        for (bool ouvert : {false, true}) {
          for (A announced : {A::kNone, A::kSchneider, A::kSchwarz}) {
            const Declaration d{static_cast<H>(h), static_cast<GameType>(t), ouvert, announced};
            if (!CheckDeclaration(profile, d).ok()) continue;
            const ReportedOutcome base = DeclarerGame(declarer, d, 70, 6);
            AddVariants(profile, base, out);
            if (d.handling != H::kTournee && d.handling != H::kPasstMirNicht) continue;
            for (int c = 0; c < kCardCount; ++c) {  // the turned card named: every card
              ReportedOutcome named = base;
              named.turned = Card::FromIndex(c);
              out.push_back(named);
            }
          }
        }
      }
    }
  }
  ReportedOutcome passed;
  passed.kind = ResultKind::kPassedIn;
  out.push_back(passed);
  passed.fines.push_back(FineReport{FineKind::kMisdeal, Party::kDealer});
  out.push_back(passed);
  ReportedOutcome ramsch;
  ramsch.kind = ResultKind::kRamsch;
  ramsch.card_points = {40, 50, 30};
  ramsch.tricks = {3, 4, 3};
  ramsch.last_trick = Direction::kMiddlehand;
  out.push_back(ramsch);
  return out;
}

// The property over `pairs` pairs of boards per seat. Counts in *entry_differs the reports the
// entry answers differently on the two boards of a pair: the answers a check must not give.
void ExpectChecksTellNothingOfTheBoard(const Profile& profile, int pairs, uint64_t seed,
                                       int* entry_differs) {
  SCOPED_TRACE(std::string(profile.id));
  Rng rng(seed);
  const std::vector<ReportedOutcome> reports = Reports(profile);
  for (int pair = 0; pair < pairs; ++pair) {
    for (Direction seat : kDirections) {
      const Board a = testing_boards::RandomBoard(rng);
      const Board b = testing_boards::Redealt(a, seat, rng);
      ASSERT_EQ(a.hand(seat), b.hand(seat));
      for (const ReportedOutcome& r : reports) {
        const Result<PhysicalPreview> check = PreviewPhysicalResult(profile, r);
        const std::string answer = Render(check);
        const Result<PhysicalResult> on_a = ScorePhysicalResult(profile, a, r);
        const Result<PhysicalResult> on_b = ScorePhysicalResult(profile, b, r);
        if ((on_a.ok() ? Render(*on_a) + Describe(on_a->game) : on_a.status().ToString()) !=
            (on_b.ok() ? Render(*on_b) + Describe(on_b->game) : on_b.status().ToString())) {
          ++*entry_differs;
        }
        // The same report checked again (the board is not an input): the same answer.
        ASSERT_EQ(answer, Render(PreviewPhysicalResult(profile, r)));
        if (!check.ok()) {
          // A refusal of the check is the entry's refusal on every board.
          for (const Result<PhysicalResult>* entry : {&on_a, &on_b}) {
            ASSERT_FALSE(entry->ok()) << answer;
            ASSERT_EQ(entry->status().ToString(), answer);
          }
          continue;
        }
        const bool withheld = check->value_withheld;
        const GameType type = r.declaration.type;
        ASSERT_EQ(withheld, r.kind == ResultKind::kDeclarerGame && type != GameType::kNull &&
                                !profile.FixedValue(r.declaration) && !r.matadors)
            << answer;
        // Without stated matadors the check names none.
        if (!r.matadors) {
          ASSERT_FALSE(NamesMatadors(answer)) << answer;
        }
        if (withheld) continue;
        for (const Result<PhysicalResult>* entry : {&on_a, &on_b}) {
          if (!entry->ok()) continue;
          ASSERT_EQ(Render(entry->value()), Render(check->result)) << answer;
        }
      }
    }
  }
}

TEST(PhysicalPreviewTest, ChecksTellNothingOfTheBoardUnderNasl1909) {
  int entry_differs = 0;
  ExpectChecksTellNothingOfTheBoard(Nasl1909(), 4, 41, &entry_differs);
  EXPECT_GT(entry_differs, 0) << "the pairs of boards must differ where the entry looks";
}

TEST(PhysicalPreviewTest, ChecksTellNothingOfTheBoardUnderOtherProfiles) {
  for (const char* id : {"laws-1900+revolution+uno-duo", "eichhorn-1898+contra", "isko"}) {
    const Profile* profile = FindProfile(id);
    ASSERT_NE(profile, nullptr) << id;
    int entry_differs = 0;
    ExpectChecksTellNothingOfTheBoard(*profile, 2, 42, &entry_differs);
    EXPECT_GT(entry_differs, 0) << id;
  }
}

}  // namespace physical_preview_test
}  // namespace skat
