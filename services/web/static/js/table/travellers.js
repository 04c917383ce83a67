// The table page's travellers: each board's traveller once every table has finished it, and
// its par on request (ScoringService GetTraveller, GetBoardAnalysis).
'use strict';

import {call, el} from '../api.js';
import {number, t} from '../i18n.js';
import {parNodes, resultText} from '../result-words.js';
import {DIRECTIONS as DIRS, capDirName, signed} from '../words.js';
import {$, S, refusal} from './core.js';

// A traveller is asked for once, when its board is finished at every table: the boards still in
// play come from ListTravellers (boards_in_play, one small page), read only while a board played
// here waits to open; GetTraveller of a board in play is never called (it would be refused).
export async function renderTravellers() {
  const box = $('travellers');
  if (!S.session) {
    box.replaceChildren(el('p', {className: 'muted'}, t('table.noSession')));
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
      nodes.get(b).replaceChildren(el('h3', null, t('table.board', {n: b})),
        el('p', {className: 'muted'}, t('table.notPlayedHere')));
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
      nodes.get(b).replaceChildren(el('h3', null, t('table.board', {n: b})),
        el('p', {className: 'muted'}, ...refusal(e, false, t('table.travellerUnreadable'))));
    }
    return;
  }
  for (const b of waiting) {
    const node = nodes.get(b);
    if (inPlay.has(b)) {
      node.replaceChildren(el('h3', null, t('table.board', {n: b})), el('p', {className: 'muted'},
        t('table.travellerOpens', {board: b})));
      continue;
    }
    try {
      const trav = await call('skat.v1.ScoringService/GetTraveller',
                              {name: S.session.name + '/travellers/' + b});
      S.travellers.set(b, trav);
      node.replaceChildren(...traveller(b, trav));
    } catch (e) {
      node.replaceChildren(el('h3', null, t('table.board', {n: b})), el('p', {className: 'muted'},
        ...refusal(e, false, t('table.travellerUnreadable'))));
    }
  }
}

export function traveller(b, trav) {
  const out = [el('h3', null, t('table.everyTable', {board: b}))];
  for (const d of trav.directions || []) {
    const i = DIRS.indexOf(d.direction);
    const rows = (d.rows || []).flatMap((r) => {
      const mine = r.table === S.table ? ' mine' : '';
      return [el('tr', {className: 'who' + mine},
        el('td', null, el('span', {translate: 'no'}, r.displayName),
          el('span', {className: 'muted'}, ' \u00b7 ',
             el('span', {translate: 'no'}, r.tableLabel || r.table),
             mine ? ' ' + t('table.thisTable') : '')),
        el('td', {className: 'num'}, signed(r.boardScore)),
        el('td', {className: 'num'}, number(r.matchpoints) + (r.top ? ' / ' + number(r.top) : ''))),
      el('tr', {className: 'game' + mine}, el('td', {colspan: 3},
        r.artificial ? t('table.artificial') : r.assigned ? t('table.assigned')
                     : resultText(r.result)))];
    });
    out.push(el('table', {className: 'trav'},
      el('caption', null, t('table.datum', {dir: i < 0 ? '' : capDirName(i),
                                            datum: number(Number(d.datum) || 0, 1)})),
      el('thead', null, el('tr', null, el('th', {scope: 'col'}, t('table.playerTable')),
        el('th', {scope: 'col', className: 'num'}, t('table.boardScore')),
        el('th', {scope: 'col', className: 'num'}, t('table.mp')))),
      el('tbody', null, rows)));
  }
  if ((trav.hands || []).length) {
    out.push(el('details', null, el('summary', null, t('table.hands')),
      el('ul', {className: 'hands'}, (trav.hands || []).map((h, i) =>
        el('li', null, el('strong', null, capDirName(i) + ': '), h)),
        el('li', null, el('strong', null, t('table.skat') + ': '), trav.skat || ''))));
  }
  const result = el('p', {id: 'par-result-' + b, 'aria-live': 'polite'});
  out.push(el('p', null, el('button', {type: 'button', id: 'par-' + b,
    onclick: (ev) => par(b, ev.currentTarget, result)}, t('table.showPar'))), result);
  return out;
}

export async function par(b, button, out) {
  button.disabled = true;
  out.textContent = t('table.analysing');
  try {
    const a = await call('skat.v1.ScoringService/GetBoardAnalysis',
                         {name: S.session.name + '/travellers/' + b + '/analysis'});
    const p = a.par || {};
    const row = (p.rows || [])[p.parRow];
    out.replaceChildren(...parNodes(p, row, (s) => s));
    button.remove();
  } catch (e) {
    out.replaceChildren(...refusal(e, false, t('table.noPar')).filter(Boolean));
    button.disabled = false;
  }
}
