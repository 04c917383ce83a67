// The person page (person.html#person=registries/{r}/persons/{p}): the rating's steps as a line,
// the events newest first, totals by year as bars, and the boards with filters (person-boards.js)
// (docs/persons.md "History"; ScoringService.ListPersonEvents and ListRatings).
'use strict';

import {allPages, call, el, fragment} from './api.js';
import {chart} from './charts.js';
import {day, number, ready, t, tn, translatePage} from './i18n.js';
import {firstBoards, showBoards} from './person-boards.js';

const $ = (id) => document.getElementById(id);

function showRating(ratings, person) {
  const mine = ratings.find((r) => r.person === person);
  if (!mine) {
    $('rating-now').textContent = t('person.notRated');
    return;
  }
  $('rating-now').textContent = tn('person.ratingNow', mine.events || 0,
                                   {rating: number(mine.rating, 2)});
  const steps = mine.steps || [];
  const values = [20, ...steps.map((s) => Number(s.after))];
  const labels = ['', ...steps.map((s) => (s.event ? '' : String(s.year)))];
  $('rating-chart').replaceChildren(chart(values, labels, t('person.ratingChart'), 'line'));
}

// "suit 5 (4), grand 2 (2), null 0" from a PersonTotal's classes.
function declared(total) {
  return ((total && total.declared) || []).map((g) =>
    `${t('game.' + g.gameClass)} ${number(g.declared || 0)}` +
      (g.declared ? ` (${number(g.won || 0)})` : '')).join(', ');
}

function showEvents(events, totals) {
  const byYear = new Map((totals.years || []).map((t) => [String(t.year), t]));
  const years = new Map();
  $('events').tBodies[0].replaceChildren(...events.map((e) => {
    const date = (e.createTime || '').slice(0, 10);
    const card = e.scorecard || {};
    const pct = Number((card.standing || {}).percentage || 0);
    const rows = card.rows || [];
    const y = years.get(date.slice(0, 4)) || {events: 0, boards: 0, sum: 0};
    years.set(date.slice(0, 4), {events: y.events + 1, boards: y.boards + rows.length,
                                 sum: y.sum + pct});
    return el('tr', {}, el('td', {}, day(e.createTime)),
              el('td', {}, el('span', {translate: 'no'}, e.displayName),
                 e.rated ? ` (${t('person.rated')})` : ''),
              el('td', {className: 'num'}, number(pct, 2)),
              el('td', {className: 'num'}, number(rows.length)));
  }));
  const ordered = [...years.entries()].sort();
  $('years').tBodies[0].replaceChildren(...ordered.map(([year, y]) => el('tr', {},
      el('td', {}, year), el('td', {className: 'num'}, number(y.events)),
      el('td', {className: 'num'}, number(y.boards)),
      el('td', {className: 'num'}, number(y.sum / y.events, 2)),
      el('td', {}, declared(byYear.get(year))))));
  $('years-chart').replaceChildren(chart(ordered.map(([, y]) => y.sum / y.events),
                                         ordered.map(([year]) => year),
                                         t('person.yearChart'), 'bars'));
}

async function load() {
  const person = fragment().person || '';
  if (!person) {
    await ready;
    throw new Error(t('error.noPerson'));
  }
  const registry = person.slice(0, person.indexOf('/persons/'));
  // The catalogue and every read at once (docs/web.md "Loading").
  const [, p, ratings, events, totals, boards] = await Promise.all([
    ready,
    call('skat.v1.RegistryService/GetPerson', {name: person}),
    allPages('skat.v1.ScoringService/ListRatings', {parent: registry}, 'ratings', 50),
    allPages('skat.v1.ScoringService/ListPersonEvents', {parent: person, pageSize: 50}, 'events', 20),
    call('skat.v1.ScoringService/GetPersonTotals', {name: person + '/totals'}),
    firstBoards(person),
  ]);
  translatePage();
  $('title').textContent = p.displayName;
  document.title = t('site.suffix', {page: p.displayName});
  $('club').textContent = [p.club, p.memberNumber && '#' + p.memberNumber].filter(Boolean).join(' ');
  showRating(ratings, person);
  showEvents(events, totals);
  showBoards(person, events, boards);
}

load().catch(async (e) => {
  await ready.catch(() => {});
  translatePage();
  $('load-error').textContent = e.message;
  $('load-error').classList.remove('hidden');
});
