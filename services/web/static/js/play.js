// The play page: one seat of an online table (play.html#table=events/E/tables/T&token=TOKEN,
// from the seat link or its QR code; js/play/link.js). It shows only what the seat's views hold
// (RULES T5) and sends only what the player clicks: one of view.legalActs, or Contra, a claim
// or a concession out of turn where the rules allow them (the server decides).
//
// Element ids for browser tests:
//   #table-label, #board-number ("Board 3 (2 of 4 here)"), #phase ("Bidding", "Playing", ...)
//   #connection        the connection in words; data-state="ok" | "warn" | "bad"
//   #load-error        why the page cannot work (no seat link, a refused token)
//   #seat-bottom (you), #seat-left, #seat-right (#seat-top: a resting dealer sees all three),
//                      data-seat="forehand" | "middlehand" | "rearhand"; name, "(bot)",
//                      direction, "declarer", "to move", tricks won, open cards
//   #trick             cards with data-seat and data-card; data-state="current", or "last"
//                      while the trick just taken is shown until the next card
//   #to-move           whose move it is, in words; #clock (#clock-bar, #clock-text): the time
//                      left when the game waits for this seat
//   #refusal           the server's refusal of an act, in its words (role=alert)
//   #legal-acts        this seat's acts: #main-acts, #hand, #play-acts; every act button has
//                      data-act="ACT_TYPE_...", all are disabled while one is sent (#sending)
//     #bid-buttons > button[data-bid="18"] (id bid-18; higher ones in #more-bids), #hold,
//     #pass, #act-turn-skat-card, #act-accept, #act-passt-mir-nicht, #act-guckser,
//     #act-take-skat, #act-choose-trump-<clubs|spades|hearts|diamonds|grand>, #act-resign,
//     #discard-confirm, #answer-accept, #answer-refuse, #contra, #recontra, #claim, #concede,
//     #declare-form: radios #declare-game-<clubs|spades|hearts|diamonds|grand|null>,
//     #declare-handling, #declare-ouvert, #declare-announcement, #declare-submit
//   #hand > button.card[data-card="C-J"] (id card-C-J), in the game's order: legal cards
//                      enabled, illegal ones disabled, aria-disabled and dimmed (.illegal);
//                      in the discard every card toggles (aria-pressed)
//   #declaration, #skat-info, #bidding > li, #last-trick-button, #last-trick > ol > li
//   #result            the last finished board: #result-summary, #result-table
//   #traveller (#my-matchpoints), #par (#par-button, #par-result), #standings
//                      (#standings-refresh)
//   #lang, #deck       the language and the deck (js/i18n.js, js/deck.js)
'use strict';

import {call, el, fill} from './api.js';
import {number, ready, t, translatePage} from './i18n.js';
import {cardImage, cardName, cardRow, face, sortHand} from './play/cards.js';
import {placeDeckSwitches} from './deck.js';
import {openSeat, seatLink} from './play/link.js';
import {findSession, showStandings, showTraveller, table} from './play/scores.js';
import {refusalNodes} from './reasons.js';
import {declarationText, resultText} from './result-words.js';
import {ruleProfile} from './rules.js';
import {DIRECTIONS as DIRS, GAME_NAME as GAME, capDirName, dirName, gameName, handlingWord,
        signed, suitName} from './words.js';

// The English direction words in data-seat (ids for tests); the reader's words come from dirName.
const SEAT = ['forehand', 'middlehand', 'rearhand'];
// The phases' and the acts' words: keys of the catalogue.
const PHASE = {PHASE_BIDDING: 'play.phase.bidding', PHASE_SKAT_DECISION: 'play.phase.skat',
  PHASE_TOURNEE_CARD: 'play.phase.tournee', PHASE_TRUMP_CHOICE: 'play.phase.trump',
  PHASE_DISCARDING: 'play.phase.discarding', PHASE_DECLARING: 'play.phase.declaring',
  PHASE_PLAYING: 'play.phase.playing', PHASE_FINISHED: 'play.phase.finished'};
const phaseText = (p) => (PHASE[p] ? t(PHASE[p]) : '');
const ANNOUNCE = {ANNOUNCEMENT_SCHNEIDER: 'result.schneider',
  ANNOUNCEMENT_SCHWARZ: 'result.schwarz'};
