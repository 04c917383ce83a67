// What session sizes a generated movement accepts, as the server's rules say (engine/movement:
// individual.cc Individual, inter_club.cc InterClub, congress.cc Congress; the defaults of an
// empty field from services/event/sessions.cc Generate), to say what would work when StartSession
// refuses a size. The server decides; this only words a suggestion.
'use strict';
import {count} from '../words.js';

// Tables of an individual movement with a moving schedule (engine/movement/individual.cc RingFor):
// rounds 2..tables and any boards per round; other table counts copy boards (a multiple of 3
// boards per round).
const gcd = (a, b) => (b ? gcd(b, a % b) : a);
const ring = (t) => gcd(t, 6) === 1 || [4, 8, 9, 16, 27, 32].includes(t);

// Player counts near `players` that an individual movement seats (3 a table, 2 to 40 tables).
function individualPlayers(players) {
  const near = [3 * Math.floor(players / 3), 3 * Math.ceil(players / 3)]
      .map((p) => Math.min(120, Math.max(6, p)));
  return [...new Set(near)];
}

// The advice for request r (StartSessionRequest as the console sends it) when its size is not
// one the movement accepts; '' when the size looks right (the refusal is about something else).
export function sizeAdvice(r) {
  const players = (r.players || []).length;
  const congress = players >= 3 ? ` A congress (seats by lot) seats any ${players} players` +
      (players === 5 ? ' in 5 rounds or more.' : '.') : ' A congress seats 3 players or more.';
  if (r.movement === 'MOVEMENT_KIND_INDIVIDUAL') {
    const tables = r.tables || Math.floor(players / 3);
    const boards = r.boardsPerRound || 3;
    const rounds = r.rounds || tables;
    if (tables < 2 || tables > 40 || players !== 3 * tables) {
      const fit = individualPlayers(players).filter((p) => p !== players);
      return 'An individual movement seats 3 players a table at 2 to 40 tables (6, 9, 12 … 120 ' +
          `players); ${count(players, 'player')} ${players === 1 ? 'is' : 'are'} listed` +
          (r.tables ? ` for ${count(r.tables, 'table')}` : '') + '.' +
          (fit.length ? ` It would work with ${fit.map((p) => `${p} players (${p / 3} tables)`)
              .join(' or ')}.` : '') + congress;
    }
    if (ring(tables)) {
      if (rounds < 2 || rounds > tables) {
        return `With ${count(tables, 'table')} an individual movement plays 2 to ${tables} rounds.`;
      }
    } else {
      if (rounds < 2) return 'An individual movement plays at least 2 rounds.';
      if (boards % 3 !== 0) {
        return `With ${count(tables, 'table')} the boards are copied: boards per round must be a ` +
            'multiple of 3 (3, 6, 9 …).';
      }
    }
    return '';
  }
  if (r.movement === 'MOVEMENT_KIND_INTER_CLUB') {
    const tables = r.tables || 4;
    if (tables < 2 || tables % 2 !== 0 || players !== 3 * tables) {
      return 'An inter-club match needs an even number of tables (2, 4, 6 …), 3 players a table: ' +
          `${count(players, 'player')} ${players === 1 ? 'is' : 'are'} listed` +
          (players >= 6 && players % 6 === 0 ? `; with ${players / 3} tables it would work.` : '.');
    }
    return '';
  }
  if (r.movement === 'MOVEMENT_KIND_CONGRESS') {
    if (players < 3) return 'A congress needs at least 3 players.';
    if (players === 5 && r.rounds && r.rounds < 5) {
      return 'With 5 players one sits out each round in turn: choose 5 rounds or more.';
    }
  }
  return '';
}
