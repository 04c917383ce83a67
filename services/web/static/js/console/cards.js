// Table cards: one per table and round, with its boards and the players by chair, from the seat
// tokens and table codes this tab was given (StartSession's reply, or IssueSeatTokens, which
// revokes the older ones). Real cards: one QR code of the short address <origin>/t/<table code>
// with that address beside it in large type, to be typed when the code cannot be scanned
// (docs/tables.md "Table codes"); tokens kept from before table codes give the long
// <origin>/table.html#table=T&c1=..&cN=.. instead. Online: one slip per chair with the QR code
// and address of <origin>/play.html#table=T&token=<its token only>.
'use strict';
import {el} from '../api.js';
import {$, S, on, director, showError, busy, status, store, playerName, boardsText,
        forehandChair, pool, qrDataUrl, printRegion, timeText, sessionMode,
        sessionSize, t, tn, named} from './core.js';

const seatsKey = (session) => 'seats:' + session;

export function saveSeats(session, tokens, codes = []) {
  store.set(seatsKey(session), JSON.stringify({at: new Date().toISOString(), tokens, codes}));
}

function seats(session) {
  return JSON.parse(store.get(seatsKey(session)) || 'null');
}

// Issues new tokens for every chair of the session, page by page (revoking the old ones).
export async function issueAll(session) {
  const tokens = [];
  const codes = [];
  let pageToken = '';
  try {
    do {
      const page = await director('skat.v1.EventService/IssueSeatTokens',
                                  {name: session, pageSize: 1000, pageToken});
      tokens.push(...page.seatTokens);
      codes.push(...(page.tableCodes || []));
      pageToken = page.nextPageToken;
    } while (pageToken);
  } finally {
    if (tokens.length) saveSeats(session, tokens, codes);
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
    $('cards-session-info').textContent = t('console.startFirst');
    $('seat-token-status').textContent = '';
    return;
  }
  const info = t('console.sessionSize', {session: s.number, size: sessionSize(s)});
  $('cards-session-info').textContent = info;
  sessionMode(s).then((mode) => {
    if (S.session === s && mode) {
      // Set whole, not appended: showState runs again before an earlier answer arrives.
      $('cards-session-info').textContent = info + ' ' +
          t(mode === 'online' ? 'console.onlineSlips' : 'console.realCards');
    }
  }, () => {});
  const kept = seats(s.name);
  $('seat-token-status').textContent = kept ?
      tn('console.tokensHeld', kept.tokens.length, {session: s.number, time: timeText(kept.at)}) :
      t('console.noTokens', {session: s.number});
  let host = '';
  try {
    host = new URL(base(), location.href).hostname;
  } catch (e) {
    host = '';
  }
  $('card-origin-warning').textContent = !host || /^(localhost|127\.|\[::1\])/.test(host) ?
      t('console.phonesCannotReach', {host: host || t('console.notAddress')}) : '';
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
    showError('cards-error', new Error(t('console.noTokensHere')));
    return;
  }
  const byTable = new Map();
  for (const tok of kept.tokens) {
    if (!byTable.has(tok.table)) byTable.set(tok.table, []);
    byTable.get(tok.table)[tok.chair - 1] = tok.token;
  }
  const codeOf = new Map((kept.codes || []).map((c) => [c.table, c.code]));
  const tables = [...s.tables].sort((a, b) => a.round - b.round || a.tableNumber - b.tableNumber);
  const root = base();
  const region = $('table-cards');
  region.className = 'print-region cards-' + $('cards-per-page').value;
  const codes = [];  // {img, url, node: where its error goes}
  const cards = tables.map((x) => {
    const id = `r${x.round}-t${x.tableNumber}`;
    const chairs = x.players.length;
    const tokens = byTable.get(x.table) || [];
    if (online) {
      const slips = x.players.map((p, i) => {
        const c = i + 1;
        const img = el('img', {className: 'qr', id: `qr-${id}-c${c}`,
                               alt: t('console.qrChair', {chair: c})});
        const slip = el('div', {className: 'slip', id: `slip-${id}-c${c}`, 'data-table': x.table,
                                'data-chair': c},
            el('p', {className: 'slip-chair'}, t('console.chairN', {chair: c})),
            el('p', {className: 'slip-name', translate: 'no'}, playerName(p)),
            el('p', {}, t('console.slipLine', {round: x.round, table: x.tableNumber,
                                               boards: boardsText(x.boards)})));
        if (!tokens[i]) {
          slip.append(el('p', {className: 'error'}, t('console.noTokenFor', {chairs: c})));
          return slip;
        }
        const url = `${root}/play.html#table=${enc(x.table)}&token=${enc(tokens[i])}`;
        slip.append(img, el('p', {className: 'slip-link'}, el('code', {translate: 'no'}, url)));
        codes.push({img, url, node: slip});
        return slip;
      });
      return el('article', {className: 'table-card', id: 'card-' + id, 'data-table': x.table},
          el('header', {}, el('h3', {}, t('console.cardTitle', {round: x.round, table: x.tableNumber})),
             el('p', {}, named(S.event.displayName), t('console.cardOnline', {session: s.number}))),
          el('div', {className: 'slips'}, slips),
          el('p', {className: 'card-help'}, t('console.slipHelp')));
    }
    const img = el('img', {className: 'qr', id: 'qr-' + id,
                           alt: t('console.qrTable', {round: x.round, table: x.tableNumber})});
    const code = codeOf.get(x.table);
    const address = code ? `${root}/t/${code}` : '';
    const qr = el('div', {className: 'card-qr'}, img, address ? el('p', {className: 'card-address'},
        el('span', {}, t('console.cardTypeAddress')),
        el('span', {className: 'card-origin', translate: 'no'}, `${root}/t/`),
        el('strong', {className: 'card-code', id: 'code-' + id, translate: 'no'}, code)) : '');
    const card = el('article', {className: 'table-card', id: 'card-' + id, 'data-table': x.table},
        el('header', {}, el('h3', {}, t('console.cardTitle', {round: x.round, table: x.tableNumber})),
           el('p', {}, named(S.event.displayName), t('console.cardReal', {session: s.number}))),
        el('div', {className: 'card-body'},
            el('div', {},
                el('p', {className: 'card-boards'}, t('console.cardBoards', {boards: boardsText(x.boards)})),
                el('table', {}, el('tbody', {}, x.players.map((p, i) =>
                    el('tr', {}, el('th', {}, t('console.chairN', {chair: i + 1})),
                       el('td', {translate: 'no'}, playerName(p)))))),
                el('p', {}, t('console.cardForehand', {boards: x.boards.map((b) =>
                    t('console.cardForehandOf', {board: b, chair: forehandChair(x, b)})).join(', ')}))),
            qr),
        el('p', {className: 'card-help'}, t(code ? 'console.cardHelpCode' : 'console.cardHelp')));
    const missing = Array.from({length: chairs}, (_, i) => i + 1).filter((c) => !tokens[c - 1]);
    if (missing.length) {
      card.append(el('p', {className: 'error'}, t('console.noTokenFor', {chairs: missing.join(', ')})));
      return card;
    }
    const url = address || `${root}/table.html#table=${enc(x.table)}&` +
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
  if (failed) showError('cards-error', new Error(tn('console.qrFailed', failed)));
  $('print-cards').disabled = false;
  status(online ? tn('console.cardsMadeOnline', cards.length, {slips: tn('console.slips', codes.length)}) :
                  tn('console.cardsMade', cards.length));
}

async function issue() {
  showError('issue-error', null);
  if (!$('issue-confirm').checked) {
    showError('issue-error', new Error(t('console.tickIssue')));
    return;
  }
  try {
    await issueAll(S.session.name);
    $('issue-confirm').checked = false;
    status(t('console.issued'));
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
