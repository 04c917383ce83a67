// The live screen (docs/web.md "Pages"): a projector page, no interaction. Opened as
//   /live.html#event=events/E[&session=S][&director=TOKEN]
// S is a session's id, number or resource name; without it the standings are the event's (every
// session) and the progress is the latest session's.
//
// Standings come from ScoringService.WatchStandings, always WITHOUT a token: the public view,
// which counts a board only once every table has finished it, so the wall never shows a board
// still in play. The stream is reopened with capped backoff after an error, and reopened when it
// stayed silent for 45 s (a fresh snapshot, which also catches a stream a proxy cut silently);
// after 60 s without data the screen says it is stale.
//
// Table progress ("Round 1 · Table 3: 2/3 boards", no results) is polled every 5 s:
// ScoringService.GetSessionProgress, which anyone may read (each table's finished boards, never
// a result); with &director=TOKEN (kept in sessionStorage and taken out of the address bar)
// TableService.GetTable of each table instead, the token used for nothing else.
//
// Element ids for browser tests:
//   #event-name, #session-name     the event; "Session n · Round r of R"
//   #badge                         "Provisional" / "Complete" / "Stale" / "Connecting…"
//   #updated                       hh:mm:ss when the standings shown arrived (this screen's clock)
//   #connection                    "live" / "reconnecting in N s: <why>"
//   #stale                         the stale banner (hidden while data is fresh); body.stale
//   #load-error                    why the page cannot work
//   #standings                     the table; one tbody <tr data-player="events/E/players/P">
//                                  per player; #standings-head the column headings; td.rating
//                                  the rating entering a rated event (docs/ratings.md)
//   #standings-note                results counted and expected, how the board scores compare
//   #progress-summary, #progress   table progress; each line p#progress-r{R}-t{T}
//   #missing > li#missing-r{R}-t{T}  tables of the current round not finished
'use strict';

import {call, stream, fragment, el} from './api.js';
import {ratingText} from './words.js';
import {number, ready, t, tn, translatePage} from './i18n.js';

const KEY = 'skat.live';
const E = 'skat.v1.EventService/';
const STALE_MS = 60000;
const QUIET_MS = 45000;
const POLL_MS = 5000;

const $ = (id) => document.getElementById(id);
const P = {event: '', session: '', director: ''};
const W = {watch: null, backoff: 1000, lastData: Date.now(), lastMessage: 0, retry: null,
           countdown: null, opened: 0};
let standingsName = '';
let session = null;   // the Session whose progress is shown
let polling = false;
let pollAgain = false;
let polls = 0;

function pad2(n) { return String(n).padStart(2, '0'); }

function clock(date) {
  return pad2(date.getHours()) + ':' + pad2(date.getMinutes()) + ':' + pad2(date.getSeconds());
}

// "+12", "\u221212" (a true minus sign), "0", in the reader's number format.
function signedNumber(x, digits) {
  const v = Number(x) || 0;
  return (v > 0 ? '+' : v < 0 ? '\u2212' : '') + number(Math.abs(v), digits);
}

function say(node, text) {
  node.textContent = text || '';
  node.classList.toggle('hidden', !text);
}

function readParams() {
  const f = fragment();
  if (f.event) {
    sessionStorage.setItem(KEY, JSON.stringify({event: f.event, session: f.session || '',
                                                director: f.director || ''}));
    if (f.director) {
      const keep = '#event=' + encodeURIComponent(f.event) +
                   (f.session ? '&session=' + encodeURIComponent(f.session) : '');
      history.replaceState(null, '', location.pathname + location.search + keep);
    }
  }
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
  } catch (e) {
    saved = null;
  }
  if (!saved || !/^events\/[^/]+$/.test(saved.event || '')) return false;
  Object.assign(P, saved);
  return true;
}

