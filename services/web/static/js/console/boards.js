// Board sets: create, pick, enter a beacon value, show and print the boards (the director's
// copy, from ExportBoardSet's JSON), reveal after the evening.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, showError, busy, status, timeText, printRegion,
        store, t, tn, tNodes, named, day} from './core.js';
import {loadBoardSets} from './event.js';
import {rankLetter, suitName, suitSymbol} from '../deck.js';
import {ready} from '../i18n.js';

// A moment of the API as the reader's day and time.
const when = (ts) => `${day(ts)} ${timeText(ts)}`;

const currentSet = () => S.boardSets.find((b) => b.name === $('board-set-select').value);

// "C-A C-J S-10" -> ♣ A J · ♠ 10 in the reader's deck (js/deck.js), one span per suit named for
// screen readers ("clubs A J", "Eichel D U").
function handNode(cards) {
  const bySuit = new Map();
  for (const c of cards) {
    const [suit, rank] = c.split('-');
    if (!bySuit.has(suit)) bySuit.set(suit, []);
    bySuit.get(suit).push(rankLetter(rank));
  }
  return el('span', {className: 'hand'}, [...bySuit].flatMap(([suit, ranks]) => [el('span',
      {className: 'suit', 'aria-label': `${suitName(suit)} ${ranks.join(' ')}`},
      suitSymbol(suit), ' ' + ranks.join(' ')), ' ']));
}

function showSets() {
  const select = $('board-set-select');
  const keep = select.value || store.get('set:' + (S.event && S.event.name));
  // An option holds text alone: the set's label, a name (docs/i18n.md), keeps the whole option
  // from a translator.
  const options = S.boardSets.map((b) => el('option', {value: b.name, translate: 'no'},
      t(b.revealed ? 'console.setOptionRevealed' : 'console.setOption', {
        label: b.label, boards: tn('console.boardCount', b.boardCount), size: b.tableSize,
        id: b.name.slice(b.name.lastIndexOf('/') + 1)})));
  select.replaceChildren(...options);
  $('session-board-set').replaceChildren(...options.map((o) => o.cloneNode(true)));
  if (S.boardSets.some((b) => b.name === keep)) select.value = keep;
  else if (S.boardSets.length) select.value = S.boardSets[S.boardSets.length - 1].name;
  $('session-board-set').value = select.value;
  showSet();
}

function showSet() {
  const b = currentSet();
  const info = $('board-set-info');
  $('board-print').replaceChildren();
  $('print-boards').disabled = true;
  $('show-boards').disabled = !b;
  $('reveal-board-set').disabled = !b || b.revealed;
  if (!b) {
    info.replaceChildren(el('dd', {}, t('console.noBoardSet')));
    return;
  }
  store.set('set:' + S.event.name, b.name);
  const row = (k, ...v) => [el('dt', {}, t(k)), el('dd', {}, ...v)];
  const revealed = () => [...tNodes(b.revealTime ? 'console.revealedAt' : 'console.revealedYes',
                                   {time: when(b.revealTime), seed: named(b.seed)}),
    ...(b.revealForced ? [' ', ...tNodes('console.forced', {reason: named(b.revealReason)})] : [])];
  info.replaceChildren(
      ...row('console.name', named(b.name)), ...row('console.label', named(b.label)),
      ...row('console.boards', t(b.boardsReady ? 'console.boardsOf' : 'console.boardsAwaiting',
                                 {boards: b.boardCount, size: b.tableSize})),
      ...row('console.commitment', el('code', {translate: 'no'}, b.commitment)),
      ...(b.beaconSource ? row('console.beacon', named(b.beaconSource), ' = ',
                               b.beaconValue ? named(b.beaconValue) : t('console.notEntered')) : []),
      ...row('console.revealed', ...(b.revealed ? revealed() : [t('console.no2')])));
  $('beacon-form').classList.toggle('hidden', !b.beaconSource || b.boardsReady);
}

async function createSet(ev) {
  ev.preventDefault();
  showError('board-set-error', null);
  try {
    const made = await director('skat.v1.DealService/CreateBoardSet', {
      parent: S.event.name, label: $('board-label').value.trim(),
      boardCount: Number($('board-count').value), tableSize: Number($('board-table-size').value),
      beaconSource: $('board-beacon-source').value.trim()});
    store.set('set:' + S.event.name, made.name);
    $('board-set-select').value = '';
    await loadBoardSets();
    status(t('console.setCreated', {set: made.name, commitment: made.commitment}));
  } catch (e) {
    showError('board-set-error', e);
  }
}