const LABEL = {TURN_SKAT_CARD: 'play.act.turn', PASST_MIR_NICHT: 'play.act.passtMirNicht',
  GUCKSER: 'play.act.guckser', TAKE_SKAT: 'play.act.takeSkat', CONTRA: 'play.act.contra',
  RECONTRA: 'play.act.recontra', CLAIM: 'play.act.claim', RESIGN: 'play.act.resign',
  CONCEDE: 'play.act.concede'};
// The finished board this seat saw last, kept by table and chair so that a reload shows its
// result and traveller again (only what this seat's view held: RULES T5).
const DONE = 'skat.play.done:';

const $ = (id) => document.getElementById(id);
const S = {
  table: '', info: null, names: [], bots: new Set(), contra: false, session: null, link: null,
  view: null, done: null, finished: false, busy: false, picked: new Set(), actsKey: '',
  lastOpen: false, clock: null, declare: {},
};

const idx = (d) => DIRS.indexOf(d);
const lower = (s) => s.toLowerCase().replace(/_/g, '-');
const kind = (a) => a.type.slice(9);
const cardsOf = (trick) => (trick && trick.cards) || [];

// `text`: a string or nodes; empty hides the element.
function say(id, text) {
  const nodes = Array.isArray(text) ? text.filter(Boolean) : [];
  if (nodes.length) fill($(id), ...nodes);
  else $(id).textContent = Array.isArray(text) ? '' : text || '';
  $(id).classList.toggle('hidden', !nodes.length && (Array.isArray(text) || !text));
}

// ---- seats, chairs and names ----

// The chair holding direction i (0..2) on the view's board, from the board's forehand chair
// the server sends (SeatView.forehand_chair).
function chairOf(v, i) {
  const n = S.info.chairs || 3;
  return (v.forehandChair - 1 + i) % n + 1;
}

function nameOf(v, i) {
  const c = chairOf(v, i);
  return (c === v.chair ? t('play.youName') : S.names[c - 1] || t('play.chair', {n: c})) +
         (S.bots.has(c) ? ' ' + t('play.bot') : '');
}

const who = (v, i) => t('words.nameAs', {name: nameOf(v, i), role: dirName(i)});
const declText = declarationText;

// ---- start ----

async function start() {
  const link = seatLink();
  // The table is asked for beside the catalogue, not after it (docs/web.md "Loading").
  const opening = link && call('skat.v1.TableService/GetTable', {name: link.table}, link.token);
  if (opening) opening.catch(() => {});  // a refusal is shown below, once the words are there
  await ready;
  translatePage();
  placeDeckSwitches();
  document.title = t('site.suffix', {page: t('play.table')});
  $('last-trick-button').addEventListener('click', () => {
    S.lastOpen = !S.lastOpen;
    renderLastTrick(S.view);
  });
  const fail = (text) => {
    say('load-error', text);
    $('connection').textContent = t('play.notConnected');
  };
  if (!link) {
    fail([t('play.noLink')]);
    return;
  }
  S.table = link.table;
  try {
    S.info = await opening;
  } catch (e) {
    fail(refusalNodes(e, t('play.cannotOpen')));
    return;
  }
  S.names = S.info.playerNames || [];
  S.bots = new Set(S.info.botChairs || []);
  S.finished = !!S.info.finished;
  $('table-label').textContent = S.info.label || t('play.table');
  document.title = t('site.suffix',
                     {page: t('play.titleOf', {table: S.info.label || t('play.table')})});
  $('play').classList.remove('hidden');
  const event = S.table.split('/').slice(0, 2).join('/');
  call('skat.v1.EventService/GetEvent', {name: event}).then((ev) => ruleProfile(ev.profile))
    .then((rules) => {
      S.contra = !!rules.contra;
    }, () => {});
  S.link = openSeat(S.table, link.token, {
    view: onUpdate,
    state: (text, state) => {
      $('connection').textContent = text;
      $('connection').dataset.state = state;
    },
    pending: (p) => {
      S.busy = !!p;
      if (p) say('refusal', '');
      renderActs(S.view, true);
    },
    refused: (e) => say('refusal', refusalNodes(e, t('play.refused'))),
  });
  S.session = await findSession(event, S.table);
  afterBoard();
  if (S.finished) showStandings(S.session);
}