async function start() {
  if (!readParams()) {
    await ready;
    translatePage();
    say($('load-error'), t('live.openAs'));
    $('badge').textContent = t('live.noEvent');
    return;
  }
  // The event, its sessions and the standings at once: each read in a row costs a round trip
  // on a slow link (docs/web.md "Loading"). The event's standings need no session.
  const named = call(E + 'GetEvent', {name: P.event}).then((event) => {
    $('event-name').textContent = event.displayName;
    document.title = event.displayName + ' \u2013 live';
  }, async (e) => {
    await ready;
    say($('load-error'), t('live.eventUnreadable', {why: e.message}));
  });
  if (!P.session) {
    standingsName = P.event + '/standings';
    connect();
  }
  await ready;
  translatePage();
  await Promise.all([named, findSession()]);
  if (P.session) {
    standingsName = (session ? session.name : sessionName(P.session)) + '/standings';
    connect();
  }
  setInterval(tick, 1000);
  setInterval(scrollStep, 50);
  poll();
  setInterval(poll, POLL_MS);
}

function sessionName(s) {
  return s.startsWith('events/') ? s : P.event + '/sessions/' + s;
}

// The session to show: the one asked for, else the latest.
async function findSession() {
  try {
    if (P.session) {
      try {
        session = await call(E + 'GetSession', {name: sessionName(P.session)});
        return;
      } catch (e) {
        if (!/^\d+$/.test(P.session)) throw e;
      }
    }
    let latest = null;
    let pageToken = '';
    do {
      const page = await call(E + 'ListSessions', {parent: P.event, pageSize: 1000, pageToken});
      for (const s of page.sessions || []) {
        if (P.session ? String(s.number) === P.session : !latest || s.number > latest.number) {
          latest = s;
        }
      }
      pageToken = page.nextPageToken || '';
    } while (pageToken);
    session = latest ? await call(E + 'GetSession', {name: latest.name}) : null;
    if (!session) $('progress-summary').textContent = t('live.noSession');
  } catch (e) {
    session = null;
    $('progress-summary').textContent = t('live.sessionUnreadable', {why: e.message});
  }
}

// ---- standings ----

function connect() {
  W.opened = Date.now();
  W.lastMessage = 0;
  W.watch = stream('skat.v1.ScoringService/WatchStandings', {name: standingsName}, '',
                   onStandings, onEnd);
}

function onStandings(s) {
  W.backoff = 1000;
  W.lastData = W.lastMessage = Date.now();
  // Drawn once the catalogue is in (the stream opens beside it); in the order they came.
  ready.then(() => {
    $('connection').textContent = t('live.live');
    renderStandings(s);
    tick();
    poll();  // the progress moves with the results: keep both panels in step
  });
}

function onEnd(error) {
  W.watch = null;
  const wait = W.backoff;
  W.backoff = Math.min(W.backoff * 2, 30000);
  const why = error ? error.message : 'the stream ended';
  const until = Date.now() + wait;
  const show = () => {
    const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    $('connection').textContent = t('live.reconnecting', {seconds: left, why});
  };
  show();
  clearTimeout(W.retry);
  clearInterval(W.countdown);
  W.countdown = setInterval(show, 1000);
  W.retry = setTimeout(() => {
    clearInterval(W.countdown);
    $('connection').textContent = t('live.connectingAgain');
    connect();
  }, wait);
}

// Every second: the stale state, and a fresh snapshot when the stream stayed silent.
function tick() {
  const now = Date.now();
  const stale = now - W.lastData > STALE_MS;
  document.body.classList.toggle('stale', stale);
  say($('stale'), stale ? t('live.staleBanner', {time: clock(new Date(W.lastData))}) : '');
  if (stale) $('badge').textContent = t('live.stale');
  if (W.watch && now - Math.max(W.lastMessage, W.opened) > QUIET_MS) {
    W.watch.close();
    connect();
  }
}

