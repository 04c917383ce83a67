// The table page (docs/web.md "Pages"): a physical table's results, entered and confirmed at the
// table on one phone. Opened from the QR code of the table card:
//   /table.html#table=events/E/tables/T&c1=TOKEN1&c2=TOKEN2&c3=TOKEN3[&c4=TOKEN4]
// The fragment is kept in sessionStorage and removed from the address bar at once, so a reload
// keeps working and the tokens never show. Every value and pad entry is the server's
// (SubmitResult with validateOnly, and the sent entry); the page only collects what the table
// reports.
//
// Element ids for browser tests:
//   #table-label, #table-meta       the table's label; "Round r · Table t · event"
//   #load-error                     why the page cannot work (no fragment, a refused token)
//   #players > li#player-N          chair N with its player and direction on the next board
//   #boards > li#board-B            board B, data-state="none" | "entered" | "confirmed",
//                                   class "next" on the board the form enters
//   #refresh, #refresh-status       reload from the server (also every 20 s)
//   #confirm-section, #confirm-panel  entries awaiting confirmation; each .entry#pending-B
//   #confirm-B-chair-M              button "Confirm as chair M" for board B
//   #confirm-error                  the refusal of a confirmation
//   #entry-title                    "Result of board B"; #entry-done when every board has one
//   #result-form                    the form; #entered-by (chair select)
//   #kind-game, #kind-passed, #kind-ramsch            radios: what happened
//   #declarer-forehand, #declarer-middlehand, #declarer-rearhand   radios
//   #handling (select), #game-clubs #game-spades #game-hearts #game-diamonds #game-grand
//   #game-null (radios), #ouvert, #announcement, #floor, #points, #tricks,
//   #null-won, #null-lost, #contra-by, #recontra
//   #ramsch-points-{forehand,middlehand,rearhand}, #ramsch-tricks-{...}, #ramsch-name-{...},
//   #last-trick
//   #irregularities (details): #turned-card #conceded #conceded-after #claim-accepted
//   #error-kind #error-seat #error-after #error-tricks #error-points #error-defender-points
//   #discarded #declarer-looked #defender-looked #wrong-{forehand,...}
//   #fine-kind #fine-party #add-fine, #fines > li (each with a remove button)
//   #check                          "Check" (SubmitResult validateOnly)
//   #form-error                     a refusal of the check, in the server's words
//   #preview                        the checked entry: #preview-summary #preview-value
//                                   #preview-pad > li (one per party, name and signed entry;
//                                   none when the check withholds the value of a suit game or
//                                   grand, which #preview-value then says)
//   #send, #change, #send-error     send it; change it; a refusal of the send
//   #travellers > div#traveller-B   board B: the traveller, or "opens when ..."; #par-B
//                                   button and #par-result-B
'use strict';

import {call, fragment, el} from './api.js';

const KEY = 'skat.table';
const T = 'skat.v1.TableService/';
const DIRS = ['DIRECTION_FOREHAND', 'DIRECTION_MIDDLEHAND', 'DIRECTION_REARHAND'];
const DIR = ['forehand', 'middlehand', 'rearhand'];
const SUITS = ['GAME_TYPE_CLUBS', 'GAME_TYPE_SPADES', 'GAME_TYPE_HEARTS', 'GAME_TYPE_DIAMONDS'];
const GRAND = 'GAME_TYPE_GRAND';
const NULL = 'GAME_TYPE_NULL';
const GAMES = [...SUITS, GRAND, NULL];
const GAME_NAME = {GAME_TYPE_CLUBS: 'Clubs', GAME_TYPE_SPADES: 'Spades',
  GAME_TYPE_HEARTS: 'Hearts', GAME_TYPE_DIAMONDS: 'Diamonds', GAME_TYPE_GRAND: 'Grand',
  GAME_TYPE_NULL: 'Null'};
