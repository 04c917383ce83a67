// The table page (docs/web.md "Pages"): a physical table's results, entered and confirmed at the
// table on one phone. Opened from the QR code of the table card or its address typed, both
// <origin>/t/CODE, which skatd sends on to
//   /table.html#code=K7QM-2XPA-9DWE
// (the table code: TableService.FindTableCode names its table, and "CODE.N" is the credential of
// chair N; docs/tables.md "Table codes"); or, from cards printed before table codes, by
//   /table.html#table=events/E/tables/T&c1=TOKEN1&c2=TOKEN2&c3=TOKEN3[&c4=TOKEN4]
// Opened without either, it asks for the code (#code-form). The fragment is kept in
// sessionStorage and removed from the address bar at once, so a reload keeps working and the
// tokens never show. Every value and pad entry is the server's
// (SubmitResult with validateOnly, and the sent entry); the page only collects what the table
// reports.
//
// Element ids for browser tests:
//   #table-label, #table-meta       the table's label; "Round r · Table t · event"
//   #load-error                     why the page cannot work (no fragment, a refused token)
//   #code-form, #table-code, #open-code, #code-error   typing the table code (no fragment)
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
//
// This file starts the page; its parts are under js/table/ as the console's are under
// js/console/: core.js (state, helpers), board.js (reading the table), form.js (the result
// form), travellers.js.
'use strict';

import {call, el, fill, fragment} from './api.js';
import {ready, t, translatePage} from './i18n.js';
import {formRules} from './result-form.js';
import {ruleProfile} from './rules.js';
import {$, S, T, show, say, refusal, anyToken} from './table/core.js';
import {readResultsEarly, refresh} from './table/board.js';
import {buildForm} from './table/form.js';

const KEY = 'skat.table';
// Why a table code did not open the table: {error} (FindTableCode's refusal) or {notACode}.
let codeRefusal = null;

// A table code as typed: its 12 characters upper-case ("" for no code), dashes and spaces
// ignored, I and L read as 1 and O as 0 (services/common/table_code.h NormalizeTableCode).
function normalCode(typed) {
  const code = String(typed || '').toUpperCase().replace(/[\s-]/g, '')
      .replace(/[IL]/g, '1').replace(/O/g, '0');
  return /^[0-9A-HJKMNP-TV-Z]{12}$/.test(code) ? code : '';
}

// The table of a table code and the credential of each of its chairs, saved like a card's tokens.
async function openCode(typed) {
  const code = normalCode(typed);
  if (!code) {
    codeRefusal = {notACode: true};
    return null;
  }
  try {
    const found = await call(T + 'FindTableCode', {code});
    const tokens = {};
    for (let c = 1; c <= found.chairs; c++) tokens[c] = code + '.' + c;
    return {table: found.table, tokens};
  } catch (e) {
    codeRefusal = {error: e};
    return null;
  }
}

async function readParams() {
  const f = fragment();
  if (f.table) {
    const tokens = {};
    for (let c = 1; c <= 4; c++) if (f['c' + c]) tokens[c] = f['c' + c];
    sessionStorage.setItem(KEY, JSON.stringify({table: f.table, tokens}));
    history.replaceState(null, '', location.pathname + location.search);
  } else if ('code' in f) {
    history.replaceState(null, '', location.pathname + location.search);
    sessionStorage.removeItem(KEY);
    const opened = await openCode(f.code);
    if (opened) sessionStorage.setItem(KEY, JSON.stringify(opened));
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

// The form for a typed code: its code goes into the fragment, and the page starts again with it.
function askForCode() {
  show($('code-form'), true);
  if (codeRefusal) {
    say($('code-error'), codeRefusal.error ?
      refusal(codeRefusal.error, false, t('table.codeRefused')) : t('table.notACode'));
  }
  $('code-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const code = normalCode($('table-code').value);
    if (!code) {
      say($('code-error'), t('table.notACode'));
      return;
    }
    location.hash = 'code=' + code;
  });
  $('table-code').focus();
}

async function start() {
  const params = await readParams();
  // The catalogue comes beside the table's first reads (docs/web.md "Loading").
  const first = params ? Promise.allSettled([
    call(T + 'GetTable', {name: S.table}, anyToken()),
    call('skat.v1.EventService/GetEvent', {name: S.event}).then(async (read) =>
      ({event: read, profile: formRules(await ruleProfile(read.profile))})),
    findSession(),
  ]) : null;
  if (params) readResultsEarly();
  await ready;
  translatePage();
  document.title = t('site.suffix', {page: t('table.title')});
  if (!params) {
    if (!codeRefusal) say($('load-error'), t('table.noLink'));
    $('table-meta').textContent = '';
    show($('entry-section'), false);
    askForCode();
    return;
  }
  // The table, the event with its rules and the table's session at once: each read in a row
  // costs a round trip on a slow link (docs/web.md "Loading").
  const [table, rules] = await first;
  if (table.status === 'rejected') {
    say($('load-error'), refusal(table.reason, false, t('table.cannotOpen')));
    $('table-meta').textContent = '';
    show($('entry-section'), false);
    askForCode();  // a card printed again has a new code
    return;
  }
  S.info = table.value;
  S.names = (S.info.playerNames || []).slice();
  if (rules.status === 'rejected') {
    say($('load-error'), refusal(rules.reason, false, t('table.noRules')));
    show($('entry-section'), false);
    return;
  }
  const event = rules.value.event;
  S.profile = rules.value.profile;
  if (!S.names.some(Boolean) && S.session && S.session.players.length) await namesFromPlayers();
  const meta = [];
  if (S.session) {
    meta.push(t('table.round', {n: S.session.round}),
              t('table.number', {n: S.session.tableNumber}));
  }
  $('table-label').textContent = S.info.label || t('table.title');
  // The event's name is a name: never translated (docs/i18n.md).
  fill($('table-meta'), meta.join(' \u00b7 '), event && meta.length ? ' \u00b7 ' : '',
       event ? el('span', {translate: 'no'}, event.displayName) : '',
       S.info.mode === 'TABLE_MODE_PHYSICAL' ? '' : ' ' + t('table.online'));
  document.title = t('site.suffix', {page: S.info.label || t('table.title')});
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
      const sessions = await Promise.all((page.sessions || []).map((s) =>
        call('skat.v1.EventService/GetSession', {name: s.name})));
      for (const full of sessions) {
        const seat = (full.tables || []).find((x) => x.table === S.table);
        if (seat) {
          S.session = {name: full.name, number: full.number, round: seat.round,
                       tableNumber: seat.tableNumber, players: seat.players || []};
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

// A new fragment in the same tab (another QR code, another event): start again with it.
window.addEventListener('hashchange', () => location.reload());
start();
