// The table page's result form: what the event's rule profile offers (result-form.js),
// checked with SubmitResult validateOnly, then sent; the server decides every value.
'use strict';

import {call, el} from '../api.js';
import {gameOffer, handlingOptions, kindOptions} from '../result-form.js';
import {DIRECTIONS as DIRS, DIRECTION_WORDS as DIR, GAMES, GAME_NAME} from '../words.js';
import {$, S, T, NULL, show, say, refusal, chairName, partiesOf, partyLabel, intOf} from './core.js';
import {WITHHELD, padItems, refresh, valueText} from './board.js';

export function radio(name, id, value, label) {
  return [el('input', {type: 'radio', name, id, value}), el('label', {for: id}, label)];
}

export function fillSelect(select, options) {
  const keep = select.value;
  select.replaceChildren(...options.map(([v, t]) => el('option', {value: v}, t)));
  if (options.some(([v]) => v === keep)) select.value = keep;
}

export function buildForm() {
  const chairs = Object.keys(S.tokens).map(Number).sort();
  fillSelect($('entered-by'), chairs.map((c) =>
    [String(c), 'Chair ' + c + (S.names[c - 1] ? ' \u2013 ' + S.names[c - 1] : '')]));
  const KIND_ID = {KIND_DECLARER_GAME: 'game', KIND_RAMSCH: 'ramsch', KIND_PASSED_IN: 'passed'};
  $('kind-tiles').replaceChildren(...kindOptions(S.profile).flatMap(([v, t]) =>
    radio('kind', 'kind-' + KIND_ID[v], v, t)));
  $('kind-game').checked = true;
  fillSelect($('handling'), handlingOptions(S.profile));
  $('game-tiles').replaceChildren(...GAMES.flatMap((g) =>
    radio('game', 'game-' + GAME_NAME[g].toLowerCase(), g, GAME_NAME[g])));
  const hiddenSeat = (d) => el('span', {className: 'visually-hidden seat-' + d}, d + ': ');
  $('ramsch-rows').replaceChildren(...DIR.map((d) => el('div', {className: 'ramsch-seat'},
    el('p', {className: 'seat-name', id: 'ramsch-name-' + d}, d),
    el('div', {className: 'row'},
      el('div', null, el('label', {for: 'ramsch-points-' + d}, hiddenSeat(d), 'card points'),
         el('input', {type: 'number', id: 'ramsch-points-' + d, inputmode: 'numeric', min: 0,
                      max: 120})),
      el('div', null, el('label', {for: 'ramsch-tricks-' + d}, hiddenSeat(d), 'tricks'),
         el('input', {type: 'number', id: 'ramsch-tricks-' + d, inputmode: 'numeric', min: 0,
                      max: 10}))))));
  $('wrong-count').replaceChildren(...DIR.map((d) => el('div', {className: 'check'},
    el('input', {type: 'checkbox', id: 'wrong-' + d, value: DIRS[DIR.indexOf(d)]}),
    el('label', {for: 'wrong-' + d, id: 'wrong-label-' + d}, d))));
  const form = $('result-form');
  form.addEventListener('change', onFormChange);
  form.addEventListener('input', () => invalidate());
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    check();
  });
  $('add-fine').addEventListener('click', addFine);
  $('send').addEventListener('click', send);
  $('change').addEventListener('click', () => {
    invalidate();
    $('check').focus();
  });
  $('refresh').addEventListener('click', () => refresh());
  updateForm();
}

// The board the form enters changed: names by direction follow the board's forehand chair.
export function setBoard(board) {
  S.board = board;
  invalidate();
  say($('form-error'), '');
  show($('result-form'), board !== 0);
  show($('entry-done'), board === 0);
  $('entry-title').textContent = board ? 'Result of board ' + board : 'All results entered';
  if (!board) return;
  const seats = DIR.map((d, i) => partyLabel(board, i));
  const decl = $('declarer-tiles');
  const keep = (document.querySelector('input[name=declarer]:checked') || {}).id;
  const parties = partiesOf(board);
  decl.replaceChildren(...DIR.flatMap((d, i) => radio('declarer', 'declarer-' + d, DIRS[i],
    [chairName(parties[i]), el('span', {className: 'dir'}, d)])));
  if (keep && $(keep)) $(keep).checked = true;
  const seatOptions = DIR.map((d, i) => [DIRS[i], seats[i]]);
  fillSelect($('error-seat'), seatOptions);
  fillSelect($('last-trick'), seatOptions);
  fillSelect($('defender-looked'), [['', 'nobody'], ...seatOptions]);
  const fined = seatOptions.map(([, t], i) => [String(i + 1), t]);
  if ((S.info.chairs || 3) === 4) fined.push(['4', partyLabel(board, 3)]);
  fillSelect($('fine-party'), fined);
  DIR.forEach((d, i) => {
    $('ramsch-name-' + d).textContent = seats[i];
    for (const span of document.querySelectorAll('.seat-' + d)) span.textContent = seats[i] + ': ';
    $('wrong-label-' + d).textContent = seats[i];
  });
  updateForm();
  renderFines();
}

