// A refusal of skatd in the reader's words (docs/i18n.md "Refusals"): the text of its reason code
// (ApiError.reason, the skat-reason trailer; keys "reason.<code>"), or of "no connection" when
// skatd cannot be reached, else a general one. The server's own message (English) may follow as
// a secondary detail, marked lang="en".
'use strict';

import {el} from './api.js';
import {t} from './i18n.js';

export const REASONS = ['invalid-argument', 'wrong-phase', 'out-of-turn', 'illegal-bid',
  'illegal-card', 'illegal-discard', 'illegal-declaration', 'not-allowed', 'not-found',
  'already-exists', 'unauthenticated', 'permission-denied', 'aborted', 'sequence-reused',
  'table-owned-elsewhere', 'board-in-play', 'season-without-money', 'season-not-a-league',
  'resource-exhausted', 'unavailable', 'internal', 'unknown', 'unreachable'];

// The reason's text alone.
export function reasonText(e) {
  if (!e) return '';
  let code = e.reason || '';
  if (!code && e.httpStatus === 0) code = 'unreachable';
  if (!REASONS.includes(code)) code = 'unknown';
  return t('reason.' + code);
}

// The reason's text, then the server's message as a small detail (nodes for el() or fill()).
export function refusalNodes(e, lead) {
  const detail = e && e.message ? el('small', {className: 'detail', lang: 'en'},
                                     ' (' + e.message + ')') : null;
  return [lead ? lead + ' ' : '', reasonText(e), detail];
}
