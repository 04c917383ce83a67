// The person page's boards (docs/persons.md "Boards"; ScoringService.ListPersonBoards): the
// filter form, a page of 50 boards at a time (newer and older), each linked to its traveller on
// the event's result pages, and the filter's boards as CSV (at most 20 pages of 500).
'use strict';

import {call, el} from './api.js';
import {day as dayText, lang, number, t} from './i18n.js';

const $ = (id) => document.getElementById(id);
const PAGE = 50;

// A CSV cell (RFC 4180) that a spreadsheet shows as text, never runs as a formula.
function csvCell(v) {
  let t = String(v ?? '');
  if (typeof v !== 'number' && /^[=+\-@\t\r']/.test(t)) t = "'" + t;
  return /[",\r\n]/.test(t) || t.startsWith("'") ? '"' + t.replace(/"/g, '""') + '"' : t;
}

const seat = (b) => (b.direction || '').replace('DIRECTION_', '').toLowerCase();
const role = (b) => ({ROLE_DECLARER: 'declarer', ROLE_DEFENDER: 'defender'})[b.role] || 'no game';
const day = (b) => (b.eventTime || '').slice(0, 10);
const roleKey = {ROLE_DECLARER: 'role.declarer', ROLE_DEFENDER: 'role.defender'};

// The game in the reader's words: "Herz: gewonnen", "eingepasst"; the engine's English
// description of the play is the cell's title for English readers.
function game(b) {
  const name = b.gameType ? t('game.' + b.gameType) : (b.summary || '');
  if (b.role === 'ROLE_NO_GAME' || !b.gameType) return name;
  return `${name}: ${t(b.declarerWon ? 'boards.won' : 'boards.lost')}`;
}

function request(person) {
  const r = {parent: person, event: $('f-event').value, profile: $('f-profile').value,
             role: $('f-role').value || undefined, gameType: $('f-game').value};
  if ($('f-from').value) r.startTime = $('f-from').value + 'T00:00:00Z';
  if ($('f-to').value) {
    const end = new Date($('f-to').value + 'T00:00:00Z');
    end.setUTCDate(end.getUTCDate() + 1);
    r.endTime = end.toISOString().replace('.000', '');
  }
  return r;
}

function row(b) {
  const id = b.event.slice(b.event.indexOf('/') + 1);
  const link = el('a', {href: `/report/${encodeURIComponent(id)}/boards.html#b${b.session}-${b.board}`},
                  `${b.session}/${b.board}`);
  return el('tr', {}, el('td', {}, dayText(b.eventTime)),
            el('td', {translate: 'no'}, b.eventDisplayName), el('td', {}, link),
            el('td', {}, `${t('direction.' + seat(b))}, ${t(roleKey[b.role] || 'role.noGame')}`),
            el('td', {title: lang === 'en' ? b.summary : null}, game(b)),
            el('td', {className: 'num'}, number(b.boardScore || 0)),
            el('td', {className: 'num'}, `${b.matchpoints || 0}/${b.top || 0}`),
            el('td', {className: 'num'}, number(b.diff || 0, 2)),
            el('td', {}, b.par || ''),
            el('td', {className: 'num'}, b.sideLost === undefined ? '' : number(b.sideLost)));
}

async function download(person) {
  const lines = [['event', 'event_name', 'date', 'session', 'round', 'board', 'direction', 'role',
                  'game_type', 'contract', 'board_score', 'matchpoints', 'top', 'diff', 'par',
                  'side_lost', 'traveller'].join(',')];
  let pageToken = '';
  for (let n = 0; n < 20; ++n) {
    const page = await call('skat.v1.ScoringService/ListPersonBoards',
                            {...request(person), pageSize: 500, pageToken});
    for (const b of page.boards || []) {
      lines.push([b.event, b.eventDisplayName, day(b), b.session, b.round, b.board, seat(b),
                  role(b), b.gameType, b.summary, Number(b.boardScore || 0), b.matchpoints,
                  b.top, Number(b.diff || 0), b.par, b.sideLost ?? '', b.traveller]
        .map(csvCell).join(','));
    }
    pageToken = page.nextPageToken || '';
    if (!pageToken) break;
  }
  const a = el('a', {download: 'boards.csv',
                     href: URL.createObjectURL(new Blob([lines.join('\r\n') + '\r\n'],
                                                        {type: 'text/csv'}))});
  document.body.append(a);
  a.click();
  a.remove();
}

// The first page of the person's boards without filters (what the page shows first; asked for
// beside the page's other reads).
export function firstBoards(person) {
  return call('skat.v1.ScoringService/ListPersonBoards', {parent: person, pageSize: PAGE});
}

// Sets up the boards section for `person` and shows `first` (firstBoards); `events`
// (ListPersonEvents) fill the filter's choices.
export function showBoards(person, events, first) {
  const tokens = [''];  // the page tokens of the pages shown so far; the last is the current page
  const fail = (e) => {
    $('boards-error').textContent = e.message;
    $('boards-error').classList.remove('hidden');
  };
  const draw = (page) => {
    const boards = page.boards || [];
    $('boards').tBodies[0].replaceChildren(...(boards.length ? boards.map(row) :
      [el('tr', {}, el('td', {colspan: 10}, t('boards.none')))]));
    $('older').disabled = !page.nextPageToken;
    $('older').dataset.token = page.nextPageToken || '';
    $('newer').disabled = tokens.length <= 1;
  };
  const show = async (token) => {
    $('boards-error').classList.add('hidden');
    draw(await call('skat.v1.ScoringService/ListPersonBoards',
                    {...request(person), pageSize: PAGE, pageToken: token}));
  };
  for (const e of events) {
    $('f-event').append(el('option', {value: e.event, translate: 'no'},
                           `${dayText(e.createTime)} ${e.displayName}`));
  }
  for (const p of new Set(events.map((e) => e.profile))) $('f-profile').append(el('option', {}, p));
  $('board-filter').addEventListener('submit', (ev) => {
    ev.preventDefault();
    tokens.length = 1;
    show('').catch(fail);
  });
  $('older').addEventListener('click', () => {
    tokens.push($('older').dataset.token);
    show(tokens[tokens.length - 1]).catch(fail);
  });
  $('newer').addEventListener('click', () => {
    tokens.pop();
    show(tokens[tokens.length - 1]).catch(fail);
  });
  $('csv').addEventListener('click', () => download(person).catch(fail));
  draw(first);
}