const HANDLING_NAME = {
  TOURNEE: 'Tournée (a skat card turned)',
  PASST_MIR_NICHT: 'Passt mir nicht (the second card turned)',
  GUCKSER: 'Guckser (skat taken unseen)',
  HAND: 'Hand / Solo (skat not used)',
  PICKUP: 'Skat picked up',
  FRAGE: 'Frage',
  REVOLUTION: 'Revolution',
  UNO: 'Uno',
  DUO: 'Duo',
};

const $ = (id) => document.getElementById(id);
const S = {
  table: '', event: '', tokens: {}, info: null, names: [], session: null, profile: null,
  results: new Map(), board: 0, preview: null, fines: [], travellers: new Map(),
};

// ---- small helpers ----

function signed(n) {
  n = Number(n) || 0;
  return n > 0 ? '+' + n : n < 0 ? '\u2212' + -n : '0';
}

function show(node, on) { node.classList.toggle('hidden', !on); }

function say(node, text) {
  node.textContent = text || '';
  show(node, !!text);
}

function refusal(e) {
  if (!e || !e.status) return String(e && e.message || e);
  if (e.status === 'UNAVAILABLE' && e.httpStatus === 0) return e.message;
  return 'Refused: ' + e.message;
}

function anyToken() {
  const chairs = Object.keys(S.tokens).sort();
  return chairs.length ? S.tokens[chairs[0]] : '';
}

function chairOf(by) {
  const m = /^chair (\d+)$/.exec(by || '');
  return m ? Number(m[1]) : 0;
}

function chairName(c) {
  return S.names[c - 1] || 'Chair ' + c;
}

function forehandChair(board) {
  const chairs = S.info.chairs || 3;
  if (S.info.forehandChair > 0) return S.info.forehandChair;
  return chairs === 4 ? board % 4 + 1 : (board - 1) % 3 + 1;
}

// Chairs of forehand, middlehand, rearhand[, the resting dealer] on a board.
function partiesOf(board) {
  const chairs = S.info.chairs || 3;
  const next = (c) => c % chairs + 1;
  const out = [forehandChair(board)];
  while (out.length < chairs) out.push(next(out[out.length - 1]));
  return out;
}

function partyLabel(board, i) {
  const chair = partiesOf(board)[i];
  const role = i < 3 ? DIR[i] : 'resting dealer';
  return chair ? chairName(chair) + ' (' + role + ')' : role;
}

function intOf(id, fallback) {
  const v = $(id).value.trim();
  if (v === '') return fallback;
  const n = Number(v);
  return Number.isInteger(n) ? n : NaN;
}

// What the event's rule profile offers (engine/profile.cc), to offer only its games; the server
// decides all the same.
function profileOf(id) {
  const [base, ...opts] = String(id || 'nasl-1909').split('+');
  const all = [...SUITS, GRAND];
  const H = {};
  if (base === 'nasl-1909' || base === 'laws-1900' || base === 'eichhorn-1898') {
    H.TOURNEE = {games: all};
    if (base !== 'eichhorn-1898') H.PASST_MIR_NICHT = {games: all};
    H.GUCKSER = base === 'laws-1900' ? {games: [GRAND, NULL], ouvert: [NULL]} : {games: [GRAND]};
    H.HAND = {games: GAMES, ouvert: [GRAND, NULL], announce: true};
  } else if (base === 'gucki-variation') {
    H.PICKUP = {games: GAMES, ouvert: [GRAND, NULL], announce: true};
  } else if (base === 'isko') {
    H.PICKUP = {games: GAMES, ouvert: [NULL]};
    H.HAND = {games: GAMES, ouvert: GAMES, announce: true};
  } else {
    for (const h of Object.keys(HANDLING_NAME)) {
      H[h] = {games: GAMES, ouvert: GAMES, announce: true};
    }
  }
  if (opts.includes('frage')) H.FRAGE = {games: SUITS};
  if (opts.includes('revolution')) H.REVOLUTION = {games: [NULL], ouvert: [NULL], open: true};
  if (opts.includes('uno-duo')) {
    H.UNO = {games: [GRAND], ouvert: [GRAND]};
    H.DUO = {games: [GRAND], ouvert: [GRAND]};
  }
  return {id: id || 'nasl-1909', handlings: H, ramsch: base !== 'isko',
          contra: opts.includes('contra')};
}