async function enterBeacon(ev) {
  ev.preventDefault();
  showError('beacon-error', null);
  try {
    await director('skat.v1.DealService/EnterBeacon',
                   {name: currentSet().name, beaconValue: $('beacon-value').value.trim()});
    await loadBoardSets();
  } catch (e) {
    showError('beacon-error', e);
  }
}

// The copies of each board a session of this set needs: the tables playing it in one round.
function copiesLine(set) {
  const s = S.session;
  if (!s || s.boardSet !== set.name || !s.tables) return '';
  const perRound = new Map();
  for (const t of s.tables) {
    for (const b of t.boards) {
      const k = t.round + ':' + b;
      perRound.set(k, (perRound.get(k) || 0) + 1);
    }
  }
  const copies = new Map();
  for (const [k, n] of perRound) {
    const b = Number(k.split(':')[1]);
    copies.set(b, Math.max(copies.get(b) || 0, n));
  }
  const parts = [...copies].sort((x, y) => x[0] - y[0])
      .map(([b, n]) => t('console.copiesOf', {board: b, copies: n}));
  return t('console.copies', {session: s.number, copies: parts.join(', ')});
}

async function showBoards() {
  showError('print-boards-error', null);
  const set = currentSet();
  if (!set) return;
  await ready;  // the suits' names (js/deck.js)
  let boards;
  try {
    const exp = await director('skat.v1.DealService/ExportBoardSet',
                               {name: set.name, format: 'EXPORT_FORMAT_JSON'});
    boards = JSON.parse(exp.content).boards;
  } catch (e) {
    showError('print-boards-error', e);
    return;
  }
  const sheets = boards.map((b) => {
    const fh = b.forehandChair;
    const chair = (d) => (fh - 1 + d) % set.tableSize + 1;
    return el('article', {className: 'board-sheet', id: 'board-' + b.number},
        el('h3', {}, t('console.boardN', {board: b.number})),
        el('p', {className: 'muted'}, t('console.dealNumber', {deal: b.dealNumber, chair: fh})),
        el('table', {}, el('tbody', {},
            ['forehand', 'middlehand', 'rearhand'].map((d, i) => el('tr', {},
                el('th', {}, t('console.directionChair', {direction: t('direction.' + d), chair: chair(i)})),
                el('td', {}, handNode(b[d])))),
            el('tr', {}, el('th', {}, t('console.skatFirst')), el('td', {}, handNode(b.skat))))));
  });
  $('board-print').replaceChildren(
      el('header', {className: 'print-head'},
          el('h2', {}, ...tNodes('console.printTitle', {event: named(S.event.displayName),
                                                         label: named(set.label)})),
          el('p', {}, ...tNodes('console.printLine', {set: named(set.name), commitment: set.commitment,
                                                      time: when(new Date())})),
          el('p', {className: 'warn'}, t(set.revealed ? 'console.revealedSet' : 'console.secretSet')),
          el('p', {}, copiesLine(set))),
      el('div', {className: 'board-sheets'}, sheets));
  $('print-boards').disabled = false;
  status(tn('console.boardsShown', boards.length));
}

async function reveal() {
  showError('reveal-error', null);
  $('reveal-status').textContent = '';
  if (!$('reveal-confirm').checked) {
    showError('reveal-error', new Error(t('console.tickReveal')));
    return;
  }
  const force = $('reveal-force').checked;
  const request = {name: currentSet().name, force};
  if (force) request.reason = $('reveal-reason').value.trim();
  try {
    const b = await director('skat.v1.DealService/RevealBoardSet', request);
    $('reveal-status').textContent = t('console.revealDone', {time: timeText(b.revealTime), seed: b.seed});
    $('reveal-confirm').checked = false;
    await loadBoardSets();
  } catch (e) {
    showError('reveal-error', e);
  }
}

export function initBoards() {
  on('boardSets', showSets);
  on('event', showSets);
  $('board-set-select').addEventListener('change', showSet);
  $('board-set-form').addEventListener('submit', busy($('create-board-set'), createSet));
  $('beacon-form').addEventListener('submit', busy($('enter-beacon'), enterBeacon));
  $('show-boards').addEventListener('click', busy($('show-boards'), showBoards));
  $('print-boards').addEventListener('click', () => printRegion('boards'));
  $('reveal-board-set').addEventListener('click', busy($('reveal-board-set'), reveal));
}
