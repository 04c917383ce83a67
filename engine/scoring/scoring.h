// The scoring library in one include: board scores, comparisons, standings, team score, ranking
// and the 1909 prize list (docs/comparative.md "Scoring, in two layers"). Pure C++, no I/O.
#ifndef SKAT_ENGINE_SCORING_SCORING_H_
#define SKAT_ENGINE_SCORING_SCORING_H_

#include "engine/scoring/board_score.h"
#include "engine/scoring/comparison.h"
#include "engine/scoring/fraction.h"
#include "engine/scoring/options.h"
#include "engine/scoring/prizes.h"
#include "engine/scoring/ranking.h"
#include "engine/scoring/scoresheet.h"
#include "engine/scoring/session_total.h"
#include "engine/scoring/standings.h"
#include "engine/scoring/table_result.h"
#include "engine/scoring/team.h"

#endif  // SKAT_ENGINE_SCORING_SCORING_H_
