// The league table on the season page (season.html#season=seasons/{s}; docs/seasons.md "League
// table"): SeasonService.GetLeagueTable drawn into the section #league-section, which stays
// hidden unless the season is a league (skatd answers reason "season-not-a-league" otherwise).
// Points and the difference come right after the club (what a phone shows without scrolling);
// each club's button opens its match days below it: its score, the opponents' score, the
// outcome, the points.
'use strict';

import {call, el, fragment} from './api.js';
import {number, ready, t, tn, translatePage} from './i18n.js';

const $ = (id) => document.getElementById(id);

// "seasons/se-…" from the fragment or the query, with or without "seasons/" (as js/season.js).
function seasonName() {
  const given = fragment().season || new URLSearchParams(location.search).get('season') || '';
  return given && !given.startsWith('seasons/') ? 'seasons/' + given : given;
}

// "+20", "0", "−20" (int64 fields arrive as text, zero ones not at all).
function signed(x) {
  const n = Number(x || 0);
  return (n > 0 ? '+' : n < 0 ? '−' : '') + number(Math.abs(n));
}

function outcomeText(outcome) {
  const words = {win: t('league.win'), draw: t('league.draw'), loss: t('league.loss'),
                 place: t('league.placing')};
  return words[outcome] || outcome;
}

function matchList(row) {
  return el('ul', {className: 'league-matches'}, (row.matches || []).map((m) => el('li', {},
    el('span', {translate: 'no'}, m.displayName), ': ',
    number(m.score || 0), ' : ', number(m.opponentScore || 0), ' · ', outcomeText(m.outcome),
    ' · ', tn('league.points', m.matchPoints || 0))));
}

// The club's row and, below it across the table, its match days (hidden until the club's
// button opens them).
function rowsOf(row, i) {
  const days = 'league-days-' + i;
  const played = (row.matches || []).length > 0;
  const club = played ?
    el('button', {type: 'button', className: 'league-toggle', translate: 'no',
                  'aria-expanded': 'false', 'aria-controls': days, onclick: (e) => {
      const open = e.currentTarget.getAttribute('aria-expanded') !== 'true';
      e.currentTarget.setAttribute('aria-expanded', String(open));
      $(days).hidden = !open;
    }}, row.club) :
    el('span', {translate: 'no'}, row.club);
  const main = el('tr', {className: 'league-row'},
    el('td', {className: 'num'}, number(row.rank || 0) + (row.tied ? '=' : '')),
    el('td', {}, club),
    el('td', {className: 'num'}, number(row.matchPoints || 0)),
    el('td', {className: 'num'}, signed(row.scoreDifference)),
    el('td', {className: 'num'}, number(row.played || 0)),
    el('td', {className: 'num'}, number(row.won || 0)),
    el('td', {className: 'num'}, number(row.drawn || 0)),
    el('td', {className: 'num'}, number(row.lost || 0)));
  if (!played) return [main];
  return [main, el('tr', {id: days, className: 'league-days', hidden: true},
                   el('td', {colspan: 8}, matchList(row)))];
}

async function showLeague() {
  const season = seasonName();
  if (!season) return;  // js/season.js says what is missing
  let table;
  try {
    [, table] = await Promise.all([
      ready, call('skat.v1.SeasonService/GetLeagueTable', {name: season + '/leagueTable'})]);
  } catch (e) {
    // Not a league, or no such season (js/season.js shows that): the section stays hidden.
    if (e.reason === 'season-not-a-league' || e.status === 'NOT_FOUND' ||
        e.status === 'INVALID_ARGUMENT') {
      return;
    }
    await ready.catch(() => {});
    translatePage($('league-section'));
    $('league-error').textContent = t('league.error', {message: e.message});
    $('league-error').classList.remove('hidden');
    $('league-section').classList.remove('hidden');
    return;
  }
  translatePage($('league-section'));
  const rows = table.rows || [];
  $('league').tBodies[0].replaceChildren(...rows.flatMap(rowsOf));
  $('league-note').textContent = rows.some((r) => r.played) ? '' : t('league.none');
  $('league-section').classList.remove('hidden');
}

showLeague();
