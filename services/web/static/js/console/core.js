// The console's shared state and small helpers (console.js lists the page's element ids).
'use strict';
import {ApiError, call, el} from '../api.js';
import {t, tn, time} from '../i18n.js';
export {DIRECTIONS, signed} from '../words.js';
export {t, tn, number, day, time} from '../i18n.js';

// A time of the API (RFC 3339) as the reader's language writes it; '' for none.
export const timeText = (ts) => (ts ? time(ts) : '');
// A direction of the API (DIRECTION_FOREHAND) in the reader's words.
export const directionWord = (d) =>
  t('direction.' + (d || '').replace('DIRECTION_', '').toLowerCase());

// A name (player, club, event, label: data, never translated) as a node.
export const named = (text) => el('span', {translate: 'no'}, text);

// The text of `key` as nodes: string params fill in as t() fills them, node params (named())
// stand where their placeholder is; for el() children.
export function tNodes(key, params, n) {
  const text = {};
  const nodes = {};
  for (const [k, v] of Object.entries(params || {})) (v instanceof Node ? nodes : text)[k] = v;
  const filled = n === undefined ? t(key, text) : tn(key, n, text);
  return filled.split(/(\{\w+\})/).filter((part) => part !== '').map((part) => {
    const m = /^\{(\w+)\}$/.exec(part);
    return m && nodes[m[1]] ? nodes[m[1]] : part;
  });
}

export const $ = (id) => document.getElementById(id);

// What the console knows about the open event. Only the director token and seat tokens the
// director was given are kept, in sessionStorage (gone when the tab closes).
export const S = {
  event: null,      // Event
  token: '',
  clubs: [],        // Club
  players: [],      // Player, in the order added
  boardSets: [],    // BoardSet
  sessions: [],     // Session (without tables), by number
  session: null,    // the current Session, with its tables
  rules: null,      // a promise of the event's RuleProfile (rules.js)
  profiles: [],     // every RuleProfile the server lists, the default first
};

const KEY = 'skat.console.';
export const store = {
  get: (k) => sessionStorage.getItem(KEY + k),
  set: (k, v) => sessionStorage.setItem(KEY + k, v),
  del: (k) => sessionStorage.removeItem(KEY + k),
  // Every key of the console: director tokens, seat tokens, request ids, choices.
  clear: () => {
    for (const k of Object.keys(sessionStorage)) if (k.startsWith(KEY)) sessionStorage.removeItem(k);
  },
};

// Listeners of state changes: 'event', 'players', 'boardSets', 'sessions', 'session'. A
// listener added after its change was emitted hears it once at once: the panels, whose modules
// arrive after the event's reads (js/console.js), see the state as if they had been there.
const bus = new EventTarget();
const emitted = new Set();
export const on = (what, fn) => {
  bus.addEventListener(what, () => fn());
  if (emitted.has(what)) queueMicrotask(fn);
};
export const emit = (what) => {
  emitted.add(what);
  bus.dispatchEvent(new Event(what));
};

export const director = (method, request) => call(method, request, S.token);

// Every page of a List call, the repeated `field` of each page concatenated.
export async function listAll(method, request, field, token) {
  const out = [];
  let pageToken = '';
  for (let i = 0; i < 1000; ++i) {
    const reply = await call(method, {...request, pageToken}, token);
    out.push(...(reply[field] || []));
    pageToken = reply.nextPageToken || '';
    if (!pageToken) break;
  }
  return out;
}

// The reason codes of skatd's refusals (engine/status.cc ErrorCodeName, sent as skat-reason,
// docs/web.md), and the code a refusal without one reads as, by its gRPC status.
const BY_STATUS = {INVALID_ARGUMENT: 'invalid-argument', NOT_FOUND: 'not-found',
  ALREADY_EXISTS: 'already-exists', PERMISSION_DENIED: 'permission-denied',
  UNAUTHENTICATED: 'unauthenticated', FAILED_PRECONDITION: 'not-allowed', ABORTED: 'aborted',
  RESOURCE_EXHAUSTED: 'resource-exhausted', UNAVAILABLE: 'unavailable', INTERNAL: 'internal'};

// Who entered, confirmed or recorded something, as skatd names it ("director", "engine",
// "chair 2"), in the reader's words.
export function byWord(who) {
  const chair = /^chair (\d+)$/.exec(who || '');
  if (chair) return t('console.chairLower', {chair: chair[1]});
  if (who === 'director') return t('console.by.director');
  if (who === 'engine') return t('console.by.engine');
  return who || '';
}

// A reason code's text (reason.<code>); a code this page does not know reads as reason.unknown.
export function reasonText(code) {
  const text = t('reason.' + code);
  return text === 'reason.' + code ? t('reason.unknown') : text;
}

// A refusal in the reader's words: an ApiError as its reason code's text (reason.<code>), the
// server's English message after it as a detail (lang="en", translate="no"); any other error
// (the console's own, already translated) as its message. Nodes, for el().
export function refusalNodes(error) {
  if (!(error instanceof ApiError)) return [error.message || String(error)];
  let text = reasonText(error.reason || BY_STATUS[error.status] || 'unknown');
  if (error.status === 'UNAUTHENTICATED' || error.status === 'PERMISSION_DENIED') {
    text += ' ' + t('console.tokenHint');
  }
  const out = [text];
  if (error.message) {
    out.push(' ', el('span', {className: 'detail', lang: 'en', translate: 'no'},
                     `(skatd: ${error.message})`));
  }
  return out;
}
export const refusalText = (error) => refusalNodes(error).map((x) =>
  (typeof x === 'string' ? x : x.textContent)).join('');

