// The table page's reading of the table: its players, boards, results and the entries awaiting
// a confirmation (TableService ListResults, ConfirmResult), read again every 20 s.
'use strict';

import {call, el} from '../api.js';
import {t, time} from '../i18n.js';
import {resultText} from '../result-words.js';
import {dirName, signed} from '../words.js';
import {$, S, T, show, say, refusal, anyToken, chairOf, partiesOf, partyLabel} from './core.js';
import {setBoard} from './form.js';
import {renderTravellers} from './travellers.js';

// One read at a time; a call during one waits for it and reads again, so what was just sent
// or confirmed always shows.
let reading = null;
let queued = null;
export function refresh() {
  if (!reading) {
    reading = load().finally(() => { reading = null; });
    return reading;
  }
  if (!queued) queued = reading.then(() => { queued = null; return refresh(); });
  return queued;
}

// The first page of the table's results, asked for beside the page's first reads (table.js);
// the first load() takes it instead of asking again.
let early = null;
export function readResultsEarly() {
  early = listResults('');
  early.catch(() => {});  // load() reports it
}

function listResults(pageToken) {
  return call(T + 'ListResults', {table: S.table, pageSize: 1000, pageToken}, anyToken());
}

export async function load() {
  $('refresh-status').textContent = t('table.loading');
  try {
    const results = new Map();
    let pageToken = '';
    do {
      const page = await (early && !pageToken ? early : listResults(pageToken));
      early = null;
      for (const r of page.results || []) {
        if (Number(r.replacedBy || 0) === 0) results.set(r.boardNumber, r);
      }
      pageToken = page.nextPageToken || '';
    } while (pageToken);
    S.results = results;
    const next = (S.info.boards || []).find((b) => !results.has(b)) || 0;
    if (next !== S.board) setBoard(next);
    renderPlayers();
    renderBoards();
    renderPending();
    $('refresh-status').textContent = t('table.updated', {time: time(Date.now())});
    await renderTravellers();
  } catch (e) {
    say($('refresh-status'), refusal(e, false, t('table.notUpdated')));
  }
}

export function stateOf(r) {
  if (!r) return {state: 'none', text: t('table.noResult')};
  if (r.correctedBy || r.enteredBy === 'director') {
    return {state: 'confirmed', text: t('table.byDirector')};
  }
  if (!r.confirmedBy) {
    return {state: 'entered', text: t('table.awaiting', {by: byWords(r.enteredBy)})};
  }
  return {state: 'confirmed', text: t('table.confirmed', {by: byWords(r.enteredBy),
                                                         confirmedBy: byWords(r.confirmedBy)})};
}

// "chair 2" (the server's words for who entered or confirmed a result) as the reader says it.
export function byWords(by) {
  const chair = chairOf(by);
  return chair ? t('table.chair', {n: chair}) : by === 'director' ? t('table.director') : by;
}

export function renderPlayers() {
  const list = $('players');
  list.replaceChildren();
  const board = S.board || (S.info.boards || [])[0] || 1;
  const parties = partiesOf(board);
  for (let c = 1; c <= (S.info.chairs || 3); c++) {
    const i = parties.indexOf(c);
    const role = i < 0 ? '' : dirName(i);
    list.append(el('li', {id: 'player-' + c},
      el('span', {className: 'chair'}, t('table.chair', {n: c})), ' ',
      S.names[c - 1] ? el('strong', {translate: 'no'}, S.names[c - 1])
                     : el('strong', null, t('table.noName')),
      S.board && role ? el('span', {className: 'muted'}, ' \u2013 ' +
                           t('table.roleOnBoard', {role, board: S.board})) : null));
  }
}

