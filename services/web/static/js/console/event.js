// The event: create one, open one with its director token, load what the console shows.
'use strict';
import {call, el, fragment} from '../api.js';
import {ruleProfile} from '../rules.js';
import {$, S, store, emit, listAll, showError, status, busy, qrDataUrl, showTab, t, tNodes,
        named, refusalText} from './core.js';

// The catalogue keys of the event's choices.
const SCORE = {BOARD_SCORE_PAD: 'console.score.pad', BOARD_SCORE_SETTLED: 'console.score.settled',
               BOARD_SCORE_SEEGER_FABIAN: 'console.score.seegerFabian',
               BOARD_SCORE_UNSPECIFIED: 'console.score.settled'};
const COMPARE = {COMPARISON_MATCHPOINTS: 'console.compare.matchpoints',
                 COMPARISON_DATUM: 'console.compare.datum', COMPARISON_TOTAL: 'console.compare.total',
                 COMPARISON_SESSION_TOTAL: 'console.compare.sessionTotals',
                 COMPARISON_SYNCHRON: 'console.compare.synchron',
                 COMPARISON_UNSPECIFIED: 'console.compare.matchpoints'};
// The ranking when it is not the comparison's own key (docs/comparative.md "Ranking").
export const RANKING = {RANKING_MATCHPOINT_SUM: 'console.ranking.matchpointSum',
                        RANKING_TOTAL: 'console.ranking.total'};
const TIES = {TIE_BREAK_DIFF: 'console.tie.diff', TIE_BREAK_LOT: 'console.tie.lot',
              TIE_BREAK_SHARED: 'console.tie.shared'};
const word = (keys, v) => (keys[v] ? t(keys[v]) : v);

