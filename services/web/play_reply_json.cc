#include "services/web/play_reply_json.h"

#include <charconv>
#include <string_view>

namespace skat::web {
namespace {

namespace pb = google::protobuf;

// Printed as is by protobuf's JSON escaping, and by this printer.
bool Plain(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' ||
         c == '-' || c == '_' || c == '.' || c == ',' || c == ':' || c == '(' || c == ')' ||
         c == '/' || c == '=';
}

// One JSON object being written: Key() puts the comma between members.
class Printer {
 public:
  explicit Printer(std::string& out) : out_(out) {}
  bool ok() const { return ok_; }

  void Open() {
    out_ += '{';
    first_ = true;
  }
  void Close() {
    out_ += '}';
    first_ = false;
  }
  void Key(std::string_view name) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += name;
    out_ += "\":";
  }
  void String(std::string_view s) {
    for (const char c : s) ok_ = ok_ && Plain(c);
    out_ += '"';
    out_ += s;
    out_ += '"';
  }
  void Int(int64_t n) {
    char digits[24];
    out_.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
  }
  void Raw(char c) { out_ += c; }
  void EnumName(const std::string& name) {
    ok_ = ok_ && !name.empty();
    String(name);
  }

  // Members, each only when not at its default (proto3: 0, "", false, empty, unset).
  void IntField(std::string_view key, int64_t n) {
    if (n == 0) return;
    Key(key);
    Int(n);
  }
  void BoolField(std::string_view key, bool b) {
    if (!b) return;
    Key(key);
    out_ += "true";
  }
  void StringField(std::string_view key, const std::string& s) {
    if (s.empty()) return;
    Key(key);
    String(s);
  }
  void EnumField(std::string_view key, int value, const std::string& (*name)(int)) {
    if (value == 0) return;
    Key(key);
    EnumName(name(value));
  }
  void Strings(std::string_view key, const pb::RepeatedPtrField<std::string>& list) {
    if (list.empty()) return;
    Key(key);
    char sep = '[';
    for (const std::string& s : list) {
      out_ += sep;
      sep = ',';
      String(s);
    }
    out_ += ']';
  }
  void Ints(std::string_view key, const pb::RepeatedField<int32_t>& list) {
    if (list.empty()) return;
    Key(key);
    char sep = '[';
    for (const int32_t n : list) {
      out_ += sep;
      sep = ',';
      Int(n);
    }
    out_ += ']';
  }
  template <typename Message, typename Print>
  void Messages(std::string_view key, const pb::RepeatedPtrField<Message>& list, Print print) {
    if (list.empty()) return;
    Key(key);
    out_ += '[';
    for (int i = 0; i < list.size(); ++i) {
      if (i > 0) out_ += ',';
      print(*this, list.Get(i));
    }
    out_ += ']';
  }