export function renderBoards() {
  const list = $('boards');
  list.replaceChildren();
  for (const b of S.info.boards || []) {
    const r = S.results.get(b);
    const st = stateOf(r);
    const mark = st.state === 'confirmed' ? '\u2713 ' : st.state === 'entered' ? '\u2026 ' : '';
    const li = el('li', {id: 'board-' + b, 'data-state': st.state,
                         className: 'state-' + st.state + (b === S.board ? ' next' : '')},
      el('strong', null, mark + t('table.board', {n: b})), ': ', st.text,
      b === S.board ? el('span', {className: 'tag'}, ' ' + t('table.next')) : null);
    if (r && r.result && r.result.kind) {
      li.append(el('div', {className: 'muted'}, resultText(r.result, true)));
    }
    list.append(li);
  }
}

export function padItems(entry) {
  return (entry.pad || []).map((v, i) =>
    el('li', null, el('span', null, partyLabel(entry.boardNumber, i)), ' ',
       el('strong', {className: v > 0 ? 'plus' : v < 0 ? 'minus' : 'zero'}, signed(v))));
}

// A check's answer without a value (ResultEntry.value_withheld: it needs the board's matadors).
export const withheld = () => t('table.withheld');

export function valueText(result) {
  if (!result) return '';
  if (result.kind === 'KIND_PASSED_IN') return t('table.passedIn');
  if (result.kind === 'KIND_RAMSCH') return t('table.ramsch');
  return t(result.won ? 'table.wonValue' : 'table.lostCharge', {value: result.value || 0});
}

export function renderPending() {
  const panel = $('confirm-panel');
  // Rebuilt on every refresh: the focus stays where it was (a keyboard user's Confirm button).
  const focused = panel.contains(document.activeElement) ? document.activeElement.id : '';
  panel.replaceChildren();
  let any = false;
  for (const b of S.info.boards || []) {
    const r = S.results.get(b);
    if (!r || r.confirmedBy || r.enteredBy === 'director') continue;
    any = true;
    const by = chairOf(r.enteredBy);
    const buttons = Object.keys(S.tokens).map(Number).filter((c) => c !== by).map((c) =>
      el('button', {type: 'button', className: 'primary', id: 'confirm-' + b + '-chair-' + c,
                    onclick: () => confirmEntry(b, c)},
         t('table.confirmAs', {n: c}),
         S.names[c - 1] ? el('span', {translate: 'no'}, ' (' + S.names[c - 1] + ')') : ''));
    panel.append(el('div', {className: 'entry', id: 'pending-' + b, tabindex: -1},
      el('h3', null, t('table.enteredHead', {board: b, by: byWords(r.enteredBy)}),
         by && S.names[by - 1] ? el('span', {translate: 'no'}, ' (' + S.names[by - 1] + ')') : ''),
      el('p', null, resultText(r.result, true)),
      el('p', {className: 'big'}, valueText(r.result)),
      el('ul', {className: 'pad'}, padItems(r)),
      el('p', null, t('table.confirmNote')),
      el('p', {className: 'actions'}, buttons)));
  }
  show($('confirm-section'), any);
  if (!any) say($('confirm-error'), '');
  if (focused && $(focused)) $(focused).focus();
}

// After a confirmation the pressed button is gone: the focus moves on to the next entry's first
// Confirm button, else to the form's first field, else to the message that every board has a
// result (a keyboard user keeps a place on the page).
export async function confirmEntry(board, chair) {
  say($('confirm-error'), '');
  for (const b of document.querySelectorAll('#confirm-panel button')) b.disabled = true;
  let ok = true;
  try {
    await call(T + 'ConfirmResult', {table: S.table, boardNumber: board}, S.tokens[chair]);
  } catch (e) {
    ok = false;
    say($('confirm-error'), refusal(e));
  }
  await refresh();
  const lost = !document.activeElement || document.activeElement === document.body;
  if (!ok || !lost) return;
  const next = document.querySelector('#confirm-panel button');
  const done = $('entry-done');
  done.tabIndex = -1;
  (next || (S.board ? $('entered-by') : done)).focus();
}