function columnsOf(s) {
  const cols = [[t('live.rank'), 'rank', (r) => r.rank + (r.tied ? '=' : '')],
                [t('live.player'), 'name', (r) => r.displayName]];
  // A rated event: each linked, visible person's rating entering it (docs/ratings.md "Beside the
  // names"); absent for the others.
  if ((s.overall || []).some((r) => r.rating !== undefined)) {
    cols.push([t('live.rating'), 'num rating', (r) => (ratingText(r) ? number(r.rating, 2) : '')]);
  }
  if ((s.overall || []).some((r) => r.club)) cols.push([t('live.club'), 'club', (r) => r.club]);
  const c = s.comparison;
  if (c === 'COMPARISON_TOTAL' || c === 'COMPARISON_SESSION_TOTAL') {
    cols.push([t('live.total'), 'num', (r) => signedNumber(r.total, 0)]);
  } else if (s.ranking === 'RANKING_TOTAL' || c === 'COMPARISON_SYNCHRON') {
    // Ranked by points, or by the synchron deviation: the key and the diff, no percentage.
    cols.push([t('live.total'), 'num', (r) => signedNumber(r.total, 0)]);
    cols.push([t('live.diff'), 'num', (r) => signedNumber(r.diff, 1)]);
  } else {
    cols.push(['%', 'num pct', (r) => number(r.percentage, 2)]);
    if (c !== 'COMPARISON_DATUM') {
      cols.push([t('live.mp'), 'num', (r) => r.matchpoints + (r.top ? ' / ' + r.top : '')]);
    }
    cols.push([t('live.diff'), 'num', (r) => signedNumber(r.diff, 1)]);
  }
  cols.push([t('live.boards'), 'num', (r) => number(r.boards)]);
  return cols;
}

// The ranking when it is not the comparison's own key (docs/comparative.md "Ranking").
const RANKING = {RANKING_MATCHPOINT_SUM: 'live.rankedByMatchpointSum',
                 RANKING_TOTAL: 'live.rankedByTotal'};

function renderStandings(s) {
  $('standings-ranking').textContent = RANKING[s.ranking] ? ' · ' + t(RANKING[s.ranking]) : '';
  const cols = columnsOf(s);
  $('standings-head').replaceChildren(...cols.map(([t, cls]) =>
    el('th', {scope: 'col', className: cls}, t)));
  const body = $('standings').tBodies[0];
  body.replaceChildren(...(s.overall || []).map((r) => el('tr', {'data-player': r.player},
    cols.map(([, cls, f]) => el('td', {className: cls,
                                       translate: cls === 'name' || cls === 'club' ? 'no' : null},
                                    f(r))))));
  if (!(s.overall || []).length) {
    body.append(el('tr', {className: 'empty'}, el('td', {colspan: cols.length},
      t('live.noneFinished'))));
  }
  const done = s.resultsExpected > 0 && s.results >= s.resultsExpected;
  $('badge').textContent = t(done ? 'live.complete' : 'live.provisional');
  $('badge').classList.toggle('provisional', !done);
  const at = new Date();
  $('updated').textContent = clock(at);
  $('updated').setAttribute('datetime', at.toISOString());
  $('standings-note').textContent = t(done ? 'live.allIn' : 'live.provisionalNote');
  $('progress-summary').dataset.results = t('live.resultsOf', {n: number(s.results || 0),
                                                               m: number(s.resultsExpected || 0)});
  renderSummary();
}

// Scrolls a standings list taller than the screen slowly (by pages under reduced motion).
let holdUntil = 0;
function scrollStep() {
  const box = $('standings-scroll');
  const now = Date.now();
  if (box.scrollHeight <= box.clientHeight + 2 || now < holdUntil) return;
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) {
    box.scrollTop = 0;
    holdUntil = now + 5000;
  } else if (reduced) {
    box.scrollTop += box.clientHeight - 40;
    holdUntil = now + 8000;
  } else {
    box.scrollTop += 1;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) holdUntil = now + 4000;
  }
}

// ---- progress ----

let lastProgress = null;
let currentRound = 0;