async function readPlayers(event) {
  const clubs = [];
  const players = [];
  let pageToken = '';
  do {
    const page = await call('skat.v1.EventService/ListPlayers',
                            {parent: event, pageSize: 1000, pageToken});
    clubs.push(...page.clubs);
    players.push(...page.players);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return {clubs, players};
}
const readBoardSets = (event) => listAll('skat.v1.DealService/ListBoardSets',
                                         {parent: event, pageSize: 1000}, 'boardSets');
const readSessions = (event) => listAll('skat.v1.EventService/ListSessions',
                                        {parent: event, pageSize: 1000}, 'sessions');
// The session the console shows: the one chosen before in this tab, else the latest.
const pickSession = (event, sessions) => sessions.find((s) => s.name === store.get('session:' + event)) ||
    sessions[sessions.length - 1];

export async function loadPlayers() {
  Object.assign(S, await readPlayers(S.event.name));
  emit('players');
}

export async function loadBoardSets() {
  S.boardSets = await readBoardSets(S.event.name);
  emit('boardSets');
}

export async function loadSessions() {
  S.sessions = await readSessions(S.event.name);
  emit('sessions');
  const pick = pickSession(S.event.name, S.sessions);
  if (pick && (!S.session || S.session.name !== pick.name)) await selectSession(pick.name);
}

// The refusal of `token` by a table of `session`, or null when it is accepted or there is no
// table to ask: no call checks a director token without side effects, a table's refused
// reports do.
async function tokenRefusal(session, token) {
  const first = session && (session.tables || [])[0];
  if (!first) return null;
  try {
    await call('skat.v1.TableService/ListRefusedReports', {table: first.table, pageSize: 1}, token);
  } catch (e) {
    if (e.status === 'PERMISSION_DENIED' || e.status === 'UNAUTHENTICATED') return e;
  }
  return null;
}

// What the console shows of event `name`, read side by side: at once everything that needs
// only the event's name (and the session this tab chose before), then the chosen session if it
// was another (each read in a row costs a round trip on a slow link: docs/performance.md "Pages
// over a slow link"). Beside them, not awaited: the event's rules (`rules`, only the result
// form needs them) and whether a table of the session refuses `token` (`refusal`). Touches
// neither S nor the page, so it may start before the catalogue is in.
export async function readEvent(name, token) {
  const kept = store.get('session:' + name);
  const [event, people, boardSets, sessions, keptSession] = await Promise.all([
    call('skat.v1.EventService/GetEvent', {name}), readPlayers(name), readBoardSets(name),
    readSessions(name), kept ? call('skat.v1.EventService/GetSession', {name: kept})
        .catch(() => null) : null]);
  const rules = ruleProfile(event.profile);
  rules.catch(() => {});  // shown when the result form needs them
  const pick = pickSession(name, sessions);
  const session = !pick ? null : keptSession && keptSession.name === pick.name ? keptSession :
    await call('skat.v1.EventService/GetSession', {name: pick.name});
  return {event, ...people, boardSets, sessions, session, rules,
          refusal: tokenRefusal(session, token)};
}

export async function selectSession(name) {
  S.session = name ? await call('skat.v1.EventService/GetSession', {name}) : null;
  if (name) store.set('session:' + S.event.name, name);
  emit('session');
}

function showEvent() {
  const e = S.event;
  const open = !!e;
  $('event-current').classList.toggle('hidden', !open);
  for (const tab of document.querySelectorAll('#tabs .tab')) {
    if (tab.id !== 'tab-event') tab.disabled = !open;
  }
  if (!open) {
    $('event-banner').textContent = t('console.eventBanner');
    return;
  }
  const ties = (e.tieBreaks || []).map((x) => word(TIES, x));
  $('event-banner').replaceChildren(named(e.displayName), ' · ', named(e.name));
  $('event-summary').replaceChildren(...tNodes('console.eventSummary', {
    event: named(e.displayName), name: named(e.name), profile: named(e.profile),
    score: word(SCORE, e.boardScore), comparison: word(COMPARE, e.comparison),
    ties: ties.join(', ') || t('console.none')}));
  if (RANKING[e.ranking]) $('event-summary').append(' ', t(RANKING[e.ranking]));
  // The printed sheets' language and deck (docs/i18n.md "Printed sheets"): events stored
  // before they existed read as English and French cards.
  $('settings-language').value = e.language || 'en';
  $('settings-deck').value = e.deck || 'french';
  $('settings-ranking').value = e.ranking || 'RANKING_PERCENTAGE';
  $('settings-status').textContent = '';
  const live = 'live.html#event=' + e.name;
  $('live-link').href = live;
  $('standings-live-link').href = live;
  // The result pages of the public view: travellers of boards finished everywhere only.
  const report = 'report/' + encodeURIComponent(e.name.replace(/^events\//, '')) + '/';
  $('report-link').href = report;
  $('standings-report-link').href = report;
  document.title = t('console.titleOf', {event: e.displayName});
}

// Opens event `name` with the director token: its reads (readEvent, or `reading` when they
// were started already) drawn at once; resolves once the token is checked, and a token the
// event refuses closes it again (what was drawn is public) and is forgotten.
export async function openEvent(name, token, reading = readEvent(name, token)) {
  const d = await reading;
  Object.assign(S, {event: d.event, rules: d.rules, token, clubs: d.clubs, players: d.players,
                    boardSets: d.boardSets, sessions: d.sessions, session: d.session});
  store.set('event', name);
  store.set('token:' + name, token);
  if (d.session) store.set('session:' + name, d.session.name);
  showEvent();
  for (const what of ['event', 'players', 'boardSets', 'sessions', 'session']) emit(what);
  const refusal = await d.refusal;
  if (refusal) {
    if (S.event === d.event) closeEvent(name);
    throw new Error(t('console.wrongToken', {event: name}) + ' ' + refusalText(refusal));
  }
  status(tNodes('console.eventOpen', {event: named(d.event.displayName)}));
}

// Closes the event in this tab: every token it kept leaves sessionStorage, S and the page.
function forget() {
  store.clear();
  closeEvent('');
  $('open-token').value = '';
  $('table-cards').replaceChildren();
  status(t('console.eventClosed'));
}

// The event is no longer open here; a wrong director token of `name` is no longer kept.
function closeEvent(name) {
  if (name) store.del('token:' + name);
  store.del('event');
  Object.assign(S, {event: null, token: '', clubs: [], players: [], boardSets: [], sessions: [],
                    session: null});
  showEvent();
  showTab('event');
  emit('event');
  hideToken();
}

function hideToken() {
  $('director-token-box').classList.add('hidden');
  $('director-token').textContent = '';
  $('director-url').textContent = '';
  $('director-qr').removeAttribute('src');
  $('copy-token-status').textContent = '';
}

async function createEvent(ev) {
  ev.preventDefault();
  showError('create-event-error', null);
  const ties = [...document.querySelectorAll('.tie-break')].map((s) => s.value);
  const tieBreaks = [];
  for (const t of ties) {
    if (!t) break;
    if (!tieBreaks.includes(t)) tieBreaks.push(t);
  }
  try {
    const reply = await call('skat.v1.EventService/CreateEvent', {
      displayName: $('event-name').value.trim(), profile: $('event-profile').value,
      boardScore: $('event-board-score').value, comparison: $('event-comparison').value,
      tieBreaks, language: $('event-language').value, deck: $('event-deck').value,
      ranking: $('event-ranking').value});
    const token = reply.directorToken;
    const url = `${location.origin}${location.pathname}#event=${reply.event.name}&token=${token}`;
    $('director-token').textContent = token;
    $('director-url').textContent = url;
    $('director-token-box').classList.remove('hidden');
    $('director-qr').removeAttribute('src');
    qrDataUrl(url).then((src) => { $('director-qr').src = src; }, () => {});
    await openEvent(reply.event.name, token);
    $('token-noted').focus();
  } catch (e) {
    showError('create-event-error', e);
  }
}

// Changes the open event's language, deck and ranking (UpdateEvent, director; the ranking only
// before the first session, which the server checks).
async function saveSettings(ev) {
  ev.preventDefault();
  showError('settings-error', null);
  try {
    S.event = await call('skat.v1.EventService/UpdateEvent', {
      event: {name: S.event.name, language: $('settings-language').value,
              deck: $('settings-deck').value, ranking: $('settings-ranking').value},
      updateMask: ['language', 'deck', 'ranking']}, S.token);
    showEvent();
    $('settings-status').textContent = t('console.settingsSaved');
  } catch (e) {
    showError('settings-error', e);
  }
}

async function openForm(ev) {
  ev.preventDefault();
  showError('open-event-error', null);
  const name = $('open-event-name').value.trim();
  const token = $('open-token').value.trim();
  try {
    await openEvent(name, token);
    $('open-token').value = '';
  } catch (e) {
    showError('open-event-error', e);
  }
}

// The profiles the server offers (ListRuleProfiles), the default first; choosing one offers its
// board scores, its usual one first and chosen (RuleProfile.board_scores). The profile restricts
// no other choice of this form (the comparison and the tie-breaks are the event's).
async function fillProfiles(reading) {
  try {
    S.profiles = await reading;
  } catch (e) {
    showError('create-event-error', e);
    return;
  }
  const id = (p) => p.name.replace(/^profiles\//, '');
  $('event-profile').replaceChildren(...S.profiles.map((p) =>
    el('option', {value: id(p), translate: 'no'}, `${id(p)} (${p.displayName})`)));
  // The words of every board score the page knows; the profile says which it offers.
  const words = Object.fromEntries([...$('event-board-score').options].map((o) => [o.value, o.text]));
  const offer = () => {
    const p = S.profiles.find((x) => id(x) === $('event-profile').value);
    const scores = (p && p.boardScores) || [];
    if (!scores.length) return;
    $('event-board-score').replaceChildren(...scores.map((s) =>
      el('option', {value: s}, words[s] || word(SCORE, s))));
    $('event-board-score').value = scores[0];
  };
  $('event-profile').addEventListener('change', offer);
  offer();
}

// The reads the console starts before its catalogue is in (console.js): the profiles the
// server offers and the stored event's (takeFragment).
export const readProfiles = () => listAll('skat.v1.EventService/ListRuleProfiles', {}, 'ruleProfiles');

// Draws the event panel from `profiles` (readProfiles) and opens `stored` (takeFragment).
export async function initEvent(stored, profiles) {
  $('create-event-form').addEventListener('submit', busy($('create-event'), createEvent));
  $('open-event-form').addEventListener('submit', busy($('open-event'), openForm));
  $('event-settings-form').addEventListener('submit', busy($('save-settings'), saveSettings));
  $('forget-event').addEventListener('click', forget);
  $('token-noted').addEventListener('click', hideToken);
  $('copy-token').addEventListener('click', () => copyToken($('director-token')));
  await Promise.all([fillProfiles(profiles), openStored(stored)]);
  // A console address pasted into this tab again changes only the fragment.
  window.addEventListener('hashchange', () => openStored(takeFragment()));
}

// Copies node's text; without a clipboard (plain http off loopback) it is selected for Ctrl+C.
async function copyToken(node) {
  let said = t('console.copied');
  try {
    await navigator.clipboard.writeText(node.textContent);
  } catch (e) {
    getSelection().selectAllChildren(node);
    said = t('console.tokenSelected');
  }
  $('copy-token-status').textContent = said;
}

// #event=events/E&token=T: kept in sessionStorage, then removed from the address bar. Returns
// the stored event to open, {name, token, reading} with its reads (readEvent) started, or null
// when none is stored or it is open already.
export function takeFragment() {
  const f = fragment();
  if (f.event) {
    $('open-event-name').value = f.event;
    if (f.token) store.set('token:' + f.event, f.token);
    store.set('event', f.event);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const name = store.get('event');
  const token = name && store.get('token:' + name);
  if (!name || !token || (S.event && S.event.name === name && S.token === token)) return null;
  const reading = readEvent(name, token);
  reading.catch(() => {});  // a refusal shows once openStored awaits it
  return {name, token, reading};
}

async function openStored(stored) {
  if (!stored) return;
  try {
    await openEvent(stored.name, stored.token, stored.reading);
    showError('open-event-error', null);
  } catch (e) {
    showError('open-event-error', e);
  }
}
