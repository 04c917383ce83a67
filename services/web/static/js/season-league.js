// The league table on the season page (season.html#season=seasons/{s}; docs/seasons.md "League
// table"): SeasonService.GetLeagueTable drawn into the section #league-section, which stays hidden
// unless the season is a league (skatd refuses with reason "season-not-a-league" otherwise).
// Each club's row opens to its match days: the score, the opponents' score and the points.
'use strict';

import {call, el, fragment} from './api.js';
import {number, ready, t, tn} from './i18n.js';

const $ = (id) => document.getElementById(id);

// "+20", "0", "−20" (int64 fields arrive as text, zero ones not at all).
function signed(x) {
  const n = Number(x || 0);
  return (n > 0 ? '+' : n < 0 ? '−' : '') + number(Math.abs(n));
}

function outcome(m) {
  return m.outcome === 'place' ? t('league.place') : t('league.' + m.outcome);
}

function matchList(row) {
  return el('ul', {className: 'league-matches'}, (row.matches || []).map((m) => el('li', {},
    el('span', {translate: 'no'}, m.displayName), ': ',
    number(m.score), ' : ', number(m.opponentScore), ' · ', outcome(m), ' · ',
    tn('league.points', m.matchPoints || 0))));
}

function rowOf(row) {
  const club = (row.matches || []).length ?
    el('details', {}, el('summary', {translate: 'no'}, row.club), matchList(row)) :
    el('span', {translate: 'no'}, row.club);
  return el('tr', {},
    el('td', {className: 'num'}, number(row.rank || 0) + (row.tied ? '=' : '')),
    el('td', {}, club),
    el('td', {className: 'num'}, number(row.played || 0)),
    el('td', {className: 'num'}, number(row.won || 0)),
    el('td', {className: 'num'}, number(row.drawn || 0)),
    el('td', {className: 'num'}, number(row.lost || 0)),
    el('td', {className: 'num'}, number(row.matchPoints || 0)),
    el('td', {className: 'num'}, signed(row.scoreDifference)));
}

async function showLeague() {
  const season = fragment().season || '';
  if (!season) return;
  let table;
  try {
    [, table] = await Promise.all([
      ready, call('skat.v1.SeasonService/GetLeagueTable', {name: season + '/leagueTable'})]);
  } catch (e) {
    if (e.reason === 'season-not-a-league') return;  // not a league: the section stays hidden
    await ready.catch(() => {});
    $('league-error').textContent = t('league.error', {message: e.message});
    $('league-error').classList.remove('hidden');
    $('league-section').classList.remove('hidden');
    return;
  }
  $('league').tBodies[0].replaceChildren(...(table.rows || []).map(rowOf));
  $('league-section').classList.remove('hidden');
}

showLeague();
