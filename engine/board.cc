#include "engine/board.h"

#include <cctype>
#include <vector>

namespace skat {
namespace {

// kBinomial[n][k] = C(n, k) for n, k <= 32.
struct BinomialTable {
  uint64_t value[33][33] = {};
  constexpr BinomialTable() {
    for (int n = 0; n <= 32; ++n) {
      value[n][0] = 1;
      for (int k = 1; k <= n; ++k) value[n][k] = value[n - 1][k - 1] + value[n - 1][k];
    }
  }
};
constexpr BinomialTable kBinomial;

constexpr uint64_t kMiddleCount = 646'646;  // C(22, 10)
constexpr uint64_t kRearCount = 66;         // C(12, 10)
static_assert(kBinomial.value[22][10] == kMiddleCount);
static_assert(kBinomial.value[12][10] == kRearCount);
static_assert(kBinomial.value[32][10] * kMiddleCount * kRearCount * 2 == kDealCount);

// Colex rank of `subset` among the k-subsets of `universe`, positions counted within universe.
uint64_t RankSubset(CardSet subset, CardSet universe) {
  uint64_t rank = 0;
  int i = 1;
  for (Card c : subset) {
    int position = (universe & CardSet((uint32_t{1} << c.index()) - 1)).size();
    rank += kBinomial.value[position][i++];
  }
  return rank;
}

// Inverse of RankSubset for k-subsets of universe (REQUIRES: rank < C(|universe|, k)).
CardSet UnrankSubset(uint64_t rank, int k, CardSet universe) {
  // Positions within universe, chosen greedily from the largest.
  uint32_t positions = 0;
  int top = universe.size() - 1;
  for (int i = k; i >= 1; --i) {
    while (kBinomial.value[top][i] > rank) --top;
    rank -= kBinomial.value[top][i];
    positions |= uint32_t{1} << top;
    --top;
  }
  // Map positions back to cards of universe.
  CardSet out;
  int position = 0;
  for (Card c : universe) {
    if ((positions >> position) & 1u) out.add(c);
    ++position;
  }
  return out;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// A label in lower case, byte by byte (std::tolower in the C locale).
std::string LowerLabel(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string_view DirectionName(Direction d) {
  constexpr std::string_view kNames[3] = {"forehand", "middlehand", "rearhand"};
  return kNames[Index(d)];
}

std::optional<Direction> ParseDirection(std::string_view name) {
  for (Direction d : kDirections) {
    if (name == DirectionName(d)) return d;
  }
  return std::nullopt;
}

char DirectionLetter(Direction d) { return "FMR"[Index(d)]; }

Status CheckBoard(const Board& board) {
  CardSet seen;
  for (Direction d : kDirections) {
    if (board.hand(d).size() != 10) {
      return Status::InvalidArgument(std::string(DirectionName(d)) + " holds " +
                                     std::to_string(board.hand(d).size()) +
                                     " cards, not 10 (RULES C4)");
    }
    if (seen.intersects(board.hand(d))) {
      return Status::InvalidArgument(std::string(DirectionName(d)) + " holds " +
                                     ToString(seen & board.hand(d)) + ", dealt twice (RULES C1)");
    }
    seen.add(board.hand(d));
  }
  if (board.skat[0] == board.skat[1]) {
    return Status::InvalidArgument("the skat holds " + ToString(board.skat[0]) +
                                   " twice (RULES C4)");
  }
  for (Card c : board.skat) {
    if (seen.contains(c)) {
      return Status::InvalidArgument("skat card " + ToString(c) + " is also in a hand (RULES C1)");
    }
  }
  return Status::Ok();
}

uint64_t DealNumber(const Board& board) {
  CardSet rest = CardSet::All();
  uint64_t number = RankSubset(board.hands[0], rest);
  rest.remove(board.hands[0]);
  number = number * kMiddleCount + RankSubset(board.hands[1], rest);
  rest.remove(board.hands[1]);
  number = number * kRearCount + RankSubset(board.hands[2], rest);
  return number * 2 + (board.skat[0] < board.skat[1] ? 0 : 1);
}

Board UnrankBoard(uint64_t number) {
  Board board;
  const bool swapped = number % 2;
  number /= 2;
  const uint64_t rear = number % kRearCount;
  number /= kRearCount;
  const uint64_t middle = number % kMiddleCount;
  const uint64_t fore = number / kMiddleCount;
  CardSet rest = CardSet::All();
  board.hands[0] = UnrankSubset(fore, 10, rest);
  rest.remove(board.hands[0]);
  board.hands[1] = UnrankSubset(middle, 10, rest);
  rest.remove(board.hands[1]);
  board.hands[2] = UnrankSubset(rear, 10, rest);
  rest.remove(board.hands[2]);
  board.skat = {rest.lowest(), rest.highest()};
  if (swapped) std::swap(board.skat[0], board.skat[1]);
  return board;
}

Result<Board> BoardFromNumber(uint64_t number) {
  if (number >= kDealCount) {
    return Status::InvalidArgument("deal number " + std::to_string(number) +
                                   " is out of range: deal numbers run from 0 to 5506588817009279");
  }
  return UnrankBoard(number);
}

Result<uint64_t> ParseDealNumber(std::string_view text) {
  uint64_t n = 0;
  bool ok = !text.empty() && text.size() <= 16;
  for (char c : text) {
    if (c < '0' || c > '9') ok = false;
    if (ok) n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  if (!ok || n >= kDealCount) {
    return Status::InvalidArgument("deal number '" + std::string(text.substr(0, 40)) +
                                   "' is not a whole number from 0 to 5506588817009279");
  }
  return n;
}

std::string ToString(const Board& board) {
  std::string out;
  for (Direction d : kDirections) {
    out += DirectionLetter(d);
    out += ": ";
    out += ToString(board.hand(d));
    out += "; ";
  }
  out += "S: " + ToString(board.skat[0]) + " " + ToString(board.skat[1]);
  return out;
}

Result<Board> ParseBoard(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find_first_of(";\n", pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view part = Trim(text.substr(pos, end - pos));
    if (!part.empty()) parts.push_back(part);
    pos = end + 1;
  }
  if (parts.size() != 4) {
    return Status::InvalidArgument(
        "a board has four parts (forehand; middlehand; rearhand; skat), found " +
        std::to_string(parts.size()));
  }
  Board board;
  std::array<bool, 4> filled = {};
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string_view part = parts[i];
    int slot = static_cast<int>(i);
    if (size_t colon = part.find(':'); colon != std::string_view::npos) {
      std::string label = LowerLabel(Trim(part.substr(0, colon)));
      part = Trim(part.substr(colon + 1));
      if (label == "f" || label == "forehand")
        slot = 0;
      else if (label == "m" || label == "middlehand")
        slot = 1;
      else if (label == "r" || label == "rearhand")
        slot = 2;
      else if (label == "s" || label == "skat")
        slot = 3;
      else
        return Status::InvalidArgument("unknown board part '" + label + "'");
    }
    if (filled[slot]) {
      return Status::InvalidArgument("board part " + std::to_string(slot + 1) + " is given twice");
    }
    filled[slot] = true;
    if (slot < 3) {
      std::optional<CardSet> cards = ParseCardSet(part);
      if (!cards) {
        return Status::InvalidArgument("cannot read the " +
                                       std::string(DirectionName(Direction(slot))) + " hand '" +
                                       std::string(part) + "' (notation: docs/cards.md)");
      }
      board.hands[slot] = *cards;
      continue;
    }
    // The skat keeps its order (RULES C4).
    std::optional<std::vector<Card>> skat = ParseCardList(part);
    if (!skat) {
      return Status::InvalidArgument("cannot read the skat '" + std::string(part) +
                                     "' (notation: docs/cards.md)");
    }
    if (skat->size() != 2) {
      return Status::InvalidArgument("the skat holds " + std::to_string(skat->size()) +
                                     " cards, not 2 (RULES C4)");
    }
    board.skat = {(*skat)[0], (*skat)[1]};
  }
  if (Status s = CheckBoard(board); !s.ok()) return s;
  return board;
}

}  // namespace skat
