// The moves of an ISS game record (MV[...]; engine/iss_record.h, docs/iss-game-records.md):
// the mover and move pairs, the cards, and the declarations. Part of the reader
// (iss_record_reader_internal.h).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/iss_record.h"
#include "engine/iss_record_reader_internal.h"

namespace skat::iss_internal {
namespace {

// True when every dot-separated part of `s` is a card or "??" (and there is at least one).
bool AllCardParts(std::string_view s) {
  size_t pos = 0;
  while (true) {
    const size_t dot = s.find('.', pos);
    const size_t end = dot == std::string_view::npos ? s.size() : dot;
    const std::string_view part = s.substr(pos, end - pos);
    if (part != "??" && !ParseIssCard(part)) return false;
    if (dot == std::string_view::npos) return true;
    pos = dot + 1;
  }
}

}  // namespace

void Reader::ReadMoves(const Value& value, IssRecord& record) {
  const std::vector<Word> words = Words(value.text);
  for (size_t k = 0; k < words.size() && !failed_; k += 2) {
    if (k + 1 >= words.size()) {
      Fail(value.Offset(words[k].at), "the mover '" + std::string(words[k].text) +
                                          "' has no move (MV holds pairs: mover, move)");
      return;
    }
    ReadMove(value, words[k], words[k + 1], record.moves);
  }
}

bool Reader::ReadCards(const Value& value, std::string_view text, size_t at, bool allow_hidden,
                       std::vector<std::optional<Card>>& out) {
  size_t pos = 0;
  while (true) {
    const size_t dot = text.find('.', pos);
    const size_t end = dot == std::string_view::npos ? text.size() : dot;
    const std::string_view part = text.substr(pos, end - pos);
    if (part == "??" && allow_hidden) {
      out.push_back(std::nullopt);
    } else if (std::optional<Card> card = ParseIssCard(part)) {
      out.push_back(card);
    } else {
      Fail(value.Offset(at + pos), "'" + std::string(part) +
                                       "' is not a card (suit C S H D, rank 7 8 9 T J Q K A" +
                                       (allow_hidden ? ", or ?? hidden)" : ")"));
      return false;
    }
    if (dot == std::string_view::npos) return true;
    pos = dot + 1;
  }
}

void Reader::ReadMove(const Value& value, Word mover, Word move, std::vector<IssMove>& out) {
  IssMove m;
  if (mover.text != "w") {
    m.seat = ParseSeatDigit(mover.text);
    if (!m.seat) {
      Fail(value.Offset(mover.at), "'" + std::string(mover.text) +
                                       "' is not a mover (w for the server, 0 1 2 for the seats)");
      return;
    }
  }
  if (ReadWordMove(value, mover, move, m, out)) return;
  const std::string_view t = move.text;
  if (t.find('|') != std::string_view::npos) {
    if (!ReadDealParts(value, move, m)) return;
  } else if (AllCardParts(t)) {
    if (!ReadCardList(value, move, m)) return;
  } else {
    if (!m.seat) {
      Fail(value.Offset(move.at),
           "'" + std::string(t) + "' is not a server move (a deal, the skat, " + "TI.n, LE.n)");
      return;
    }
    ReadDeclaration(value, *m.seat, move, out);
    return;
  }
  if (m.kind == IssMoveKind::kDeal && !CheckDeal(value, move.at, m)) return;
  out.push_back(std::move(m));
}

bool Reader::NeedSeat(const Value& value, Word mover, const IssMove& m, std::string_view what) {
  if (m.seat) return true;
  Fail(value.Offset(mover.at), "the server (w) cannot " + std::string(what));
  return false;
}

void Reader::ReadSeatTarget(const Value& value, Word move, IssMoveKind kind, IssMove& m,
                            std::vector<IssMove>& out) {
  const std::string_view t = move.text;
  m.kind = kind;
  m.target = ParseSeatDigit(t.substr(3));
  if (!m.target) {
    Fail(value.Offset(move.at + 3), "'" + std::string(t.substr(3)) + "' after " +
                                        std::string(t.substr(0, 3)) + " is not a seat (0 1 2)");
    return;
  }
  out.push_back(std::move(m));
}

bool Reader::ReadWordMove(const Value& value, Word mover, Word move, IssMove& m,
                          std::vector<IssMove>& out) {
  const std::string_view t = move.text;
  const size_t at = move.at;
  if (t == "y" || t == "p" || t == "s") {
    if (!NeedSeat(value, mover, m, t == "y" ? "hold" : t == "p" ? "pass" : "take the skat")) {
      return true;
    }
    const ActType type = t == "y" ? ActType::kHold : t == "p" ? ActType::kPass : ActType::kTakeSkat;
    m.act = Act::Simple(type, *m.seat);
  } else if (t == "RE") {
    m.kind = IssMoveKind::kResign;
  } else if (t == "SC" || t.starts_with("SC.")) {
    m.kind = IssMoveKind::kShowCards;
    if (t.size() > 2 && !ReadCards(value, t.substr(3), at + 3, true, m.cards)) return true;
  } else if (t.starts_with("TI.") || t.starts_with("LE.")) {
    ReadSeatTarget(value, move, t[0] == 'T' ? IssMoveKind::kTimeout : IssMoveKind::kLeave, m, out);
    return true;
  } else if (!t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos) {
    if (!NeedSeat(value, mover, m, "bid")) return true;
    std::optional<int> bid = ParseInt(t);
    if (!bid) {
      Fail(value.Offset(at), "bid '" + std::string(t) + "' is above " + std::to_string(kMaxNumber));
      return true;
    }
    m.act = Act::Bid(*m.seat, *bid);
  } else if (std::optional<Card> card = ParseIssCard(t)) {
    if (!NeedSeat(value, mover, m, "play a card")) return true;
    m.act = Act::Play(*m.seat, *card);
  } else if (t == "??") {
    // A card played face down: a live record seen from another seat, or a damaged one. A played
    // card must be known for the game to replay (docs/iss-game-records.md).
    if (!NeedSeat(value, mover, m, "play a card")) return true;
    Fail(value.Offset(at), "'" + std::string(mover.text) +
                               " ?\?': a hidden card (?\?) was played; every card played must be "
                               "known");
    return true;
  } else {
    return false;
  }
  out.push_back(std::move(m));
  return true;
}

bool Reader::ReadDealParts(const Value& value, Word move, IssMove& m) {
  // The live form of a deal: forehand|middlehand|rearhand|skat, "??" for a card not shown.
  const std::string_view t = move.text;
  const size_t at = move.at;
  m.kind = IssMoveKind::kDeal;
  size_t pos = 0;
  constexpr size_t kSizes[4] = {10, 10, 10, 2};
  for (int part = 0; part < 4; ++part) {
    const size_t bar = t.find('|', pos);
    if ((bar == std::string_view::npos) != (part == 3)) {
      Fail(value.Offset(at + (bar == std::string_view::npos ? t.size() : bar)),
           "a deal with '|' has four parts: forehand|middlehand|rearhand|skat");
      return false;
    }
    const size_t end = bar == std::string_view::npos ? t.size() : bar;
    const size_t before = m.cards.size();
    if (!ReadCards(value, t.substr(pos, end - pos), at + pos, true, m.cards)) return false;
    if (m.cards.size() - before != kSizes[part]) {
      Fail(value.Offset(at + pos), "this part of the deal has " +
                                       std::to_string(m.cards.size() - before) + " cards, not " +
                                       std::to_string(kSizes[part]));
      return false;
    }
    pos = end + 1;
  }
  return true;
}

bool Reader::ReadCardList(const Value& value, Word move, IssMove& m) {
  const size_t at = move.at;
  if (!ReadCards(value, move.text, at, true, m.cards)) return false;
  if (m.cards.size() == 32) {
    m.kind = IssMoveKind::kDeal;
  } else if (m.cards.size() == 2 && !m.seat) {
    m.kind = IssMoveKind::kSkat;
  } else if (m.cards.size() == 2) {
    if (m.cards[0].has_value() != m.cards[1].has_value()) {
      Fail(value.Offset(at), "a discard is two cards or ??.??, not one of each");
      return false;
    }
    if (m.cards[0]) {
      m.act = Act::Discard(*m.seat, *m.cards[0], *m.cards[1]);
      m.cards.clear();
    } else {
      m.kind = IssMoveKind::kHiddenDiscard;
    }
  } else {
    Fail(value.Offset(at),
         std::to_string(m.cards.size()) + " cards: a deal has 32, a skat or a discard 2");
    return false;
  }
  return true;
}

bool Reader::CheckDeal(const Value& value, size_t at, const IssMove& m) {
  CardSet seen;
  for (size_t k = 0; k < m.cards.size(); ++k) {
    if (!m.cards[k]) continue;
    if (seen.contains(*m.cards[k])) {
      Fail(value.Offset(at), "the deal names " + IssCard(*m.cards[k]) + " twice");
      return false;
    }
    seen.add(*m.cards[k]);
  }
  return true;
}

// <game> := (G | C | S | H | D | N) {H | O | S | Z} ["." cards]; see docs/iss-game-records.md.
void Reader::ReadDeclaration(const Value& value, Direction seat, Word move,
                             std::vector<IssMove>& out) {
  const std::string_view t = move.text;
  const size_t dot = t.find('.');
  const std::string_view letters = t.substr(0, dot);
  Declaration d;
  switch (letters.empty() ? '\0' : letters[0]) {
    case 'G': d.type = GameType::kGrand; break;
    case 'C': d.type = GameType::kClubs; break;
    case 'S': d.type = GameType::kSpades; break;
    case 'H': d.type = GameType::kHearts; break;
    case 'D': d.type = GameType::kDiamonds; break;
    case 'N': d.type = GameType::kNull; break;
    default:
      Fail(value.Offset(move.at),
           "'" + std::string(t) + "' is not a move (a bid, y, p, s, a card, a game G C S H D N, " +
               "RE, SC, TI.n, LE.n)");
      return;
  }
  bool hand = false;
  bool schneider = false;
  bool schwarz = false;
  for (size_t k = 1; k < letters.size(); ++k) {
    switch (letters[k]) {
      case 'H': hand = true; break;
      case 'O': d.ouvert = true; break;
      case 'S': schneider = true; break;
      case 'Z': schwarz = true; break;
      default:
        Fail(value.Offset(move.at + k), "'" + std::string(1, letters[k]) +
                                            "' is not a game letter (H hand, O ouvert, " +
                                            "S schneider, Z schwarz announced)");
        return;
    }
  }
  if (d.type == GameType::kNull) {
    if (schneider || schwarz) {
      Fail(value.Offset(move.at), "a Null game takes no schneider or schwarz announcement");
      return;
    }
  } else if (d.ouvert) {
    hand = true;  // a suit or grand ouvert is a hand game with schneider and schwarz announced
  } else {
    d.announced = schwarz     ? Announcement::kSchwarz
                  : schneider ? Announcement::kSchneider
                              : Announcement::kNone;
  }
  d.handling = hand ? SkatHandling::kHand : SkatHandling::kPickup;
  std::vector<std::optional<Card>> cards;
  if (dot != std::string_view::npos &&
      !ReadCards(value, t.substr(dot + 1), move.at + dot + 1, true, cards)) {
    return;
  }
  IssMove declare;
  declare.seat = seat;
  declare.act = Act::Declare(seat, d);
  if (!hand && !cards.empty()) {
    if (cards.size() < 2 || cards[0].has_value() != cards[1].has_value()) {
      Fail(value.Offset(move.at + dot + 1),
           "a game with the skat taken names its two discards first (or ??.?? hidden)");
      return;
    }
    IssMove discard;
    discard.seat = seat;
    if (cards[0]) {
      discard.act = Act::Discard(seat, *cards[0], *cards[1]);
    } else {
      discard.kind = IssMoveKind::kHiddenDiscard;
      discard.cards = {std::nullopt, std::nullopt};
    }
    out.push_back(std::move(discard));
    cards.erase(cards.begin(), cards.begin() + 2);
  }
  declare.cards = std::move(cards);
  out.push_back(std::move(declare));
}

}  // namespace skat::iss_internal
