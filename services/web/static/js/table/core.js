// The table page's state and small helpers (table.js lists the page's element ids; docs/web.md
// "The table page").
'use strict';

import {DIRECTION_WORDS as DIR} from '../words.js';

export const T = 'skat.v1.TableService/';

export const $ = (id) => document.getElementById(id);
export const S = {
  table: '', event: '', tokens: {}, info: null, names: [], session: null, profile: null,
  results: new Map(), board: 0, preview: null, travellers: new Map(),
};

export function show(node, on) { node.classList.toggle('hidden', !on); }

export function say(node, text) {
  node.textContent = text || '';
  show(node, !!text);
}

// A refusal in words for the people at the table: "board 3 of events/E/tables/T" reads "board 3"
// and no other resource name is shown (the table is theirs). A refused check is not counted
// (docs/web.md "The table page"); a refused send says "N tries left" (the server's words).
export function refusal(e, checked = false) {
  if (!e || !e.status) return String(e && e.message || e);
  if (e.status === 'UNAVAILABLE' && e.httpStatus === 0) return e.message;
  const text = String(e.message || '')
      .replace(/ (?:of|at) events\/[^\s:;,)]+/g, '')
      .replace(/events\/[^\s:;,)]+/g, 'this table');
  return 'Refused: ' + text + (checked && e.status === 'INVALID_ARGUMENT'
    ? ' (A check is not counted as a refused report.)' : '');
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
  return S.names[c - 1] || 'Chair ' + c;
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
  const role = i < 3 ? DIR[i] : 'resting dealer';
  return chair ? chairName(chair) + ' (' + role + ')' : role;
}