// ---- start ----

function readParams() {
  const f = fragment();
  if (f.table) {
    const tokens = {};
    for (let c = 1; c <= 4; c++) if (f['c' + c]) tokens[c] = f['c' + c];
    sessionStorage.setItem(KEY, JSON.stringify({table: f.table, tokens}));
    history.replaceState(null, '', location.pathname + location.search);
  }
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
  } catch (e) {
    saved = null;
  }
  if (!saved || !/^events\/[^/]+\/tables\/[^/]+$/.test(saved.table || '')) return false;
  S.table = saved.table;
  S.event = saved.table.split('/').slice(0, 2).join('/');
  S.tokens = saved.tokens || {};
  return Object.keys(S.tokens).length > 0;
}

async function start() {
  if (!readParams()) {
    say($('load-error'), 'Open this page from the QR code on the table card: it carries the ' +
        'table and one token per chair.');
    $('table-meta').textContent = '';
    show($('entry-section'), false);
    return;
  }
  try {
    S.info = await call(T + 'GetTable', {name: S.table}, anyToken());
  } catch (e) {
    say($('load-error'), 'The table cannot be opened. ' + refusal(e));
    $('table-meta').textContent = '';
    show($('entry-section'), false);
    return;
  }
  S.names = (S.info.playerNames || []).slice();
  let event = null;
  try {
    event = await call('skat.v1.EventService/GetEvent', {name: S.event});
  } catch (e) {
    event = null;
  }
  S.profile = profileOf(event && event.profile);
  await findSession();
  if (!S.names.some(Boolean) && S.session && S.session.players.length) await namesFromPlayers();
  const meta = [];
  if (S.session) meta.push('Round ' + S.session.round, 'Table ' + S.session.tableNumber);
  if (event) meta.push(event.displayName);
  $('table-label').textContent = S.info.label || 'Table';
  $('table-meta').textContent = meta.join(' \u00b7 ') + (S.info.mode === 'TABLE_MODE_PHYSICAL'
    ? '' : ' (this table is played online, not with real cards)');
  document.title = (S.info.label || 'Table') + ' \u2013 Comparative Skat';
  buildForm();
  await refresh();
  setInterval(() => {
    if (document.visibilityState === 'visible') refresh();
  }, 20000);
}

// The session, round and table number of this table (no token needed).
async function findSession() {
  try {
    let pageToken = '';
    do {
      const page = await call('skat.v1.EventService/ListSessions',
                              {parent: S.event, pageSize: 100, pageToken});
      for (const s of page.sessions || []) {
        const full = await call('skat.v1.EventService/GetSession', {name: s.name});
        const t = (full.tables || []).find((x) => x.table === S.table);
        if (t) {
          S.session = {name: full.name, number: full.number, round: t.round,
                       tableNumber: t.tableNumber, players: t.players || []};
          return;
        }
      }
      pageToken = page.nextPageToken || '';
    } while (pageToken);
  } catch (e) {
    S.session = null;
  }
}

async function namesFromPlayers() {
  const byName = new Map();
  try {
    let pageToken = '';
    do {
      const page = await call('skat.v1.EventService/ListPlayers',
                              {parent: S.event, pageSize: 1000, pageToken});
      for (const p of page.players || []) byName.set(p.name, p.displayName);
      pageToken = page.nextPageToken || '';
    } while (pageToken);
  } catch (e) {
    return;
  }
  S.names = S.session.players.map((p) => byName.get(p) || '');
}

// ---- reading the table ----

// One read at a time; a call during one waits for it and reads again, so what was just sent
// or confirmed always shows.
let reading = null;
let queued = null;
function refresh() {
  if (!reading) {
    reading = load().finally(() => { reading = null; });
    return reading;
  }
  if (!queued) queued = reading.then(() => { queued = null; return refresh(); });
  return queued;
}

