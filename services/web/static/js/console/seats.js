// Seats of an online table (Progress panel): per chair its player or a bot (SetSeatBot), the move
// clock and the board in play (GetTable); the director's token.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, showError, status, busy, playerName, sessionTable, tableLabel,
        boardsText, count} from './core.js';

let shown = null;  // the Table shown
let label = '';    // its words, e.g. "round 1 table 2"

function fill() {
  const s = S.session;
  const select = $('seats-table');
  const keep = select.value;
  const tables = s && s.tables ?
      [...s.tables].sort((a, b) => a.round - b.round || a.tableNumber - b.tableNumber) : [];
  select.replaceChildren(...(tables.length ? tables.map((t) => el('option', {value: t.table},
      `Round ${t.round} · Table ${t.tableNumber}`)) : [el('option', {value: ''}, 'no session yet')]));
  if (tables.some((t) => t.table === keep)) select.value = keep;
  $('seats-load').disabled = !tables.length;
  if (shown && !tables.some((t) => t.table === shown.name)) render(null);
}

function render(t, focusChair) {
  shown = t;
  const list = $('seats-list');
  if (!t) {
    list.replaceChildren();
    $('seats-clock').textContent = $('seats-progress').textContent = '';
    return;
  }
  const st = sessionTable(t.name);
  label = st ? tableLabel(st) : t.label || t.name;
  const n = t.boards.length;
  const i = t.currentBoardIndex || 0;
  $('seats-progress').textContent = t.finished || i >= n ?
      `${label}: finished, ${n === 1 ? 'its board' : `all ${n} boards`} played.` :
      `${label}: board ${t.boards[i]} in play; ${i} of ${count(n, 'board')} played (boards ${boardsText(t.boards)}).`;
  $('seats-clock').textContent = 'Move clock: ' +
      (t.moveSeconds ? `${count(t.moveSeconds, 'second')} a decision.` : 'no clock.');
  const online = !/PHYSICAL|IMPORTED/.test(t.mode);
  const bots = new Set(t.botChairs || []);
  list.replaceChildren(...Array.from({length: t.chairs}, (_, k) => {
    const c = k + 1;
    const bot = bots.has(c);
    const name = (t.playerNames || [])[k] || (st ? playerName(st.players[k]) : '');
    return el('li', {}, el('span', {}, `Chair ${c}: ${name || '(no name)'} · `,
                           el('strong', {}, bot ? 'a bot plays (bot)' : 'its player plays')),
        online && !t.finished ? el('button', {type: 'button', id: `seat-bot-c${c}`,
            'data-bot': String(bot), 'data-chair': c, onclick: toggle},
            bot ? `Give chair ${c} back to its player` : `Let a bot play chair ${c}`) : null);
  }));
  if (!online) list.append(el('li', {className: 'muted'}, 'Played with real cards: no seat to give a bot.'));
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
    status(`${label}: chair ${chair} ` +
           (bot ? 'is played by a bot from now on.' : 'is its player\'s again.'));
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
