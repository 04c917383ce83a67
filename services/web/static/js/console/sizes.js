// The session sizes a generated movement accepts, after engine/movement (individual.cc
// Individual, RingFor; inter_club.cc InterClub; congress.cc Congress) and the defaults of
// services/event/sessions.cc Generate: words for a refused StartSession. The server decides.
'use strict';
import {count} from '../words.js';

const gcd = (a, b) => (b ? gcd(b, a % b) : a);
// Tables with a moving schedule: 2..tables rounds, any boards per round (else boards are copied).
const ring = (t) => gcd(t, 6) === 1 || [4, 8, 9, 16, 27, 32].includes(t);
const listed = (n) => `${count(n, 'player')} ${n === 1 ? 'is' : 'are'} listed`;

// What would work for StartSessionRequest r, or '' when its size fits (the refusal is another).
export function sizeAdvice(r) {
  const n = (r.players || []).length;
  const tables = r.tables || (r.movement === 'MOVEMENT_KIND_INTER_CLUB' ? 4 : Math.floor(n / 3));
  if (r.movement === 'MOVEMENT_KIND_INDIVIDUAL') {
    if (tables < 2 || tables > 40 || n !== 3 * tables) {
      const fit = [...new Set([Math.floor(n / 3), Math.ceil(n / 3)]
          .map((t) => Math.min(40, Math.max(2, t))))].filter((t) => 3 * t !== n);
      return 'An individual movement seats 3 players a table at 2 to 40 tables; ' +
          `${listed(n)}${r.tables ? ` for ${count(r.tables, 'table')}` : ''}.` + (fit.length
        ? ` It would work with ${fit.map((t) => `${3 * t} players (${t} tables)`).join(' or ')}.`
        : '') + ` A congress (seats by lot) seats any number from 3${n === 5 ? ', 5 in 5 rounds' : ''}.`;
    }
    const rounds = r.rounds || tables;
    if (ring(tables) && rounds > tables) return `${count(tables, 'table')} play 2 to ${tables} rounds.`;
    if (rounds < 2) return 'An individual movement plays at least 2 rounds.';
    if (!ring(tables) && (r.boardsPerRound || 3) % 3) {
      return `${count(tables, 'table')} copy the boards: boards per round must be 3, 6, 9 …`;
    }
  } else if (r.movement === 'MOVEMENT_KIND_INTER_CLUB') {
    if (tables < 2 || tables % 2 || n !== 3 * tables) {
      return 'An inter-club match needs an even number of tables, 3 players a table: ' +
          `${listed(n)} for ${count(tables, 'table')}.`;
    }
  } else if (r.movement === 'MOVEMENT_KIND_CONGRESS') {
    if (n < 3) return 'A congress needs at least 3 players.';
    if (n === 5 && r.rounds && r.rounds < 5) return 'With 5 players a congress plays 5 rounds or more.';
  }
  return '';
}