async function load() {
  $('refresh-status').textContent = 'Loading…';
  try {
    const results = new Map();
    let pageToken = '';
    do {
      const page = await call(T + 'ListResults', {table: S.table, pageSize: 1000, pageToken},
                              anyToken());
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
    $('refresh-status').textContent = 'Updated ' + new Date().toLocaleTimeString();
    await renderTravellers();
  } catch (e) {
    $('refresh-status').textContent = 'Could not update. ' + refusal(e);
  }
}

function stateOf(r) {
  if (!r) return {state: 'none', text: 'no result yet'};
  if (r.correctedBy || r.enteredBy === 'director') {
    return {state: 'confirmed', text: 'entered by the director; it counts'};
  }
  if (!r.confirmedBy) {
    return {state: 'entered', text: 'entered by ' + r.enteredBy + ', awaiting confirmation'};
  }
  return {state: 'confirmed',
          text: 'confirmed (entered by ' + r.enteredBy + ', confirmed by ' + r.confirmedBy + ')'};
}

function renderPlayers() {
  const list = $('players');
  list.replaceChildren();
  const board = S.board || (S.info.boards || [])[0] || 1;
  const parties = partiesOf(board);
  for (let c = 1; c <= (S.info.chairs || 3); c++) {
    const i = parties.indexOf(c);
    const role = i < 0 ? '' : i < 3 ? DIR[i] : 'resting dealer';
    list.append(el('li', {id: 'player-' + c},
      el('span', {className: 'chair'}, 'Chair ' + c), ' ',
      el('strong', null, S.names[c - 1] || '(no name)'),
      S.board && role ? el('span', {className: 'muted'}, ' \u2013 ' + role + ' on board ' +
                                    S.board) : null));
  }
}

function renderBoards() {
  const list = $('boards');
  list.replaceChildren();
  for (const b of S.info.boards || []) {
    const r = S.results.get(b);
    const st = stateOf(r);
    const mark = st.state === 'confirmed' ? '\u2713 ' : st.state === 'entered' ? '\u2026 ' : '';
    const li = el('li', {id: 'board-' + b, 'data-state': st.state,
                         className: 'state-' + st.state + (b === S.board ? ' next' : '')},
      el('strong', null, mark + 'Board ' + b), ': ', st.text,
      b === S.board ? el('span', {className: 'tag'}, ' next') : null);
    if (r && r.result && r.result.summary) {
      li.append(el('div', {className: 'muted'}, r.result.summary));
    }
    list.append(li);
  }
}

function padItems(entry) {
  return (entry.pad || []).map((v, i) =>
    el('li', null, el('span', null, partyLabel(entry.boardNumber, i)), ' ',
       el('strong', {className: v > 0 ? 'plus' : v < 0 ? 'minus' : 'zero'}, signed(v))));
}

// A check's answer without a value (ResultEntry.value_withheld: it needs the board's matadors).
const WITHHELD = 'Value and pad entries: computed from the cards when the result is sent ' +
  '(they depend on the matadors).';

function valueText(result) {
  if (!result) return '';
  if (result.kind === 'KIND_PASSED_IN') return 'Passed in: no game.';
  if (result.kind === 'KIND_RAMSCH') return 'Ramsch.';
  return result.won ? 'Won: value ' + result.value + '.' : 'Lost: charge ' + result.value + '.';
}

function renderPending() {
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
         'Confirm as chair ' + c + (S.names[c - 1] ? ' (' + S.names[c - 1] + ')' : '')));
    panel.append(el('div', {className: 'entry', id: 'pending-' + b, tabindex: -1},
      el('h3', null, 'Board ' + b + ', entered by ' + r.enteredBy +
         (by && S.names[by - 1] ? ' (' + S.names[by - 1] + ')' : '')),
      el('p', null, (r.result && r.result.summary) || ''),
      el('p', {className: 'big'}, valueText(r.result)),
      el('ul', {className: 'pad'}, padItems(r)),
      el('p', null, 'Another chair checks it and confirms. Not right? Do not confirm: call the ' +
         'director, who corrects it.'),
      el('p', {className: 'actions'}, buttons)));
  }
  show($('confirm-section'), any);
  if (!any) say($('confirm-error'), '');
  if (focused && $(focused)) $(focused).focus();
}

