// What a result form offers, read from the event's RuleProfile (docs/web.md "The pages' data"):
// for the table page's form and the console's. The server checks every report all the same.
'use strict';

import {GAMES, HANDLING_NAME} from './words.js';

// Per handling: the games (plain or ouvert), those that may be ouvert, `open` when they must be
// (Revolution), and whether schneider or schwarz may be announced.
export function formRules(profile) {
  const handlings = {};
  for (const h of profile.handlings || []) {
    const plain = h.games || [];
    const ouvert = h.ouvertGames || [];
    handlings[h.handling] = {
      games: GAMES.filter((g) => plain.includes(g) || ouvert.includes(g)),
      ouvert,
      open: plain.length === 0 && ouvert.length > 0,
      announce: (h.announcements || []).length > 0,
    };
  }
  return {id: (profile.name || '').replace(/^profiles\//, ''), handlings,
          ramsch: profile.allPass === 'ALL_PASS_RAMSCH', contra: !!profile.contra};
}

// The kinds of result: [value, words], Ramsch only where all passing leads to it.
export function kindOptions(rules) {
  const kinds = [['KIND_DECLARER_GAME', 'A game was played']];
  if (rules.ramsch) kinds.push(['KIND_RAMSCH', 'Ramsch (all passed)']);
  kinds.push(['KIND_PASSED_IN', rules.ramsch ? 'Thrown in (misdeal)' : 'Passed in (all passed)']);
  return kinds;
}

// The handlings: [value, words], in the profile's order.
export function handlingOptions(rules) {
  return Object.keys(rules.handlings).map((h) => [h, HANDLING_NAME[h] || h]);
}

// For `handling` and `game` ('' for none yet): the games, whether ouvert may (`ouvert`) or must
// (`open`) be chosen, and whether an announcement may be (not in Null, not ouvert).
export function gameOffer(rules, handling, game, ouvert) {
  const spec = rules.handlings[handling] || {games: GAMES, ouvert: [], open: false};
  const ouvertOk = spec.ouvert.includes(game);
  return {
    games: spec.games,
    ouvert: ouvertOk,
    open: !!spec.open,
    announce: !!spec.announce && game !== 'GAME_TYPE_NULL' && !(ouvertOk && ouvert),
  };
}