function onUpdate(u) {
  const v = u.view;
  const old = S.view;
  if (!v || (old && v.boardNumber === old.boardNumber && v.actCount < old.actCount)) return;
  if (v.botChairs) S.bots = new Set(v.botChairs);
  if (old && v.boardNumber !== old.boardNumber) {
    S.picked.clear();
    S.lastOpen = false;
  }
  S.view = v;
  keepOrRestore(v);
  // The move clock counts down from the time the view arrived.
  S.clock = v.moveSeconds > 0 ? {at: performance.now(), ms: Number(v.moveMsLeft) || 0,
                                 total: v.moveSeconds * 1000} : null;
  if (v.phase === 'PHASE_FINISHED' && (!S.done || S.done.boardNumber !== v.boardNumber)) {
    S.done = v;
    renderResult(v);
    afterBoard();
  }
  if (u.tableFinished && !S.finished) {
    S.finished = true;
    if (S.session !== null) showStandings(S.session);
  }
  $('board-number').textContent = t('play.boardOf', {board: v.boardNumber, i: v.boardIndex + 1,
                                                     n: (S.info.boards || []).length});
  $('phase').textContent = phaseText(v.phase);
  renderSeats(v);
  renderTrick(v);
  renderToMove(v);
  renderActs(v);
  renderInfo(v);
  renderLastTrick(v);
}

// A finished board's view is kept (localStorage, by table and chair); a view of a later board
// with no finished board shown brings the kept one back (a reload between boards).
function keepOrRestore(v) {
  const key = DONE + S.table + ':' + v.chair;
  try {
    if (v.phase === 'PHASE_FINISHED') {
      localStorage.setItem(key, JSON.stringify(v));
    } else if (!S.done) {
      const kept = JSON.parse(localStorage.getItem(key) || 'null');
      if (kept && kept.boardNumber < v.boardNumber) {
        S.done = kept;
        renderResult(kept);
        afterBoard();
      }
    }
  } catch {
    // Storage off or unreadable: the result shows with the next finished board only.
  }
}

// The traveller of the board just finished, once the session is known ('' for none).
function afterBoard() {
  if (S.done && S.session !== null) {
    showTraveller(S.session, S.table, S.done.boardNumber, idx(S.done.seat));
  }
}

// ---- the table ----

function positions(v) {
  const m = idx(v.seat);
  return m < 0 ? ['left', 'top', 'right']
    : {[m]: 'bottom', [(m + 1) % 3]: 'left', [(m + 2) % 3]: 'right'};
}

function renderSeats(v) {
  const pos = positions(v);
  $('seat-top').classList.toggle('hidden', idx(v.seat) >= 0);
  $('seat-bottom').classList.toggle('hidden', idx(v.seat) < 0);
  const waiting = v.phase === 'PHASE_FINISHED' ? []
    : v.proposal ? v.proposal.awaiting || [] : [v.toMove];
  for (let i = 0; i < 3; i++) {
    const open = cardsOf((v.exposed || []).find((x) => idx(x.seat) === i));
    const moving = waiting.includes(DIRS[i]);
    const node = $('seat-' + pos[i]);
    node.dataset.seat = SEAT[i];
    node.classList.toggle('moving', moving);
    const c = chairOf(v, i);
    fill(node, el('span', {className: 'who', translate: c === v.chair || !S.names[c - 1]
      ? null : 'no'}, nameOf(v, i)), ' ',
      el('span', {className: 'dir'}, capDirName(i)),
      idx(v.declarer) === i && [' ', el('span', {className: 'tag'}, t('play.declarer'))],
      moving && [' ', el('span', {className: 'tag move'}, '\u25b6 ' + t('play.toMoveTag'))],
      el('div', null, t('play.tricks', {n: number((v.tricksWon || [])[i] || 0)})),
      open.length > 0 && i !== idx(v.seat) && el('div', null, t('play.openCards') + ' ',
                                                  cardRow(open)));
  }
}

function trickCards(v, trick, state) {
  const pos = positions(v);
  return cardsOf(trick).map((c, k) => {
    const i = (idx(trick.leader) + k) % 3;
    return cardImage(c, {className: 'card at-' + pos[i], 'data-seat': SEAT[i],
      'aria-label': who(v, i) + ': ' + cardName(c), 'data-state': state});
  });
}

