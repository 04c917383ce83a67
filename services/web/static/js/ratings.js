// The ratings page (ratings.html#registry=registries/{r}): the registry's BSA ratings, best
// first (ScoringService.ListRatings; docs/ratings.md), each name a link to its person page.
'use strict';

import {allPages, call, el, fragment} from './api.js';
import {number, ready, t, translatePage} from './i18n.js';

const $ = (id) => document.getElementById(id);

async function load() {
  const registry = fragment().registry || '';
  if (!registry) {
    await ready;
    throw new Error(t('error.noRegistry'));
  }
  // The catalogue, the registry and its ratings at once (docs/web.md "Loading").
  const [, r, ratings] = await Promise.all([
    ready, call('skat.v1.RegistryService/GetRegistry', {name: registry}),
    allPages('skat.v1.ScoringService/ListRatings', {parent: registry}, 'ratings', 50)]);
  translatePage();
  $('title').textContent = t('ratings.titleOf', {registry: r.displayName});
  document.title = t('site.suffix', {page: $('title').textContent});
  $('ratings').tBodies[0].replaceChildren(...ratings.map((x, i) => el('tr', {},
      el('td', {className: 'num'}, number(i + 1)),
      el('td', {translate: 'no'}, el('a', {href: 'person.html#person=' +
                                           encodeURIComponent(x.person)}, x.displayName)),
      el('td', {className: 'num'}, number(x.rating, 2)),
      el('td', {className: 'num'}, number(x.events || 0)))));
  $('ratings-note').textContent = ratings.length ? '' : t('ratings.none');
}

load().catch(async (e) => {
  await ready.catch(() => {});
  translatePage();
  $('load-error').textContent = e.message;
  $('load-error').classList.remove('hidden');
});