async function confirmEntry(board, chair) {
  say($('confirm-error'), '');
  for (const b of document.querySelectorAll('#confirm-panel button')) b.disabled = true;
  try {
    await call(T + 'ConfirmResult', {table: S.table, boardNumber: board}, S.tokens[chair]);
  } catch (e) {
    say($('confirm-error'), refusal(e));
  }
  await refresh();
}

// ---- the form ----

function radio(name, id, value, label) {
  return [el('input', {type: 'radio', name, id, value}), el('label', {for: id}, label)];
}

function fillSelect(select, options) {
  const keep = select.value;
  select.replaceChildren(...options.map(([v, t]) => el('option', {value: v}, t)));
  if (options.some(([v]) => v === keep)) select.value = keep;
}

function buildForm() {
  const chairs = Object.keys(S.tokens).map(Number).sort();
  fillSelect($('entered-by'), chairs.map((c) =>
    [String(c), 'Chair ' + c + (S.names[c - 1] ? ' \u2013 ' + S.names[c - 1] : '')]));
  const kinds = [['game', 'KIND_DECLARER_GAME', 'A game was played']];
  if (S.profile.ramsch) kinds.push(['ramsch', 'KIND_RAMSCH', 'Ramsch (all passed)']);
  kinds.push(['passed', 'KIND_PASSED_IN', S.profile.ramsch ? 'Thrown in (misdeal)'
                                                           : 'Passed in (all passed)']);
  $('kind-tiles').replaceChildren(...kinds.flatMap(([id, v, t]) =>
    radio('kind', 'kind-' + id, v, t)));
  $('kind-game').checked = true;
  fillSelect($('handling'), Object.keys(S.profile.handlings).map((h) =>
    ['SKAT_HANDLING_' + h, HANDLING_NAME[h] || h]));
  $('game-tiles').replaceChildren(...GAMES.flatMap((g) =>
    radio('game', 'game-' + GAME_NAME[g].toLowerCase(), g, GAME_NAME[g])));
  const hiddenSeat = (d) => el('span', {className: 'visually-hidden seat-' + d}, d + ': ');
  $('ramsch-rows').replaceChildren(...DIR.map((d) => el('div', {className: 'ramsch-seat'},
    el('p', {className: 'seat-name', id: 'ramsch-name-' + d}, d),
    el('div', {className: 'row'},
      el('div', null, el('label', {for: 'ramsch-points-' + d}, hiddenSeat(d), 'card points'),
         el('input', {type: 'number', id: 'ramsch-points-' + d, inputmode: 'numeric', min: 0,
                      max: 120})),
      el('div', null, el('label', {for: 'ramsch-tricks-' + d}, hiddenSeat(d), 'tricks'),
         el('input', {type: 'number', id: 'ramsch-tricks-' + d, inputmode: 'numeric', min: 0,
                      max: 10}))))));
  $('wrong-count').replaceChildren(...DIR.map((d) => el('div', {className: 'check'},
    el('input', {type: 'checkbox', id: 'wrong-' + d, value: DIRS[DIR.indexOf(d)]}),
    el('label', {for: 'wrong-' + d, id: 'wrong-label-' + d}, d))));
  const form = $('result-form');
  form.addEventListener('change', onFormChange);
  form.addEventListener('input', () => invalidate());
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    check();
  });
  $('add-fine').addEventListener('click', addFine);
  $('send').addEventListener('click', send);
  $('change').addEventListener('click', () => {
    invalidate();
    $('check').focus();
  });
  $('refresh').addEventListener('click', () => refresh());
  updateForm();
}

