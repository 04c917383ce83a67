// The live progress grid: rounds x tables; each cell says boards confirmed of expected, results
// waiting for a second chair and refused reports (ListResults and ListRefusedReports per table,
// the director's token), in words and colour; refreshed every 5 s while shown.
'use strict';
import {el} from '../api.js';
import {$, S, on, listAll, showError, pool, tableLabel, currentTab, timeText,
        count, sessionSize} from './core.js';
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
  if (!p) return ['state-idle', 'not read yet'];
  if (!p.missing.length && !p.waiting.length) return ['state-done', 'done'];
  if (p.open) return ['state-alert', 'refused report: needs the director'];
  if (behind && p.missing.length) return ['state-alert', 'behind: results missing'];
  if (p.waiting.length) return ['state-wait', 'waiting for a confirmation'];
  if (p.confirmed.length) return ['state-play', 'in play'];
  return ['state-idle', 'not started'];
}

function render() {
  const s = S.session;
  const grid = $('progress-grid');
  if (!s || !s.tables) {
    grid.replaceChildren();
    $('progress-session').textContent = 'No session yet.';
    return;
  }
  $('progress-session').textContent = `Session ${s.number}: ${sessionSize(s)}.`;
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
  const rows = rounds.map((r) => el('tr', {}, el('th', {scope: 'row'}, `Round ${r}`),
      numbers.map((n) => {
        const t = at.get(`${r}:${n}`);
        if (!t) return el('td', {className: 'state-none'}, '—');
        const p = progress.get(t.table);
        if (p) {
          total.confirmed += p.confirmed.length;
          total.waiting += p.waiting.length;
          total.missing += p.missing.length;
          total.refused += p.refused;
        }
        const [cls, word] = cellState(p, r < latest);
        const lines = [...(p ? [
          el('span', {className: 'big'}, `${p.confirmed.length}/${t.boards.length} confirmed`),
          p.waiting.length ? el('span', {}, `${p.waiting.length} to confirm`) : null,
          p.refused ? el('span', {}, `${p.refused} refused report${p.refused > 1 ? 's' : ''}`) : null] : []),
        el('span', {className: 'state-word'}, word)].filter(Boolean);
        // The name holds the visible lines in their order (WCAG 2.5.3), spaces between them.
        return el('td', {id: `cell-r${r}-t${n}`, className: 'cell ' + cls},
            el('button', {type: 'button', className: 'cell-button', 'data-table': t.table,
                          'aria-label': `${tableLabel(t)}: ` +
                              lines.map((x) => x.textContent).join(', ') + '. Open its results.',
                          onclick: () => openResults(t.table)},
               lines.flatMap((x, i) => (i ? [' ', x] : [x]))));
      })));
  const focused = document.activeElement && document.activeElement.closest('#progress-grid td');
  grid.replaceChildren(
      el('thead', {}, el('tr', {}, el('th', {}, 'Round'), numbers.map((n) => el('th', {}, `Table ${n}`)))),
      el('tbody', {}, rows));
  if (focused && $(focused.id)) $(focused.id).querySelector('button').focus();
  // The director's queue: refused reports of boards without a counting result.
  $('attention-list').replaceChildren(...s.tables.flatMap((t) => {
    const p = progress.get(t.table);
    return p ? p.openReports.map((r) => el('li', {},
        `${tableLabel(t)}, board ${r.boardNumber}: ${r.enteredBy} at ${timeText(r.enterTime)}: ` +
        `${r.message} `, el('button', {type: 'button', onclick: () => openResults(t.table)},
                            `Open ${tableLabel(t)}`))) : [];
  }));
  if (!$('attention-list').children.length) {
    $('attention-list').append(el('li', {className: 'muted'}, 'Nothing waits for the director.'));
  }
  const expected = total.confirmed + total.waiting + total.missing;
  $('progress-summary').textContent = `${total.confirmed} of ${count(expected, 'board')} confirmed, ` +
      `${total.waiting} waiting for a confirmation, ${total.missing} missing; ` +
      `${count(total.refused, 'refused report')}.`;
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
    $('progress-updated').textContent = 'Updated ' + new Date().toLocaleTimeString();
  } catch (e) {
    if (mine !== generation) return;
    showError('progress-error', e);
    $('progress-updated').textContent = 'Not updated: ' + new Date().toLocaleTimeString();
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
