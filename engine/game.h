// Game: one board played under one profile, from the first bid to the result, with every act
// validated (RULES B1-B4, G1-G7, T1-T4, N6, N10-N12). An illegal act returns a typed error whose
// message names the act and the rule, and leaves the game unchanged (RULES P1).
//
// Seats are the board's directions. A 4-player table's resting dealer takes no part in the game;
// settlement gives him his share (RULES C3, S2).
#ifndef SKAT_ENGINE_GAME_H_
#define SKAT_ENGINE_GAME_H_

#include <array>
#include <optional>
#include <vector>

#include "engine/act.h"
#include "engine/bidding.h"
#include "engine/board.h"
#include "engine/game_result.h"
#include "engine/position.h"
#include "engine/profile.h"
#include "engine/status.h"

namespace skat {

enum class Phase : uint8_t {
  kBidding,       // RULES B1-B4
  kSkatDecision,  // the declarer chooses Tournée, Guckser, taking the skat or a hand game
  kTourneeCard,   // the declarer has looked at skat card 1: accept or passt mir nicht (G1, G2)
  kTrumpChoice,   // a turned jack: its suit or Grand Tournée
  kDiscarding,    // the declarer holds 12 cards and puts two away
  kDeclaring,     // pickup profiles: the declaration after discarding
  kPlaying,       // trick play (also Ramsch)
  kFinished,
};
std::string_view PhaseName(Phase p);

// A pending claim (RULES N12) or defender's concession offer (N11).
struct Proposal {
  ActType kind = ActType::kClaim;  // kClaim or kConcede
  Direction proposer = Direction::kForehand;
  std::array<bool, 3> awaiting{};  // seats whose answer is still missing
};

class Game {
 public:
  // REQUIRES: CheckBoard(board).ok(). The profile must outlive the game.
  Game(const Profile& profile, const Board& board);

  // Applies one act if the rules allow it now; otherwise returns the reason and changes nothing.
  Status Apply(const Act& act);
  // Every act Apply would accept now, from every seat (bids: every legal value).
  std::vector<Act> LegalActs() const;
  // Card conservation: the 32 cards each once, in the hands, the cards played, and the skat (or,
  // once the declarer discarded, the discards). Asserted after every accepted act in asserted
  // builds, as Position::IsConsistent is after every card; the property test and the fuzzer
  // check it in every build.
  bool IsConsistent() const;
  // The acts of LegalActs() made by `seat`: everything that seat may do now, answers to a
  // proposal, Contra, claims and concessions included (empty when it may do nothing).
  std::vector<Act> LegalActs(Direction seat) const;

  const Profile& profile() const { return *profile_; }
  const Board& board() const { return board_; }
  Phase phase() const { return phase_; }
  bool finished() const { return phase_ == Phase::kFinished; }
  // The accepted acts in order.
  const std::vector<Act>& acts() const { return acts_; }
  const Bidding& bidding() const { return bidding_; }

  bool is_ramsch() const { return ramsch_; }
  // Set once the bidding produced a declarer.
  std::optional<Direction> declarer() const { return declarer_; }
  int floor() const { return bidding_.floor(); }
  // Set once the game is fixed (hand declaration, turned card, Guckser, pickup declaration).
  std::optional<Declaration> declaration() const { return declaration_; }
  SkatHandling handling() const { return handling_; }
  // The turned skat card everyone sees (Tournée or passt mir nicht), if any.
  std::optional<Card> turned_card() const { return turned_; }
  // Whether the declarer has looked at skat card 1 (Tournée), known only to him.
  bool skat_card1_looked() const { return looked_; }
  CardSet discards() const { return discards_; }
  // A seat's cards now.
  CardSet hand(Direction d) const;
  // Hands shown to everyone (ouvert declarer, refused claimant).
  bool exposed(Direction d) const { return exposed_[Index(d)]; }
  // The card play. REQUIRES: phase() is kPlaying or kFinished and the board was not passed in.
  const Position& position() const { return *position_; }
  bool has_position() const { return position_.has_value(); }
  const std::optional<Proposal>& proposal() const { return proposal_; }
  // Whether a defender has resigned (ISS "RE"; isko+iss: the game goes on until both have, D56).
  bool resigned(Direction d) const { return resigned_[Index(d)]; }
  // The defender who said Contra, and whether the declarer redoubled (000 §11).
  std::optional<Direction> contra_by() const { return contra_by_; }
  bool recontra() const { return recontra_; }
  // The seat that must act next in the main flow (bidder, declarer, card player). REQUIRES:
  // !finished(). During a proposal the awaited seats answer first.
  Direction to_move() const;
  // REQUIRES: finished().
  const GameResult& result() const { return result_; }

