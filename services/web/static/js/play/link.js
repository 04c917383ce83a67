// The seat's link to skatd. The seat link (#table=events/E/tables/T&token=TOKEN) goes into
// localStorage by table (a reload or a new tab rejoins) and this tab's sessionStorage (seats in
// one browser keep apart), and leaves the address bar at once. JoinSeat + WatchSeat, rejoined
// with backoff. An act is kept in localStorage with its sequence number until its reply, or
// JoinSeat's lastSequence, shows it applied; after a lost reply it is resent with the SAME number
// (the server answers a repeat with the original response and never applies it twice).
'use strict';

import {ApiError, call, stream, fragment} from '../api.js';
import {t} from '../i18n.js';
import {reasonText} from '../reasons.js';
import {withActDefaults, withSeatDefaults} from './defaults.js';

const T = 'skat.v1.TableService/';
const TABLE = /^events\/[^/]+\/tables\/[^/]+$/;
const TOKEN = 'skat.play.token:';
const FATAL = ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'NOT_FOUND', 'INVALID_ARGUMENT'];
// After these the act's fate is unknown: keep it and resend.
const DOUBT = ['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'ABORTED', 'RESOURCE_EXHAUSTED', 'CANCELLED',
               'INTERNAL', 'UNKNOWN'];

function read(store, key) {
  try {
    return JSON.parse(store.getItem(key) || 'null');
  } catch (e) {
    return null;
  }
}

// {table, token} or null.
export function seatLink() {
  const f = fragment();
  if (f.table !== undefined || f.token !== undefined) {
    history.replaceState(null, '', location.pathname + location.search);
    const token = f.token || localStorage.getItem(TOKEN + f.table);
    if (TABLE.test(f.table || '') && token) {
      localStorage.setItem(TOKEN + f.table, token);
      localStorage.setItem('skat.play.last', f.table);
      sessionStorage.setItem('skat.play', JSON.stringify({table: f.table, token}));
    }
  }
  let s = read(sessionStorage, 'skat.play');
  if (!s) {
    const table = localStorage.getItem('skat.play.last') || '';
    s = {table, token: localStorage.getItem(TOKEN + table)};
  }
  return TABLE.test(s.table || '') && s.token ? s : null;
}

// on.view(update): a SeatUpdate; on.state(text, "ok" | "warn" | "bad"): the connection in
// words; on.pending(act or null): an act is on its way / settled; on.refused(error).
export function openSeat(table, token, on) {
  let seq = 0;
  let attempt = 0;
  let timer = 0;
  let watch = null;
  let over = false;       // the table finished, or the token is refused
  let pending = null;     // {seq, act, board}
  let key = '';
  let hiddenAt = 0;
  let generation = 0;     // of connect(): the latest one wins

  const save = () => {
    if (!key) return;
    if (pending) localStorage.setItem(key, JSON.stringify(pending));
    else localStorage.removeItem(key);
  };

  function lost(e) {
    if (watch) watch.close();
    watch = null;
    if (over) return;
    if (e && FATAL.includes(e.status)) {
      over = true;
      on.state(t('play.notConnectedWhy', {why: reasonText(e)}), 'bad');
      return;
    }
    const wait = Math.min(30, 2 ** attempt++);
    on.state(t('play.connectionLost', {why: reasonText(e), s: wait}), 'warn');
    clearTimeout(timer);
    timer = setTimeout(connect, wait * (800 + Math.random() * 400));
  }

  async function connect() {
    const my = ++generation;
    clearTimeout(timer);
    timer = 0;
    if (watch) watch.close();
    watch = null;
    on.state(t(attempt ? 'play.reconnecting' : 'play.connecting'), 'warn');
    let seat;
    try {
      seat = await call(T + 'JoinSeat', {table}, token);
    } catch (e) {
      if (my === generation) lost(e);
      return;
    }
    if (my !== generation) return;
    key = 'skat.play.pending:' + table + ':' + seat.chair;
    const last = Number(seat.lastSequence) || 0;
    pending = pending || read(localStorage, key);
    // Applied, or meant for a board no longer in play.
    if (pending && (pending.seq <= last || pending.board !== seat.view.boardNumber)) {
      pending = null;
    }
    save();
    seq = Math.max(seq, last, pending ? pending.seq : 0);
    if (!pending) on.pending(null);
    on.view({view: seat.view});
    let finished = false;
    const mine = stream(T + 'WatchSeat', {table}, token, (lean) => {
      if (watch !== mine) return;
      const u = withSeatDefaults(lean);
      attempt = 0;
      finished = finished || !!u.tableFinished;
      on.state(t(finished ? 'play.connectedFinished' : 'play.connected'), 'ok');
      on.view(u);
    }, (e) => {
      if (watch !== mine) return;
      watch = null;
      if (!e && finished) {
        over = true;
        return;
      }
      lost(e || new ApiError(0, 'UNAVAILABLE', 'the stream ended'));
    });
    watch = mine;
    if (pending) send();
  }

  async function send() {
    const p = pending;
    on.pending(p);
    try {
      withActDefaults(await call(T + 'Act', {table, sequence: String(p.seq), act: p.act,
                                             boardNumber: p.board}, token));
    } catch (e) {
      if (pending !== p) return;
      if (e.httpStatus === 0 || DOUBT.includes(e.status)) {
        on.state(t('play.replyLost'), 'warn');
        lost(e);
        return;
      }
      pending = null;
      save();
      on.pending(null);
      on.refused(e);
      return;
    }
    if (pending === p) {
      pending = null;
      save();
      on.pending(null);
    }
  }

  addEventListener('online', () => {
    if (timer) connect();
  });
  // A phone asleep may drop the stream without a word: after a while away, join again.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      hiddenAt = Date.now();
    } else if (!over && hiddenAt && Date.now() - hiddenAt > 20000) {
      connect();
    }
  });
  connect();

  return {
    // Sends one act; false while another is on its way.
    act(act, board) {
      if (pending || over) return false;
      pending = {seq: ++seq, act, board};
      save();
      send();
      return true;
    },
    busy: () => !!pending,
  };
}
