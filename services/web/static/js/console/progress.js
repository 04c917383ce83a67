// The live progress grid: rounds x tables; each cell says boards confirmed of expected, results
// waiting for a second chair and refused reports (ListResults and ListRefusedReports per table,
// the director's token), in words and colour; refreshed every 5 s while shown.
'use strict';
import {el} from '../api.js';
import {$, S, on, listAll, showError, pool, tableLabel, currentTab, timeText,
        sessionSize, t, tn, tNodes, time, reasonText, byWord} from './core.js';
import {openResults} from './results.js';

const EVERY_MS = 5000;
let timer = 0;
let generation = 0;
const progress = new Map();  // table name -> {confirmed, waiting, missing, refused, open}

async function readTable(t) {
  const [results, refused] = await Promise.all([
    listAll('skat.v1.TableService/ListResults', {table: t.table, pageSize: 1000}, 'results', S.token),
    listAll('skat.v1.TableService/ListRefusedReports', {table: t.table, pageSize: 1000},
            'refusedReports', S.token)]);
  const counts = new Map(results.map((r) => [r.boardNumber, r.counts]));
  const p = {confirmed: [], waiting: [], missing: [], refused: refused.length, open: 0};
  for (const b of t.boards) {
    if (!counts.has(b)) p.missing.push(b);
    else (counts.get(b) ? p.confirmed : p.waiting).push(b);
  }
  // Refused reports of boards that still have no counting result need the director.
  p.openReports = refused.filter((r) => counts.get(r.boardNumber) !== true);
  p.open = new Set(p.openReports.map((r) => r.boardNumber)).size;
  return p;
}

function cellState(p, behind) {
  if (!p) return ['state-idle', t('console.cell.notRead')];
  if (!p.missing.length && !p.waiting.length) return ['state-done', t('console.done')];
  if (p.open) return ['state-alert', t('console.cell.refused')];
  if (behind && p.missing.length) return ['state-alert', t('console.cell.behind')];
  if (p.waiting.length) return ['state-wait', t('console.cell.waiting')];
  if (p.confirmed.length) return ['state-play', t('console.inPlay')];
  return ['state-idle', t('console.notStarted')];
}

function render() {
  const s = S.session;
  const grid = $('progress-grid');
  if (!s || !s.tables) {
    grid.replaceChildren();
    $('progress-session').textContent = t('console.noSessionYet');
    return;
  }
  $('progress-session').textContent = t('console.sessionSize', {session: s.number, size: sessionSize(s)});
  const rounds = [...new Set(s.tables.map((t) => t.round))].sort((a, b) => a - b);
  const numbers = [...new Set(s.tables.map((t) => t.tableNumber))].sort((a, b) => a - b);
  // The latest round with an entry: a table of an earlier round with boards missing is behind.
  let latest = 0;
  for (const t of s.tables) {
    const p = progress.get(t.table);
    if (p && (p.confirmed.length || p.waiting.length)) latest = Math.max(latest, t.round);
  }
  const at = new Map(s.tables.map((t) => [`${t.round}:${t.tableNumber}`, t]));
  const total = {confirmed: 0, waiting: 0, missing: 0, refused: 0};
  const rows = rounds.map((r) => el('tr', {}, el('th', {scope: 'row'}, t('console.roundN', {round: r})),
      numbers.map((n) => {
        const x = at.get(`${r}:${n}`);
        if (!x) return el('td', {className: 'state-none'}, '—');
        const p = progress.get(x.table);
        if (p) {
          total.confirmed += p.confirmed.length;
          total.waiting += p.waiting.length;
          total.missing += p.missing.length;
          total.refused += p.refused;
        }
        const [cls, word] = cellState(p, r < latest);
        const lines = [...(p ? [
          el('span', {className: 'big'}, t('console.cell.confirmed', {confirmed: p.confirmed.length,
                                                                        boards: x.boards.length})),
          p.waiting.length ? el('span', {}, tn('console.cell.toConfirm', p.waiting.length)) : null,
          p.refused ? el('span', {}, tn('console.refusedReportsN', p.refused)) : null] : []),
        el('span', {className: 'state-word'}, word)].filter(Boolean);
        // The name holds the visible lines in their order (WCAG 2.5.3), spaces between them.
        return el('td', {id: `cell-r${r}-t${n}`, className: 'cell ' + cls},
            el('button', {type: 'button', className: 'cell-button', 'data-table': x.table,
                          'aria-label': t('console.cell.label', {table: tableLabel(x),
                            lines: lines.map((line) => line.textContent).join(', ')}),
                          onclick: () => openResults(x.table)},
               lines.flatMap((x, i) => (i ? [' ', x] : [x]))));
      })));
  const focused = document.activeElement && document.activeElement.closest('#progress-grid td');
  grid.replaceChildren(
      el('thead', {}, el('tr', {}, el('th', {}, t('console.round')),
                         numbers.map((n) => el('th', {}, t('console.tableN', {table: n}))))),
      el('tbody', {}, rows));
  if (focused && $(focused.id)) $(focused.id).querySelector('button').focus();
  // The director's queue: refused reports of boards without a counting result.
  $('attention-list').replaceChildren(...s.tables.flatMap((x) => {
    const p = progress.get(x.table);
    return p ? p.openReports.map((r) => el('li', {},
        ...tNodes('console.attention', {table: tableLabel(x), board: r.boardNumber,
                                        by: byWord(r.enteredBy), time: timeText(r.enterTime),
                                        reason: reasonText(r.reason),
                                        message: el('span', {lang: 'en', translate: 'no'}, `(${r.message})`)}),
        ' ', el('button', {type: 'button', onclick: () => openResults(x.table)},
                t('console.openTable', {table: tableLabel(x)})))) : [];
  }));
  if (!$('attention-list').children.length) {
    $('attention-list').append(el('li', {className: 'muted'}, t('console.nothingWaits')));
  }
  const expected = total.confirmed + total.waiting + total.missing;
  $('progress-summary').textContent = t('console.summary', {confirmed: total.confirmed,
    boards: tn('console.boardCount', expected), waiting: total.waiting, missing: total.missing,
    refused: tn('console.refusedReportsN', total.refused)});
}

export async function refresh() {
  const s = S.session;
  if (!s || !s.tables) {
    render();
    return;
  }
  const mine = ++generation;
  try {
    const read = await pool(s.tables, 6, readTable);
    if (mine !== generation || S.session !== s) return;
    s.tables.forEach((t, i) => progress.set(t.table, read[i]));
    showError('progress-error', null);
    $('progress-updated').textContent = t('console.updated', {time: time(new Date())});
  } catch (e) {
    if (mine !== generation) return;
    showError('progress-error', e);
    $('progress-updated').textContent = t('console.notUpdated', {time: time(new Date())});
  }
  render();
}

function schedule() {
  clearTimeout(timer);
  if (currentTab !== 'progress' || !$('progress-auto').checked) return;
  timer = setTimeout(async () => {
    if (!document.hidden && currentTab === 'progress') await refresh();
    schedule();
  }, EVERY_MS);
}

export function initProgress() {
  on('session', () => {
    progress.clear();
    render();
    if (currentTab === 'progress') refresh().then(schedule);
  });
  on('tab:progress', () => {
    render();
    refresh().then(schedule);
  });
  $('progress-auto').addEventListener('change', schedule);
  $('progress-refresh').addEventListener('click', () => refresh());
}