// The refusal in words, near the form (id), or cleared with null.
export function showError(id, error) {
  const node = $(id);
  if (!node) return;
  node.replaceChildren(...(error ? refusalNodes(error) : []));
}

// The status line: a text, or nodes (tNodes) when it names something.
export function status(text) {
  $('status').replaceChildren(...[].concat(text));
}

// Runs fn(item) for every item, at most `width` at once; resolves to the results in order.
export async function pool(items, width, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({length: Math.min(width, items.length)}, worker));
  return out;
}

// A button that shows it is busy while fn runs and ignores presses until it ends.
export function busy(button, fn) {
  let running = false;
  return async (...args) => {
    if (args[0] && args[0].preventDefault) args[0].preventDefault();
    if (running || button.disabled) return;
    running = true;
    button.setAttribute('aria-busy', 'true');
    try {
      await fn(...args);
    } finally {
      running = false;
      button.removeAttribute('aria-busy');
    }
  };
}

export const playerName = (name) => {
  const p = S.players.find((x) => x.name === name);
  return p ? p.displayName : (name ? name.slice(name.lastIndexOf('/') + 1) : t('console.emptyChair'));
};
export const clubName = (name) => {
  const c = S.clubs.find((x) => x.name === name);
  return c ? c.displayName : '';
};
// The play of a session's tables, read from its first table (GetTable): 'online' or
// 'physical' (TABLE_MODE_UNSPECIFIED reads as online); kept per session.
const modes = new Map();
export async function sessionMode(s) {
  const first = s && (s.tables || [])[0];
  if (!first) return '';
  if (!modes.has(s.name)) {
    const t = await director('skat.v1.TableService/GetTable', {name: first.table});
    modes.set(s.name, t.mode === 'TABLE_MODE_PHYSICAL' ? 'physical' : 'online');
  }
  return modes.get(s.name);
}
// "3 tables, 3 rounds"; "7 tables in 2 rounds" when rounds differ; without the tables
// (ListSessions) "9 tables over all rounds" (Session.table_count counts every round's).
export function sessionSize(s) {
  const tables = s.tables || [];
  if (!tables.length) return tn('console.tablesOverAll', s.tableCount || 0);
  const perRound = new Map();
  for (const t of tables) perRound.set(t.round, (perRound.get(t.round) || 0) + 1);
  const sizes = new Set(perRound.values());
  const rounds = tn('console.rounds', perRound.size);
  return sizes.size === 1 ? t('console.tablesRounds', {tables: tn('console.tables', [...sizes][0]), rounds})
                          : t('console.tablesInRounds', {tables: tn('console.tables', tables.length), rounds});
}
export const tableLabel = (x) => t('console.tableLabel', {round: x.round, table: x.tableNumber});
export const sessionTable = (name) =>
  S.session && (S.session.tables || []).find((t) => t.table === name);

// "1-3, 7".
export function boardsText(boards) {
  const out = [];
  for (let i = 0; i < boards.length; ++i) {
    let j = i;
    while (j + 1 < boards.length && boards[j + 1] === boards[j] + 1) ++j;
    out.push(j > i ? `${boards[i]}-${boards[j]}` : String(boards[i]));
    i = j;
  }
  return out.join(', ');
}

// The chair of forehand on board b of session table t, as the server sends it
// (SessionTable.board_forehand_chairs).
export function forehandChair(t, board) {
  return (t.boardForehandChairs || [])[t.boards.indexOf(board)] || 0;
}
// The chair (1-based) of direction index d (0 forehand) on board b of session table t.
export function chairOf(t, board, d) {
  const chairs = t.players.length;
  return (forehandChair(t, board) - 1 + d) % chairs + 1;
}

// A table of rows under a header; cells are strings or nodes.
export function fillTable(table, head, rows) {
  table.replaceChildren(
      el('thead', {}, el('tr', {}, head.map((h) => el('th', {}, h)))),
      el('tbody', {}, rows.map((r) => el('tr', {}, r.map((c) => el('td', {}, c))))));
}

// The QR code of text as a data: URL (POST /web/qr keeps the text out of every URL and log).
export async function qrDataUrl(text) {
  let response;
  try {
    response = await fetch('/web/qr', {method: 'POST', body: text, cache: 'no-store',
                                       credentials: 'omit',
                                       headers: {'Content-Type': 'text/plain'}});
  } catch (e) {
    throw new Error(t('console.qrUnreachable', {why: e.message}));
  }
  if (!response.ok) {
    throw new Error(t('console.qrRefused', {status: response.status,
                                            why: (await response.text()).slice(0, 300)}));
  }
  return 'data:image/svg+xml,' + encodeURIComponent(await response.text());
}

// Prints one region: the others are hidden by console.css while body has data-print.
export function printRegion(which) {
  document.body.dataset.print = which;
  window.addEventListener('afterprint', () => delete document.body.dataset.print, {once: true});
  window.print();
}

// The console's sections: one shown at a time, chosen by the tab buttons.
export let currentTab = 'event';
export function showTab(name) {
  if (name !== currentTab) status('');  // the status line speaks of the section it came from
  currentTab = name;
  for (const tab of document.querySelectorAll('#tabs .tab')) {
    const shown = tab.id === 'tab-' + name;
    if (shown) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
    $(tab.getAttribute('aria-controls')).classList.toggle('hidden', !shown);
  }
  emit('tab:' + name);
}
