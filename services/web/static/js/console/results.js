// One table's results: confirm a pending one (ConfirmResult), correct one (CorrectResult with a
// reason) or enter a missing one as the director (SubmitResult); each report is checked with
// validateOnly first so the director sees the value and pad entries before it is stored.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, listAll, showError, busy, status, playerName, tableLabel,
        sessionTable, chairOf, directionWord, DIRECTIONS, signed, fillTable, timeText,
        showTab, t, named, reasonText, byWord} from './core.js';
import {ResultForm, formRules} from '../result-form.js';
import {resultText} from '../result-words.js';

let form = null;     // {table, board, mode: 'correct' | 'enter'}
let checked = '';    // the request last checked, as JSON: submitting needs it unchanged

const shownTable = () => sessionTable($('results-table').value);

export function openResults(table) {
  $('results-table').value = table;
  showTab('results');
  closeForm();
  load();
}

// "Anna +60 · Bert 0 · Carl 0", the pad entries by direction named by the chairs' players.
function padText(table, board, pad) {
  return (pad || []).map((v, d) => `${playerName(table.players[chairOf(table, board, d) - 1])} ` +
      `(${d < 3 ? directionWord(DIRECTIONS[d]) : t('console.dealer')}) ${signed(v)}`).join(' · ');
}

function stateText(e) {
  if (e.replacedBy && e.replacedBy !== '0') {
    return t('console.replaced', {time: timeText(e.correctTime), reason: e.correctionReason});
  }
  return t(e.counts ? 'console.counts' : 'console.waitingChair');
}

async function load() {
  const table = shownTable();
  showError('results-error', null);
  if (!table) {
    $('results-title').textContent = t('console.noTable');
    return;
  }
  $('results-title').replaceChildren(t('console.resultsTitle', {table: tableLabel(table),
                                                                boards: table.boards.join(', ')}),
      ...table.players.flatMap((p, i) => [i ? ', ' : '', t('console.chairLower', {chair: i + 1}), ' ',
                                          named(playerName(p))]), ' (', named(table.table), ')');
  let all;
  let refused;
  try {
    [all, refused] = await Promise.all([
      listAll('skat.v1.TableService/ListResults',
              {table: table.table, includeHistory: $('results-history').checked, pageSize: 1000},
              'results', S.token),
      listAll('skat.v1.TableService/ListRefusedReports', {table: table.table, pageSize: 1000},
              'refusedReports', S.token)]);
  } catch (e) {
    showError('results-error', e);
    return;
  }
  const entries = all.filter((e) => !e.replacedBy || e.replacedBy === '0');
  const rows = [];
  for (const b of table.boards) {
    const e = entries.find((x) => x.boardNumber === b);
    if (!e) {
      rows.push([String(b), t('console.noResult'), '', '', '', t('console.missing'),
                 el('button', {type: 'button', id: `enter-b${b}`, onclick: () => openForm(b, 'enter')},
                    t('console.enterBoard', {board: b}))]);
      continue;
    }
    rows.push([String(b), summaryOf(e), padText(table, b, e.pad),
               `${byWord(e.enteredBy)} ${timeText(e.enterTime)}`,
               e.confirmedBy ? `${byWord(e.confirmedBy)} ${timeText(e.confirmTime)}` : '—', stateText(e),
               el('span', {className: 'actions'},
                  e.counts ? null : el('button', {type: 'button', id: `confirm-b${b}`,
                      onclick: (ev) => confirm(ev.target, b)}, t('console.confirmBoard', {board: b})),
                  el('button', {type: 'button', id: `correct-b${b}`, onclick: () => openForm(b, 'correct', e)},
                     t('console.correctBoard', {board: b})))]);
  }
  for (const e of all.filter((x) => x.replacedBy && x.replacedBy !== '0')) {
    rows.push([String(e.boardNumber), summaryOf(e), padText(table, e.boardNumber, e.pad),
               `${byWord(e.enteredBy)} ${timeText(e.enterTime)}`, byWord(e.confirmedBy) || '—', stateText(e), '']);
  }
  fillTable($('results-list'), [t('console.board'), t('console.result'), t('console.pad'),
                                t('console.entered'), t('console.confirmed'), t('console.state'),
                                el('span', {className: 'visually-hidden'}, t('console.actions'))],
            rows);
  fillTable($('refused-list'), [t('console.board'), t('console.sentBy'), t('console.at'),
                                t('console.refusal')], refused.map((r) => [
    String(r.boardNumber), byWord(r.enteredBy), timeText(r.enterTime),
    el('span', {}, reasonText(r.reason), ' ', el('span', {lang: 'en', translate: 'no'}, `(${r.message})`))]));
  if (!refused.length) {
    $('refused-list').tBodies[0].append(el('tr', {}, el('td', {colspan: 4}, t('console.none'))));
  }
}

// An entry's result in the reader's words, from its fields, never the engine's English summary
// (docs/i18n.md "What the engine writes").
const summaryOf = (e) => resultText(e.result);

