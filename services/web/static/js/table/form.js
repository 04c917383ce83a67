// The table page's result form (result-form.js builds and reads it, as the console's): who enters
// it, which board, checked with SubmitResult validateOnly, then sent; the server decides every
// value.
'use strict';

import {call} from '../api.js';
import {t} from '../i18n.js';
import {FormProblem, ResultForm, fillSelect} from '../result-form.js';
import {resultText} from '../result-words.js';
import {$, S, T, show, say, refusal, chairName, partiesOf} from './core.js';
import {padItems, refresh, valueText, withheld} from './board.js';

let form = null;

export function buildForm() {
  const chairs = Object.keys(S.tokens).map(Number).sort();
  fillSelect($('entered-by'), chairs.map((c) =>
    [String(c), t('table.chair', {n: c}) + (S.names[c - 1] ? ' \u2013 ' + S.names[c - 1] : '')]));
  form = new ResultForm($('result-fields'), S.profile, {onChange: invalidate});
  $('entered-by').addEventListener('change', invalidate);
  $('result-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    check();
  });
  $('send').addEventListener('click', send);
  $('change').addEventListener('click', () => {
    invalidate();
    $('check').focus();
  });
  $('refresh').addEventListener('click', () => refresh());
}

// The board the form enters changed: names by direction follow the board's forehand chair.
export function setBoard(board) {
  S.board = board;
  invalidate();
  say($('form-error'), '');
  show($('result-form'), board !== 0);
  show($('entry-done'), board === 0);
  $('entry-title').textContent = board ? t('table.resultOf', {board}) : t('table.allEntered');
  if (!board) return;
  const parties = partiesOf(board);
  form.setSeats(Array.from({length: S.info.chairs || 3},
                           (_, i) => (parties[i] ? chairName(parties[i]) : '')));
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
    report = form.read();
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
    $('preview-summary').textContent = resultText(entry.result);
    // A chair's check names no matadors: a suit game's or grand's value comes with the entry.
    $('preview-value').textContent = entry.valueWithheld ? withheld() : valueText(entry.result);
    $('preview-pad').replaceChildren(...padItems({...entry, boardNumber: board}));
    $('preview-title').textContent = t('table.checkBoard', {board, chair});
    show($('preview'), true);
    $('preview').focus();
  } catch (e) {
    say($('form-error'), refusal(e, true));
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
    form.reset();
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
