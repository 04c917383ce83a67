// A game's declaration and result in the reader's words, built from the API's fields
// (Declaration, GameResult), never from the English summary the engine writes (docs/i18n.md
// "Translated so far"): "Kreuz, Tournée, Schneider angesagt"; "Vorhand: Kreuz, Tournée –
// gewonnen, 48 (61 Augen)".
'use strict';

import {el} from './api.js';
import {t} from './i18n.js';
import {DIRECTIONS, dirName, gameName, handlingWord, signed} from './words.js';

const ANNOUNCE = {ANNOUNCEMENT_SCHNEIDER: 'result.schneider', ANNOUNCEMENT_SCHWARZ: 'result.schwarz'};

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
  return t(r.won ? 'result.won' : 'result.lost', {declarer: i < 0 ? '' : dirName(i),
    game: declarationText(d), value: signed(r.won ? r.value : -(r.value || 0))}) +
    (d.game !== 'GAME_TYPE_NULL' && points !== undefined
      ? ' ' + t('result.points', {points}) : '');
}

// A par (ParTable) in words: the declarer's direction in the reader's words; the contract and
// outcome as the engine writes them (English, marked lang="en": the API has no fields for them,
// docs/i18n.md). `cards` writes the discards ("C-J H-10") as the page shows cards.
export function parNodes(p, row, cards) {
  if (!row || p.parRow < 0) return [t('result.parNone')];
  const i = DIRECTIONS.indexOf(row.declarer);
  return [t('result.par', {declarer: i < 0 ? '' : dirName(i), value: signed(row.value)}), ' ',
    el('span', {lang: 'en'}, row.game + (row.matadors ? ' ' + row.matadors : '') + ', ' +
       row.outcome),
    row.discards ? ' ' + t('result.parDiscards', {cards: cards(row.discards)}) : ''];
}
