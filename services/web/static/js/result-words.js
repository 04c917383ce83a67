// A game's declaration and result in the reader's words, built from the API's fields
// (Declaration, GameResult), never from the English summary the engine writes (docs/i18n.md
// "Translated so far"): "Kreuz, Tournée, Schneider angesagt"; "Vorhand: Kreuz, Tournée –
// gewonnen, 48 (61 Augen)".
'use strict';

import {t} from './i18n.js';
import {DIRECTIONS, capDirName, dirName, gameName, handlingWord, signed} from './words.js';

const ANNOUNCE = {ANNOUNCEMENT_SCHNEIDER: 'result.schneider',
  ANNOUNCEMENT_SCHWARZ: 'result.schwarz'};

// "Clubs, Tournée, ouvert, schneider announced"; '' before a game is declared.
export function declarationText(d) {
  if (!d || !gameName(d.game)) return '';
  return [gameName(d.game), handlingWord(d.handling), d.ouvert && t('result.ouvert'),
          ANNOUNCE[d.announcement] && t(ANNOUNCE[d.announcement])].filter(Boolean).join(', ');
}

// A GameResult: passed in, Ramsch, or the declarer's game, won or lost with its value and the
// declarer's card points (not in Null).
export function resultText(r) {
  if (!r || !r.kind) return '';
  if (r.kind === 'KIND_PASSED_IN') return t('result.passedIn');
  if (r.kind === 'KIND_RAMSCH') return t('result.ramsch');
  const i = DIRECTIONS.indexOf(r.declarer);
  const d = r.declaration || {};
  const points = (r.cardPoints || [])[i];
  return t(r.won ? 'result.won' : 'result.lost', {declarer: i < 0 ? '' : capDirName(i),
    game: declarationText(d), value: signed(r.won ? r.value : -(r.value || 0))}) +
    (d.game !== 'GAME_TYPE_NULL' && points !== undefined
      ? ' ' + t('result.points', {points}) : '');
}

// The engine's words for a par contract and outcome (engine/declaration.cc ToString, the
// analysis' outcome classes) as catalogue keys, longest first; a word not listed stays as the
// engine wrote it (Solo, Gucki, ouvert: names every language keeps).
const PAR_GAME = [['schneider announced', 'result.schneider'],
  ['schwarz announced', 'result.schwarz'], ['with the skat', 'handling.pickup'],
  ['passt-mir-nicht', 'handling.passtMirNicht'],
  ['tournee', 'handling.tournee'], ['guckser', 'handling.guckser'], ['clubs', 'game.clubs'],
  ['spades', 'game.spades'], ['hearts', 'game.hearts'], ['diamonds', 'game.diamonds'],
  ['grand', 'game.grand'], ['null', 'game.null']];
const PAR_OUTCOME = [['no trick', 'result.noTrick'], ['schneidered', 'result.schneidered'],
  ['schneider', 'result.wonSchneider'], ['schwarz', 'result.wonSchwarz'], ['won', 'result.parWon'],
  ['lost', 'result.parLost']];

function parWords(text, list) {
  let out = ' ' + String(text || '') + ' ';
  for (const [words, key] of list) out = out.split(' ' + words + ' ').join(' ' + t(key) + ' ');
  return out.trim().replace(/\b(with|without) (\d+)\b/g, (all, w, n) =>
    t(w === 'with' ? 'result.withN' : 'result.withoutN', {n}));
}

// A par (ParTable) in words: the declarer's direction, the contract and the outcome in the
// reader's words (parWords). `cards` writes the discards ("C-J H-10") as the page shows cards.
export function parNodes(p, row, cards) {
  if (!row || p.parRow < 0) return [t('result.parNone')];
  const i = DIRECTIONS.indexOf(row.declarer);
  return [t('result.par', {declarer: i < 0 ? '' : dirName(i), value: signed(row.value)}), ' ',
    parWords(row.game + (row.matadors ? ' ' + row.matadors : ''), PAR_GAME) + ', ' +
      parWords(row.outcome, PAR_OUTCOME),
    row.discards ? ' ' + t('result.parDiscards', {cards: cards(row.discards)}) : ''];
}