async function confirm(button, board) {
  const table = shownTable();
  if (button.disabled) return;
  button.disabled = true;
  try {
    await director('skat.v1.TableService/ConfirmResult', {table: table.table, boardNumber: board});
    status(t('console.confirmedByDirector', {board, table: tableLabel(table)}));
  } catch (e) {
    button.disabled = false;
    showError('results-error', e);
    return;
  }
  await load();
}

// The form of the event's rule profile (result-form.js, as the table page's), built once.
let fields = null;
let fieldsRules = null;

async function openForm(board, mode, entry) {
  const table = shownTable();
  let rules;
  try {
    rules = await S.rules;
  } catch (e) {
    showError('results-error', e);
    return;
  }
  form = {table: table.table, board, mode};
  if (!fields || fieldsRules !== rules) {
    fieldsRules = rules;
    const root = el('div', {id: 'report-fields'});  // another event: a new form
    $('report-fields').replaceWith(root);
    fields = new ResultForm(root, formRules(rules), {prefix: 'report-', onChange: changed});
  }
  $('report-form').classList.remove('hidden');
  $('report-title').textContent = t(mode === 'correct' ? 'console.correctTitle' : 'console.enterTitle',
                                     {board, table: tableLabel(table)});
  $('report-board').replaceChildren(el('option', {value: board}, t('console.boardLower', {board})));
  $('correct-reason').parentNode.querySelector('label[for=correct-reason]').classList
      .toggle('hidden', mode !== 'correct');
  $('correct-reason').classList.toggle('hidden', mode !== 'correct');
  $('submit-report').textContent = t(mode === 'correct' ? 'console.submitReport' : 'console.enterResult');
  // The parties by direction (and the resting dealer at a table of four), named by the chairs.
  fields.setSeats(Array.from(table.players,
                             (p, d) => playerName(table.players[chairOf(table, board, d) - 1])));
  if (entry && entry.report) fields.fill(entry.report);
  else fields.reset();
  $('correct-reason').value = '';
  changed();
  $('report-fields').querySelector('input[name="report-kind"]:checked').focus();
}

function closeForm() {
  form = null;
  $('report-form').classList.add('hidden');
}

function changed() {
  checked = '';
  $('submit-report').disabled = true;
  $('report-preview').replaceChildren();
  showError('report-error', null);
}

function requestOf(validateOnly) {
  const r = {table: form.table, boardNumber: form.board, report: fields.read(), validateOnly};
  if (form.mode === 'correct') r.reason = $('correct-reason').value.trim();
  return r;
}

const method = () => 'skat.v1.TableService/' + (form.mode === 'correct' ? 'CorrectResult' : 'SubmitResult');

async function check() {
  showError('report-error', null);
  $('report-preview').replaceChildren();
  try {
    const request = requestOf(true);
    const e = await director(method(), request);
    const table = sessionTable(form.table);
    $('report-preview').replaceChildren(
        el('p', {className: 'ok'}, resultText(e.result)),
        el('p', {}, t('console.valuePad', {value: e.result.value,
                                           pad: padText(table, form.board, e.pad)})),
        el('p', {className: 'muted'}, t('console.nothingStored')));
    checked = JSON.stringify({...request, validateOnly: false});
    $('submit-report').disabled = false;
  } catch (e) {
    showError('report-error', e);
  }
}

async function submit() {
  showError('report-error', null);
  let request;
  try {
    request = requestOf(false);
  } catch (e) {
    showError('report-error', e);
    return;
  }
  if (JSON.stringify(request) !== checked) {
    showError('report-error', new Error(t('console.checkFirst')));
    return;
  }
  try {
    const e = await director(method(), request);
    status(t(form.mode === 'correct' ? 'console.correctedStatus' : 'console.enteredStatus',
             {board: e.boardNumber, result: resultText(e.result)}));
  } catch (e) {
    showError('report-error', e);
    return;
  }
  closeForm();
  await load();
}

function showTables() {
  const tables = (S.session && S.session.tables) || [];
  const keep = $('results-table').value;
  $('results-table').replaceChildren(...tables.map((x) => el('option', {value: x.table},
      `${tableLabel(x)}: ${x.players.map(playerName).join(', ')}`)));
  if (tables.some((x) => x.table === keep)) $('results-table').value = keep;
}

export function initResults() {
  on('session', showTables);
  on('players', showTables);
  on('tab:results', () => { if (!form) load(); });
  $('results-table').addEventListener('change', () => { closeForm(); load(); });
  $('results-history').addEventListener('change', load);
  $('results-refresh').addEventListener('click', load);
  $('correct-reason').addEventListener('input', changed);
  $('check-report').addEventListener('click', busy($('check-report'), check));
  $('report-form').addEventListener('submit', busy($('submit-report'), submit));
  $('cancel-report').addEventListener('click', closeForm);
}