 private:
  std::string& out_;
  bool first_ = true;
  bool ok_ = true;
};

// The enums' names by value ("" for a value without one), without a copy.
const std::string& DirectionName(int v) { return v1::Direction_Name(v); }
const std::string& ActTypeName(int v) { return v1::ActType_Name(v); }
const std::string& GameTypeName(int v) { return v1::GameType_Name(v); }
const std::string& HandlingName(int v) { return v1::SkatHandling_Name(v); }
const std::string& AnnouncementName(int v) { return v1::Announcement_Name(v); }
const std::string& PhaseName(int v) { return v1::Phase_Name(v); }
const std::string& KindName(int v) { return v1::GameResult_Kind_Name(v); }

void PrintDeclaration(Printer& p, const v1::Declaration& d) {
  p.Open();
  p.EnumField("handling", d.handling(), HandlingName);
  p.EnumField("game", d.game(), GameTypeName);
  p.BoolField("ouvert", d.ouvert());
  p.EnumField("announcement", d.announcement(), AnnouncementName);
  p.Close();
}

void PrintAct(Printer& p, const v1::Act& a) {
  p.Open();
  p.EnumField("type", a.type(), ActTypeName);
  p.EnumField("seat", a.seat(), DirectionName);
  p.IntField("bid", a.bid());
  p.Strings("cards", a.cards());
  p.EnumField("trump", a.trump(), GameTypeName);
  if (a.has_declaration()) {
    p.Key("declaration");
    PrintDeclaration(p, a.declaration());
  }
  p.BoolField("accept", a.accept());
  p.StringField("text", a.text());
  p.Close();
}

void PrintTrick(Printer& p, std::string_view key, bool has, const v1::Trick& t) {
  if (!has) return;
  p.Key(key);
  p.Open();
  p.EnumField("leader", t.leader(), DirectionName);
  p.Strings("cards", t.cards());
  p.Close();
}

void PrintExposed(Printer& p, const v1::ExposedHand& e) {
  p.Open();
  p.EnumField("seat", e.seat(), DirectionName);
  p.Strings("cards", e.cards());
  p.Close();
}

void PrintProposal(Printer& p, const v1::Proposal& proposal) {
  p.Open();
  p.EnumField("kind", proposal.kind(), ActTypeName);
  p.EnumField("proposer", proposal.proposer(), DirectionName);
  if (!proposal.awaiting().empty()) {
    p.Key("awaiting");
    char sep = '[';
    for (const int d : proposal.awaiting()) {
      p.Raw(sep);
      sep = ',';
      p.EnumName(v1::Direction_Name(d));
    }
    p.Raw(']');
  }
  p.Close();
}

void PrintResult(Printer& p, const v1::GameResult& r) {
  p.Open();
  p.EnumField("kind", r.kind(), KindName);
  p.EnumField("declarer", r.declarer(), DirectionName);
  if (r.has_declaration()) {
    p.Key("declaration");
    PrintDeclaration(p, r.declaration());
  }
  p.BoolField("won", r.won());
  p.IntField("value", r.value());
  p.Ints("pad", r.pad());
  p.Ints("cardPoints", r.card_points());
  p.Ints("tricks", r.tricks());
  p.StringField("summary", r.summary());
  p.Close();
}

// Fields 1-16 of SeatView, then PrintViewRest for 17-33.
void PrintViewStart(Printer& p, const v1::SeatView& v) {
  p.StringField("table", v.table());
  p.IntField("boardNumber", v.board_number());
  p.IntField("boardIndex", v.board_index());
  p.IntField("actCount", v.act_count());
  p.IntField("chair", v.chair());
  p.EnumField("seat", v.seat(), DirectionName);
  p.EnumField("phase", v.phase(), PhaseName);
  p.EnumField("toMove", v.to_move(), DirectionName);
  p.Strings("hand", v.hand());
  p.Messages("bidding", v.bidding(), PrintAct);
  p.EnumField("declarer", v.declarer(), DirectionName);
  p.IntField("floor", v.floor());
  p.BoolField("ramsch", v.ramsch());
  if (v.has_declaration()) {
    p.Key("declaration");
    PrintDeclaration(p, v.declaration());
  }
  p.StringField("turnedCard", v.turned_card());
  p.StringField("lookedCard", v.looked_card());
}

void PrintViewRest(Printer& p, const v1::SeatView& v) {
  p.Messages("exposed", v.exposed(), PrintExposed);
  p.Strings("partnerHand", v.partner_hand());
  PrintTrick(p, "currentTrick", v.has_current_trick(), v.current_trick());
  PrintTrick(p, "lastTrick", v.has_last_trick(), v.last_trick());
  p.Ints("tricksWon", v.tricks_won());
  p.Strings("ownDiscards", v.own_discards());
  if (v.has_proposal()) {
    p.Key("proposal");
    PrintProposal(p, v.proposal());
  }
  p.Strings("trickLog", v.trick_log());
  p.Strings("skat", v.skat());
  if (v.has_result()) {
    p.Key("result");
    PrintResult(p, v.result());
  }
  p.Messages("legalActs", v.legal_acts(), PrintAct);
  p.IntField("moveSeconds", v.move_seconds());
  p.IntField("moveMsLeft", v.move_ms_left());
  p.Ints("botChairs", v.bot_chairs());
  p.EnumField("contraBy", v.contra_by(), DirectionName);
  p.BoolField("recontra", v.recontra());
  p.IntField("forehandChair", v.forehand_chair());
}

}  // namespace

bool AppendActResponseJson(const v1::ActResponse& reply, std::string& out) {
  Printer p(out);
  p.Open();
  if (reply.sequence() != 0) {
    p.Key("sequence");
    p.Raw('"');
    p.Int(reply.sequence());
    p.Raw('"');
  }
  p.IntField("boardNumber", reply.board_number());
  p.IntField("boardIndex", reply.board_index());
  p.IntField("actIndex", reply.act_index());
  if (reply.has_act()) {
    p.Key("act");
    PrintAct(p, reply.act());
  }
  p.BoolField("gameFinished", reply.game_finished());
  p.BoolField("tableFinished", reply.table_finished());
  p.Close();
  return p.ok();
}

bool AppendSeatUpdateJson(const v1::SeatUpdate& update, std::string& out) {
  Printer p(out);
  p.Open();
  if (update.has_view()) {
    p.Key("view");
    p.Open();
    PrintViewStart(p, update.view());
    PrintViewRest(p, update.view());
    p.Close();
  }
  p.BoolField("tableFinished", update.table_finished());
  p.Close();
  return p.ok();
}

}  // namespace skat::web
