// Sessions: start one with a generated movement or a manual seating (checked first with
// validateOnly; a manual seating's warnings need a tick), and pick the current session.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, showError, busy, status, store, playerName, boardsText,
        fillTable, sessionSize, t, tn, tNodes, named, refusalNodes} from './core.js';
import {readSeating, resolvePlayer} from './csv.js';
import {loadSessions, selectSession} from './event.js';
import {saveSeats, issueAll} from './cards.js';
import {sizeAdvice} from './sizes.js';

const MANUAL = 'MOVEMENT_KIND_MANUAL';
const MOVEMENT = {MOVEMENT_KIND_INDIVIDUAL: 'console.move.individual',
                  MOVEMENT_KIND_INTER_CLUB: 'console.move.interClub',
                  MOVEMENT_KIND_CONGRESS: 'console.move.congress',
                  MOVEMENT_KIND_MANUAL: 'console.move.manual'};
const movementWord = (m) => (MOVEMENT[m] ? t(MOVEMENT[m]) : m);
// The server's own words (a movement's warnings, the validator's printout) are English only:
// marked so, and not translated (docs/i18n.md "Translated so far").
const english = (tag, text, attrs) => el(tag, {...attrs, lang: 'en', translate: 'no'}, text);
let shown = '';     // the warnings shown, as one text
let accepted = '';  // the warnings the director ticked, as one text

function seatingRows(tables) {
  const chairs = Math.max(3, ...tables.map((t) => t.players.length));
  const head = [t('console.round'), t('console.table'), t('console.boards')];
  for (let c = 1; c <= chairs; ++c) head.push(t('console.chairN', {chair: c}));
  head.push(t('console.forehand'));
  return [head, tables.map((x) => [String(x.round), String(x.tableNumber), boardsText(x.boards),
      ...Array.from({length: chairs}, (_, c) => named(playerName(x.players[c]))),
      x.forehandChair ? t('console.alwaysChair', {chair: x.forehandChair}) : t('console.byBoard')])];
}

function request() {
  const movement = $('movement').value;
  const r = {parent: S.event.name, boardSet: $('session-board-set').value, movement,
             mode: $('table-mode').value};
  if (!r.boardSet) throw new Error(t('console.needBoardSet'));
  if (movement === MANUAL) {
    r.seating = readSeating($('seating-csv').value);
    return r;
  }
  r.tables = Number($('session-tables').value) || 0;
  r.boardsPerRound = Number($('boards-per-round').value) || 0;
  r.rounds = Number($('session-rounds').value) || 0;
  r.neutralThirdChair = $('neutral-third-chair').checked;
  r.comparative = $('comparative').checked;
  r.drawSeed = String(Number($('draw-seed').value) || 0);
  const typed = $('session-players').value.split('\n').map((s) => s.trim()).filter(Boolean);
  r.players = typed.length ? typed.map(resolvePlayer) : S.players.map((p) => p.name);
  return r;
}

function showCheck(session) {
  $('session-check').classList.remove('hidden');
  const warnings = session.warnings || [];
  shown = warnings.join('\n');
  $('session-warnings').replaceChildren(...warnings.map((w) => el('li', {}, t('console.warning'), ' ',
                                                                    english('span', w))));
  if (!warnings.length) $('session-warnings').append(el('li', {className: 'ok'}, t('console.noWarnings')));
  const manual = $('movement').value === MANUAL;
  $('accept-warnings-label').classList.toggle('hidden', !(manual && warnings.length));
  if (shown !== accepted) $('accept-warnings').checked = false;
  $('session-validation').textContent = session.validation || '';
  const [head, rows] = seatingRows(session.tables || []);
  fillTable($('session-preview'), head, rows);
  return warnings;
}

// A refusal of StartSession; one of the size first says what would work (sizes.js).
function showRefusal(e) {
  let advice = '';
  try {
    if (e.status === 'INVALID_ARGUMENT' && $('movement').value !== MANUAL) advice = sizeAdvice(request());
  } catch (e2) {
    // the request itself is refused: the server's words stand
  }
  if (!advice) {
    showError('start-session-error', e);
    return;
  }
  $('start-session-error').replaceChildren(t('console.badSize', {advice}), ' ', ...refusalNodes(e));
}

async function check() {
  showError('start-session-error', null);
  try {
    const checked = await director('skat.v1.EventService/StartSession',
                                   {...request(), validateOnly: true});
    const warnings = showCheck(checked.session);
    status(warnings.length ? tn('console.validWith', warnings.length) : t('console.valid'));
    return warnings;
  } catch (e) {
    $('session-check').classList.add('hidden');
    showRefusal(e);
    return null;
  }
}

// A request id (AIP-155) kept while the same request is retried, so a retry starts no second
// session; crypto.randomUUID needs a secure context, getRandomValues does not.
function requestId(r) {
  const key = 'request:' + S.event.name;
  const text = JSON.stringify(r);
  const kept = JSON.parse(store.get(key) || 'null');
  if (kept && kept.text === text) return kept.id;
  const id = [...crypto.getRandomValues(new Uint8Array(16))]
      .map((b) => b.toString(16).padStart(2, '0')).join('');
  store.set(key, JSON.stringify({text, id}));
  return id;
}

