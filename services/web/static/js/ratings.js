// The ratings page (ratings.html#registry=registries/{r}): the registry's BSA ratings, best
// first (ScoringService.ListRatings; docs/ratings.md), each name a link to its person page.
'use strict';

import {allPages, call, el, fragment} from './api.js';
import {number, t, translatePage} from './i18n.js';

const $ = (id) => document.getElementById(id);

async function load() {
  const registry = fragment().registry || '';
  if (!registry) throw new Error(t('error.noRegistry'));
  const r = await call('skat.v1.RegistryService/GetRegistry', {name: registry});
  $('title').textContent = t('ratings.titleOf', {registry: r.displayName});
  document.title = t('site.suffix', {page: $('title').textContent});
  const ratings = await allPages('skat.v1.ScoringService/ListRatings', {parent: registry}, 'ratings',
                                 50);
  $('ratings').tBodies[0].replaceChildren(...ratings.map((x, i) => el('tr', {},
      el('td', {className: 'num'}, number(i + 1)),
      el('td', {translate: 'no'}, el('a', {href: 'person.html#person=' +
                                           encodeURIComponent(x.person)}, x.displayName)),
      el('td', {className: 'num'}, number(x.rating, 2)),
      el('td', {className: 'num'}, number(x.events || 0)))));
  $('ratings-note').textContent = ratings.length ? '' : t('ratings.none');
}

translatePage();

load().catch((e) => {
  $('load-error').textContent = e.message;
  $('load-error').classList.remove('hidden');
});
