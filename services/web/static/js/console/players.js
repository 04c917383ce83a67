// Players: pasted as CSV (name[,club[,member number]]), added with AddClub/AddPlayer (a member
// number links the player to that person of the event's registry, docs/persons.md); the list in
// the order added.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, busy, clubName, number, refusalText, t} from './core.js';
import {parseCsv} from './csv.js';
import {loadPlayers} from './event.js';

function showPlayers() {
  $('player-count').textContent = number(S.players.length);
  $('player-list').tBodies[0].replaceChildren(...S.players.map((p, i) => el('tr', {},
      el('td', {className: 'num'}, number(i + 1)),
      el('td', {}, el('span', {translate: 'no'}, p.displayName), p.bot ? ' ' + t('console.bot') : ''),
      el('td', {translate: 'no'}, clubName(p.club)))));
}

async function importPlayers() {
  const errors = $('import-players-errors');
  errors.replaceChildren();
  const report = $('import-players-status');
  report.textContent = '';
  let rows;
  try {
    rows = parseCsv($('players-csv').value);
  } catch (e) {
    errors.append(el('li', {}, refusalText(e)));
    return;
  }
  const first = rows[0] && rows[0].fields.map((f) => f.trim().toLowerCase());
  if (first && first[0] === 'name' && (first.length === 1 || first[1] === 'club')) rows.shift();
  const numbers = !!S.event.registry;
  const known = new Set(S.players.map((p) => p.displayName.trim().toLowerCase()));
  let added = 0;
  let skipped = 0;
  for (const row of rows) {
    const name = (row.fields[0] || '').trim();
    const club = (row.fields[1] || '').trim();
    const memberNumber = (row.fields[2] || '').trim();
    const fail = (text) => errors.append(el('li', {}, t('console.csvLine', {line: row.line,
        name: name || t('console.noName')}), text));
    if (!name) {
      fail(t('console.noName'));
      continue;
    }
    if (row.fields.length > 3 && row.fields.slice(3).some((f) => f.trim())) {
      fail(t('console.moreColumns'));
      continue;
    }
    if (memberNumber && !numbers) {
      fail(t('console.noRegistry'));
      continue;
    }
    if (known.has(name.toLowerCase())) {
      ++skipped;
      continue;
    }
    try {
      let clubResource = '';
      if (club) {
        let c = S.clubs.find((x) => x.displayName === club);
        if (!c) {
          c = await director('skat.v1.EventService/AddClub', {parent: S.event.name, displayName: club});
          S.clubs.push(c);
        }
        clubResource = c.name;
      }
      const p = await director('skat.v1.EventService/AddPlayer',
                               {parent: S.event.name, displayName: name, club: clubResource,
                                 memberNumber});
      S.players.push(p);
      known.add(name.toLowerCase());
      ++added;
      report.textContent = t('console.adding', {added: number(added)});
    } catch (e) {
      fail(refusalText(e));
      if (e.status === 'PERMISSION_DENIED' || e.status === 'UNAUTHENTICATED') break;
    }
  }
  report.textContent = t('console.added', {added: number(added)}) +
      (skipped ? t('console.skipped', {skipped: number(skipped)}) : '') +
      (errors.children.length ? t('console.refusedBelow', {refused: number(errors.children.length)}) : '') +
      '.';
  await loadPlayers();
}

export function initPlayers() {
  on('players', showPlayers);
  on('event', showPlayers);
  $('import-players').addEventListener('click', busy($('import-players'), importPlayers));
}