// The board the form enters changed: names by direction follow the board's forehand chair.
function setBoard(board) {
  S.board = board;
  invalidate();
  say($('form-error'), '');
  show($('result-form'), board !== 0);
  show($('entry-done'), board === 0);
  $('entry-title').textContent = board ? 'Result of board ' + board : 'All results entered';
  if (!board) return;
  const seats = DIR.map((d, i) => partyLabel(board, i));
  const decl = $('declarer-tiles');
  const keep = (document.querySelector('input[name=declarer]:checked') || {}).id;
  const parties = partiesOf(board);
  decl.replaceChildren(...DIR.flatMap((d, i) => radio('declarer', 'declarer-' + d, DIRS[i],
    [chairName(parties[i]), el('span', {className: 'dir'}, d)])));
  if (keep && $(keep)) $(keep).checked = true;
  const seatOptions = DIR.map((d, i) => [DIRS[i], seats[i]]);
  fillSelect($('error-seat'), seatOptions);
  fillSelect($('last-trick'), seatOptions);
  fillSelect($('defender-looked'), [['', 'nobody'], ...seatOptions]);
  const fined = seatOptions.map(([, t], i) => [String(i + 1), t]);
  if ((S.info.chairs || 3) === 4) fined.push(['4', partyLabel(board, 3)]);
  fillSelect($('fine-party'), fined);
  DIR.forEach((d, i) => {
    $('ramsch-name-' + d).textContent = seats[i];
    for (const span of document.querySelectorAll('.seat-' + d)) span.textContent = seats[i] + ': ';
    $('wrong-label-' + d).textContent = seats[i];
  });
  updateForm();
  renderFines();
}

function checkedValue(name) {
  const c = document.querySelector('input[name="' + name + '"]:checked');
  return c ? c.value : '';
}

function onFormChange() {
  invalidate();
  updateForm();
}

// Shows the parts the report's kind, handling and game need.
function updateForm() {
  const kind = checkedValue('kind');
  const declarerGame = kind === 'KIND_DECLARER_GAME';
  show($('declarer-part'), declarerGame);
  show($('ramsch-part'), kind === 'KIND_RAMSCH');
  show($('irregular-declarer'), declarerGame);
  const h = $('handling').value.replace('SKAT_HANDLING_', '');
  const spec = S.profile.handlings[h] || {games: GAMES};
  for (const g of GAMES) {
    const id = 'game-' + GAME_NAME[g].toLowerCase();
    const on = spec.games.includes(g);
    $(id).disabled = !on;
    show($(id), on);
    show(document.querySelector('label[for="' + id + '"]'), on);
    if (!on) $(id).checked = false;
  }
  if (!checkedValue('game') && spec.games.length === 1) {
    $('game-' + GAME_NAME[spec.games[0]].toLowerCase()).checked = true;
  }
  const game = checkedValue('game');
  const ouvertOk = !!spec.ouvert && spec.ouvert.includes(game);
  show($('ouvert-part'), ouvertOk);
  if (spec.open) $('ouvert').checked = true;
  $('ouvert').disabled = !!spec.open;
  if (!ouvertOk) $('ouvert').checked = false;
  const announce = !!spec.announce && game !== NULL && !$('ouvert').checked;
  show($('announcement-part'), announce);
  if (!announce) $('announcement').value = 'ANNOUNCEMENT_NONE';
  show($('points-part'), game !== NULL);
  show($('null-part'), game === NULL);
  show($('contra-part'), S.profile.contra);
  const decl = checkedValue('declarer');
  if (S.profile.contra && S.board && S.contraFor !== S.board + decl) {
    S.contraFor = S.board + decl;  // rebuilt only when the defenders change
    fillSelect($('contra-by'), [['', 'nobody'], ...DIRS.filter((d) => d !== decl).map((d) =>
      [d, partyLabel(S.board, DIRS.indexOf(d))])]);
  }
  show($('error-part'), $('error-kind').value !== '');
}

