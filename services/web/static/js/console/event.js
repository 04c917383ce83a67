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
                 COMPARISON_UNSPECIFIED: 'console.compare.matchpoints'};
const TIES = {TIE_BREAK_DIFF: 'console.tie.diff', TIE_BREAK_LOT: 'console.tie.lot',
              TIE_BREAK_SHARED: 'console.tie.shared'};
const word = (keys, v) => (keys[v] ? t(keys[v]) : v);

export async function loadPlayers() {
  const clubs = [];
  const players = [];
  let pageToken = '';
  do {
    const page = await call('skat.v1.EventService/ListPlayers',
                            {parent: S.event.name, pageSize: 1000, pageToken});
    clubs.push(...page.clubs);
    players.push(...page.players);
    pageToken = page.nextPageToken;
  } while (pageToken);
  Object.assign(S, {clubs, players});
  emit('players');
}

export async function loadBoardSets() {
  S.boardSets = await listAll('skat.v1.DealService/ListBoardSets',
                              {parent: S.event.name, pageSize: 1000}, 'boardSets');
  emit('boardSets');
}

export async function loadSessions() {
  S.sessions = await listAll('skat.v1.EventService/ListSessions',
                             {parent: S.event.name, pageSize: 1000}, 'sessions');
  emit('sessions');
  const wanted = store.get('session:' + S.event.name);
  const pick = S.sessions.find((s) => s.name === wanted) || S.sessions[S.sessions.length - 1];
  if (pick && (!S.session || S.session.name !== pick.name)) await selectSession(pick.name);
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
  const live = 'live.html#event=' + e.name;
  $('live-link').href = live;
  $('standings-live-link').href = live;
  // The result pages of the public view: travellers of boards finished everywhere only.
  const report = 'report/' + encodeURIComponent(e.name.replace(/^events\//, '')) + '/';
  $('report-link').href = report;
  $('standings-report-link').href = report;
  document.title = t('console.titleOf', {event: e.displayName});
}

export async function openEvent(name, token) {
  const event = await call('skat.v1.EventService/GetEvent', {name});
  S.event = event;
  S.rules = await ruleProfile(event.profile);
  S.token = token;
  S.session = null;
  store.set('event', name);
  store.set('token:' + name, token);
  showEvent();
  emit('event');
  await Promise.all([loadPlayers(), loadBoardSets()]);
  await loadSessions();
  // No call checks a director token without side effects; a session's table does.
  const first = S.session && (S.session.tables || [])[0];
  if (first) {
    try {
      await call('skat.v1.TableService/ListRefusedReports', {table: first.table, pageSize: 1}, token);
    } catch (e) {
      if (e.status === 'PERMISSION_DENIED' || e.status === 'UNAUTHENTICATED') {
        closeEvent(name);
        throw new Error(t('console.wrongToken', {event: name}) + ' ' + refusalText(e));
      }
    }
  }
  status(tNodes('console.eventOpen', {event: named(event.displayName)}));
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
      tieBreaks});
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
async function fillProfiles() {
  try {
    S.profiles = await listAll('skat.v1.EventService/ListRuleProfiles', {}, 'ruleProfiles');
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

export async function initEvent() {
  await fillProfiles();
  $('create-event-form').addEventListener('submit', busy($('create-event'), createEvent));
  $('open-event-form').addEventListener('submit', busy($('open-event'), openForm));
  $('forget-event').addEventListener('click', forget);
  $('token-noted').addEventListener('click', hideToken);
  $('copy-token').addEventListener('click', () => copyToken($('director-token')));
  await fromFragment();
  // A console address pasted into this tab again changes only the fragment.
  window.addEventListener('hashchange', fromFragment);
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

// #event=events/E&token=T: kept in sessionStorage, then removed from the address bar; the
// stored event is opened.
async function fromFragment() {
  const f = fragment();
  if (f.event) {
    $('open-event-name').value = f.event;
    if (f.token) store.set('token:' + f.event, f.token);
    store.set('event', f.event);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const name = store.get('event');
  const token = name && store.get('token:' + name);
  if (name && token && !(S.event && S.event.name === name && S.token === token)) {
    try {
      await openEvent(name, token);
      showError('open-event-error', null);
    } catch (e) {
      showError('open-event-error', e);
    }
  }
}
