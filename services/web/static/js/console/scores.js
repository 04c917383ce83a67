// Adjustments (AddAdjustment, ListAdjustments) and the standings (GetStandings).
'use strict';
import {call, el} from '../api.js';
import {$, S, on, director, listAll, showError, busy, playerName, tableLabel, fillTable,
        timeText, directionWord, t, number, named, byWord} from './core.js';
import {ratingText} from '../words.js';
import {noteItems} from '../notes.js';
import {RANKING} from './event.js';

const KIND = {KIND_ASSIGNED: 'console.kind.assigned', KIND_ARTIFICIAL: 'console.kind.artificial',
              KIND_PENALTY: 'console.kind.penalty', KIND_FOULED: 'console.kind.fouled'};
const kindWord = (k) => (KIND[k] ? t(KIND[k]) : k);

function showKind() {
  const kind = $('adjust-kind').value;
  for (const node of document.querySelectorAll('#adjust-form [data-kinds]')) {
    node.classList.toggle('hidden', !node.dataset.kinds.split(' ').includes(kind));
  }
}

function showChoices() {
  const tables = (S.session && S.session.tables) || [];
  $('adjust-table').replaceChildren(...tables.map((x) => el('option', {value: x.table},
      t('console.sessionTable', {session: S.session.number, table: tableLabel(x)}))));
  $('adjust-player').replaceChildren(...S.players.map((p, i) => el('option',
      {value: p.name, translate: 'no'}, `${i + 1}. ${p.displayName}`)));
  const scope = $('standings-scope');
  const keep = scope.value;
  scope.replaceChildren(el('option', {value: ''}, t('console.everySession')),
      ...S.sessions.map((s) => el('option', {value: String(s.number)},
                                  t('console.sessionLower', {session: s.number}))));
  scope.value = [...scope.options].some((o) => o.value === keep) ? keep : '';
}

async function loadAdjustments() {
  if (!S.event) return;
  try {
    const list = await listAll('skat.v1.ScoringService/ListAdjustments',
                               {parent: S.event.name, pageSize: 1000}, 'adjustments');
    const tableOf = (name) => {
      const x = ((S.session && S.session.tables) || []).find((y) => y.table === name);
      return x ? tableLabel(x) : name;
    };
    fillTable($('adjustment-list'), [t('console.no'), t('console.kind'), t('console.whom'),
                                     t('console.what'), t('console.reason'), t('console.byWhen')],
        list.map((a) => [a.id, kindWord(a.kind),
          a.kind === 'KIND_PENALTY' ? named(playerName(a.player)) :
              t('console.adjustWhere', {session: a.session, board: a.board, table: tableOf(a.table)}) +
              (a.kind === 'KIND_FOULED' ? '' : `, ${directionWord(a.direction)}`),
          a.kind === 'KIND_ASSIGNED' ? t('console.adjustScore', {score: a.assignedScore}) :
              a.kind === 'KIND_ARTIFICIAL' ? `${number(a.artificialPercent)} %` :
              a.kind === 'KIND_FOULED' ? t('console.adjustVersion', {version: a.version}) :
              t('console.adjustMinus', {penalty: number(a.penalty)}),
          named(a.reason), `${byWord(a.createdBy)} ${timeText(a.createTime)}`]));
  } catch (e) {
    showError('adjust-error', e);
  }
}

async function addAdjustment() {
  showError('adjust-error', null);
  $('adjust-status').textContent = '';
  const kind = $('adjust-kind').value;
  const a = {kind, reason: $('adjust-reason').value.trim()};
  if (kind === 'KIND_PENALTY') {
    Object.assign(a, {player: $('adjust-player').value, penalty: $('adjust-penalty').value.trim()});
  } else {
    Object.assign(a, {session: S.session ? S.session.number : 0, table: $('adjust-table').value,
                      board: Number($('adjust-board').value) || 0});
    if (kind === 'KIND_FOULED') a.version = Number($('adjust-version').value) || 0;
    else a.direction = $('adjust-direction').value;
    if (kind === 'KIND_ASSIGNED') a.assignedScore = String(Number($('adjust-score').value) || 0);
    if (kind === 'KIND_ARTIFICIAL') a.artificialPercent = Number($('adjust-percent').value);
  }
  try {
    const stored = await director('skat.v1.ScoringService/AddAdjustment',
                                  {parent: S.event.name, adjustment: a});
    $('adjust-status').textContent = t('console.adjustRecorded', {id: stored.id, kind: kindWord(kind),
                                                                   reason: stored.reason});
    $('adjust-reason').value = '';
  } catch (e) {
    showError('adjust-error', e);
  }
  await loadAdjustments();
}

const pct = (v) => (Number.isFinite(v) ? number(v, 2) + ' %' : '');

async function loadStandings() {
  showError('standings-error', null);
  const n = $('standings-scope').value;
  const name = n ? `${S.event.name}/sessions/${n}/standings` : `${S.event.name}/standings`;
  let s;
  try {
    s = await call('skat.v1.ScoringService/GetStandings', {name}, S.token);
  } catch (e) {
    showError('standings-error', e);
    return;
  }
  $('standings-summary').replaceChildren(named(s.displayName), t('console.standingsSummary', {
    results: s.results, expected: s.resultsExpected, time: timeText(s.computeTime)}));
  if (RANKING[s.ranking]) $('standings-summary').append(' ', t(RANKING[s.ranking]));
  // The notes in the reader's words (js/notes.js; docs/i18n.md "What the engine writes").
  $('standings-notes').replaceChildren(...noteItems(s.notes, s.noteCodes));
  fillTable($('standings-table'), [t('console.rank'), t('console.player'), t('console.club'),
                                   t('console.boards'), t('console.matchpoints'), t('console.percent'),
                                   t('console.diff'), t('console.total'), t('console.ownPoints')],
      s.overall.map((r) => [r.tied ? t('console.tied', {rank: r.rank}) : String(r.rank),
                            el('span', {}, named(r.displayName),
                               ratingText(r) ? ` (${number(r.rating, 2)})` : ''),
                            named(r.club), String(r.boards),
                            t('console.mpOf', {mp: number(r.matchpoints), top: number(r.top)}),
                            pct(r.percentage), number(r.diff, 1), String(r.total),
                            String(r.ownPoints)]));
}

export function initScores() {
  on('event', showChoices);
  on('players', showChoices);
  on('sessions', showChoices);
  on('session', showChoices);
  on('tab:adjust', loadAdjustments);
  on('tab:standings', loadStandings);
  $('adjust-kind').addEventListener('change', showKind);
  $('adjust-form').addEventListener('submit', busy($('add-adjustment'), addAdjustment));
  $('load-standings').addEventListener('click', busy($('load-standings'), loadStandings));
  showKind();
}
