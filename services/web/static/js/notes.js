// The standings' notes in the reader's words (docs/i18n.md "What the engine writes"): skatd sends
// each note in English (Standings.notes) and in structured form (Standings.noteCodes, the same
// order: a code and its arguments as engine/scoring/note.h lists them). A note reads as the
// catalogue's text of key "note.<code>"; one whose code or arguments the page does not know
// shows skatd's English text, marked lang="en".
'use strict';

import {el} from './api.js';
import {t} from './i18n.js';

// Each code's arguments in order, named as the catalogue's placeholders (engine/scoring/note.h).
export const NOTE_ARGS = {
  'field-seats-differ': ['board', 'direction', 'version', 'seats', 'planned'],
  'no-real-result': ['board', 'direction', 'version'],
  'single-result': ['board', 'direction', 'version'],
  'session-held-at': ['session', 'player', 'held', 'tables'],
  'session-one-player': ['session', 'player'],
  'team-clubs': ['clubs', 'clubA', 'clubB'],
};

const DIRECTIONS = ['forehand', 'middlehand', 'rearhand'];

// The note's text in the reader's language, or null when the page cannot say it.
export function noteText(note) {
  const names = note ? NOTE_ARGS[note.code] : null;
  const args = (note && note.args) || [];
  if (!names || args.length !== names.length) return null;
  const params = {};
  names.forEach((name, i) => { params[name] = args[i]; });
  if ('direction' in params) {
    if (!DIRECTIONS.includes(params.direction)) return null;
    params.field = t(params.version === '0' ? 'note.field' : 'note.fieldVersion', {
      board: params.board, direction: t('direction.' + params.direction), version: params.version});
  }
  return t('note.' + note.code, params);
}

// A list item per note: notes[i] is the English text, codes[i] its structured form.
export function noteItems(notes, codes) {
  return (notes || []).map((english, i) => {
    const text = noteText((codes || [])[i]);
    return text === null ? el('li', {lang: 'en', translate: 'no'}, english) : el('li', {}, text);
  });
}