function bidText(v, a) {
  return who(v, idx(a.seat)) + ': ' + (a.type === 'ACT_TYPE_BID' ? number(a.bid)
    : t(a.type === 'ACT_TYPE_HOLD' ? 'play.yes' : 'play.pass'));
}

function renderTrick(v) {
  const cur = v.currentTrick || {};
  const lead = idx(cur.leader);
  const bids = v.bidding || [];
  const over = v.phase === 'PHASE_FINISHED';
  let state = 'current';
  let trick = cur;
  let caption = over ? resultText(v.result) : '';
  if (!cardsOf(cur).length && cardsOf(v.lastTrick).length === 3) {
    // The trick just taken stays in view until the next card; its taker leads the next one.
    state = 'last';
    trick = v.lastTrick;
    caption = caption || t('play.tookTrick', {name: nameOf(v, lead)});
  } else if (v.phase === 'PHASE_PLAYING') {
    caption = cardsOf(cur).length ? '' : lead === idx(v.seat) ? t('play.youLead')
      : t('play.leads', {who: who(v, lead)});
  } else if (!over) {
    caption = v.phase !== 'PHASE_BIDDING' ? declLine(v)
      : bids.length ? bidText(v, bids[bids.length - 1]) : t('play.noBid');
  }
  const cards = trickCards(v, trick, state);
  $('trick').dataset.state = state;
  $('trick').classList.toggle('empty', !cards.length);
  $('trick').replaceChildren(...cards, el('p', {className: 'caption'}, caption || ''));
}

function renderToMove(v) {
  const mine = (v.legalActs || []).length > 0;
  const p = v.proposal;
  let text = '';
  if (v.phase === 'PHASE_FINISHED') {
    text = S.finished && S.done && S.done.boardNumber === v.boardNumber
      ? t('play.allPlayed') : t('play.boardFinished', {board: v.boardNumber});
  } else if (p) {
    text = t(p.kind === 'ACT_TYPE_CLAIM' ? 'play.claims' : 'play.concedes',
             {who: who(v, idx(p.proposer))}) + ' ' + (mine ? t('play.yourAnswer')
      : t('play.waitingFor', {names: (p.awaiting || []).map((d) => nameOf(v, idx(d)))
        .join(' ' + t('play.and') + ' ')}));
  } else if (mine) {
    text = t('play.yourMove', {phase: phaseText(v.phase)});
  } else if (idx(v.toMove) >= 0) {
    text = t('play.toMove', {who: who(v, idx(v.toMove))});
  }
  $('to-move').textContent = (idx(v.seat) < 0 ? t('play.sitOut') + ' ' : '') + text;
  tick();
}

// The move clock: shown while the game waits for this seat.
function tick() {
  const c = S.clock;
  const v = S.view;
  const on = !!(c && v && (v.legalActs || []).length);
  $('clock').classList.toggle('hidden', !on);
  if (!on) return;
  const left = Math.max(0, c.ms - (performance.now() - c.at));
  $('clock-bar').style.width = (100 * left / c.total).toFixed(1) + '%';
  $('clock-bar').classList.toggle('low', left < 10000);
  $('clock-text').textContent = left > 0 ? t('play.clock', {left: number(Math.ceil(left / 1000)),
    total: number(c.total / 1000)}) : t('play.timeUp');
}
setInterval(tick, 250);

// ---- acts ----

function send(act) {
  const a = {...act};
  delete a.text;
  say('refusal', '');
  S.link.act(a, S.view.boardNumber);
}

function actButton(a, label, attrs) {
  return el('button', {type: 'button', 'data-act': a.type, onclick: () => send(a), ...attrs},
            label);
}

// Acts out of turn the rules allow when the game does not wait for this seat (the server
// decides): a claim at a trick's start, a defender's concession, Contra before the 2nd card.
function outOfTurn(v) {
  if (v.phase !== 'PHASE_PLAYING' || v.ramsch || idx(v.seat) < 0 || v.proposal) return [];
  const inTrick = cardsOf(v.currentTrick).length;
  const played = (v.tricksWon || []).reduce((a, b) => a + b, 0) * 3 + inTrick;
  const defender = v.seat !== v.declarer;
  return [S.contra && defender && played < 2 && idx(v.contraBy) < 0 && 'CONTRA', !inTrick && 'CLAIM',
          defender && 'CONCEDE'].filter(Boolean).map((k) => ({type: 'ACT_TYPE_' + k}));
}

