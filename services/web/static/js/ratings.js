// The ratings page (ratings.html#registry=registries/{r}): the registry's BSA ratings, best
// first (ScoringService.ListRatings; docs/ratings.md), each name a link to its person page.
'use strict';

import {allPages, call, el, fragment} from './api.js';

const $ = (id) => document.getElementById(id);

async function load() {
  const registry = fragment().registry || '';
  if (!registry) throw new Error('no registry in the address (ratings.html#registry=registries/…)');
  const r = await call('skat.v1.RegistryService/GetRegistry', {name: registry});
  $('title').textContent = 'Ratings – ' + r.displayName;
  const ratings = await allPages('skat.v1.ScoringService/ListRatings', {parent: registry}, 'ratings',
                                 50);
  $('ratings').tBodies[0].replaceChildren(...ratings.map((x, i) => el('tr', {},
      el('td', {className: 'num'}, String(i + 1)),
      el('td', {}, el('a', {href: 'person.html#person=' + encodeURIComponent(x.person)},
                      x.displayName)),
      el('td', {className: 'num'}, Number(x.rating).toFixed(2)),
      el('td', {className: 'num'}, String(x.events || 0)))));
  $('ratings-note').textContent = ratings.length ? '' :
      'No ratings yet: the registry rates an event before it starts (skat registries rate).';
}

load().catch((e) => {
  $('load-error').textContent = e.message;
  $('load-error').classList.remove('hidden');
});
