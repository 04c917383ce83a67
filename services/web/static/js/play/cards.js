// Cards on the play page: a card's image with its name, rows of cards, the hand's order. The
// faces and names are the reader's deck's (js/deck.js, docs/cards.md "Decks"). Cards use the
// engine's notation: "C-J", "H-10".
'use strict';

import {el} from '../api.js';
import {cardName, face} from '../deck.js';

export {cardName, cardText, face} from '../deck.js';

const SUITS = 'CSHD';
const RANKS = ['A', '10', 'K', 'Q', '9', '8', '7'];
const NULL_RANKS = ['A', 'K', 'Q', 'J', '10', '9', '8', '7'];

// A card shown, not played: an image with its name.
export function cardImage(card, attrs) {
  return el('span', {className: 'card', role: 'img', 'aria-label': cardName(card),
                     'data-card': card, ...attrs}, face(card));
}

export function cardRow(cards, attrs) {
  return el('span', {className: 'cards', ...attrs}, (cards || []).map((c) => cardImage(c)));
}

// The hand in the game's order, highest first: jacks C S H D, then the trump suit, then the
// other suits C S H D, each A 10 K Q 9 8 7 (Grand, Ramsch and before the game is declared: no
// trump suit); Null: every suit A K Q J 10 9 8 7. `game` is a GAME_TYPE_ name or ''.
export function sortHand(cards, game) {
  const nul = game === 'GAME_TYPE_NULL';
  const trump = {GAME_TYPE_CLUBS: 'C', GAME_TYPE_SPADES: 'S', GAME_TYPE_HEARTS: 'H',
                 GAME_TYPE_DIAMONDS: 'D'}[game];
  const suits = trump ? trump + SUITS.replace(trump, '') : SUITS;
  const key = (c) => {
    const [s, r] = c.split('-');
    if (nul) return SUITS.indexOf(s) * 8 + NULL_RANKS.indexOf(r);
    return r === 'J' ? SUITS.indexOf(s) : 4 + suits.indexOf(s) * 7 + RANKS.indexOf(r);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}