function renderActs(v, force) {
  if (!v) return;
  const key = v.boardNumber + '/' + v.actCount + '/' + S.busy;
  if (key === S.actsKey && !force) return;
  S.actsKey = key;
  const box = $('legal-acts');
  const focused = box.contains(document.activeElement) ? document.activeElement.id : '';
  const acts = (v.legalActs || []).length ? v.legalActs : outOfTurn(v);
  const of = (k) => acts.filter((a) => kind(a) === k);
  const main = [];
  const bids = of('BID');
  if (bids.length || of('HOLD').length) {
    const top = Math.max(0, ...(v.bidding || []).map((b) => b.bid || 0));
    const bid = (a) => actButton(a, number(a.bid), {'data-bid': a.bid, id: 'bid-' + a.bid,
                                                    'aria-label': t('play.bidN', {n: a.bid})});
    main.push(el('div', {id: 'bid-buttons', className: 'row', role: 'group',
                         'aria-label': t('play.bid')},
      bids.slice(0, 5).map(bid),
      of('HOLD').map((a) => actButton(a, t('play.hold', {n: top}),
                                      {id: 'hold', className: 'primary'})),
      of('PASS').map((a) => actButton(a, t('play.passButton'), {id: 'pass'}))),
    bids.length > 5 && el('details', {id: 'more-bids'}, el('summary', null, t('play.higherBids')),
      el('div', {className: 'row'}, bids.slice(5).map(bid))));
  }
  // The turned card (Tournée: skat card 1, which only the declarer sees; passt mir nicht: card
  // 2, which everybody sees) by the buttons that decide on it, its suit named on Accept.
  const turned = v.turnedCard || v.lookedCard || '';
  if (turned && (of('ACCEPT').length || of('PASST_MIR_NICHT').length ||
                 of('CHOOSE_TRUMP').length)) {
    main.push(el('p', {id: 'turned-card-here', className: 'turned'}, t('play.turnedHere') + ' ',
                 cardImage(turned), ' ', el('strong', null, cardName(turned))));
  }
  const suit = turned ? suitName(turned.split('-')[0]) : '';
  const row = ['TURN_SKAT_CARD', 'ACCEPT', 'PASST_MIR_NICHT', 'GUCKSER', 'TAKE_SKAT'].flatMap(of)
    .map((a) => actButton(a, kind(a) === 'ACCEPT' ? t('play.act.accept', {suit})
      : t(LABEL[kind(a)]), {id: 'act-' + lower(kind(a)), className: 'primary'}));
  for (const a of of('CHOOSE_TRUMP')) {
    row.push(actButton(a, a.trump === 'GAME_TYPE_GRAND' ? t('play.grandTournee')
      : t('play.trumpIs', {suit: gameName(a.trump)}),
    {id: 'act-choose-trump-' + lower(GAME[a.trump])}));
  }
  if (row.length) main.push(el('div', {className: 'row'}, row));
  if (of('DECLARE').length) main.push(declareForm(of('DECLARE'), row.length > 0));
  const discards = of('DISCARD');
  if (discards.length) {
    const picked = [...S.picked];
    main.push(el('p', null, picked.length === 2
      ? t('play.putAwayQ', {cards: picked.map(cardName).join(' ' + t('play.and') + ' ')})
      : t('play.chooseTwo', {n: number(picked.length)})),
    el('button', {type: 'button', id: 'discard-confirm', className: 'primary',
      'data-act': 'ACT_TYPE_DISCARD', disabled: picked.length !== 2, onclick: () => {
        const pair = discards.find((a) => a.cards.every((c) => S.picked.has(c)));
        if (pair) send(pair);
      }}, t('play.putAway')));
  }
  const claim = v.proposal && v.proposal.kind === 'ACT_TYPE_CLAIM';
  for (const a of of('ANSWER')) {
    main.push(actButton(a, t(a.accept ? (claim ? 'play.acceptClaim' : 'play.acceptConcession')
      : (claim ? 'play.refuseClaim' : 'play.refuseConcession')),
      {id: a.accept ? 'answer-accept' : 'answer-refuse', className: a.accept ? 'primary' : ''}));
  }
  if (S.busy) main.push(el('p', {className: 'muted', id: 'sending'}, t('play.sending')));
  fill($('main-acts'), main);
  $('play-acts').replaceChildren(...['CONTRA', 'RECONTRA', 'CLAIM', 'RESIGN', 'CONCEDE']
    .flatMap((k) => of(k).map((a) => actButton(a, t(LABEL[k]),
      {id: k === 'RESIGN' ? 'act-resign' : k.toLowerCase()}))));
  renderHand(v, of('PLAY'), discards.length > 0);
  for (const b of box.querySelectorAll('button, input, select')) if (S.busy) b.disabled = true;
  if (focused && $(focused) && !$(focused).disabled) $(focused).focus();
}

