// The play page's two hot replies arrive lean (docs/web.md "Lean replies on the play page's
// methods"): WatchSeat's SeatUpdates and Act's ActResponse leave out every field at its default.
// These fill them in again, so the page reads what every other reply carries: 0, '', false, []
// and an enum's first value (its _UNSPECIFIED name); int64 as the string '0'. A sub-message left
// out stays absent, as in every reply. tests/web/play_defaults_test.py checks SCHEMA against the
// .proto files: every field of every message these replies reach, with its default.
'use strict';

const M = (message) => ({message});
const DIR = 'DIRECTION_UNSPECIFIED';

// Per message: a scalar field's default, [] for a repeated scalar, M(type) for a sub-message,
// [M(type)] for a repeated one.
export const SCHEMA = {
  SeatUpdate: {view: M('SeatView'), tableFinished: false},
  SeatView: {
    table: '', boardNumber: 0, boardIndex: 0, actCount: 0, chair: 0, seat: DIR,
    phase: 'PHASE_UNSPECIFIED', toMove: DIR, hand: [], bidding: [M('Act')], declarer: DIR,
    floor: 0, ramsch: false, declaration: M('Declaration'), turnedCard: '', lookedCard: '',
    exposed: [M('ExposedHand')], partnerHand: [], currentTrick: M('Trick'),
    lastTrick: M('Trick'), tricksWon: [], ownDiscards: [], proposal: M('Proposal'),
    trickLog: [], skat: [], result: M('GameResult'), legalActs: [M('Act')], moveSeconds: 0,
    moveMsLeft: 0, botChairs: [], contraBy: DIR, recontra: false, forehandChair: 0,
  },
  Act: {
    type: 'ACT_TYPE_UNSPECIFIED', seat: DIR, bid: 0, cards: [], trump: 'GAME_TYPE_UNSPECIFIED',
    declaration: M('Declaration'), accept: false, text: '',
  },
  Declaration: {
    handling: 'SKAT_HANDLING_UNSPECIFIED', game: 'GAME_TYPE_UNSPECIFIED', ouvert: false,
    announcement: 'ANNOUNCEMENT_UNSPECIFIED',
  },
  ExposedHand: {seat: DIR, cards: []},
  Trick: {leader: DIR, cards: []},
  Proposal: {kind: 'ACT_TYPE_UNSPECIFIED', proposer: DIR, awaiting: []},
  GameResult: {
    kind: 'KIND_UNSPECIFIED', declarer: DIR, declaration: M('Declaration'), won: false,
    value: 0, pad: [], cardPoints: [], tricks: [], summary: '',
  },
  ActResponse: {
    sequence: '0', boardNumber: 0, boardIndex: 0, actIndex: 0, act: M('Act'),
    gameFinished: false, tableFinished: false,
  },
};

// `value` (a message of `type`, as parsed) with its absent fields filled in, in place.
function fill(value, type) {
  for (const [name, spec] of Object.entries(SCHEMA[type])) {
    if (Array.isArray(spec)) {
      if (!(name in value)) value[name] = [];
      if (spec.length) value[name].forEach((item) => fill(item, spec[0].message));
    } else if (spec !== null && typeof spec === 'object') {
      if (value[name]) fill(value[name], spec.message);
    } else if (!(name in value)) {
      value[name] = spec;
    }
  }
  return value;
}

// A SeatUpdate of WatchSeat, filled in.
export const withSeatDefaults = (update) => fill(update, 'SeatUpdate');
// An ActResponse of Act, filled in.
export const withActDefaults = (reply) => fill(reply, 'ActResponse');
