// The pages' shared vocabulary (docs/web.md "The pages' data"): directions, game and handling
// names, signed numbers and times, as the table page, the play page and the console show them.
// No rule is stated here: which games, handlings and options a table has comes from the server
// (rules.js).
'use strict';

import {trumpName} from './deck.js';
import {number, t, time} from './i18n.js';

// The API's directions, forehand first, and their words.
export const DIRECTIONS = ['DIRECTION_FOREHAND', 'DIRECTION_MIDDLEHAND', 'DIRECTION_REARHAND'];
export const DIRECTION_WORDS = ['forehand', 'middlehand', 'rearhand'];
export const directionWord = (d) => (d || '').replace('DIRECTION_', '').toLowerCase();
export const capitalized = (w) => w.charAt(0).toUpperCase() + w.slice(1);

// Game types in the order a form offers them, and their English names (element ids such as
// #game-clubs; gameName gives the reader's words).
export const GAMES = ['GAME_TYPE_CLUBS', 'GAME_TYPE_SPADES', 'GAME_TYPE_HEARTS',
  'GAME_TYPE_DIAMONDS', 'GAME_TYPE_GRAND', 'GAME_TYPE_NULL'];
export const GAME_NAME = {GAME_TYPE_CLUBS: 'Clubs', GAME_TYPE_SPADES: 'Spades',
  GAME_TYPE_HEARTS: 'Hearts', GAME_TYPE_DIAMONDS: 'Diamonds', GAME_TYPE_GRAND: 'Grand',
  GAME_TYPE_NULL: 'Null'};
// The words of the reader's language (docs/i18n.md; the German ones follow docs/glossar.md): a
// direction by its index (0..2; 3: the resting dealer at a table of four), a game type, a
// handling (short, as in a game's summary, and long, as a result form offers it), a suit letter.
export function dirName(i) {
  return i >= 0 && i < 3 ? t('direction.' + DIRECTION_WORDS[i]) : t('words.restingDealer');
}
export const capDirName = (i) => capitalized(dirName(i));
const GAME_KEY = {GAME_TYPE_CLUBS: 'clubs', GAME_TYPE_SPADES: 'spades', GAME_TYPE_HEARTS: 'hearts',
  GAME_TYPE_DIAMONDS: 'diamonds', GAME_TYPE_GRAND: 'grand', GAME_TYPE_NULL: 'null'};
// A game's name; a suit game's follows the reader's deck ("Eichel" in the German deck).
export const gameName = (g) => trumpName(g) ||
  (GAME_KEY[g] ? capitalized(t('game.' + GAME_KEY[g])) : '');
export const suitName = (letter) => gameName({C: 'GAME_TYPE_CLUBS', S: 'GAME_TYPE_SPADES',
  H: 'GAME_TYPE_HEARTS', D: 'GAME_TYPE_DIAMONDS'}[letter]);
const handlingKey = (h) => String(h || '').replace('SKAT_HANDLING_', '').toLowerCase()
  .replace(/_(\w)/g, (all, c) => c.toUpperCase());
// The handlings the catalogue names (keys handling.* and handlingForm.*; the catalogue test lists
// the same in its BUILT): one named here is shown with its words, another by its API name.
export const HANDLINGS = ['SKAT_HANDLING_TOURNEE', 'SKAT_HANDLING_PASST_MIR_NICHT',
  'SKAT_HANDLING_GUCKSER', 'SKAT_HANDLING_HAND', 'SKAT_HANDLING_PICKUP', 'SKAT_HANDLING_FRAGE',
  'SKAT_HANDLING_REVOLUTION', 'SKAT_HANDLING_UNO', 'SKAT_HANDLING_DUO'];
export const handlingWord = (h) => (HANDLINGS.includes(h) ? t('handling.' + handlingKey(h)) : '');
export const handlingOption = (h) =>
  (HANDLINGS.includes(h) ? t('handlingForm.' + handlingKey(h)) : h);

// "+12", "\u221212" (a true minus sign), "0"; with `digits`, that many decimals ("+1.5").
export function signed(n, digits) {
  const v = Number(n) || 0;
  return (v > 0 ? '+' : v < 0 ? '\u2212' : '') + number(Math.abs(v), digits);
}

// A standing's rating entering its event (docs/ratings.md "Beside the names") with two decimals,
// '' when the standing has none (the event not rated, no person linked, a hidden person).
export function ratingText(standing) {
  return standing.rating === undefined ? '' : number(standing.rating, 2);
}

// A standing's player name with its rating beside it: "Anna Schmidt (34.20)", or the name alone.
export function nameWithRating(standing) {
  const rating = ratingText(standing);
  return rating ? `${standing.displayName} (${rating})` : standing.displayName;
}

// A timestamp of the API (RFC 3339) as a local time of day; '' for none.
export function timeText(ts) {
  if (!ts) return '';
  return time(ts);
}
