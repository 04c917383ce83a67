// After a board and between rounds (ScoringService, no token needed): the board's traveller
// once every table has finished it (the same cards at every table, each table's contract and
// result, this seat's matchpoints), its open-hand par on request, and the session's standings.
// The session is found as the table page finds it (EventService ListSessions/GetSession).
'use strict';

import {call, el, fill} from '../api.js';
import {number, t, time, tn} from '../i18n.js';
import {refusalNodes} from '../reasons.js';
import {parNodes, resultText} from '../result-words.js';
import {DIRECTIONS as DIRS, capDirName, dirName, ratingText, signed} from '../words.js';
import {cardText} from './cards.js';

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
    box.textContent = t('play.noTraveller');
    return;
  }
  if (board === shown && box.dataset.open) return;
  shown = board;
  clearTimeout(poll);
  box.dataset.open = '';
  $('par').replaceChildren();
  const name = session + '/travellers/' + board;
  let trav;
  try {
    trav = await call(SC + 'GetTraveller', {name});
  } catch (e) {
    if (shown !== board) return;
    box.replaceChildren(el('h3', null, t('play.board', {n: board})), el('p', {className: 'muted'},
      ...(e.reason === 'board-in-play' || e.status === 'FAILED_PRECONDITION'
        ? [t('play.travellerOpens', {board})]
        : refusalNodes(e, t('play.travellerUnreadable')))));
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
  const hands = trav.hands || [];
  fill(box, el('h3', null, t('play.everyTable', {board})),
    hands.length > 0 && el('ul', {className: 'hands'}, hands.map((h, i) =>
      el('li', null, el('strong', null, capDirName(i) + ': '), cardsText(h))),
    el('li', null, el('strong', null, t('play.skat') + ': '), cardsText(trav.skat))),
    (trav.directions || []).flatMap((d) => {
      const i = DIRS.indexOf(d.direction);
      const rows = d.rows || [];
      const me = i === dir && rows.find((r) => r.table === tableName);
      return [me && el('p', {id: 'my-matchpoints', className: 'big'}, me.top
        ? t('play.myMatchpointsOf', {dir: dirName(i), mp: number(me.matchpoints),
                                      top: number(me.top)})
        : t('play.myMatchpoints', {dir: dirName(i), mp: number(me.matchpoints)})),
      table({className: 'trav'}, [t('play.tableGame'), t('play.boardScore'), t('play.mp')],
        rows.map((r) => [r === me,
          [el('span', {translate: 'no'}, (r.tableLabel || r.table) + ' \u00b7 ' + r.displayName),
           r.table === tableName ? ' ' + t('play.thisTable') : '', el('br'),
           el('span', {className: 'muted'}, r.artificial ? t('play.artificial') : r.assigned
             ? t('play.assigned') : resultText(r.result))],
          signed(r.boardScore), number(r.matchpoints)]), 1,
        capDirName(i) + (i === dir ? ' ' + t('play.you') : ''))];
    }),
    el('p', {className: 'muted small', id: 'traveller-note'}, t('play.travellerNote')));
  const result = el('p', {id: 'par-result', 'aria-live': 'polite'});
  const button = el('button', {type: 'button', id: 'par-button', onclick: async () => {
    button.disabled = true;
    result.textContent = t('play.analysing');
    try {
      const p = (await call(SC + 'GetBoardAnalysis', {name: name + '/analysis'})).par || {};
      fill(result, ...parNodes(p, (p.rows || [])[p.parRow], cardsText));
      button.remove();
    } catch (e) {
      fill(result, ...refusalNodes(e, t('play.noPar')));
      button.disabled = false;
    }
  }}, t('play.showPar'));
  $('par').replaceChildren(button, result);
}

export async function showStandings(session) {
  const box = $('standings');
  $('standings-section').classList.remove('hidden');
  if (!session) {
    box.textContent = t('play.noSession');
    return;
  }
  try {
    const s = await call(SC + 'GetStandings', {name: session + '/standings'});
    box.replaceChildren(el('p', {className: 'muted'}, tn('play.resultsIn', s.resultsExpected || 0,
      {results: number(s.results || 0), time: time(Date.now())})),
    table(null, [t('play.rank'), t('play.player'), t('play.mp'), '%'], (s.overall || []).map((r) =>
      [false, r.rank + (r.tied ? '=' : ''),
        [el('span', {translate: 'no'}, r.displayName), ratingText(r) ? ' (' + ratingText(r) + ')'
                                                                     : ''],
        number(r.matchpoints) + (r.top ? ' / ' + number(r.top) : ''),
        number(Number(r.percentage) || 0, 1)]), 2),
    el('button', {type: 'button', id: 'standings-refresh', onclick: () => showStandings(session)},
       t('play.refreshStandings')));
  } catch (e) {
    fill(box, ...refusalNodes(e, t('play.standingsUnreadable')));
  }
}
