// One table's results: confirm a pending one (ConfirmResult), correct one (CorrectResult with a
// reason) or enter a missing one as the director (SubmitResult); each report is checked with
// validateOnly first so the director sees the value and pad entries before it is stored.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, listAll, showError, busy, status, playerName, tableLabel,
        sessionTable, chairOf, directionWord, DIRECTIONS, signed, fillTable, timeText,
        showTab} from './core.js';
import {formRules, gameOffer, handlingOptions, kindOptions} from '../result-form.js';
import {GAME_NAME} from '../words.js';

let form = null;     // {table, board, mode: 'correct' | 'enter', kept}
let checked = '';    // the request last checked, as JSON: submitting needs it unchanged

const shownTable = () => sessionTable($('results-table').value);

export function openResults(table) {
  $('results-table').value = table;
  showTab('results');
  closeForm();
  load();
}

// "Anna +60 · Bert 0 · Carl 0", the pad entries by direction named by the chairs' players.
function padText(t, board, pad) {
  return (pad || []).map((v, d) => `${playerName(t.players[chairOf(t, board, d) - 1])} ` +
      `(${d < 3 ? directionWord(DIRECTIONS[d]) : 'dealer'}) ${signed(v)}`).join(' · ');
}

function stateText(e) {
  if (e.replacedBy && e.replacedBy !== '0') {
    return `replaced by the director at ${timeText(e.correctTime)}: ${e.correctionReason}`;
  }
  return e.counts ? 'counts' : 'waiting for a confirmation by another chair';
}

async function load() {
  const t = shownTable();
  showError('results-error', null);
  if (!t) {
    $('results-title').textContent = 'No table.';
    return;
  }
  $('results-title').textContent = `${tableLabel(t)}: boards ${t.boards.join(', ')}; ` +
      t.players.map((p, i) => `chair ${i + 1} ${playerName(p)}`).join(', ') + ` (${t.table})`;
  let all;
  let refused;
  try {
    [all, refused] = await Promise.all([
      listAll('skat.v1.TableService/ListResults',
              {table: t.table, includeHistory: $('results-history').checked, pageSize: 1000},
              'results', S.token),
      listAll('skat.v1.TableService/ListRefusedReports', {table: t.table, pageSize: 1000},
              'refusedReports', S.token)]);
  } catch (e) {
    showError('results-error', e);
    return;
  }
  const entries = all.filter((e) => !e.replacedBy || e.replacedBy === '0');
  const rows = [];
  for (const b of t.boards) {
    const e = entries.find((x) => x.boardNumber === b);
    if (!e) {
      rows.push([String(b), 'no result yet', '', '', '', 'missing',
                 el('button', {type: 'button', id: `enter-b${b}`, onclick: () => openForm(b, 'enter')},
                    `Enter board ${b}`)]);
      continue;
    }
    rows.push([String(b), e.result.summary, padText(t, b, e.pad),
               `${e.enteredBy} ${timeText(e.enterTime)}`,
               e.confirmedBy ? `${e.confirmedBy} ${timeText(e.confirmTime)}` : '—', stateText(e),
               el('span', {className: 'actions'},
                  e.counts ? null : el('button', {type: 'button', id: `confirm-b${b}`,
                      onclick: (ev) => confirm(ev.target, b)}, `Confirm board ${b}`),
                  el('button', {type: 'button', id: `correct-b${b}`, onclick: () => openForm(b, 'correct', e)},
                     `Correct board ${b}`))]);
  }
  for (const e of all.filter((x) => x.replacedBy && x.replacedBy !== '0')) {
    rows.push([String(e.boardNumber), e.result.summary, padText(t, e.boardNumber, e.pad),
               `${e.enteredBy} ${timeText(e.enterTime)}`, e.confirmedBy || '—', stateText(e), '']);
  }
  fillTable($('results-list'), ['Board', 'Result', 'Pad', 'Entered', 'Confirmed', 'State', ''], rows);
  fillTable($('refused-list'), ['Board', 'Sent by', 'At', 'Refusal'], refused.map((r) => [
    String(r.boardNumber), r.enteredBy, timeText(r.enterTime), `${r.reason}: ${r.message}`]));
  if (!refused.length) $('refused-list').tBodies[0].append(el('tr', {}, el('td', {colspan: 4}, 'none')));
}

async function confirm(button, board) {
  const t = shownTable();
  if (button.disabled) return;
  button.disabled = true;
  try {
    await director('skat.v1.TableService/ConfirmResult', {table: t.table, boardNumber: board});
    status(`Board ${board} at ${tableLabel(t)} confirmed by the director; it counts.`);
  } catch (e) {
    button.disabled = false;
    showError('results-error', e);
    return;
  }
  await load();
}

