// Adjustments (AddAdjustment, ListAdjustments) and the standings (GetStandings).
'use strict';
import {call, el} from '../api.js';
import {$, S, on, director, listAll, showError, busy, playerName, tableLabel, fillTable,
        timeText, directionWord} from './core.js';
import {nameWithRating} from '../words.js';

const KIND = {KIND_ASSIGNED: 'assigned', KIND_ARTIFICIAL: 'artificial', KIND_PENALTY: 'penalty',
              KIND_FOULED: 'fouled'};

function showKind() {
  const kind = $('adjust-kind').value;
  for (const node of document.querySelectorAll('#adjust-form [data-kinds]')) {
    node.classList.toggle('hidden', !node.dataset.kinds.split(' ').includes(kind));
  }
}

function showChoices() {
  const tables = (S.session && S.session.tables) || [];
  $('adjust-table').replaceChildren(...tables.map((t) => el('option', {value: t.table},
      `session ${S.session.number}, ${tableLabel(t)}`)));
  $('adjust-player').replaceChildren(...S.players.map((p, i) => el('option', {value: p.name},
      `${i + 1}. ${p.displayName}`)));
  const scope = $('standings-scope');
  const keep = scope.value;
  scope.replaceChildren(el('option', {value: ''}, 'every session'),
      ...S.sessions.map((s) => el('option', {value: String(s.number)}, `session ${s.number}`)));
  scope.value = [...scope.options].some((o) => o.value === keep) ? keep : '';
}

async function loadAdjustments() {
  if (!S.event) return;
  try {
    const list = await listAll('skat.v1.ScoringService/ListAdjustments',
                               {parent: S.event.name, pageSize: 1000}, 'adjustments');
    const tableOf = (name) => {
      const t = ((S.session && S.session.tables) || []).find((x) => x.table === name);
      return t ? tableLabel(t) : name;
    };
    fillTable($('adjustment-list'), ['No.', 'Kind', 'Whom', 'What', 'Reason', 'By, when'],
        list.map((a) => [a.id, KIND[a.kind] || a.kind,
          a.kind === 'KIND_PENALTY' ? playerName(a.player) :
              `session ${a.session}, board ${a.board}, ${tableOf(a.table)}` +
              (a.kind === 'KIND_FOULED' ? '' : `, ${directionWord(a.direction)}`),
          a.kind === 'KIND_ASSIGNED' ? `score ${a.assignedScore}` :
              a.kind === 'KIND_ARTIFICIAL' ? `${a.artificialPercent} %` :
              a.kind === 'KIND_FOULED' ? `version ${a.version}` : `minus ${a.penalty}`,
          a.reason, `${a.createdBy} ${timeText(a.createTime)}`]));
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
    $('adjust-status').textContent = `Adjustment ${stored.id} recorded: ${KIND[kind]}, ${stored.reason}.`;
    $('adjust-reason').value = '';
  } catch (e) {
    showError('adjust-error', e);
  }
  await loadAdjustments();
}

const pct = (v) => (Number.isFinite(v) ? v.toFixed(2) + ' %' : '');

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
  $('standings-summary').textContent = `${s.displayName}: ${s.results} of ${s.resultsExpected} ` +
      `results counted; computed at ${timeText(s.computeTime)}.`;
  $('standings-notes').replaceChildren(...(s.notes || []).map((x) => el('li', {}, x)));
  fillTable($('standings-table'), ['Rank', 'Player', 'Club', 'Boards', 'Matchpoints', 'Percent',
                                   'Diff', 'Total', 'Own points'],
      s.overall.map((r) => [`${r.rank}${r.tied ? ' (tied)' : ''}`, nameWithRating(r), r.club,
                            String(r.boards), `${r.matchpoints} of ${r.top}`, pct(r.percentage),
                            Number(r.diff).toFixed(1), String(r.total), String(r.ownPoints)]));
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