async function start() {
  showError('start-session-error', null);
  const warnings = await check();
  if (!warnings) return;
  if ($('movement').value === MANUAL && warnings.length) {
    if (!$('accept-warnings').checked || warnings.join('\n') !== accepted) {
      showError('start-session-error', new Error(tn('console.seatingWarnings', warnings.length)));
      $('accept-warnings').focus();
      return;
    }
  }
  const r = request();
  r.requestId = requestId(r);
  let reply;
  try {
    reply = await director('skat.v1.EventService/StartSession', r);
  } catch (e) {
    if (![0, 499, 503, 504].includes(e.httpStatus)) store.del('request:' + S.event.name);
    showRefusal(e);
    return;
  }
  store.del('request:' + S.event.name);
  const session = reply.session;
  status(t(reply.created ? 'console.sessionStarted' : 'console.sessionStartedEarlier',
           {session: session.number, size: sessionSize(session)}));
  try {
    if (reply.seatTokens.length) saveSeats(session.name, reply.seatTokens, reply.tableCodes || []);
    // Too many for one reply, or a start repeated: issue them (no card has them yet).
    else await issueAll(session.name);
    await loadSessions();
    await selectSession(session.name);
  } catch (e) {
    showError('start-session-error', e);
  }
  document.dispatchEvent(new Event('seats'));  // the cards panel reads the new tokens
}

function showSessions() {
  const select = $('session-select');
  select.replaceChildren(...(S.sessions.length ? S.sessions.map((s) => el('option', {value: s.name},
      t('console.sessionOption', {session: s.number, movement: movementWord(s.movement),
        size: sessionSize(S.session && S.session.name === s.name ? S.session : s)}))) :
      [el('option', {value: ''}, t('console.noSessionOption'))]));
  if (S.session) select.value = S.session.name;
}

function showSession() {
  showSessions();
  const s = S.session;
  const info = $('session-info');
  if (!s) {
    info.replaceChildren(el('p', {className: 'muted'}, t('console.noSession')));
    return;
  }
  const [head, rows] = seatingRows(s.tables || []);
  const table = el('table', {id: 'session-seating'});
  fillTable(table, head, rows);
  info.replaceChildren(
      el('p', {}, ...tNodes('console.sessionInfo', {session: s.number, name: named(s.name),
                                                    movement: movementWord(s.movement),
                                                    size: sessionSize(s), set: named(s.boardSet)})),
      el('ul', {className: 'warn'}, (s.warnings || []).map((w) => el('li', {}, t('console.warning'),
                                                                    ' ', english('span', w)))),
      el('details', {}, el('summary', {}, t('console.seatingValidation')), table,
         english('pre', s.validation || '')));
}

// The defaults of an empty (0) field (services/event/sessions.cc Generate) as placeholders.
function showDefaults() {
  const m = $('movement').value;
  const typed = $('session-players').value.split('\n').filter((s) => s.trim()).length;
  const players = typed || S.players.length;
  const interClub = m === 'MOVEMENT_KIND_INTER_CLUB';
  const tables = interClub ? 4 : Math.floor(players / 3);
  $('session-tables').placeholder = m === 'MOVEMENT_KIND_CONGRESS' ? t('console.byLot') : String(tables);
  $('boards-per-round').placeholder = interClub ? '4' :
    m === 'MOVEMENT_KIND_CONGRESS' ? t('console.threeOrFour') : '3';
  const chosen = Number($('session-tables').value) || tables;
  $('session-rounds').placeholder = m === 'MOVEMENT_KIND_CONGRESS' ? '20' :
    interClub ? '3' : String(chosen);
}

function showMovement() {
  showDefaults();
  const m = $('movement').value;
  $('manual-options').classList.toggle('hidden', m !== MANUAL);
  $('generated-options').classList.toggle('hidden', m === MANUAL);
  for (const node of document.querySelectorAll('[data-movements]')) {
    node.classList.toggle('hidden', node.dataset.movements !== m);
  }
}

// The check shown is of the movement as typed: a change takes it away (a stale check would
// speak of another seating).
function clearCheck() {
  $('session-check').classList.add('hidden');
  $('session-preview').replaceChildren();
  $('session-warnings').replaceChildren();
  $('session-validation').textContent = '';
  $('accept-warnings-label').classList.add('hidden');
}

export function initSession() {
  $('session-form').addEventListener('input', (ev) => {
    if (ev.target.id !== 'accept-warnings') clearCheck();
  });
  $('session-form').addEventListener('change', (ev) => {
    if (ev.target.id !== 'accept-warnings') clearCheck();
  });
  on('sessions', showSessions);
  on('session', showSession);
  on('event', showSession);
  $('movement').addEventListener('change', showMovement);
  on('players', showDefaults);
  $('session-players').addEventListener('input', showDefaults);
  $('session-tables').addEventListener('input', showDefaults);
  $('session-select').addEventListener('change', busy($('session-select'), async () => {
    try {
      await selectSession($('session-select').value);
    } catch (e) {
      showError('start-session-error', e);
    }
  }));
  $('accept-warnings').addEventListener('change', () => {
    accepted = $('accept-warnings').checked ? shown : '';
  });
  $('validate-session').addEventListener('click', busy($('validate-session'), check));
  $('session-form').addEventListener('submit', busy($('start-session'), start));
  showMovement();
}
