#include "services/scoring/archive_search.h"

#include <algorithm>
#include <optional>
#include <string>

#include "engine/card_set.h"
#include "engine/declaration.h"
#include "services/common/names.h"

namespace skat::service {
namespace {

constexpr int kDefaultLimit = 50;
constexpr int kMaxLimit = 1000;
// The par "kind" of the boards without a cached par table.
constexpr char kUnanalysed[] = "unanalysed";

// A request's text as an error message shows it: at most 40 bytes (a hostile 1 MB holding must
// not come back in the message).
std::string Shown(const std::string& text) {
  return text.size() <= 40 ? text : text.substr(0, 40) + "...";
}

// Whether `kind` names a par contract kind: "grand", "null", "suit", "all-pass" or a handling.
bool KnownParKind(const std::string& kind) {
  if (kind == "grand" || kind == "null" || kind == "suit" || kind == "all-pass" ||
      kind == kUnanalysed) {
    return true;
  }
  return ParseHandling(kind).has_value();
}

bool ParMatches(const store::ArchiveBoardRecord& b, const std::string& kind) {
  if (kind == "suit") {
    const std::optional<GameType> type = ParseGameType(b.par_game);
    return type && IsSuitGame(*type);
  }
  if (kind == "grand" || kind == "null" || kind == "all-pass") return b.par_game == kind;
  return b.par_handling == kind;
}

bool HoldsTogether(const store::ArchiveBoardRecord& b, CardSet holding) {
  for (const std::string* hand : {&b.forehand, &b.middlehand, &b.rearhand}) {
    const std::optional<CardSet> cards = ParseCardSet(*hand);
    if (cards && cards->contains(holding)) return true;
  }
  return false;
}

}  // namespace

Status SearchArchive(const std::vector<store::ArchiveBoardRecord>& archive,
                     const v1::SearchBoardsRequest& request, v1::SearchBoardsResponse* out) {
  CardSet holding;
  if (!request.holding().empty()) {
    const std::optional<CardSet> cards = ParseCardSet(request.holding());
    if (!cards) {
      return Status::InvalidArgument(
          "holding '" + Shown(request.holding()) +
          "' is not a list of cards such as \"C-J S-J H-J D-J\" (docs/cards.md)");
    }
    holding = *cards;
  }
  if (!request.par().empty() && !KnownParKind(request.par())) {
    return Status::InvalidArgument(
        "par '" + Shown(request.par()) +
        "' is not a par contract kind (grand, null, suit, all-pass, or a handling "
        "such as tournee, guckser, hand, pickup) nor unanalysed");
  }
  if (request.order() != "" && request.order() != "spread") {
    return Status::InvalidArgument("order '" + Shown(request.order()) +
                                   "' is not known (spread, or empty)");
  }
  if (request.limit() < 0 || request.limit() > kMaxLimit) {
    return Status::InvalidArgument("limit " + std::to_string(request.limit()) +
                                   " is outside 0..1000 (0: 50)");
  }
  const int limit = request.limit() == 0 ? kDefaultLimit : request.limit();
  std::vector<const store::ArchiveBoardRecord*> matched;
  int without_par = 0;
  for (const store::ArchiveBoardRecord& b : archive) {
    if (!holding.empty() && !HoldsTogether(b, holding)) continue;
    if (request.par() == kUnanalysed) {
      if (b.has_par) continue;
    } else if (!request.par().empty()) {
      if (!b.has_par) {
        ++without_par;
        continue;
      }
      if (!ParMatches(b, request.par())) continue;
    }
    matched.push_back(&b);
  }
  if (request.order() == "spread") {
    std::stable_sort(matched.begin(), matched.end(),
                     [](const auto* x, const auto* y) { return x->spread > y->spread; });
  }
  out->set_searched(static_cast<int>(archive.size()));
  out->set_matched(static_cast<int>(matched.size()));
  out->set_without_par(without_par);
  for (size_t i = 0; i < matched.size() && static_cast<int>(i) < limit; ++i) {
    const store::ArchiveBoardRecord& b = *matched[i];
    v1::ArchiveBoard* a = out->add_boards();
    a->set_board_set(BoardSetResourceName(b.event_id, b.set_id));
    a->set_event_name(b.event_name);
    a->set_board_set_label(b.set_label);
    a->set_source(b.source);
    a->set_number(b.number);
    a->set_deal_number(b.deal_number);
    a->set_profile(b.profile);
    a->add_hands(b.forehand);
    a->add_hands(b.middlehand);
    a->add_hands(b.rearhand);
    a->set_skat(b.skat);
    a->set_par(b.par_summary);
    a->set_spread(b.spread);
    a->set_tables(b.tables);
  }
  return Status::Ok();
}

}  // namespace skat::service