// Game, handling, ouvert and announcement, offered only as the legal acts combine them.
function declareForm(acts, hasOthers) {
  const old = S.declare;
  const values = (list, f) => [...new Set(list.map((a) => f(a.declaration)))];
  const pick = (all, want) => all.includes(want) ? want : all[0];
  const games = Object.keys(GAME).filter((g) => acts.some((a) => a.declaration.game === g));
  const game = pick(games, old.game);
  const forGame = acts.filter((a) => a.declaration.game === game);
  const handlings = values(forGame, (d) => d.handling);
  const handling = pick(handlings, old.handling);
  const forH = forGame.filter((a) => a.declaration.handling === handling);
  const ouverts = values(forH, (d) => !!d.ouvert);
  const ouvert = pick(ouverts, !!old.ouvert);
  const forO = forH.filter((a) => !!a.declaration.ouvert === ouvert);
  const anns = values(forO, (d) => d.announcement);
  const ann = pick(anns, old.ann);
  S.declare = {game, handling, ouvert, ann};
  const chosen = forO.find((a) => a.declaration.announcement === ann);
  const redo = (change) => {
    Object.assign(S.declare, change);
    renderActs(S.view, true);
  };
  const choice = (id, label, values, names, now, key) => values.length > 1 && [
    el('label', {for: id}, label),
    el('select', {id, onchange: (e) => redo({[key]: e.target.value})},
      values.map((x) => el('option', {value: x, selected: x === now}, names(x))))];
  return el('form', {id: 'declare-form', onsubmit: (e) => {
    e.preventDefault();
    send(chosen);
  }},
  el('fieldset', {className: 'tiles'},
    el('legend', null, t(hasOthers ? 'play.orHandGame' : 'play.yourGame')),
    games.flatMap((g) => [el('input', {type: 'radio', name: 'declare-game', value: g,
      id: 'declare-game-' + lower(GAME[g]), checked: g === game, onchange: () => redo({game: g})}),
    el('label', {for: 'declare-game-' + lower(GAME[g])}, gameName(g))])),
  choice('declare-handling', t('play.skat'), handlings, handlingWord, handling, 'handling'),
  (ouverts.length > 1 || ouvert) && el('div', {className: 'check'}, el('input', {
    type: 'checkbox', id: 'declare-ouvert', checked: ouvert, disabled: ouverts.length === 1,
    onchange: (e) => redo({ouvert: e.target.checked})}),
  el('label', {for: 'declare-ouvert'}, t('play.ouvert'))),
  choice('declare-announcement', t('play.announce'), anns,
         (x) => (ANNOUNCE[x] ? t(ANNOUNCE[x]) : t('play.noAnnouncement')), ann, 'ann'),
  el('button', {type: 'submit', id: 'declare-submit', className: 'primary',
                'data-act': 'ACT_TYPE_DECLARE'},
     t('play.declare', {game: declText(chosen.declaration)})));
}