export function checkedValue(name) {
  const c = document.querySelector('input[name="' + name + '"]:checked');
  return c ? c.value : '';
}

export function onFormChange() {
  invalidate();
  updateForm();
}

// Shows the parts the report's kind, handling and game need.
export function updateForm() {
  const kind = checkedValue('kind');
  const declarerGame = kind === 'KIND_DECLARER_GAME';
  show($('declarer-part'), declarerGame);
  show($('ramsch-part'), kind === 'KIND_RAMSCH');
  show($('irregular-declarer'), declarerGame);
  const handling = $('handling').value;
  const games = gameOffer(S.profile, handling, '', false).games;
  for (const g of GAMES) {
    const id = 'game-' + GAME_NAME[g].toLowerCase();
    const on = games.includes(g);
    $(id).disabled = !on;
    show($(id), on);
    show(document.querySelector('label[for="' + id + '"]'), on);
    if (!on) $(id).checked = false;
  }
  if (!checkedValue('game') && games.length === 1) {
    $('game-' + GAME_NAME[games[0]].toLowerCase()).checked = true;
  }
  const game = checkedValue('game');
  const offer = gameOffer(S.profile, handling, game, false);
  show($('ouvert-part'), offer.ouvert);
  if (offer.open) $('ouvert').checked = true;
  $('ouvert').disabled = offer.open;
  if (!offer.ouvert) $('ouvert').checked = false;
  const announce = gameOffer(S.profile, handling, game, $('ouvert').checked).announce;
  show($('announcement-part'), announce);
  if (!announce) $('announcement').value = 'ANNOUNCEMENT_NONE';
  show($('points-part'), game !== NULL);
  show($('null-part'), game === NULL);
  show($('contra-part'), S.profile.contra);
  const decl = checkedValue('declarer');
  if (S.profile.contra && S.board && S.contraFor !== S.board + decl) {
    S.contraFor = S.board + decl;  // rebuilt only when the defenders change
    fillSelect($('contra-by'), [['', 'nobody'], ...DIRS.filter((d) => d !== decl).map((d) =>
      [d, partyLabel(S.board, DIRS.indexOf(d))])]);
  }
  show($('error-part'), $('error-kind').value !== '');
}

export function addFine() {
  S.fines.push({kind: $('fine-kind').value, party: Number($('fine-party').value)});
  invalidate();
  renderFines();
}

export function renderFines() {
  const kinds = Object.fromEntries([...$('fine-kind').options].map((o) => [o.value, o.text]));
  $('fines').replaceChildren(...S.fines.map((f, i) => el('li', null,
    kinds[f.kind] + ': ' + (S.board ? partyLabel(S.board, f.party - 1) : 'party ' + f.party) +
    ' ', el('button', {type: 'button', id: 'remove-fine-' + i, onclick: () => {
      S.fines.splice(i, 1);
      invalidate();
      renderFines();
    }}, 'Remove'))));
}

class FormProblem extends Error {}

export function need(cond, text) {
  if (!cond) throw new FormProblem(text);
}

