// Table cards: one per table and round, with its boards and the players by chair, from the seat
// tokens this tab was given (StartSession's reply, or IssueSeatTokens, which revokes the older
// ones). Real cards: one QR code of <origin>/table.html#table=T&c1=..&cN=.. Online: one slip per
// chair with the QR code and address of <origin>/play.html#table=T&token=<its token only>.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, showError, busy, status, store, playerName, boardsText,
        forehandChair, pool, qrDataUrl, printRegion, timeText, sessionMode,
        count, sessionSize} from './core.js';

const seatsKey = (session) => 'seats:' + session;

export function saveSeats(session, tokens) {
  store.set(seatsKey(session), JSON.stringify({at: new Date().toISOString(), tokens}));
}

function seats(session) {
  return JSON.parse(store.get(seatsKey(session)) || 'null');
}

// Issues new tokens for every chair of the session, page by page (revoking the old ones).
export async function issueAll(session) {
  const tokens = [];
  let pageToken = '';
  try {
    do {
      const page = await director('skat.v1.EventService/IssueSeatTokens',
                                  {name: session, pageSize: 1000, pageToken});
      tokens.push(...page.seatTokens);
      pageToken = page.nextPageToken;
    } while (pageToken);
  } finally {
    if (tokens.length) saveSeats(session, tokens);
  }
}

const enc = (s) => encodeURIComponent(s).replace(/%2F/g, '/');

const base = () => $('card-origin').value.trim().replace(/\/+$/, '') ||
    location.origin + location.pathname.replace(/\/[^/]*$/, '');

