// EventService's rule profiles (event_service.proto GetRuleProfile, ListRuleProfiles): the
// engine's profile tables (engine/profile.h) as data for clients, docs/rules.md "Rule profiles".
// Every field is read from the Profile; nothing here restates a rule.
#include <string>
#include <vector>

#include "engine/profile.h"
#include "services/common/grpc_status.h"
#include "services/common/page.h"
#include "services/event/event_service.h"

namespace skat::service {
namespace {

constexpr std::string_view kProfilePrefix = "profiles/";

// The engine's enums are the proto's minus one (game_types.proto lists them in the same order
// after UNSPECIFIED).
template <typename Proto, typename Engine>
Proto EngineWire(Engine e) {
  return static_cast<Proto>(static_cast<int>(e) + 1);
}

// Games in the order a form offers them: clubs, spades, hearts, diamonds, grand, null.
constexpr GameType kGameOrder[] = {GameType::kClubs,    GameType::kSpades, GameType::kHearts,
                                   GameType::kDiamonds, GameType::kGrand,  GameType::kNull};

void HandlingToProto(const Profile& p, SkatHandling h, v1::RuleHandling* out) {
  out->set_handling(EngineWire<v1::SkatHandling>(h));
  for (GameType t : kGameOrder) {
    Declaration d;
    d.handling = h;
    d.type = t;
    if (p.Allows(d)) out->add_games(EngineWire<v1::GameType>(t));
    d.ouvert = true;
    if (p.Allows(d)) out->add_ouvert_games(EngineWire<v1::GameType>(t));
  }
  const LevelTable& levels = p.levels[static_cast<int>(h)];
  for (Announcement a : {Announcement::kSchneider, Announcement::kSchwarz}) {
    if (levels.AllowsAnnouncement(a)) out->add_announcements(EngineWire<v1::Announcement>(a));
  }
  out->set_defenders_consult(p.defenders_consult[static_cast<int>(h)]);
  out->set_target_tricks(p.target_tricks[static_cast<int>(h)]);
}

}  // namespace

void ToProto(const Profile& p, v1::RuleProfile* out) {
  out->set_name(std::string(kProfilePrefix) + std::string(p.id));
  out->set_display_name(std::string(p.title));
  for (int h = 0; h < kSkatHandlingCount; ++h) {
    if (!p.AllowsHandling(static_cast<SkatHandling>(h))) continue;
    HandlingToProto(p, static_cast<SkatHandling>(h), out->add_handlings());
  }
  for (int bid : p.legal_bids) out->add_bid_values(bid);
  out->set_any_positive_bid(p.any_positive_bid);
  out->set_contra(p.contra);
  out->set_all_pass(p.ramsch ? v1::ALL_PASS_RAMSCH : v1::ALL_PASS_PASSED_IN);
  // Every profile plays at three chairs or at four with a resting dealer (engine/board_set.h
  // ForehandChair).
  for (int chairs : {3, 4}) out->add_table_sizes(chairs);
  out->set_move_seconds(p.move_seconds);
  // The profile's usual scoring first (its tournament bonus is Seeger-Fabian's, engine/profile.h
  // tournament_bonus), then the others.
  const bool seeger = p.tournament_bonus > 0;
  out->add_board_scores(seeger ? v1::BOARD_SCORE_SEEGER_FABIAN : v1::BOARD_SCORE_SETTLED);
  out->add_board_scores(seeger ? v1::BOARD_SCORE_SETTLED : v1::BOARD_SCORE_SEEGER_FABIAN);
  out->add_board_scores(v1::BOARD_SCORE_PAD);
  for (const ProfileOption& o : p.options) out->add_options(std::string(o.name));
  for (std::string_view o : p.options_on) out->add_options_on(std::string(o));
  out->set_raise_before_first_card(p.raise_before_first_card);
  out->set_resign(p.resign_and_timeout);
}

grpc::Status EventServiceImpl::GetRuleProfile(grpc::ServerContext* context,
                                              const v1::GetRuleProfileRequest* request,
                                              v1::RuleProfile* response) {
  const std::string& name = request->name();
  if (!name.starts_with(kProfilePrefix) || name.size() == kProfilePrefix.size() ||
      name.size() > 200) {
    return ToGrpc(Status::InvalidArgument("name '" + name.substr(0, 80) +
                                          "' is not of the form profiles/{profile}"),
                  context);
  }
  const Profile* profile = FindProfile(std::string_view(name).substr(kProfilePrefix.size()));
  if (profile == nullptr) {
    return ToGrpc(Status::NotFound("no rule profile " + name.substr(0, 80)), context);
  }
  ToProto(*profile, response);
  return grpc::Status::OK;
}

grpc::Status EventServiceImpl::ListRuleProfiles(grpc::ServerContext* context,
                                                const v1::ListRuleProfilesRequest* request,
                                                v1::ListRuleProfilesResponse* response) {
  // Keys: the profile's position in ProfileIds().
  constexpr std::string_view kList = "ListRuleProfiles";
  Result<PageRequest> page =
      ParsePageRequest(kList, request->page_size(), request->page_token(), 1);
  if (!page.ok()) return ToGrpc(page.status(), context);
  const std::vector<std::string_view> ids = ProfileIds();
  std::vector<int64_t> rows;
  const int64_t first = page->after ? page->after->numbers[0] + 1 : 0;
  for (int64_t i = first; i < static_cast<int64_t>(ids.size()); ++i) {
    if (rows.size() > static_cast<size_t>(page->size)) break;
    rows.push_back(i);
  }
  response->set_next_page_token(EndPage(
      kList, page->size, rows, [](int64_t i) { return PageKey{.numbers = {i}, .text = ""}; }));
  for (int64_t i : rows) ToProto(*FindProfile(ids[i]), response->add_rule_profiles());
  return grpc::Status::OK;
}

}  // namespace skat::service
