// The scoring service's answers built from an event's scores (event_scores.h). Players and
// clubs appear by resource name and display name; exact fractions as decimal text.
#ifndef SKAT_SERVICES_SCORING_SCORING_PROTO_H_
#define SKAT_SERVICES_SCORING_SCORING_PROTO_H_

#include "services/scoring/event_scores.h"
#include "skat/v1/scoring_service.pb.h"

namespace skat::service {

// session 0: every session combined (per-direction standings only for a single session).
// kNotFound for a session the event does not have.
Status StandingsProto(const EventScores& scores, int session, v1::Standings* out);
// The board's traveller; kNotFound for a board the session does not play, kBoardInPlay while a
// table has yet to finish it. The hands come from `board`.
Status TravellerProto(const EventScores& scores, int session, int board_number, const Board& board,
                      v1::Traveller* out);
// kNotAllowed unless the event has two clubs with players in the session(s).
Status TeamMatchProto(const EventScores& scores, int session, v1::TeamMatch* out);
void PrizeListProto(const EventScores& scores, int prizes_per_sitting, v1::PrizeList* out);
// kNotFound for a player the event does not have.
Status ScorecardProto(const EventScores& scores, const std::string& player_id, v1::Scorecard* out);

// The session's scores; kNotFound naming the session. 0 means session 1.
Result<const SessionScores*> FindSession(const EventScores& scores, int session);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_SCORING_PROTO_H_
