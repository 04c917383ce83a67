// The season page (season.html#season=seasons/{s}; season.html?season=se-… too): the season
// table (SeasonService.GetSeasonStandings; docs/seasons.md "Season table"), ranked persons
// first, then those below the minimum attendance without a place; the value right after the
// name (what a phone shows without scrolling), then one column per event (a percentage in
// brackets does not count: best n of m). Each name links to its person page.
'use strict';

import {call, el, fragment} from './api.js';
import {number, ready, t, tn, translatePage} from './i18n.js';

const $ = (id) => document.getElementById(id);

// "seasons/se-…" from the fragment or the query, with or without "seasons/".
function seasonName() {
  const given = fragment().season || new URLSearchParams(location.search).get('season') || '';
  return given && !given.startsWith('seasons/') ? 'seasons/' + given : given;
}

// The rules in a sentence: the aggregate, best n of m, the minimum attendance.
function rulesText(s) {
  const parts = [t(s.aggregate === 'SEASON_AGGREGATE_AVERAGE' ? 'season.average' : 'season.sum')];
  if (s.bestOf) parts.push(tn('season.bestOf', s.bestOf));
  if (s.minAttendance > 1) parts.push(tn('season.minAttendance', s.minAttendance));
  return parts.join(' · ');
}

function eventCell(standing, event) {
  const r = (standing.events || []).find((e) => e.event === event);
  if (!r) return el('td', {className: 'num'});
  const shown = number(r.percentage, 2);
  return r.counted ? el('td', {className: 'num'}, shown)
    : el('td', {className: 'num not-counted', title: t('season.notCounted')}, `(${shown})`);
}

function row(s, events) {
  const rank = s.rank ? number(s.rank) + (s.tied ? '=' : '')
    : el('span', {title: t('season.unranked')}, '–');
  const name = el('td', {translate: 'no'},
                  el('a', {href: 'person.html#person=' + encodeURIComponent(s.person)},
                     s.displayName),
                  s.club ? el('span', {className: 'club muted'}, ' ' + s.club) : '');
  return el('tr', {className: s.rank ? '' : 'unranked'},
            el('td', {className: 'num'}, rank), name,
            el('td', {className: 'num'}, number(s.value, 2)),
            el('td', {className: 'num'}, number(s.diff, 2)),
            el('td', {className: 'num'}, number(s.eventsPlayed || 0)),
            ...events.map((e) => eventCell(s, e)));
}

function show(table) {
  const events = table.events || [];
  const names = table.eventDisplayNames || [];
  $('title').textContent = table.displayName;
  document.title = t('site.suffix', {page: table.displayName});
  $('rules').textContent = rulesText(table);
  $('standings-head').append(...events.map((e, i) => el('th', {
    scope: 'col', className: 'num', title: names[i] || e}, number(i + 1))));
  const standings = table.standings || [];
  $('standings').tBodies[0].replaceChildren(...standings.map((s) => row(s, events)));
  $('standings-note').textContent = standings.length ? ''
    : t('season.none');
  // An empty table shows its note alone (e.g. a league whose clubs' players are no persons).
  $('standings').parentElement.hidden = !standings.length;
  $('events').replaceChildren(...names.map((n) => el('li', {}, n)));
}

async function load() {
  const season = seasonName();
  if (!season) {
    await ready;
    throw new Error(t('error.noSeason'));
  }
  // The catalogue and the table at once (docs/web.md "Loading").
  const [, table] = await Promise.all([
    ready, call('skat.v1.SeasonService/GetSeasonStandings', {name: season + '/standings'})]);
  translatePage();
  show(table);
}

load().catch(async (e) => {
  await ready.catch(() => {});
  translatePage();
  $('load-error').textContent = e.message;
  $('load-error').classList.remove('hidden');
});
