// The session sizes a generated movement accepts, after engine/movement (individual.cc
// Individual, RingFor; inter_club.cc InterClub; congress.cc Congress) and the defaults of
// services/event/sessions.cc Generate: words for a refused StartSession. The server decides.
'use strict';
import {t, tn} from '../i18n.js';

const gcd = (a, b) => (b ? gcd(b, a % b) : a);
// Tables with a moving schedule: 2..tables rounds, any boards per round (else boards are copied).
const ring = (t) => gcd(t, 6) === 1 || [4, 8, 9, 16, 27, 32].includes(t);
const listed = (n) => tn('sizes.listed', n);

// What would work for StartSessionRequest r, or '' when its size fits (the refusal is another).
export function sizeAdvice(r) {
  const n = (r.players || []).length;
  const tables = r.tables || (r.movement === 'MOVEMENT_KIND_INTER_CLUB' ? 4 : Math.floor(n / 3));
  if (r.movement === 'MOVEMENT_KIND_INDIVIDUAL') {
    if (tables < 2 || tables > 40 || n !== 3 * tables) {
      const fit = [...new Set([Math.floor(n / 3), Math.ceil(n / 3)]
          .map((t) => Math.min(40, Math.max(2, t))))].filter((t) => 3 * t !== n);
      const fits = fit.map((x) => t('sizes.fit', {players: 3 * x, tables: x})).join(t('sizes.or'));
      return t(r.tables ? 'sizes.individualFor' : 'sizes.individual',
               {listed: listed(n), tables: tn('sizes.tables', r.tables)}) +
          (fit.length ? ' ' + t('sizes.wouldWork', {fits}) : '') + ' ' +
          t(n === 5 ? 'sizes.congressFive' : 'sizes.congress');
    }
    const rounds = r.rounds || tables;
    if (ring(tables) && rounds > tables) return tn('sizes.rounds', tables);
    if (rounds < 2) return t('sizes.twoRounds');
    if (!ring(tables) && (r.boardsPerRound || 3) % 3) return tn('sizes.copy', tables);
  } else if (r.movement === 'MOVEMENT_KIND_INTER_CLUB') {
    if (tables < 2 || tables % 2 || n !== 3 * tables) {
      return t('sizes.interClub', {listed: listed(n), tables: tn('sizes.tables', tables)});
    }
  } else if (r.movement === 'MOVEMENT_KIND_CONGRESS') {
    if (n < 3) return t('sizes.congressThree');
    if (n === 5 && r.rounds && r.rounds < 5) return t('sizes.congressFiveRounds');
  }
  return '';
}