function showState() {
  const s = S.session;
  $('table-cards').replaceChildren();
  $('print-cards').disabled = true;
  $('build-cards').disabled = !s;
  $('issue-seat-tokens').disabled = !s;
  if (!s) {
    $('cards-session-info').textContent = 'Start a session first (Session).';
    $('seat-token-status').textContent = '';
    return;
  }
  const info = `Session ${s.number}: ${sessionSize(s)}.`;
  $('cards-session-info').textContent = info;
  sessionMode(s).then((mode) => {
    if (S.session === s && mode) {
      // Set whole, not appended: showState runs again before an earlier answer arrives.
      $('cards-session-info').textContent = info + (mode === 'online' ?
          ' Online play: one slip per chair, to cut apart.' : ' Real cards: one card per table.');
    }
  }, () => {});
  const kept = seats(s.name);
  $('seat-token-status').textContent = kept ?
      `This tab holds the ${count(kept.tokens.length, 'seat token')} of session ${s.number} ` +
      `(received at ${timeText(kept.at)}).` :
      `This tab holds no seat tokens of session ${s.number}: they are shown once, to the tab that ` +
      'started the session. Make the cards there, or issue new tokens below (which revokes the old ones).';
  let host = '';
  try {
    host = new URL(base(), location.href).hostname;
  } catch (e) {
    host = '(not an address)';
  }
  $('card-origin-warning').textContent = /^(localhost|127\.|\[::1\]|\(not)/.test(host) ?
      `Phones cannot reach ${host}: type the address of this server as the players' phones reach it.` : '';
}

async function build() {
  showError('cards-error', null);
  const s = S.session;
  let online;
  try {
    online = (await sessionMode(s)) === 'online';
  } catch (e) {
    showError('cards-error', e);
    return;
  }
  const kept = seats(s.name);
  if (!kept) {
    showError('cards-error', new Error('This tab holds no seat tokens of this session (see above).'));
    return;
  }
  const byTable = new Map();
  for (const t of kept.tokens) {
    if (!byTable.has(t.table)) byTable.set(t.table, []);
    byTable.get(t.table)[t.chair - 1] = t.token;
  }
  const tables = [...s.tables].sort((a, b) => a.round - b.round || a.tableNumber - b.tableNumber);
  const root = base();
  const region = $('table-cards');
  region.className = 'print-region cards-' + $('cards-per-page').value;
  const codes = [];  // {img, url, node: where its error goes}
  const cards = tables.map((t) => {
    const id = `r${t.round}-t${t.tableNumber}`;
    const chairs = t.players.length;
    const tokens = byTable.get(t.table) || [];
    if (online) {
      const slips = t.players.map((p, i) => {
        const c = i + 1;
        const img = el('img', {className: 'qr', id: `qr-${id}-c${c}`,
                               alt: `QR code of chair ${c}'s play page`});
        const slip = el('div', {className: 'slip', id: `slip-${id}-c${c}`, 'data-table': t.table,
                                'data-chair': c},
            el('p', {className: 'slip-chair'}, `Chair ${c}`),
            el('p', {className: 'slip-name'}, playerName(p)),
            el('p', {}, `Round ${t.round} · Table ${t.tableNumber} · Boards ${boardsText(t.boards)}`));
        if (!tokens[i]) {
          slip.append(el('p', {className: 'error'}, `No seat token for chair ${c}.`));
          return slip;
        }
        const url = `${root}/play.html#table=${enc(t.table)}&token=${enc(tokens[i])}`;
        slip.append(img, el('p', {className: 'slip-link'}, el('code', {}, url)));
        codes.push({img, url, node: slip});
        return slip;
      });
      return el('article', {className: 'table-card', id: 'card-' + id, 'data-table': t.table},
          el('header', {}, el('h3', {}, `Round ${t.round} · Table ${t.tableNumber}`),
             el('p', {}, `${S.event.displayName}, session ${s.number} · online play: one slip per chair`)),
          el('div', {className: 'slips'}, slips),
          el('p', {className: 'card-help'}, '✂ Cut apart; give each player only his own slip: ' +
             'its code opens his hand. Scan it (or type the address) to play on your phone.'));
    }
    const img = el('img', {className: 'qr', id: 'qr-' + id,
                           alt: `QR code of the table page of round ${t.round}, table ${t.tableNumber}`});
    const card = el('article', {className: 'table-card', id: 'card-' + id, 'data-table': t.table},
        el('header', {}, el('h3', {}, `Round ${t.round} · Table ${t.tableNumber}`),
           el('p', {}, `${S.event.displayName}, session ${s.number} · real cards: one code for the table`)),
        el('div', {className: 'card-body'},
            el('div', {},
                el('p', {className: 'card-boards'}, `Boards ${boardsText(t.boards)}`),
                el('table', {}, el('tbody', {}, t.players.map((p, i) =>
                    el('tr', {}, el('th', {}, `Chair ${i + 1}`), el('td', {}, playerName(p)))))),
                el('p', {}, 'Forehand: ' + t.boards.map((b) =>
                    `board ${b} chair ${forehandChair(t, b)}`).join(', '))),
            img),
        el('p', {className: 'card-help'}, 'Scan the code with a phone: the page of this table ' +
           'opens for this round; pick your chair, enter each board\'s result, and another chair ' +
           'confirms it. Keep the card face down between uses: the code opens every chair.'));
    const missing = Array.from({length: chairs}, (_, i) => i + 1).filter((c) => !tokens[c - 1]);
    if (missing.length) {
      card.append(el('p', {className: 'error'}, `No seat token for chair ${missing.join(', ')}.`));
      return card;
    }
    const url = `${root}/table.html#table=${enc(t.table)}&` +
        tokens.map((tok, i) => `c${i + 1}=${enc(tok)}`).join('&');
    codes.push({img, url, node: card});
    return card;
  });
  region.replaceChildren(...cards);
  let failed = 0;
  await pool(codes, 4, async (c) => {
    try {
      c.img.src = await qrDataUrl(c.url);
      await c.img.decode();
    } catch (e) {
      ++failed;
      c.node.append(el('p', {className: 'error'}, e.message));
    }
  });
  if (failed) showError('cards-error', new Error(`${count(failed, 'QR code')} could not be made (on their cards).`));
  $('print-cards').disabled = false;
  status(`${count(cards.length, 'table card')} made` +
         (online ? ` (${count(codes.length, 'slip')}, one per chair)` : '') +
         '; print them with "Print the table cards".');
}

async function issue() {
  showError('issue-error', null);
  if (!$('issue-confirm').checked) {
    showError('issue-error', new Error('Tick "Revoke the old seat tokens of this session" first.'));
    return;
  }
  try {
    await issueAll(S.session.name);
    $('issue-confirm').checked = false;
    status('New seat tokens issued; the old ones are revoked. Make and print the new table cards.');
  } catch (e) {
    showError('issue-error', e);
  }
  showState();
}

export function initCards() {
  on('session', showState);
  on('event', showState);
  document.addEventListener('seats', showState);
  $('card-origin').value = base();
  $('card-origin').addEventListener('change', showState);
  $('build-cards').addEventListener('click', busy($('build-cards'), build));
  $('print-cards').addEventListener('click', () => printRegion('cards'));
  $('issue-seat-tokens').addEventListener('click', busy($('issue-seat-tokens'), issue));
}