// The report as PhysicalReport's JSON, from what the form says.
export function readReport() {
  const kind = checkedValue('kind');
  const r = {kind};
  if (kind === 'KIND_RAMSCH') {
    r.cardPoints = DIR.map((d) => intOf('ramsch-points-' + d, NaN));
    r.tricks = DIR.map((d) => intOf('ramsch-tricks-' + d, NaN));
    need(![...r.cardPoints, ...r.tricks].some(Number.isNaN),
         'Enter every seat\'s card points and tricks.');
    r.lastTrick = $('last-trick').value;
  } else if (kind === 'KIND_DECLARER_GAME') {
    r.declarer = checkedValue('declarer');
    need(r.declarer, 'Choose the declarer.');
    const game = checkedValue('game');
    need(game, 'Choose the game.');
    r.declaration = {handling: $('handling').value, game, ouvert: $('ouvert').checked,
                     announcement: $('announcement').value};
    r.floor = intOf('floor', 0);
    need(!Number.isNaN(r.floor), 'The highest bid is a whole number.');
    const errorKind = $('error-kind').value;
    if (game === NULL) {
      r.declarerTricks = Number(checkedValue('null-result') || 0);
    } else {
      const points = intOf('points', errorKind ? 0 : null);
      need(points !== null, 'Enter the declarer\'s card points (skat included).');
      need(!Number.isNaN(points), 'The card points are a whole number.');
      r.declarerPoints = points;
      const t = $('tricks').value;
      r.declarerTricks = t !== 'auto' ? Number(t) : points === 0 ? 0 : points === 120 ? 10 : 5;
    }
    if (S.profile.contra && $('contra-by').value) {
      r.contraBy = $('contra-by').value;
      r.recontra = $('recontra').checked;
    }
    const turned = $('turned-card').value.trim().toUpperCase();
    if (turned) r.turnedCard = turned;
    if ($('conceded').checked) {
      r.conceded = true;
      r.concededAfterTricks = intOf('conceded-after', r.declarerTricks || 0);
    }
    if ($('claim-accepted').checked) r.claimAccepted = true;
    if (errorKind) {
      r.playError = {kind: errorKind, seat: $('error-seat').value,
                     afterTricks: intOf('error-after', 0), declarerTricks: intOf('error-tricks', 0),
                     declarerPoints: intOf('error-points', 0),
                     defenderPoints: intOf('error-defender-points', 0)};
    }
    const discarded = intOf('discarded', 0);
    if (discarded) r.discarded = discarded;
    if ($('declarer-looked').checked) r.declarerLookedAtSkat = true;
    if ($('defender-looked').value) r.defenderLookedAtSkat = $('defender-looked').value;
    const wrong = DIR.filter((d) => $('wrong-' + d).checked).map((d) => $('wrong-' + d).value);
    if (wrong.length) r.wrongCardCount = wrong;
    for (const v of [r.concededAfterTricks, r.discarded].concat(
      r.playError ? Object.values(r.playError) : [])) {
      need(!Number.isNaN(v), 'The numbers under "Irregularities" are whole numbers.');
    }
  } else {
    need(kind, 'Choose what happened.');
  }
  if (S.fines.length) r.fines = S.fines.map((f) => ({kind: f.kind, party: f.party}));
  return r;
}

export function invalidate() {
  if (!S.preview) return;
  S.preview = null;
  show($('preview'), false);
  say($('send-error'), '');
}

export async function check() {
  say($('form-error'), '');
  invalidate();
  let report;
  try {
    report = readReport();
  } catch (e) {
    if (!(e instanceof FormProblem)) throw e;
    say($('form-error'), e.message);
    return;
  }
  const chair = Number($('entered-by').value);
  const board = S.board;
  $('check').disabled = true;
  try {
    const entry = await call(T + 'SubmitResult', {table: S.table, boardNumber: board, report,
                                                  validateOnly: true}, S.tokens[chair]);
    S.preview = {board, chair, report};
    $('preview-summary').textContent = (entry.result && entry.result.summary) || '';
    // A chair's check names no matadors: a suit game's or grand's value comes with the entry.
    $('preview-value').textContent = entry.valueWithheld ? WITHHELD : valueText(entry.result);
    $('preview-pad').replaceChildren(...padItems({...entry, boardNumber: board}));
    $('preview-title').textContent = 'Check board ' + board + ' (chair ' + chair +
      ' enters it): is this right?';
    show($('preview'), true);
    $('preview').focus();
  } catch (e) {
    say($('form-error'), refusal(e));
    if (e.status === 'ALREADY_EXISTS' || e.status === 'FAILED_PRECONDITION') refresh();
  } finally {
    $('check').disabled = false;
  }
}

export async function send() {
  const p = S.preview;
  if (!p) return;
  say($('send-error'), '');
  $('send').disabled = true;
  try {
    await call(T + 'SubmitResult', {table: S.table, boardNumber: p.board, report: p.report},
               S.tokens[p.chair]);
    S.preview = null;
    show($('preview'), false);
    resetForm();
    await refresh();
    const pending = $('pending-' + p.board);
    if (pending) {
      pending.focus();
      pending.scrollIntoView({block: 'start'});
    }
  } catch (e) {
    say($('send-error'), refusal(e));
    if (e.status === 'ALREADY_EXISTS') refresh();
  } finally {
    $('send').disabled = false;
  }
}

export function resetForm() {
  const chair = $('entered-by').value;
  $('result-form').reset();
  $('entered-by').value = chair;
  $('kind-game').checked = true;
  S.fines = [];
  renderFines();
  updateForm();
}