const num = (id) => ($(id).value.trim() === '' ? null : Number($(id).value));
const setVal = (id, v) => { $(id).value = v === null || v === undefined ? '' : String(v); };
const DEFAULTS = {playError: (v) => v && v.kind && v.kind !== 'KIND_UNSPECIFIED',
                  fines: (v) => v && v.length, discarded: (v) => v,
                  declarerLookedAtSkat: (v) => v,
                  defenderLookedAtSkat: (v) => v && v !== 'DIRECTION_UNSPECIFIED',
                  wrongCardCount: (v) => v && v.length};

function openForm(board, mode, entry) {
  const t = shownTable();
  form = {table: t.table, board, mode, kept: {}};
  $('report-form').classList.remove('hidden');
  $('report-title').textContent = mode === 'correct' ?
      `Correct board ${board} at ${tableLabel(t)}: the old result is kept with the reason` :
      `Enter board ${board} at ${tableLabel(t)} as the director: it counts at once`;
  $('report-board').replaceChildren(el('option', {value: board}, `board ${board}`));
  $('report-declarer').replaceChildren(...DIRECTIONS.map((d, i) => el('option', {value: d},
      `${directionWord(d)}: ${playerName(t.players[chairOf(t, board, i) - 1])}`)));
  $('correct-reason').parentNode.querySelector('label[for=correct-reason]').classList
      .toggle('hidden', mode !== 'correct');
  $('correct-reason').classList.toggle('hidden', mode !== 'correct');
  $('submit-report').textContent = mode === 'correct' ? 'Correct the result' : 'Enter the result';
  const r = (entry && entry.report) || {};
  const d = r.declaration || {};
  offerRules();
  setVal('report-kind', r.kind && r.kind !== 'KIND_UNSPECIFIED' ? r.kind : 'KIND_DECLARER_GAME');
  setVal('report-declarer', r.declarer && r.declarer !== 'DIRECTION_UNSPECIFIED' ? r.declarer : DIRECTIONS[0]);
  if (d.handling && d.handling !== 'SKAT_HANDLING_UNSPECIFIED') setVal('report-handling', d.handling);
  offerGames();
  setVal('report-game', d.game && d.game !== 'GAME_TYPE_UNSPECIFIED' ? d.game : 'GAME_TYPE_CLUBS');
  $('report-ouvert').checked = !!d.ouvert;
  setVal('report-announce', d.announcement && d.announcement !== 'ANNOUNCEMENT_UNSPECIFIED' ?
      d.announcement : 'ANNOUNCEMENT_NONE');
  setVal('report-turned', r.turnedCard);
  setVal('report-floor', entry ? r.floor : 18);
  setVal('report-points', entry && r.kind === 'KIND_DECLARER_GAME' ? r.declarerPoints : null);
  setVal('report-tricks', entry && r.kind === 'KIND_DECLARER_GAME' ? r.declarerTricks : null);
  setVal('report-conceded-after', r.conceded ? r.concededAfterTricks : null);
  $('report-claim-accepted').checked = !!r.claimAccepted;
  setVal('report-contra-by', r.contraBy && r.contraBy !== 'DIRECTION_UNSPECIFIED' ? r.contraBy : '');
  $('report-recontra').checked = !!r.recontra;
  const ramsch = r.kind === 'KIND_RAMSCH';
  ['f', 'm', 'r'].forEach((x, i) => {
    setVal('report-card-points-' + x, ramsch ? (r.cardPoints || [])[i] : null);
    setVal('report-ramsch-tricks-' + x, ramsch ? (r.tricks || [])[i] : null);
  });
  setVal('report-last-trick', ramsch && r.lastTrick !== 'DIRECTION_UNSPECIFIED' ? r.lastTrick : DIRECTIONS[0]);
  for (const [k, isSet] of Object.entries(DEFAULTS)) {
    if (isSet(r[k])) form.kept[k] = r[k];
  }
  const kept = Object.keys(form.kept);
  $('report-kept').textContent = kept.length ? `Kept as entered (the command line changes them): ` +
      kept.map((k) => `${k} ${JSON.stringify(form.kept[k])}`).join('; ') : '';
  setVal('correct-reason', '');
  changed();
  $('report-kind').focus();
}

// The event's rule profile as a form offers it (result-form.js).
const rulesOfEvent = () => formRules(S.rules);

const options = (list) => list.map(([v, t]) => el('option', {value: v}, t));

// The kinds, handlings and Contra the event's rule profile has.
function offerRules() {
  const rules = rulesOfEvent();
  $('report-kind').replaceChildren(...options(kindOptions(rules)));
  $('report-handling').replaceChildren(...options(handlingOptions(rules)));
  for (const id of ['report-contra-part', 'report-recontra-part']) {
    $(id).classList.toggle('hidden', !rules.contra);
  }
}

