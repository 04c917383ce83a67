// After a board and between rounds (ScoringService, no token needed): the board's traveller
// once every table has finished it (the same cards at every table, each table's contract and
// result, this seat's matchpoints), its open-hand par on request, and the session's standings.
// The session is found as the table page finds it (EventService ListSessions/GetSession).
'use strict';

import {call, el, fill} from '../api.js';
import {DIRECTIONS as DIRS, DIRECTION_WORDS, capitalized, nameWithRating, signed}
  from '../words.js';
import {cardText} from './cards.js';

const DIR = DIRECTION_WORDS.map(capitalized);
const SC = 'skat.v1.ScoringService/';
const $ = (id) => document.getElementById(id);

// A table: rows are [mine, cell, ...]; the columns from numFrom on are numbers.
export function table(attrs, heads, rows, numFrom = 1, caption = null) {
  const cell = (tag, x, j, a) => el(tag, {className: j >= numFrom ? 'num' : null, ...a}, x);
  return el('table', attrs, caption && el('caption', null, caption),
    el('thead', null, el('tr', null, heads.map((h, j) => cell('th', h, j, {scope: 'col'})))),
    el('tbody', null, rows.map(([mine, ...cells]) => el('tr', {className: mine ? 'mine' : null},
      cells.map((x, j) => cell('td', x, j))))));
}

const cardsText = (s) => String(s || '').split(/\s+/).filter(Boolean).map(cardText).join(' ');

// The name of the session `table` is part of, or ''.
export async function findSession(event, table) {
  try {
    let pageToken = '';
    do {
      const page = await call('skat.v1.EventService/ListSessions',
                              {parent: event, pageSize: 100, pageToken});
      for (const s of page.sessions || []) {
        const full = await call('skat.v1.EventService/GetSession', {name: s.name});
        if ((full.tables || []).some((x) => x.table === table)) return full.name;
      }
      pageToken = page.nextPageToken || '';
    } while (pageToken);
  } catch (e) {
    return '';
  }
  return '';
}

let shown = 0;     // the board whose traveller is shown or asked for
let poll = 0;

// The traveller of `board`, where this seat held direction `dir` (0..2) at `tableName`.
export async function showTraveller(session, tableName, board, dir) {
  const box = $('traveller');
  $('traveller-section').classList.remove('hidden');
  if (!session) {
    box.textContent = 'This table is not part of a session: there is no traveller.';
    return;
  }
  if (board === shown && box.dataset.open) return;
  shown = board;
  clearTimeout(poll);
  box.dataset.open = '';
  $('par').replaceChildren();
  const name = session + '/travellers/' + board;
  let t;
  try {
    t = await call(SC + 'GetTraveller', {name});
  } catch (e) {
    if (shown !== board) return;
    box.replaceChildren(el('h3', null, 'Board ' + board), el('p', {className: 'muted'},
      e.reason === 'board-in-play' || e.status === 'FAILED_PRECONDITION'
        ? 'The traveller opens when every table has played board ' + board + '.'
        : 'The traveller cannot be read now: ' + e.message));
    // Asked again every 5 s while it is closed: a seat waits for the slowest table, and one
    // call a seat every 5 s is light beside the play itself.
    poll = setTimeout(() => {
      shown = 0;
      showTraveller(session, tableName, board, dir);
    }, 5000);
    return;
  }
  if (shown !== board) return;
  box.dataset.open = '1';
  const hands = t.hands || [];
  fill(box, el('h3', null, 'Board ' + board + ' at every table'),
    hands.length > 0 && el('ul', {className: 'hands'}, hands.map((h, i) =>
      el('li', null, el('strong', null, DIR[i] + ': '), cardsText(h))),
    el('li', null, el('strong', null, 'Skat: '), cardsText(t.skat))),
    (t.directions || []).flatMap((d) => {
      const i = DIRS.indexOf(d.direction);
      const rows = d.rows || [];
      const me = i === dir && rows.find((r) => r.table === tableName);
      return [me && el('p', {id: 'my-matchpoints', className: 'big'}, 'Your matchpoints as ' +
          DIR[i].toLowerCase() + ': ' + me.matchpoints + (me.top ? ' of ' + me.top : '')),
      table({className: 'trav'}, ['Table \u00b7 game', 'Score', 'MP'], rows.map((r) => [r === me,
        [(r.tableLabel || r.table) + ' \u00b7 ' + r.displayName +
         (r.table === tableName ? ' (this table)' : ''), el('br'),
        el('span', {className: 'muted'}, r.artificial ? 'artificial score' : r.assigned
          ? 'assigned score' : (r.result && r.result.summary) || '')],
        signed(r.boardScore), r.matchpoints]), 1, DIR[i] + (i === dir ? ' (you)' : ''))];
    }));
  const result = el('p', {id: 'par-result', 'aria-live': 'polite'});
  const button = el('button', {type: 'button', id: 'par-button', onclick: async () => {
    button.disabled = true;
    result.textContent = 'Analysing\u2026';
    try {
      const p = (await call(SC + 'GetBoardAnalysis', {name: name + '/analysis'})).par || {};
      const row = (p.rows || [])[p.parRow];
      result.textContent = !row ? 'Par: no seat secures a win (all pass).'
        : 'Par (every hand open): ' + DIR[DIRS.indexOf(row.declarer)] + ' ' + row.game +
          (row.matadors ? ' ' + row.matadors : '') + ', ' + row.outcome + ', ' +
          signed(row.value) + (row.discards ? ' (putting away ' + cardsText(row.discards) +
                                              ')' : '');
      button.remove();
    } catch (e) {
      result.textContent = 'Par is not available: ' + e.message;
      button.disabled = false;
    }
  }}, 'Show par (open-hand analysis)');
  $('par').replaceChildren(button, result);
}

export async function showStandings(session) {
  const box = $('standings');
  $('standings-section').classList.remove('hidden');
  if (!session) {
    box.textContent = 'This table is not part of a session.';
    return;
  }
  try {
    const s = await call(SC + 'GetStandings', {name: session + '/standings'});
    box.replaceChildren(el('p', {className: 'muted'}, (s.results || 0) + ' of ' +
      (s.resultsExpected || 0) + ' results in; read ' + new Date().toLocaleTimeString()),
    table(null, ['Rank', 'Player', 'MP', '%'], (s.overall || []).map((r) => [false,
      r.rank + (r.tied ? '=' : ''), nameWithRating(r),
      r.matchpoints + (r.top ? ' / ' + r.top : ''),
      (Number(r.percentage) || 0).toFixed(1)]), 2),
    el('button', {type: 'button', id: 'standings-refresh', onclick: () => showStandings(session)},
       'Refresh the standings'));
  } catch (e) {
    box.textContent = 'The standings cannot be read now: ' + e.message;
  }
}