async function poll() {
  if (polling) {
    pollAgain = true;  // a result arrived during a read: read again after it
    return;
  }
  polling = true;
  pollAgain = false;
  try {
    // A session started after the screen opened: looked for every minute (the latest is shown).
    if (!session || (!P.session && ++polls % 12 === 0)) await findSession();
    if (!session) return;
    const tables = session.tables || [];
    let rows;
    if (P.director) {
      rows = await Promise.all(tables.map(async (t) => {
        const info = await call('skat.v1.TableService/GetTable', {name: t.table}, P.director);
        const boards = info.boards || t.boards || [];
        const done = Math.min(info.currentBoardIndex || 0, boards.length);
        return {t, boards, done, missing: boards.slice(done), finished: !!info.finished ||
                done >= boards.length};
      }));
    } else {
      // docs/web.md "The live screen": each table's finished boards, safe to show everyone.
      const progress = await call('skat.v1.ScoringService/GetSessionProgress',
                                  {name: session.name + '/progress'});
      const byTable = new Map((progress.tables || []).map((p) => [p.table, p]));
      rows = tables.map((t) => {
        const p = byTable.get(t.table) || {};
        const boards = p.boards || t.boards || [];
        const done = new Set(p.finishedBoards || []);
        const missing = boards.filter((b) => !done.has(b));
        return {t, boards, done: boards.length - missing.length, missing,
                finished: missing.length === 0};
      });
    }
    lastProgress = rows;
    renderProgress(rows);
  } catch (e) {
    $('progress-summary').textContent = t('live.progressUnreadable', {why: e.message});
  } finally {
    polling = false;
    if (pollAgain) poll();
  }
}

function renderSummary() {
  if (!lastProgress) return;
  const results = $('progress-summary').dataset.results;
  const inRound = lastProgress.filter((r) => r.t.round === currentRound);
  const open = inRound.filter((r) => !r.finished).length;
  $('progress-summary').textContent = (results ? t('live.resultsCounted', {results}) : '') +
    (open ? t('live.stillPlaying', {round: currentRound, open, tables: inRound.length})
      : t('live.allFinished'));
}

function renderProgress(rows) {
  const rounds = [...new Set(rows.map((r) => r.t.round))].sort((a, b) => a - b);
  const current = rounds.find((n) => rows.some((r) => r.t.round === n && !r.finished)) ||
                  rounds[rounds.length - 1] || 0;
  currentRound = current;
  $('session-name').textContent = t('live.session', {n: session.number}) + (current
    ? t('live.roundOf', {round: current, rounds: rounds.length}) : '');
  const box = $('progress');
  box.replaceChildren();
  for (const n of rounds) {
    const inRound = rows.filter((r) => r.t.round === n).sort((a, b) =>
      a.t.tableNumber - b.t.tableNumber);
    if (n !== current) {
      const finished = inRound.filter((r) => r.finished).length;
      box.append(el('p', {className: 'round-line muted', id: 'progress-r' + n},
        finished === inRound.length ? t('live.roundFinished', {round: n})
          : n > current ? t('live.roundNotStarted', {round: n})
            : t('live.roundPart', {round: n, finished, tables: inRound.length})));
      continue;
    }
    for (const r of inRound) {
      box.append(el('p', {className: 'table-line' + (r.finished ? ' finished' : ''),
                          id: 'progress-r' + n + '-t' + r.t.tableNumber},
        t('live.tableLine', {round: n, table: r.t.tableNumber, done: r.done,
                             boards: r.boards.length}),
        r.finished ? el('span', {className: 'done'}, t('live.done')) : null));
    }
  }
  const missing = rows.filter((r) => r.t.round === current && !r.finished);
  $('missing').replaceChildren(...missing.map((r) => el('li',
    {id: 'missing-r' + current + '-t' + r.t.tableNumber},
    tn('live.missingBoards', r.missing.length,
       {round: current, table: r.t.tableNumber, boards: r.missing.join(', ')}))));
  if (!missing.length) {
    $('missing').append(el('li', {className: 'muted'}, t('live.noneMissing')));
  }
  renderSummary();
}

// A new fragment in the same tab (another QR code, another event): start again with it.
window.addEventListener('hashchange', () => location.reload());
start();