function addFine() {
  S.fines.push({kind: $('fine-kind').value, party: Number($('fine-party').value)});
  invalidate();
  renderFines();
}

function renderFines() {
  const kinds = Object.fromEntries([...$('fine-kind').options].map((o) => [o.value, o.text]));
  $('fines').replaceChildren(...S.fines.map((f, i) => el('li', null,
    kinds[f.kind] + ': ' + (S.board ? partyLabel(S.board, f.party - 1) : 'party ' + f.party) +
    ' ', el('button', {type: 'button', id: 'remove-fine-' + i, onclick: () => {
      S.fines.splice(i, 1);
      invalidate();
      renderFines();
    }}, 'Remove'))));
}

class FormProblem extends Error {}

function need(cond, text) {
  if (!cond) throw new FormProblem(text);
}

// The report as PhysicalReport's JSON, from what the form says.
function readReport() {
  const kind = checkedValue('kind');
  const r = {kind};
  if (kind === 'KIND_RAMSCH') {
    r.cardPoints = DIR.map((d) => intOf('ramsch-points-' + d, NaN));
    r.tricks = DIR.map((d) => intOf('ramsch-tricks-' + d, NaN));
    need(![...r.cardPoints, ...r.tricks].some(Number.isNaN),
         'Enter every seat\'s card points and tricks.');
    r.lastTrick = $('last-trick').value;
  } else if (kind === 'KIND_DECLARER_GAME') {
    r.declarer = checkedValue('declarer');
    need(r.declarer, 'Choose the declarer.');
    const game = checkedValue('game');
    need(game, 'Choose the game.');
    r.declaration = {handling: $('handling').value, game, ouvert: $('ouvert').checked,
                     announcement: $('announcement').value};
    r.floor = intOf('floor', 0);
    need(!Number.isNaN(r.floor), 'The highest bid is a whole number.');
    const errorKind = $('error-kind').value;
    if (game === NULL) {
      r.declarerTricks = Number(checkedValue('null-result') || 0);
    } else {
      const points = intOf('points', errorKind ? 0 : null);
      need(points !== null, 'Enter the declarer\'s card points (skat included).');
      need(!Number.isNaN(points), 'The card points are a whole number.');
      r.declarerPoints = points;
      const t = $('tricks').value;
      r.declarerTricks = t !== 'auto' ? Number(t) : points === 0 ? 0 : points === 120 ? 10 : 5;
    }
    if (S.profile.contra && $('contra-by').value) {
      r.contraBy = $('contra-by').value;
      r.recontra = $('recontra').checked;
    }
    const turned = $('turned-card').value.trim().toUpperCase();
    if (turned) r.turnedCard = turned;
    if ($('conceded').checked) {
      r.conceded = true;
      r.concededAfterTricks = intOf('conceded-after', r.declarerTricks || 0);
    }
    if ($('claim-accepted').checked) r.claimAccepted = true;
    if (errorKind) {
      r.playError = {kind: errorKind, seat: $('error-seat').value,
                     afterTricks: intOf('error-after', 0), declarerTricks: intOf('error-tricks', 0),
                     declarerPoints: intOf('error-points', 0),
                     defenderPoints: intOf('error-defender-points', 0)};
    }
    const discarded = intOf('discarded', 0);
    if (discarded) r.discarded = discarded;
    if ($('declarer-looked').checked) r.declarerLookedAtSkat = true;
    if ($('defender-looked').value) r.defenderLookedAtSkat = $('defender-looked').value;
    const wrong = DIR.filter((d) => $('wrong-' + d).checked).map((d) => $('wrong-' + d).value);
    if (wrong.length) r.wrongCardCount = wrong;
    for (const v of [r.concededAfterTricks, r.discarded].concat(
      r.playError ? Object.values(r.playError) : [])) {
      need(!Number.isNaN(v), 'The numbers under "Irregularities" are whole numbers.');
    }
  } else {
    need(kind, 'Choose what happened.');
  }
  if (S.fines.length) r.fines = S.fines.map((f) => ({kind: f.kind, party: f.party}));
  return r;
}

