// The table page's state and small helpers (table.js lists the page's element ids; docs/web.md
// "The table page").
'use strict';

import {fill} from '../api.js';
import {t} from '../i18n.js';
import {refusalNodes} from '../reasons.js';
import {dirName} from '../words.js';

export const T = 'skat.v1.TableService/';

export const $ = (id) => document.getElementById(id);
export const S = {
  table: '', event: '', tokens: {}, info: null, names: [], session: null, profile: null,
  results: new Map(), board: 0, preview: null, travellers: new Map(),
};

export function show(node, on) { node.classList.toggle('hidden', !on); }

// `text`: a string, or nodes (a refusal); empty hides the node.
export function say(node, text) {
  const nodes = Array.isArray(text) ? text.filter(Boolean) : [];
  if (nodes.length) fill(node, ...nodes);
  else node.textContent = Array.isArray(text) ? '' : text || '';
  show(node, nodes.length > 0 || (!Array.isArray(text) && !!text));
}

// A refusal in words for the people at the table (js/reasons.js), `lead` before "Refused:"; the
// server's message follows as a detail, where "board 3 of events/E/tables/T" reads "board 3"
// and no other resource name is shown (the table is theirs). A refused check is not counted (docs/web.md
// "The table page"); a refused send says "N tries left" (the server's words).
export function refusal(e, checked = false, lead = '') {
  const first = lead ? lead + ' ' + t('table.refused') : t('table.refused');
  if (!e || !e.status) return [first, ' ', String(e && e.message || e)];
  const message = String(e.message || '')
      .replace(/ (?:of|at) events\/[^\s:;,)]+/g, '')
      .replace(/events\/[^\s:;,)]+/g, 'this table');
  return [...refusalNodes({...e, message}, first), checked && e.status === 'INVALID_ARGUMENT'
    ? ' ' + t('table.checkNotCounted') : ''];
}

export function anyToken() {
  const chairs = Object.keys(S.tokens).sort();
  return chairs.length ? S.tokens[chairs[0]] : '';
}

export function chairOf(by) {
  const m = /^chair (\d+)$/.exec(by || '');
  return m ? Number(m[1]) : 0;
}

export function chairName(c) {
  return S.names[c - 1] || t('table.chair', {n: c});
}

// Chairs of forehand, middlehand, rearhand[, the resting dealer] on a board, from the board's
// forehand chair the server sends (Table.board_forehand_chairs), going round the table.
export function partiesOf(board) {
  const i = (S.info.boards || []).indexOf(board);
  const forehand = (S.info.boardForehandChairs || [])[i];
  const out = forehand ? [forehand] : [];
  while (out.length && out.length < (S.info.chairs || 3)) {
    out.push(out[out.length - 1] % (S.info.chairs || 3) + 1);
  }
  return out;
}

export function partyLabel(board, i) {
  const chair = partiesOf(board)[i];
  const role = dirName(i);
  return chair ? t('words.nameAs', {name: chairName(chair), role}) : role;
}