// The games of the chosen handling, ouvert and announcements where they may be chosen.
function offerGames() {
  const rules = rulesOfEvent();
  const handling = $('report-handling').value;
  const keep = $('report-game').value;
  const games = gameOffer(rules, handling, '', false).games;
  $('report-game').replaceChildren(...options(games.map((g) => [g, GAME_NAME[g]])));
  if (games.includes(keep)) $('report-game').value = keep;
  const offer = gameOffer(rules, handling, $('report-game').value, false);
  if (offer.open) $('report-ouvert').checked = true;
  if (!offer.ouvert) $('report-ouvert').checked = false;
  $('report-ouvert').disabled = !offer.ouvert || offer.open;
  const announce = gameOffer(rules, handling, $('report-game').value,
                             $('report-ouvert').checked).announce;
  if (!announce) $('report-announce').value = 'ANNOUNCEMENT_NONE';
  $('report-announce').disabled = !announce;
}

function closeForm() {
  form = null;
  $('report-form').classList.add('hidden');
}

function changed() {
  offerGames();
  const kind = $('report-kind').value;
  $('declarer-fields').classList.toggle('hidden', kind !== 'KIND_DECLARER_GAME');
  $('ramsch-fields').classList.toggle('hidden', kind !== 'KIND_RAMSCH');
  checked = '';
  $('submit-report').disabled = true;
  $('report-preview').replaceChildren();
  showError('report-error', null);
}

// The PhysicalReport of the form (docs/tables.md), the fields it does not show kept as entered.
function report() {
  const kind = $('report-kind').value;
  const r = {...form.kept, kind};
  if (kind === 'KIND_DECLARER_GAME') {
    const points = num('report-points');
    if (points === null && !form.kept.playError) throw new Error('Give the declarer\'s card points.');
    r.declarer = $('report-declarer').value;
    r.declaration = {handling: $('report-handling').value, game: $('report-game').value,
                     ouvert: $('report-ouvert').checked, announcement: $('report-announce').value};
    if ($('report-turned').value.trim()) r.turnedCard = $('report-turned').value.trim();
    r.floor = num('report-floor') || 0;
    r.declarerPoints = points || 0;
    const tricks = num('report-tricks');
    r.declarerTricks = tricks !== null ? tricks : r.declarerPoints === 0 ? 0 :
        r.declarerPoints === 120 ? 10 : 5;
    const conceded = num('report-conceded-after');
    if (conceded !== null) Object.assign(r, {conceded: true, concededAfterTricks: conceded});
    r.claimAccepted = $('report-claim-accepted').checked;
    if ($('report-contra-by').value) r.contraBy = $('report-contra-by').value;
    r.recontra = $('report-recontra').checked;
  } else if (kind === 'KIND_RAMSCH') {
    r.cardPoints = ['f', 'm', 'r'].map((x) => num('report-card-points-' + x) || 0);
    r.tricks = ['f', 'm', 'r'].map((x) => num('report-ramsch-tricks-' + x) || 0);
    r.lastTrick = $('report-last-trick').value;
  }
  return r;
}

function requestOf(validateOnly) {
  const r = {table: form.table, boardNumber: form.board, report: report(), validateOnly};
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
    const t = sessionTable(form.table);
    $('report-preview').replaceChildren(
        el('p', {className: 'ok'}, `${e.result.summary}`),
        el('p', {}, `Value ${e.result.value}; pad: ${padText(t, form.board, e.pad)}.`),
        el('p', {className: 'muted'}, 'Nothing is stored yet.'));
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
    showError('report-error', new Error('Check the value first: the form changed since.'));
    return;
  }
  try {
    const e = await director(method(), request);
    status(`Board ${e.boardNumber}: ${e.result.summary}; ` +
           (form.mode === 'correct' ? 'corrected by the director; it counts.' : 'entered by the director; it counts.'));
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
  $('results-table').replaceChildren(...tables.map((t) => el('option', {value: t.table},
      `${tableLabel(t)}: ${t.players.map(playerName).join(', ')}`)));
  if (tables.some((t) => t.table === keep)) $('results-table').value = keep;
}

export function initResults() {
  on('session', showTables);
  on('players', showTables);
  on('tab:results', () => { if (!form) load(); });
  $('results-table').addEventListener('change', () => { closeForm(); load(); });
  $('results-history').addEventListener('change', load);
  $('results-refresh').addEventListener('click', load);
  $('report-form').addEventListener('input', changed);
  $('report-form').addEventListener('change', changed);
  $('check-report').addEventListener('click', busy($('check-report'), check));
  $('report-form').addEventListener('submit', busy($('submit-report'), submit));
  $('cancel-report').addEventListener('click', closeForm);
}
