// Seats of an online table (Progress panel): per chair its player or a bot (SetSeatBot), the move
// clock and the board in play (GetTable); the director's token.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, showError, status, busy, playerName, sessionTable, tableLabel,
        boardsText, t, tn} from './core.js';

let shown = null;  // the Table shown
let label = '';    // its words, e.g. "round 1 table 2"

function fill() {
  const s = S.session;
  const select = $('seats-table');
  const keep = select.value;
  const tables = s && s.tables ?
      [...s.tables].sort((a, b) => a.round - b.round || a.tableNumber - b.tableNumber) : [];
  select.replaceChildren(...(tables.length ? tables.map((x) => el('option', {value: x.table},
      t('console.cardTitle', {round: x.round, table: x.tableNumber}))) :
      [el('option', {value: ''}, t('console.noSessionOption'))]));
  if (tables.some((t) => t.table === keep)) select.value = keep;
  $('seats-load').disabled = !tables.length;
  if (shown && !tables.some((t) => t.table === shown.name)) render(null);
}

function render(table, focusChair) {
  shown = table;
  const list = $('seats-list');
  if (!table) {
    list.replaceChildren();
    $('seats-clock').textContent = $('seats-progress').textContent = '';
    return;
  }
  const st = sessionTable(table.name);
  label = st ? tableLabel(st) : table.label || table.name;
  const n = table.boards.length;
  const i = table.currentBoardIndex || 0;
  $('seats-progress').textContent = table.finished || i >= n ?
      tn('console.seatsFinished', n, {table: label}) :
      t('console.seatsInPlay', {table: label, board: table.boards[i], played: i,
                                boards: tn('console.boardCount', n), list: boardsText(table.boards)});
  $('seats-clock').textContent = table.moveSeconds ? tn('console.moveClock', table.moveSeconds) :
    t('console.noClock');
  const online = !/PHYSICAL|IMPORTED/.test(table.mode);
  const bots = new Set(table.botChairs || []);
  list.replaceChildren(...Array.from({length: table.chairs}, (_, k) => {
    const c = k + 1;
    const bot = bots.has(c);
    const name = (table.playerNames || [])[k] || (st ? playerName(st.players[k]) : '');
    return el('li', {}, el('span', {}, t('console.chairN', {chair: c}), ': ',
                           el('span', {translate: 'no'}, name || t('console.noName')), ' · ',
                           el('strong', {}, t(bot ? 'console.botPlays' : 'console.playerPlays'))),
        online && !table.finished ? el('button', {type: 'button', id: `seat-bot-c${c}`,
            'data-bot': String(bot), 'data-chair': c, onclick: toggle},
            t(bot ? 'console.giveBack' : 'console.letBot', {chair: c})) : null);
  }));
  if (!online) list.append(el('li', {className: 'muted'}, t('console.realNoBot')));
  if (focusChair && $(`seat-bot-c${focusChair}`)) $(`seat-bot-c${focusChair}`).focus();
}

async function load() {
  showError('seats-error', null);
  const name = $('seats-table').value;
  if (!name) return;
  try {
    render(await director('skat.v1.TableService/GetTable', {name}));
  } catch (e) {
    render(null);
    showError('seats-error', e);
  }
}

async function toggle(ev) {
  const button = ev.currentTarget;
  if (button.disabled || !shown) return;
  const chair = Number(button.dataset.chair);
  const bot = button.dataset.bot !== 'true';
  showError('seats-error', null);
  button.disabled = true;
  try {
    render(await director('skat.v1.TableService/SetSeatBot', {table: shown.name, chair, bot}), chair);
    status(t(bot ? 'console.botFromNow' : 'console.playerAgain', {table: label, chair}));
  } catch (e) {
    showError('seats-error', e);
    try {  // the table as it is now (finished meanwhile, say); the refusal stays shown
      render(await director('skat.v1.TableService/GetTable', {name: shown.name}), chair);
    } catch (ignored) {
      button.disabled = false;
    }
  }
}

export function initSeats() {
  on('session', fill);
  on('event', fill);
  $('seats-load').addEventListener('click', busy($('seats-load'), load));
  fill();
}