function renderHand(v, plays, discarding) {
  const legal = new Set(plays.flatMap(cardsOf));
  // In the game's order (the view's is by suit).
  const hand = sortHand(v.hand || [], (v.declaration || {}).game);
  for (const c of S.picked) if (!hand.includes(c)) S.picked.delete(c);
  $('hand').replaceChildren(...hand.map((c) => {
    const can = !S.busy && (discarding || legal.has(c));
    return el('button', {type: 'button', id: 'card-' + c, 'data-card': c,
      className: 'card' + (plays.length && !legal.has(c) ? ' illegal' : ''),
      'aria-label': cardName(c), disabled: !can, 'aria-disabled': String(!can),
      'aria-pressed': discarding && String(S.picked.has(c)), onclick: () => {
        if (!discarding) {
          send(plays.find((a) => a.cards[0] === c) || {type: 'ACT_TYPE_PLAY', cards: [c]});
          return;
        }
        if (!S.picked.delete(c) && S.picked.size < 2) S.picked.add(c);
        renderActs(S.view, true);
      }}, face(c));
  }));
}

// ---- what the board shows ----

function declLine(v) {
  const decl = idx(v.declarer);
  if (v.ramsch) return t('play.ramschLine');
  if (decl < 0) return '';
  const game = declText(v.declaration);
  const line = game ? t(v.floor ? 'play.playsBid' : 'play.plays',
                        {who: who(v, decl), game, bid: number(v.floor)})
    : t('play.wonBidding', {who: who(v, decl), bid: number(v.floor)});
  return line + (idx(v.contraBy) < 0 ? '' : ' ' + t(v.recontra ? 'play.contraRe' : 'play.contra',
                                                    {who: who(v, idx(v.contraBy))}));
}

function renderInfo(v) {
  $('declaration').textContent = declLine(v);
  const line = (label, cards) => cards.filter(Boolean).length > 0 &&
    el('p', null, label + ' ', cardRow(cards));
  fill($('skat-info'), line(t('play.turnedCard'), [v.turnedCard]),
    line(t('play.lookedCard'), [v.lookedCard]), line(t('play.youPutAway'), v.ownDiscards || []),
    line(t('play.partnerCards'), v.partnerHand || []), line(t('play.skat') + ':', v.skat || []));
  $('bidding').replaceChildren(...(v.bidding || []).map((a) => el('li', null, bidText(v, a))));
}

function renderLastTrick(v) {
  const last = v && cardsOf(v.lastTrick).length ? v.lastTrick : null;
  const open = S.lastOpen && !!last;
  const b = $('last-trick-button');
  b.disabled = !last;
  b.setAttribute('aria-expanded', String(open));
  b.textContent = t(open ? 'play.hideLast' : 'play.showLast');
  $('last-trick').classList.toggle('hidden', !open);
  // No last trick (a new board): keep none of the board before, not even hidden.
  if (!last) {
    $('last-trick').replaceChildren();
    return;
  }
  $('last-trick').replaceChildren(el('ol', null, last.cards.map((c, k) => {
    const i = (idx(last.leader) + k) % 3;
    return el('li', {'data-seat': SEAT[i], 'data-card': c}, who(v, i) + ': ',
              cardImage(c));
  })));
}

// After the game: the result. Card points show only now: RULES T5 lets nobody look into the
// taken tricks during play, so the page keeps no running count.
function renderResult(v) {
  const r = v.result || {};
  const log = v.trickLog || [];
  const tricks = [];
  for (let k = 0; k < log.length; k += 3) tricks.push(el('li', null, cardRow(log.slice(k, k + 3))));
  fill($('result'),
    el('h2', {id: 'result-title'}, t('play.resultOf', {board: v.boardNumber})),
    el('p', {id: 'result-summary', className: 'big'}, resultText(r)),
    table({id: 'result-table'}, [t('play.seat'), t('play.cardPoints'), t('play.trickCount'),
                                 t('play.padEntry')], [0, 1, 2].map((i) => [
      i === idx(v.seat), who(v, i), number((r.cardPoints || [])[i] || 0),
      number((r.tricks || [])[i] || 0), signed((r.pad || [])[i])])),
    el('p', {className: 'muted small', id: 'result-note'}, t('play.padNote')),
    (v.skat || []).length ? el('p', null, t('play.skat') + ': ', cardRow(v.skat)) : '',
    tricks.length ? el('details', null, el('summary', null, t('play.everyTrick')),
                       el('ol', null, tricks)) : '');
  $('result').classList.remove('hidden');
}

// Another seat link in the same tab: start again with it.
window.addEventListener('hashchange', () => location.reload());
start();