function invalidate() {
  if (!S.preview) return;
  S.preview = null;
  show($('preview'), false);
  say($('send-error'), '');
}

async function check() {
  say($('form-error'), '');
  invalidate();
  let report;
  try {
    report = readReport();
  } catch (e) {
    if (!(e instanceof FormProblem)) throw e;
    say($('form-error'), e.message);
    return;
  }
  const chair = Number($('entered-by').value);
  const board = S.board;
  $('check').disabled = true;
  try {
    const entry = await call(T + 'SubmitResult', {table: S.table, boardNumber: board, report,
                                                  validateOnly: true}, S.tokens[chair]);
    S.preview = {board, chair, report};
    $('preview-summary').textContent = (entry.result && entry.result.summary) || '';
    // A chair's check names no matadors: a suit game's or grand's value comes with the entry.
    $('preview-value').textContent = entry.valueWithheld ? WITHHELD : valueText(entry.result);
    $('preview-pad').replaceChildren(...padItems({...entry, boardNumber: board}));
    $('preview-title').textContent = 'Check board ' + board + ' (chair ' + chair +
      ' enters it): is this right?';
    show($('preview'), true);
    $('preview').focus();
  } catch (e) {
    say($('form-error'), refusal(e));
    if (e.status === 'ALREADY_EXISTS' || e.status === 'FAILED_PRECONDITION') refresh();
  } finally {
    $('check').disabled = false;
  }
}

async function send() {
  const p = S.preview;
  if (!p) return;
  say($('send-error'), '');
  $('send').disabled = true;
  try {
    await call(T + 'SubmitResult', {table: S.table, boardNumber: p.board, report: p.report},
               S.tokens[p.chair]);
    S.preview = null;
    show($('preview'), false);
    resetForm();
    await refresh();
    const pending = $('pending-' + p.board);
    if (pending) {
      pending.focus();
      pending.scrollIntoView({block: 'start'});
    }
  } catch (e) {
    say($('send-error'), refusal(e));
    if (e.status === 'ALREADY_EXISTS') refresh();
  } finally {
    $('send').disabled = false;
  }
}

function resetForm() {
  const chair = $('entered-by').value;
  $('result-form').reset();
  $('entered-by').value = chair;
  $('kind-game').checked = true;
  S.fines = [];
  renderFines();
  updateForm();
}

// ---- travellers ----

async function renderTravellers() {
  const box = $('travellers');
  if (!S.session) {
    box.replaceChildren(el('p', {className: 'muted'},
      'The travellers are listed by session; this table\'s session was not found.'));
    return;
  }
  for (const b of S.info.boards || []) {
    let node = $('traveller-' + b);
    if (!node) {
      node = el('div', {id: 'traveller-' + b, className: 'traveller'});
      box.append(node);
    }
    if (S.travellers.has(b)) continue;
    if (!S.results.has(b)) {
      node.replaceChildren(el('h3', null, 'Board ' + b),
        el('p', {className: 'muted'}, 'Not played at this table yet.'));
      continue;
    }
    try {
      const t = await call('skat.v1.ScoringService/GetTraveller',
                           {name: S.session.name + '/travellers/' + b});
      S.travellers.set(b, t);
      node.replaceChildren(...traveller(b, t));
    } catch (e) {
      const closed = e.status === 'FAILED_PRECONDITION' || e.status === 'NOT_FOUND';
      node.replaceChildren(el('h3', null, 'Board ' + b), el('p', {className: 'muted'}, closed
        ? 'The traveller opens when every table has played board ' + b + '.'
        : 'The traveller cannot be read now. ' + refusal(e)));
    }
  }
}

function traveller(b, t) {
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
                     : (r.result && r.result.summary) || ''))];
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

async function par(b, button, out) {
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

// A new fragment in the same tab (another QR code, another event): start again with it.
window.addEventListener('hashchange', () => location.reload());
start();