 private:
  // OK when act.seat is `expected`; else kOutOfTurn naming who is to act and `rule`, the rule
  // that makes it his turn ("T1" in the card play, "B4" for the declarer's skat and declaration).
  Status CheckSeat(const Act& act, Direction expected, const char* rule) const;
  Status ApplyBidding(const Act& act);
  Status ApplySkat(const Act& act);
  // ApplySkat by phase: how the skat is treated (RULES G1-G4), the Tournée card (G1, G2), the
  // trump a turned jack leaves open (G1), the discard (G1).
  Status ApplySkatDecision(const Act& act);
  Status ApplyTourneeCard(const Act& act);
  Status ApplyTrumpChoice(const Act& act);
  Status ApplyDiscard(const Act& act);
  Status ApplyDeclare(const Act& act);
  Status ApplyPlaying(const Act& act);
  // ApplyPlaying's parts: an answer to the proposal awaiting it (RULES N11, N12), a card (T1,
  // T2), the declarer's raise before the first card (G4), a concession (N11), a claim (N12).
  Status ApplyAnswer(const Act& act);
  Status ApplyCard(const Act& act);
  Status ApplyRaise(const Act& act);
  Status ApplyConcede(const Act& act);
  Status ApplyClaim(const Act& act);
  Status CheckHandDeclaration(const Declaration& d) const;
  Status CheckRaise(const Declaration& d) const;
  Status CheckGuckiNull(const Declaration& d) const;
  void TakeSkat();
  void FixTrump(GameType type);
  void StartPlay();
  void AfterCard();
  bool DeclarerMayConcede() const;
  Status CheckContra(const Act& act) const;
  Status ApplyResignOrTimeout(const Act& act);
  bool MayResign(Direction seat) const;
  void ResolveProposal();
  void Finish(GameEnd end);
  void FinishRamsch();
  void AppendPlayingActs(std::vector<Act>& out) const;
  // LegalActs' parts: the bids and pass of the seat to bid, the declarer's choices for the skat
  // (RULES G1-G4), and every declaration with skat handling `h` that CheckHandDeclaration
  // accepts.
  void AppendBiddingActs(std::vector<Act>& out) const;
  void AppendSkatDecisionActs(std::vector<Act>& out) const;
  void AppendDeclarations(SkatHandling h, std::vector<Act>& out) const;

  const Profile* profile_;
  Board board_;
  std::vector<Act> acts_;
  Bidding bidding_;
  Phase phase_ = Phase::kBidding;
  bool ramsch_ = false;
  std::optional<Direction> declarer_;
  SkatHandling handling_ = SkatHandling::kHand;
  std::optional<Declaration> declaration_;
  std::array<CardSet, 3> hands_;  // before the card play; then position_ holds them
  bool looked_ = false;
  std::optional<Card> turned_;
  CardSet discards_;
  std::array<bool, 3> exposed_{};
  std::optional<Position> position_;
  std::optional<Proposal> proposal_;
  std::optional<Direction> claimant_;  // set when a claim was accepted
  // The side the cards not yet in tricks go to at the end (an accepted claim, a resign or a
  // timeout): a seat of that side (RULES N12, D56).
  std::optional<Direction> rest_to_;
  std::array<bool, 3> resigned_{};      // defenders who resigned (ISS "RE", D56)
  std::optional<Direction> contra_by_;  // the defender who said Contra (000 §11)
  int contra_at_ = 0;                   // cards played when he said it
  bool recontra_ = false;
  GameResult result_;
};

}  // namespace skat

#endif  // SKAT_ENGINE_GAME_H_
