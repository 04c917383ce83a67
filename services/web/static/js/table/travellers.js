// The table page's travellers: each board's traveller once every table has finished it, and
// its par on request (ScoringService GetTraveller, GetBoardAnalysis).
'use strict';

import {call, el} from '../api.js';
import {resultSummary} from '../result-form.js';
import {DIRECTIONS as DIRS, DIRECTION_WORDS as DIR, signed} from '../words.js';
import {$, S, refusal} from './core.js';

// A traveller is asked for once, when its board is finished at every table: the boards still in
// play come from ListTravellers (boards_in_play, one small page), read only while a board played
// here waits to open; GetTraveller of a board in play is never called (it would be refused).
export async function renderTravellers() {
  const box = $('travellers');
  if (!S.session) {
    box.replaceChildren(el('p', {className: 'muted'},
      'The travellers are listed by session; this table\'s session was not found.'));
    return;
  }
  const nodes = new Map();
  for (const b of S.info.boards || []) {
    let node = $('traveller-' + b);
    if (!node) {
      node = el('div', {id: 'traveller-' + b, className: 'traveller'});
      box.append(node);
    }
    nodes.set(b, node);
  }
  const waiting = (S.info.boards || []).filter((b) => S.results.has(b) && !S.travellers.has(b));
  for (const b of S.info.boards || []) {
    if (!S.results.has(b)) {
      nodes.get(b).replaceChildren(el('h3', null, 'Board ' + b),
        el('p', {className: 'muted'}, 'Not played at this table yet.'));
    }
  }
  if (!waiting.length) return;
  let inPlay;
  try {
    const page = await call('skat.v1.ScoringService/ListTravellers',
                            {parent: S.session.name, pageSize: 1});
    inPlay = new Set(page.boardsInPlay || []);
  } catch (e) {
    for (const b of waiting) {
      nodes.get(b).replaceChildren(el('h3', null, 'Board ' + b), el('p', {className: 'muted'},
        'The traveller cannot be read now. ' + refusal(e)));
    }
    return;
  }
  for (const b of waiting) {
    const node = nodes.get(b);
    if (inPlay.has(b)) {
      node.replaceChildren(el('h3', null, 'Board ' + b), el('p', {className: 'muted'},
        'The traveller opens when every table has played board ' + b + '.'));
      continue;
    }
    try {
      const t = await call('skat.v1.ScoringService/GetTraveller',
                           {name: S.session.name + '/travellers/' + b});
      S.travellers.set(b, t);
      node.replaceChildren(...traveller(b, t));
    } catch (e) {
      node.replaceChildren(el('h3', null, 'Board ' + b), el('p', {className: 'muted'},
        'The traveller cannot be read now. ' + refusal(e)));
    }
  }
}

export function traveller(b, t) {
  const out = [el('h3', null, 'Board ' + b + ': every table')];
  for (const d of t.directions || []) {
    const dir = DIR[DIRS.indexOf(d.direction)] || '';
    const rows = (d.rows || []).flatMap((r) => {
      const mine = r.table === S.table ? ' mine' : '';
      return [el('tr', {className: 'who' + mine},
        el('td', null, r.displayName, el('span', {className: 'muted'},
          ' \u00b7 ' + (r.tableLabel || r.table) + (mine ? ' (this table)' : ''))),
        el('td', {className: 'num'}, signed(r.boardScore)),
        el('td', {className: 'num'}, r.matchpoints + (r.top ? ' / ' + r.top : ''))),
      el('tr', {className: 'game' + mine}, el('td', {colspan: 3},
        r.artificial ? 'artificial score' : r.assigned ? 'assigned score'
                     : resultSummary(r.result && r.result.summary,
                                     S.info.mode === 'TABLE_MODE_PHYSICAL')))];
    });
    out.push(el('table', {className: 'trav'},
      el('caption', null, dir.charAt(0).toUpperCase() + dir.slice(1) + ' (datum ' +
         (Number(d.datum) || 0).toFixed(1) + ')'),
      el('thead', null, el('tr', null, el('th', {scope: 'col'}, 'Player \u00b7 table'),
        el('th', {scope: 'col', className: 'num'}, 'Score'),
        el('th', {scope: 'col', className: 'num'}, 'MP'))),
      el('tbody', null, rows)));
  }
  if ((t.hands || []).length) {
    out.push(el('details', null, el('summary', null, 'Hands and skat'),
      el('ul', {className: 'hands'}, (t.hands || []).map((h, i) =>
        el('li', null, el('strong', null, (DIR[i] || '') + ': '), h)),
        el('li', null, el('strong', null, 'skat: '), t.skat || ''))));
  }
  const result = el('p', {id: 'par-result-' + b, 'aria-live': 'polite'});
  out.push(el('p', null, el('button', {type: 'button', id: 'par-' + b,
    onclick: (ev) => par(b, ev.currentTarget, result)}, 'Show par (open-hand analysis)')), result);
  return out;
}

export async function par(b, button, out) {
  button.disabled = true;
  out.textContent = 'Analysing…';
  try {
    const a = await call('skat.v1.ScoringService/GetBoardAnalysis',
                         {name: S.session.name + '/travellers/' + b + '/analysis'});
    const p = a.par || {};
    const row = (p.rows || [])[p.parRow];
    out.textContent = p.parRow < 0 || !row ? 'Par: no seat secures a win (all pass).'
      : 'Par: ' + (DIR[DIRS.indexOf(row.declarer)] || '') + ' ' + row.game +
        (row.matadors ? ' ' + row.matadors : '') + ', ' + row.outcome + ', ' + signed(row.value) +
        (row.discards ? ' (discards ' + row.discards + ')' : '');
    button.remove();
  } catch (e) {
    out.textContent = 'Par is not available. ' + refusal(e);
    button.disabled = false;
  }
}
